"""Mechanics of the classic game through the state API, with hand-built deals.

The oracle is the rulebook (/work/shared/rules/sushi-go-rulebook.md), the game help
and FACTS.md (classic section, with the project's rulings), not the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

import sushigo
from oracle import VARIANTS, rulebook_puddings
from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.games.classic import ClassicState, Deal, Draw, Pick, score_round

FULL_DECK = {
    "tempura": 14,
    "sashimi": 14,
    "dumpling": 14,
    "maki-2": 12,
    "maki-3": 8,
    "maki-1": 6,
    "salmon-nigiri": 10,
    "squid-nigiri": 5,
    "egg-nigiri": 5,
    "pudding": 10,
    "wasabi": 6,
    "chopsticks": 4,
}
"""The deck list of the game help and FACTS.md: 108 cards."""

HAND_SIZE = {2: 10, 3: 9, 4: 8, 5: 7}


def new(players: int, **options: bool) -> ClassicState:
    state = sushigo.make("sushi-go", players=players, **options).new_game()
    assert isinstance(state, ClassicState)
    return state


def hand(*groups: tuple[str, int] | str) -> tuple[str, ...]:
    """``hand(("tempura", 3), "wasabi")`` -> ('tempura', 'tempura', 'tempura', 'wasabi')."""
    out: list[str] = []
    for g in groups:
        if isinstance(g, str):
            out.append(g)
        else:
            out.extend([g[0]] * g[1])
    return tuple(out)


def deal(state: ClassicState, *hands: Sequence[str]) -> None:
    state.apply_chance(Deal(tuple(tuple(h) for h in hands)))


def pick(*cards: str, dummy: str | None = None) -> Pick:
    return Pick(tuple(cards), dummy)


def first_of(state: ClassicState, seat: int, preference: Sequence[str]) -> Pick:
    """A single-card pick of the first preferred card in the seat's hand."""
    held = state.hand(seat)
    for c in preference:
        if c in held:
            return pick(c)
    return pick(held[0])


def turn(state: ClassicState, actions: dict[int, Pick]) -> None:
    state.apply(actions)


def finish_round(
    state: ClassicState,
    policy: Callable[[ClassicState, int], Pick] | None = None,
    rng: random.Random | None = None,
) -> None:
    """Play until the current round is scored (first legal action by default)."""
    rng = rng or random.Random(0)
    r = state.round
    while state.round == r and not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        state.apply(
            {s: policy(state, s) if policy else state.legal_actions(s)[0] for s in state.to_act()}
        )


def counter_sub(a: dict[str, int], *hands: Sequence[str]) -> dict[str, int]:
    c = Counter(a)
    for h in hands:
        c.subtract(Counter(h))
    return {k: v for k, v in c.items() if v}


# ---------------------------------------------------------------------------
# Deck and deal.


def test_deck_is_108_cards_as_listed() -> None:
    for players in (2, 3, 4, 5):
        rules = sushigo.make("sushi-go", players=players)
        assert rules.deck == FULL_DECK
        assert sum(rules.deck.values()) == 108
        assert new(players).deck() == FULL_DECK


@pytest.mark.parametrize(
    ("players", "size"), sorted(HAND_SIZE.items()), ids=[f"{p}p" for p in HAND_SIZE]
)
def test_deal_size_per_player_count(players: int, size: int) -> None:
    state = new(players)
    assert state.ruleset.hand_size == size
    assert state.is_chance() and state.to_act() == ()
    outcome = state.sample_chance(random.Random(players))
    assert isinstance(outcome, Deal)
    assert len(outcome.hands) == players
    assert all(len(h) == size for h in outcome.hands)
    state.apply_chance(outcome)
    assert [len(state.hand(s)) for s in range(players)] == [size] * players
    assert state.to_act() == tuple(range(players))
    assert sum(state.deck().values()) == 108 - size * players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_deal_of_the_wrong_size_is_refused(players: int) -> None:
    size = HAND_SIZE[players]
    state = new(players)
    with pytest.raises(IllegalActionError, match="hand"):
        deal(state, *[["tempura"] * (size - 1)] * players)
    with pytest.raises(IllegalActionError, match="hands"):
        deal(state, *[["dumpling"] * size] * (players - 1))
    with pytest.raises(IllegalActionError, match="more cards than the deck"):
        deal(state, *[["chopsticks"] * size] * players)
    assert state.is_chance() and state.round == 0


def test_deck_is_never_reshuffled_between_rounds() -> None:
    state = new(3)
    rng = random.Random(3)
    dealt: list[tuple[tuple[str, ...], ...]] = []
    for r in range(3):
        outcome = state.sample_chance(rng)
        assert isinstance(outcome, Deal)
        state.apply_chance(outcome)
        dealt.append(outcome.hands)
        assert state.deck() == counter_sub(FULL_DECK, *[h for d in dealt for h in d])
        finish_round(state)
        # Played cards are discarded face up, puddings kept; nothing returns.
        assert state.deck() == counter_sub(FULL_DECK, *[h for d in dealt for h in d])
        played = [c for res in state.results for tab in res.tableaux for c in tab]
        assert Counter(state.discards()) == Counter(c for c in played if c != "pudding")
        assert sum(state.desserts) == played.count("pudding")
        assert state.round == r + 1
    assert state.is_terminal()
    assert sum(state.deck().values()) == 108 - 3 * 3 * 9


def test_round_two_cannot_deal_cards_that_were_already_dealt() -> None:
    state = new(2)
    deal(
        state,
        hand(("pudding", 5), ("chopsticks", 4), "tempura"),
        hand(("pudding", 5), ("tempura", 5)),
    )
    finish_round(state)
    assert "pudding" not in state.deck() and "chopsticks" not in state.deck()
    with pytest.raises(IllegalActionError, match="pudding"):
        deal(state, hand("pudding", ("sashimi", 9)), hand(("sashimi", 4), ("dumpling", 6)))
    with pytest.raises(IllegalActionError, match="chopsticks"):
        deal(state, hand("chopsticks", ("sashimi", 9)), hand(("sashimi", 4), ("dumpling", 6)))
    deal(state, hand(("tempura", 8), ("sashimi", 2)), hand(("sashimi", 4), ("dumpling", 6)))
    assert state.round == 1


def test_five_players_use_105_of_108_cards() -> None:
    state = new(5)
    rng = random.Random(5)
    used = 0
    for _ in range(3):
        outcome = state.sample_chance(rng)
        assert isinstance(outcome, Deal)
        used += sum(len(h) for h in outcome.hands)
        state.apply_chance(outcome)
        finish_round(state)
    assert used == 105
    assert state.is_terminal()
    assert sum(state.deck().values()) == 3  # "some cards remaining ... are ignored"


def test_dealing_is_reproducible_from_the_rng_and_the_copy_holds_no_order() -> None:
    a, b = new(4), new(4)
    assert a.sample_chance(random.Random(9)) == b.sample_chance(random.Random(9))
    # The state is unchanged by sampling: the deck is a multiset, not an order.
    a.sample_chance(random.Random(1))
    assert a.deck() == FULL_DECK and a.is_chance()


# ---------------------------------------------------------------------------
# Passing.

ROUND1_3P = (hand(("tempura", 9)), hand(("sashimi", 9)), hand(("dumpling", 9)))
ROUND2_3P = (
    hand(("maki-2", 9)),
    hand(("salmon-nigiri", 9)),
    hand(("maki-3", 8), "egg-nigiri"),
)
ROUND3_3P = (
    hand(("pudding", 9)),
    hand(("maki-1", 6), ("maki-2", 3)),
    hand(("squid-nigiri", 5), ("egg-nigiri", 4)),
)


def play_one_pass(state: ClassicState, hands: Sequence[Sequence[str]]) -> list[Counter[str]]:
    """Deal ``hands``, each seat takes its hand's first card; the hands after passing."""
    deal(state, *hands)
    turn(state, {s: pick(h[0]) for s, h in enumerate(hands)})
    return [Counter(state.hand(s)) for s in range(len(hands))]


def remainder(h: Sequence[str]) -> Counter[str]:
    return Counter(h[1:])


def test_hands_pass_left_every_round() -> None:
    state = new(3)
    for hands in (ROUND1_3P, ROUND2_3P, ROUND3_3P):
        after = play_one_pass(state, hands)
        # seat i passes to seat i + 1 (its left)
        for s in range(3):
            assert after[(s + 1) % 3] == remainder(hands[s])
        finish_round(state)
    assert state.is_terminal()


def test_pass_both_ways_passes_right_in_round_two() -> None:
    state = new(3, pass_both_ways=True)
    for r, hands in enumerate((ROUND1_3P, ROUND2_3P, ROUND3_3P)):
        after = play_one_pass(state, hands)
        step = -1 if r == 1 else 1
        for s in range(3):
            assert after[(s + step) % 3] == remainder(hands[s]), f"round {r + 1}"
        # every turn of the round passes the same way
        before = [Counter(state.hand(s)) for s in range(3)]
        picks = [state.hand(s)[0] for s in range(3)]
        turn(state, {s: pick(picks[s]) for s in range(3)})
        for s in range(3):
            assert Counter(state.hand((s + step) % 3)) == before[s] - Counter([picks[s]])
        finish_round(state)
    assert state.is_terminal()


def test_two_players_swap_hands() -> None:
    state = new(2, pass_both_ways=True)
    a, b = hand(("tempura", 10)), hand(("sashimi", 10))
    after = play_one_pass(state, (a, b))
    assert after == [remainder(b), remainder(a)]


# ---------------------------------------------------------------------------
# Chopsticks.

CHOP_2P = (hand("chopsticks", ("tempura", 9)), hand("wasabi", "squid-nigiri", ("sashimi", 8)))
"""Seat 0 takes chopsticks on turn 1; on turn 2 it holds the wasabi and the squid."""

TEMPURA_FIRST = ("tempura", "sashimi")
SASHIMI_FIRST = ("sashimi", "tempura")


def chopsticks_in_front() -> ClassicState:
    state = new(2)
    deal(state, *CHOP_2P)
    turn(state, {0: pick("chopsticks"), 1: pick("sashimi")})
    assert state.tableau(0) == ("chopsticks",)
    assert Counter(state.hand(0)) == Counter(hand("wasabi", "squid-nigiri", ("sashimi", 7)))
    return state


def test_chopsticks_cannot_be_used_without_a_chopsticks_card_in_front() -> None:
    state = new(2)
    deal(state, *CHOP_2P)
    assert all(len(a.cards) == 1 for s in (0, 1) for a in state.legal_actions(s))
    with pytest.raises(IllegalActionError, match="seat 1"):
        turn(state, {0: pick("tempura"), 1: pick("wasabi", "squid-nigiri")})
    # a chopsticks card taken this turn is not usable this turn
    with pytest.raises(IllegalActionError, match="seat 0"):
        turn(state, {0: pick("chopsticks", "tempura"), 1: pick("sashimi")})
    assert state.tableau(0) == () and state.turn == 0


def test_chopsticks_take_two_cards_and_go_back_into_the_passed_hand() -> None:
    state = chopsticks_in_front()
    legal = state.legal_actions(0)
    assert pick("wasabi", "squid-nigiri") in legal
    assert pick("sashimi", "sashimi") in legal
    assert all(len(a.cards) == 1 for a in state.legal_actions(1))  # seat 1 has none
    turn(state, {0: pick("wasabi", "squid-nigiri"), 1: pick("tempura")})
    assert state.tableau(0) == ("wasabi", "squid-nigiri")
    # the chopsticks went into seat 0's hand, which passed to seat 1
    assert Counter(state.hand(1)) == Counter(hand("chopsticks", ("sashimi", 7)))
    assert len(state.hand(0)) == len(state.hand(1)) == 8
    finish_round(state, lambda st, s: first_of(st, s, TEMPURA_FIRST))
    # ruling: wasabi then nigiri in one chopsticks pick puts the nigiri on that wasabi
    assert state.results[0].breakdown[0]["nigiri"] == 9


def test_chopsticks_nigiri_then_wasabi_leaves_the_wasabi_empty() -> None:
    state = chopsticks_in_front()
    assert pick("squid-nigiri", "wasabi") in state.legal_actions(0)
    turn(state, {0: pick("squid-nigiri", "wasabi"), 1: pick("tempura")})
    assert state.tableau(0) == ("squid-nigiri", "wasabi")
    finish_round(state, lambda st, s: first_of(st, s, TEMPURA_FIRST))
    assert state.results[0].breakdown[0]["nigiri"] == 3


def test_only_one_chopsticks_per_turn() -> None:
    state = new(2)
    deal(
        state,
        hand(("chopsticks", 2), ("tempura", 8)),
        hand(("tempura", 2), ("sashimi", 8)),
    )
    turn(state, {0: pick("chopsticks"), 1: pick("sashimi")})
    turn(state, {0: pick("sashimi"), 1: pick("tempura")})
    turn(state, {0: pick("chopsticks"), 1: pick("sashimi")})
    assert state.tableau(0).count("chopsticks") == 2
    assert all(len(a.cards) <= 2 for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError, match="seat 0"):
        turn(state, {0: pick("sashimi", "sashimi", "sashimi"), 1: pick("tempura")})
    turn(state, {0: pick("sashimi", "sashimi"), 1: pick("tempura")})
    # one chopsticks went back into the hand, the other stays in front
    assert state.tableau(0).count("chopsticks") == 1
    assert "chopsticks" in state.hand(1)


def play_to_last_card(
    state: ClassicState, policy: Callable[[ClassicState, int], Pick]
) -> tuple[tuple[str, ...], ...]:
    """Play until one card is left in each hand, then the last card.

    "When the 1 remaining card of each hand is passed on, the player receiving it
    simply places it face-up": the engine may place it by itself or ask for a pick
    with a single choice. Either way no choice is left. Returns the last cards.
    """
    r = state.round
    players = state.ruleset.players
    before: list[tuple[str, ...]] = []
    while state.round == r and len(state.hand(0)) > 1:
        before = [state.hand(s) for s in range(players)]
        state.apply({s: policy(state, s) for s in state.to_act()})
    if state.round == r:  # asked: exactly one legal action, the last card
        last = tuple(state.hand(s) for s in range(players))
        for s in range(players):
            assert len(last[s]) == 1
            assert state.legal_actions(s) == (pick(last[s][0]),)
        with pytest.raises(IllegalActionError, match="seat 0"):
            state.apply(
                {
                    s: pick(last[s][0], last[s][0]) if s == 0 else pick(last[s][0])
                    for s in range(players)
                }
            )
        state.apply({s: pick(last[s][0]) for s in range(players)})
    else:  # placed automatically: what was left after the previous turn, passed on
        step = state.ruleset.pass_step(r)
        last = tuple(state.results[r].turns[-1][s] for s in range(players))
        picked = state.results[r].turns[-2]
        for s in range(players):
            rest = Counter(before[s]) - Counter(picked[s])
            if len(picked[s]) == 2:
                rest["chopsticks"] += 1
            assert rest == Counter(last[(s + step) % players])
    assert state.round == r + 1
    res = state.results[r]
    assert len(res.turns) == state.ruleset.hand_size
    for s in range(players):
        assert len(last[s]) == 1
        assert res.tableaux[s][-1] == last[s][0]
        assert res.turns[-1][s] == last[s]
    return last


def test_the_last_card_is_forced_and_chopsticks_need_two_cards() -> None:
    state = new(2)
    deal(state, *CHOP_2P)
    turn(state, {0: pick("chopsticks"), 1: pick("sashimi")})
    last = play_to_last_card(state, lambda st, s: first_of(st, s, SASHIMI_FIRST))
    # seat 0 never used its chopsticks: one card in hand is not enough for two
    tab = state.results[0].tableaux[0]
    assert tab.count("chopsticks") == 1 and tab[-1] == last[0][0]
    assert len(tab) == 10 and len(state.results[0].tableaux[1]) == 10


def test_the_last_card_goes_on_a_waiting_wasabi() -> None:
    # Seat 0 takes wasabi first and tempura after; the squid reaches it last.
    state = new(2)
    deal(state, hand("wasabi", ("tempura", 9)), hand("squid-nigiri", ("sashimi", 9)))
    turn(state, {0: pick("wasabi"), 1: pick("sashimi")})
    last = play_to_last_card(state, lambda st, s: first_of(st, s, TEMPURA_FIRST))
    assert last[0] == ("squid-nigiri",)
    assert state.results[0].tableaux[0][0] == "wasabi"
    assert state.results[0].breakdown[0]["nigiri"] == 9


def nigiri_pair_position() -> ClassicState:
    """Seat 0 has chopsticks and an empty wasabi in front and holds a squid and an egg."""
    state = new(2)
    deal(
        state,
        hand("chopsticks", "wasabi", ("tempura", 8)),
        hand("squid-nigiri", "egg-nigiri", ("sashimi", 8)),
    )
    turn(state, {0: pick("chopsticks"), 1: pick("sashimi")})
    turn(state, {0: pick("sashimi"), 1: pick("tempura")})
    turn(state, {0: pick("wasabi"), 1: pick("sashimi")})
    assert state.tableau(0) == ("chopsticks", "sashimi", "wasabi")
    assert {"squid-nigiri", "egg-nigiri"} <= set(state.hand(0))
    return state


@pytest.mark.parametrize(
    ("first", "second", "nigiri"),
    [("squid-nigiri", "egg-nigiri", 10), ("egg-nigiri", "squid-nigiri", 6)],
    ids=["squid-first-on-wasabi", "egg-first-on-wasabi"],
)
def test_chopsticks_two_nigiri_resolve_in_the_order_chosen(
    first: str, second: str, nigiri: int
) -> None:
    state = nigiri_pair_position()
    turn(state, {0: pick(first, second), 1: pick("tempura")})
    finish_round(state, lambda st, s: first_of(st, s, TEMPURA_FIRST))
    assert state.results[0].breakdown[0]["nigiri"] == nigiri


def test_both_orders_of_two_nigiri_are_legal_over_a_free_wasabi() -> None:
    state = nigiri_pair_position()
    legal = state.legal_actions(0)
    assert pick("egg-nigiri", "squid-nigiri") in legal
    assert pick("squid-nigiri", "egg-nigiri") in legal


def chopsticks_position(seat0: Sequence[str]) -> ClassicState:
    """Seat 0 has played ``seat0`` (chopsticks first) and holds squid, egg and wasabi."""
    state = new(2)
    deal(
        state,
        hand(*seat0, "squid-nigiri", "egg-nigiri", "wasabi", ("tempura", 7 - len(seat0))),
        hand(("sashimi", 10)),
    )
    for card in seat0:
        turn(state, {0: pick(card), 1: pick("sashimi")})
        # hands switch every turn with 2 players: keep seat 0's cards in seat 0's hand
        turn(state, {0: pick("sashimi"), 1: first_of(state, 1, ("tempura",))})
    return state


@pytest.mark.parametrize(
    ("played", "two_nigiri_both_orders", "wasabi_pair_both_orders"),
    [
        (("chopsticks",), False, True),
        (("chopsticks", "wasabi"), True, False),
        (("chopsticks", "wasabi", "wasabi"), False, False),
    ],
    ids=["no-free-wasabi", "one-free-wasabi", "two-free-wasabi"],
)
def test_pairs_are_offered_in_both_orders_only_where_order_matters(
    played: tuple[str, ...], two_nigiri_both_orders: bool, wasabi_pair_both_orders: bool
) -> None:
    state = chopsticks_position(played)
    assert tuple(c for c in state.tableau(0) if c != "sashimi") == played
    legal = state.legal_actions(0)
    assert pick("egg-nigiri", "squid-nigiri") in legal
    assert (pick("squid-nigiri", "egg-nigiri") in legal) == two_nigiri_both_orders
    assert pick("squid-nigiri", "wasabi") in legal
    assert (pick("wasabi", "squid-nigiri") in legal) == wasabi_pair_both_orders


# ---------------------------------------------------------------------------
# Round end: puddings kept, everything else discarded.


def test_puddings_are_kept_and_other_cards_discarded() -> None:
    state = new(2)
    deal(state, hand(("pudding", 4), ("tempura", 6)), hand(("pudding", 3), ("sashimi", 7)))
    finish_round(state, lambda st, s: first_of(st, s, ("pudding", "tempura", "sashimi")))
    tabs = state.results[0].tableaux
    assert [t.count("pudding") for t in tabs] == list(state.desserts)
    assert sum(state.desserts) == 7
    assert state.tableau(0) == state.tableau(1) == ()
    assert Counter(state.discards()) == Counter(c for t in tabs for c in t if c != "pudding")
    assert "pudding" not in state.discards()
    kept = state.desserts
    # round 2: puddings are still there, and the next puddings add to them
    deal(state, hand("pudding", ("dumpling", 9)), hand(("maki-2", 10)))
    finish_round(state, lambda st, s: first_of(st, s, ("pudding",)))
    assert sum(state.desserts) == sum(kept) + 1
    assert all(a <= b for a, b in zip(kept, state.desserts, strict=True))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_end_scores_puddings_once(players: int) -> None:
    state = new(players)
    rng = random.Random(players)
    # odd seats always take a pudding when they can
    prefs: dict[int, tuple[str, ...]] = {s: ("pudding",) if s % 2 else () for s in range(players)}
    while not state.is_terminal():
        finish_round(state, lambda st, s: first_of(st, s, prefs[s]), rng)
    p = list(state.desserts)
    assert sum(p) <= 10 and p == [
        sum(t.count("pudding") for r in state.results for t in [r.tableaux[s]])
        for s in range(players)
    ]
    round_total = [sum(r.scores[s] for r in state.results) for s in range(players)]
    dessert = rulebook_puddings(p, penalty=players > 2)
    assert state.dessert_scores() == dessert
    assert state.returns() == [round_total[s] + dessert[s] for s in range(players)]


# ---------------------------------------------------------------------------
# Errors.


def test_illegal_actions_name_the_seat_and_the_card() -> None:
    state = new(3)
    with pytest.raises(IllegalActionError, match="dealt"):
        state.apply({0: pick("tempura"), 1: pick("tempura"), 2: pick("tempura")})
    deal(state, *ROUND1_3P)
    with pytest.raises(IllegalActionError) as exc:
        state.apply({0: pick("tempura"), 1: pick("tempura"), 2: pick("dumpling")})
    assert "seat 1" in str(exc.value) and "tempura" in str(exc.value)
    with pytest.raises(IllegalActionError, match="seats"):
        state.apply({0: pick("tempura"), 1: pick("sashimi")})
    with pytest.raises(IllegalActionError, match="seats"):
        state.apply({0: pick("tempura"), 1: pick("sashimi"), 3: pick("dumpling")})
    with pytest.raises(IllegalActionError, match="seat 2"):
        state.apply({0: pick("tempura"), 1: pick("sashimi"), 2: pick("dumpling", dummy="dumpling")})
    with pytest.raises(IllegalActionError, match="seat 0"):
        state.apply({0: "tempura", 1: pick("sashimi"), 2: pick("dumpling")})
    with pytest.raises(IllegalActionError):
        state.apply_chance(Deal(ROUND2_3P))
    # nothing changed
    assert [state.hand(s) for s in range(3)] == [tuple(h) for h in ROUND1_3P]
    assert state.turn == 0


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        pytest.param(6, {}, ("2 to 5", "6"), id="six-players"),
        pytest.param(1, {}, ("2 to 5", "1"), id="one-player"),
        pytest.param(0, {}, ("2 to 5",), id="no-players"),
        pytest.param(3, {"dummy": True}, ("dummy", "2 players", "3"), id="dummy-with-3"),
        pytest.param(5, {"dummy": True}, ("dummy", "2 players"), id="dummy-with-5"),
        pytest.param(4, {"unagi": True}, ("unagi", "pass_both_ways"), id="unknown-variant"),
        pytest.param(4, {"soy_sauce": "yes"}, ("soy_sauce", "yes"), id="non-bool-option"),
        pytest.param(2, {"dummy": 1}, ("dummy",), id="int-is-not-bool"),
        pytest.param("4", {}, ("players",), id="players-not-a-number"),
        pytest.param(True, {}, ("players",), id="players-bool"),
    ],
)
def test_options_errors(
    players: object, options: dict[str, object], words: tuple[str, ...]
) -> None:
    with pytest.raises(OptionsError) as exc:
        sushigo.make("sushi-go", players=players, **options)  # type: ignore[arg-type]
    for word in words:
        assert word in str(exc.value)


def test_unknown_game_is_an_options_error() -> None:
    with pytest.raises(OptionsError, match="sushi-go"):
        sushigo.make("sushi-went", players=2)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"pass_both_ways": True},
        {"reshuffle": True, "soy_sauce": True},
        {"pass_both_ways": True, "reshuffle": True, "soy_sauce": True},
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_legal_options(players: int, options: dict[str, bool]) -> None:
    rules = sushigo.make("sushi-go", players=players, **options)
    assert rules.players == rules.seats == players
    assert all(rules.options[k] is v for k, v in options.items())
    assert sum(rules.options.values()) == len(options)


# ---------------------------------------------------------------------------
# The two-player dummy variant (FACTS.md).

DUMMY_DEAL = (
    hand(("tempura", 9)),
    hand(("sashimi", 9)),
    hand(("maki-3", 8), "maki-2"),  # the dummy's face-down pile
)


def dummy_state() -> ClassicState:
    state = new(2, dummy=True)
    assert state.ruleset.seats == 3 and state.ruleset.players == 2
    deal(state, *DUMMY_DEAL)
    return state


def test_dummy_deals_three_hands_of_nine() -> None:
    state = new(2, dummy=True)
    outcome = state.sample_chance(random.Random(2))
    assert isinstance(outcome, Deal)
    assert [len(h) for h in outcome.hands] == [9, 9, 9]
    state.apply_chance(outcome)
    assert len(state.hand(0)) == len(state.hand(1)) == 9
    assert len(state.pile()) == 9 and Counter(state.pile()) == Counter(outcome.hands[2])
    assert state.is_chance()  # the controller draws first
    assert isinstance(state.sample_chance(random.Random(0)), Draw)
    with pytest.raises(IllegalActionError):
        state.apply({0: pick(state.hand(0)[0]), 1: pick(state.hand(1)[0])})
    missing = next(c for c in FULL_DECK if c not in state.pile())
    with pytest.raises(IllegalActionError, match=missing):
        state.apply_chance(Draw(missing))


def test_dummy_controller_draws_and_picks_for_the_dummy() -> None:
    state = dummy_state()
    assert state.controller() == 0
    state.apply_chance(Draw("maki-3"))
    assert len(state.hand(0)) == 10 and len(state.hand(1)) == 9
    assert state.pile().count("maki-3") == 7
    assert state.to_act() == (0, 1)
    assert all(a.dummy is not None for a in state.legal_actions(0))
    assert all(a.dummy is None for a in state.legal_actions(1))
    assert pick("tempura", dummy="maki-3") in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="dummy"):
        state.apply({0: pick("tempura"), 1: pick("sashimi")})
    with pytest.raises(IllegalActionError, match="seat 1"):
        state.apply({0: pick("tempura", dummy="maki-3"), 1: pick("sashimi", dummy="sashimi")})
    with pytest.raises(IllegalActionError, match="seat 0"):
        state.apply({0: pick("maki-3", dummy="maki-3"), 1: pick("sashimi")})
    with pytest.raises(IllegalActionError, match="seat 0"):
        state.apply({0: pick("tempura", dummy="pudding"), 1: pick("sashimi")})
    state.apply({0: pick("tempura", dummy="maki-3"), 1: pick("sashimi")})
    assert state.tableau(0) == ("tempura",)
    assert state.tableau(1) == ("sashimi",)
    assert state.tableau(2) == ("maki-3",)
    # the players switch hands; the pile stays
    assert Counter(state.hand(0)) == Counter(hand(("sashimi", 8)))
    assert Counter(state.hand(1)) == Counter(hand(("tempura", 8)))
    assert len(state.pile()) == 8
    # control alternates
    assert state.is_chance() and state.controller() == 1


def test_dummy_round_is_scored_as_three_players_and_control_alternates() -> None:
    state = dummy_state()
    controllers = []
    while state.round == 0:
        if state.is_chance():
            controllers.append(state.controller())
            state.apply_chance(Draw(state.pile()[0]))
            continue
        ctrl = state.controller()
        actions = {}
        for s in (0, 1):
            own = first_of(state, s, TEMPURA_FIRST)
            drawn = [c for c in state.hand(s) if c.startswith("maki")]
            actions[s] = Pick(own.cards, drawn[0]) if s == ctrl else own
        state.apply(actions)
    assert controllers == [0, 1, 0, 1, 0, 1, 0, 1, 0]
    res = state.results[0]
    assert Counter(res.tableaux[2]) == Counter(DUMMY_DEAL[2])
    assert sorted(Counter(res.tableaux[0]).items()) == [("sashimi", 4), ("tempura", 5)]
    # Seat 0: 5 tempura 10 + 4 sashimi 10; seat 1: 4 tempura 10 + 5 sashimi 10.
    # Dummy: 26 maki icons, the only maki: 6, and nobody takes second place.
    assert list(res.scores) == [20, 20, 6]
    assert res.breakdown[2]["maki"] == 6
    # Ruling: control alternates across the whole game (round 2 starts with seat 1).
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert state.controller() == 1


def test_dummy_controller_may_use_chopsticks_with_three_cards() -> None:
    state = new(2, dummy=True)
    deal(state, hand("chopsticks", ("tempura", 8)), hand(("sashimi", 9)), DUMMY_DEAL[2])
    state.apply_chance(Draw("maki-3"))
    state.apply({0: pick("chopsticks", dummy="maki-3"), 1: pick("sashimi")})
    state.apply_chance(Draw("maki-3"))
    assert state.controller() == 1
    state.apply({0: pick("sashimi"), 1: pick("tempura", dummy="maki-3")})
    state.apply_chance(Draw("maki-3"))
    assert state.controller() == 0
    assert Counter(state.hand(0)) == Counter(hand(("tempura", 7), "maki-3"))
    assert pick("tempura", "tempura", dummy="maki-3") in state.legal_actions(0)
    state.apply({0: pick("tempura", "tempura", dummy="maki-3"), 1: pick("sashimi")})
    assert state.tableau(0) == ("sashimi", "tempura", "tempura")
    assert state.tableau(2) == ("maki-3", "maki-3", "maki-3")
    # the chopsticks went back into the controller's hand and on to the other player
    assert Counter(state.hand(1)) == Counter(hand(("tempura", 5), "chopsticks"))
    assert len(state.hand(0)) == len(state.hand(1)) == 6


@pytest.mark.parametrize("seed", range(8))
def test_dummy_game_pudding_penalty_and_only_players_win(seed: int) -> None:
    state = new(2, dummy=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        finish_round(state, lambda st, s: rng.choice(st.legal_actions(s)), rng)
    p = list(state.desserts)
    assert len(p) == 3 and sum(p) <= 10
    dessert = rulebook_puddings(p, penalty=True)
    assert state.dessert_scores() == dessert
    totals = [sum(r.scores[s] for r in state.results) + dessert[s] for s in range(3)]
    assert state.returns() == totals
    best = max(totals[:2])
    tied = [s for s in (0, 1) if totals[s] == best]
    most = max(p[s] for s in tied)
    assert state.winners() == [s for s in tied if p[s] == most]


# ---------------------------------------------------------------------------
# Reshuffle variant.


def test_reshuffle_deals_from_everything_but_kept_puddings() -> None:
    dealt = (hand(("pudding", 10)), hand(("chopsticks", 4), ("tempura", 6)))
    again = (hand(("chopsticks", 4), ("tempura", 6)), hand(("sashimi", 10)))
    plain = new(2)
    deal(plain, *dealt)
    finish_round(plain)
    with pytest.raises(IllegalActionError, match="chopsticks"):
        deal(plain, *again)

    state = new(2, reshuffle=True)
    deal(state, *dealt)
    finish_round(state)
    assert sum(state.desserts) == 10
    # every pudding is kept: none can be dealt again
    with pytest.raises(IllegalActionError, match="pudding"):
        deal(state, hand("pudding", ("tempura", 9)), hand(("sashimi", 10)))
    deal(state, *again)
    assert state.round == 1
    assert state.deck() == counter_sub(FULL_DECK, hand(("pudding", 10)), *again)
    assert state.discards() == ()
    finish_round(state)
    assert Counter(state.discards()) == Counter(
        c for t in state.results[1].tableaux for c in t if c != "pudding"
    )


def test_reshuffle_sampled_deal_comes_from_the_full_deck() -> None:
    state = new(5, reshuffle=True)
    rng = random.Random(4)
    for _ in range(3):
        outcome = state.sample_chance(rng)
        assert isinstance(outcome, Deal)
        state.apply_chance(outcome)
        assert state.deck() == counter_sub(
            FULL_DECK, ["pudding"] * sum(state.desserts), *outcome.hands
        )
        finish_round(state)
    assert state.is_terminal()


# ---------------------------------------------------------------------------
# Action notation and ids.


def variant_id(players: int, options: dict[str, bool]) -> str:
    on = [k for k, v in options.items() if v]
    return f"{players}p" + "".join(f"-{k}" for k in sorted(on))


@pytest.mark.parametrize(
    ("players", "options"), VARIANTS, ids=[variant_id(p, o) for p, o in VARIANTS]
)
def test_action_notation_and_ids_round_trip(players: int, options: dict[str, bool]) -> None:
    rules = sushigo.make("sushi-go", players=players, **options)
    rng = random.Random(players * 100 + len(variant_id(players, options)))
    seen: dict[int, Pick] = {}
    for _game in range(2):
        state = rules.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            joint = {}
            for s in state.to_act():
                legal = state.legal_actions(s)
                assert len(set(legal)) == len(legal)
                for a in legal:
                    assert rules.parse_action(str(a)) == a
                    aid = rules.action_id(a)
                    assert isinstance(aid, int) and aid >= 0
                    assert rules.action_from_id(aid) == a
                    assert seen.setdefault(aid, a) == a  # stable: one id, one action
                joint[s] = rng.choice(legal)
            state.apply(joint)
    assert len(seen) > 10


def test_notation_examples() -> None:
    rules = sushigo.make("sushi-go", players=2, dummy=True)
    assert str(pick("tempura")) == "tempura"
    assert str(pick("wasabi", "squid-nigiri")) == "wasabi+squid-nigiri"
    assert str(pick("tempura", dummy="pudding")) == "tempura dummy:pudding"
    assert rules.parse_action("wasabi+squid-nigiri") == pick("wasabi", "squid-nigiri")
    assert rules.parse_action("tempura dummy:pudding") == pick("tempura", dummy="pudding")


def test_scores_match_score_round_of_the_tableaux() -> None:
    state = new(4)
    rng = random.Random(44)
    while not state.is_terminal():
        finish_round(state, lambda st, s: rng.choice(st.legal_actions(s)), rng)
    for res in state.results:
        assert list(res.breakdown) == score_round(res.tableaux, soy_sauce=False)
