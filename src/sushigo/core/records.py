"""Game records: the truth of a game. One JSON object per game, one game per line.

The common header is checked here; each ruleset writes and re-plays its own body
(``Ruleset.record_body`` / ``Ruleset.replay``). The format is in docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from typing import Any, Protocol

from sushigo.core.errors import IllegalActionError, OptionsError, RecordError
from sushigo.core.ruleset import AnyRuleset, make
from sushigo.core.state import AnyState

FORMAT = "sushigo-record"
VERSION = 1


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
    record.update(rs.record_body(state))
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
    if record.get("version") != VERSION:
        raise RecordError(
            f"{where}: record version {record.get('version')!r} is not supported "
            f"(this sushigo reads version {VERSION})"
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


def record_rounds(
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
            raise RecordError(f"{at}: a round is an object with 'hands' and 'turns'")
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


def replay(record: dict[str, Any], where: str = "record") -> AnyState:
    """Re-play a record through the rules; RecordError at the first disagreement."""
    rs = ruleset_of(record, where)
    for key in ("names", "agents"):
        value = record.get(key)
        if value is not None and (not isinstance(value, list) or len(value) != rs.seats):
            raise RecordError(f"{where}: {key!r} must list {rs.seats} seats")
    state: AnyState = rs.replay(record, where)
    return state
