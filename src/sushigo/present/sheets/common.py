"""What the score-sheet readers of the three games share: counts (``tempura x3``),
nigiri on a wasabi (``wasabi+squid``), a seat's list, the names, a hint for a
mistyped card, and reading the JSON document."""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

from sushigo.core.cards import CardTable
from sushigo.core.errors import ParseError
from sushigo.play.files import read_text

_TIMES = re.compile(r"^(.*?)\s*[x×*]\s*(\d+)$", re.IGNORECASE)


def split_count(entry: str, where: str, *, fold: bool = False) -> tuple[str, int]:
    """An entry and how many it stands for: ``tempura x3`` is ``("tempura", 3)``,
    ``tempura`` is ``("tempura", 1)``; ParseError for a count below 1. ``fold``: fold
    runs of white space into one space first.

    >>> split_count(" squid  x 2", "tray")
    ('squid', 2)
    """
    text = " ".join(entry.split()) if fold else entry.strip()
    m = _TIMES.match(text)
    if not (m and m.group(1).strip()):
        return text, 1
    count = int(m.group(2))
    if count < 1:
        raise ParseError(f"{where}: {entry.strip()!r}: a count must be at least 1")
    return m.group(1).strip(), count


def split_stack(text: str, where: str, example: str) -> list[str] | None:
    """The two sides of a nigiri on a wasabi written ``wasabi+squid`` (not yet
    parsed); None when ``text`` has no ``+``; ParseError unless it has two sides.
    ``example`` shows the form in the message."""
    if "+" not in text:
        return None
    parts = text.split("+")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise ParseError(f"{where}: {text!r}: write a nigiri on a wasabi as {example}")
    return parts


def entry_list(value: Any, where: str, expected: str) -> list[Any]:
    """What a sheet lists for one seat: a list, or one comma-separated string (blank
    entries dropped); otherwise ParseError ``expected a list of`` + ``expected``."""
    if isinstance(value, str):
        return [e for e in value.split(",") if e.strip()]
    if isinstance(value, list):
        return value
    raise ParseError(f"{where}: expected a list of {expected}")


def did_you_mean(text: str, table: CardTable) -> str:
    """`` (did you mean squid-nigiri?)`` for a mistyped id or name, else ``""``."""
    key = text.strip().lower().replace(" ", "-").replace("_", "-")
    options = {c: c for c in table.ids}
    options.update({t.name.lower(): t.id for t in table.types})
    close = difflib.get_close_matches(key, list(options), n=3, cutoff=0.6)
    ids = list(dict.fromkeys(options[c] for c in close))
    return f" (did you mean {' or '.join(ids)}?)" if ids else ""


def sheet_names(value: Any, seats: int) -> list[str]:
    """A sheet's ``names``: the list given, stripped, or ``Player 1``... for ``seats``
    seats when it gives none; ParseError if it is not a list of names."""
    if value is None:
        return [f"Player {i + 1}" for i in range(seats)]
    if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
        raise ParseError("'names' must be a list of the players' names")
    return [n.strip() for n in value]


def read_input(path: str) -> Any:
    """The JSON document in a file (``-``: stdin)."""
    text, source = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"{source}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
