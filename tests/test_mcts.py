"""The mcts agent: it plans on worlds drawn from its view alone, is deterministic for a
seed and an iteration budget, plays every game legally, and beats random."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.agents.mcts import MCTSAgent, determinize
from sushigo.core.errors import OptionsError
from sushigo.games.classic import Deal
from sushigo.games.roll import RollView
from sushigo.play import play_game
from sushigo.play.loop import record_game


def dealt_classic(hands: tuple[tuple[str, ...], ...]) -> sushigo.core.State:
    state = sushigo.make("sushi-go", players=3).new_game()
    state.apply_chance(Deal(hands))
    return state


H0 = ("tempura", "tempura", "sashimi", "dumpling", "maki-2", "salmon-nigiri", "wasabi",
      "pudding", "chopsticks")  # fmt: skip
H1 = ("sashimi", "sashimi", "maki-3", "maki-1", "egg-nigiri", "squid-nigiri", "pudding",
      "dumpling", "dumpling")  # fmt: skip
H2 = ("tempura", "maki-2", "maki-2", "wasabi", "salmon-nigiri", "salmon-nigiri", "pudding",
      "dumpling", "sashimi")  # fmt: skip


@pytest.mark.parametrize("search", ["engine", "batch"])
def test_the_search_sees_only_the_view(search: str) -> None:
    """Two games that differ only in cards seat 0 has not seen give seat 0 the same
    view, and the same search (in the engine, and in the batch engine): nothing hidden
    reaches it."""
    a = dealt_classic((H0, H1, H2))
    b = dealt_classic((H0, H2, H1))
    assert a.hand(1) != b.hand(1)
    view_a, view_b = a.observe(0), b.observe(0)
    assert view_a == view_b
    stats_a = MCTSAgent(7, iterations=60, search=search).analyze(view_a, a.legal_actions(0))
    stats_b = MCTSAgent(7, iterations=60, search=search).analyze(view_b, b.legal_actions(0))
    assert [(str(s.action), s.visits, s.value) for s in stats_a] == [
        (str(s.action), s.visits, s.value) for s in stats_b
    ]
    assert sum(s.visits for s in stats_a) == 60


def test_worlds_keep_what_the_view_shows_and_deal_the_rest() -> None:
    state = dealt_classic((H0, H1, H2))
    state.apply({s: state.legal_actions(s)[0] for s in range(3)})
    view = state.observe(0)
    seen_hands = [h for h in view.hands if h is not None]
    worlds = [determinize(view, random.Random(i)) for i in range(30)]
    for world in worlds:
        assert world.hand(0) == state.hand(0)
        assert world.hand(1) == state.hand(1)  # seat 0 passed it on: known
        assert world.tableau(2) == state.tableau(2)
        every = Counter(world.hand(0)) + Counter(world.hand(1)) + Counter(world.hand(2))
        assert sum(every.values()) == 24
    assert len(seen_hands) == 2
    unseen = {tuple(w.hand(2)) for w in worlds}
    assert len(unseen) > 1  # the unseen hand is dealt anew each time


@pytest.mark.parametrize(
    ("game", "options", "spec"),
    [
        ("sushi-go", {}, "mcts:iterations=30"),
        ("sushi-go", {}, "mcts-engine:iterations=30"),
        ("sushi-go-party", {"menu": "dinner-for-two"}, "mcts:iterations=4"),
        ("sushi-roll", {}, "mcts:iterations=6"),
    ],
)
def test_same_seed_same_budget_same_game(game: str, options: dict[str, str], spec: str) -> None:
    rules = sushigo.make(game, players=2, **options)
    runs = []
    for _ in range(2):
        agents = [make_agent(spec, 5), make_agent("random", 6)]
        state = play_game(rules, agents, seed=3)
        runs.append(record_game(state, ["a", "b"], [spec, "random"], 3))
    assert runs[0] == runs[1]  # every decision and every chance outcome


def test_mcts_beats_random_at_two_players() -> None:
    rules = sushigo.make("sushi-go", players=2)
    wins = 0.0
    for game in range(6):
        seat = game % 2
        agents = [make_agent("random", 100 + game), make_agent("random", 200 + game)]
        agents[seat] = make_agent("mcts:iterations=60", game)
        state = play_game(rules, agents, seed=game)
        winners = state.winners()
        wins += 1 / len(winners) if seat in winners else 0
    assert wins >= 5


def test_mcts_plays_sushi_roll_with_its_tokens() -> None:
    rules = sushigo.make("sushi-roll", players=3)
    agent = MCTSAgent(1, iterations=12)
    seen: Counter[str] = Counter()

    def count(event: str, state: object, detail: object) -> None:
        if event == "turn" and isinstance(detail, dict) and 0 in detail:
            seen[detail[0].what] += 1

    state = play_game(
        rules, [agent, make_agent("random", 2), make_agent("random", 3)], 4, observer=count
    )
    assert state.is_terminal() and seen["take"] == 21
    view = determinize(state.observe(0), random.Random(0))
    assert view.is_terminal()


def test_roll_worlds_are_the_position_itself() -> None:
    rules = sushigo.make("sushi-roll", players=4)
    state = rules.new_game()
    rng = random.Random(9)
    while state.cycle < 2 or state.is_chance():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            (seat,) = state.to_act()
            state.apply({seat: state.legal_actions(seat)[-1]})
    (seat,) = state.to_act()
    view = state.observe(seat)
    assert isinstance(view, RollView)
    world = determinize(view, random.Random(1))
    assert all(world.belt(s) == state.belt(s) and world.tray(s) == state.tray(s) for s in range(4))
    assert world.observe(seat) == view
    assert [str(a) for a in world.legal_actions(seat)] == [
        str(a) for a in state.legal_actions(seat)
    ]


@pytest.mark.parametrize("search", ["engine", "batch"])
def test_the_dummy_variant_is_searched(search: str) -> None:
    rules = sushigo.make("sushi-go", players=2, dummy=True)
    state = rules.new_game()
    rng = random.Random(1)
    while not state.to_act():
        state.apply_chance(state.sample_chance(rng))
    seat = state.controller()
    assert seat is not None
    agent = MCTSAgent(2, iterations=25, search=search)
    stats = agent.analyze(state.observe(seat), state.legal_actions(seat))
    assert sum(s.visits for s in stats) == 25 and agent.last_search == search
    legal = {str(a) for a in state.legal_actions(seat)}
    assert all(str(s.action) in legal and s.action.dummy is not None for s in stats)
    agents = [make_agent(f"mcts:iterations=5:search={search}", 1), make_agent("random", 2)]
    assert play_game(rules, agents, seed=1).is_terminal()


def test_party_is_searched_on_worlds_from_its_view() -> None:
    """Sushi Go Party! has a determinizer: mcts searches it (tests/test_party_determinize.py)."""
    rules = sushigo.make("sushi-go-party", players=3, menu="sushi-go")
    state = rules.new_game()
    state.apply_chance(state.sample_chance(random.Random(1)))
    stats = MCTSAgent(2, iterations=25).analyze(state.observe(0), state.legal_actions(0))
    assert sum(s.visits for s in stats) == 25


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:rollout=smart", "rollout is one of auto, greedy, heuristic, random"),
        ("mcts:opponents=smart", "opponents is one of auto, greedy, rollout"),
        ("mcts:horizon=turn", "horizon is one of round, game"),
        ("mcts:paired=maybe", "paired is one of auto, yes, no"),
        ("mcts:prior=learned", "prior is one of auto, greedy, policy"),
        ("mcts-engine:prior=policy", "agent 'mcts-engine' has no option 'prior'"),
        ("mcts:ms=0", "ms must be a number above 0, not 0"),
        ("mcts:ms=fast", "ms must be a number above 0, not 'fast'"),
        ("mcts:iterations=abc", "iterations must be a whole number, 0 or more, not 'abc'"),
        ("mcts:iterations=2.5", "iterations must be a whole number, 0 or more, not 2.5"),
        ("mcts:c=abc", "c must be a number, 0 or more, not 'abc'"),
        ("mcts-engine:c=-1", "c must be a number, 0 or more, not -1"),
        ("mcts:depth=3", "agent 'mcts' has no option 'depth'"),
        ("mcts:ms", "write options as NAME:KEY=VALUE"),
    ],
)
def test_bad_options(spec: str, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        make_agent(spec, 1)


def test_estimate_adds_the_desserts_as_they_stand() -> None:
    """At a round's end the estimate is the points so far plus the pudding race (and,
    in Sushi Roll, the unused tokens) scored as if the game ended there."""
    from sushigo.games.classic import pudding_points
    from sushigo.games.roll.dice import pudding_points as roll_puddings
    from sushigo.games.roll.dice import token_points

    rng = random.Random(4)
    for game, players in (("sushi-go", 4), ("sushi-roll", 3)):
        state = sushigo.make(game, players=players).new_game()
        while state.round < 1:
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
            else:
                state.apply({s: legal[-1] for s, legal in state.decisions()})
        points = state.returns()
        if game == "sushi-go":
            bonus = pudding_points(list(state.observe(0).desserts), penalty=True)
        else:
            view = state.observe(0)
            tokens = token_points(view.menus, view.chopsticks)
            bonus = [a + b for a, b in zip(roll_puddings(view.puddings), tokens, strict=True)]
        assert any(bonus), "the seeded round should leave a race standing"
        assert state.estimate() == [p + b for p, b in zip(points, bonus, strict=True)]
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply({s: legal[-1] for s, legal in state.decisions()})
    assert state.estimate() == state.returns()


@pytest.mark.parametrize("game", ["sushi-go", "sushi-roll"])
def test_a_cut_playout_stops_where_the_round_ends(game: str) -> None:
    from sushigo.games.driver import rollout

    state = sushigo.make(game, players=3).new_game()
    state.apply_chance(state.sample_chance(random.Random(1)))
    for heuristic in (False, True):
        world = state.copy()
        scores = rollout(world, random.Random(2), heuristic, stop=1)
        assert world.round == 1 and not world.is_terminal()
        assert scores == world.estimate()
        assert any(world.returns())  # round 0 was scored


def test_streams_deal_and_roll_alike_whatever_was_decided() -> None:
    """With streams, two games on one seed with different players get the same deal
    every round (and in Sushi Roll the same first roll), however the play went."""
    from sushigo.games.party import PartyDeal
    from sushigo.games.roll import RollDeal

    for game, players in (("sushi-go", 3), ("sushi-roll", 3), ("sushi-go-party", 3)):
        rules = sushigo.make(game, players=players)
        deals = []
        for names in (("random", "random", "random"), ("greedy", "random", "greedy")):
            seen: list[object] = []

            def keep(event: str, state: object, detail: object, seen: list[object] = seen) -> None:
                if event == "chance" and isinstance(detail, (Deal, RollDeal, PartyDeal)):
                    seen.append(detail)

            agents = [make_agent(name, i) for i, name in enumerate(names)]
            play_game(rules, agents, 5, observer=keep, streams=True)
            deals.append(seen)
        assert len(deals[0]) == 3
        assert deals[0] == deals[1], game


def test_paired_sweeps_try_every_root_action_alike() -> None:
    rules = sushigo.make("sushi-roll", players=3)
    state = rules.new_game()
    state.apply_chance(state.sample_chance(random.Random(2)))
    (seat,) = state.to_act()
    view = state.observe(seat)
    agent = MCTSAgent(3, iterations=40, paired="yes")
    stats = agent.analyze(view, state.legal_actions(seat))
    visits = {s.visits for s in stats}
    assert max(visits) - min(visits) <= 1  # whole sweeps, one visit per action each
    assert [s.value for s in stats] == sorted((s.value for s in stats), reverse=True)
    assert agent.act(view, state.legal_actions(seat)) in state.legal_actions(seat)


def _first_decision(game: str, players: int, **options: object) -> tuple[object, list[object]]:
    rules = sushigo.make(game, players=players, **options)
    state = rules.new_game()
    rng = random.Random(8)
    while state.is_chance():  # the deal (and the dummy variant's draw)
        state.apply_chance(state.sample_chance(rng))
    seat = next(s for s in range(rules.seats) if state.legal_actions(s))
    return state.observe(seat), list(state.legal_actions(seat))


@pytest.mark.parametrize(
    ("game", "players", "options", "prior", "kept"),
    [
        ("sushi-go", 2, {}, "auto", "policy"),
        ("sushi-go", 2, {}, "greedy", "greedy"),
        ("sushi-go", 3, {}, "auto", "greedy"),
        ("sushi-go", 2, {"dummy": True}, "auto", "greedy"),
        ("sushi-go", 3, {}, "policy", "policy"),
        ("sushi-go-party", 2, {"menu": "sushi-go"}, "policy", "error"),
        ("sushi-go-party", 2, {"menu": "sushi-go"}, "auto", "greedy"),
        ("sushi-roll", 2, {}, "auto", "greedy"),
    ],
)
def test_the_choice_the_search_must_beat(
    game: str, players: int, options: dict[str, object], prior: str, kept: str
) -> None:
    """With no search statistics (or none that beat it) mcts plays its prior's choice:
    the learned bot's where it learned (2-player Sushi Go!), greedy's elsewhere."""
    pytest.importorskip("numpy")
    from sushigo.agents.greedy import GreedyAgent
    from sushigo.rl.policy import PolicyAgent

    view, legal = _first_decision(game, players, **options)
    agent = MCTSAgent(1, iterations=1, prior=prior)
    if kept == "error":
        with pytest.raises(OptionsError, match="policy weights play sushi-go, not Sushi Go Party!"):
            agent.choose(view, legal, [])
        return
    expected = (PolicyAgent() if kept == "policy" else GreedyAgent(0)).act(view, legal)
    assert agent.choose(view, legal, []) == expected
    assert make_agent("mcts-engine", 1).choose(view, legal, []) == GreedyAgent(0).act(view, legal)


def test_the_prior_differs_from_greedy_somewhere() -> None:
    """The test above would pass with greedy kept everywhere if the two agreed on its
    deal: over a few 2-player deals the learned bot's first picks differ from greedy's."""
    pytest.importorskip("numpy")
    from sushigo.agents.greedy import GreedyAgent

    agent = MCTSAgent(1, iterations=1)
    differ = 0
    for seed in range(12):
        rules = sushigo.make("sushi-go", players=2)
        state = rules.new_game()
        state.apply_chance(state.sample_chance(random.Random(seed)))
        view, legal = state.observe(0), list(state.legal_actions(0))
        differ += agent.choose(view, legal, []) != GreedyAgent(0).act(view, legal)
    assert differ >= 1


def test_prepare_loads_the_search_and_changes_no_choice() -> None:
    """A front end has mcts load (and on a machine's first use, compile) its batch
    search before the game; the bot then decides as one not prepared."""
    pytest.importorskip("numba")
    rules = sushigo.make("sushi-go", players=2)
    view, legal = _first_decision("sushi-go", 2)
    prepared, fresh = MCTSAgent(5, iterations=300), MCTSAgent(5, iterations=300)
    prepared.prepare(rules)
    assert rules in prepared._searches
    assert [(s.action, s.visits) for s in prepared.analyze(view, legal)] == [
        (s.action, s.visits) for s in fresh.analyze(view, legal)
    ]
    engine = make_agent("mcts-engine", 1)
    engine.prepare(rules)  # type: ignore[attr-defined]
    assert not engine._searches  # type: ignore[attr-defined]


def test_without_numpy_the_prior_is_greedy() -> None:
    """``prior=auto`` asks for the learned bot, which runs on numpy: where numpy is
    missing mcts keeps greedy's choice and plays on; ``prior=policy`` says why not."""
    script = """
import sys
sys.modules["numpy"] = None
sys.modules["numba"] = None
import sushigo
from sushigo.agents import make_agent
from sushigo.core.errors import OptionsError
from sushigo.play import play_game
agent = make_agent("mcts:iterations=15", 1)
state = play_game(sushigo.make("sushi-go", players=2), [agent, make_agent("greedy", 2)], 3)
print(state.is_terminal(), agent._policy_agent)
try:
    make_agent("mcts:prior=policy", 1)
except OptionsError as exc:
    print(exc)
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    played, refused = done.stdout.strip().splitlines()
    assert played == "True False"
    assert refused.startswith("mcts: prior=policy needs the learned bot: ")
    assert "needs numpy" in refused
