"""Sushi Go Party! scoring: pure functions over what lies in front of each player.

Every rule is from the card guide of ../shared/rules/sushi-go-party-rulebook.md;
the rulings where it is silent are in :data:`RULINGS`. The rules engine and the
score calculator both score through these functions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from sushigo.games.party_cards import DESSERTS, PARTY_CARDS, fruit_icons

RULINGS: tuple[str, ...] = (
    "Temaki and pudding: when every player has the same number, nobody scores or loses "
    "points for them.",
    "A nigiri's tripling is fixed when it is placed on a wasabi: flipping that wasabi "
    "with a takeout box later does not change the nigiri's points (the wasabi itself "
    "then scores 2 like any flipped card).",
    "Cards flipped by takeout boxes all share one colour of their own, for tea and soy "
    "sauce (FACTS.md).",
    "A special order copying a wasabi is an empty wasabi: the next nigiri played goes on it.",
    "Desserts are set aside before a round is scored, so they give tea and soy sauce "
    "no colour (the rulebook's order of round end).",
)

FLIPPED = "flipped"
"""The scoring family and colour of a card flipped face-down by a takeout box."""

ROUND_FAMILIES = (
    "nigiri",
    "maki",
    "temaki",
    "uramaki",
    "tempura",
    "sashimi",
    "dumpling",
    "eel",
    "tofu",
    "onigiri",
    "edamame",
    "miso-soup",
    "soy-sauce",
    "tea",
    FLIPPED,
)
"""Keys of a round's breakdown, in display order. Wasabi scores within nigiri;
chopsticks, spoon, menu, takeout box and special order alone score 0."""

DUMPLING_POINTS = (0, 1, 3, 6, 10, 15)
ONIGIRI_POINTS = (0, 1, 4, 9, 16)
FRUIT_POINTS = (-2, 0, 1, 3, 6, 10)
URAMAKI_PLACES = (8, 5, 2)

_BY_ID = PARTY_CARDS.by_id


class Played(NamedTuple):
    """One card in front of a player at round end."""

    card: str
    """The printed card id."""
    copies: str | None = None
    """For a special order: the card id it counts as (a copy of a copy is resolved)."""
    flipped: bool = False
    """Turned face-down by a takeout box: worth 2, in a colour of its own."""
    on_wasabi: bool = False
    """A nigiri (or a special order copying one) placed on a wasabi: worth triple."""

    @property
    def kind(self) -> str:
        """What it scores as: a card kind ("nigiri", "maki", ...) or "flipped"."""
        if self.flipped:
            return FLIPPED
        return _BY_ID[self.copies or self.card].family

    @property
    def counts_as(self) -> str:
        """The card id it scores as (its own, or the copied card's)."""
        return self.copies or self.card

    @property
    def colour(self) -> str:
        """Background colour for tea and soy sauce."""
        if self.flipped:
            return FLIPPED
        return _BY_ID[self.counts_as].colour


def played(*cards: str) -> list[Played]:
    """Plain played cards (no copies, flips or wasabi), for tests and examples."""
    return [Played(c) for c in cards]


# ---------------------------------------------------------------------------
# Comparisons between players.


def ranked_places(values: Sequence[int], points: Sequence[int]) -> list[int]:
    """Places by value, highest first, 0 never placing; tied players all take the
    place's full points and the next place is not skipped (Party maki).

    >>> ranked_places([5, 5, 3, 1], (6, 3))
    [6, 6, 3, 0]
    """
    out = [0] * len(values)
    levels = sorted({v for v in values if v > 0}, reverse=True)
    for place, level in enumerate(levels[: len(points)]):
        for i, v in enumerate(values):
            if v == level:
                out[i] = points[place]
    return out


def most_and_fewest_full(counts: Sequence[int], most: int, fewest: int | None) -> list[int]:
    """Most gains ``most``, fewest (0 counts) gains ``fewest``, ties take full points,
    nobody scores when all are equal; ``fewest=None`` gives no penalty.

    >>> most_and_fewest_full([4, 2, 1, 1], 6, -6)
    [6, 0, -6, -6]
    """
    out = [0] * len(counts)
    hi, lo = max(counts), min(counts)
    if hi == lo:
        return out
    for i, c in enumerate(counts):
        if c == hi:
            out[i] += most
        elif c == lo and fewest is not None:
            out[i] += fewest
    return out


def maki_points(icons: Sequence[int], *, big_table: bool) -> list[int]:
    """Maki: 6 and 3 for most and second most (6, 4 and 2 with 6-8 players)."""
    return ranked_places(icons, (6, 4, 2) if big_table else (6, 3))


def temaki_points(counts: Sequence[int]) -> list[int]:
    """Temaki: most +4, fewest -4 (0 counts; no penalty with 2 players).

    >>> temaki_points([3, 2, 0, 0])
    [4, 0, -4, -4]
    """
    return most_and_fewest_full(counts, 4, -4 if len(counts) > 2 else None)


def uramaki_claims(reached: dict[int, int], claimed: int) -> tuple[dict[int, int], int]:
    """Uramaki scored during a round. ``reached`` maps each seat that reached 10
    icons this turn to its icon total; ``claimed`` is how many places were taken
    before. Ties are broken by the higher total; players still tied all take the
    place's points and the next place is skipped. Returns the points by seat and
    the places now taken.

    >>> uramaki_claims({0: 12, 1: 12}, 0)
    ({0: 8, 1: 8}, 2)
    >>> uramaki_claims({2: 11, 3: 13}, 1)
    ({3: 5, 2: 2}, 3)
    """
    awards: dict[int, int] = {}
    for level in sorted(set(reached.values()), reverse=True):
        group = [s for s, v in reached.items() if v == level]
        pts = URAMAKI_PLACES[claimed] if claimed < len(URAMAKI_PLACES) else 0
        for s in group:
            awards[s] = pts
        claimed += len(group)
    return awards, claimed


def uramaki_end_points(icons: Sequence[int], claimed: int) -> list[int]:
    """Round end: the most uramaki icons still in front of a player (ties: all) take
    the next unclaimed place (8, 5, 2, or 0 once all three are taken).

    >>> uramaki_end_points([0, 0, 7, 4], 2)
    [0, 0, 2, 0]
    """
    pts = URAMAKI_PLACES[claimed] if claimed < len(URAMAKI_PLACES) else 0
    best = max(icons, default=0)
    return [pts if best > 0 and v == best else 0 for v in icons]


def edamame_points(counts: Sequence[int]) -> list[int]:
    """Each edamame scores 1 per opponent with any edamame, at most 4.

    >>> edamame_points([3, 2, 1, 0])
    [6, 4, 2, 0]
    """
    having = sum(1 for c in counts if c > 0)
    return [c * min(4, having - 1) if c else 0 for c in counts]


def onigiri_points(shapes: Counter[str]) -> int:
    """Sets of different onigiri shapes: 1, 4, 9, 16 for 1-4 shapes; several sets.

    >>> onigiri_points(Counter({"circle": 1, "triangle": 1, "square": 2}))
    10
    """
    total = 0
    for k in range(1, max(shapes.values(), default=0) + 1):
        total += ONIGIRI_POINTS[sum(1 for n in shapes.values() if n >= k)]
    return total


# ---------------------------------------------------------------------------
# A whole round.


def score_round(
    tableaux: Sequence[Sequence[Played]],
    *,
    big_table: bool = False,
    uramaki_claimed: int = 0,
    uramaki_scored: Sequence[int] | None = None,
) -> list[dict[str, int]]:
    """Points of each seat for one round, by family (desserts excluded).

    ``tableaux[i]`` is what lies in front of seat ``i`` at round end: surviving
    miso soups, uramaki not yet scored, desserts (ignored here). ``big_table``:
    6-8 players. ``uramaki_claimed`` and ``uramaki_scored`` are the uramaki places
    taken, and the points each seat scored, during the round.
    """
    # "First, place any dessert cards off to your side. ... Next, score all the
    # other cards": desserts count for nothing here, not even a colour.
    tableaux = [[p for p in cards if p.kind not in DESSERTS] for cards in tableaux]
    n = len(tableaux)
    out = [dict.fromkeys(ROUND_FAMILIES, 0) for _ in range(n)]
    kinds = [Counter(p.kind for p in cards) for cards in tableaux]
    maki = [0] * n
    uramaki = [0] * n
    for i, cards in enumerate(tableaux):
        b = out[i]
        k = kinds[i]
        for p in cards:
            kind = p.kind
            if kind == "nigiri":
                base = _BY_ID[p.counts_as].icons
                b["nigiri"] += 3 * base if p.on_wasabi else base
            elif kind == "maki":
                maki[i] += _BY_ID[p.counts_as].icons
            elif kind == "uramaki":
                uramaki[i] += _BY_ID[p.counts_as].icons
        b["tempura"] = 5 * (k["tempura"] // 2)
        b["sashimi"] = 10 * (k["sashimi"] // 3)
        b["dumpling"] = DUMPLING_POINTS[min(k["dumpling"], 5)]
        b["eel"] = -3 if k["eel"] == 1 else 7 if k["eel"] >= 2 else 0
        b["tofu"] = (0, 2, 6)[k["tofu"]] if k["tofu"] < 3 else 0
        b["onigiri"] = onigiri_points(Counter(p.counts_as for p in cards if p.kind == "onigiri"))
        b["miso-soup"] = 3 * k["miso-soup"]
        b[FLIPPED] = 2 * k[FLIPPED]
        if k["tea"]:
            colours = Counter(p.colour for p in cards)
            b["tea"] = k["tea"] * max(colours.values())
    for i, pts in enumerate(maki_points(maki, big_table=big_table)):
        out[i]["maki"] = pts
    for i, pts in enumerate(temaki_points([k["temaki"] for k in kinds])):
        out[i]["temaki"] = pts
    scored = uramaki_scored or [0] * n
    for i, pts in enumerate(uramaki_end_points(uramaki, uramaki_claimed)):
        out[i]["uramaki"] = scored[i] + pts
    for i, pts in enumerate(edamame_points([k["edamame"] for k in kinds])):
        out[i]["edamame"] = pts
    if any(k["soy-sauce"] for k in kinds):
        different = [len({p.colour for p in cards}) for cards in tableaux]
        best = max(different)
        for i, k in enumerate(kinds):
            if different[i] == best:
                out[i]["soy-sauce"] = 4 * k["soy-sauce"]
    return out


# ---------------------------------------------------------------------------
# Game end.


def dessert_points(desserts: Sequence[Sequence[Played]], dessert: str) -> list[int]:
    """Game-end points for the desserts each seat kept (copies by special order
    included); ``dessert`` is the menu's dessert kind.

    >>> dessert_points([played("pudding", "pudding"), played("pudding")], "pudding")
    [6, 0]
    >>> dessert_points([played("fruit-pineapple-pineapple"), []], "fruit")
    [-3, -6]
    """
    n = len(desserts)
    if dessert == "pudding":
        counts = [sum(1 for p in cards if p.kind == "pudding") for cards in desserts]
        return most_and_fewest_full(counts, 6, -6 if n > 2 else None)
    if dessert == "green-tea-ice-cream":
        return [
            12 * (sum(1 for p in cards if p.kind == "green-tea-ice-cream") // 4)
            for cards in desserts
        ]
    if dessert == "fruit":
        out = []
        for cards in desserts:
            fruit: Counter[str] = Counter()
            for p in cards:
                if p.kind == "fruit":
                    fruit.update(fruit_icons(p.counts_as))
            out.append(fruit_points(fruit))
        return out
    raise ValueError(f"{dessert!r} is not a dessert")


def fruit_points(icons: Mapping[str, int]) -> int:
    """Fruit: each of watermelon, pineapple and orange scores by its icon count.

    >>> fruit_points({"orange": 1, "pineapple": 4})   # the card guide's example
    4
    """
    return sum(FRUIT_POINTS[min(icons.get(f, 0), 5)] for f in ("watermelon", "pineapple", "orange"))


def winners(totals: Sequence[int], dessert_cards: Sequence[int]) -> list[int]:
    """Most points, then most dessert cards; still tied, the win is shared."""
    best = max(totals)
    top = [s for s, t in enumerate(totals) if t == best]
    most = max(dessert_cards[s] for s in top)
    return [s for s in top if dessert_cards[s] == most]
