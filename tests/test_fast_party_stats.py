"""sushigo.fast.party_stats (PartyBatch.card_stats), what sushigo analyze reads of Sushi
Go Party! games, against the engine: at every pick with a choice of games re-played
in the engine, the batch counted the cards the seat held and the card it took; every
pass-up is counted once in ``over``; and the points given to a seat's cards add up to
its final score."""

from __future__ import annotations

import numpy as np
import pytest

import sushigo.fast as fast
from sushigo.core.records import walk
from sushigo.games.party.actions import PartyPick
from sushigo.games.party.cards import PARTY_CARDS

_IDX = {c: i for i, c in enumerate(PARTY_CARDS.ids)}


@pytest.mark.parametrize(
    ("menu", "players"),
    [
        ("master-menu", 4),
        pytest.param("big-banquet", 3, marks=pytest.mark.matrix),
        pytest.param("dinner-for-two", 2, marks=pytest.mark.matrix),
        pytest.param("points-platter", 5, marks=pytest.mark.matrix),
        pytest.param("sushi-go", 8, marks=pytest.mark.matrix),
        pytest.param(
            "temaki,eel,dumpling,sashimi,special-order,spoon,fruit", 4, marks=pytest.mark.matrix
        ),
    ],
)
def test_card_stats_are_the_engines(menu: str, players: int) -> None:
    games = 200
    g = fast.make("sushi-go-party", players=players, batch=games, seed=3, menu=menu)
    final = g.rollout(["heuristic", "random"] * (players // 2) + ["random"] * (players % 2))
    stats = g.card_stats()
    assert np.allclose(stats["points"].sum(axis=2), final)
    offered = np.zeros((games, players, len(_IDX)), np.int64)
    taken = np.zeros_like(offered)
    for i in range(games):
        for decision in walk(g.export_record(i)):
            state = decision.state
            for seat, action in decision.actions.items():
                if isinstance(action, PartyPick) and len(state.hand(seat)) >= 2:
                    for c in set(state.hand(seat)):
                        offered[i, seat, _IDX[c]] += 1
                    taken[i, seat, _IDX[action.card]] += 1
    assert (stats["offered"] == offered).all()
    assert (stats["taken"] == taken).all()
    assert stats["over"].sum() == offered.sum() - taken.sum()  # each pass-up once
    # the cards counted lay in front: as many as were placed, less what left the table
    assert (stats["cards"].sum(axis=2) <= 3 * g.ruleset.hand_size + g.puddings).all()


def test_the_row_fields_do_not_overlap() -> None:
    """Each field of a game's row starts where the one written before it ends: no two
    fields are laid from the same offset (as the heuristic's flip plan once was, over
    the miso soups and the seats deciding)."""
    import ast
    import inspect

    from sushigo.fast import party

    tree = ast.parse(inspect.getsource(party))
    chain: list[tuple[str, str]] = []
    inside = False
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        inside = inside or name == "HAND"
        if not inside or name == "HAND":
            continue
        value = node.value
        if isinstance(value, ast.BinOp) and isinstance(value.left, ast.Name):
            if value.left.id in ("FEED", "LOG") and name in ("LOG_SIZE", "FEED_SIZE"):
                continue
            chain.append((name, value.left.id))
        if name == "WIDTH":
            break
    names = ["HAND", *(n for n, _ in chain)]
    assert [base for _, base in chain] == names[:-1]
    assert names[-1] == "WIDTH" and len(set(names)) == len(names)
    offsets = [getattr(party, n) for n in names]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)
