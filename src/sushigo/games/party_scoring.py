"""Sushi Go Party! scoring: pure functions over what lies in front of each player.

Every rule is from the card guide of ../shared/rules/sushi-go-party-rulebook.md;
the rulings where it is silent are in :data:`RULINGS`. The rules engine and the
score calculator both score through these functions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from sushigo.core.errors import ParseError
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
_DESSERT_KINDS = frozenset(DESSERTS)


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
        if flipped:
            self.kind = FLIPPED
            self.colour = FLIPPED
            self.icons = 0
            self.token = f"flipped:{card}"
        else:
            self.kind = t.family
            self.colour = t.colour
            self.icons = t.icons
            text = card if copies is None else f"{card}={copies}"
            if on_wasabi:
                text += "/on-wasabi"
            if covered:
                text += "/covered"
            self.token = text

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


_INTERNED: dict[tuple[str, str | None, bool, bool, bool], Played] = {}


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


_BY_TOKEN: dict[str, Played] = {}


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
    n = len(tableaux)
    out: list[dict[str, int]] = []
    maki = [0] * n
    uramaki = [0] * n
    temaki = [0] * n
    edamame = [0] * n
    soy = [0] * n
    different = [0] * n
    for i in range(n):
        k: dict[str, int] = {}
        colours: dict[str, int] = {}
        shapes: dict[str, int] = {}
        nigiri = 0
        for p in tableaux[i]:
            kind = p.kind
            if kind in _DESSERT_KINDS:
                continue
            k[kind] = k.get(kind, 0) + 1
            colours[p.colour] = colours.get(p.colour, 0) + 1
            if kind == "nigiri":
                nigiri += 3 * p.icons if p.on_wasabi else p.icons
            elif kind == "maki":
                maki[i] += p.icons
            elif kind == "uramaki":
                uramaki[i] += p.icons
            elif kind == "onigiri":
                shapes[p.counts_as] = shapes.get(p.counts_as, 0) + 1
        b = dict.fromkeys(ROUND_FAMILIES, 0)
        b["nigiri"] = nigiri
        b["tempura"] = 5 * (k.get("tempura", 0) // 2)
        b["sashimi"] = 10 * (k.get("sashimi", 0) // 3)
        b["dumpling"] = DUMPLING_POINTS[min(k.get("dumpling", 0), 5)]
        eel = k.get("eel", 0)
        b["eel"] = -3 if eel == 1 else 7 if eel >= 2 else 0
        tofu = k.get("tofu", 0)
        b["tofu"] = (0, 2, 6)[tofu] if tofu < 3 else 0
        if shapes:
            b["onigiri"] = onigiri_points(Counter(shapes))
        b["miso-soup"] = 3 * k.get("miso-soup", 0)
        b[FLIPPED] = 2 * k.get(FLIPPED, 0)
        tea = k.get("tea", 0)
        if tea:
            b["tea"] = tea * max(colours.values())
        temaki[i] = k.get("temaki", 0)
        edamame[i] = k.get("edamame", 0)
        soy[i] = k.get("soy-sauce", 0)
        different[i] = len(colours)
        out.append(b)
    if any(maki):
        for i, pts in enumerate(maki_points(maki, big_table=big_table)):
            out[i]["maki"] = pts
    for i, pts in enumerate(temaki_points(temaki)):
        out[i]["temaki"] = pts
    scored = uramaki_scored or [0] * n
    for i, pts in enumerate(uramaki_end_points(uramaki, uramaki_claimed)):
        out[i]["uramaki"] = scored[i] + pts
    if any(edamame):
        for i, pts in enumerate(edamame_points(edamame)):
            out[i]["edamame"] = pts
    if any(soy):
        best = max(different)
        for i in range(n):
            if different[i] == best:
                out[i]["soy-sauce"] = 4 * soy[i]
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
