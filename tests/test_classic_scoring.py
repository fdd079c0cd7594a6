"""Scoring of the classic game, table-driven from the rulebooks.

The oracle is /work/shared/rules/sushi-go-rulebook.md, sushi-go-game-help.md and
FACTS.md (classic section), never the engine: every expected value below was worked
out by hand from the printed rules, with the rule quoted next to the table.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sushigo
from sushigo.games.classic import (
    FAMILIES,
    RULINGS,
    maki_points,
    pudding_points,
    score_round,
    winners,
)


def family(tableaux: list[list[str]], fam: str, *, soy: bool = False) -> list[int]:
    """Points of one family for each seat."""
    return [b[fam] for b in score_round(tableaux, soy_sauce=soy)]


def total(tableaux: list[list[str]], *, soy: bool = False) -> list[int]:
    return [sum(b.values()) for b in score_round(tableaux, soy_sauce=soy)]


def maki_cards(icons: int) -> list[str]:
    """A maki hand with exactly ``icons`` icons (3s first, then a 2 or 1)."""
    cards = ["maki-3"] * (icons // 3)
    rest = icons % 3
    if rest:
        cards.append(f"maki-{rest}")
    return cards


# ---------------------------------------------------------------------------
# Maki rolls. "The player with the most scores 6 points. If multiple players are
# tied for the most they split the points evenly (ignoring any remainder) and no
# second place points are awarded. The player with the second most sushi roll
# icons scores 3 points. If multiple players are tied for second place, they split
# the points evenly (ignoring any remainder)." "having 0 icons cannot count as
# second place."

MAKI = [
    pytest.param([5, 3, 2, 3], [6, 1, 0, 1], id="rulebook-example-5-3-2-3"),
    pytest.param([4, 1], [6, 3], id="2p-first-and-second"),
    pytest.param([1, 1], [3, 3], id="2p-tie-for-most-splits-6"),
    pytest.param([4, 4, 1], [3, 3, 0], id="tie-for-most-no-second-place"),
    pytest.param([6, 6, 6], [2, 2, 2], id="three-way-tie-for-most-6//3"),
    pytest.param([2, 2, 2, 2], [1, 1, 1, 1], id="four-way-tie-for-most-6//4"),
    pytest.param([3, 3, 3, 3, 3], [1, 1, 1, 1, 1], id="five-way-tie-for-most-6//5"),
    pytest.param([5, 5, 3, 1, 0], [3, 3, 0, 0, 0], id="5p-tie-for-most-skips-second"),
    pytest.param([5, 2, 2, 2], [6, 1, 1, 1], id="three-way-tie-for-second-3//3"),
    pytest.param([5, 2, 2, 2, 2], [6, 0, 0, 0, 0], id="four-way-tie-for-second-3//4"),
    pytest.param([7, 4, 4, 1, 0], [6, 1, 1, 0, 0], id="tie-for-second-third-gets-nothing"),
    pytest.param([3, 0, 0], [6, 0, 0], id="only-one-player-has-maki-no-second"),
    pytest.param([0, 2, 0, 0], [0, 6, 0, 0], id="only-one-player-has-maki-4p"),
    pytest.param([0, 0], [0, 0], id="nobody-has-maki"),
    pytest.param([0, 0, 0, 0, 0], [0, 0, 0, 0, 0], id="nobody-has-maki-5p"),
    pytest.param([2, 2, 0], [3, 3, 0], id="tie-for-most-zero-is-not-second"),
    pytest.param([9, 1, 0, 0], [6, 3, 0, 0], id="second-needs-only-one-icon"),
    pytest.param([1, 9, 4, 0, 4], [0, 6, 1, 0, 1], id="places-do-not-depend-on-seat-order"),
]


@pytest.mark.parametrize(("icons", "expected"), MAKI)
def test_maki_points(icons: list[int], expected: list[int]) -> None:
    assert maki_points(icons) == expected


@given(st.lists(st.integers(0, 9), min_size=2, max_size=5), st.data())
def test_the_playouts_maki_share_is_maki_points_for_one_seat(
    icons: list[int], data: st.DataObject
) -> None:
    """The quick playout's one-seat count (kept for speed: it saves a fifth of a quick
    search's instructions) must agree with the rule's maki_points."""
    from sushigo.games.classic.playout import _maki_share

    seat = data.draw(st.integers(0, len(icons) - 1))
    mine = data.draw(st.integers(0, 12))
    trial = list(icons)
    trial[seat] = mine
    assert _maki_share(icons, seat, mine) == maki_points(trial)[seat]


@pytest.mark.parametrize(("icons", "expected"), MAKI)
def test_maki_through_score_round(icons: list[int], expected: list[int]) -> None:
    tableaux = [maki_cards(n) for n in icons]
    assert family(tableaux, "maki") == expected
    assert total(tableaux) == expected


@pytest.mark.parametrize(
    ("tableaux", "expected"),
    [
        # "The players each add up the sushi roll icons at the top of all their
        # sushi roll cards": icons count, not cards (a known pitfall).
        pytest.param([["maki-3"], ["maki-1", "maki-1"]], [6, 3], id="one-3-beats-two-1s"),
        pytest.param(
            [["maki-1", "maki-1", "maki-1"], ["maki-2", "maki-2"]],
            [3, 6],
            id="two-2s-beat-three-1s",
        ),
        pytest.param(
            [["maki-3", "maki-3"], ["maki-2", "maki-2", "maki-2"], ["maki-1"] * 5],
            [3, 3, 0],
            id="6-icons-tie-on-icons-not-cards",
        ),
        pytest.param(
            [["maki-1"] * 4, ["maki-3", "maki-2"], ["maki-2"], ["tempura"]],
            [3, 6, 0, 0],
            id="icons-5-beat-4-beat-2",
        ),
        pytest.param(
            [["maki-2", "tempura", "maki-1"], ["maki-3", "maki-1"], []],
            [3, 6, 0],
            id="other-cards-do-not-count-as-icons",
        ),
    ],
)
def test_maki_counts_icons_not_cards(tableaux: list[list[str]], expected: list[int]) -> None:
    assert family(tableaux, "maki") == expected


# ---------------------------------------------------------------------------
# Tempura: "A set of 2 tempura cards scores 5 points. A single tempura card is worth
# nothing. A player may score multiple sets." Sashimi: "A set of 3 sashimi cards
# scores 10 points. A single sashimi card or a set of only 2 is worth nothing."
# Dumplings: 1 2 3 4 5-or-more -> 1 3 6 10 15.

SETS = [
    pytest.param("tempura", 0, 0, id="tempura-0"),
    pytest.param("tempura", 1, 0, id="tempura-1"),
    pytest.param("tempura", 2, 5, id="tempura-2"),
    pytest.param("tempura", 3, 5, id="tempura-3"),
    pytest.param("tempura", 4, 10, id="tempura-4"),
    pytest.param("tempura", 5, 10, id="tempura-5"),
    pytest.param("tempura", 7, 15, id="tempura-7"),
    pytest.param("sashimi", 1, 0, id="sashimi-1"),
    pytest.param("sashimi", 2, 0, id="sashimi-2"),
    pytest.param("sashimi", 3, 10, id="sashimi-3"),
    pytest.param("sashimi", 4, 10, id="sashimi-4"),
    pytest.param("sashimi", 5, 10, id="sashimi-5"),
    pytest.param("sashimi", 6, 20, id="sashimi-6"),
    pytest.param("sashimi", 9, 30, id="sashimi-9"),
    pytest.param("dumpling", 0, 0, id="dumpling-0"),
    pytest.param("dumpling", 1, 1, id="dumpling-1"),
    pytest.param("dumpling", 2, 3, id="dumpling-2"),
    pytest.param("dumpling", 3, 6, id="dumpling-3"),
    pytest.param("dumpling", 4, 10, id="dumpling-4"),
    pytest.param("dumpling", 5, 15, id="dumpling-5"),
    # "5 or More" is 15: not 21 (increments 1+2+3+4+5+6 summed on).
    pytest.param("dumpling", 6, 15, id="dumpling-6-still-15"),
    pytest.param("dumpling", 8, 15, id="dumpling-8-still-15"),
    pytest.param("dumpling", 10, 15, id="dumpling-10-still-15"),
    pytest.param("chopsticks", 1, 0, id="chopsticks-1"),
    pytest.param("chopsticks", 3, 0, id="chopsticks-3"),
    pytest.param("wasabi", 1, 0, id="wasabi-alone"),
    pytest.param("wasabi", 3, 0, id="wasabi-3-alone"),
    pytest.param("pudding", 3, 0, id="pudding-not-scored-in-round"),
]


@pytest.mark.parametrize(("card", "count", "points"), SETS)
def test_set_cards(card: str, count: int, points: int) -> None:
    tableau = [card] * count
    assert total([tableau, []]) == [points, 0]
    assert total([tableau, [], ["tempura"]]) == [points, 0, 0]


@pytest.mark.parametrize(
    ("tableau", "points"),
    [
        pytest.param(["tempura", "sashimi", "tempura", "sashimi", "sashimi"], 15, id="mixed-sets"),
        pytest.param(
            ["dumpling", "tempura", "dumpling", "dumpling"], 6, id="dumplings-3-interleaved"
        ),
        pytest.param(
            ["sashimi", "sashimi", "tempura", "dumpling", "dumpling"], 3, id="incomplete-sets"
        ),
    ],
)
def test_sets_in_a_mixed_tableau(tableau: list[str], points: int) -> None:
    assert total([tableau, []]) == [points, 0]


# ---------------------------------------------------------------------------
# Nigiri and wasabi. Squid 3 (9 on wasabi), salmon 2 (6), egg 1 (3). "If a player
# chooses a ... nigiri card, and already has a wasabi card in front of them, then
# this nigiri must be placed on top of the wasabi." "Only 1 nigiri card may be
# placed on each wasabi card. A player may have multiple wasabi cards." "You should
# play the wasabi before the nigiri, for it to triple the value." Tableaux are in
# the order played.

NIGIRI = [
    pytest.param(["egg-nigiri"], 1, id="egg"),
    pytest.param(["salmon-nigiri"], 2, id="salmon"),
    pytest.param(["squid-nigiri"], 3, id="squid"),
    pytest.param(["wasabi", "egg-nigiri"], 3, id="egg-on-wasabi"),
    pytest.param(["wasabi", "salmon-nigiri"], 6, id="salmon-on-wasabi"),
    pytest.param(["wasabi", "squid-nigiri"], 9, id="squid-on-wasabi"),
    pytest.param(["wasabi"], 0, id="wasabi-alone"),
    pytest.param(["squid-nigiri", "wasabi"], 3, id="wasabi-after-nigiri-does-not-triple"),
    pytest.param(
        ["salmon-nigiri", "wasabi", "egg-nigiri"], 5, id="wasabi-after-salmon-takes-next-egg"
    ),
    pytest.param(["wasabi", "squid-nigiri", "squid-nigiri"], 12, id="one-nigiri-per-wasabi"),
    pytest.param(
        ["wasabi", "egg-nigiri", "squid-nigiri"], 6, id="first-nigiri-after-wasabi-takes-it"
    ),
    pytest.param(
        ["wasabi", "wasabi", "squid-nigiri", "salmon-nigiri"], 15, id="two-wasabi-two-nigiri"
    ),
    pytest.param(
        ["wasabi", "wasabi", "squid-nigiri", "salmon-nigiri", "egg-nigiri"],
        16,
        id="two-wasabi-three-nigiri",
    ),
    pytest.param(["wasabi", "wasabi", "egg-nigiri"], 3, id="two-wasabi-one-nigiri"),
    pytest.param(
        ["wasabi", "squid-nigiri", "wasabi", "salmon-nigiri"], 15, id="wasabi-nigiri-twice"
    ),
    pytest.param(
        ["wasabi", "tempura", "chopsticks", "squid-nigiri"], 9, id="cards-between-do-not-matter"
    ),
    pytest.param(
        ["squid-nigiri", "salmon-nigiri", "egg-nigiri", "wasabi"], 6, id="all-nigiri-before-wasabi"
    ),
    pytest.param(
        ["egg-nigiri", "egg-nigiri", "salmon-nigiri", "squid-nigiri", "squid-nigiri"],
        10,
        id="nigiri-without-wasabi-add-up",
    ),
]


@pytest.mark.parametrize(("tableau", "points"), NIGIRI)
def test_nigiri_and_wasabi(tableau: list[str], points: int) -> None:
    assert family([tableau, []], "nigiri") == [points, 0]
    assert total([tableau, []]) == [points, 0]


# ---------------------------------------------------------------------------
# Puddings. "The player with the most pudding cards scores 6 points. If multiple
# players are tied for the most, they split the points evenly (ignoring any
# remainder). The player with the least pudding cards (which may be 0) loses 6
# points. If multiple players are tied for the least, they split the lost points
# evenly (ignoring any remainder)." "all players have the same number ... no one
# scores". "In a 2 player game, no one loses any points for puddings."
# A negative share ignoring the remainder rounds toward zero: -6 over 4 is -1.

PUDDINGS = [
    pytest.param([4, 3, 0, 0], True, [6, 0, -3, -3], id="rulebook-example-4-3-0-0"),
    pytest.param([2, 2, 2, 2], True, [0, 0, 0, 0], id="all-equal-nobody-scores"),
    pytest.param([0, 0, 0], True, [0, 0, 0], id="all-zero-nobody-scores"),
    pytest.param([3, 1, 0], True, [6, 0, -6], id="3p-most-and-fewest"),
    pytest.param([1, 0, 0], True, [6, -3, -3], id="3p-two-tied-fewest"),
    pytest.param([2, 2, 0], True, [3, 3, -6], id="3p-two-tied-most"),
    pytest.param([3, 3, 3, 1], True, [2, 2, 2, -6], id="three-tied-most-6//3"),
    pytest.param([5, 5, 5, 5, 0], True, [1, 1, 1, 1, -6], id="four-tied-most-6//4"),
    pytest.param([4, 4, 0, 0], True, [3, 3, -3, -3], id="ties-for-most-and-fewest"),
    pytest.param([2, 0, 0, 0], True, [6, -2, -2, -2], id="three-tied-fewest"),
    pytest.param([1, 0, 0, 0, 0], True, [6, -1, -1, -1, -1], id="four-tied-fewest-minus-1-each"),
    pytest.param([3, 0, 2, 0, 0], True, [6, -2, 0, -2, -2], id="5p-three-tied-fewest"),
    pytest.param([6, 1, 2, 1, 1], True, [6, -2, 0, -2, -2], id="5p-fewest-need-not-be-zero"),
    pytest.param([3, 1], False, [6, 0], id="2p-no-penalty"),
    pytest.param([0, 4], False, [0, 6], id="2p-no-penalty-reversed"),
    pytest.param([2, 2], False, [0, 0], id="2p-all-equal"),
    pytest.param([0, 0], False, [0, 0], id="2p-none"),
]


@pytest.mark.parametrize(("puddings", "penalty", "expected"), PUDDINGS)
def test_pudding_points(puddings: list[int], penalty: bool, expected: list[int]) -> None:
    assert pudding_points(puddings, penalty=penalty) == expected


@pytest.mark.parametrize(
    ("players", "penalty"),
    [(2, False), (3, True), (4, True), (5, True)],
    ids=["2p", "3p", "4p", "5p"],
)
def test_pudding_penalty_by_player_count(players: int, penalty: bool) -> None:
    rules = sushigo.make("sushi-go", players=players)
    puddings = [3] + [0] * (players - 1)
    share = -(6 // (players - 1)) if penalty else 0
    assert rules.dessert(puddings) == [6] + [share] * (players - 1)


def test_pudding_penalty_applies_with_the_dummy() -> None:
    # FACTS.md ruling: the dummy game is scored as a 3-player game, so the
    # fewest-pudding penalty applies (the dummy can take it, or a player).
    rules = sushigo.make("sushi-go", players=2, dummy=True)
    assert rules.dessert([2, 0, 1]) == [6, -6, 0]
    assert rules.dessert([0, 1, 2]) == [-6, 0, 6]


# ---------------------------------------------------------------------------
# Winner: "Whoever has the most points is the winner! In the case of a tie,
# whoever has the most pudding cards is the winner!" Ruling: still tied, shared.

WINNERS = [
    pytest.param([40, 35, 30], [0, 0, 0], 3, [0], id="most-points"),
    pytest.param([30, 35, 40, 12], [9, 0, 0, 0], 4, [2], id="puddings-do-not-beat-points"),
    pytest.param([40, 40, 30], [1, 2, 5], 3, [1], id="tie-broken-by-puddings"),
    pytest.param([40, 40, 39], [1, 1, 9], 3, [0, 1], id="still-tied-shared"),
    pytest.param([20, 20], [0, 0], 2, [0, 1], id="2p-shared"),
    pytest.param([7, 7, 7, 7, 7], [1, 3, 3, 0, 2], 5, [1, 2], id="5p-two-share"),
    pytest.param([30, 20, 50], [0, 0, 0], 2, [0], id="dummy-cannot-win"),
    pytest.param([30, 30, 50], [1, 2, 9], 2, [1], id="dummy-cannot-win-tie-break"),
]


@pytest.mark.parametrize(("totals", "puddings", "eligible", "expected"), WINNERS)
def test_winners(
    totals: list[int], puddings: list[int], eligible: int, expected: list[int]
) -> None:
    assert winners(totals, puddings, eligible) == expected


# ---------------------------------------------------------------------------
# Soy sauce promo, as FACTS.md states it and RULINGS refines it: a soy sauce scores
# 4 if its owner has the most different colours among the cards in front of them
# this round (all players compare); ties for most split 4 (round down); only one
# soy sauce per player scores per round. Colours: maki red, tempura purple, sashimi
# green, dumpling blue, nigiri and wasabi yellow, pudding pink, chopsticks light
# blue, soy sauce its own colour.

SOY = "soy-sauce"
SOY_CASES = [
    pytest.param([[SOY, "tempura", "sashimi"], ["tempura", "tempura"]], [4, 0], id="most-colours"),
    pytest.param([[SOY, "tempura"], ["tempura", "sashimi", "dumpling"]], [0, 0], id="not-the-most"),
    pytest.param([[SOY, "tempura"], [SOY, "sashimi"]], [2, 2], id="tie-splits-4"),
    pytest.param(
        [[SOY, "tempura"], [SOY, "sashimi"], [SOY, "dumpling"]], [1, 1, 1], id="three-way-4//3"
    ),
    pytest.param(
        [[SOY, "tempura"], [SOY, "sashimi"], [SOY, "dumpling"], [SOY, "pudding"], [SOY, "maki-1"]],
        [0, 0, 0, 0, 0],
        id="five-way-4//5",
    ),
    pytest.param(
        [[SOY, "tempura"], ["sashimi", "dumpling"]],
        [2, 0],
        id="ruling-tie-with-a-player-without-soy-still-splits",
    ),
    pytest.param([[SOY, SOY, "tempura"], ["tempura"]], [4, 0], id="only-one-soy-per-player-scores"),
    pytest.param(
        [[SOY, SOY, SOY, "tempura"], [SOY, "sashimi"]], [2, 2], id="extra-soy-adds-no-colour"
    ),
    pytest.param(
        [[SOY, "wasabi", "squid-nigiri"], [SOY, "tempura", "sashimi"]],
        [0, 4],
        id="wasabi-and-nigiri-share-yellow",
    ),
    pytest.param(
        [[SOY, "egg-nigiri", "salmon-nigiri", "squid-nigiri"], [SOY, "tempura"]],
        [2, 2],
        id="three-nigiri-one-colour",
    ),
    pytest.param(
        [[SOY, "maki-1", "maki-2", "maki-3"], [SOY, "tempura", "sashimi"]],
        [0, 4],
        id="maki-all-red",
    ),
    pytest.param(
        [[SOY, "chopsticks", "dumpling"], [SOY, "tempura", "sashimi"]],
        [2, 2],
        id="chopsticks-light-blue-not-dumpling-blue",
    ),
    pytest.param(
        [[SOY, "pudding", "tempura"], [SOY, "tempura", "sashimi"]],
        [2, 2],
        id="pudding-played-this-round-counts",
    ),
    pytest.param([[SOY], ["tempura"]], [2, 0], id="soy-sauce-is-its-own-colour"),
    pytest.param(
        [
            [SOY, "maki-1", "tempura", "sashimi", "dumpling", "wasabi", "pudding", "chopsticks"],
            ["maki-1", "tempura", "sashimi", "dumpling", "egg-nigiri", "pudding", "chopsticks"],
        ],
        [4, 0],
        id="all-eight-colours",
    ),
    pytest.param([["tempura"], ["sashimi"]], [0, 0], id="no-soy-sauce-no-points"),
]


@pytest.mark.parametrize(("tableaux", "expected"), SOY_CASES)
def test_soy_sauce(tableaux: list[list[str]], expected: list[int]) -> None:
    assert family(tableaux, SOY, soy=True) == expected


def test_soy_sauce_rulings_are_listed() -> None:
    text = " ".join(RULINGS).lower()
    assert "soy sauce" in text
    assert "split 4" in text
    assert "only one soy sauce" in text
    assert "puddings played this round count" in text


def test_soy_sauce_only_in_the_deck_with_the_promo() -> None:
    plain = sushigo.make("sushi-go", players=4)
    promo = sushigo.make("sushi-go", players=4, soy_sauce=True)
    assert plain.deck.get(SOY, 0) == 0
    assert sum(plain.deck.values()) == 108
    assert promo.deck[SOY] == 4
    assert sum(promo.deck.values()) == 112


def test_soy_sauce_scores_nothing_without_the_promo() -> None:
    rules = sushigo.make("sushi-go", players=2)
    breakdown = rules.score_round([[SOY, "tempura"], ["tempura"]])
    assert [b[SOY] for b in breakdown] == [0, 0]


# ---------------------------------------------------------------------------
# Whole rounds: the breakdown covers every family and sums to the total.

ROUNDS = [
    pytest.param(
        [
            ["maki-3", "maki-2", "tempura", "tempura", "wasabi", "squid-nigiri", "dumpling"],
            ["maki-3", "sashimi", "sashimi", "sashimi", "salmon-nigiri", "chopsticks"],
            ["maki-2", "dumpling", "dumpling", "dumpling", "egg-nigiri", "pudding"],
            ["maki-1", "maki-2", "tempura", "wasabi", "pudding", "squid-nigiri"],
        ],
        [
            {"maki": 6, "tempura": 5, "sashimi": 0, "dumpling": 1, "nigiri": 9},
            {"maki": 1, "tempura": 0, "sashimi": 10, "dumpling": 0, "nigiri": 2},
            {"maki": 0, "tempura": 0, "sashimi": 0, "dumpling": 6, "nigiri": 1},
            {"maki": 1, "tempura": 0, "sashimi": 0, "dumpling": 0, "nigiri": 9},
        ],
        id="4p-mixed",
    ),
    pytest.param(
        [
            ["dumpling"] * 5 + ["maki-1", "egg-nigiri", "wasabi", "egg-nigiri"],
            ["tempura"] * 4 + ["sashimi"] * 3 + ["maki-1", "pudding"],
            ["squid-nigiri", "wasabi", "wasabi", "salmon-nigiri", "maki-3", "chopsticks"]
            + ["chopsticks", "pudding", "tempura"],
        ],
        [
            {"maki": 1, "tempura": 0, "sashimi": 0, "dumpling": 15, "nigiri": 4},
            {"maki": 1, "tempura": 10, "sashimi": 10, "dumpling": 0, "nigiri": 0},
            {"maki": 6, "tempura": 0, "sashimi": 0, "dumpling": 0, "nigiri": 9},
        ],
        id="3p-tie-for-second-maki",
    ),
]


@pytest.mark.parametrize(("tableaux", "expected"), ROUNDS)
@pytest.mark.parametrize("soy", [False, True], ids=["plain", "soy-promo"])
def test_round_breakdown(
    tableaux: list[list[str]], expected: list[dict[str, int]], soy: bool
) -> None:
    breakdown = score_round(tableaux, soy_sauce=soy)
    assert len(breakdown) == len(tableaux)
    for got, want in zip(breakdown, expected, strict=True):
        assert set(got) == set(FAMILIES)
        assert {k: v for k, v in got.items() if k != SOY} == want
        assert got[SOY] == 0
    assert total(tableaux, soy=soy) == [sum(w.values()) for w in expected]


@pytest.mark.parametrize(
    "tableaux",
    [case.values[0] for case in ROUNDS + SOY_CASES]
    + [[["wasabi", "squid-nigiri", "tempura"], ["squid-nigiri", "wasabi", "maki-1"]]],
    ids=[str(case.id) for case in ROUNDS + SOY_CASES] + ["docstring-example"],
)
def test_breakdown_sums_to_total(tableaux: list[list[str]]) -> None:
    rules = sushigo.make("sushi-go", players=len(tableaux), soy_sauce=True)
    breakdown = rules.score_round(tableaux)
    for b in breakdown:
        assert list(b) == list(FAMILIES)
        assert all(isinstance(v, int) for v in b.values())
    assert [sum(b.values()) for b in breakdown] == total(tableaux, soy=True)
