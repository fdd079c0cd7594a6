"""Sushi Go Party! cards, menus and set-up tables against the rulebook and FACTS.md."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sushigo.core.errors import OptionsError
from sushigo.games.party.cards import (
    APPETIZERS,
    DESSERTS,
    HAND_SIZES,
    PARTY_CARDS,
    ROLLS,
    SPECIALS,
    SUGGESTED_MENUS,
    Menu,
    check_menu,
    custom_menu,
    dessert_pile,
    desserts_per_round,
    find_menu,
    fruit_icons,
    kind_cards,
    main_deck,
    order_number,
    random_menu,
)


def copies(kind: str) -> int:
    return sum(kind_cards(kind).values())


def test_181_cards_in_the_box() -> None:
    assert sum(t.count for t in PARTY_CARDS.types) == 181


@pytest.mark.parametrize(
    ("kinds", "each"),
    [(("nigiri",), 12), (ROLLS, 12), (APPETIZERS, 8), (SPECIALS, 3), (DESSERTS, 15)],
    ids=["nigiri", "rolls", "appetizers", "specials", "desserts"],
)
def test_copies_of_each_kind(kinds: tuple[str, ...], each: int) -> None:
    for kind in kinds:
        assert copies(kind) == each, kind


@pytest.mark.parametrize(
    ("card", "count"),
    [
        ("egg-nigiri", 4),
        ("salmon-nigiri", 5),
        ("squid-nigiri", 3),
        ("maki-1", 4),
        ("maki-2", 5),
        ("maki-3", 3),
        ("uramaki-3", 4),
        ("uramaki-4", 4),
        ("uramaki-5", 4),
        ("onigiri-circle", 2),
        ("onigiri-triangle", 2),
        ("onigiri-square", 2),
        ("onigiri-rectangle", 2),
        ("fruit-watermelon-watermelon", 2),
        ("fruit-pineapple-pineapple", 2),
        ("fruit-orange-orange", 2),
        ("fruit-watermelon-pineapple", 3),
        ("fruit-pineapple-orange", 3),
        ("fruit-watermelon-orange", 3),
        ("chopsticks-1", 1),
        ("chopsticks-2", 1),
        ("chopsticks-3", 1),
    ],
)
def test_variant_splits(card: str, count: int) -> None:
    assert PARTY_CARDS.by_id[card].count == count


def test_ten_icons_of_each_fruit() -> None:
    total: Counter[str] = Counter()
    for card, n in kind_cards("fruit").items():
        for fruit, icons in fruit_icons(card).items():
            total[fruit] += icons * n
    assert total == {"watermelon": 10, "pineapple": 10, "orange": 10}


@pytest.mark.parametrize(
    ("kind", "numbers"),
    [
        ("chopsticks", [1, 2, 3]),
        ("spoon", [4, 5, 6]),
        ("menu", [7, 8, 9]),
        ("takeout-box", [10, 11, 12]),
    ],
)
def test_order_numbers(kind: str, numbers: list[int]) -> None:
    assert sorted(order_number(c) or 0 for c in kind_cards(kind)) == numbers


def test_no_order_number_on_other_cards() -> None:
    assert order_number("wasabi") is None
    assert order_number("special-order") is None


def test_colours_wasabi_shares_nigiri_every_other_kind_its_own() -> None:
    by_kind = {t.family: t.colour for t in PARTY_CARDS.types}
    assert by_kind["wasabi"] == by_kind["nigiri"]
    others = [c for k, c in by_kind.items() if k != "wasabi"]
    assert len(others) == len(set(others))


def test_ids_are_lowercase_hyphenated_and_unique() -> None:
    ids = PARTY_CARDS.ids
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", c) for c in ids)


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("uramaki 4", "uramaki-4"),
        ("onigiri-square", "onigiri-square"),
        ("fruit-watermelon-orange", "fruit-watermelon-orange"),
        ("chopsticks 2", "chopsticks-2"),
        ("green tea", "green-tea-ice-cream"),
        ("miso", "miso-soup"),
    ],
)
def test_card_names_parse(typed: str, card: str) -> None:
    assert PARTY_CARDS.parse(typed) == card


@pytest.mark.parametrize(
    ("players", "hand"),
    [(2, 10), (3, 10), (4, 9), (5, 9), (6, 8), (7, 8), (8, 7)],
)
def test_hand_sizes(players: int, hand: int) -> None:
    assert HAND_SIZES[players] == hand


@pytest.mark.parametrize("players", range(2, 9))
def test_desserts_per_round(players: int) -> None:
    assert desserts_per_round(players) == ((5, 3, 2) if players <= 5 else (7, 5, 3))


# The suggested menus (FACTS.md table) and the player counts they allow.
MENU_TABLE = {
    "my-first-meal": (
        "maki",
        {"tempura", "sashimi", "miso-soup"},
        {"wasabi", "tea"},
        "green-tea-ice-cream",
        (2, 8),
    ),
    "sushi-go": (
        "maki",
        {"tempura", "sashimi", "dumpling"},
        {"chopsticks", "wasabi"},
        "pudding",
        (2, 8),
    ),
    "party-sampler": (
        "temaki",
        {"tempura", "dumpling", "tofu"},
        {"wasabi", "menu"},
        "green-tea-ice-cream",
        (2, 6),
    ),
    "master-menu": (
        "temaki",
        {"onigiri", "tofu", "sashimi"},
        {"spoon", "takeout-box"},
        "fruit",
        (3, 8),
    ),
    "points-platter": (
        "uramaki",
        {"onigiri", "dumpling", "edamame"},
        {"special-order", "tea"},
        "green-tea-ice-cream",
        (3, 6),
    ),
    "cutthroat-combo": (
        "temaki",
        {"eel", "tofu", "miso-soup"},
        {"spoon", "soy-sauce"},
        "pudding",
        (3, 8),
    ),
    "big-banquet": (
        "maki",
        {"tempura", "dumpling", "eel"},
        {"spoon", "chopsticks"},
        "green-tea-ice-cream",
        (3, 8),
    ),
    "dinner-for-two": (
        "uramaki",
        {"onigiri", "tofu", "miso-soup"},
        {"menu", "special-order"},
        "fruit",
        (2, 6),
    ),
}


@pytest.mark.parametrize("key", sorted(MENU_TABLE))
def test_suggested_menus(key: str) -> None:
    roll, apps, specials, dessert, (low, high) = MENU_TABLE[key]
    menu = SUGGESTED_MENUS[key]
    assert (menu.roll, set(menu.appetizers), set(menu.specials), menu.dessert) == (
        roll,
        apps,
        specials,
        dessert,
    )
    assert menu.players() == (low, high)
    for players in range(2, 9):
        if low <= players <= high:
            check_menu(menu, players)
        else:
            with pytest.raises(OptionsError, match="may only be used with"):
                check_menu(menu, players)


@pytest.mark.parametrize("key", sorted(MENU_TABLE))
def test_every_deal_fits_the_deck(key: str) -> None:
    menu = SUGGESTED_MENUS[key]
    low, high = menu.players()
    assert sum(dessert_pile(menu).values()) == 15
    assert sum(main_deck(menu).values()) == 12 + 12 + 3 * 8 + 2 * 3
    for players in range(low, high + 1):
        smallest = sum(main_deck(menu).values()) + min(desserts_per_round(players))
        assert smallest >= players * HAND_SIZES[players]


def test_find_menu_by_name_key_or_kinds() -> None:
    assert find_menu("Master Menu") is SUGGESTED_MENUS["master-menu"]
    assert find_menu("dinner_for_two") is SUGGESTED_MENUS["dinner-for-two"]
    custom = find_menu("uramaki, eel, tofu, onigiri, tea, wasabi, pudding")
    assert custom.kinds == (
        "nigiri",
        "uramaki",
        "eel",
        "tofu",
        "onigiri",
        "tea",
        "wasabi",
        "pudding",
    )
    with pytest.raises(OptionsError, match="unknown menu"):
        find_menu("breakfast")


@pytest.mark.parametrize(
    ("kinds", "message"),
    [
        (["maki", "temaki", "eel", "tofu", "onigiri", "tea", "pudding"], "2 roll"),
        (["maki", "eel", "tofu", "tea", "wasabi", "pudding"], "2 appetizers"),
        (["maki", "eel", "tofu", "onigiri", "tea", "wasabi", "spoon", "pudding"], "3 specials"),
        (["maki", "eel", "tofu", "onigiri", "tea", "wasabi"], "0 dessert"),
        (["maki", "eel", "tofu", "sushi", "tea", "wasabi", "pudding"], "unknown card kind"),
    ],
    ids=["two-rolls", "two-appetizers", "three-specials", "no-dessert", "unknown-kind"],
)
def test_custom_menu_errors(kinds: list[str], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        custom_menu(kinds)


def test_custom_menu_player_limits() -> None:
    menu = custom_menu(["maki", "edamame", "tofu", "eel", "tea", "wasabi", "pudding"])
    with pytest.raises(OptionsError, match="edamame may only be used with 3 to 8 players"):
        check_menu(menu, 2)
    check_menu(menu, 3)
    with pytest.raises(OptionsError, match="2 to 8 players"):
        check_menu(menu, 9)


def test_a_menu_with_a_repeated_kind_is_refused() -> None:
    menu = Menu("Odd", "maki", ("eel", "eel", "tofu"), ("tea", "wasabi"), "pudding")
    with pytest.raises(OptionsError, match="3 different appetizers"):
        check_menu(menu, 4)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_random_menus_are_legal(seed: int, players: int) -> None:
    menu = random_menu(random.Random(seed), players)
    check_menu(menu, players)
    assert len(set(menu.kinds)) == 8
