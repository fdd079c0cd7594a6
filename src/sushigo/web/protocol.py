"""Every message of the WebSocket protocol and the JSON answers around it, typed
(docs/web.md), and the JSON Schema served at ``GET /api/schema``.

The frames inside the messages are :mod:`sushigo.present.schema`'s. The schema is
written from these classes by :func:`sushigo.present.schema.json_schema`; its
``$defs`` name every message (``StateMessage``, ``ActMessage``, ...), and
``ServerMessage`` / ``ClientMessage`` accept any message of each side.

No ``from __future__ import annotations`` here either: ``NotRequired`` must be
seen by TypedDict at class creation (Python 3.11).
"""

import json
from functools import cache
from typing import Any, Literal, NotRequired, TypedDict

from sushigo.present.schema import JSON, Catalog, GameFrame, json_schema

# ---------------------------------------------------------------------------
# Pieces.


class SeatInfo(TypedDict):
    """A seat of a table as every connection sees it."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    bot: str | None
    free: bool
    connected: bool
    """A person is connected to the seat (a bot seat: always)."""
    stand_in: str | None
    """A person's seat a bot plays (its grace over, or ``hand_to_bot``): the bot's
    name, until the person comes back; else null."""
    away_since: float | None
    """A person's seat nobody is connected to: since when (epoch seconds; counted
    from the server's start for a table it resumed); null while connected, for a bot
    seat and for a free seat."""


class ChosenInfo(TypedDict):
    """A seat's own choice towards the next step, which it may still change."""

    action: str
    """The action's text (as in the legal entries)."""
    label: str
    """The action's sentence (``Keep Tempura``)."""


class TableSummary(TypedDict):
    """A table (``GET /api/tables/{id}``, the lobby, ``welcome``)."""

    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    description: str
    timer: int
    grace: float
    """Seconds a person's seat is disconnected before a bot takes it."""
    status: Literal["waiting", "playing", "finished", "abandoned"]
    step: int
    seats: list[SeatInfo]
    free: int
    rematch: str | None
    public: bool
    """Listed in the lobby; false: a private table, reached by its link only."""
    catalog: NotRequired[Catalog]
    """In ``welcome`` only."""


class HintEntry(TypedDict):
    """One hint: a legal action's text, why, and the search's estimate."""

    text: str
    reason: str
    value: float
    """The share of simulated games won after this action, 0..1; hints are listed
    by it, best first (then by ``mean_score``, then ``games``), but for a ``kept``
    first hint."""
    games: int
    """How many simulated games the value rests on."""
    mean_score: float
    label: str
    """The action as a sentence (the legal entry's ``label``)."""
    effect: str | None
    """What the action does at once (``completes a sashimi set: +10 now``), or null."""
    plain: str
    """The numbers in words: ``Ahead in 64% of 410 simulated rounds; about 38 points
    by the round's end.``"""
    kept: bool
    """The greedy bot's choice, listed first because the search did not clearly beat
    it (Sushi Roll: docs/hints.md); false for every other hint."""


ErrorCode = Literal[
    "bad_json",
    "bad_message",
    "unknown_type",
    "not_joined",
    "already_joined",
    "bad_token",
    "replaced",
    "spectator",
    "stale",
    "not_your_turn",
    "illegal",
    "game_over",
    "not_over",
    "already_seated",
    "busy",
    "too_big",
    "flood",
    "no_table",
    "too_many",
    "full",
    "server",
    "no_seat",
    "not_human",
    "not_yet",
    "chat_slow",
]

# ---------------------------------------------------------------------------
# From the browser (or a program).


class JoinMessage(TypedDict):
    type: Literal["join"]
    token: NotRequired[str | None]


class ActMessage(TypedDict):
    type: Literal["act"]
    action: str
    step: int


class HintMessage(TypedDict):
    type: Literal["hint"]


class RematchMessage(TypedDict):
    type: Literal["rematch"]


class PingMessage(TypedDict):
    type: Literal["ping"]


class SyncMessage(TypedDict):
    type: Literal["sync"]


class HandToBotMessage(TypedDict):
    """A bot plays ``seat``, a person's seat disconnected for the table's grace."""

    type: Literal["hand_to_bot"]
    seat: int


class ChatMessage(TypedDict):
    """Table talk from a seated player: ``text`` (1-200 characters) or one of the
    ``emote`` s offered (``welcome``'s ``emotes``). Spectators read only."""

    type: Literal["chat"]
    text: NotRequired[str]
    emote: NotRequired[str]


ClientMessage = (
    JoinMessage
    | ChatMessage
    | ActMessage
    | HintMessage
    | RematchMessage
    | PingMessage
    | SyncMessage
    | HandToBotMessage
)

# ---------------------------------------------------------------------------
# From the server.


class ChatEntry(TypedDict):
    """One message of a table's talk, shown as text (never as HTML)."""

    n: int
    """Its number at the table, from 0."""
    seat: int
    name: str
    """The seat's name when it was sent."""
    at: float
    """When it was sent (epoch seconds)."""
    text: str
    emote: bool


class WelcomeMessage(TypedDict):
    type: Literal["welcome"]
    seat: int | None
    table: TableSummary
    chat: list[ChatEntry]
    """The table's talk so far (the last 50 messages), oldest first."""
    emotes: list[str]
    """The emotes a seat may send."""
    reclaimed: bool
    """The join took the seat back from the bot that played it while its person was
    away."""
    away: list[str]
    """What was decided for the seat while the bot played it, oldest first, as the
    legal entries' ``label`` s (``Keep Tempura``; seats as ``{N}``); [] unless
    ``reclaimed``."""


StandInReason = Literal["away", "handed", "back"]


class StandInMessage(TypedDict):
    """A bot took a person's seat, or the person took it back: to every connection of
    the table, before the ``state`` that shows it."""

    type: Literal["stand_in"]
    seat: int
    name: str
    """The seat's person."""
    bot: str | None
    """The bot's name now playing the seat; null: the person is back."""
    reason: StandInReason
    """``away``: disconnected for the table's grace, the server handed it over;
    ``handed``: a player sent ``hand_to_bot``; ``back``: the person came back."""
    text: str
    """The same in a sentence, seats as ``{N}`` (``{1} has been disconnected for 60 s:
    Greedy bot plays for them until they come back.``)."""


class ChatBroadcast(TypedDict):
    """A message of the table's talk, sent to every connection of the table."""

    type: Literal["chat"]
    entry: ChatEntry


class StateMessage(TypedDict):
    """The table as this connection may see it."""

    type: Literal["state"]
    step: int
    status: Literal["waiting", "playing", "finished", "abandoned"]
    seats: list[SeatInfo]
    deadline: float | None
    decided: list[int]
    chosen: ChosenInfo | None
    """This seat's choice towards the next step while the step is open (it may change
    it until the reveal); null for a spectator and a seat that has not chosen."""
    rematch: str | None
    now: float
    """The server's clock when the message was made (epoch seconds): ``deadline`` and
    the seats' ``away_since`` are on this clock, whatever the browser's says."""
    frame: GameFrame | None


class AckMessage(TypedDict):
    type: Literal["ack"]
    step: int
    action: str
    label: str
    """The action's sentence, as in the legal entries (``Keep Tempura``)."""
    timeout: bool
    """The turn timer ran out: the server chose for the seat (the greedy bot's choice)."""
    changed: bool
    """The choice replaced the seat's earlier one towards the same step (a change of
    mind before the reveal)."""


class ForcedMessage(TypedDict):
    """A decision the rules made: the seat had one legal action."""

    type: Literal["forced"]
    step: int
    seat: int
    action: str | None
    """The action's text; null while it is hidden from this connection."""
    label: str | None
    kind: str | None


class HintsMessage(TypedDict):
    type: Literal["hints"]
    step: int
    hints: list[HintEntry]
    """The best five, best first."""
    summary: str
    """``Best: Sashimi, about 4 points more than Tempura.``, or ``Sashimi or
    Tempura: too close to call.``"""
    confidence: Literal["sure", "likely", "close", "few", "only"]
    """How sure the search is that the first beats the second (``only``: one choice;
    ``few``: too few simulated rounds to tell them apart, present/hints.py)."""
    note: str
    """The same in a sentence, with how many rounds were simulated."""


class RematchAnswer(TypedDict):
    type: Literal["rematch"]
    table: str
    token: str


class PongMessage(TypedDict):
    type: Literal["pong"]


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: ErrorCode
    message: str
    request: NotRequired[str]
    """The type of the message refused (``chat``, ``act``, ...), when it had one."""


ServerMessage = (
    WelcomeMessage
    | StandInMessage
    | ChatBroadcast
    | StateMessage
    | AckMessage
    | ForcedMessage
    | HintsMessage
    | RematchAnswer
    | PongMessage
    | ErrorMessage
)

# ---------------------------------------------------------------------------
# HTTP answers that hold frames.


class ReplayStep(TypedDict):
    step: int
    frame: GameFrame
    actions: dict[str, str]


class ReplayAnswer(TypedDict):
    """``GET /api/tables/{id}/replay``."""

    record: dict[str, Any]
    catalog: Catalog
    steps: list[ReplayStep]


class CreatedAnswer(TypedDict):
    """``POST /api/tables``."""

    id: str
    seat: int | None
    token: str | None


class JoinedAnswer(TypedDict):
    """``POST /api/tables/{id}/join``."""

    seat: int
    token: str


class GameEntry(TypedDict):
    """A game that ended (``GET /api/games``; the lobby's ``finished`` and
    ``abandoned``)."""

    id: str
    config: dict[str, Any]
    status: Literal["finished", "abandoned"]
    finished: float
    """When it ended (epoch seconds)."""
    step: int
    names: list[str] | None
    final_scores: list[float] | None
    winners: list[int] | None


class TableList(TypedDict):
    """``GET /api/tables``: the lobby."""

    tables: list[TableSummary]
    """What a visitor can join or watch: ``waiting`` then ``playing``."""
    waiting: list[TableSummary]
    """Public tables waiting for players (a free seat each), newest first."""
    playing: list[TableSummary]
    """Public games being played with a person connected, or by bots only, newest
    first."""
    finished: list[GameEntry]
    """The newest finished public games (as ``GET /api/games``)."""
    abandoned: list[GameEntry]
    """Empty: tables that ended abandoned are not listed (kept for older pages)."""


class QuickRequest(TypedDict):
    """``POST /api/quick``: play against bots at once."""

    game: str
    players: int
    name: NotRequired[str]
    bot: NotRequired[str]
    level: NotRequired[int]
    options: NotRequired[dict[str, Any]]
    timer: NotRequired[int]
    public: NotRequired[bool]
    """List the table in the lobby (false by default: private, its link only)."""


class HttpError(TypedDict):
    """Any refused HTTP request."""

    error: str


ROOTS: dict[str, Any] = {
    "ServerMessage": ServerMessage,
    "ClientMessage": ClientMessage,
    "GameFrame": GameFrame,
    "Catalog": Catalog,
    "ReplayAnswer": ReplayAnswer,
    "CreatedAnswer": CreatedAnswer,
    "JoinedAnswer": JoinedAnswer,
    "TableList": TableList,
    "QuickRequest": QuickRequest,
    "HttpError": HttpError,
}
"""What the schema document defines at its top (every class they hold too)."""

SERVER_TYPES: tuple[str, ...] = (
    "welcome",
    "stand_in",
    "state",
    "ack",
    "forced",
    "hints",
    "rematch",
    "pong",
    "error",
    "chat",
)
CLIENT_TYPES: tuple[str, ...] = (
    "join",
    "act",
    "hint",
    "rematch",
    "ping",
    "sync",
    "hand_to_bot",
    "chat",
)


@cache
def schema_document() -> JSON:
    """The JSON Schema of the protocol (``GET /api/schema``)."""
    out = json_schema(ROOTS, title="Sushi Go web protocol (docs/web.md)")
    return out


def jsdoc_typedefs() -> str:
    """The protocol's types as JSDoc ``@typedef`` s (``static/types.js``), written
    from the same schema, so the browser's modules name what they read
    (``@param {GameFrame} frame``) and an editor checks it. tests/test_web_schema.py
    checks the file is this text (``python tools/jsdoc_types.py`` writes it)."""
    defs = schema_document()["$defs"]
    lines = [
        "/*",
        " * The web protocol's types as JSDoc typedefs, written from the JSON Schema the",
        " * server serves at /api/schema (sushigo.web.protocol.jsdoc_typedefs; regenerate",
        " * with `python tools/jsdoc_types.py`). Types only: nothing here runs.",
        " */",
        "",
    ]
    for name, body in defs.items():
        lines.append("/**")
        doc = body.get("description")
        if doc:
            lines.extend(f" * {line}" for line in _wrap(doc))
        if body.get("type") == "object" and "properties" in body:
            lines.append(f" * @typedef {{object}} {name}")
            required = set(body.get("required", ()))
            for key, prop in body["properties"].items():
                optional = key not in required
                label = f"[{key}]" if optional else key
                text = " ".join(prop.get("description", "").split())
                lines.append(
                    f" * @property {{{_js_type(prop)}}} {label}{' ' + text if text else ''}"
                )
        else:
            lines.append(f" * @typedef {{{_js_type(body)}}} {name}")
        lines.append(" */")
        lines.append("")
    lines.append("export {};")
    return "\n".join(lines) + "\n"


def _wrap(text: str, width: int = 86) -> list[str]:
    words, out, line = " ".join(text.split()).split(" "), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*out, line] if line else out


def _js_type(schema: JSON) -> str:
    """A JSON Schema as a JSDoc (Closure/TypeScript) type expression."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "enum" in schema:
        return "|".join(json.dumps(v) for v in schema["enum"])
    if "anyOf" in schema:
        return "(" + "|".join(_js_type(s) for s in schema["anyOf"]) + ")"
    kind = schema.get("type")
    if kind == "array":
        return f"Array<{_js_type(schema.get('items', {}))}>"
    if kind == "object":
        value = schema.get("additionalProperties")
        return f"Object<string, {_js_type(value)}>" if isinstance(value, dict) else "object"
    return {
        "string": "string",
        "integer": "number",
        "number": "number",
        "boolean": "boolean",
        "null": "null",
    }.get(str(kind), "*")
