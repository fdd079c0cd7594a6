"""Engine positions in the Sushi Go Party! batch (PartyBatch.load_state) and worlds
sampled from a view (PartyBatch.determinize), against the engine: a position loaded at
any decision of a recorded game, its later deals and draws given, plays on in the
batch as the record does (every seat's mask at every decision, the final scores); every
seat's observation and mask in a sampled world are the rl layout's of the engine's
world drawn with the same generator, and the viewer's are its view's."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import sushigo
import sushigo.fast as fast
from batch_checks import engine_records
from sushigo.core.errors import OptionsError
from sushigo.core.records import walk
from sushigo.fast import party as k
from sushigo.fast.party_batch import _CARD
from sushigo.games.party.actions import Choice
from sushigo.rl import codec_for
from sushigo.rl import party as layout

CONFIGS = [
    ("master-menu", 4),
    pytest.param("big-banquet", 3, marks=pytest.mark.matrix),
    pytest.param("dinner-for-two", 2, marks=pytest.mark.matrix),
    pytest.param(
        "uramaki,miso-soup,edamame,onigiri,takeout-box,menu,pudding", 5, marks=pytest.mark.matrix
    ),
]
"""Master Menu in every suite; the others (every special, uramaki) in the matrix."""


def _feed(g: Any, i: int, chance: list[dict[str, Any]]) -> None:
    """Give game ``i`` its chance outcomes to come (record steps), in order."""
    feed: list[int] = []
    for step in chance:
        if "deal" in step:
            added = [_CARD[c] for c in step["desserts_added"]]
            feed += [0, len(added), *added, *(_CARD[c] for h in step["deal"] for c in h)]
        else:
            feed += [1, len(step["draw"]), *(_CARD[c] for c in step["draw"])]
    g._rows[i, k.FEED : k.FEED + len(feed)] = feed
    g._rows[i, k.FEED_N] = len(feed)
    g._rows[i, k.FEED_AT] = 0


def _decisions(record: dict[str, Any]) -> list[Any]:
    """A record's decisions, each with its own copy of the position (the walker's state
    moves on)."""
    out = []
    for d in walk(record):
        d.state = d.state.copy()
        out.append(d)
    return out


def _slots(codec: Any, state: Any, actions: dict[int, Any]) -> list[dict[int, int]]:
    """A decision's batch steps: one, or a takeout box's flips a token at a time."""
    for seat, action in actions.items():
        if isinstance(action, Choice) and action.kind == "flip":
            flips = [layout._FLIP + layout._FLIP_IDX[t] for t in action.cards]
            return [{seat: s} for s in (*flips, layout._DONE)]
    return [{s: codec.slot_of(state, s, a) for s, a in actions.items()}]


@pytest.mark.parametrize(("menu", "players"), CONFIGS)
def test_a_loaded_position_plays_on_as_the_engine(menu: str, players: int) -> None:
    records = engine_records("sushi-go-party", players, {"menu": menu}, "random", 6)
    ruleset = sushigo.make("sushi-go-party", players=players, menu=menu)
    g = fast.make("sushi-go-party", players=players, batch=1, seed=0, menu=menu)
    g.reset()
    rng = random.Random(players)
    checked = 0
    for record in records:
        decisions = _decisions(record)
        flat = [(r, j, step) for r, rd in enumerate(record["rounds"])
                for j, step in enumerate(rd["steps"])]  # fmt: skip
        for at in rng.sample(range(len(decisions)), 2):
            start = decisions[at]
            g.load_state(0, start.state)
            _feed(g, 0, [s for r, j, s in flat
                         if (r, j) > (start.round, start.step) and "seat" not in s])  # fmt: skip
            codec = codec_for(ruleset)
            for d in decisions[at:]:
                for chosen in _slots(codec, d.state, d.actions):
                    mask = g.legal_mask()
                    for seat in range(players):
                        want = codec.legal_slots(d.state, seat)
                        assert np.flatnonzero(mask[0, seat]).tolist() == want, (at, seat)
                    slots = np.full((1, players), k.NOOP, np.int64)
                    for seat, slot in chosen.items():
                        slots[0, seat] = slot
                        codec.play(d.state, seat, slot)
                    g.step(slots)
                    checked += 1
            assert g.done[0] and not g.fed_wrongly[0]
            assert g.returns[0].tolist() == record["final_scores"]
            assert np.flatnonzero(g.winners()[0]).tolist() == record["winners"]
    assert checked > 50


@pytest.mark.parametrize(("menu", "players"), CONFIGS)
def test_sampled_worlds_are_the_engines(menu: str, players: int) -> None:
    """At decisions of engine games, from the deciding seat's view: every world's
    observations and masks are the rl layout's of the engine's world drawn with the
    same generator; the viewer's observation is its view's; the worlds differ; they
    play out to the end."""
    records = engine_records("sushi-go-party", players, {"menu": menu}, "random", 3, 40)
    ruleset = sushigo.make("sushi-go-party", players=players, menu=menu)
    codec = codec_for(ruleset)
    g = fast.make("sushi-go-party", players=players, batch=16, seed=0, menu=menu)
    for record in records:
        decisions = _decisions(record)
        for d in decisions[:: max(1, len(decisions) // 6)]:
            viewer = next(iter(d.actions))
            view = d.state.observe(viewer)
            g.determinize(view, seed=3)
            obs, mask = g.observe(), g.legal_mask()
            mine = np.asarray(codec.observe(view), np.float32)
            for i in range(g.batch):
                world = ruleset.determinize(view, random.Random(f"3:{i}"))
                while world.is_chance():
                    world.apply_chance(world.sample_chance(random.Random(f"3:{i}")))
                assert obs[i, viewer].tobytes() == mine.tobytes()
                for s in range(players):
                    want = np.asarray(codec.observe(world.observe(s)), np.float32)
                    assert obs[i, s].tobytes() == want.tobytes(), (i, s)
                    assert np.flatnonzero(mask[i, s]).tolist() == codec.legal_slots(world, s)
            hidden = [s for s in range(players) if view.hands[(s - viewer) % players] is None]
            if hidden:
                seen = {g._rows[i, k.HAND : k.HAND + players * k.N].tobytes() for i in range(16)}
                assert len(seen) > 1  # the hands not seen differ between worlds
            final = g.playout("heuristic")
            assert g.done.all() and final.shape == (16, players)


def test_loaded_games_have_no_record() -> None:
    state = sushigo.make("sushi-go-party", players=3, menu="master-menu").new_game()
    state.apply_chance(state.sample_chance(random.Random(1)))
    g = fast.make("sushi-go-party", players=3, batch=2, seed=0, menu="master-menu")
    g.determinize(state.observe(0), seed=1)
    with pytest.raises(OptionsError, match="past is not in them"):
        g.export_record(0)
    with pytest.raises(OptionsError, match="past is not in them"):
        g.card_stats()
    other = sushigo.make("sushi-go-party", players=3, menu="big-banquet").new_game()
    other.apply_chance(other.sample_chance(random.Random(1)))
    with pytest.raises(OptionsError, match="not of this batch's game"):
        g.determinize(other.observe(0))
    g.rollout()  # whole games again
    assert g.export_record(0)["rounds"]
