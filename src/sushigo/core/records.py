"""Game records: the truth of a game. One JSON object per game, one game per line.

Version 2, for every game: each round is an ordered list of *steps*, a chance
outcome (``{"deal": ...}``, ``{"draw": ...}``, ``{"roll": ...}``: each game names
its own) or one seat's decision (``{"seat": 1, "action": "tempura"}``) in the
notation ``parse_action`` reads, with the round's scores beside them. One walker
(:func:`walk`) re-plays every game; a ruleset only writes its rounds
(``Ruleset.record_rounds``), its end (``Ruleset.end_fields``) and reads its chance
steps (``Ruleset.parse_chance``). Version 1 records, each game with its own layout,
still re-play (``Ruleset.replay_v1``) and :func:`upgrade` rewrites them. The format
is in docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Container, Generator, Iterable, Iterator, Sequence
from typing import Any, Protocol

from sushigo.core.errors import IllegalActionError, OptionsError, ParseError, RecordError
from sushigo.core.ruleset import AnyRuleset, make
from sushigo.core.state import AnyState

FORMAT = "sushigo-record"
VERSION = 2
"""The version written."""
VERSIONS = (1, 2)
"""The versions read."""
ROUNDS = 3
"""Every game of the family is three rounds."""
HEADER = ("format", "version", "game", "players", "names", "agents", "options", "seed")
"""The fields every record starts with."""


def make_record(
    state: AnyState,
    *,
    names: Sequence[str],
    agents: Sequence[str],
    seed: int | None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a finished (or unfinished) game."""
    rs = state.ruleset
    if len(names) != rs.seats or len(agents) != rs.seats:
        raise RecordError(f"a record names {rs.seats} seats")
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": rs.name,
        "players": rs.players,
        "names": list(names),
        "agents": list(agents),
        "options": dict(rs.options),
        "seed": seed,
    }
    record["rounds"] = rs.record_rounds(state)
    if state.is_terminal():
        record.update(rs.end_fields(state))
    if extra:
        record.update(extra)
    return record


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON."""
    return json.dumps(record, separators=(",", ":"))


def loads(line: str, where: str = "record") -> dict[str, Any]:
    """Parse one line and check the header; raises RecordError saying where."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(record, dict):
        raise RecordError(f"{where}: a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"{where}: not a sushigo record (format should be {FORMAT!r})")
    if record.get("version") not in VERSIONS:
        raise RecordError(
            f"{where}: record version {record.get('version')!r} is not supported "
            f"(this sushigo reads versions {' and '.join(map(str, VERSIONS))})"
        )
    for key in ("game", "players", "options", "rounds"):
        if key not in record:
            raise RecordError(f"{where}: the record has no {key!r}")
    return record


def iter_lines(lines: Iterable[str], source: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Records from the lines of a JSON Lines file, each with where it came from."""
    for number, line in enumerate(lines, 1):
        if line.strip():
            where = f"{source}:{number}"
            yield where, loads(line, where)


def ruleset_of(record: dict[str, Any], where: str = "record") -> AnyRuleset:
    """The ruleset a record was played under."""
    options = record["options"]
    if not isinstance(options, dict):
        raise RecordError(f"{where}: 'options' must be an object")
    try:
        return make(record["game"], players=record["players"], **options)
    except OptionsError as exc:
        raise RecordError(f"{where}: {exc}") from None


class Finished(Protocol):
    """What a state reports at the end of a game (every card game's state does)."""

    def returns(self) -> list[int]: ...
    def dessert_scores(self) -> list[int]: ...
    def winners(self) -> list[int]: ...


def final_fields(state: Finished, **extra: Any) -> dict[str, Any]:
    """The end-of-game fields of a record: ``extra`` (a game's dessert counts), then
    dessert scores, final scores and winners."""
    return {
        **extra,
        "dessert_scores": state.dessert_scores(),
        "final_scores": state.returns(),
        "winners": state.winners(),
    }


def compare_fields(record: dict[str, Any], fields: dict[str, Any], where: str) -> None:
    """RecordError at the first field the record holds that the rules disagree with."""
    for key, value in fields.items():
        compare(record.get(key), value, f"{where}: {key}")


def round_entries(
    record: dict[str, Any], where: str, limit: int
) -> list[tuple[str, dict[str, Any]]]:
    """A record's rounds, each with the place to name in errors; RecordError unless
    ``rounds`` is a list of at most ``limit`` objects."""
    rounds = record["rounds"]
    if not isinstance(rounds, list) or len(rounds) > limit:
        raise RecordError(f"{where}: 'rounds' must be a list of at most {limit} rounds")
    out = []
    for r, entry in enumerate(rounds):
        at = f"{where}, round {r + 1}"
        if not isinstance(entry, dict):
            raise RecordError(f"{at}: a round is an object")
        out.append((at, entry))
    return out


def card_lists(value: object, where: str, known: Container[str]) -> list[list[str]]:
    """A record's list of card lists, every card one of ``known``; else RecordError."""
    if not isinstance(value, list) or not all(isinstance(h, list) for h in value):
        raise RecordError(f"{where}: expected a list of card lists")
    for cards in value:
        for c in cards:
            if not isinstance(c, str) or c not in known:
                raise RecordError(f"{where}: unknown card {c!r}")
    return value


def guard(fn: Callable[[Any], None], arg: Any, where: str) -> None:
    """Call ``fn(arg)``; an IllegalActionError becomes a RecordError saying where."""
    try:
        fn(arg)
    except IllegalActionError as exc:
        raise RecordError(f"{where}: {exc}") from None


def compare(recorded: object, actual: object, where: str) -> None:
    """RecordError unless a recorded value (when present) equals what the rules give."""
    if recorded is not None and recorded != actual:
        raise RecordError(f"{where}: the record says {recorded}, the rules give {actual}")


def check_seats(record: dict[str, Any], rs: AnyRuleset, where: str) -> None:
    """RecordError unless ``names`` and ``agents``, when given, list every seat."""
    for key in ("names", "agents"):
        value = record.get(key)
        if value is not None and (not isinstance(value, list) or len(value) != rs.seats):
            raise RecordError(f"{where}: {key!r} must list {rs.seats} seats")


def replay(record: dict[str, Any], where: str = "record") -> AnyState:
    """Re-play a record (version 1 or 2) through the rules; RecordError at the first
    disagreement, saying where."""
    if record.get("version") == 1:
        rs = ruleset_of(record, where)
        check_seats(record, rs, where)
        state: AnyState = rs.replay_v1(record, where)
        return state
    steps = walk(record, where)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            end: AnyState = done.value
            return end


class Decision:
    """One decision step of a recorded game: every seat deciding now, and what each
    does. The walker stops before applying it."""

    __slots__ = ("where", "round", "step", "state", "actions")

    def __init__(
        self, where: str, round: int, step: int, state: AnyState, actions: dict[int, Any]
    ) -> None:
        self.where = where
        """The place in the record (``games.jsonl:3, round 2, step 14``)."""
        self.round = round
        """The round, 0-based: its index in the record's ``rounds``."""
        self.step = step
        """The index in that round's ``steps`` of the step that completed the decision."""
        self.state = state
        """The position before the decision: the walker's own state, which moves on."""
        self.actions = actions
        """Each deciding seat's action."""


def walk(record: dict[str, Any], where: str = "record") -> Generator[Decision, None, AnyState]:
    """Re-play a record step by step, stopping before every decision step (one
    ``state.apply``, as the game loop makes them); its value is the final state.

    A version 1 record is upgraded first. RecordError at the first step the rules
    refuse, or that the record does not hold as docs/records.md says.
    """
    if record.get("version") == 1:
        record = upgrade(record, where)
    rs = ruleset_of(record, where)
    check_seats(record, rs, where)
    state: AnyState = rs.new_game()
    for r, (at, entry) in enumerate(round_entries(record, where, ROUNDS)):
        steps = entry.get("steps")
        if not isinstance(steps, list):
            raise RecordError(f"{at}: 'steps' must be a list")
        joint: dict[int, Any] = {}
        placed: dict[int, str] = {}  # where each seat's decision stands in the record
        for i, step in enumerate(steps):
            at_s = f"{at}, step {i + 1}"
            if not isinstance(step, dict):
                raise RecordError(f"{at_s}: a step is an object, not {step!r}")
            if state.is_terminal() or state.round != r:
                raise RecordError(f"{at_s}: the round is already over")
            if state.is_chance():
                if "seat" in step:
                    raise RecordError(f"{at_s}: a deal, draw or roll is due; the record has {step}")
                guard(state.apply_chance, rs.parse_chance(step, at_s), at_s)
                continue
            deciding = state.to_act()
            seat = step.get("seat")
            text = step.get("action")
            if seat not in deciding or seat in joint or not isinstance(text, str):
                waiting = [s for s in deciding if s not in joint]
                raise RecordError(
                    f"{at_s}: {_seats(waiting)} decide{'s' if len(waiting) == 1 else ''} now; "
                    f"the record has {step}"
                )
            try:
                joint[seat] = rs.parse_action(text)
            except ParseError as exc:
                raise RecordError(f"{at_s}: {exc}") from None
            placed[seat] = at_s
            if len(joint) == len(deciding):
                yield Decision(at_s, r, i, state, joint)
                try:
                    state.apply(joint)
                except IllegalActionError as refused:  # (mypyc: one type a name)
                    # name the step of the seat whose decision the rules refuse
                    wrong = [s for s in deciding if joint[s] not in state.legal_actions(s)]
                    raise RecordError(f"{placed[wrong[0] if wrong else seat]}: {refused}") from None
                joint = {}
                placed = {}
        if joint or (state.round == r and not state.is_terminal()):
            raise RecordError(f"{at}: the record stops before the round is over")
        written = rs.record_rounds(state)[r]
        compare_fields(entry, {k: v for k, v in written.items() if k != "steps"}, at)
    if state.is_terminal():
        compare_fields(record, rs.end_fields(state), where)
    return state


def _seats(seats: Sequence[int]) -> str:
    return f"seat {seats[0]}" if len(seats) == 1 else f"seats {', '.join(map(str, seats))}"


def upgrade(record: dict[str, Any], where: str = "record") -> dict[str, Any]:
    """A version 1 record rewritten as version 2 (re-played through the rules, so a
    record that does not re-play raises RecordError). Fields a reader does not know
    are kept; a version 2 record is returned as it is."""
    if record.get("version") != 1:
        return record
    rs = ruleset_of(record, where)
    check_seats(record, rs, where)
    state: AnyState = rs.replay_v1(record, where)
    body = {"rounds", *rs.end_fields(state)} if state.is_terminal() else {"rounds"}
    extra = {k: v for k, v in record.items() if k not in HEADER and k not in body}
    names = record.get("names")
    agents = record.get("agents")
    out = make_record(
        state,
        names=names if names is not None else [""] * rs.seats,
        agents=agents if agents is not None else [""] * rs.seats,
        seed=record.get("seed"),
        extra=extra,
    )
    for key, value in (("names", names), ("agents", agents)):
        if value is None:
            del out[key]
    return out
