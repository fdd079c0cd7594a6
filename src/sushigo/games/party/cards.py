"""Sushi Go Party!: every card, the menus, and the set-up tables, as data.

Sources: ../shared/rules/sushi-go-party-rulebook.md (the card guide is the
authority) and FACTS.md (card splits, order numbers, colours, the suggested
menus). This module is data and validation only; the rules engine builds on it
(its last section: the card-table order the engine keeps hands in).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from sushigo.core.cards import CardTable, CardType
from sushigo.core.errors import OptionsError

# Categories of a menu, and the card types ("kinds") in each.
NIGIRI: Final = "nigiri"
ROLLS: Final = ("maki", "temaki", "uramaki")
APPETIZERS: Final = (
    "tempura",
    "sashimi",
    "dumpling",
    "eel",
    "tofu",
    "onigiri",
    "edamame",
    "miso-soup",
)
SPECIALS: Final = (
    "chopsticks",
    "soy-sauce",
    "tea",
    "menu",
    "spoon",
    "special-order",
    "takeout-box",
    "wasabi",
)
DESSERTS: Final = ("pudding", "green-tea-ice-cream", "fruit")
KINDS: Final = (NIGIRI, *ROLLS, *APPETIZERS, *SPECIALS, *DESSERTS)
"""Every card kind, as named on the menu tiles (lowercase, hyphenated)."""


def _cards() -> list[CardType]:
    """One row per printed variant. ``family`` is the card's kind; ``colour`` is
    the kind too, except that wasabi shares nigiri's (official art)."""
    rows: list[CardType] = []

    def add(card: str, name: str, kind: str, count: int, icons: int = 0) -> None:
        colour = NIGIRI if kind == "wasabi" else kind
        rows.append(CardType(card, name, kind, colour, count, icons))

    add("egg-nigiri", "Egg nigiri", NIGIRI, 4, 1)
    add("salmon-nigiri", "Salmon nigiri", NIGIRI, 5, 2)
    add("squid-nigiri", "Squid nigiri", NIGIRI, 3, 3)
    add("maki-1", "Maki roll (1)", "maki", 4, 1)
    add("maki-2", "Maki roll (2)", "maki", 5, 2)
    add("maki-3", "Maki roll (3)", "maki", 3, 3)
    add("temaki", "Temaki", "temaki", 12)
    for icons in (3, 4, 5):
        add(f"uramaki-{icons}", f"Uramaki ({icons})", "uramaki", 4, icons)
    for kind in ("tempura", "sashimi", "dumpling", "eel", "tofu", "edamame", "miso-soup"):
        add(kind, kind.replace("-", " ").capitalize(), kind, 8)
    for shape in ("circle", "triangle", "square", "rectangle"):
        add(f"onigiri-{shape}", f"Onigiri ({shape})", "onigiri", 2)
    # Specials: the lower-right order number is part of the id where the card has one.
    for number in ORDER_NUMBERS["chopsticks"]:
        add(f"chopsticks-{number}", f"Chopsticks ({number})", "chopsticks", 1)
    for number in ORDER_NUMBERS["spoon"]:
        add(f"spoon-{number}", f"Spoon ({number})", "spoon", 1)
    for number in ORDER_NUMBERS["menu"]:
        add(f"menu-{number}", f"Menu ({number})", "menu", 1)
    for number in ORDER_NUMBERS["takeout-box"]:
        add(f"takeout-box-{number}", f"Takeout box ({number})", "takeout-box", 1)
    for kind in ("soy-sauce", "tea", "special-order", "wasabi"):
        add(kind, kind.replace("-", " ").capitalize(), kind, 3)
    add("pudding", "Pudding", "pudding", 15)
    add("green-tea-ice-cream", "Green tea ice cream", "green-tea-ice-cream", 15)
    for card, name, count in FRUIT_CARDS:
        add(card, name, "fruit", count)
    return rows


ORDER_NUMBERS: Final[dict[str, tuple[int, ...]]] = {
    "chopsticks": (1, 2, 3),
    "spoon": (4, 5, 6),
    "menu": (7, 8, 9),
    "takeout-box": (10, 11, 12),
}
"""Lower-right order numbers (official, card art): the lowest resolves first."""

FRUIT_CARDS: Final[tuple[tuple[str, str, int], ...]] = (
    ("fruit-watermelon-watermelon", "Fruit (2 watermelon)", 2),
    ("fruit-pineapple-pineapple", "Fruit (2 pineapple)", 2),
    ("fruit-orange-orange", "Fruit (2 orange)", 2),
    ("fruit-watermelon-pineapple", "Fruit (watermelon, pineapple)", 3),
    ("fruit-pineapple-orange", "Fruit (pineapple, orange)", 3),
    ("fruit-watermelon-orange", "Fruit (watermelon, orange)", 3),
)
"""The fruit cards (FACTS.md, consensus): 10 icons of each fruit in all."""

PARTY_CARDS: Final = CardTable(_cards())
"""Every Sushi Go Party! card type: 181 cards."""


def fruit_icons(card: str) -> dict[str, int]:
    """The fruit icons on a fruit card.

    >>> fruit_icons("fruit-watermelon-orange")
    {'watermelon': 1, 'orange': 1}
    """
    icons: dict[str, int] = {}
    for fruit in card.split("-")[1:]:
        icons[fruit] = icons.get(fruit, 0) + 1
    return icons


def order_number(card: str) -> int | None:
    """The lower-right order number of a chopsticks, spoon, menu or takeout box."""
    kind = PARTY_CARDS.by_id[card].family
    if kind not in ORDER_NUMBERS:
        return None
    return int(card.rsplit("-", 1)[1])


HAND_SIZES: Final = {2: 10, 3: 10, 4: 9, 5: 9, 6: 8, 7: 8, 8: 7}
"""Cards dealt to each player, by player count (official)."""

ROUNDS: Final = 3
"""Rounds in a game."""


def desserts_per_round(players: int) -> tuple[int, int, int]:
    """Dessert cards shuffled into the deck before rounds 1, 2 and 3 (official)."""
    return (5, 3, 2) if players <= 5 else (7, 5, 3)


PLAYER_LIMITS: Final[dict[str, tuple[int, int]]] = {
    "menu": (2, 6),
    "special-order": (2, 6),
    "spoon": (3, 8),
    "edamame": (3, 8),
}
"""Cards that may be used only with some player counts (official); others: 2-8."""


@dataclass(frozen=True, slots=True)
class Menu:
    """What is on the menu for one game: nigiri, 1 roll, 3 appetizers, 2 specials,
    1 dessert."""

    name: str
    """Display name ("Master Menu"), or "Custom"."""
    roll: str
    """One of ROLLS."""
    appetizers: tuple[str, str, str]
    """Three of APPETIZERS."""
    specials: tuple[str, str]
    """Two of SPECIALS."""
    dessert: str
    """One of DESSERTS."""

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every card kind in play, nigiri first."""
        return (NIGIRI, self.roll, *self.appetizers, *self.specials, self.dessert)

    @property
    def key(self) -> str:
        """The menu's name as typed on the command line ("master-menu")."""
        return self.name.lower().replace(" ", "-").replace("!", "")

    def players(self) -> tuple[int, int]:
        """The smallest and largest player count this menu may be played with."""
        low, high = 2, 8
        for kind in self.kinds:
            a, b = PLAYER_LIMITS.get(kind, (2, 8))
            low, high = max(low, a), min(high, b)
        return low, high

    def describe(self) -> str:
        return (
            f"{self.name}: nigiri; {self.roll}; {', '.join(self.appetizers)}; "
            f"{', '.join(self.specials)}; {self.dessert}"
        )


def _menu(name: str, roll: str, apps: str, specials: str, dessert: str) -> Menu:
    a = tuple(apps.split())
    s = tuple(specials.split())
    assert len(a) == 3 and len(s) == 2
    return Menu(name, roll, (a[0], a[1], a[2]), (s[0], s[1]), dessert)


SUGGESTED_MENUS: Final[dict[str, Menu]] = {
    m.key: m
    for m in (
        _menu(
            "My First Meal",
            "maki",
            "tempura sashimi miso-soup",
            "wasabi tea",
            "green-tea-ice-cream",
        ),
        _menu("Sushi Go!", "maki", "tempura sashimi dumpling", "chopsticks wasabi", "pudding"),
        _menu(
            "Party Sampler", "temaki", "tempura dumpling tofu", "wasabi menu", "green-tea-ice-cream"
        ),
        _menu("Master Menu", "temaki", "onigiri tofu sashimi", "spoon takeout-box", "fruit"),
        _menu(
            "Points Platter",
            "uramaki",
            "onigiri dumpling edamame",
            "special-order tea",
            "green-tea-ice-cream",
        ),
        _menu("Cutthroat Combo", "temaki", "eel tofu miso-soup", "spoon soy-sauce", "pudding"),
        _menu(
            "Big Banquet", "maki", "tempura dumpling eel", "spoon chopsticks", "green-tea-ice-cream"
        ),
        _menu("Dinner for Two", "uramaki", "onigiri tofu miso-soup", "menu special-order", "fruit"),
    )
}
"""The eight suggested menus of the rulebook (FACTS.md), by key ("master-menu")."""


def check_menu(menu: Menu, players: int) -> None:
    """Raise OptionsError, saying why, unless ``menu`` is a legal menu for ``players``."""
    if players not in HAND_SIZES:
        raise OptionsError(f"Sushi Go Party! is for 2 to 8 players, not {players}")
    checks = (
        ("roll", (menu.roll,), ROLLS, 1),
        ("appetizers", menu.appetizers, APPETIZERS, 3),
        ("specials", menu.specials, SPECIALS, 2),
        ("dessert", (menu.dessert,), DESSERTS, 1),
    )
    for what, chosen, allowed, n in checks:
        unknown = [k for k in chosen if k not in allowed]
        if unknown:
            raise OptionsError(
                f"{unknown[0]!r} is not one of the {what}: choose from {', '.join(allowed)}"
            )
        if len(set(chosen)) != n or len(chosen) != n:
            raise OptionsError(f"a menu has {n} different {what}, not {', '.join(chosen)}")
    for kind in menu.kinds:
        low, high = PLAYER_LIMITS.get(kind, (2, 8))
        if not low <= players <= high:
            raise OptionsError(
                f"{kind} may only be used with {low} to {high} players, so the menu "
                f"{menu.name!r} cannot be played by {players}"
            )


def custom_menu(kinds: Iterable[str], name: str = "Custom") -> Menu:
    """A menu from a list of card kinds, sorted into their categories, called ``name``.

    >>> custom_menu(["temaki", "eel", "tofu", "edamame", "spoon", "tea", "fruit"]).kinds
    ('nigiri', 'temaki', 'eel', 'tofu', 'edamame', 'spoon', 'tea', 'fruit')
    """
    chosen = [k.strip().lower().replace("_", "-").replace(" ", "-") for k in kinds]
    chosen = [k for k in chosen if k and k != NIGIRI]
    unknown = [k for k in chosen if k not in KINDS]
    if unknown:
        raise OptionsError(f"unknown card kind {unknown[0]!r}; kinds are: {', '.join(KINDS[1:])}")
    rolls = [k for k in chosen if k in ROLLS]
    apps = [k for k in chosen if k in APPETIZERS]
    specials = [k for k in chosen if k in SPECIALS]
    desserts = [k for k in chosen if k in DESSERTS]
    for what, got, n in (
        ("roll", rolls, 1),
        ("appetizers", apps, 3),
        ("specials", specials, 2),
        ("dessert", desserts, 1),
    ):
        if len(got) != n or len(set(got)) != n:
            raise OptionsError(
                f"a custom menu has nigiri, 1 roll, 3 appetizers, 2 specials and 1 dessert; "
                f"it lists {len(got)} {what}" + (f" ({', '.join(got)})" if got else "")
            )
    return Menu(
        name, rolls[0], (apps[0], apps[1], apps[2]), (specials[0], specials[1]), desserts[0]
    )


def find_menu(text: str) -> Menu:
    """A suggested menu by name or key ("Master Menu", "master-menu"), or a custom
    menu written as its card kinds, comma-separated; ``random:`` before the kinds
    names a menu drawn at random (:func:`random_menu`) "Random" rather than "Custom".

    >>> find_menu("random:uramaki,eel,tofu,edamame,spoon,tea,fruit").name
    'Random'
    """
    key = text.strip().lower().replace("_", "-").replace(" ", "-").replace("!", "")
    if key in SUGGESTED_MENUS:
        return SUGGESTED_MENUS[key]
    if key.startswith(RANDOM_PREFIX):
        return custom_menu(text.strip()[len(RANDOM_PREFIX) :].split(","), "Random")
    if "," in text:
        return custom_menu(text.split(","))
    raise OptionsError(
        f"unknown menu {text.strip()!r}; menus are: {', '.join(SUGGESTED_MENUS)}, "
        "or list 7 card kinds separated by commas"
    )


RANDOM_PREFIX: Final = "random:"
"""Before a menu's kinds (``random:temaki,eel,...``): the menu was drawn at random."""


def random_menu(rng: random.Random, players: int) -> Menu:
    """A uniformly random legal menu for ``players`` (written as an option by
    :func:`menu_option`)."""
    if players not in HAND_SIZES:
        raise OptionsError(f"Sushi Go Party! is for 2 to 8 players, not {players}")

    def allowed(pool: tuple[str, ...]) -> list[str]:
        return [
            k
            for k in pool
            if PLAYER_LIMITS.get(k, (2, 8))[0] <= players
            and players <= PLAYER_LIMITS.get(k, (2, 8))[1]
        ]

    roll = rng.choice(allowed(ROLLS))
    apps = rng.sample(allowed(APPETIZERS), 3)
    specials = rng.sample(allowed(SPECIALS), 2)
    dessert = rng.choice(allowed(DESSERTS))
    menu = Menu("Random", roll, (apps[0], apps[1], apps[2]), (specials[0], specials[1]), dessert)
    check_menu(menu, players)
    return menu


def menu_option(menu: Menu) -> str:
    """How a ruleset's ``menu`` option writes ``menu``: a suggested menu's key, else
    its kinds (after ``random:`` for a menu drawn at random)."""
    if menu.key in SUGGESTED_MENUS:
        return menu.key
    kinds = ",".join(menu.kinds[1:])
    return RANDOM_PREFIX + kinds if menu.name == "Random" else kinds


def kind_cards(kind: str) -> dict[str, int]:
    """Every card of one kind, as a multiset ``{card id: copies}``."""
    return {t.id: t.count for t in PARTY_CARDS.types if t.family == kind}


def main_deck(menu: Menu) -> dict[str, int]:
    """The deck shuffled every round: every chosen kind but the dessert."""
    deck: dict[str, int] = {}
    for kind in menu.kinds[:-1]:
        deck.update(kind_cards(kind))
    return deck


def dessert_pile(menu: Menu) -> dict[str, int]:
    """The chosen dessert's 15 cards, from which desserts join the deck each round."""
    return kind_cards(menu.dessert)


# ---------------------------------------------------------------------------
# Card-table order, for the engine: hands, deals and draws are kept sorted in the
# order of PARTY_CARDS, and multisets are expanded to card-table positions.

_BY_ID: Final = PARTY_CARDS.by_id
_ORDER: Final = PARTY_CARDS.order
_IDS: Final = PARTY_CARDS.ids
_N: Final = len(PARTY_CARDS.ids)
_BONUS: Final = frozenset(("chopsticks", "spoon"))
"""The bonus cards: called at a later reveal to act."""
_QUEUED: Final = frozenset(("menu", "takeout-box"))
"""The kinds that act after the reveal of the turn they are played on."""
_NUMBER: Final[dict[str, int]] = {c: n for c in PARTY_CARDS.ids if (n := order_number(c) or 0)}
"""Lower-right order numbers of the cards that have one."""


def _sorted_hand(cards: Sequence[str]) -> list[str]:
    """Cards in card-table order, as a list (a hand)."""
    return list(_sort(cards))


def _sort(cards: Sequence[str]) -> tuple[str, ...]:
    """Cards in card-table order."""
    order = _ORDER
    return _ids_of([order[c] for c in cards])


def _ids_of(indices: list[int]) -> tuple[str, ...]:
    """Card ids from card-table positions, in card-table order (``indices`` is sorted)."""
    indices.sort()
    ids = _IDS
    return tuple([ids[i] for i in indices])


def _expand(multiset: dict[str, int]) -> list[int]:
    """A multiset as a list of card-table positions, in card-table order."""
    out: list[int] = []
    i = 0
    for c in _IDS:
        k = multiset.get(c, 0)
        if k > 0:
            out.extend([i] * k)
        i += 1
    return out


def _distinct(cards: list[str]) -> list[str]:
    """The different cards of a list kept in card-table order (copies are adjacent)."""
    out: list[str] = []
    last = ""
    for c in cards:
        if c != last:
            out.append(c)
            last = c
    return out
