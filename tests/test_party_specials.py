"""Sushi Go Party!: the special cards and the turn structure, against the rulebook.

Every expected outcome here is worked out by hand from the card guide and the
"EXTRA RULES FOR USING CHOPSTICKS, SPOON OR MENU" of
../shared/rules/sushi-go-party-rulebook.md, from FACTS.md, and from the rulings
the engine lists (``sushigo.games.party.RULINGS``; each has a test, see
``RULING_TESTS`` at the end).

Positions are built with crafted deals and driven turn by turn. Hands pass to
the left: the hand dealt to seat ``d`` is held by seat ``(d + t) % n`` on turn
``t`` (0-based). A scenario is a list of steps in a small notation:

* ``"tempura | sashimi call:chopsticks-1 | maki-1"``: one turn, a pick per seat
  (``-`` for a seat that does not decide, on the last turn);
* ``"0> take:egg-nigiri"``: the mid-turn decision of seat 0;
* ``"draw: tempura sashimi eel menu-8"``: the four cards a menu draws.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.core.errors import IllegalActionError, OptionsError, ParseError
from sushigo.games import party
from sushigo.games.party import MenuDraw, PartyDeal, PartyRuleset, PartyState, Pending
from sushigo.games.party import scoring as party_scoring
from sushigo.games.party.actions import Choice, PartyPick, parse_party_action
from sushigo.games.party.scoring import (
    Played,
    dessert_points,
    parse_played,
    score_round,
    temaki_points,
)
from sushigo.play import play_game

# Custom menus (7 kinds: roll, 3 appetizers, 2 specials, dessert; nigiri is always in).
CHOP_SPOON = "maki, tempura, sashimi, miso-soup, chopsticks, spoon, pudding"
CHOP_ORDER = "maki, tempura, sashimi, miso-soup, chopsticks, special-order, pudding"
SPOON_ORDER = "maki, tempura, sashimi, miso-soup, spoon, special-order, pudding"
MENU_ORDER = "uramaki, tempura, sashimi, miso-soup, menu, special-order, pudding"
MENU_TAKEOUT = "maki, tempura, sashimi, miso-soup, menu, takeout-box, pudding"
CHOP_TAKEOUT = "maki, tempura, sashimi, miso-soup, chopsticks, takeout-box, pudding"
ORDER_TAKEOUT = "maki, tempura, sashimi, eel, special-order, takeout-box, pudding"
WASABI_CHOP = "maki, tempura, sashimi, eel, chopsticks, wasabi, pudding"
WASABI_ORDER = "maki, tempura, sashimi, eel, wasabi, special-order, pudding"
WASABI_TAKEOUT = "maki, tempura, sashimi, eel, wasabi, takeout-box, pudding"
URAMAKI_CHOP = "uramaki, tempura, sashimi, miso-soup, chopsticks, special-order, pudding"
MIRROR = "maki, tempura, sashimi, eel, chopsticks, wasabi, green-tea-ice-cream"


# ---------------------------------------------------------------------------
# Helpers.


def rules(players: int, menu: str) -> PartyRuleset:
    rs = sushigo.make("sushi-go-party", players=players, menu=menu)
    assert isinstance(rs, PartyRuleset)
    return rs


def cards(text: str) -> list[str]:
    """``"tempura*3 egg-nigiri"`` -> three tempura and an egg nigiri."""
    out: list[str] = []
    for word in text.split():
        name, _, k = word.partition("*")
        out += [name] * int(k or 1)
    return out


def deal(rs: PartyRuleset, *hands: str, added: str | None = None) -> PartyState:
    """A new game with these hands dealt (seat order); the round's desserts are the
    menu's dessert unless ``added`` names them."""
    if added is None:
        added = f"{rs.menu.dessert}*{rs.desserts_added[0]}"
    state = rs.new_game()
    state.apply_chance(PartyDeal(tuple(cards(added)), tuple(tuple(cards(h)) for h in hands)))
    return state


def turn(state: PartyState, *picks: str) -> None:
    """One turn: a pick per seat, ``-`` for a seat that does not decide."""
    actions = {s: parse_party_action(p) for s, p in enumerate(picks) if p.strip() != "-"}
    assert state.to_act() == tuple(sorted(actions)), (state.to_act(), picks)
    state.apply(actions)


def choose(state: PartyState, seat: int, text: str) -> None:
    """The mid-turn decision of ``seat``, which must be the one deciding now."""
    assert state.to_act() == (seat,), f"{state.to_act()} decide now, not {seat}: {state.pending}"
    state.apply({seat: parse_party_action(text)})


def run(state: PartyState, steps: Sequence[str]) -> None:
    for step in steps:
        if step.startswith("draw:"):
            assert state.is_chance(), f"no draw is due: {state.pending}"
            state.apply_chance(MenuDraw(tuple(cards(step[len("draw:") :]))))
        elif ">" in step:
            seat, _, text = step.partition(">")
            choose(state, int(seat), text.strip())
        else:
            turn(state, *step.split("|"))


def tab(state: PartyState, seat: int) -> list[str]:
    """What lies in front of ``seat``, in notation, in the order played."""
    return [p.token for p in state.tableau(seat)]


def hand(state: PartyState, seat: int) -> Counter[str]:
    return Counter(state.hand(seat))


def options(state: PartyState, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def finish_round(state: PartyState) -> None:
    """Play the round out with the first legal action of every seat (used only where
    the rest of the round cannot change what a test checks)."""
    r = state.round
    while state.round == r and not state.is_terminal():
        assert not state.is_chance()
        state.apply({s: state.legal_actions(s)[0] for s in state.to_act()})


def refused(action: Callable[[], object], match: str) -> str:
    """``action`` raises IllegalActionError whose one-line message contains ``match``."""
    with pytest.raises(IllegalActionError, match=match) as err:
        action()
    message = str(err.value)
    assert "\n" not in message and message
    return message


# ---------------------------------------------------------------------------
# Chopsticks.


def test_chopsticks_called_on_a_later_turn_take_from_the_hand_and_travel_on() -> None:
    rs = rules(3, CHOP_SPOON)
    state = deal(
        rs,
        "chopsticks-1 egg-nigiri tempura*8",
        "maki-1 maki-2*4 sashimi*5",
        "squid-nigiri salmon-nigiri*4 maki-3*3 miso-soup*2",
    )
    # Not on the turn they are played: there is nothing in front of seat 0 yet.
    assert not any("call:" in a for a in options(state, 0))
    refused(
        lambda: turn(state, "chopsticks-1 call:chopsticks-1", "sashimi", "maki-3"),
        "cannot call chopsticks-1",
    )
    run(state, ["chopsticks-1 | sashimi | maki-3"])
    # Turn 2: seat 0 holds seat 2's hand and may call the chopsticks with any pick.
    assert hand(state, 0) == Counter(cards("squid-nigiri salmon-nigiri*4 maki-3*2 miso-soup*2"))
    calls = {a for a in options(state, 0) if "call:" in a}
    assert calls == {
        f"{c} call:chopsticks-1" for c in ("squid-nigiri", "salmon-nigiri", "maki-3", "miso-soup")
    }
    run(state, ["maki-3 call:chopsticks-1 | tempura | sashimi"])
    # After the reveal: the second card comes from the hand as it is now, the pick
    # gone (one maki 3 left).
    assert state.pending == Pending(0, "take", "chopsticks-1", "", 0)
    assert options(state, 0) == {
        "take:salmon-nigiri",
        "take:squid-nigiri",
        "take:maki-3",
        "take:miso-soup",
    }
    run(state, ["0> take:squid-nigiri"])
    assert tab(state, 0) == ["maki-3", "squid-nigiri"]
    # The chopsticks went into that hand, which seat 1 now holds.
    assert state.turn == 2
    assert hand(state, 1) == Counter(cards("salmon-nigiri*4 maki-3 miso-soup*2 chopsticks-1"))
    run(state, ["sashimi | chopsticks-1 | tempura"])
    assert tab(state, 1) == ["sashimi", "tempura", "chopsticks-1"]
    # ... and seat 1 may use them from the next turn on.
    assert any(a.endswith("call:chopsticks-1") for a in options(state, 1))


def test_one_bonus_action_per_turn_and_a_single_option_is_taken_without_asking() -> None:
    rs = rules(3, CHOP_SPOON)
    state = deal(
        rs,
        "chopsticks-1 tempura*8 egg-nigiri",
        "sashimi*5 maki-2*5",
        "chopsticks-2 maki-1*4 salmon-nigiri*5",
    )
    run(state, ["chopsticks-1 | sashimi | maki-1", "chopsticks-2 | tempura | sashimi"])
    # Two chopsticks in front of seat 0: each pick calls at most one of them.
    calls = {str(a.call) for a in state.legal_actions(0) if isinstance(a, PartyPick) and a.call}
    assert calls == {"chopsticks-1", "chopsticks-2"}
    with pytest.raises(ParseError):
        parse_party_action("sashimi call:chopsticks-1 call:chopsticks-2")
    run(state, ["sashimi call:chopsticks-2 | salmon-nigiri | tempura", "0> take:maki-2"])
    assert tab(state, 0) == ["chopsticks-1", "sashimi", "maki-2"]
    # The other chopsticks are used on a later turn. Seat 0's hand is then all
    # tempura, so the second card is taken without asking.
    assert hand(state, 0) == Counter(cards("tempura*6 egg-nigiri"))
    run(state, ["egg-nigiri call:chopsticks-1 | sashimi | maki-1"])
    assert state.pending is None and state.turn == 4
    assert tab(state, 0) == ["sashimi", "maki-2", "egg-nigiri", "tempura"]
    assert hand(state, 1) == Counter(cards("tempura*5 chopsticks-1"))


@pytest.mark.parametrize(
    ("hands", "steps", "expected"),
    [
        (
            ("chopsticks-1 tempura*8 eel", "wasabi salmon-nigiri sashimi*8"),
            ["chopsticks-1 | sashimi", "wasabi call:chopsticks-1 | tempura"],
            # wasabi revealed, then the salmon taken goes on it
            (["take:salmon-nigiri"], ["wasabi/covered", "salmon-nigiri/on-wasabi"]),
        ),
        (
            ("chopsticks-1 tempura*8 eel", "wasabi salmon-nigiri sashimi*8"),
            ["chopsticks-1 | sashimi", "salmon-nigiri call:chopsticks-1 | tempura"],
            # the salmon is revealed first: the wasabi taken after it stays free
            (["take:wasabi"], ["salmon-nigiri", "wasabi"]),
        ),
        (
            ("chopsticks-1 egg-nigiri tempura*8", "wasabi sashimi*8 eel"),
            ["chopsticks-1 | sashimi", "wasabi | tempura", "tempura call:chopsticks-1 | sashimi"],
            # a nigiri taken with chopsticks goes on a free wasabi from an earlier turn
            (["take:egg-nigiri"], ["wasabi/covered", "tempura", "egg-nigiri/on-wasabi"]),
        ),
    ],
    ids=["wasabi-then-nigiri", "nigiri-then-wasabi", "earlier-wasabi"],
)
def test_a_nigiri_played_with_chopsticks_goes_on_a_free_wasabi(
    hands: tuple[str, str], steps: list[str], expected: tuple[list[str], list[str]]
) -> None:
    state = deal(rules(2, WASABI_CHOP), *hands)
    takes, tableau = expected
    run(state, steps + [f"0> {t}" for t in takes])
    assert tab(state, 0) == tableau


def test_bonus_actions_resolve_by_lower_right_number_chopsticks_before_spoons() -> None:
    rs = rules(4, CHOP_SPOON)
    state = deal(
        rs,
        "chopsticks-3 tempura*4 sashimi*4",
        "chopsticks-1 maki-1*4 maki-2*4",
        "chopsticks-2 egg-nigiri*4 salmon-nigiri*4",
        "spoon-4 squid-nigiri*3 maki-3*3 miso-soup*2",
    )
    run(
        state,
        [
            "chopsticks-3 | chopsticks-1 | chopsticks-2 | spoon-4",
            "squid-nigiri call:chopsticks-3 | tempura call:chopsticks-1"
            " | maki-1 call:chopsticks-2 | egg-nigiri call:spoon-4",
            # chopsticks 1 (seat 1), 2 (seat 2), 3 (seat 0), then spoon 4 (seat 3)
            "1> take:sashimi",
            "2> take:maki-2",
            "0> take:maki-3",
            # seat 0, first to the left of seat 3, has just put its chopsticks back
            # into its hand: it gives them (its only match) and takes the spoon.
            "3> ask:chopsticks",
        ],
    )
    assert state.turn == 2
    assert tab(state, 0) == ["squid-nigiri", "maki-3"]
    assert tab(state, 1) == ["tempura", "sashimi"]
    assert tab(state, 2) == ["maki-1", "maki-2"]
    assert tab(state, 3) == ["egg-nigiri", "chopsticks-3"]
    # Hands have passed left: seat s now holds seat s-1's hand.
    assert hand(state, 1) == Counter(cards("squid-nigiri*2 maki-3*2 miso-soup*2 spoon-4"))
    assert hand(state, 2) == Counter(cards("tempura*3 sashimi*3 chopsticks-1"))
    assert hand(state, 3) == Counter(cards("maki-1*3 maki-2*3 chopsticks-2"))
    assert hand(state, 0) == Counter(cards("egg-nigiri*3 salmon-nigiri*4"))
    # The chopsticks seat 3 received are kept and used on a later turn.
    assert any(a.endswith("call:chopsticks-3") for a in options(state, 3))


def test_equal_numbers_printed_card_first_then_seats_clockwise_from_seat_0() -> None:
    """FACTS.md ruling: a special order copying chopsticks keeps their number; on equal
    numbers the printed card goes first, then the copies in seat order."""
    rs = rules(3, CHOP_ORDER)
    state = deal(
        rs,
        "chopsticks-1 special-order tempura*6 maki-1*2",
        "sashimi*6 maki-2*2 maki-3*2",
        "special-order egg-nigiri*4 salmon-nigiri*3 squid-nigiri*2",
    )
    run(state, ["chopsticks-1 | sashimi | egg-nigiri"])
    # The copy is made on turn 2 and cannot be used on that turn.
    picks = ["special-order=chopsticks-1 call:special-order=chopsticks-1", "tempura", "sashimi"]
    refused(
        lambda: state.apply({s: parse_party_action(p) for s, p in enumerate(picks)}),
        "cannot call special-order=chopsticks-1",
    )
    run(state, ["special-order=chopsticks-1 | tempura | sashimi"])
    run(
        state,
        [
            # seat 0 uses the printed chopsticks; they go into the hand seat 1 gets
            "sashimi call:chopsticks-1 | salmon-nigiri | tempura",
            "0> take:maki-3",
            "tempura | chopsticks-1 | egg-nigiri",
            "salmon-nigiri | special-order=chopsticks-1 | sashimi",
            "sashimi | egg-nigiri call:chopsticks-1 | tempura",
            "1> take:squid-nigiri",
            "maki-1 | maki-2 | chopsticks-1",
        ],
    )
    assert tab(state, 0)[0] == "special-order=chopsticks-1"
    assert "special-order=chopsticks-1" in tab(state, 1)
    assert tab(state, 2)[-1] == "chopsticks-1"
    assert state.hand(0) == ("egg-nigiri", "salmon-nigiri", "squid-nigiri")
    assert hand(state, 1) == Counter(cards("tempura*2 maki-1"))
    assert state.hand(2) == ("maki-2", "maki-3", "sashimi")
    # All three call a number 1: the printed card (seat 2) first, then the copies,
    # seat 0 before seat 1.
    run(
        state,
        [
            "egg-nigiri call:special-order=chopsticks-1 | tempura call:special-order=chopsticks-1"
            " | sashimi call:chopsticks-1",
            "2> take:maki-3",
            "0> take:squid-nigiri",
            "1> take:maki-1",
        ],
    )
    # A special order used as chopsticks goes into the hand as a special order.
    assert state.turn == 8
    assert hand(state, 1) == Counter(cards("salmon-nigiri special-order"))
    assert hand(state, 2) == Counter(cards("tempura special-order"))
    assert hand(state, 0) == Counter(cards("maki-2 chopsticks-1"))


def test_a_call_needs_two_cards_in_hand_and_the_last_card_plays_as_it_comes() -> None:
    """Rulings: a call needs at least two cards in hand; the last card of each hand is
    played as it comes, and only a special order still chooses its copy."""
    rs = rules(2, CHOP_ORDER)
    state = deal(rs, "chopsticks-1 tempura*8 egg-nigiri", "special-order sashimi*8 maki-1")
    run(state, ["chopsticks-1 | sashimi"])
    # Neither seat takes the special order: it is the last card seat 0 receives.
    while state.turn < 9:
        if state.turn == 8:  # two cards in hand: the chopsticks may be called
            assert any(a.endswith("call:chopsticks-1") for a in options(state, 0))
        picks = [next(c for c in state.hand(s) if c != "special-order") for s in (0, 1)]
        turn(state, *picks)
    # Turn 10: seat 1's last card is played without a decision; seat 0 names the copy
    # of its special order and may not call the chopsticks.
    assert state.to_act() == (0,)
    assert state.hand(0) == ("special-order",)
    assert all(isinstance(a, PartyPick) and a.call is None for a in state.legal_actions(0))
    assert "special-order=chopsticks-1" in options(state, 0)
    refused(
        lambda: state.apply({0: parse_party_action("special-order=sashimi call:chopsticks-1")}),
        "no bonus card can be used on the last turn",
    )
    refused(
        lambda: state.apply(
            {0: parse_party_action("special-order=sashimi"), 1: parse_party_action("tempura")}
        ),
        "expected one action",
    )
    run(state, ["special-order=sashimi | -"])
    assert state.round == 1
    last = state.results[0].turns[-1]
    assert last[0] == "special-order=sashimi" and not last[1].startswith("special")


# ---------------------------------------------------------------------------
# Spoon.

SPOON_HANDS = (
    "spoon-4 egg-nigiri squid-nigiri chopsticks-2 chopsticks-3 tempura*5",
    "salmon-nigiri sashimi*7 maki-2*2",
    "maki-1*4 maki-3*3 miso-soup*3",
)
SPOON_START = ["spoon-4 | sashimi | miso-soup", "maki-1 call:spoon-4 | tempura | sashimi"]


@pytest.mark.parametrize(
    ("ask", "give", "got", "giver"),
    [
        # a kind: seat 1 (first to the left) has egg and squid nigiri and chooses
        ("ask:nigiri", "1> give:squid-nigiri", "squid-nigiri", 1),
        # an exact card: seat 1 has no salmon nigiri, seat 2 has one
        ("ask:salmon-nigiri", None, "salmon-nigiri", 2),
        ("ask:egg-nigiri", None, "egg-nigiri", 1),
        ("ask:maki", None, "maki-2", 2),
        # numbered chopsticks are asked for by kind; the giver picks which
        ("ask:chopsticks", "1> give:chopsticks-3", "chopsticks-3", 1),
        # nobody else holds a maki 3 (seat 0's own hand does not count): discarded
        ("ask:maki-3", None, None, None),
        ("ask:miso-soup", None, None, None),
        ("ask:spoon", None, None, None),
    ],
)
def test_spoon(ask: str, give: str | None, got: str | None, giver: int | None) -> None:
    rs = rules(3, CHOP_SPOON)
    state = deal(rs, *SPOON_HANDS)
    run(state, SPOON_START)
    assert state.pending == Pending(0, "ask", "spoon-4", "", 0)
    assert set(state.legal_actions(0)) == set(rs.asks)
    run(state, ["0> " + ask])
    if give is not None:
        name = ask.partition(":")[2]
        assert state.pending == Pending(1, "give", "spoon-4", name, 0)
        assert state.observe(1).pending == Pending(0, "give", "spoon-4", name, 2)
        assert len(options(state, 1)) == 2
        run(state, [give])
    assert state.turn == 2
    assert tab(state, 0) == ["maki-1"] + ([got] if got else [])
    discards = Counter(state.discards())
    if giver is None:
        assert discards["spoon-4"] == 1
        assert not any("spoon-4" in state.hand(s) for s in range(3))
    else:
        # the spoon went into the giver's hand, which has since passed left
        assert discards["spoon-4"] == 0
        assert "spoon-4" in state.hand((giver + 1) % 3)
        assert got not in tab(state, giver)


def test_spoon_requests_a_kind_or_an_exact_variant_and_bad_requests_are_refused() -> None:
    rs = rules(3, CHOP_SPOON)
    asks = {c.cards[0] for c in rs.asks}
    # every kind on the menu, and the exact cards of kinds whose cards differ
    assert asks == {
        "nigiri",
        "egg-nigiri",
        "salmon-nigiri",
        "squid-nigiri",
        "maki",
        "maki-1",
        "maki-2",
        "maki-3",
        "tempura",
        "sashimi",
        "miso-soup",
        "chopsticks",
        "spoon",
        "pudding",
    }
    state = deal(rs, *SPOON_HANDS)
    run(state, SPOON_START)
    refused(lambda: choose(state, 0, "ask:chopsticks-2"), "a spoon asks for one of")
    refused(lambda: choose(state, 0, "ask:tofu"), "not tofu")
    refused(lambda: choose(state, 0, "take:tempura"), "must decide 'ask:' now")
    refused(lambda: state.apply({1: parse_party_action("ask:nigiri")}), "seats \\[0\\]")
    run(state, ["0> ask:nigiri"])
    refused(lambda: choose(state, 1, "give:tempura"), "seat 1 cannot give tempura")
    refused(lambda: choose(state, 1, "give:salmon-nigiri"), "cannot give salmon-nigiri")
    run(state, ["1> give:egg-nigiri"])
    assert tab(state, 0) == ["maki-1", "egg-nigiri"]


def test_spoon_copies_keep_their_number_and_a_copy_goes_into_the_hand_as_special_order() -> None:
    rs = rules(3, SPOON_ORDER)
    state = deal(
        rs,
        "spoon-5 tempura*5 egg-nigiri*4",
        "spoon-4 sashimi*5 salmon-nigiri*4",
        "spoon-6 special-order maki-1*4 maki-2*4",
    )
    run(state, ["spoon-5 | spoon-4 | spoon-6"])
    assert {str(a) for a in state.legal_actions(0) if str(a).startswith("special")} == {
        "special-order=spoon-5",
        "special-order=spoon-5 call:spoon-5",
    }
    run(state, ["special-order=spoon-5 | tempura | sashimi"])
    assert tab(state, 0) == ["spoon-5", "special-order=spoon-5"]
    run(
        state,
        [
            "sashimi call:special-order=spoon-5 | maki-1 call:spoon-4 | tempura call:spoon-6",
            # 4 (seat 1), then the copy of 5 (seat 0), then 6 (seat 2)
            "1> ask:egg-nigiri",
            "0> ask:maki-2",
            # seat 1 received seat 0's copy as a special order, and gives it
            "2> ask:special-order",
        ],
    )
    # A special order played through a spoon chooses its copy at once; the spoon in
    # use has left the table, so it is not among the choices.
    assert state.pending == Pending(2, "copy", "special-order", "", 2)
    assert options(state, 2) == {"copy:sashimi", "copy:tempura"}
    run(state, ["2> copy:sashimi"])
    assert tab(state, 0) == ["spoon-5", "sashimi", "maki-2"]
    assert tab(state, 1) == ["tempura", "maki-1", "egg-nigiri"]
    assert tab(state, 2) == ["sashimi", "tempura", "special-order=sashimi"]
    assert state.turn == 3
    assert hand(state, 0) == Counter(cards("tempura*3 egg-nigiri*3 spoon-4"))
    assert hand(state, 1) == Counter(cards("sashimi*3 salmon-nigiri*4"))
    assert hand(state, 2) == Counter(cards("maki-1*3 maki-2*3 spoon-6"))


# ---------------------------------------------------------------------------
# Menu.

MENU_HANDS = (
    "tempura*8 squid-nigiri salmon-nigiri",
    "sashimi*8 uramaki-3*2",
    "menu-7 miso-soup*2 egg-nigiri*4 salmon-nigiri*3",
)
# Turn 1 seat 2's miso soup is alone and stays; turn 2 seat 0 plays the menu.
MENU_START = ["tempura | sashimi | miso-soup", "menu-7 | tempura | sashimi"]


def test_menu_draws_four_cards_plays_one_and_returns_the_rest() -> None:
    rs = rules(3, MENU_ORDER)
    state = deal(rs, *MENU_HANDS)
    run(state, MENU_START)
    # The draw is a chance event; everyone sees whose menu is resolving.
    assert state.is_chance() and state.to_act() == ()
    assert state.pending == Pending(0, "order", "menu-7", "", 0)
    assert state.observe(1).pending == Pending(2, "order", "menu-7", "", 2)
    refused(lambda: state.apply({0: parse_party_action("order:tempura")}), "nobody may act")
    refused(lambda: state.apply_chance(MenuDraw(tuple(cards("tempura*4")))), "does not have")
    refused(lambda: state.apply_chance(MenuDraw(tuple(cards("squid-nigiri*2 pudding")))), "4")
    before = state.deck()
    drawn = cards("squid-nigiri uramaki-5 miso-soup menu-8")
    run(state, ["draw: " + " ".join(drawn)])
    # Only the drawer sees the cards drawn.
    assert Counter(state.observe(0).drawn) == Counter(drawn)
    assert state.observe(1).drawn == () and state.observe(2).drawn == ()
    # Any card but another menu.
    assert options(state, 0) == {"order:squid-nigiri", "order:uramaki-5", "order:miso-soup"}
    refused(lambda: choose(state, 0, "order:menu-8"), "cannot play menu-8 from the menu")
    refused(lambda: choose(state, 0, "order:sashimi"), "cannot play sashimi")
    run(state, ["0> order:uramaki-5"])
    assert state.turn == 2
    assert tab(state, 0) == ["tempura", "uramaki-5"]
    assert "menu-7" in state.discards()
    # The card played leaves the deck; the other three went back into it.
    after = dict(before)
    after["uramaki-5"] -= 1
    assert state.deck() == after
    assert state.observe(0).drawn == ()


@pytest.mark.parametrize(
    ("draw", "choice", "played"),
    [
        ("pudding uramaki-3 uramaki-4 salmon-nigiri", "0> order:pudding", "pudding"),
        # one card that may be played: it is played without asking
        ("menu-8 menu-9 miso-soup miso-soup", None, "miso-soup"),
        # a special order ordered from the menu chooses its copy at once, before the
        # turn goes on
        (
            "special-order squid-nigiri menu-8 pudding",
            "0> order:special-order",
            "special-order=tempura",
        ),
    ],
    ids=["dessert", "single-option", "special-order"],
)
def test_menu_plays_the_card_chosen(draw: str, choice: str | None, played: str) -> None:
    state = deal(rules(3, MENU_ORDER), *MENU_HANDS)
    run(state, MENU_START + ["draw: " + draw] + ([choice] if choice else []))
    if state.pending is not None:
        # Whether the menu being resolved may itself be copied, the rulebook does not
        # say; the tempura played on turn 1 may be.
        assert state.pending == Pending(0, "copy", "special-order", "", 0)
        assert "copy:tempura" in options(state, 0)
        run(state, ["0> copy:tempura"])
    assert state.turn == 2 and state.pending is None
    assert tab(state, 0) == ["tempura", played]
    assert Counter(state.discards())["menu-7"] == 1


def test_a_special_order_cannot_copy_the_menu_it_was_ordered_from() -> None:
    """Ruling: menus and takeout boxes are used when played and leave the table that
    turn, so they are never copied."""
    state = deal(rules(3, MENU_ORDER), *MENU_HANDS)
    run(state, MENU_START + ["draw: special-order squid-nigiri menu-8 pudding"])
    run(state, ["0> order:special-order"])
    # Only the tempura may be copied, so it is copied without asking.
    assert state.pending is None and state.turn == 2
    assert tab(state, 0) == ["tempura", "special-order=tempura"]


def test_menus_and_takeout_boxes_resolve_by_number() -> None:
    rs = rules(3, MENU_TAKEOUT)
    state = deal(
        rs,
        "menu-8 tempura*7 egg-nigiri*2",
        "takeout-box-10 sashimi*7 maki-1*2",
        "takeout-box-12 maki-2*5 salmon-nigiri*4",
    )
    run(
        state,
        [
            "tempura | sashimi | maki-2",
            "takeout-box-12 | menu-8 | takeout-box-10",
            # menu 8 (seat 1), takeout box 10 (seat 2), takeout box 12 (seat 0)
            "draw: maki-3 miso-soup squid-nigiri menu-7",
            "1> order:maki-3",
        ],
    )
    assert state.pending == Pending(2, "flip", "takeout-box-10", "", 2)
    assert options(state, 2) == {"flip:", "flip:maki-2"}
    run(state, ["2> flip:maki-2"])
    assert options(state, 0) == {"flip:", "flip:tempura"}
    run(state, ["0> flip:tempura"])
    assert state.turn == 2
    assert tab(state, 0) == ["flipped:tempura"]
    assert tab(state, 1) == ["sashimi", "maki-3"]
    assert tab(state, 2) == ["flipped:maki-2"]
    assert Counter(state.discards()) == Counter(cards("menu-8 takeout-box-10 takeout-box-12"))


# ---------------------------------------------------------------------------
# Special order.


@pytest.mark.parametrize(
    ("hands", "steps", "tableau", "nigiri"),
    [
        (
            ("wasabi special-order tempura*8", "salmon-nigiri sashimi*8 eel"),
            [
                "wasabi | sashimi",
                "salmon-nigiri | tempura",
                "special-order=salmon-nigiri | sashimi",
            ],
            # copying a nigiri on a wasabi: the copy is not on that wasabi
            ["wasabi/covered", "salmon-nigiri/on-wasabi", "special-order=salmon-nigiri"],
            6 + 2,
        ),
        (
            ("salmon-nigiri special-order tempura*8", "wasabi sashimi*8 eel"),
            [
                "salmon-nigiri | sashimi",
                "wasabi | tempura",
                "special-order=salmon-nigiri | sashimi",
            ],
            # copying a nigiri not on a wasabi, with a free wasabi: the copy goes on it
            ["salmon-nigiri", "wasabi/covered", "special-order=salmon-nigiri/on-wasabi"],
            2 + 6,
        ),
        (
            ("wasabi*2 tempura*8", "salmon-nigiri special-order sashimi*8"),
            [
                "wasabi | sashimi",
                "salmon-nigiri | tempura",
                "wasabi | sashimi",
                "special-order=salmon-nigiri | tempura",
            ],
            # ruling: a copy of a nigiri on a wasabi still goes on another free wasabi
            [
                "wasabi/covered",
                "salmon-nigiri/on-wasabi",
                "wasabi/covered",
                "special-order=salmon-nigiri/on-wasabi",
            ],
            6 + 6,
        ),
        (
            ("wasabi special-order tempura*8", "egg-nigiri salmon-nigiri sashimi*8"),
            [
                "wasabi | sashimi",
                "egg-nigiri | tempura",
                "special-order=wasabi | sashimi",
                "salmon-nigiri | tempura",
            ],
            # copying a covered wasabi gives an empty wasabi: the next nigiri goes on it
            [
                "wasabi/covered",
                "egg-nigiri/on-wasabi",
                "special-order=wasabi/covered",
                "salmon-nigiri/on-wasabi",
            ],
            3 + 6,
        ),
    ],
    ids=[
        "copy-nigiri-on-wasabi",
        "copy-onto-free-wasabi",
        "copy-onto-second-wasabi",
        "copy-wasabi",
    ],
)
def test_special_order_and_nigiri_on_wasabi(
    hands: tuple[str, str], steps: list[str], tableau: list[str], nigiri: int
) -> None:
    state = deal(rules(2, WASABI_ORDER), *hands)
    run(state, steps)
    assert tab(state, 0) == tableau
    # The rest of both hands is tempura, sashimi and eel: no other nigiri.
    finish_round(state)
    assert state.results[0].breakdown[0]["nigiri"] == nigiri


def test_special_order_names_its_copy_with_the_pick_or_is_discarded_with_nothing_to_copy() -> None:
    rs = rules(2, WASABI_ORDER)
    state = deal(rs, "special-order*2 tempura*8", "maki-3 maki-2 sashimi*8")
    # Turn 1: nothing to copy. A copy cannot be named; played, it is discarded.
    assert "special-order" in options(state, 0)
    refused(
        lambda: state.apply({0: parse_party_action("special-order=sashimi"), 1: pick("maki-3")}),
        "it may copy nothing yet, not sashimi",
    )
    run(state, ["special-order | maki-3"])
    assert tab(state, 0) == [] and state.discards() == ("special-order",)
    run(state, ["maki-2 | tempura"])
    # Turn 3: the copy is chosen with the pick, among the cards played before.
    assert {a for a in options(state, 0) if a.startswith("special-order")} == {
        "special-order=maki-2"
    }
    refused(
        lambda: state.apply({0: pick("special-order"), 1: pick("sashimi")}),
        "say what the special order copies",
    )
    refused(
        lambda: state.apply({0: pick("special-order=maki-3"), 1: pick("sashimi")}),
        "it may copy maki-2, not maki-3",
    )
    refused(
        lambda: state.apply({0: pick("tempura=maki-2"), 1: pick("sashimi")}),
        "only a special order copies",
    )
    run(state, ["special-order=maki-2 | sashimi"])
    assert tab(state, 0) == ["maki-2", "special-order=maki-2"]


def pick(text: str) -> PartyPick:
    """A pick built without the parser (the parser refuses some of these itself)."""
    name, _, copy = text.partition("=")
    return PartyPick(name, copy or None)


def test_special_order_played_through_chopsticks_chooses_at_once() -> None:
    """A special order played with chopsticks chooses immediately among the cards
    already played, this turn's pick included and the chopsticks in use excluded."""
    rs = rules(3, CHOP_ORDER)
    state = deal(
        rs,
        "chopsticks-1 maki-1*4 maki-2*5",
        "tempura*8 special-order sashimi",
        "egg-nigiri*4 salmon-nigiri*5 maki-3",
    )
    run(
        state,
        [
            "chopsticks-1 | tempura | egg-nigiri",
            "egg-nigiri | maki-1 | tempura",
            "tempura call:chopsticks-1 | salmon-nigiri | maki-2",
            "0> take:special-order",
        ],
    )
    assert state.pending == Pending(0, "copy", "special-order", "", 0)
    assert options(state, 0) == {"copy:egg-nigiri", "copy:tempura"}
    refused(lambda: choose(state, 0, "copy:chopsticks-1"), "may copy egg-nigiri, tempura")
    run(state, ["0> copy:egg-nigiri"])
    assert tab(state, 0) == ["egg-nigiri", "tempura", "special-order=egg-nigiri"]
    assert "chopsticks-1" in state.hand(1)


@pytest.mark.parametrize(
    ("second", "last", "tempura", "flipped"),
    [
        # copying the special order that copies the (now flipped) tempura: a tempura
        ("special-order=tempura", "special-order=tempura", 5, 2),
        # copying a flipped card: flipped too, worth 2
        ("special-order=flipped", "flipped:special-order", 0, 4),
    ],
    ids=["copy-a-copy", "copy-flipped"],
)
def test_special_order_copies_survive_a_flip_and_can_be_copied(
    second: str, last: str, tempura: int, flipped: int
) -> None:
    rs = rules(2, ORDER_TAKEOUT)
    state = deal(rs, "tempura takeout-box-10 sashimi*8", "special-order*2 maki-2*5 maki-1*3")
    run(
        state,
        ["tempura | maki-2", "special-order=tempura | sashimi", "takeout-box-10 | maki-2"],
    )
    assert options(state, 0) == {
        "flip:",
        "flip:tempura",
        "flip:special-order=tempura",
        "flip:special-order=tempura,tempura",
    }
    run(state, ["0> flip:tempura"])
    # The special order still counts as the tempura it copied.
    assert tab(state, 0) == ["flipped:tempura", "special-order=tempura"]
    assert {a for a in options(state, 0) if a.startswith("special-order")} == {
        "special-order=tempura",
        "special-order=flipped",
    }
    run(state, [f"{second} | sashimi"])
    assert tab(state, 0) == ["flipped:tempura", "special-order=tempura", last]
    # No special order or takeout box is left in the hands: the rest is sashimi and maki.
    finish_round(state)
    b = state.results[0].breakdown[0]
    assert (b["tempura"], b["flipped"]) == (tempura, flipped)


# ---------------------------------------------------------------------------
# Takeout box.


def test_takeout_box_flips_only_cards_from_earlier_turns() -> None:
    rs = rules(3, CHOP_TAKEOUT)
    state = deal(
        rs,
        "chopsticks-1 egg-nigiri*4 salmon-nigiri*5",
        "maki-1*4 takeout-box-10 sashimi*5",
        "tempura*8 maki-2*2",
    )
    run(
        state,
        [
            "chopsticks-1 | sashimi | tempura",
            "tempura | egg-nigiri | sashimi",
            "maki-1 call:chopsticks-1 | tempura | salmon-nigiri",
            "0> take:takeout-box-10",
        ],
    )
    # The maki 1 is this turn's and the chopsticks have left the table.
    assert state.pending == Pending(0, "flip", "takeout-box-10", "", 0)
    assert options(state, 0) == {"flip:", "flip:tempura"}
    refused(lambda: choose(state, 0, "flip:maki-1"), "may flip only cards played on earlier turns")
    refused(lambda: choose(state, 0, "flip:tempura,tempura"), "not tempura,tempura")
    run(state, ["0> flip:tempura"])
    assert tab(state, 0) == ["flipped:tempura", "maki-1"]
    assert "takeout-box-10" in state.discards()


def test_takeout_box_with_nothing_to_flip_is_discarded_without_asking() -> None:
    rs = rules(3, CHOP_TAKEOUT)
    state = deal(
        rs, "takeout-box-10 tempura*8 egg-nigiri", "sashimi*8 maki-1*2", "maki-2*5 salmon-nigiri*5"
    )
    run(state, ["takeout-box-10 | sashimi | maki-2"])
    assert state.pending is None and state.turn == 1
    assert tab(state, 0) == [] and state.discards() == ("takeout-box-10",)


def test_flipped_chopsticks_cannot_be_called() -> None:
    rs = rules(3, CHOP_TAKEOUT)
    state = deal(
        rs,
        "chopsticks-1 egg-nigiri*4 salmon-nigiri*5",
        "takeout-box-10 maki-1*4 sashimi*5",
        "tempura*8 maki-2*2",
    )
    run(
        state,
        [
            "chopsticks-1 | sashimi | tempura",
            "tempura | egg-nigiri | sashimi",
            "takeout-box-10 | tempura | salmon-nigiri",
        ],
    )
    assert len(state.legal_actions(0)) == 4  # none, chopsticks, tempura, both
    run(state, ["0> flip:chopsticks-1"])
    assert tab(state, 0) == ["flipped:chopsticks-1", "tempura"]
    assert not any("call:" in a for a in options(state, 0))
    picks = {0: parse_party_action("egg-nigiri call:chopsticks-1")}
    picks.update({1: parse_party_action("maki-1"), 2: parse_party_action("tempura")})
    refused(lambda: state.apply(picks), "cannot call chopsticks-1")


@pytest.mark.parametrize(
    ("hands", "steps", "tableau", "nigiri", "flipped"),
    [
        (
            ("wasabi takeout-box-10 tempura*8", "squid-nigiri sashimi*8 eel"),
            ["wasabi | sashimi", "squid-nigiri | tempura", "takeout-box-10 | sashimi"],
            # ruling: flipping the wasabi leaves the squid tripled (9) and the wasabi
            # scores 2 like any flipped card
            ("0> flip:wasabi/covered", ["flipped:wasabi", "squid-nigiri/on-wasabi"]),
            9,
            2,
        ),
        (
            ("wasabi takeout-box-10 tempura*8", "egg-nigiri squid-nigiri sashimi*8"),
            [
                "wasabi | sashimi",
                "egg-nigiri | tempura",
                "takeout-box-10 | sashimi",
                "0> flip:egg-nigiri/on-wasabi",
                "squid-nigiri | tempura",
            ],
            # ruling: the flipped nigiri keeps its wasabi covered; the squid is not tripled
            (None, ["wasabi/covered", "flipped:egg-nigiri", "squid-nigiri"]),
            3,
            2,
        ),
        (
            ("wasabi takeout-box-10 tempura*8", "squid-nigiri eel sashimi*8"),
            [
                "wasabi | sashimi",
                "eel | tempura",
                "takeout-box-10 | sashimi",
                "0> flip:wasabi",
                "squid-nigiri | tempura",
            ],
            # a flipped wasabi is no longer a wasabi: the squid played next is not on it
            (None, ["flipped:wasabi", "eel", "squid-nigiri"]),
            3,
            2,
        ),
    ],
    ids=["flip-the-wasabi", "flip-the-nigiri", "flip-a-free-wasabi"],
)
def test_takeout_box_and_wasabi(
    hands: tuple[str, str],
    steps: list[str],
    tableau: tuple[str | None, list[str]],
    nigiri: int,
    flipped: int,
) -> None:
    state = deal(rules(2, WASABI_TAKEOUT), *hands)
    choice, expected = tableau
    run(state, steps + ([choice] if choice else []))
    assert tab(state, 0) == expected
    finish_round(state)  # only tempura, sashimi and eel are left
    b = state.results[0].breakdown[0]
    assert (b["nigiri"], b["flipped"]) == (nigiri, flipped)


# ---------------------------------------------------------------------------
# Miso soup.


@pytest.mark.parametrize(
    ("menu", "hands", "steps", "tableaux", "discarded"),
    [
        (
            CHOP_SPOON,
            (
                "miso-soup tempura*8 maki-1",
                "miso-soup sashimi*8 maki-2",
                "miso-soup maki-3*3 egg-nigiri*4 squid-nigiri*2",
            ),
            ["miso-soup | miso-soup | miso-soup"],
            ([], [], []),
            "miso-soup*3",
        ),
        (
            # your own two: the pick and the card taken with chopsticks
            CHOP_SPOON,
            (
                "chopsticks-1 tempura*8 maki-1",
                "sashimi*8 maki-2*2",
                "miso-soup*2 maki-3*3 egg-nigiri*4 squid-nigiri",
            ),
            [
                "chopsticks-1 | sashimi | maki-3",
                "miso-soup call:chopsticks-1 | tempura | sashimi",
                "0> take:miso-soup",
            ],
            ([], ["sashimi", "tempura"], ["maki-3", "sashimi"]),
            "miso-soup*2",
        ),
        (
            CHOP_SPOON,
            (
                "chopsticks-1 tempura*7 miso-soup maki-1",
                "sashimi*8 maki-2*2",
                "miso-soup maki-3*3 egg-nigiri*4 squid-nigiri*2",
            ),
            [
                "chopsticks-1 | sashimi | maki-3",
                "egg-nigiri call:chopsticks-1 | miso-soup | sashimi",
                "0> take:miso-soup",
            ],
            (["egg-nigiri"], ["sashimi"], ["maki-3", "sashimi"]),
            "miso-soup*2",
        ),
        (
            CHOP_SPOON,
            (
                "spoon-4 tempura*7 miso-soup maki-1",
                "sashimi*7 miso-soup maki-2*2",
                "maki-3*3 egg-nigiri*4 squid-nigiri*3",
            ),
            [
                "spoon-4 | sashimi | maki-3",
                "egg-nigiri call:spoon-4 | tempura | miso-soup",
                "0> ask:miso-soup",
            ],
            (["egg-nigiri"], ["sashimi", "tempura"], ["maki-3"]),
            "miso-soup*2",
        ),
        (
            MENU_ORDER,
            (
                "tempura*8 squid-nigiri salmon-nigiri",
                "sashimi*8 miso-soup uramaki-3",
                "menu-7 miso-soup egg-nigiri*4 salmon-nigiri*4",
            ),
            [
                "tempura | sashimi | egg-nigiri",
                "menu-7 | tempura | miso-soup",
                "draw: miso-soup squid-nigiri uramaki-5 menu-8",
                "0> order:miso-soup",
            ],
            (["tempura"], ["sashimi", "tempura"], ["egg-nigiri"]),
            "miso-soup*2 menu-7",
        ),
        (
            # a special order copying the miso soup that survived turn 1
            CHOP_ORDER,
            (
                "miso-soup*2 tempura*7 maki-1",
                "sashimi*8 maki-2*2",
                "special-order maki-3*3 egg-nigiri*4 squid-nigiri*2",
            ),
            ["miso-soup | sashimi | maki-3", "special-order=miso-soup | miso-soup | sashimi"],
            (["miso-soup"], ["sashimi"], ["maki-3", "sashimi"]),
            "miso-soup special-order",
        ),
    ],
    ids=["three-at-the-reveal", "chopsticks-own", "chopsticks", "spoon", "menu", "special-order"],
)
def test_two_miso_soups_in_one_turn_are_all_discarded(
    menu: str,
    hands: tuple[str, str, str],
    steps: list[str],
    tableaux: tuple[list[str], list[str], list[str]],
    discarded: str,
) -> None:
    state = deal(rules(3, menu), *hands)
    run(state, steps)
    assert [tab(state, s) for s in range(3)] == list(tableaux)
    assert Counter(state.discards()) == Counter(cards(discarded))


# ---------------------------------------------------------------------------
# Uramaki.


@pytest.mark.parametrize(
    ("hands", "steps", "scored", "claimed", "discarded"),
    [
        (
            # seats 0 and 1 both reach 10 at the same reveal: both 8, second place is
            # skipped, and seat 2 reaching 11 next scores the third place, 2
            (
                "uramaki-5*2 uramaki-3 tempura*7",
                "uramaki-5 uramaki-4 sashimi*8",
                "uramaki-4 uramaki-5 egg-nigiri*4 salmon-nigiri*4",
            ),
            [
                "uramaki-5 | uramaki-5 | uramaki-4",
                "uramaki-5 | uramaki-5 | uramaki-4",
                "sashimi | egg-nigiri | uramaki-3",
            ],
            (8, 8, 2),
            3,
            "uramaki-5*4 uramaki-4*2 uramaki-3",
        ),
        (
            # same reveal, 11 against 12: the higher total takes 8, the other 5
            (
                "uramaki-3*2 tempura*8",
                "uramaki-4 uramaki-5 sashimi*8",
                "uramaki-3 uramaki-5 egg-nigiri*4 salmon-nigiri*4",
            ),
            [
                "uramaki-3 | uramaki-4 | egg-nigiri",
                "uramaki-3 | uramaki-3 | sashimi",
                "uramaki-5 | uramaki-5 | tempura",
            ],
            (5, 8, 0),
            2,
            "uramaki-3*3 uramaki-4 uramaki-5*2",
        ),
        (
            # seat 0 reaches 10 at the reveal (8); seat 1 reaches 13 later in the same
            # turn with chopsticks, and scores the next place then (5)
            (
                "tempura*8 uramaki-4 egg-nigiri",
                "chopsticks-1 uramaki-5 sashimi*8",
                "uramaki-5*2 uramaki-4 salmon-nigiri*5 egg-nigiri*2",
            ),
            [
                "tempura | chopsticks-1 | salmon-nigiri",
                "uramaki-5 | uramaki-4 | sashimi",
                "uramaki-5 | uramaki-5 call:chopsticks-1 | tempura",
                "1> take:uramaki-4",
            ],
            (8, 5, 0),
            2,
            "uramaki-5*3 uramaki-4*2",
        ),
        (
            # a special order copying an uramaki 5: 10 icons, scored and discarded with it
            (
                "uramaki-5 tempura*8 egg-nigiri",
                "sashimi*8 uramaki-4*2",
                "special-order salmon-nigiri*5 egg-nigiri*3 squid-nigiri",
            ),
            ["uramaki-5 | sashimi | salmon-nigiri", "special-order=uramaki-5 | tempura | sashimi"],
            (8, 0, 0),
            1,
            "uramaki-5 special-order",
        ),
    ],
    ids=["tie-skips-a-place", "tie-broken-by-total", "reached-mid-turn", "special-order-copy"],
)
def test_uramaki_during_the_round(
    hands: tuple[str, str, str],
    steps: list[str],
    scored: tuple[int, int, int],
    claimed: int,
    discarded: str,
) -> None:
    state = deal(rules(3, URAMAKI_CHOP), *hands)
    run(state, steps)
    assert state.uramaki_scored == scored
    assert state.observe(1).uramaki_scored == scored[1:] + scored[:1]
    assert state.observe(0).uramaki_claimed == claimed
    for s in range(3):
        if scored[s]:
            assert not any(
                p.kind == "uramaki" or p.card == "special-order" for p in state.tableau(s)
            )
    assert Counter(c for c in state.discards() if c != "chopsticks-1") == Counter(cards(discarded))


# ---------------------------------------------------------------------------
# Set-up, rounds and the end of the game.


@pytest.mark.parametrize(
    ("players", "hand_size", "desserts"),
    [
        (2, 10, (5, 3, 2)),
        (3, 10, (5, 3, 2)),
        (4, 9, (5, 3, 2)),
        (5, 9, (5, 3, 2)),
        (6, 8, (7, 5, 3)),
        (7, 8, (7, 5, 3)),
        (8, 7, (7, 5, 3)),
    ],
)
def test_hand_sizes_and_desserts_added_each_round(
    players: int, hand_size: int, desserts: tuple[int, int, int]
) -> None:
    rs = rules(players, "my-first-meal")
    assert (rs.hand_size, rs.desserts_added) == (hand_size, desserts)
    state = rs.new_game()
    sample = state.sample_chance(random.Random(players))
    assert isinstance(sample, PartyDeal)
    assert len(sample.desserts_added) == desserts[0]
    assert [len(h) for h in sample.hands] == [hand_size] * players
    short = PartyDeal(sample.desserts_added, tuple(h[:-1] for h in sample.hands))
    refused(lambda: state.apply_chance(short), f"a deal is {players} hands of {hand_size} cards")
    fewer = PartyDeal(sample.desserts_added[1:], sample.hands)
    refused(lambda: state.apply_chance(fewer), f"round 1 adds {desserts[0]} desserts")
    # A whole game: each round adds its desserts and deals full hands.
    done = play_game(rs, [make_agent("random", i) for i in range(players)], players)
    assert isinstance(done, PartyState)
    assert [len(r.desserts_added) for r in done.results] == list(desserts)
    for r in done.results:
        assert [len(h) for h in r.hands] == [hand_size] * players
        assert set(r.desserts_added) == {"green-tea-ice-cream"}


@pytest.mark.parametrize(
    ("menu", "players", "message"),
    [
        ("party-sampler", 7, "menu may only be used with 2 to 6 players"),
        ("party-sampler", 6, None),
        ("dinner-for-two", 2, None),
        ("dinner-for-two", 7, "menu may only be used with 2 to 6 players"),
        ("points-platter", 7, "special-order may only be used with 2 to 6 players"),
        ("points-platter", 2, "edamame may only be used with 3 to 8 players"),
        ("master-menu", 2, "spoon may only be used with 3 to 8 players"),
        ("master-menu", 3, None),
        ("master-menu", 8, None),
        (CHOP_SPOON, 2, "spoon may only be used with 3 to 8 players"),
        (CHOP_ORDER, 8, "special-order may only be used with 2 to 6 players"),
        ("my-first-meal", 1, "for 2 to 8 players, not 1"),
        ("my-first-meal", 9, "for 2 to 8 players, not 9"),
    ],
)
def test_player_count_limits(menu: str, players: int, message: str | None) -> None:
    if message is None:
        assert rules(players, menu).players == players
        return
    with pytest.raises(OptionsError, match=message) as err:
        rules(players, menu)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("players", "maki"),
    [(5, [6, 6, 3, 0, 0]), (6, [6, 6, 4, 2, 0, 0])],
    ids=["5-players-6-3", "6-players-6-4-2"],
)
def test_maki_places_by_player_count(players: int, maki: list[int]) -> None:
    """Maki 3, 3, 2 and 1 icons: ties take full points and skip nothing; 6/3 with 2-5
    players, 6/4/2 with 6-8."""
    rs = rules(players, "maki, tempura, sashimi, eel, wasabi, tea, pudding")
    first = ["maki-3", "maki-3", "maki-2", "maki-1"] + ["tempura"] * (players - 4)
    filler = cards(
        "egg-nigiri*4 salmon-nigiri*5 squid-nigiri*3 sashimi*8 eel*8 wasabi*3 tea*3 tempura*8"
    )
    filler += ["pudding"] * rs.desserts_added[0]
    for c in first[4:]:
        filler.remove(c)  # the tempura some seats play first come out of the filler
    hands = []
    for s in range(players):
        take = rs.hand_size - 1
        hands.append(" ".join([first[s]] + filler[:take]))
        filler = filler[take:]
    state = deal(rs, *hands)
    run(state, [" | ".join(first)])
    finish_round(state)  # no other maki was dealt
    assert [b["maki"] for b in state.results[0].breakdown] == maki


FULL_ROUND = [
    "pudding | tempura",
    "pudding | tempura",
    "special-order=pudding | tempura",
    "takeout-box-10 | tempura",
    "0> flip:pudding",
    "eel | sashimi",
    "eel | sashimi",
    "eel | sashimi",
    "eel | maki-3",
    "egg-nigiri | maki-1",
    # the last cards: seat 0's takeout box is played as it comes (and still flips),
    # seat 1's special order names its copy
    "- | special-order=maki-3",
    "0> flip:egg-nigiri",
]


def test_a_round_desserts_kept_flipped_and_copied_and_the_next_deck() -> None:
    rs = rules(2, ORDER_TAKEOUT)
    state = deal(
        rs,
        "pudding special-order*2 eel*2 egg-nigiri tempura*2 sashimi maki-3",
        "pudding takeout-box-10 takeout-box-11 eel*2 tempura*2 sashimi*2 maki-1",
    )
    run(state, FULL_ROUND)
    assert state.round == 1 and state.is_chance()
    res = state.results[0]
    assert [p.token for p in res.tableaux[0]] == [
        "flipped:pudding",
        "pudding",
        "special-order=pudding",
        "eel",
        "eel",
        "eel",
        "eel",
        "flipped:egg-nigiri",
    ]
    # Seat 0: 2 flipped cards 4, four eel 7; desserts wait for the end of the game.
    # Seat 1: 4 tempura 10, 3 sashimi 10, maki 3+1+3 icons against none 6.
    b0, b1 = res.breakdown
    assert (b0["flipped"], b0["eel"]) == (4, 7)
    assert (b1["tempura"], b1["sashimi"], b1["maki"]) == (10, 10, 6)
    assert res.scores == (11, 26)
    # The pudding and the special order copying one are kept; the flipped pudding is not.
    assert sorted(p.token for p in state.desserts[0]) == ["pudding", "special-order=pudding"]
    assert state.desserts[1] == ()
    assert [p.token for p in state.observe(1).desserts[1]] == [p.token for p in state.desserts[0]]
    # Round 2: everything else is reshuffled, with 3 more puddings: 5 - 1 kept + 3 = 7
    # puddings, and 2 special orders (the kept one is out of the game).
    good = ("pudding*7 special-order*2 takeout-box-12", "tempura*8 sashimi*2")
    trial = state.copy()
    trial.apply_chance(PartyDeal(tuple(cards("pudding*3")), tuple(tuple(cards(h)) for h in good)))
    assert trial.round == 1 and trial.turn == 0 and not trial.is_chance()
    for bad, missing in [
        (("pudding*8 special-order takeout-box-12", "tempura*8 sashimi*2"), "pudding"),
        (("pudding*6 special-order*3 takeout-box-12", "tempura*8 sashimi*2"), "special-order"),
    ]:
        outcome = PartyDeal(tuple(cards("pudding*3")), tuple(tuple(cards(h)) for h in bad))
        refused(partial(state.copy().apply_chance, outcome), f"does not have {missing}")
    five = PartyDeal(tuple(cards("pudding*5")), tuple(tuple(cards(h)) for h in good))
    refused(lambda: state.copy().apply_chance(five), "round 2 adds 3 desserts")


MIRROR_REST = "sashimi*3 eel*2 maki-2*2 egg-nigiri salmon-nigiri"
MIRROR_PICKS = ["sashimi"] * 3 + ["eel"] * 2 + ["maki-2"] * 2 + ["egg-nigiri"]


@pytest.mark.parametrize(
    ("first", "winners"),
    [
        (("green-tea-ice-cream", "tempura"), [0]),
        (("tempura", "green-tea-ice-cream"), [1]),
        (("green-tea-ice-cream", "green-tea-ice-cream"), [0, 1]),
    ],
    ids=["seat-0", "seat-1", "shared"],
)
def test_a_tie_on_points_goes_to_the_most_dessert_cards(
    first: tuple[str, str], winners: list[int]
) -> None:
    """Both players play the same cards (sashimi 10, eel 7, maki tied 6, nigiri 3: 26 a
    round) but for one card of round 1: a lone tempura (0) or an ice cream (0 alone)."""
    rs = rules(2, MIRROR)
    state = rs.new_game()
    for r in range(3):
        firsts = first if r == 0 else ("tempura", "tempura")
        added = f"green-tea-ice-cream*{rs.desserts_added[r]}"
        hands = tuple(tuple(cards(f"{c} {MIRROR_REST}")) for c in firsts)
        state.apply_chance(PartyDeal(tuple(cards(added)), hands))
        run(state, [" | ".join(firsts)] + [f"{c} | {c}" for c in MIRROR_PICKS])
        assert state.results[r].scores == (26, 26)
    assert state.is_terminal()
    assert state.returns() == [78, 78]
    assert state.winners() == winners


# ---------------------------------------------------------------------------
# What each player sees.


def test_views_hide_unseen_hands_and_show_pending_decisions() -> None:
    rs = rules(3, CHOP_SPOON)
    state = deal(
        rs,
        "chopsticks-1 egg-nigiri tempura*8",
        "maki-1 maki-2*4 sashimi*5",
        "squid-nigiri salmon-nigiri*4 maki-3*3 miso-soup*2",
    )
    for seat in range(3):
        view = state.observe(seat)
        assert view.hands[1:] == (None, None)
        assert view.hand_sizes == (10, 10, 10) and view.pending is None and view.drawn == ()
    run(state, ["chopsticks-1 | sashimi | maki-3"])
    # Turn 2: each player knows the hand they passed on (now to their left), not the
    # one two seats away.
    v0 = state.observe(0)
    assert Counter(v0.hand) == Counter(cards("squid-nigiri salmon-nigiri*4 maki-3*2 miso-soup*2"))
    assert Counter(v0.hands[1] or ()) == Counter(cards("egg-nigiri tempura*8"))
    assert v0.hands[2] is None
    v1 = state.observe(1)
    assert Counter(v1.hands[1] or ()) == Counter(cards("maki-1 maki-2*4 sashimi*4"))
    assert v1.hands[2] is None
    assert [[p.token for p in t] for t in v1.tableaux] == [
        ["sashimi"],
        ["maki-3"],
        ["chopsticks-1"],
    ]
    assert v1.earlier == (1, 1, 1)
    run(state, ["maki-3 call:chopsticks-1 | tempura | sashimi"])
    # Everyone sees who decides what, seat-relative.
    assert state.observe(0).pending == Pending(0, "take", "chopsticks-1", "", 0)
    assert state.observe(1).pending == Pending(2, "take", "chopsticks-1", "", 2)
    assert state.observe(2).pending == Pending(1, "take", "chopsticks-1", "", 1)
    assert state.observe(2).earlier == (1, 1, 1)
    assert state.legal_actions(1) == () and state.legal_actions(2) == ()
    run(state, ["0> take:miso-soup"])
    # Turn 3: every hand has been seen by everyone, the chopsticks included.
    v2 = state.observe(2)
    assert all(h is not None for h in v2.hands)
    assert Counter(v2.hands[2] or ()) == Counter(
        cards("squid-nigiri salmon-nigiri*4 maki-3 miso-soup chopsticks-1")
    )
    refused(lambda: state.observe(3), "no seat 3")


def test_another_players_menu_draw_is_hidden() -> None:
    state = deal(rules(3, MENU_ORDER), *MENU_HANDS)
    run(state, MENU_START + ["draw: squid-nigiri uramaki-5 miso-soup menu-8"])
    views = [state.observe(s) for s in range(3)]
    assert Counter(views[0].drawn) == Counter(cards("squid-nigiri uramaki-5 miso-soup menu-8"))
    assert views[1].drawn == () and views[2].drawn == ()
    assert views[2].pending == Pending(1, "order", "menu-7", "", 1)


# ---------------------------------------------------------------------------
# Notation and errors.


@pytest.mark.parametrize(
    "text",
    [
        "tempura",
        "maki-3",
        "fruit-watermelon-orange",
        "special-order=maki-3",
        "special-order=flipped",
        "special-order=chopsticks-2",
        "eel call:chopsticks-2",
        "tofu call:special-order=spoon-5",
        "special-order=tempura call:spoon-4",
        "take:egg-nigiri",
        "ask:nigiri",
        "ask:salmon-nigiri",
        "ask:chopsticks",
        "give:maki-2",
        "order:uramaki-5",
        "copy:maki-3",
        "copy:flipped",
        "flip:",
        "flip:tempura",
        "flip:tempura,tempura",
        "flip:special-order=tempura,squid-nigiri/on-wasabi,wasabi/covered",
    ],
)
def test_every_action_kind_round_trips(text: str) -> None:
    rs = rules(4, "master-menu")
    action = parse_party_action(text)
    assert str(action) == text
    assert parse_party_action(str(action)) == action == rs.parse_action(text)
    assert rs.action_from_id(rs.action_id(action)) == action
    assert isinstance(action, Choice if ":" in text.split(" ")[0] else PartyPick)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("special order = maki 3 call:chop 2", "special-order=maki-3 call:chopsticks-2"),
        ("Take: Egg nigiri", "take:egg-nigiri"),
        ("ask: Nigiri", "ask:nigiri"),
        ("flip: tempura, squid/on-wasabi", "flip:squid-nigiri/on-wasabi,tempura"),
        ("copy: Flipped", "copy:flipped"),
    ],
)
def test_actions_parse_as_people_type_them(typed: str, canonical: str) -> None:
    assert str(parse_party_action(typed)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no card given"),
        ("tempura=maki-3", "only a special order copies a card"),
        ("tempura call:", "name the bonus card after 'call:'"),
        ("tempura call:tempura", "only chopsticks and spoons are called"),
        ("take:", "name the card after 'take:'"),
        ("copy:special-order", "counts as what that one copies"),
        ("flip:tempura/bogus", "'/bogus' is not known"),
        ("flip:tempura/on-wasabi", "only a nigiri lies on a wasabi"),
    ],
)
def test_bad_notation_is_a_parse_error_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as err:
        parse_party_action(text)
    assert "\n" not in str(err.value)


def test_illegal_picks_and_choices_say_why() -> None:
    rs = rules(3, CHOP_SPOON)
    state = deal(rs, *SPOON_HANDS)
    run(state, ["spoon-4 | sashimi | miso-soup"])
    ok = {1: parse_party_action("tempura"), 2: parse_party_action("sashimi")}

    def attempt(text: str) -> None:
        state.apply({0: parse_party_action(text), **ok})

    for text, match in [
        ("sashimi", "seat 0 cannot take sashimi: their hand holds"),
        ("maki-1 call:spoon-5", "cannot call spoon-5: it must be a chopsticks or spoon in front"),
        ("maki-1 call:chopsticks-2", "cannot call chopsticks-2"),
        ("special-order", "seat 0 cannot take special-order"),
        ("ask:nigiri", "seat 0 picks a card now"),
    ]:
        refused(partial(attempt, text), match)
    refused(lambda: state.apply(ok), "expected one action for each of seats \\[0, 1, 2\\]")
    run(state, ["maki-1 call:spoon-4 | tempura | sashimi"])
    refused(lambda: choose(state, 0, "maki-1"), "seat 0 must decide 'ask:' now")
    refused(lambda: state.apply_chance(MenuDraw(("tempura",))), "no deal, draw or roll is due")


# ---------------------------------------------------------------------------
# Rulings that are pure scoring (the engine scores through these functions).


def test_ruling_all_equal_temaki_and_pudding_score_nothing() -> None:
    # The card guide read literally would give both players of a 2-player game +4 (+6).
    assert temaki_points([2, 2]) == [0, 0]
    assert temaki_points([1, 1, 1]) == [0, 0, 0]
    puddings = [[Played("pudding")] * 3, [Played("pudding")] * 3]
    assert dessert_points(puddings, "pudding") == [0, 0]


def test_ruling_flipped_cards_share_one_colour() -> None:
    tab_ = [parse_played(t) for t in ("tea", "flipped:tempura", "flipped:eel", "flipped:maki-1")]
    tab_ += [Played("maki-2"), Played("maki-3")]
    # flipped 3, maki 2, tea 1: the tea scores 3
    assert score_round([tab_])[0]["tea"] == 3
    soy = [Played("soy-sauce"), Played("tempura", flipped=True), Played("eel", flipped=True)]
    other = [Played("soy-sauce"), Played("tempura"), Played("eel")]
    # 2 colours (soy sauce, flipped) against 3
    assert [b["soy-sauce"] for b in score_round([soy, other])] == [0, 4]


def test_ruling_desserts_played_this_round_are_a_colour() -> None:
    tab_ = [
        Played("tea"),
        Played("pudding"),
        Played("pudding"),
        Played("pudding"),
        Played("tempura"),
    ]
    # The 3 puddings are the biggest set of one colour.
    assert score_round([tab_])[0]["tea"] == 3
    soy = [Played("soy-sauce"), Played("pudding"), Played("tempura")]
    other = [Played("soy-sauce"), Played("eel")]
    # 3 colours (soy sauce, pudding, tempura) against 2
    assert [b["soy-sauce"] for b in score_round([soy, other])] == [4, 0]
    # Kept from an earlier round, desserts are not in front of a player at round end
    # (the engine keeps them apart): tests/test_soy_tea_desserts.py plays it out.


RULING_TESTS: dict[str, tuple[str, ...]] = {
    "Temaki and pudding: when every player": (
        "test_ruling_all_equal_temaki_and_pudding_score_nothing",
    ),
    "A nigiri's tripling is fixed": ("test_takeout_box_and_wasabi",),
    "Cards flipped by takeout boxes all share": ("test_ruling_flipped_cards_share_one_colour",),
    "A special order copying a wasabi": ("test_special_order_and_nigiri_on_wasabi",),
    "Desserts played this round count as a colour": (
        "test_ruling_desserts_played_this_round_are_a_colour",
    ),
    "The last card of each hand": (
        "test_a_call_needs_two_cards_in_hand_and_the_last_card_plays_as_it_comes",
        "test_a_round_desserts_kept_flipped_and_copied_and_the_next_deck",
    ),
    "A nigiri goes on a wasabi": (
        "test_special_order_and_nigiri_on_wasabi",
        "test_a_nigiri_played_with_chopsticks_goes_on_a_free_wasabi",
    ),
    "A bonus action is called with the pick": (
        "test_chopsticks_called_on_a_later_turn_take_from_the_hand_and_travel_on",
        "test_a_call_needs_two_cards_in_hand_and_the_last_card_plays_as_it_comes",
    ),
    "On equal lower-right numbers": (
        "test_equal_numbers_printed_card_first_then_seats_clockwise_from_seat_0",
    ),
    "A bonus card in use leaves the table": (
        "test_a_special_order_revealed_with_a_call_may_copy_the_called_chopsticks",
        "test_special_order_played_through_chopsticks_chooses_at_once",
        "test_spoon_copies_keep_their_number_and_a_copy_goes_into_the_hand_as_special_order",
        "test_equal_numbers_printed_card_first_then_seats_clockwise_from_seat_0",
    ),
    "A spoon may name a card kind": (
        "test_spoon",
        "test_spoon_requests_a_kind_or_an_exact_variant_and_bad_requests_are_refused",
    ),
    "Uramaki reached through the reveal": ("test_uramaki_during_the_round",),
    "A takeout box may flip any cards": (
        "test_takeout_box_flips_only_cards_from_earlier_turns",
        "test_flipped_chopsticks_cannot_be_called",
        "test_takeout_box_and_wasabi",
        "test_a_round_desserts_kept_flipped_and_copied_and_the_next_deck",
    ),
    "A special order cannot copy a menu": (
        "test_a_special_order_cannot_copy_the_menu_it_was_ordered_from",
    ),
    "A menu draws up to 4 cards": (
        "test_menu_draws_four_cards_plays_one_and_returns_the_rest",
        "test_menu_plays_the_card_chosen",
    ),
    "A decision with only one possible answer": (
        "test_one_bonus_action_per_turn_and_a_single_option_is_taken_without_asking",
        "test_menu_plays_the_card_chosen",
        "test_spoon",
        "test_takeout_box_with_nothing_to_flip_is_discarded_without_asking",
    ),
}
"""Each ruling the engine lists, by the start of its text, and the tests that check it."""


def test_every_ruling_has_a_test() -> None:
    assert set(party_scoring.RULINGS) <= set(party.RULINGS)
    used: set[str] = set()
    for ruling in party.RULINGS:
        keys = [k for k in RULING_TESTS if ruling.startswith(k)]
        assert len(keys) == 1, f"no test (or several) for the ruling: {ruling}"
        used.add(keys[0])
    assert used == set(RULING_TESTS), f"rulings no longer listed: {set(RULING_TESTS) - used}"
    for names in RULING_TESTS.values():
        for name in names:
            assert callable(globals().get(name)), name


# ---------------------------------------------------------------------------
# The public log.


def test_the_log_tells_every_step_including_those_the_rules_decide_alone() -> None:
    rs = rules(3, CHOP_SPOON)
    state = deal(
        rs,
        "chopsticks-1 spoon-4 miso-soup tempura*7",
        "miso-soup egg-nigiri sashimi*8",
        "miso-soup squid-nigiri salmon-nigiri*4 maki-3*3 maki-1",
    )
    run(
        state,
        [
            # turn 1: two miso soups meet and are discarded
            "chopsticks-1 | miso-soup | miso-soup",
            "maki-3 | spoon-4 | sashimi",
            # turn 3: seat 0's hand is all sashimi once the egg is picked, so the
            # chopsticks take one without asking; seat 2 holds only tempura to give
            "egg-nigiri call:chopsticks-1 | maki-1 call:spoon-4 | miso-soup",
            "1> ask:tempura",
        ],
    )
    steps = [(h.turn, h.what, h.seat, h.cards, h.other) for h in state.log]
    assert steps == [
        (1, "reveal", -1, ("chopsticks-1", "miso-soup", "miso-soup"), -1),
        (1, "miso", 1, ("miso-soup",), -1),
        (1, "miso", 2, ("miso-soup",), -1),
        (2, "reveal", -1, ("maki-3", "spoon-4", "sashimi"), -1),
        (3, "reveal", -1, ("egg-nigiri call:chopsticks-1", "maki-1 call:spoon-4", "miso-soup"), -1),
        (3, "take", 0, ("chopsticks-1", "sashimi"), -1),
        (3, "ask", 1, ("spoon-4", "tempura"), -1),
        (3, "give", 2, ("tempura",), 1),
    ]
    # Views tell the same, seats counted from the viewer.
    view = state.observe(1)
    assert view.log[4].cards == ("maki-1 call:spoon-4", "miso-soup", "egg-nigiri call:chopsticks-1")
    assert (view.log[5].what, view.log[5].seat) == ("take", 2)
    assert (view.log[7].seat, view.log[7].other) == (1, 0)
    # A finished round keeps its log.
    finish_round(state)
    kept = [(h.turn, h.what, h.seat, h.cards, h.other) for h in state.results[0].log]
    assert kept[: len(steps)] == steps


def test_a_special_order_revealed_with_a_call_may_copy_the_called_chopsticks() -> None:
    """Ruling: the call resolves after the reveal, so the chopsticks are still on the
    table when a special order revealed in the same pick is placed."""
    state = deal(
        rules(2, CHOP_ORDER),
        "chopsticks-1 special-order maki-1 maki-2 tempura*2 sashimi maki-3 egg-nigiri "
        "salmon-nigiri",
        "maki-1 maki-2*2 maki-3 sashimi*2 tempura miso-soup squid-nigiri egg-nigiri",
    )
    run(state, ["chopsticks-1 | sashimi", "maki-2 | sashimi"])
    assert "special-order=chopsticks-1 call:chopsticks-1" in options(state, 0)
    run(state, ["special-order=chopsticks-1 call:chopsticks-1 | tempura", "0> take:tempura"])
    # The printed chopsticks went into the hand; the copy stays, usable later.
    assert tab(state, 0) == ["maki-2", "special-order=chopsticks-1", "tempura"]


def test_lazy_choice_lists_slice_like_tuples() -> None:
    state = deal(rules(3, CHOP_SPOON), *SPOON_HANDS)
    run(state, SPOON_START[:1])
    legal = state.legal_actions(0)
    assert len(legal) > 3
    assert legal[:3] == tuple(list(legal)[:3])
    assert legal[-1] == list(legal)[-1]
