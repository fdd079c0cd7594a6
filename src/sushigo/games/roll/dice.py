"""Sushi Roll's dice, faces and scoring, as data and pure functions.

The rulebook lists the dice (10 appetizer, 6 maki, 5 nigiri, 5 specials,
4 pudding) but prints their faces only on the trays, and no public source
gives them. :data:`DEFAULT_DICE` is the project's reconstruction (FACTS.md);
a player can load the faces of their own copy from a JSON file
(:func:`sushigo.play.files.load_dice`)
(``sushigo play --game sushi-roll --dice FILE``).

Faces are named by id: ``dumpling``, ``tempura``, ``sashimi``, ``maki-1`` to
``maki-3``, ``egg-nigiri``, ``salmon-nigiri``, ``squid-nigiri``, ``wasabi``,
``chopsticks``, ``chopsticks-2``, ``menu``, ``menu-2``, ``pudding-1`` to
``pudding-3``. On a tray, a nigiri die placed on a wasabi die is written
``wasabi+salmon-nigiri`` (two dice, one stack).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from sushigo.core.cards import CardTable, CardType
from sushigo.core.errors import OptionsError
from sushigo.core.scoring import most_and_fewest_full, winners

KINDS: Final[tuple[str, ...]] = ("appetizer", "maki", "nigiri", "special", "pudding")
"""The five kinds of die, in the rulebook's order."""
DICE_COUNTS: Final[tuple[int, ...]] = (10, 6, 5, 5, 4)
"""How many dice of each kind are in the bag (30 in all)."""
DICE_PER_PLAYER: Final[dict[int, int]] = {2: 8, 3: 7, 4: 6, 5: 5}
SIDES: Final = 6

FACES: Final = CardTable(
    [
        CardType("dumpling", "Dumpling", "appetizer", "blue", 0),
        CardType("tempura", "Tempura", "appetizer", "purple", 0),
        CardType("sashimi", "Sashimi", "appetizer", "green", 0),
        CardType("maki-1", "Maki roll (1)", "maki", "red", 0, 1),
        CardType("maki-2", "Maki rolls (2)", "maki", "red", 0, 2),
        CardType("maki-3", "Maki rolls (3)", "maki", "red", 0, 3),
        CardType("egg-nigiri", "Egg nigiri", "nigiri", "yellow", 0, 1),
        CardType("salmon-nigiri", "Salmon nigiri", "nigiri", "yellow", 0, 2),
        CardType("squid-nigiri", "Squid nigiri", "nigiri", "yellow", 0, 3),
        CardType("wasabi", "Wasabi", "special", "yellow", 0),
        CardType("chopsticks", "Chopsticks (1 token)", "special", "light blue", 0, 1),
        CardType("chopsticks-2", "Chopsticks (2 tokens)", "special", "light blue", 0, 2),
        CardType("menu", "Menu (1 token)", "special", "orange", 0, 1),
        CardType("menu-2", "Menu (2 tokens)", "special", "orange", 0, 2),
        CardType("pudding-1", "Pudding (1)", "pudding", "pink", 0, 1),
        CardType("pudding-2", "Puddings (2)", "pudding", "pink", 0, 2),
        CardType("pudding-3", "Puddings (3)", "pudding", "pink", 0, 3),
    ]
)
"""Every face of every die, in the order trays and belts are sorted by."""

FACE_IDS: Final[tuple[str, ...]] = FACES.ids
KIND_OF: Final[tuple[int, ...]] = tuple(KINDS.index(t.family) for t in FACES.types)
"""The kind of die (index into KINDS) each face (index into FACE_IDS) is on."""
STACKS: Final[tuple[str, ...]] = (
    "wasabi+egg-nigiri",
    "wasabi+salmon-nigiri",
    "wasabi+squid-nigiri",
)
"""A wasabi die with a nigiri die on it, as a tray shows it (two dice)."""

DEFAULT_DICE: Final[dict[str, tuple[str, ...]]] = {
    "appetizer": ("dumpling", "dumpling", "dumpling", "tempura", "tempura", "sashimi"),
    "maki": ("maki-1", "maki-1", "maki-2", "maki-2", "maki-3", "maki-3"),
    "nigiri": (
        "egg-nigiri",
        "egg-nigiri",
        "salmon-nigiri",
        "salmon-nigiri",
        "salmon-nigiri",
        "squid-nigiri",
    ),
    "special": ("wasabi", "wasabi", "chopsticks", "chopsticks-2", "menu", "menu-2"),
    "pudding": ("pudding-1", "pudding-1", "pudding-1", "pudding-2", "pudding-2", "pudding-3"),
}
"""The project's reconstruction of the six faces of each die (FACTS.md); not printed
in the rulebook."""

SUPPLY: Final[tuple[int, int, int]] = (18, 12, 32)
"""Tokens in the box: 18 menu, 12 chopsticks, and pudding tokens worth 32 puddings
(14 of 1 and 6 of 3)."""
START_MENU: Final = 3
START_CHOPSTICKS: Final = 2

MAKI_POINTS: Final = (6, 3)
NIGIRI_POINTS: Final[dict[str, int]] = {"egg-nigiri": 1, "salmon-nigiri": 2, "squid-nigiri": 3}
WASABI_FACTOR: Final = 3
SET_POINTS: Final[dict[str, tuple[int, int, int, int]]] = {
    "dumpling": (0, 2, 4, 8),
    "tempura": (0, 1, 5, 10),
    "sashimi": (0, 0, 6, 13),
}
"""Points for 0-3 icons of each appetizer; more than 3 icons score further sets."""
PUDDING_POINTS: Final = 6


def check_dice(table: object, where: str = "dice") -> dict[str, tuple[str, ...]]:
    """A face table ``{kind: six face ids}``, checked; OptionsError saying what is wrong.

    >>> check_dice({**DEFAULT_DICE, "maki": ["maki-1"] * 5})["maki"]
    Traceback (most recent call last):
    ...
    sushigo.core.errors.OptionsError: dice: the maki die has 6 faces, not 5
    """
    if not isinstance(table, Mapping):
        raise OptionsError(
            f"{where}: a face table is an object with one list per die: {', '.join(KINDS)}"
        )
    unknown = [k for k in table if k not in KINDS]
    if unknown:
        raise OptionsError(
            f"{where}: no die is called {unknown[0]!r}; dice are: {', '.join(KINDS)}"
        )
    out: dict[str, tuple[str, ...]] = {}
    for k, kind in enumerate(KINDS):
        faces = table.get(kind)
        if faces is None:
            raise OptionsError(f"{where}: the {kind} die's faces are missing")
        if not isinstance(faces, (list, tuple)) or not all(isinstance(f, str) for f in faces):
            raise OptionsError(f"{where}: the {kind} die's faces are a list of face names")
        if len(faces) != SIDES:
            raise OptionsError(f"{where}: the {kind} die has {SIDES} faces, not {len(faces)}")
        allowed = [f for f, kk in zip(FACE_IDS, KIND_OF, strict=True) if kk == k]
        for face in faces:
            if face not in allowed:
                raise OptionsError(
                    f"{where}: {face!r} cannot be a face of the {kind} die; "
                    f"its faces are among: {', '.join(allowed)}"
                )
        out[kind] = tuple(faces)
    return out


# ---------------------------------------------------------------------------
# Scoring: pure functions of the trays and tokens.


TRAY_IDS: Final[tuple[str, ...]] = (*FACE_IDS, *STACKS)
"""Everything a tray can hold, each with its code (its index here): the faces, then
the three wasabi stacks."""
TRAY_CODE: Final[dict[str, int]] = {t: i for i, t in enumerate(TRAY_IDS)}
_N: Final = len(TRAY_IDS)
_M1: Final = TRAY_CODE["maki-1"]
_EGG: Final = TRAY_CODE["egg-nigiri"]
_STACK: Final = TRAY_CODE["wasabi+egg-nigiri"]
_SETS: Final[tuple[tuple[str, int, tuple[int, int, int, int]], ...]] = tuple(
    (face, TRAY_CODE[face], points) for face, points in SET_POINTS.items()
)


def tray_codes(tray: Sequence[str]) -> list[int]:
    """A tray's entries as codes; OptionsError for an entry a tray cannot hold."""
    out = []
    for entry in tray:
        code = TRAY_CODE.get(entry, -1)
        if code < 0:
            raise OptionsError(f"{entry!r} is no face of a die (nor a wasabi with a nigiri)")
        out.append(code)
    return out


def maki_icons(tray: Sequence[str]) -> int:
    """Maki roll icons on a tray.

    >>> maki_icons(["maki-3", "tempura", "maki-1"])
    4
    """
    return sum(FACES.by_id[f].icons for f in tray if f.startswith("maki-"))


def maki_points(icons: Sequence[int]) -> list[int]:
    """6 for the most maki icons, 3 for the second most; every tied player takes the
    full points, and a tie does not skip the next place. No icons, no points.

    >>> maki_points([4, 4, 3, 3])
    [6, 6, 3, 3]
    >>> maki_points([5, 2, 0])
    [6, 3, 0]
    """
    levels = sorted({i for i in icons if i > 0}, reverse=True)
    award = dict(zip(levels, MAKI_POINTS, strict=False))
    return [award.get(i, 0) for i in icons]


def set_points(face: str, count: int) -> int:
    """Points for ``count`` icons of one appetizer, in sets of up to 3.

    >>> set_points("tempura", 4), set_points("sashimi", 2), set_points("dumpling", 7)
    (11, 6, 18)
    """
    table = SET_POINTS[face]
    return (count // 3) * table[3] + table[count % 3]


def tray_breakdown(tray: Sequence[str]) -> dict[str, int]:
    """Points of one tray by category, maki excepted (it compares trays):
    ``nigiri`` (wasabi stacks tripled) and one entry per appetizer.

    >>> tray_breakdown(["wasabi+salmon-nigiri", "egg-nigiri", "dumpling", "dumpling"])
    {'nigiri': 7, 'dumpling': 4, 'tempura': 0, 'sashimi': 0}
    """
    out = _breakdown(_counts(tray_codes(tray)))
    del out["maki"]
    return out


def _counts(tray: Sequence[int]) -> list[int]:
    counts = [0] * _N
    for code in tray:
        counts[code] += 1
    return counts


def _breakdown(c: list[int]) -> dict[str, int]:
    nigiri = 0
    for k in range(3):
        nigiri += (k + 1) * (c[_EGG + k] + WASABI_FACTOR * c[_STACK + k])
    out = {"maki": 0, "nigiri": nigiri}
    for face, code, table in _SETS:
        n = c[code]
        out[face] = (n // 3) * table[3] + table[n % 3]
    return out


def score_codes(trays: Sequence[Sequence[int]]) -> tuple[list[dict[str, int]], list[int]]:
    """:func:`score_trays` on trays written as codes (the engine's form)."""
    breakdowns = []
    icons = []
    first = second = 0
    for tray in trays:
        c = _counts(tray)
        m = c[_M1] + 2 * c[_M1 + 1] + 3 * c[_M1 + 2]
        icons.append(m)
        if m > first:
            first, second = m, first
        elif first > m > second:
            second = m
        breakdowns.append(_breakdown(c))
    totals = []
    for s in range(len(breakdowns)):
        b = breakdowns[s]
        m = icons[s]
        if m > 0:
            b["maki"] = MAKI_POINTS[0] if m == first else MAKI_POINTS[1] if m == second else 0
        total = 0
        for v in b.values():
            total += v
        totals.append(total)
    return breakdowns, totals


def score_trays(trays: Sequence[Sequence[str]]) -> tuple[list[dict[str, int]], list[int]]:
    """A round's points for every tray: the breakdown by category (maki, nigiri,
    dumpling, tempura, sashimi) and the totals.

    >>> score_trays([["tempura"] * 4 + ["sashimi"] * 2, ["wasabi+squid-nigiri", "maki-2"]])[1]
    [17, 15]
    """
    return score_codes([tray_codes(t) for t in trays])


def pudding_points(puddings: Sequence[int]) -> list[int]:
    """Game end: +6 for the most pudding tokens, -6 for the fewest (0 included), ties
    take the full points; no -6 with 2 players; nothing when everyone is equal.

    >>> pudding_points([6, 6, 0, 0])
    [6, 6, -6, -6]
    >>> pudding_points([3, 1]), pudding_points([2, 2, 2])
    ([6, 0], [0, 0, 0])
    """
    fewest = -PUDDING_POINTS if len(puddings) > 2 else None
    return most_and_fewest_full(puddings, PUDDING_POINTS, fewest)


def token_points(menus: Sequence[int], chopsticks: Sequence[int]) -> list[int]:
    """Game end: 1 point for every 2 unused menu and/or chopsticks tokens.

    >>> token_points([3, 0], [2, 1])
    [2, 0]
    """
    return [(m + c) // 2 for m, c in zip(menus, chopsticks, strict=True)]


def roll_winners(totals: Sequence[int], puddings: Sequence[int]) -> list[int]:
    """Most points; a tie goes to the most pudding tokens; still tied, the win is shared.

    >>> roll_winners([30, 30, 12], [2, 5, 9])
    [1]
    """
    return winners(totals, puddings)


SUMMARY: Final = """\
Sushi Roll - the dice game, 2 to 5 players, 3 rounds.

30 dice: 10 appetizer, 6 maki, 5 nigiri, 5 specials, 4 pudding. Each round every
player draws 8/7/6/5 dice (2/3/4/5 players) from the bag onto their conveyor belt
and rolls them. Everyone starts the game with 2 chopsticks and 3 menu tokens.
Turns go one at a time from the holder of the red-bordered belt, to the left. On
your turn, use any number of tokens, in any order:
  menu: return a menu token, re-roll any of the dice on your belt;
  chopsticks: return a chopsticks token, swap a die on your belt with a die on
    another player's belt (faces unchanged; never a tray);
then take 1 die from your belt onto your tray. A pudding, menu or chopsticks die
gives that many tokens at once (take what is left when the supply runs out). A
nigiri taken while a wasabi on your tray has no nigiri goes on that wasabi.
When everyone has taken a turn, belts slide left and every die on them is
re-rolled; the red belt's new holder starts. At round end the belts stay, but with
3 players they slide left once more. Dice go back into the bag between rounds.

Scoring each round: maki most 6, second 3 (ties take full points); egg 1, salmon 2,
squid 3 nigiri, tripled on a wasabi; appetizers in sets of up to 3: dumpling
2/4/8, tempura 1/5/10, sashimi 0/6/13 (several sets score); a wasabi alone 0.
Game end: pudding tokens most +6, fewest -6 (no -6 with 2 players); 1 point per 2
unused menu and chopsticks tokens. Winner: most points, then most pudding tokens.

Dice faces (the rulebook prints them only on the trays; this is the project's
reconstruction; load your own copy's faces with --dice FILE):
"""

ROUNDS: Final = 3

RULINGS: Final[tuple[str, ...]] = (
    "The faces of the dice are the project's reconstruction (FACTS.md), since the "
    "rulebook prints them only on the trays; --dice FILE loads the faces of your copy.",
    "The red-bordered belt goes to a random seat at the start of the game (drawn "
    "with the first round's dice).",
    "A menu token re-rolls at least one die (re-rolling none would only spend it).",
    "A chopsticks swap needs a die on another player's belt, and is offered only "
    "between dice that differ (swapping equal faces would change nothing).",
    "Pudding tokens are counted by value: the supply holds 32 puddings (14 tokens of 1, "
    "6 of 3) and change is made freely; the 40 scoring tokens never run out.",
    "When every player has the same number of pudding tokens, nobody scores for them "
    "(as in the card games).",
    "A player needs at least one maki icon to score for maki.",
    "Still tied after the pudding tie-break, the win is shared.",
)

_NF: Final = len(FACE_IDS)
_F: Final[dict[str, int]] = {f: i for i, f in enumerate(FACE_IDS)}
_WASABI: Final = _F["wasabi"]
_SQUID: Final = _F["squid-nigiri"]
_STACK0: Final = _NF
"""Tray entries at or above this are a wasabi with a nigiri on it."""
_TRAY_IDS: Final = TRAY_IDS
_TOKEN: Final[tuple[int, ...]] = tuple(
    0
    if f.startswith("menu")
    else 1
    if f.startswith("chopsticks")
    else 2
    if f.startswith("pudding")
    else -1
    for f in FACE_IDS
)
"""The supply slot (menu, chopsticks, pudding) a face's icons take tokens from; -1 none."""
_GAIN: Final[tuple[int, ...]] = tuple(t.icons for t in FACES.types)
"""Tokens a face's icons give (its icons; only read where ``_TOKEN`` is a slot)."""
_KIND: Final[tuple[int, ...]] = KIND_OF
_QUICK: Final[tuple[float, ...]] = (
    0.0,
    0.0,
    0.0,  # appetizers: see _SET_STEP
    1.3,
    2.6,
    3.9,  # maki icons
    1.0,
    2.0,
    3.0,  # nigiri (tripled on a free wasabi)
    2.5,  # wasabi
    0.6,
    1.2,
    0.6,
    1.2,  # tokens
    1.5,
    3.0,
    4.5,  # pudding tokens
)
"""Rough worth of taking each face, for search playouts."""
_SET_STEP: Final[tuple[tuple[int, int, int], ...]] = ((2, 2, 4), (1, 4, 5), (0, 6, 7))
"""Points one more dumpling, tempura or sashimi icon adds, by icons of its set so far."""
_SIX8: Final = 6**8
"""Eight dice rolls in one random float: its base-6 digits (6**8 is far below 2**53)."""
_PACK: Final = 1 << 40
"""Draws from the bag packed into one random float, up to this many outcomes."""
