"""What the score-sheet readers of the three games share: counts (``tempura x3``),
nigiri on a wasabi (``wasabi+squid``), a seat's list, the names, a hint for a
mistyped card, and reading the JSON document."""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from typing import Any

from sushigo.core.cards import CardTable
from sushigo.core.errors import ParseError
from sushigo.play.files import read_text

_TIMES = re.compile(r"^(.*?)\s*[x×*]\s*(\d+)$", re.IGNORECASE)
_DIGITS = 9
"""A count of more digits than this is read as 10**9: far more than any game's
components, so it is refused by :func:`check_count` (and ``int`` is never asked to
read thousands of digits)."""
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder the text around them (direction marks, embeddings,
overrides and isolates): refused in names, so that a name cannot disguise others."""


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a name, or None: a lone surrogate (not Unicode text
    at all), a control character (NUL among them: PostgreSQL refuses it), or a
    character that reorders the text around it."""
    for ch in text:
        if ch in BIDI_CONTROLS:
            return f"holds a direction-changing character (U+{ord(ch):04X})"
        category = unicodedata.category(ch)
        if category == "Cs":
            return f"is not valid Unicode text (a lone surrogate, U+{ord(ch):04X})"
        if category == "Cc":
            return f"holds a control character (U+{ord(ch):04X})"
    return None


def shown(entry: str, most: int = 40) -> str:
    """An entry as quoted in a message: stripped, and cut short when long."""
    text = entry.strip()
    return repr(text if len(text) <= most else text[: most - 1] + "…")


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
    digits = m.group(2).lstrip("0") or "0"
    count = int(digits) if len(digits) <= _DIGITS else 10**_DIGITS
    if count < 1:
        raise ParseError(f"{where}: {shown(entry)}: a count must be at least 1")
    return m.group(1).strip(), count


def check_count(entry: str, count: int, most: int, what: str, where: str) -> None:
    """ParseError unless ``count`` is at most ``most``, all the game's components
    hold, ``what`` saying so: ``'tempura x5000000': the deck has 108 cards (14
    tempura)``. (More copies of a card than the deck holds, but no more than the
    whole deck, is a warning of the sheet, not an error.)"""
    if count > most:
        raise ParseError(f"{where}: {shown(entry)}: {what}")


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
    for n in value:
        problem = text_problem(n)
        if problem is not None:
            raise ParseError(f"'names': the name {shown(n, 24)} {problem}")
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
