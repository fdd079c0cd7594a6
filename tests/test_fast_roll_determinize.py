"""RollBatch.determinize against the engine's determinize (sushigo.games.roll): at
positions of random engine games, every world holds, field by field, the engine's
world of the same view, and shows every seat the observation and legal slots the rl
layout builds from it; playouts from the worlds end as the engine ends re-playing
the same steps, and score as the engine's playouts do in distribution; the worlds
read nothing but the view (views of one position from different seats give the same
batch); bad views are refused.

In Sushi Roll a view holds everything but the rolls to come, so a world is the
position itself and the worlds differ only in their future rolls."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import sushigo
import sushigo.fast as fast
from batch_checks import DICE, engine_records
from sushigo.agents import make_agent
from sushigo.core.errors import OptionsError
from sushigo.core.records import walk
from sushigo.fast import roll as k
from sushigo.games.roll.dice import FACE_IDS, TRAY_CODE
from sushigo.games.roll.state import BeltRoll, Reroll, RollDeal
from sushigo.play.loop import play_game
from sushigo.rl import codec_for

CONFIGS = [(2, False), (3, False), (4, False), (5, False), (2, True), (5, True)]
FAMILIES = ("maki", "nigiri", "dumpling", "tempura", "sashimi")


def _params() -> list[Any]:
    return [
        pytest.param(
            players,
            custom,
            id=f"{players}p" + ("-dice-file" if custom else ""),
            marks=() if (players, custom) == (4, False) else pytest.mark.matrix,
        )
        for players, custom in CONFIGS
    ]


PARAMS = _params()


def _positions(players: int, options: dict[str, Any], games: int, every: int) -> list[Any]:
    """Every ``every``-th decision of random engine games, as states (copies)."""
    out = []
    for record in engine_records("sushi-roll", players, options, "random", games):
        for j, decision in enumerate(walk(record)):
            if j % every == 3:
                out.append(decision.state.copy())
    return out


def _check_world(g: Any, i: int, world: Any, players: int) -> None:
    """Row ``i`` of ``g`` holds ``world`` (an engine state), field by field."""
    row = g._rows[i]
    for s in range(players):
        belt = row[k.BELT + s * k.MAXB : k.BELT + s * k.MAXB + row[k.BLEN + s]]
        assert [FACE_IDS[f] for f in belt] == list(world.belt(s)), (i, s)
        r = world.round
        at = k.TLIST + (r * k.S + s) * k.MAXB
        tray = [int(e) for e in row[at : at + row[k.TN + r * k.S + s]]]
        assert tray == [TRAY_CODE[e] for e in world.tray(s)], (i, s)
        counts = np.bincount(tray, minlength=k.NT) if tray else np.zeros(k.NT, np.int64)
        assert (row[k.TRAY + s * k.NT : k.TRAY + (s + 1) * k.NT] == counts).all()
    assert row[k.MENUS : k.MENUS + players].tolist() == list(world.menus)
    assert row[k.CHOPS : k.CHOPS + players].tolist() == list(world.chopsticks)
    assert row[k.PUD : k.PUD + players].tolist() == list(world.puddings)
    assert row[k.SUP : k.SUP + 3].tolist() == list(world.supply)
    assert row[k.SCORE : k.SCORE + players].tolist() == world.returns()
    assert (row[k.ROUND], row[k.CYCLE], row[k.RED]) == (world.round, world.cycle, world.red)
    assert int(g.to_act[i]) == world.to_act()[0]
    for r, done in enumerate(world.results):
        for s in range(players):
            at = k.BREAK + (r * k.S + s) * k.FAMILIES
            assert row[at : at + k.FAMILIES].tolist() == [done.breakdown[s][f] for f in FAMILIES]
    assert not row[k.DONE]


def _replay_steps(world: Any, steps: list[dict[str, Any]]) -> Any:
    """``world`` (an engine state, changed) after a batch game's steps since the view."""
    rs = world.rules
    for step in steps:
        if "seat" in step:
            world.apply({step["seat"]: rs.parse_action(step["action"])})
        elif "deal" in step:
            world.apply_chance(RollDeal(step["red"], step["deal"]))
        elif "roll" in step:
            world.apply_chance(Reroll(step["roll"]))
        else:
            world.apply_chance(BeltRoll(step["slide"]))
    return world


def _options(custom: bool) -> dict[str, Any]:
    return {"dice": DICE} if custom else {}


@pytest.mark.parametrize(("players", "custom"), PARAMS)
def test_worlds_are_the_engines_and_play_out_as_it_does(players: int, custom: bool) -> None:
    """At every 9th decision of 40 random engine games (10 in the quick run), from
    each seat's view in turn:
    every world of a batch is, field by field, the engine's world of that view; every
    seat's observation and mask are byte for byte the rl layout's of the engine's
    world; random and heuristic playouts, their steps re-played on the engine's world,
    end with the scores, breakdowns, puddings and winners the batch worked out."""
    options = _options(custom)
    ruleset = sushigo.make("sushi-roll", players=players, **options)
    codec = codec_for(ruleset)
    g = fast.make("sushi-roll", players=players, batch=6, seed=1, **options)
    games = 10 if (players, custom) == (4, False) else 40
    positions = _positions(players, options, games, 9)
    assert len(positions) > 5 * games
    for p, state in enumerate(positions):
        seat = p % players
        view = state.observe(seat)
        world = ruleset.determinize(view, random.Random(p))
        g.determinize(view, seed=p)
        obs, mask = g.observe().copy(), g.legal_mask().copy()
        for i in range(g.batch):
            _check_world(g, i, world, players)
            assert obs[i].tobytes() == obs[0].tobytes() and (mask[i] == mask[0]).all()
        for s in range(players):
            want = np.asarray(codec.observe(world.observe(s)), np.float32)
            assert obs[0, s].tobytes() == want.tobytes(), (p, s)
            assert np.flatnonzero(mask[0, s]).tolist() == codec.legal_slots(world, s)
        final = g.playout("heuristic" if p % 2 else "random")
        won, puddings = g.winners(), g.puddings
        for i in range(g.batch):
            end = _replay_steps(world.copy(), g._played(i))
            assert end.is_terminal()
            assert end.returns() == final[i].tolist(), (p, i)
            assert list(end.puddings) == puddings[i].tolist()
            assert end.winners() == np.flatnonzero(won[i]).tolist()
            for r, done in enumerate(end.results):
                for s in range(players):
                    at = k.BREAK + (r * k.S + s) * k.FAMILIES
                    want_b = [done.breakdown[s][f] for f in FAMILIES]
                    assert g._rows[i, at : at + k.FAMILIES].tolist() == want_b, (p, i, r)


def _engine_playouts(state: Any, seat: int, policy: str, games: int) -> np.ndarray:
    """The engine's playouts from its worlds of ``seat``'s view: random agents, or
    ``playout_action`` in every seat; each world's rolls from its own generator."""
    ruleset = state.rules
    view = state.observe(seat)
    out = []
    for n in range(games):
        world = ruleset.determinize(view, random.Random(n))
        rng = random.Random(10_000 + n)
        agent = make_agent("random", seed=n)
        while not world.is_terminal():
            if world.is_chance():
                world.apply_chance(world.sample_chance(rng))
                continue
            ((s, legal),) = world.decisions()
            if policy == "random":
                action = agent.act(None, legal)
            else:
                action = world.playout_action(s, legal, rng.random)
            world.apply({s: action})
        out.append(world.returns())
    return np.array(out, np.float64)


@pytest.mark.parametrize("policy", [pytest.param("random", marks=pytest.mark.matrix), "heuristic"])
def test_playouts_score_as_the_engines_in_distribution(policy: str) -> None:
    """From three positions of a 3-player game (early, middle, late), every seat's mean
    final score over 20,000 batch playouts is the engine's over 1,500 of its own
    (its determinize, its dice, random agents or its playout heuristic) within five
    standard errors; a world one point off in any seat's score fails it."""
    players = 3
    ruleset = sushigo.make("sushi-roll", players=players)
    agents = [make_agent("random", seed=s) for s in range(players)]
    record_state = play_game(ruleset, agents, 5)
    from sushigo.play.loop import record_game

    record = record_game(record_state, ["a", "b", "c"], ["random"] * players, 5)
    states = [d.state.copy() for d in walk(record)]
    g = fast.make("sushi-roll", players=players, batch=20_000, seed=0)
    for j in (0, len(states) // 2, len(states) - 5):
        state = states[j]
        seat = state.to_act()[0]
        g.determinize(state.observe(seat), seed=j)
        batch = g.playout(policy).astype(np.float64)
        engine = _engine_playouts(state, seat, policy, 1500)
        se = np.sqrt(batch.var(axis=0) / len(batch) + engine.var(axis=0) / len(engine))
        z = (batch.mean(axis=0) - engine.mean(axis=0)) / np.maximum(se, 1e-9)
        assert np.abs(z).max() < 5, (j, z.tolist())
        off = (batch.mean(axis=0) + 1 - engine.mean(axis=0)) / np.maximum(se, 1e-9)
        assert np.abs(off).max() > 5


def test_worlds_read_nothing_but_the_view() -> None:
    """Views of one position from every seat give byte-identical batches (the position
    is public; the view is seat-relative); a seed gives the same worlds again, and a
    world is the same whatever the batch size; another seed rolls other dice."""
    players = 4
    state = _positions(players, {}, 2, 15)[3]
    snapshots = []
    for seat in range(players):
        g = fast.make("sushi-roll", players=players, batch=16, seed=0)
        g.determinize(state.observe(seat), seed=11)
        before = g._rows.tobytes()
        g.playout("random")
        snapshots.append((before, g._rows.tobytes()))
    assert len(set(snapshots)) == 1
    small = fast.make("sushi-roll", players=players, batch=4, seed=0)
    small.determinize(state.observe(1), seed=11)
    small.playout("random")
    assert (
        small._rows.tobytes()
        == np.frombuffer(snapshots[0][1], np.int16).reshape(16, -1)[:4].tobytes()
    )
    other = fast.make("sushi-roll", players=players, batch=16, seed=0)
    other.determinize(state.observe(0), seed=12)
    other.playout("random")
    assert other._rows.tobytes() != snapshots[0][1]
    # the next call without a seed samples the seed's next worlds
    small.determinize(state.observe(1))
    small.playout("random")
    assert (
        small._rows.tobytes()
        == np.frombuffer(snapshots[0][1], np.int16).reshape(16, -1)[4:8].tobytes()
    )


def test_bad_views_are_refused_with_a_reason() -> None:
    players = 3
    ruleset = sushigo.make("sushi-roll", players=players)
    g = fast.make("sushi-roll", players=players, batch=4, seed=0)
    state = _positions(players, {}, 1, 20)[1]
    seat = state.to_act()[0]
    view = state.observe(seat)
    classic = sushigo.make("sushi-go", players=3).new_game()
    classic.apply_chance(classic.sample_chance(random.Random(0)))
    for bad, words in [
        (classic.observe(0), "takes a Sushi Roll player's view"),
        (sushigo.make("sushi-roll", players=4).new_game(), "takes a Sushi Roll"),
        (view._replace(ruleset=sushigo.make("sushi-roll", players=3, dice=DICE)), "this batch"),
        (view._replace(to_move=None), "between turns"),
        (view._replace(round=3), "finished game"),
        (view._replace(belts=(view.belts[0] + ("tempura",), *view.belts[1:])), "belt holds"),
        (view._replace(belts=(("tempora",), *view.belts[1:])), "no position"),
        (view._replace(trays=(("tempura",) * 7, *view.trays[1:])), "tray holds other dice"),
        (view._replace(menus=(20, *view.menus[1:])), "more tokens than the supply"),
        (view._replace(red=(view.red + 1) % players), "turns taken"),
    ]:
        with pytest.raises(OptionsError, match=words):
            g.determinize(bad)
    with pytest.raises(OptionsError, match="seed must be"):
        g.determinize(view, seed=-1)
    # a finished game's view
    end = state.copy()
    rng = random.Random(0)
    while not end.is_terminal():
        if end.is_chance():
            end.apply_chance(end.sample_chance(rng))
        else:
            ((s, legal),) = end.decisions()
            end.apply({s: legal[0]})
    with pytest.raises(OptionsError, match="finished game"):
        g.determinize(end.observe(0))
    g.determinize(view, seed=3)
    with pytest.raises(OptionsError, match="sampled from a view"):
        g.export_record(0)
    with pytest.raises(OptionsError, match="sampled from a view"):
        g.card_stats()
    g.rollout()  # whole games again
    assert g.export_record(0)["rounds"]
    assert ruleset.players == players
