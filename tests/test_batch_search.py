"""mcts's search of Sushi Go! in the batch engine (sushigo.fast.classic_search): its
playouts end with the points and values the engine's reach on the same worlds and
picks; the agent plays only legal actions, from its view alone, the same for a seed
and a budget; it falls back to the engine's search without numba; and it beats greedy
at small scale."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import sushigo
import sushigo.fast as fast
from batch_checks import CLASSIC_CONFIGS
from sushigo.agents import make_agent
from sushigo.agents.greedy import GreedyAgent
from sushigo.agents.mcts import MCTSAgent, _value
from sushigo.core.errors import OptionsError
from sushigo.fast import classic as k
from sushigo.fast import classic_greedy
from sushigo.fast.classic_greedy import greedy_scores, greedy_slot
from sushigo.fast.classic_search import ClassicSearch, playout_values
from sushigo.games.classic import CLASSIC_CARDS, Deal, Draw
from sushigo.play import play_game
from sushigo.play.loop import record_game
from test_fast_determinize import _engine_world, _positions

IDS = CLASSIC_CARDS.ids
QUICK = [(2, {}), (4, {}), (2, {"dummy": True}), (5, {"soy_sauce": True})]
"""The configurations make test checks; make test-matrix checks them all."""


# -- playouts score as the engine's --


def _engine_playout(world: Any, row: np.ndarray, stop: int) -> list[int]:
    """Play ``world`` on as batch row ``row`` went (its deals, draws and picks) until
    round ``stop`` begins or the game ends; the engine's estimate then."""
    rs = world.rules
    while not world.is_terminal() and world.round < stop:
        r, t = world.round, world.turn
        if world.is_chance():
            if world.chance_stream().startswith("deal"):
                at = k.DEALT + r * k.S * k.N
                hands = tuple(
                    tuple(c for c, m in zip(IDS, row[at + s * k.N : at + (s + 1) * k.N],
                                            strict=True) for _ in range(m))
                    for s in range(rs.seats)
                )  # fmt: skip
                world.apply_chance(Deal(hands))
            else:
                world.apply_chance(Draw(IDS[row[k.DRAWS + r * k.MAX_HAND + t]]))
            continue
        at = k.PICKS + (r * k.MAX_HAND + t) * k.S
        world.apply({s: rs.action_from_id(int(row[at + s])) for s in world.to_act()})
    estimate: list[int] = world.estimate()
    return estimate


@pytest.mark.parametrize("horizon", ["round", "game"])
@pytest.mark.parametrize(
    ("players", "options"),
    [
        pytest.param(2, {}, id="2p"),
        pytest.param(4, {}, id="4p"),
        pytest.param(2, {"dummy": True}, id="2p-dummy", marks=pytest.mark.matrix),
        pytest.param(
            3,
            {"reshuffle": True, "soy_sauce": True},
            id="3p-reshuffle-soy",
            marks=pytest.mark.matrix,
        ),
    ],
)
def test_playouts_score_as_the_engines(
    players: int, options: dict[str, bool], horizon: str
) -> None:
    """From worlds sampled at positions of random engine games, a search iteration's
    playout (random, the quick heuristic or greedy, for every seat) ends with every seat's
    points the engine's estimate gives playing the same world with the same deals,
    draws and picks to the same horizon, and with the value and share of the win
    agents.mcts._value gives those points, to the last bit."""
    rs = sushigo.make("sushi-go", players=players, **options)
    g = fast.make("sushi-go", players=players, batch=8, seed=4, **options)
    played = 0
    for n, (state, seat) in enumerate(_positions(players, options, 21)):
        if seat >= players or (state.is_chance() and n % 2):
            continue
        view = state.observe(seat)
        g.determinize(view, seed=n)
        worlds = [_engine_world(view, g._rows[i], state) for i in range(g.batch)]
        stop = k.ROUNDS if horizon == "game" else view.round + 1
        policy = ("random", "heuristic", "greedy")[n % 3]
        points, values, wins = playout_values(g, seat, policy, horizon)
        assert points.shape == (g.batch, rs.seats)
        for i, world in enumerate(worlds):
            want = _engine_playout(world, g._rows[i], stop)
            assert points[i].tolist() == want, (n, i)
            assert (values[i], wins[i]) == _value(want, seat), (n, i)
            assert world.is_terminal() == (horizon == "game" or view.round == 2)
            played += 1
    assert played >= 100


# -- greedy, the other seats' model --


@pytest.mark.parametrize(
    ("players", "options"),
    [pytest.param(p, o, marks=() if (p, o) in QUICK else pytest.mark.matrix,
                  id=f"{p}p" + "".join(f"-{key}" for key in o))
     for p, o in [*CLASSIC_CONFIGS, (2, {"dummy": True, "soy_sauce": True})]],
)  # fmt: skip
def test_greedy_scores_every_pick_as_the_agent(players: int, options: dict[str, bool]) -> None:
    """At every seat's decisions in random engine games, the batch engine's greedy
    gives each legal slot the very score GreedyAgent._score gives its pick, reading a
    world sampled from that seat's view (so it reads the view alone), and picks one of
    the agent's best."""
    rs = sushigo.make("sushi-go", players=players, **options)
    g = fast.make("sushi-go", players=players, batch=2, seed=0, **options)
    buf = np.zeros(k.MAX_LEGAL + 1, np.int64)
    scores = np.zeros(k.MAX_LEGAL + 1)
    agent = GreedyAgent(0)
    checked = 0
    for game in range(5):
        for n, (state, _) in enumerate(_positions(players, options, 30 + game)):
            if state.is_chance():
                continue
            for seat in range(players):
                view = state.observe(seat)
                g.determinize(view, seed=n)
                row = g._rows[1]
                count = k.legal_slots(row, seat, buf)
                legal = [rs.action_from_id(int(slot)) for slot in buf[:count]]
                assert set(legal) == set(state.legal_actions(seat))
                want = agent._score(view, legal)
                greedy_scores(row, seat, players, g._seats, g._hand, g._flags[2], g._flags[1],
                              g._dummy, g._full, buf, count, scores)  # fmt: skip
                assert scores[:count].tolist() == want, (n, seat)
                slot = greedy_slot(row, seat, players, g._seats, g._hand, g._flags[2],
                                   g._flags[1], g._dummy, g._full, buf, count, scores, g._prng,
                                   1)  # fmt: skip
                assert want[legal.index(rs.action_from_id(slot))] >= max(want) - 1e-9
                checked += 1
    assert checked > 100


def test_greedy_has_the_agents_weights() -> None:
    from sushigo.agents import greedy

    for name in ("PICK_COST", "CHOPSTICKS_VALUE", "DENIAL", "RIVALRY", "MAKI_SPREAD",
                 "PUDDING_SPREAD", "DUMMY_DENIAL", "PUDDING_TIEBREAK"):  # fmt: skip
        assert getattr(classic_greedy, name) == getattr(greedy, name), name
    assert [int(b) for b in classic_greedy.BITS] == [greedy._BIT[c] for c in IDS]


# -- the agent --


def _dealt(players: int, seed: int) -> Any:
    """A game of Sushi Go! at its first decision."""
    state = sushigo.make("sushi-go", players=players).new_game()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return state


def test_the_search_reads_nothing_but_the_view() -> None:
    """Two positions differing only in cards seat 0 has not seen (the other a world the
    engine samples from seat 0's view) give the same statistics."""
    for players in (2, 4):
        state = _dealt(players, 3)
        other = state.rules.determinize(state.observe(0), random.Random(8))
        assert other.hand(1) != state.hand(1) and other.observe(0) == state.observe(0)
        found = []
        for position in (state, other):
            agent = MCTSAgent(7, iterations=400, search="batch")
            stats = agent.analyze(position.observe(0), position.legal_actions(0))
            found.append([(str(s.action), s.visits, s.value, s.error) for s in stats])
            assert agent.last_search == "batch"
        assert found[0] == found[1]
        assert sum(v for _, v, _, _ in found[0]) == 400


def test_a_seed_and_a_budget_give_the_same_search() -> None:
    state = _dealt(3, 5)
    view, legal = state.observe(1), state.legal_actions(1)
    a = MCTSAgent(11, iterations=700).analyze(view, legal)
    b = MCTSAgent(11, iterations=700).analyze(view, legal)
    c = MCTSAgent(12, iterations=700).analyze(view, legal)
    assert a == b and a != c
    search = ClassicSearch(state.rules)  # its arrays reused from one search to the next
    first = sorted(search.run(view, 3, iterations=500))
    search.run(view, 4, iterations=5000)
    assert sorted(search.run(view, 3, iterations=500)) == first
    assert sum(f.visits for f in first) == 500


@pytest.mark.parametrize(
    ("players", "options", "spec"),
    [
        (2, {}, "mcts:iterations=300"),
        (5, {"pass_both_ways": True}, "mcts:iterations=100"),
        (2, {"dummy": True}, "mcts:iterations=200"),
        (3, {"soy_sauce": True}, "mcts:iterations=100:horizon=game:rollout=random"),
        (2, {}, "mcts:iterations=90:paired=yes"),
    ],
)
def test_the_agent_plays_legally_and_reproducibly(
    players: int, options: dict[str, bool], spec: str
) -> None:
    """Whole games (the game loop refuses an illegal action): every action the search
    ranks is legal at every decision, and a seed replays the same game."""
    rules = sushigo.make("sushi-go", players=players, **options)
    records = []
    for _ in range(2):
        agent = make_agent(spec, 5)
        assert isinstance(agent, MCTSAgent)
        ranked: list[bool] = []

        def checked(
            view: Any, legal: Any, act: Any = agent.act, agent: Any = agent, ranked: Any = ranked
        ) -> Any:
            stats = agent.analyze(view, legal)
            ranked.append(all(s.action in legal for s in stats) and bool(stats))
            return act(view, legal)

        agent.act = checked  # type: ignore[method-assign]
        others = [make_agent("greedy", s) for s in range(1, players)]
        state = play_game(rules, [agent, *others], seed=9)
        assert state.is_terminal() and agent.last_search == "batch"
        assert ranked and all(ranked)
        records.append(record_game(state, ["a"] * players, [spec] * players, 9))
    assert records[0] == records[1]


def test_paired_sweeps_try_every_root_action_alike() -> None:
    state = _dealt(2, 7)
    legal = state.legal_actions(0)
    agent = MCTSAgent(3, iterations=8 * len(legal) + 4, paired="yes")
    stats = agent.analyze(state.observe(0), legal)
    assert len(stats) == len(legal) > 4
    visits = sorted(s.visits for s in stats)
    assert visits[0] == 8 and visits[-1] == 9  # whole sweeps, and part of one
    assert [s.value for s in stats] == sorted((s.value for s in stats), reverse=True)


def test_where_the_batch_search_runs_and_where_it_does_not() -> None:
    classic = _dealt(2, 1)
    view, legal = classic.observe(0), classic.legal_actions(0)
    for spec, where in [
        ("mcts:iterations=20", "batch"),
        ("mcts:iterations=20:rollout=random", "batch"),
        ("mcts:iterations=20:search=engine", "engine"),
        ("mcts-engine:iterations=20", "engine"),
        ("mcts:iterations=20:opponents=rollout:rollout=heuristic", "batch"),
        ("mcts:iterations=20:rollout=greedy:paired=yes:horizon=game", "batch"),
    ]:
        agent = make_agent(spec, 1)
        assert isinstance(agent, MCTSAgent)
        assert agent.act(view, legal) in legal
        assert agent.last_search == where, spec
    assert make_agent("mcts-engine", 1).name == "mcts-engine"
    party = sushigo.make("sushi-go-party", players=2, menu="my-first-meal").new_game()
    party.apply_chance(party.sample_chance(random.Random(1)))
    auto = MCTSAgent(1, iterations=5)
    auto.analyze(party.observe(0), party.legal_actions(0))
    assert auto.last_search == "engine"
    batch = MCTSAgent(1, iterations=5, search="batch")
    with pytest.raises(OptionsError, match="search=batch searches sushi-go only, not Sushi Go Pa"):
        batch.analyze(party.observe(0), party.legal_actions(0))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:search=fast", "search is one of auto, batch, engine"),
        ("mcts:opponents=smart", "opponents is one of auto, greedy, rollout"),
        ("mcts-engine:search=batch", "agent 'mcts-engine' has no option 'search'"),
    ],
)
def test_bad_options(spec: str, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        make_agent(spec, 1)


def test_without_numba_mcts_searches_with_the_engine() -> None:
    """With numba not installed (its import fails), mcts plays Sushi Go! with the
    engine's search and, with greedy as its prior, loads no numpy (the learned bot,
    the default prior at 2 players, runs on numpy); search=batch is refused with the
    reason."""
    script = (
        "import sys\n"
        "sys.modules['numba'] = None  # import numba raises ImportError\n"
        "import sushigo\n"
        "from sushigo.agents import make_agent\n"
        "from sushigo.core.errors import OptionsError\n"
        "from sushigo.play import play_game\n"
        "agent = make_agent('mcts:iterations=15:prior=greedy', 1)\n"
        "rules = sushigo.make('sushi-go', players=2)\n"
        "state = play_game(rules, [agent, make_agent('greedy', 2)], 3)\n"
        "assert state.is_terminal()\n"
        "try:\n"
        "    make_agent('mcts:search=batch', 1)\n"
        "except OptionsError as exc:\n"
        "    print(exc)\n"
        "print(agent.last_search, 'numpy' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    refused, where = done.stdout.strip().splitlines()
    assert refused == (
        'mcts: search=batch needs the batch engine: pip install "sushigo[fast]" (numpy and numba)'
    )
    assert where == "engine False"


def test_it_beats_greedy_at_two_players() -> None:
    """A small-scale check of strength: at 300 iterations a decision, the batch search
    wins most 2-player games against greedy, each deal played from both seats
    (measured: all 10; 18.5 of 20)."""
    rules = sushigo.make("sushi-go", players=2)
    wins = 0.0
    for game in range(10):
        seat = game % 2
        agents = [make_agent("greedy", 100 + game), make_agent("greedy", 200 + game)]
        agents[seat] = make_agent("mcts:iterations=300", game)
        state = play_game(rules, agents, seed=game // 2)
        winners = state.winners()
        wins += 1 / len(winners) if seat in winners else 0
    assert wins >= 8, wins


def test_bench_reports_the_search_beside_the_engines(capsys: pytest.CaptureFixture[str]) -> None:
    """sushigo bench measures mcts and mcts-engine on the same case in one run, and
    gives the ratio of their iterations a second (never asserted: only reported)."""
    from sushigo.cli import main

    case = "sushi-go 2p quick playouts"
    assert main(["bench", "--only", case, "--seconds", "0.3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    batch, engine = report["mcts"]
    assert batch["case"] == "mcts sushi-go 2p quick playouts" and batch["search"] == "batch"
    assert engine["case"] == "mcts-engine sushi-go 2p quick playouts"
    assert engine["search"] == "engine" and "over_engine" not in engine
    ratio = batch["iterations_per_s"] / engine["iterations_per_s"]
    assert batch["over_engine"] == pytest.approx(ratio, abs=0.006)
