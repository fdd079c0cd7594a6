"""Sushi Go Party! scoring: every example and rule of the card guide, table-driven.

Expected values are worked out from the rulebook text
(../shared/rules/sushi-go-party-rulebook.md), not from the code.
"""

from __future__ import annotations

from collections import Counter

import pytest

from sushigo.games.party.scoring import (
    FLIPPED,
    ROUND_FAMILIES,
    Played,
    dessert_points,
    edamame_points,
    fruit_points,
    maki_points,
    onigiri_points,
    played,
    score_round,
    temaki_points,
    uramaki_claims,
    uramaki_end_points,
    winners,
)


def family(tableaux: list[list[Played]], key: str, **kw: object) -> list[int]:
    return [b[key] for b in score_round(tableaux, **kw)]  # type: ignore[arg-type]


# --- rolls ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("icons", "big", "expected"),
    [
        ([5, 5, 3, 1], False, [6, 6, 3, 0]),  # the card guide's example
        ([5, 3, 3, 1], False, [6, 3, 3, 0]),  # ties for second all take 3
        ([4, 0, 0], False, [6, 0, 0]),  # 0 icons never places
        ([0, 0], False, [0, 0]),
        ([7, 6, 5, 4, 3, 2], True, [6, 4, 2, 0, 0, 0]),  # 6-8 players: 6/4/2
        ([7, 7, 5, 5, 3, 0, 0], True, [6, 6, 4, 4, 2, 0, 0]),
    ],
    ids=["example", "tie-second", "one-player", "nobody", "big-table", "big-table-ties"],
)
def test_maki(icons: list[int], big: bool, expected: list[int]) -> None:
    assert maki_points(icons, big_table=big) == expected


def test_maki_through_score_round_counts_icons() -> None:
    tabs = [played("maki-3", "maki-2"), played("maki-1", "maki-1", "maki-1"), played("maki-2")]
    assert family(tabs, "maki") == [6, 3, 0]


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([3, 2, 0, 0], [4, 0, -4, -4]),  # the card guide's example
        ([2, 2, 1], [4, 4, -4]),  # ties take the full points
        ([1, 0], [4, 0]),  # 2 players: no penalty
        ([1, 1, 1], [0, 0, 0]),  # ruling: all equal, nobody scores
    ],
    ids=["example", "ties", "two-players", "all-equal"],
)
def test_temaki(counts: list[int], expected: list[int]) -> None:
    assert temaki_points(counts) == expected


def test_uramaki_card_guide_example() -> None:
    # Chris and Meredith reach 12 icons on the same turn: both score 8, second
    # place is skipped. Nobody else reaches 10; Kerry has the most left: 2.
    awards, claimed = uramaki_claims({0: 12, 1: 12}, 0)
    assert awards == {0: 8, 1: 8} and claimed == 2
    assert uramaki_end_points([0, 0, 7, 4], claimed) == [0, 0, 2, 0]


@pytest.mark.parametrize(
    ("reached", "claimed", "awards", "after"),
    [
        ({0: 10}, 0, {0: 8}, 1),
        ({0: 11, 1: 13}, 0, {1: 8, 0: 5}, 2),  # same turn: higher total wins the tie
        ({0: 10}, 2, {0: 2}, 3),
        ({0: 10}, 3, {0: 0}, 4),  # all three places gone
        ({0: 10, 1: 10, 2: 10}, 1, {0: 5, 1: 5, 2: 5}, 4),
    ],
    ids=["first", "tie-broken", "third", "none-left", "three-way-tie"],
)
def test_uramaki_during_the_round(
    reached: dict[int, int], claimed: int, awards: dict[int, int], after: int
) -> None:
    assert uramaki_claims(reached, claimed) == (awards, after)


def test_uramaki_one_player_may_take_several_places() -> None:
    # "It's possible that one player may be awarded multiple placings for uramaki in a
    # single round": 8 during the round, then the most icons left at round end take
    # the next place, 5.
    tabs = [played("uramaki-4", "uramaki-3"), played("uramaki-5")]
    assert family(tabs, "uramaki", uramaki_claimed=1, uramaki_scored=[8, 0]) == [13, 0]


def test_uramaki_end_of_round_ties_all_score_and_points_already_scored_are_added() -> None:
    tabs = [played("uramaki-5", "uramaki-3"), played("uramaki-4", "uramaki-4"), []]
    assert family(tabs, "uramaki", uramaki_claimed=1, uramaki_scored=[0, 0, 8]) == [5, 5, 8]
    assert family(tabs, "uramaki", uramaki_claimed=3) == [0, 0, 0]


# --- appetizers ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "key", "points"),
    [
        (["tempura"], "tempura", 0),
        (["tempura"] * 2, "tempura", 5),
        (["tempura"] * 5, "tempura", 10),
        (["sashimi"] * 2, "sashimi", 0),
        (["sashimi"] * 3, "sashimi", 10),
        (["sashimi"] * 6, "sashimi", 20),
        *[
            (["dumpling"] * n, "dumpling", p)
            for n, p in [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (7, 15)]
        ],
        (["eel"], "eel", -3),
        (["eel"] * 2, "eel", 7),
        (["eel"] * 3, "eel", 7),
        (["tofu"], "tofu", 2),
        (["tofu"] * 2, "tofu", 6),
        (["tofu"] * 3, "tofu", 0),
        (["tofu"] * 4, "tofu", 0),
        (["miso-soup"] * 2, "miso-soup", 6),  # miso soups that survived their turns
    ],
)
def test_appetizers(cards: list[str], key: str, points: int) -> None:
    assert family([played(*cards), []], key)[0] == points


@pytest.mark.parametrize(
    ("shapes", "points"),
    [
        ({"circle": 1, "triangle": 1, "square": 2}, 10),  # the card guide's example
        ({"circle": 1}, 1),
        ({"circle": 1, "square": 1}, 4),
        ({"circle": 1, "square": 1, "triangle": 1, "rectangle": 1}, 16),
        ({"circle": 2, "square": 2, "triangle": 2, "rectangle": 2}, 32),
        ({"circle": 3}, 3),
    ],
)
def test_onigiri(shapes: dict[str, int], points: int) -> None:
    assert onigiri_points(Counter(shapes)) == points
    cards = [f"onigiri-{s}" for s, n in shapes.items() for _ in range(n)]
    assert family([played(*cards)], "onigiri") == [points]


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([3, 2, 1, 0], [6, 4, 2, 0]),  # the card guide's example
        ([2, 0, 0], [0, 0, 0]),  # only one player has edamame: worth 0
        ([1, 1, 1, 1, 1, 1, 1, 1], [4] * 8),  # at most 4 per card
        ([2, 1, 1, 1, 1, 1], [8, 4, 4, 4, 4, 4]),
    ],
    ids=["example", "alone", "capped", "capped-two"],
)
def test_edamame(counts: list[int], expected: list[int]) -> None:
    assert edamame_points(counts) == expected


# --- nigiri, wasabi, specials --------------------------------------------------------


def test_nigiri_and_wasabi() -> None:
    tab = [
        Played("wasabi"),
        Played("squid-nigiri", on_wasabi=True),
        Played("salmon-nigiri"),
        Played("egg-nigiri"),
        Played("wasabi"),
        Played("egg-nigiri", on_wasabi=True),
    ]
    assert family([tab], "nigiri") == [9 + 2 + 1 + 3]


@pytest.mark.parametrize(
    ("card", "plain", "on_wasabi"),
    [("egg-nigiri", 1, 3), ("salmon-nigiri", 2, 6), ("squid-nigiri", 3, 9)],
)
def test_nigiri_values_from_the_card_guide(card: str, plain: int, on_wasabi: int) -> None:
    assert family([[Played(card)]], "nigiri") == [plain]
    tab = [Played("wasabi", covered=True), Played(card, on_wasabi=True)]
    assert family([tab], "nigiri") == [on_wasabi]
    assert family([[Played("wasabi")]], "nigiri") == [0]  # a wasabi alone is worth 0


def test_special_order_copies_score_as_the_copied_card() -> None:
    tab = [
        Played("salmon-nigiri"),
        Played("wasabi"),
        Played("special-order", copies="salmon-nigiri", on_wasabi=True),
        Played("uramaki-5"),
        Played("special-order", copies="maki-3"),
        Played("tempura"),
        Played("special-order", copies="tempura"),
    ]
    b = score_round([tab, []])[0]
    assert b["nigiri"] == 2 + 6
    assert b["maki"] == 6
    assert b["tempura"] == 5


def test_flipped_cards_are_worth_two_and_nothing_else() -> None:
    tab = [
        Played("sashimi", flipped=True),
        Played("sashimi"),
        Played("sashimi"),
        Played("special-order", copies="sashimi", flipped=True),
    ]
    b = score_round([tab])[0]
    assert b[FLIPPED] == 4
    assert b["sashimi"] == 0  # only two sashimi are still sashimi


def test_tea_card_guide_example() -> None:
    # Chris has 1 wasabi, 1 squid nigiri and 2 salmon nigiri: 4 yellow cards.
    tab = played("tea", "wasabi", "squid-nigiri", "salmon-nigiri", "salmon-nigiri")
    assert family([tab], "tea") == [4]


def test_tea_special_order_and_flipped_colours() -> None:
    tab = [
        Played("tea"),
        Played("tempura"),
        Played("special-order", copies="tempura"),
        Played("eel", flipped=True),
        Played("tofu", flipped=True),
        Played("sashimi", flipped=True),
    ]
    assert family([tab], "tea") == [3]  # three flipped cards share one colour
    two_teas = [Played("tea"), Played("tea"), Played("tempura")]
    assert family([two_teas], "tea") == [4]  # each tea scores the 2 teas


def test_soy_sauce_most_colours_and_ties() -> None:
    a = played("soy-sauce", "tempura", "eel")  # 3 colours
    b = played("soy-sauce", "soy-sauce", "tofu", "maki-1")  # 3 colours, 2 soy sauces
    c = played("tempura", "sashimi", "eel", "tofu")  # 4 colours, no soy sauce
    assert family([a, b], "soy-sauce") == [4, 8]
    assert family([a, b, c], "soy-sauce") == [0, 0, 0]


def test_soy_sauce_counts_its_own_colour() -> None:
    # "A soy sauce card itself is considered when determining the most different
    # colors": soy sauce and tempura (2 colours) tie tempura and eel (2 colours).
    a = played("soy-sauce", "tempura")
    b = played("tempura", "eel")
    assert family([a, b], "soy-sauce") == [4, 0]


def test_soy_sauce_colours_special_order_and_flips() -> None:
    a = [Played("soy-sauce"), Played("tempura"), Played("special-order", copies="eel")]
    b = [Played("soy-sauce"), Played("eel", flipped=True), Played("tofu", flipped=True)]
    assert family([a, b], "soy-sauce") == [4, 0]  # 3 colours against 2


def test_desserts_played_this_round_are_a_colour() -> None:
    # FACTS.md: "a dessert played this round counts as a colour for soy sauce and
    # tea" (the printed soy sauce entry: "Only dessert cards played in the current
    # round are [counted]"). Soy sauce, pudding, tempura: 3 colours, a tie with 3.
    a = played("soy-sauce", "pudding", "tempura")
    b = played("soy-sauce", "eel", "tofu")
    assert family([a, b], "soy-sauce") == [4, 4]
    c = played("soy-sauce", "eel")  # 2 colours: the pudding's colour beats it
    assert family([a, c], "soy-sauce") == [4, 0]
    # Tea: 3 puddings are the biggest set of one colour.
    assert family([played("tea", "pudding", "pudding", "pudding", "tempura")], "tea") == [3]


def test_breakdown_sums_to_the_round_total() -> None:
    tabs = [
        played("maki-3", "tempura", "tempura", "wasabi", "tea", "soy-sauce"),
        played("temaki", "eel", "eel", "edamame", "miso-soup"),
        played("edamame", "uramaki-4", "tofu"),
    ]
    for b in score_round(tabs):
        assert set(b) == set(ROUND_FAMILIES)
    totals = [sum(b.values()) for b in score_round(tabs)]
    # maki 6, tempura 5, tea 1 (every colour once), soy 4 (6 colours, the most)
    # temaki 4 (only one), eel 7, edamame 1, miso 3; edamame 1, uramaki 8 at round end,
    # tofu 2, temaki -4
    assert totals == [6 + 5 + 2 + 4 - 4, 4 + 7 + 1 + 3, 1 + 8 + 2 - 4]


# --- desserts and the winner -------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([4, 2, 1, 1], [6, 0, -6, -6]),  # the card guide's example
        ([3, 1], [6, 0]),  # 2 players: no penalty
        ([2, 2, 2], [0, 0, 0]),  # ruling: all equal
    ],
)
def test_pudding(counts: list[int], expected: list[int]) -> None:
    desserts = [played(*["pudding"] * n) for n in counts]
    assert dessert_points(desserts, "pudding") == expected


@pytest.mark.parametrize(("n", "points"), [(3, 0), (4, 12), (7, 12), (8, 24)])
def test_green_tea_ice_cream(n: int, points: int) -> None:
    assert dessert_points([played(*["green-tea-ice-cream"] * n)], "green-tea-ice-cream") == [points]


def test_fruit_card_guide_example() -> None:
    # Chris: 0 watermelon, 1 orange, 4 pineapple -> -2 + 0 + 6 = 4.
    assert fruit_points({"orange": 1, "pineapple": 4}) == 4
    # Meredith played no fruit cards: -2 for each fruit.
    chris = [
        Played("fruit-pineapple-pineapple"),
        Played("fruit-pineapple-orange"),
        Played("special-order", copies="fruit-pineapple-pineapple"),
    ]
    # Chris's cards here: 5 pineapple, 1 orange -> -2 + 0 + 10.
    assert dessert_points([chris, []], "fruit") == [8, -6]


@pytest.mark.parametrize(
    ("icons", "points"),
    [(0, -2), (1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (6, 10)],
)
def test_fruit_table(icons: int, points: int) -> None:
    cards = [Played("fruit-watermelon-watermelon")] * (icons // 2)
    if icons % 2:
        cards.append(Played("fruit-watermelon-orange"))
        orange = 0  # one orange icon: 0 points
    else:
        orange = -2
    assert dessert_points([cards], "fruit") == [points + orange - 2]


def test_winner_tie_broken_by_dessert_cards_then_shared() -> None:
    assert winners([40, 40, 30], [2, 3, 5]) == [1]
    assert winners([40, 40, 30], [3, 3, 5]) == [0, 1]
    assert winners([41, 40], [0, 9]) == [0]
