"""Sushi Go Party! scoring: pure functions over what lies in front of each player.

Every rule is from the card guide of ../shared/rules/sushi-go-party-rulebook.md;
the rulings where it is silent are in :data:`RULINGS`. The rules engine and the
score calculator both score through these functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from sushigo.core.errors import ParseError
from sushigo.core.scoring import most_and_fewest_full
from sushigo.core.scoring import winners as _winners
from sushigo.games.party.cards import KINDS, PARTY_CARDS, fruit_icons

RULINGS: Final[tuple[str, ...]] = (
    "Temaki and pudding: when every player has the same number, nobody scores or loses "
    "points for them.",
    "A nigiri's tripling is fixed when it is placed on a wasabi: flipping that wasabi "
    "with a takeout box later does not change the nigiri's points (the wasabi itself "
    "then scores 2 like any flipped card).",
    "Cards flipped by takeout boxes all share one colour of their own, for tea and soy "
    "sauce (FACTS.md).",
    "A special order copying a wasabi is an empty wasabi: the next nigiri played goes on it.",
    "Desserts played this round count as a colour for soy sauce and tea, each dessert "
    "kind in its own colour; desserts kept from earlier rounds do not (the printed soy "
    "sauce entry: 'Only dessert cards played in the current round are [counted]'; tea "
    "counts 'cards that you played this round'; FACTS.md).",
)

FLIPPED: Final = "flipped"
"""The scoring family and colour of a card flipped face-down by a takeout box."""

ROUND_FAMILIES: Final = (
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

DUMPLING_POINTS: Final = (0, 1, 3, 6, 10, 15)
ONIGIRI_POINTS: Final = (0, 1, 4, 9, 16)
FRUIT_POINTS: Final = (-2, 0, 1, 3, 6, 10)
URAMAKI_PLACES: Final = (8, 5, 2)

_BY_ID: Final = PARTY_CARDS.by_id
SCORING_KINDS: Final[tuple[str, ...]] = (*KINDS, FLIPPED)
"""Every kind a card in front of a player scores as; colours are named by these too."""
_KIND_INDEX: Final = {k: i for i, k in enumerate(SCORING_KINDS)}
_NK: Final = len(SCORING_KINDS)
ONIGIRI_SHAPES: Final = (
    "onigiri-circle",
    "onigiri-triangle",
    "onigiri-square",
    "onigiri-rectangle",
)
FRUITS: Final = ("watermelon", "pineapple", "orange")
_NIGIRI: Final = _KIND_INDEX["nigiri"]
_MAKI: Final = _KIND_INDEX["maki"]
_TEMAKI: Final = _KIND_INDEX["temaki"]
_URAMAKI: Final = _KIND_INDEX["uramaki"]
_TEMPURA: Final = _KIND_INDEX["tempura"]
_SASHIMI: Final = _KIND_INDEX["sashimi"]
_DUMPLING: Final = _KIND_INDEX["dumpling"]
_EEL: Final = _KIND_INDEX["eel"]
_TOFU: Final = _KIND_INDEX["tofu"]
_ONIGIRI: Final = _KIND_INDEX["onigiri"]
_EDAMAME: Final = _KIND_INDEX["edamame"]
_MISO: Final = _KIND_INDEX["miso-soup"]
_SOY: Final = _KIND_INDEX["soy-sauce"]
_TEA: Final = _KIND_INDEX["tea"]
_FLIPPED: Final = _KIND_INDEX[FLIPPED]


class Played:
    """One card in front of a player: what it is and how it lies.

    Values: equal when all five fields are equal, and hashable. The derived
    attributes (``kind``, ``counts_as``, ``colour``, ``icons``, ``token``) are
    worked out once, when the value is made.

    The notation (``token``, read back by :func:`parse_played`): ``CARD``;
    ``special-order=CARD`` for a copy; ``flipped:CARD`` for a card turned
    face-down by a takeout box; ``/on-wasabi`` after a nigiri lying on a wasabi
    and ``/covered`` after a wasabi with a nigiri on it.
    """

    __slots__ = (
        "card",
        "copies",
        "flipped",
        "on_wasabi",
        "covered",
        "kind",
        "counts_as",
        "colour",
        "icons",
        "token",
        "kind_index",
        "colour_index",
        "shape",
        "fruit",
    )

    card: str
    """The printed card id."""
    copies: str | None
    """For a special order: the card id it counts as (a copy of a copy is resolved)."""
    flipped: bool
    """Turned face-down by a takeout box: worth 2, in a colour of its own."""
    on_wasabi: bool
    """A nigiri (or a special order copying one) placed on a wasabi: worth triple."""
    covered: bool
    """A wasabi (or a special order copying one) with a nigiri on it."""
    kind: str
    """What it scores as: a card kind ("nigiri", "maki", ...) or "flipped"."""
    counts_as: str
    """The card id it scores as (its own, or the copied card's)."""
    colour: str
    """Background colour for tea and soy sauce."""
    icons: int
    """Maki or uramaki icons, or a nigiri's base points (0 for a flipped card)."""
    token: str
    """The notation of this value."""
    kind_index: int
    """Position of ``kind`` in :data:`SCORING_KINDS` (for fast counting)."""
    colour_index: int
    """Position of ``colour`` in :data:`SCORING_KINDS` (colours are named by kind)."""
    shape: int
    """Onigiri shape 0-3, else -1."""
    fruit: tuple[int, int, int]
    """Watermelon, pineapple and orange icons (fruit only)."""

    def __init__(
        self,
        card: str,
        copies: str | None = None,
        flipped: bool = False,
        on_wasabi: bool = False,
        covered: bool = False,
    ) -> None:
        if card not in _BY_ID or (copies is not None and copies not in _BY_ID):
            raise ValueError(f"unknown card {copies if card in _BY_ID else card!r}")
        if flipped:  # face-down, a card is nothing but a flipped card
            copies, on_wasabi, covered = None, False, False
        self.card = card
        self.copies = copies
        self.flipped = flipped
        self.on_wasabi = on_wasabi
        self.covered = covered
        self.counts_as = copies or card
        t = _BY_ID[self.counts_as]
        self.shape = -1
        self.fruit = (0, 0, 0)
        if flipped:
            self.kind = FLIPPED
            self.colour = FLIPPED
            self.icons = 0
            self.token = f"flipped:{card}"
        else:
            if t.family == "onigiri":
                self.shape = ONIGIRI_SHAPES.index(self.counts_as)
            elif t.family == "fruit":
                icons = fruit_icons(self.counts_as)
                self.fruit = tuple([icons.get(f, 0) for f in FRUITS])  # type: ignore[assignment]
            self.kind = t.family
            self.colour = t.colour
            self.icons = t.icons
            text = card if copies is None else f"{card}={copies}"
            if on_wasabi:
                text += "/on-wasabi"
            if covered:
                text += "/covered"
            self.token = text
        self.kind_index = _KIND_INDEX[self.kind]
        self.colour_index = _KIND_INDEX[self.colour]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Played):
            return NotImplemented
        return self.token == other.token

    def __hash__(self) -> int:
        return hash(self.token)

    def __repr__(self) -> str:
        args = [repr(self.card)]
        if self.copies is not None:
            args.append(f"copies={self.copies!r}")
        for flag in ("flipped", "on_wasabi", "covered"):
            if getattr(self, flag):
                args.append(f"{flag}=True")
        return f"Played({', '.join(args)})"

    def __str__(self) -> str:
        return self.token


_INTERNED: Final[dict[tuple[str, str | None, bool, bool, bool], Played]] = {}


def played_value(
    card: str,
    copies: str | None = None,
    flipped: bool = False,
    on_wasabi: bool = False,
    covered: bool = False,
) -> Played:
    """The one shared :class:`Played` with these fields (values are immutable, so
    the engine never makes the same one twice)."""
    key = (card, copies, flipped, on_wasabi, covered)
    p = _INTERNED.get(key)
    if p is None:
        p = _INTERNED[key] = Played(card, copies, flipped, on_wasabi, covered)
    return p


_BY_TOKEN: Final[dict[str, Played]] = {}


def played_of_token(token: str) -> Played:
    """:func:`parse_played`, remembered: the engine reads the same tokens often."""
    p = _BY_TOKEN.get(token)
    if p is None:
        p = _BY_TOKEN[token] = parse_played(token)
    return p


def played(*cards: str) -> list[Played]:
    """Plain played cards (no copies, flips or wasabi), for tests and examples."""
    return [played_value(c) for c in cards]


def parse_played(text: str) -> Played:
    """Read one card in front of a player, in :class:`Played`'s notation.

    >>> parse_played("special-order=squid/on-wasabi")
    Played('special-order', copies='squid-nigiri', on_wasabi=True)
    >>> parse_played("flipped:tempura").token
    'flipped:tempura'
    """
    raw = text
    t = " ".join(text.strip().lower().split())
    flipped = t.startswith("flipped:")
    if flipped:
        t = t[len("flipped:") :].strip()
    on_wasabi = covered = False
    while "/" in t:
        t, _, flag = t.rpartition("/")
        flag = flag.strip()
        if flag == "on-wasabi":
            on_wasabi = True
        elif flag == "covered":
            covered = True
        else:
            raise ParseError(f"{raw.strip()!r}: '/{flag}' is not known; use /on-wasabi or /covered")
    name, eq, target = t.partition("=")
    card = PARTY_CARDS.parse(name)
    copies: str | None = None
    if eq:
        if card != "special-order":
            raise ParseError(f"{raw.strip()!r}: only a special order copies a card")
        copies = PARTY_CARDS.parse(target)
        if copies == "special-order":
            raise ParseError(
                f"{raw.strip()!r}: a copy of a special order counts as what that one copies"
            )
    if flipped:
        return played_value(card, flipped=True)
    kind = _BY_ID[copies or card].family
    if on_wasabi and kind != "nigiri":
        raise ParseError(f"{raw.strip()!r}: only a nigiri lies on a wasabi")
    if covered and kind != "wasabi":
        raise ParseError(f"{raw.strip()!r}: only a wasabi is covered by a nigiri")
    return played_value(card, copies, False, on_wasabi, covered)


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


def onigiri_points(shapes: Mapping[str, int]) -> int:
    """Sets of different onigiri shapes: 1, 4, 9, 16 for 1-4 shapes; several sets.

    >>> onigiri_points({"circle": 1, "triangle": 1, "square": 2})
    10
    """
    return _onigiri(list(shapes.values()))  # a new list: _onigiri uses it up


def _onigiri(counts: list[int]) -> int:
    """Onigiri points from the copies of each shape: take one of each shape there is,
    score that set, and again while any are left (``counts`` is used up)."""
    total = 0
    while True:
        shapes = 0
        for i in range(len(counts)):
            if counts[i] > 0:
                counts[i] -= 1
                shapes += 1
        if shapes == 0:
            return total
        total += ONIGIRI_POINTS[shapes]


# ---------------------------------------------------------------------------
# A whole round.


def score_round(
    tableaux: Sequence[Sequence[Played]],
    *,
    big_table: bool = False,
    uramaki_claimed: int = 0,
    uramaki_scored: Sequence[int] | None = None,
) -> list[dict[str, int]]:
    """Points of each seat for one round, by family (desserts score at game end).

    ``tableaux[i]`` is what seat ``i`` played this round and has in front at round
    end: surviving miso soups, uramaki not yet scored, and the desserts played this
    round (never those kept from earlier rounds). ``big_table``: 6-8 players.
    ``uramaki_claimed`` and ``uramaki_scored`` are the uramaki places taken, and the
    points each seat scored, during the round.
    """
    # Desserts score nothing here (they score at game end), but a dessert played
    # this round is a colour for soy sauce and tea: the printed soy sauce entry says
    # "Only dessert cards played in the current round are [counted]", and tea counts
    # "cards that you played this round and are still in front of you" (FACTS.md).
    n = len(tableaux)
    out: list[dict[str, int]] = []
    maki = [0] * n
    uramaki = [0] * n
    temaki = [0] * n
    edamame = [0] * n
    soy = [0] * n
    different = [0] * n
    seen = 0
    for i in range(n):
        k = [0] * _NK
        colours = [0] * _NK
        nigiri = 0
        mk = 0
        ur = 0
        shapes: list[int] | None = None
        for p in tableaux[i]:
            ki = p.kind_index
            k[ki] = k[ki] + 1
            ci = p.colour_index
            c = colours[ci]
            if c == 0:
                different[i] += 1
            colours[ci] = c + 1
            if ki == _NIGIRI:
                nigiri += 3 * p.icons if p.on_wasabi else p.icons
            elif ki == _MAKI:
                mk += p.icons
            elif ki == _URAMAKI:
                ur += p.icons
            elif ki == _ONIGIRI:
                if shapes is None:
                    shapes = [0, 0, 0, 0]
                shapes[p.shape] += 1
        b = _ZERO.copy()
        if nigiri:
            b["nigiri"] = nigiri
        c = k[_TEMPURA]
        if c > 1:
            b["tempura"] = 5 * (c // 2)
        c = k[_SASHIMI]
        if c > 2:
            b["sashimi"] = 10 * (c // 3)
        c = k[_DUMPLING]
        if c:
            b["dumpling"] = DUMPLING_POINTS[min(c, 5)]
        c = k[_EEL]
        if c:
            b["eel"] = -3 if c == 1 else 7
        c = k[_TOFU]
        if c == 1 or c == 2:
            b["tofu"] = 2 if c == 1 else 6
        if shapes is not None:
            b["onigiri"] = _onigiri(shapes)
        c = k[_MISO]
        if c:
            b["miso-soup"] = 3 * c
        c = k[_TEA]
        if c:
            b["tea"] = c * max(colours)
        c = k[_FLIPPED]
        if c:
            b[FLIPPED] = 2 * c
        out.append(b)
        maki[i] = mk
        uramaki[i] = ur
        temaki[i] = k[_TEMAKI]
        edamame[i] = k[_EDAMAME]
        soy[i] = k[_SOY]
        # Which comparisons between players are needed at all (builtins such as
        # any() are slow calls in compiled code).
        seen |= (
            (1 if mk else 0)
            | (2 if temaki[i] else 0)
            | (4 if ur else 0)
            | (8 if edamame[i] else 0)
            | (16 if soy[i] else 0)
        )
    if seen & 1:
        for i, pts in enumerate(maki_points(maki, big_table=big_table)):
            out[i]["maki"] = pts
    if seen & 2:
        for i, pts in enumerate(temaki_points(temaki)):
            out[i]["temaki"] = pts
    if uramaki_scored is not None:
        for i in range(n):
            out[i]["uramaki"] = uramaki_scored[i]
    if seen & 4:
        for i, pts in enumerate(uramaki_end_points(uramaki, uramaki_claimed)):
            out[i]["uramaki"] += pts
    if seen & 8:
        for i, pts in enumerate(edamame_points(edamame)):
            out[i]["edamame"] = pts
    if seen & 16:
        best = max(different)
        for i in range(n):
            if different[i] == best:
                out[i]["soy-sauce"] = 4 * soy[i]
    return out


_ZERO: Final[dict[str, int]] = dict.fromkeys(ROUND_FAMILIES, 0)


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
            w = a = o = 0
            for p in cards:
                if p.kind == "fruit":
                    w += p.fruit[0]
                    a += p.fruit[1]
                    o += p.fruit[2]
            out.append(FRUIT_POINTS[min(w, 5)] + FRUIT_POINTS[min(a, 5)] + FRUIT_POINTS[min(o, 5)])
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
    return _winners(totals, dessert_cards)
