"""Reading record files, and ``sushigo replay --verify``: re-play every record.

Showing a record as text is :func:`sushigo.present.records.show`; the command is
:func:`sushigo.tui.reports.run_replay`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sushigo.core.errors import RecordError
from sushigo.core.records import iter_lines, loads, replay
from sushigo.play.files import read_text


def read_records(path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The records of a JSON Lines file, each with where it came from."""
    text, name = read_text(path)
    yield from iter_lines(text.splitlines(), name)


def verify(path: str) -> int:
    """Re-play every record; print each disagreement; 1 if any, else 0."""
    good = bad = 0
    text, name = read_text(path)
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{name}:{number}"
        try:
            replay(loads(line, where), where)
        except RecordError as exc:
            print(f"FAIL {exc}")
            bad += 1
        else:
            good += 1
    print(f"{good} verified, {bad} failed")
    return 1 if bad else 0
