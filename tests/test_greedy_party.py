"""The greedy agent in Sushi Go Party!: a legal answer to every kind of decision,
reproducible play, decisions from the view alone, the right move in positions
that have one (worked out from the rulebook's card guide), and strength against
random play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.agents.greedy import GreedyAgent
from sushigo.games.party import MenuDraw, PartyDeal, PartyRuleset, PartyState, PartyView
from sushigo.games.party.actions import PartyPick, choice_of, parse_party_action
from sushigo.games.party.cards import SUGGESTED_MENUS
from sushigo.play import play_game

CUSTOM_WASABI_ORDER = "maki,tempura,sashimi,miso-soup,wasabi,special-order,green-tea-ice-cream"
CUSTOM_MENU_CARD = "maki,tempura,sashimi,miso-soup,wasabi,menu,green-tea-ice-cream"
CUSTOM_TAKEOUT = "maki,eel,tofu,tempura,takeout-box,wasabi,green-tea-ice-cream"
CUSTOM_CHOPSTICKS = "maki,tempura,sashimi,miso-soup,chopsticks,special-order,pudding"
CUSTOM_SPOON = "maki,tempura,sashimi,miso-soup,spoon,wasabi,pudding"


def rules(players: int, menu: str) -> PartyRuleset:
    rs = sushigo.make("sushi-go-party", players=players, menu=menu)
    assert isinstance(rs, PartyRuleset)
    return rs


def deal(rs: PartyRuleset, hands: list[list[str]]) -> PartyState:
    """The first round dealt as given; the desserts shuffled in are the first ones
    of the menu's dessert pile."""
    pile = [c for c, k in rs.desserts.items() for _ in range(k)]
    added = tuple(pile[: rs.desserts_added[0]])
    state = rs.new_game()
    state.apply_chance(PartyDeal(added, tuple(tuple(h) for h in hands)))
    return state


def turn(state: PartyState, *picks: str) -> None:
    """Every seat picks, in seat order, written in pick notation."""
    state.apply({s: parse_party_action(p) for s, p in enumerate(picks)})


def decide(state: PartyState, seat: int = 0, seed: int = 0) -> Any:
    """The greedy agent's answer for ``seat``, checked to be legal."""
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} has nothing to decide"
    view = state.observe(seat)
    action = GreedyAgent(seed).act(view, legal)
    assert action in legal
    return action


# ---------------------------------------------------------------------------
# Positions, one per kind of decision.


def third_sashimi() -> PartyState:
    """Two players, My First Meal, turn 3 of 10: seat 0 has 2 sashimi in front of it
    and the last sashimi still in play in its hand."""
    rs = rules(2, "my-first-meal")
    state = deal(
        rs,
        [
            ["sashimi", "sashimi", "sashimi", "tempura", "salmon-nigiri"]
            + ["maki-3", "miso-soup", "wasabi", "tea", "egg-nigiri"],
            ["sashimi", "sashimi", "tempura", "tempura", "squid-nigiri"]
            + ["maki-2", "maki-1", "miso-soup", "tea", "egg-nigiri"],
        ],
    )
    turn(state, "sashimi", "sashimi")
    turn(state, "sashimi", "sashimi")
    return state


def special_order_late() -> PartyState:
    """Two players, turn 9 of 10: seat 0 has a squid nigiri and an empty wasabi in
    front of it, and holds a special order and an egg nigiri; the one card still to
    come to it (sashimi or maki) is not a nigiri."""
    rs = rules(2, CUSTOM_WASABI_ORDER)
    state = deal(
        rs,
        [
            ["squid-nigiri", "tempura", "maki-2", "maki-3", "special-order"]
            + ["egg-nigiri", "maki-1", "maki-1", "sashimi", "sashimi"],
            ["wasabi", "tempura", "sashimi", "miso-soup", "maki-2"]
            + ["maki-2", "maki-3", "tempura", "sashimi", "maki-1"],
        ],
    )
    for mine, theirs in [
        ("squid-nigiri", "maki-2"),
        ("wasabi", "maki-1"),
        ("tempura", "maki-2"),
        ("tempura", "maki-1"),
        ("maki-2", "maki-3"),
        ("sashimi", "sashimi"),
        ("maki-3", "tempura"),
        ("miso-soup", "sashimi"),
    ]:
        turn(state, mine, theirs)
    assert sorted(state.hand(0)) == ["egg-nigiri", "special-order"]
    return state


def takeout_box() -> PartyState:
    """Two players, turn 7 of 10: seat 0 has a lone eel, 3 tofu, a lone tempura (no
    tempura is left in play) and an empty wasabi (nigiri are still in play), and
    holds a takeout box."""
    rs = rules(2, CUSTOM_TAKEOUT)
    state = deal(
        rs,
        [
            ["eel", "tofu", "tofu", "maki-1", "takeout-box-10"]
            + ["maki-2", "maki-3", "egg-nigiri", "salmon-nigiri", "squid-nigiri"],
            ["tofu", "tempura", "wasabi", "maki-1", "maki-2"]
            + ["egg-nigiri", "salmon-nigiri", "tempura", "maki-3", "maki-2"],
        ],
    )
    for mine, theirs in [
        ("eel", "maki-1"),
        ("tofu", "maki-1"),
        ("tofu", "maki-2"),
        ("tempura", "maki-2"),
        ("tofu", "tempura"),
        ("wasabi", "maki-3"),
    ]:
        turn(state, mine, theirs)
    return state


def chopsticks_and_sashimi() -> PartyState:
    """Two players, turn 3 of 10: seat 0 has chopsticks and a sashimi in front of it
    and holds two sashimi."""
    rs = rules(2, "sushi-go")
    state = deal(
        rs,
        [
            ["chopsticks-1", "sashimi", "sashimi", "maki-1", "egg-nigiri"]
            + ["maki-2", "dumpling", "tempura", "salmon-nigiri", "maki-3"],
            ["sashimi", "tempura", "wasabi", "maki-1", "maki-2"]
            + ["egg-nigiri", "salmon-nigiri", "dumpling", "maki-3", "maki-2"],
        ],
    )
    turn(state, "chopsticks-1", "maki-1")
    turn(state, "sashimi", "maki-1")
    return state


def chopsticks_after_miso() -> PartyState:
    """Two players: seat 0 played a miso soup this turn calling its chopsticks, and
    now takes a second card from a hand holding another miso soup."""
    rs = rules(2, CUSTOM_CHOPSTICKS)
    state = deal(
        rs,
        [
            ["chopsticks-1", "miso-soup", "miso-soup", "special-order", "maki-1"]
            + ["maki-2", "tempura", "tempura", "sashimi", "maki-3"],
            ["egg-nigiri", "salmon-nigiri", "maki-1", "maki-2", "maki-3"]
            + ["sashimi", "sashimi", "tempura", "maki-2", "maki-1"],
        ],
    )
    turn(state, "chopsticks-1", "maki-1")
    turn(state, "egg-nigiri", "maki-2")
    turn(state, "miso-soup call:chopsticks-1", "maki-1")
    assert state.pending is not None and state.pending.kind == "take"
    return state


def spoon_with_sashimi_to_the_left() -> PartyState:
    """Three players, Master Menu, turn 3 of 10: seat 0 has a spoon and a sashimi in
    front of it; the hand now held two seats to its left (seen on turn 1) holds two
    sashimi, the hand one seat to its left (seen on turn 2) none."""
    rs = rules(3, "master-menu")
    state = deal(
        rs,
        [
            ["spoon-4", "sashimi", "sashimi", "temaki", "egg-nigiri"]
            + ["tofu", "onigiri-circle", "temaki", "salmon-nigiri", "tofu"],
            ["temaki", "temaki", "tofu", "onigiri-square", "egg-nigiri"]
            + ["salmon-nigiri", "onigiri-triangle", "temaki", "tofu", "egg-nigiri"],
            ["sashimi", "temaki", "temaki", "onigiri-circle", "squid-nigiri"]
            + ["salmon-nigiri", "onigiri-triangle", "tofu", "egg-nigiri", "salmon-nigiri"],
        ],
    )
    turn(state, "spoon-4", "temaki", "temaki")
    turn(state, "sashimi", "temaki", "temaki")
    return state


def asked_for_nigiri() -> PartyState:
    """Three players: seat 2, with an empty wasabi in front of it, used its spoon to
    ask for "nigiri"; seat 0, the first to its left, holds an egg and a squid nigiri
    and chooses which to give."""
    rs = rules(3, CUSTOM_SPOON)
    state = deal(
        rs,
        [
            ["maki-1", "maki-2", "maki-3", "sashimi", "sashimi"]
            + ["miso-soup", "tempura", "salmon-nigiri", "maki-2", "tempura"],
            ["maki-1", "egg-nigiri", "squid-nigiri", "wasabi", "tempura"]
            + ["tempura", "sashimi", "miso-soup", "maki-2", "maki-3"],
            ["spoon-4", "tempura", "sashimi", "sashimi", "miso-soup"]
            + ["maki-1", "maki-2", "salmon-nigiri", "egg-nigiri", "wasabi"],
        ],
    )
    turn(state, "maki-1", "maki-1", "spoon-4")
    turn(state, "tempura", "maki-2", "wasabi")
    turn(state, "tempura", "sashimi", "maki-3 call:spoon-4")
    assert state.pending is not None and state.pending.kind == "ask"
    state.apply({2: choice_of("ask", ("nigiri",))})
    assert state.pending is not None and state.pending.kind == "give"
    return state


def menu_with_two_sashimi() -> PartyState:
    """Two players, turn 3 of 10: seat 0 has 2 sashimi in front of it, played a menu,
    and drew a sashimi, an egg nigiri, a maki roll (3) and a tempura."""
    rs = rules(2, CUSTOM_MENU_CARD)
    state = deal(
        rs,
        [
            ["sashimi", "menu-7", "maki-1", "maki-2", "maki-3"]
            + ["tempura", "egg-nigiri", "salmon-nigiri", "miso-soup", "wasabi"],
            ["sashimi", "maki-1", "maki-2", "tempura", "tempura"]
            + ["salmon-nigiri", "miso-soup", "maki-2", "squid-nigiri", "egg-nigiri"],
        ],
    )
    turn(state, "sashimi", "maki-1")
    turn(state, "sashimi", "maki-1")
    turn(state, "menu-7", "maki-2")
    assert state.is_chance()
    state.apply_chance(MenuDraw(("egg-nigiri", "maki-3", "tempura", "sashimi")))
    assert state.pending is not None and state.pending.kind == "order"
    return state


# ---------------------------------------------------------------------------
# A legal answer to every kind of decision.


POSITIONS = {
    "pick": third_sashimi,
    "pick, special order": special_order_late,
    "pick, takeout box": takeout_box,
    "pick, chopsticks to call": chopsticks_and_sashimi,
    "pick, spoon to call": spoon_with_sashimi_to_the_left,
    "take": chopsticks_after_miso,
    "give": asked_for_nigiri,
    "order": menu_with_two_sashimi,
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_legal_answer_in_every_crafted_position(name: str) -> None:
    state = POSITIONS[name]()
    joint = {seat: decide(state, seat) for seat in state.to_act()}
    state.apply(joint)  # the engine accepts it


def test_a_legal_answer_to_ask_copy_and_flip() -> None:
    # ask: seat 0 calls its spoon
    state = spoon_with_sashimi_to_the_left()
    turn(state, "tofu call:spoon-4", "temaki", "tofu")
    assert state.pending is not None and state.pending.kind == "ask"
    state.apply({0: decide(state)})
    # copy: a special order taken with chopsticks
    state = chopsticks_after_miso()
    state.apply({0: choice_of("take", ("special-order",))})
    assert state.pending is not None and state.pending.kind == "copy"
    state.apply({0: decide(state)})
    # flip: a takeout box
    state = takeout_box()
    turn(state, "takeout-box-10", "maki-2")
    assert state.pending is not None and state.pending.kind == "flip"
    state.apply({0: decide(state)})


class Checked:
    """The greedy agent, checked at every call: a view, never the state; a legal
    answer. Counts the kinds of decision it was asked."""

    name = "greedy"
    observes = True

    def __init__(self, seed: int, kinds: Counter[str]) -> None:
        self.inner = GreedyAgent(seed)
        self.kinds = kinds

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        assert isinstance(view, PartyView)
        assert not any(isinstance(field, PartyState) for field in view)
        action = self.inner.act(view, legal)
        assert action in legal
        first = legal[0]
        self.kinds["pick" if isinstance(first, PartyPick) else first.kind] += 1
        return action


@pytest.mark.parametrize("key", sorted(SUGGESTED_MENUS))
def test_whole_games_on_every_suggested_menu(key: str) -> None:
    low, high = SUGGESTED_MENUS[key].players()
    kinds: Counter[str] = Counter()
    for players in sorted({low, high}):
        rs = rules(players, key)
        agents = [Checked(7 * players + s, kinds) for s in range(players)]
        state = play_game(rs, agents, seed=players)
        assert state.is_terminal()
    assert kinds["pick"] > 0


def test_every_kind_of_decision_comes_up_in_play() -> None:
    """Over seeded games on menus with every special, the agent is asked every kind
    of decision and always answers legally."""
    kinds: Counter[str] = Counter()
    cases = [
        (4, "master-menu"),  # spoon, takeout box
        (4, "big-banquet"),  # spoon, chopsticks
        (3, "dinner-for-two"),  # menu, special order
        (4, "maki,eel,tofu,tempura,spoon,special-order,fruit"),
    ]
    for game in range(3):
        for players, menu in cases:
            rs = rules(players, menu)
            agents = [Checked(100 * game + s, kinds) for s in range(players)]
            play_game(rs, agents, seed=game)
    assert {"pick", "take", "ask", "order", "copy", "flip"} <= set(kinds), kinds


# ---------------------------------------------------------------------------
# Reproducible, and from the view alone.


def test_the_same_seed_plays_the_same_game() -> None:
    rs = rules(4, "cutthroat-combo")

    def record(seed: int) -> tuple[Any, ...]:
        agents = [make_agent("greedy", seed * 10 + s) for s in range(4)]
        state = play_game(rs, agents, seed)
        assert isinstance(state, PartyState)
        return tuple((r.turns, r.events, r.scores) for r in state.results)

    assert record(3) == record(3)
    assert record(3) != record(4)


def test_it_is_given_views_and_never_calls_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent gets a view holding no state (checked at every call). Where the
    engine's class may be patched (the source build; a compiled class may not),
    every method of the state that shows hidden cards also fails while the agent
    decides."""
    acting = [False]

    def guarded(name: str) -> Any:
        original = getattr(PartyState, name)

        def method(self: PartyState, *args: Any, **kwargs: Any) -> Any:
            assert not acting[0], f"the agent called state.{name}"
            return original(self, *args, **kwargs)

        return method

    for name in ("hand", "deck", "copy", "observe", "legal_actions", "decisions", "tableau"):
        try:
            monkeypatch.setattr(PartyState, name, guarded(name))
        except TypeError:  # a compiled class
            break

    class Guarded(Checked):
        def act(self, view: Any, legal: Sequence[Any]) -> Any:
            acting[0] = True
            try:
                return super().act(view, legal)
            finally:
                acting[0] = False

    kinds: Counter[str] = Counter()
    rs = rules(4, "master-menu")
    play_game(rs, [Guarded(s, kinds) for s in range(4)], seed=5)
    assert kinds["pick"] > 0


def test_hidden_cards_do_not_change_its_decisions() -> None:
    """Two deals that differ only in hands seat 0 has not seen give it the same view,
    and the same answers, on turns 1 and 2."""
    rs = rules(4, "master-menu")
    mine = ["temaki", "sashimi", "sashimi", "tofu", "onigiri-circle"]
    mine += ["egg-nigiri", "spoon-4", "takeout-box-10", "temaki"]
    one = ["temaki", "temaki", "tofu", "tofu", "sashimi", "salmon-nigiri"]
    one += ["onigiri-square", "onigiri-triangle", "squid-nigiri"]
    two = ["temaki", "temaki", "temaki", "tofu", "tofu", "sashimi"]
    two += ["onigiri-square", "salmon-nigiri", "egg-nigiri"]
    three = ["temaki", "temaki", "temaki", "tofu", "tofu", "sashimi"]
    three += ["onigiri-rectangle", "salmon-nigiri", "egg-nigiri"]
    answers: list[list[Any]] = []
    views: list[list[PartyView]] = []
    # Seat 3's hand reaches seat 0 on turn 2, so only seats 1 and 2 change.
    for hands in ([mine, one, two, three], [mine, two, one, three]):
        state = deal(rs, hands)
        seen: list[PartyView] = []
        chosen: list[Any] = []
        for _ in range(2):
            seen.append(state.observe(0))
            chosen.append(decide(state, 0, seed=1))
            # the others play the same public cards in both deals on the first turn
            joint = {0: chosen[-1]}
            joint.update({s: parse_party_action("temaki") for s in (1, 2, 3)})
            if len(chosen) == 2:
                joint.update({s: state.legal_actions(s)[0] for s in (1, 2, 3)})
            state.apply(joint)
        answers.append(chosen)
        views.append(seen)
    assert views[0] == views[1]
    assert answers[0] == answers[1]


# ---------------------------------------------------------------------------
# Positions with a clear best move.


def test_it_takes_the_third_sashimi() -> None:
    # 10 points now; every other card in the hand is worth far less.
    assert decide(third_sashimi()) == parse_party_action("sashimi")


def test_a_special_order_copies_the_squid_onto_the_empty_wasabi() -> None:
    # The copy is a squid nigiri played now, so it goes on the wasabi: 9 points.
    # The egg nigiri would score 3 there; no other nigiri will come this round.
    assert decide(special_order_late()) == parse_party_action("special-order=squid-nigiri")


def test_a_takeout_box_flips_what_is_worth_less_than_2() -> None:
    state = takeout_box()
    assert decide(state) == parse_party_action("takeout-box-10")
    turn(state, "takeout-box-10", "maki-2")
    flip = decide(state)
    # The lone eel (-3), one of the 3 tofu (3 tofu score 0, 2 score 6) and the lone
    # tempura (no tempura left in play) are flipped for 2 each. The wasabi is kept:
    # three nigiri are still to come in the hand seat 0 holds.
    assert flip == parse_party_action("flip:eel,tempura,tofu")


def test_chopsticks_complete_a_sashimi_set() -> None:
    state = chopsticks_and_sashimi()
    pick = decide(state)
    assert pick == parse_party_action("sashimi call:chopsticks-1")
    turn(state, str(pick), "maki-2")
    assert decide(state) == choice_of("take", ("sashimi",))


def test_chopsticks_do_not_take_a_second_miso_soup_the_same_turn() -> None:
    # Two miso soups played on the same turn are both discarded.
    take = decide(chopsticks_after_miso())
    assert take != choice_of("take", ("miso-soup",))


def test_a_special_order_does_not_copy_a_miso_soup_played_this_turn() -> None:
    state = chopsticks_after_miso()
    state.apply({0: choice_of("take", ("special-order",))})
    # Copying the miso soup would discard both; the egg nigiri scores 1.
    assert decide(state) == choice_of("copy", ("egg-nigiri",))


def test_a_spoon_asks_for_the_sashimi_it_knows_is_to_its_left() -> None:
    state = spoon_with_sashimi_to_the_left()
    turn(state, "tofu call:spoon-4", "temaki", "tofu")
    # Seat 0 has 1 sashimi; the hand two seats to its left holds 2 (its own old
    # hand, seen on turn 1).
    ask = decide(state)
    assert ask == choice_of("ask", ("sashimi",))
    state.apply({0: ask})
    assert [p.card for p in state.tableau(0)].count("sashimi") == 2


def test_asked_for_nigiri_it_gives_the_egg_not_the_squid() -> None:
    # The asker has an empty wasabi: the squid would score 9 for it, the egg 3.
    assert decide(asked_for_nigiri()) == choice_of("give", ("egg-nigiri",))


def test_a_menu_orders_the_sashimi_that_completes_a_set() -> None:
    assert decide(menu_with_two_sashimi()) == choice_of("order", ("sashimi",))


# ---------------------------------------------------------------------------
# Strength.


def test_greedy_beats_random_in_two_player_games() -> None:
    """40 seeded games on My First Meal, seats alternating. Measured: 40 of 40 (see
    docs/agents.md); a random agent would win about 20, and 30 or more with a
    chance under 0.1%."""
    rs = rules(2, "my-first-meal")
    wins = 0.0
    for game in range(40):
        me = game % 2
        agents = [
            make_agent("greedy", game) if s == me else make_agent("random", game + 7919)
            for s in range(2)
        ]
        state = play_game(rs, agents, seed=game)
        assert isinstance(state, PartyState)
        winners = state.winners()
        if me in winners:
            wins += 1 / len(winners)
    assert wins >= 30
