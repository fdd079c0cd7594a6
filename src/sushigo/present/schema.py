"""The frames a browser (or a program) is sent, as typed dictionaries, and a JSON
Schema written from them.

Every frame of :mod:`sushigo.present.frames` is one of these :class:`~typing.TypedDict`
classes: :class:`GameFrame` (a seat's, the spectators' and a replay's frame, the
game's own keys not required), its :class:`PlayerFrame`, :class:`DecisionFrame`,
:class:`LegalEntry` and the rest, and :class:`Catalog`. docs/web.md ("Frames")
lists the same keys; tests/test_web_schema.py checks the two agree and validates
the frames of whole games against :func:`json_schema`.

:func:`json_schema` turns typed dictionaries into JSON Schema (draft 2020-12): one
definition per class under ``$defs``, ``additionalProperties: false`` (a key not
listed is an error), optional keys (``NotRequired``) left out of ``required``.
It reads the classes' annotations (:func:`typing.get_type_hints`) and knows the
types frames use: ``str``, ``int``, ``float``, ``bool``, ``None``, ``Any``,
``Literal``, unions, ``list``, ``dict[str, ...]`` and other typed dictionaries.

This module deliberately does not use ``from __future__ import annotations``:
``NotRequired`` in a string annotation is not seen by Python 3.11's TypedDict.
"""

import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, Union

JSON = dict[str, Any]
"""A JSON object (a schema, or a value not described further)."""

# ---------------------------------------------------------------------------
# The parts of a frame.


class TableauItem(TypedDict):
    """Cards shown together (a nigiri on its wasabi is one item), and how many."""

    cards: list[str]
    label: str
    colour: str
    count: int


class TableauColumn(TypedDict):
    """Items of one colour, in order of first appearance."""

    colour: str
    items: list[TableauItem]


class Counts(TypedDict, total=False):
    """The roll race: Sushi Go! and Sushi Roll ``maki`` icons, Party ``maki`` or
    ``uramaki`` icons, or ``temaki`` cards."""

    maki: int
    uramaki: int
    temaki: int


class Tokens(TypedDict):
    """Sushi Roll tokens (a seat's, or the supply's)."""

    menu: int
    chopsticks: int
    pudding: int


class PlayerFrame(TypedDict):
    """One seat of ``players`` (docs/web.md, "A player")."""

    seat: int
    dummy: bool
    acting: bool
    score: int
    now: int
    hand_size: int
    hand: list[str] | None
    played: list[str]
    tableau: list[TableauColumn]
    desserts: list[TableauItem]
    dessert_count: int
    counts: Counts
    points: dict[str, int]
    """This round's points by breakdown key (``columns`` of the catalog titles
    them) were the round to end now; keys worth 0 left out. They add up to ``now``."""
    controller: NotRequired[bool]
    """Sushi Go!: the seat controls the dummy this turn."""
    uramaki_scored: NotRequired[int]
    """Sushi Go Party!: uramaki points scored this round."""
    belt: NotRequired[list[str]]
    """Sushi Roll: the faces on the seat's belt."""
    tokens: NotRequired[Tokens]
    """Sushi Roll."""
    red: NotRequired[bool]
    """Sushi Roll: the seat holds the red-bordered belt."""
    done: NotRequired[bool]
    """Sushi Roll: the seat has taken its die this cycle."""


class Flippable(TypedDict):
    """A card a takeout box may flip: its ``Played`` token, label and how many."""

    token: str
    label: str
    count: int


DecisionKind = Literal["pick", "take", "ask", "give", "order", "copy", "flip", "turn"]


class DecisionFrame(TypedDict):
    """What the viewer decides now (docs/web.md, "The decision and the legal actions")."""

    kind: DecisionKind
    seat: int
    prompt: str
    drawn: NotRequired[str | list[str] | None]
    """Sushi Go!'s dummy controller: the card drawn from the dummy's pile; Party
    ``order``: the cards the menu drew."""
    card: NotRequired[str]
    """Party mid-turn decisions: the card being used (``Played`` notation)."""
    asked: NotRequired[str]
    """Party ``give``: what the spoon asks for."""
    owner: NotRequired[int]
    """Party ``give``: the seat using the spoon."""
    flippable: NotRequired[list[Flippable]]
    """Party ``flip``."""
    menus: NotRequired[int]
    """Sushi Roll: the viewer's menu tokens."""
    chopsticks: NotRequired[int]
    """Sushi Roll: the viewer's chopsticks tokens."""


class PendingFrame(TypedDict):
    """Sushi Go Party!: the mid-turn decision being made (public)."""

    seat: int
    kind: str
    card: str
    label: str
    detail: str
    owner: int
    text: str
    drawn: NotRequired[list[str]]
    """Replay frames only: the cards the menu drew."""


class LegalEntry(TypedDict):
    """One of the viewer's legal actions (docs/web.md, "Each entry of legal")."""

    text: str
    label: str
    kind: str
    direct: bool
    group: str
    card: NotRequired[str]
    cards: NotRequired[list[str]]
    dummy: NotRequired[str | None]
    copy: NotRequired[str | None]
    call: NotRequired[str | None]
    faces: NotRequired[list[str]]
    seat: NotRequired[int]


class RevealPick(TypedDict):
    """Sushi Go! and Sushi Go Party!: one seat's card (cards) at a reveal."""

    seat: int
    text: str
    label: str


class LogEntry(TypedDict):
    """What happened this round, one entry (Sushi Go!: the reveals only)."""

    turn: int
    what: str
    seat: int | None
    cards: list[str]
    text: str
    other: NotRequired[int | None]
    """Not in a ``reveal``: the seat given a card, or the entry's number."""
    picks: NotRequired[list[RevealPick]]
    """A ``reveal`` only."""


class RoundResult(TypedDict):
    """A finished round."""

    round: int
    columns: list[list[str]]
    breakdown: list[dict[str, int]]
    scores: list[int]
    totals: list[int]
    kept: list[int] | None
    kept_label: str | None
    tableaux: list[list[TableauColumn]]


class FinalFrame(TypedDict):
    """The end of the game."""

    scores: list[int]
    rounds: list[list[int]]
    dessert_scores: list[int]
    kept: list[int]
    kept_label: str
    tokens_left: list[int] | None
    token_scores: list[int] | None
    winners: list[int]
    text: str
    places: list[int | None]
    """Each seat's place, from 1: most points, then the tie-break (``kept``); seats
    tied on both share a place; null for the two-player dummy, which never places."""
    ranking: list[int]
    """The players' seats best first (by ``places``, then seat); the dummy not in it."""


class DummyFrame(TypedDict):
    """Sushi Go!'s two-player dummy: its seat and who controls it this turn."""

    seat: int
    controller: int | None


class MenuFrame(TypedDict):
    """Sushi Go Party!'s menu."""

    name: str
    key: str
    kinds: list[str]


class UramakiFrame(TypedDict):
    """Sushi Go Party!: uramaki places claimed, and the points of the next."""

    claimed: int
    next: int


class GameFrame(TypedDict):
    """A frame: a seat's (:func:`~sushigo.present.frames.seat_frame`), the spectators'
    (``public_frame``) or a replay step's (``replay_frame``). docs/web.md, "Keys of
    every frame"; the keys one game adds are not required."""

    game: str
    title: str
    description: str
    options: dict[str, Any]
    viewer: int | None
    seats: int
    round: int
    rounds: int
    turn: int
    turns: int
    passing: Literal["left", "right", "swap"]
    over: bool
    to_act: list[int]
    players: list[PlayerFrame]
    hand: list[str] | None
    decision: DecisionFrame | None
    pending: PendingFrame | None
    legal: list[LegalEntry] | None
    log: list[LogEntry]
    results: list[RoundResult]
    final: FinalFrame | None
    gains: NotRequired[dict[str, int]]
    """A seat's frame while the game is on: what each card of the viewer's hand (each
    face on its belt) would add to its points this round were the round to end
    with it played now (the terminal's "Now" column, one card ahead)."""
    dummy: NotRequired[DummyFrame | None]
    """Sushi Go!."""
    menu: NotRequired[MenuFrame]
    """Sushi Go Party!."""
    uramaki: NotRequired[UramakiFrame | None]
    """Sushi Go Party!."""
    discards: NotRequired[list[str]]
    """Sushi Go Party!: cards discarded face-up this round."""
    red: NotRequired[int]
    """Sushi Roll: the seat holding the red-bordered belt."""
    supply: NotRequired[Tokens]
    """Sushi Roll: tokens left."""


# ---------------------------------------------------------------------------
# The catalog.


class CatalogCard(TypedDict):
    """How to draw one card or die face."""

    id: str
    name: str
    """The card's one name, on its face and in every sentence: ``Maki 2``."""
    short: str
    """The same name (kept for programs that read it)."""
    family: str
    colour: str
    icons: int
    rule: str
    """What the card does and how it scores (the text ``sushigo rules`` prints
    under "Cards")."""
    order: NotRequired[int]
    """Sushi Go Party!'s specials: the lower-right order number (lowest resolves
    first)."""


class CatalogKind(TypedDict):
    """Sushi Go Party!: one kind of the menu."""

    kind: str
    name: str
    category: str
    colour: str
    cards: list[str]
    rule: str


class CatalogMenu(TypedDict):
    name: str
    key: str
    kinds: list[CatalogKind]


class Catalog(TypedDict):
    """How to draw a game's cards or dice (``frames.catalog``)."""

    game: str
    title: str
    columns: dict[str, str]
    cards: dict[str, CatalogCard]
    menu: NotRequired[CatalogMenu]
    """Sushi Go Party!."""
    dice: NotRequired[dict[str, list[str]]]
    """Sushi Roll: each kind of die's six faces."""


# ---------------------------------------------------------------------------
# JSON Schema.

_SCALARS: dict[Any, JSON] = {
    str: {"type": "string"},
    int: {"type": "integer"},
    float: {"type": "number"},
    bool: {"type": "boolean"},
    type(None): {"type": "null"},
}


def is_typed_dict(tp: object) -> bool:
    """Whether ``tp`` is a TypedDict class."""
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def typed_keys(tp: type) -> tuple[frozenset[str], frozenset[str]]:
    """A TypedDict's required keys and its optional ones."""
    required: frozenset[str] = getattr(tp, "__required_keys__", frozenset())
    optional: frozenset[str] = getattr(tp, "__optional_keys__", frozenset())
    return required, optional


class _Writer:
    def __init__(self) -> None:
        self.defs: dict[str, JSON] = {}

    def schema(self, tp: Any) -> JSON:
        if tp is Any:
            return {}
        if tp in _SCALARS:
            return dict(_SCALARS[tp])
        if is_typed_dict(tp):
            return self.define(tp)
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is NotRequired or origin is typing.Required:
            return self.schema(args[0])
        if origin is Literal:
            return {"enum": list(args)}
        if origin is Union or origin is types.UnionType:
            return {"anyOf": [self.schema(a) for a in args]}
        if origin is list:
            return {"type": "array", "items": self.schema(args[0])}
        if origin is dict:
            if args and args[0] is not str:
                raise TypeError(f"JSON object keys are text, not {args[0]!r}")
            value = self.schema(args[1]) if args else {}
            return {"type": "object", "additionalProperties": value}
        raise TypeError(f"no JSON Schema for {tp!r}")

    def define(self, tp: type) -> JSON:
        name = tp.__name__
        ref = {"$ref": f"#/$defs/{name}"}
        if name in self.defs:
            return ref
        self.defs[name] = {}  # recursion guard
        hints = typing.get_type_hints(tp)
        required, _optional = typed_keys(tp)
        out: JSON = {"type": "object"}
        doc = (tp.__doc__ or "").strip()
        if doc and not doc.startswith(f"{name}("):
            out["description"] = " ".join(doc.split())
        out["properties"] = {key: self.schema(hint) for key, hint in hints.items()}
        out["required"] = [key for key in hints if key in required]
        out["additionalProperties"] = False
        self.defs[name] = out
        return ref


def json_schema(roots: Mapping[str, Any], title: str = "") -> JSON:
    """A JSON Schema (draft 2020-12) defining every type of ``roots`` (a name for
    each: a TypedDict, or a union of them) and every TypedDict they hold, under
    ``$defs``; the document itself accepts any of the roots."""
    writer = _Writer()
    named: dict[str, JSON] = {}
    for name, tp in roots.items():
        body = writer.schema(tp)
        if body.get("$ref") != f"#/$defs/{name}":
            named[name] = body
    defs = {**writer.defs, **named}
    out: JSON = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
    if title:
        out["title"] = title
    out["$defs"] = dict(sorted(defs.items()))
    out["anyOf"] = [{"$ref": f"#/$defs/{name}"} for name in roots]
    return out


FRAME_TYPES: dict[str, Any] = {"GameFrame": GameFrame, "Catalog": Catalog}
"""The frames :mod:`sushigo.present.frames` builds, by name."""
