"""The bundled agents: legal play in every variant, determinism, strength, no peeking."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

import sushigo
from sushigo.agents import agent_names, make_agent
from sushigo.agents.greedy import GreedyAgent
from sushigo.games.classic import ClassicRuleset, ClassicState, PlayerView
from sushigo.play import play_game

VARIANTS = ("pass_both_ways", "dummy", "reshuffle", "soy_sauce")


def _rulesets() -> list[sushigo.Ruleset]:
    out = []
    for players in (2, 3, 4, 5):
        for k in range(len(VARIANTS) + 1):
            for combo in itertools.combinations(VARIANTS, k):
                if "dummy" in combo and players != 2:
                    continue
                out.append(sushigo.make("sushi-go", players=players, **dict.fromkeys(combo, True)))
    return out


class Checked:
    """Wraps an agent and checks every answer is one of the legal actions."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.observes = inner.observes
        self.calls = 0

    def act(self, view: PlayerView | None, legal: Sequence[Any]) -> Any:
        self.calls += 1
        if self.observes:
            assert isinstance(view, PlayerView)
            assert len(view.hand) >= 1
        choice = self.inner.act(view, legal)
        assert choice in legal, f"{self.name} chose {choice} not in {legal}"
        return choice


def test_greedy_is_registered() -> None:
    assert "greedy" in agent_names()
    agent = make_agent("greedy", 3)
    assert isinstance(agent, GreedyAgent)
    assert agent.name == "greedy" and agent.observes is True


@pytest.mark.parametrize("ruleset", _rulesets(), ids=lambda r: r.describe())
def test_agents_play_only_legal_actions(ruleset: sushigo.Ruleset) -> None:
    n = ruleset.players
    for game in range(3):
        agents = [
            Checked(make_agent("greedy" if (s + game) % 2 == 0 else "random", game * 10 + s))
            for s in range(n)
        ]
        state = play_game(ruleset, agents, seed=1000 + game)
        assert isinstance(state, ClassicState)
        assert state.is_terminal()
        assert state.winners()
        assert all(a.calls > 0 for a in agents)


def test_greedy_uses_chopsticks_and_controls_the_dummy() -> None:
    """Across games the greedy agent really takes pairs and gives the dummy cards."""
    ruleset = sushigo.make("sushi-go", players=2, dummy=True)
    pairs = 0
    gifts = 0
    for game in range(20):
        agents = [make_agent("greedy", game), make_agent("greedy", game + 100)]

        def watch(event: str, state: Any, detail: Any) -> None:
            nonlocal pairs, gifts
            if event == "turn":
                for act in detail.values():
                    pairs += len(act.cards) == 2
                    gifts += act.dummy is not None

        play_game(ruleset, agents, seed=game, observer=watch)
    assert pairs > 0
    assert gifts == 20 * 3 * 9


def _game_record(ruleset: sushigo.Ruleset, seed: int, agent_seed: int) -> Any:
    agents = [make_agent("greedy", agent_seed), make_agent("random", agent_seed + 1)]
    state = play_game(ruleset, agents, seed)
    assert isinstance(state, ClassicState)
    return [r.turns for r in state.results], state.returns()


@pytest.mark.parametrize("options", [{}, {"dummy": True}, {"soy_sauce": True}])
def test_greedy_is_deterministic_for_a_seed(options: dict[str, bool]) -> None:
    ruleset = sushigo.make("sushi-go", players=2, **options)
    first = _game_record(ruleset, 5, 42)
    assert first == _game_record(ruleset, 5, 42)
    # a different deal gives a different game
    assert first != _game_record(ruleset, 6, 42)


def test_greedy_beats_random_in_two_player_games() -> None:
    ruleset = sushigo.make("sushi-go", players=2)
    games = 200
    wins = 0.0
    for g in range(games):
        me = g % 2
        agents = [make_agent("greedy", g), make_agent("random", g + 7919)]
        if me == 1:
            agents.reverse()
        state = play_game(ruleset, agents, seed=g)
        assert isinstance(state, ClassicState)
        winners = state.winners()
        if me in winners:
            wins += 1 / len(winners)
    assert wins / games >= 0.85


def test_greedy_beats_random_bots_with_five_players() -> None:
    ruleset = sushigo.make("sushi-go", players=5)
    games = 40
    wins = 0.0
    for g in range(games):
        me = g % 5
        agents = [
            make_agent("greedy", g) if s == me else make_agent("random", g * 5 + s)
            for s in range(5)
        ]
        state = play_game(ruleset, agents, seed=g)
        assert isinstance(state, ClassicState)
        winners = state.winners()
        if me in winners:
            wins += 1 / len(winners)
    assert wins / games >= 0.6  # a random seat wins 20% of the time


def _advance(state: ClassicState, rng: random.Random) -> None:
    """Play one turn for every seat with random legal picks (chance first)."""
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))


def test_view_holds_no_hidden_hand() -> None:
    ruleset = sushigo.make("sushi-go", players=4)
    assert isinstance(ruleset, ClassicRuleset)
    rng = random.Random(11)
    state = ruleset.new_game()
    assert isinstance(state, ClassicState)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    assert state.turn == 0
    for seat in range(4):
        view = state.observe(seat)
        assert view.hand == state.hand(seat)
        assert view.hands[0] == state.hand(seat)
        assert view.hands[1:] == (None, None, None)
        assert view.hand_sizes == (8, 8, 8, 8)
    _advance(state, rng)
    _advance(state, rng)
    assert state.turn == 2
    assert ruleset.pass_step(0) == 1
    for seat in range(4):
        view = state.observe(seat)
        assert view.hand == state.hand(seat)
        # hands pass left: the hands now at seats +1 and +2 passed through this seat
        assert view.hands[1] == state.hand((seat + 1) % 4)
        assert view.hands[2] == state.hand((seat + 2) % 4)
        assert view.hands[3] is None
        assert len(view.hands[1]) == len(view.hands[2]) == 6
    # and the greedy agent decides from that view alone
    agent = GreedyAgent(0)
    view = state.observe(0)
    assert agent.act(view, state.legal_actions(0)) in state.legal_actions(0)
