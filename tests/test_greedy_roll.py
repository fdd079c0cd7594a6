"""The greedy agent in Sushi Roll: legal play at every player count, the right die in
positions that have one (worked out from the rulebook's scoring), tokens spent only
when held, reproducible play, and strength against random play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.agents.greedy import GreedyAgent
from sushigo.agents.greedy_roll import roll_act
from sushigo.games.roll import (
    BeltRoll,
    Reroll,
    RollAction,
    RollDeal,
    RollRuleset,
    RollState,
    RollView,
    parse_roll_action,
)
from sushigo.play import play_game


def rules(players: int) -> RollRuleset:
    rs = sushigo.make("sushi-roll", players=players)
    assert isinstance(rs, RollRuleset)
    return rs


def deal(belts: list[list[str]], red: int = 0) -> RollState:
    """A game (one player per belt) whose first round is dealt and rolled as given;
    seat ``red`` holds the red belt."""
    state = rules(len(belts)).new_game()
    state.apply_chance(RollDeal(red, tuple(tuple(b) for b in belts)))
    return state


def do(state: RollState, *actions: str) -> None:
    """The seat whose turn it is makes these decisions, in order."""
    for text in actions:
        state.apply({state.current(): parse_roll_action(text)})


def roll(state: RollState, *belts: list[str]) -> None:
    """The belts have slid: every belt's dice show these faces."""
    state.apply_chance(BeltRoll(tuple(tuple(b) for b in belts)))


def decide(state: RollState, seed: int = 0) -> RollAction:
    """The greedy agent's decision for the seat whose turn it is, checked legal."""
    seat = state.current()
    legal = state.legal_actions(seat)
    action = GreedyAgent(seed).act(state.observe(seat), legal)
    assert isinstance(action, RollAction)
    assert action in legal
    return action


class Checked:
    """Wraps an agent: every answer is legal, and a token is spent only when held."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.observes = inner.observes
        self.calls = 0
        self.spent = 0

    def act(self, view: RollView | None, legal: Sequence[RollAction]) -> RollAction:
        self.calls += 1
        action = self.inner.act(view, legal)
        assert isinstance(action, RollAction)
        assert action in legal, f"{self.name} chose {action} not in its legal actions"
        if view is not None:
            if action.what == "menu":
                assert view.menus[0] > 0
                self.spent += 1
            elif action.what == "chopsticks":
                assert view.chopsticks[0] > 0
                self.spent += 1
        return action


# ---------------------------------------------------------------------------
# Whole games.


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_plays_legal_games(players: int) -> None:
    rs = rules(players)
    for game in range(2):
        agents = [
            Checked(make_agent("greedy" if (s + game) % 2 == 0 else "random", game * 10 + s))
            for s in range(players)
        ]
        # Checked asserts every answer is legal; the engine would also refuse it.
        state = play_game(rs, agents, seed=500 + game)
        assert isinstance(state, RollState)
        assert state.is_terminal() and state.winners()
        assert all(a.calls > 0 for a in agents)
        assert min(state.menus) >= 0 and min(state.chopsticks) >= 0
        # Every seat took 3 rounds of dice.
        assert len(state.results) == 3
        for r in state.results:
            dice = [len(e.split("+")) for tray in r.trays for e in tray]
            assert sum(dice) == players * rs.per_player


def test_greedy_plays_with_its_own_dice_faces() -> None:
    # a copy whose nigiri die shows only squid and whose specials are all wasabi
    faces = {
        "appetizer": ["dumpling", "tempura", "sashimi"] * 2,
        "maki": ["maki-3"] * 6,
        "nigiri": ["squid-nigiri"] * 6,
        "special": ["wasabi"] * 6,
        "pudding": ["pudding-1"] * 6,
    }
    rs = sushigo.make("sushi-roll", players=3, dice=faces)
    agents = [Checked(make_agent("greedy", s)) for s in range(3)]
    state = play_game(rs, agents, seed=8)
    assert isinstance(state, RollState) and state.is_terminal()


def test_greedy_among_greedy_spends_tokens_and_stays_legal() -> None:
    rs = rules(4)
    agents = [Checked(make_agent("greedy", s)) for s in range(4)]
    state = play_game(rs, agents, seed=77)
    assert state.is_terminal()
    assert sum(a.spent for a in agents) > 0


def test_greedy_is_deterministic_for_a_seed() -> None:
    rs = rules(3)

    def game(seed: int) -> tuple[Any, ...]:
        agents = [make_agent("greedy", 9), make_agent("random", 1), make_agent("greedy", 2)]
        state = play_game(rs, agents, seed=seed)
        assert isinstance(state, RollState)
        return tuple(r.steps for r in state.results)

    first = game(3)
    assert first == game(3)
    assert first != game(4)


# ---------------------------------------------------------------------------
# Positions (2 players, seat 0 starts holding the red belt).


def sashimi_pair() -> RollState:
    """Round 1, turn 3: seat 0 has 2 sashimi on its tray and a sashimi on its belt."""
    state = deal(
        [
            ["sashimi", "tempura", "dumpling", "maki-1", "egg-nigiri", "wasabi", "menu"]
            + ["pudding-1"],
            ["dumpling", "tempura", "sashimi", "maki-2", "maki-3", "salmon-nigiri"]
            + ["chopsticks", "pudding-2"],
        ]
    )
    do(state, "sashimi")
    do(state, "pudding-2")
    # seat 0 now holds seat 1's belt (3 appetizer, 2 maki, 1 nigiri, 1 special die)
    roll(
        state,
        ["sashimi", "dumpling", "tempura", "maki-1", "maki-2", "egg-nigiri", "wasabi"],
        ["tempura", "dumpling", "maki-1", "salmon-nigiri", "wasabi", "menu", "pudding-1"],
    )
    do(state, "tempura")  # seat 1 now holds the red belt and goes first
    do(state, "sashimi")
    # seat 0 holds its first belt again (1 appetizer, 1 maki, 1 nigiri, 2 special,
    # 1 pudding die), seat 1 the other (2 appetizer, 2 maki, 1 nigiri, 1 special)
    roll(
        state,
        ["sashimi", "maki-1", "egg-nigiri", "wasabi", "menu", "pudding-1"],
        ["dumpling", "tempura", "maki-1", "maki-2", "salmon-nigiri", "chopsticks"],
    )
    assert state.current() == 0
    assert state.tray(0) == ("sashimi", "sashimi")
    return state


def test_greedy_completes_a_sashimi_set() -> None:
    # a third sashimi scores 13 instead of 6: 7 points, more than any other die here
    state = sashimi_pair()
    assert decide(state) == parse_roll_action("sashimi")


def wasabi_first(squid_mine: bool) -> RollState:
    """Round 1, turn 2: seat 0 took a wasabi; a squid nigiri shows on its own belt
    (``squid_mine``) or only on seat 1's belt, seat 0's own belt being poor."""
    state = deal(
        [
            ["wasabi", "tempura", "dumpling", "dumpling", "maki-1", "egg-nigiri", "menu"]
            + ["pudding-1"],
            ["dumpling", "tempura", "sashimi", "maki-2", "maki-3", "salmon-nigiri"]
            + ["chopsticks", "pudding-2"],
        ]
    )
    do(state, "wasabi")
    if squid_mine:
        do(state, "pudding-2")
        # seat 0: 3 appetizer, 2 maki, 1 nigiri, 1 special die
        roll(
            state,
            ["dumpling", "tempura", "sashimi", "maki-1", "maki-1", "squid-nigiri", "chopsticks"],
            ["dumpling", "dumpling", "tempura", "maki-1", "egg-nigiri", "menu", "pudding-1"],
        )
    else:
        do(state, "salmon-nigiri")
        # seat 0: 3 appetizer, 2 maki, 1 special, 1 pudding die; no nigiri die
        roll(
            state,
            ["dumpling", "dumpling", "dumpling", "maki-1", "maki-1", "chopsticks", "pudding-1"],
            ["dumpling", "dumpling", "tempura", "maki-1", "squid-nigiri", "menu", "pudding-1"],
        )
    do(state, "dumpling")  # seat 1 goes first now
    assert state.current() == 0
    assert state.tray(0) == ("wasabi",)
    return state


def test_greedy_puts_a_squid_on_its_free_wasabi() -> None:
    # squid on wasabi scores 3 x 3 = 9
    state = wasabi_first(squid_mine=True)
    action = decide(state)
    assert action == parse_roll_action("squid-nigiri")
    do(state, str(action))
    assert state.tray(0) == ("wasabi+squid-nigiri",)


def test_greedy_keeps_to_a_legal_list_that_is_not_the_engines() -> None:
    """Given a plain tuple of some legal actions (a search's restricted choice), greedy
    picks among them, never its favourite outside them. (In the compiled build a tuple
    passed isinstance for the engine's TurnChoices: mypyc's lazy sequences share
    Sequence's ABC registry.)"""
    state = wasabi_first(squid_mine=True)
    seat = state.current()
    view = state.observe(seat)
    assert GreedyAgent(0).act(view, state.legal_actions(seat)) == parse_roll_action("squid-nigiri")
    only = (parse_roll_action("tempura"), parse_roll_action("dumpling"))
    assert GreedyAgent(0).act(view, only) in only


def test_greedy_uses_chopsticks_for_a_squid_on_its_wasabi() -> None:
    # its own belt offers about 2 points a die (a first dumpling, a maki roll, a token,
    # a pudding); seat 1's squid is worth 9 on the wasabi, far more than the chopsticks
    # token spent (half a point at game end)
    state = wasabi_first(squid_mine=False)
    assert state.chopsticks[0] == 2
    action = decide(state)
    assert action.what == "chopsticks"
    assert action.seat == 1 and action.faces[1] == "squid-nigiri"
    do(state, str(action))
    assert state.chopsticks[0] == 1
    assert decide(state) == parse_roll_action("squid-nigiri")
    do(state, "squid-nigiri")
    assert state.tray(0) == ("wasabi+squid-nigiri",)


def test_greedy_never_spends_a_token_it_does_not_have() -> None:
    # the same poor belt, but seat 0 spent all its tokens on its first turn
    state = deal(
        [
            ["wasabi", "tempura", "dumpling", "dumpling", "maki-1", "egg-nigiri", "menu"]
            + ["pudding-1"],
            ["dumpling", "tempura", "sashimi", "maki-2", "maki-3", "salmon-nigiri"]
            + ["chopsticks", "pudding-2"],
        ]
    )
    do(state, "chopsticks:tempura,1,sashimi", "chopsticks:sashimi,1,tempura")
    for _ in range(3):
        do(state, "menu:menu")
        state.apply_chance(Reroll(("menu",)))
    do(state, "wasabi")
    assert state.menus[0] == 0 and state.chopsticks[0] == 0
    do(state, "salmon-nigiri")
    roll(
        state,
        ["dumpling", "dumpling", "dumpling", "maki-1", "maki-1", "chopsticks", "pudding-1"],
        ["dumpling", "dumpling", "tempura", "maki-1", "squid-nigiri", "menu", "pudding-1"],
    )
    do(state, "dumpling")
    view = state.observe(0)
    legal = state.legal_actions(0)
    assert all(a.what == "take" for a in legal)
    action = roll_act(view, legal, random.Random(0))
    assert action.what == "take" and action in legal


def last_egg() -> RollState:
    """Five players, round 1, last turn: seat 0 has a free wasabi on its tray and an
    egg nigiri as the last die on its belt. Every die keeps its face when the belts
    roll, and the other seats always take the first die of their belt."""
    state = deal(
        [
            ["maki-1", "maki-2", "maki-3", "wasabi", "pudding-1"],
            ["dumpling", "tempura", "maki-1", "maki-2", "egg-nigiri"],
            ["dumpling", "dumpling", "tempura", "chopsticks", "menu"],
            ["dumpling", "tempura", "sashimi", "maki-1", "egg-nigiri"],
            ["dumpling", "tempura", "egg-nigiri", "salmon-nigiri", "wasabi"],
        ]
    )
    mine = iter(["wasabi", "tempura", "sashimi", "chopsticks"])
    while not (state.cycle == 4 and state.current() == 0):
        if state.is_chance():
            roll(state, *[list(state.belt(s)) for s in range(5)])
            continue
        seat = state.current()
        do(state, next(mine) if seat == 0 else state.belt(seat)[0])
    assert state.tray(0) == ("wasabi", "tempura", "sashimi", "chopsticks")
    assert [state.belt(s) for s in range(5)] == [
        ("egg-nigiri",),
        ("menu",),
        ("egg-nigiri",),
        ("wasabi",),
        (),
    ]
    return state


def test_greedy_rerolls_a_poor_belt_with_a_menu() -> None:
    # The egg scores 3 on the wasabi; the nigiri die re-rolled scores
    # 3 x (1+1+2+2+2+3)/6 = 5.5 on average, and a menu token is worth half a point at
    # game end. The other belts hold a menu die, an egg and a wasabi.
    state = last_egg()
    assert state.menus[0] == 3
    assert decide(state) == parse_roll_action("menu:egg-nigiri")
    do(state, "menu:egg-nigiri")
    state.apply_chance(Reroll(("squid-nigiri",)))
    assert state.menus[0] == 2
    assert decide(state) == parse_roll_action("squid-nigiri")


def test_greedy_keeps_its_tokens_for_a_good_die() -> None:
    # The re-roll shows a salmon: 6 on the wasabi. The die re-rolled again would score
    # 3, 3, 6, 6, 6 or 9 (5.5 on average), less than the 6 it shows, so no menu.
    state = last_egg()
    do(state, "menu:egg-nigiri")
    state.apply_chance(Reroll(("salmon-nigiri",)))
    assert decide(state) == parse_roll_action("salmon-nigiri")


# ---------------------------------------------------------------------------
# Strength.


def test_greedy_beats_random_in_two_player_games() -> None:
    rs = rules(2)
    games = 100
    wins = 0.0
    for g in range(games):
        me = g % 2
        agents = [make_agent("greedy", g), make_agent("random", g + 7919)]
        if me == 1:
            agents.reverse()
        state = play_game(rs, agents, seed=g)
        assert isinstance(state, RollState)
        winners = state.winners()
        if me in winners:
            wins += 1 / len(winners)
    # measured: 100 of 100
    assert wins >= 90
