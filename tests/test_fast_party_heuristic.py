"""The Sushi Go Party! batch engine's quick heuristic (PartyBatch.heuristic_slots,
rollout("heuristic")) against the engine's (``PartyState.playout_action``): at every
decision of heuristic batch games re-played in the engine, the batch's choice is worth
what the engine's choice is worth (the engine breaks exact ties by random hundredths,
the batch by a uniform draw), and a takeout box flips exactly the engine's cards; its
games re-play in the engine; rollout() is stepping with heuristic_slots(); it beats
random play."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import sushigo.fast as fast
from sushigo.core.records import replay, walk
from sushigo.games.party.actions import Choice, PartyPick
from sushigo.games.party.playout import _ASK_CARD, _flip_junk, _quick_value, _tally
from sushigo.games.party.state import _CHOOSE

MENUS = [
    ("master-menu", 4),
    ("master-menu", 8),
    pytest.param("big-banquet", 3, marks=pytest.mark.matrix),
    pytest.param("dinner-for-two", 2, marks=pytest.mark.matrix),
    pytest.param("points-platter", 5, marks=pytest.mark.matrix),
    pytest.param("party-sampler", 6, marks=pytest.mark.matrix),
    pytest.param(
        "temaki,eel,dumpling,sashimi,special-order,spoon,fruit", 4, marks=pytest.mark.matrix
    ),
]
"""Every special (chopsticks, spoon, menu, special order, takeout box) and roll; Master
Menu (spoon, takeout box, temaki) at 4 and 8 players in every suite."""


def _worth(state: Any, seat: int, action: Any) -> float | None:
    """What the engine's heuristic makes of ``action`` (``_quick_action``); None for a
    spoon's request for an exact card, which it never makes."""
    tab = state._tabs[seat]
    left = len(state._hands[seat])
    pending = state._pending
    sign = 1.0
    if state._phase == _CHOOSE and pending is not None:
        if pending.kind == "give":
            sign = -1.0
    else:
        left -= 1
    have, shapes = _tally(tab)
    free, ura = state._free_wasabi[seat], state._uramaki_icons[seat]
    if isinstance(action, PartyPick):
        card = action.copy if action.copy is not None else action.card
        value = _quick_value(card, have, shapes, free, ura, left, len(tab))
        if action.call is not None and left >= 2:
            value += 1.5
        return value
    card = action.cards[0]
    if action.kind == "ask":
        if card not in _ASK_CARD:
            return None
        card = _ASK_CARD[card]
    return sign * _quick_value(card, have, shapes, free, ura, left, len(tab))


@pytest.mark.parametrize(("menu", "players"), MENUS)
def test_the_heuristic_chooses_as_the_engine(menu: str, players: int) -> None:
    """Without its random half, the batch's heuristic takes at every decision an action
    the engine's heuristic values as highly as its best, and flips what it flips."""
    games = 150
    g = fast.make("sushi-go-party", players=players, batch=games, seed=5, menu=menu)
    g.reset()
    while not g.done.all():
        g.step(g.heuristic_slots(explore=False))
    checked = flips = 0
    for i in range(games):
        for decision in walk(g.export_record(i), f"game {i}"):
            state = decision.state
            for seat, action in decision.actions.items():
                legal = state.legal_actions(seat)
                if isinstance(action, Choice) and action.kind == "flip":
                    assert action == _flip_junk(state._flippable(seat), state._tabs[seat])
                    flips += 1
                    continue
                if len(legal) == 1:
                    continue
                values = [v for a in legal if (v := _worth(state, seat, a)) is not None]
                assert _worth(state, seat, action) == max(values), (i, decision.where, action)
                checked += 1
    assert checked > games * 3 * players * 5
    if "takeout-box" in menu or menu == "master-menu":
        assert flips > 10


@pytest.mark.parametrize(("menu", "players"), [MENUS[0], MENUS[2], MENUS[3]])
def test_heuristic_games_replay_in_the_engine(menu: str, players: int) -> None:
    games = 500
    g = fast.make("sushi-go-party", players=players, batch=games, seed=9, menu=menu)
    final = g.rollout(["heuristic"] * (players - 1) + ["random"])
    for i in range(games):
        state = replay(g.export_record(i), f"game {i}")
        assert state.returns() == final[i].tolist()


def test_a_rollout_is_stepping_with_heuristic_slots() -> None:
    games = 60
    a = fast.make("sushi-go-party", players=4, batch=games, seed=2, menu="master-menu")
    b = fast.make("sushi-go-party", players=4, batch=games, seed=2, menu="master-menu")
    final = a.rollout("heuristic")
    b.reset()
    while not b.done.all():
        b.step(b.heuristic_slots())
    assert (b.returns == final).all()
    assert [a.export_record(i) for i in range(games)] == [b.export_record(i) for i in range(games)]


def test_the_heuristic_beats_random_play() -> None:
    """Against three random players, the heuristic (one decision in two random, as in
    the engine's playouts) wins well over a quarter of Master Menu games."""
    games = 4000
    g = fast.make("sushi-go-party", players=4, batch=games, seed=4, menu="master-menu")
    g.rollout(["heuristic", "random", "random", "random"])
    won = g.winners()
    share = (won[:, 0] / won.sum(axis=1)).mean()
    assert share > 0.45, share
    assert np.isclose((won / won.sum(axis=1, keepdims=True)).sum(axis=1), 1).all()
