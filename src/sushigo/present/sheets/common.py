"""What the score-sheet readers of the three games share: counts (``tempura x3``),
nigiri on a wasabi (``wasabi+squid``), a seat's list, the names, a hint for a
mistyped card, and reading the JSON document."""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from sushigo.core.cards import CardTable
from sushigo.core.errors import ParseError
from sushigo.play.files import read_text

_TIMES = re.compile(r"^(.*?)\s*[x×*]\s*(\d+)$", re.IGNORECASE)
_LEADING = re.compile(r"^(\d+)\s*(?:[x×*]\s*)?(\D.*)$", re.IGNORECASE)
T = TypeVar("T")
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
    if m and m.group(1).strip():
        name, digits = m.group(1).strip(), m.group(2)
    else:
        lead = _LEADING.match(text)
        if not (lead and lead.group(2).strip()):
            return text, 1
        name, digits = lead.group(2).strip(), lead.group(1)
    digits = digits.lstrip("0") or "0"
    count = int(digits) if len(digits) <= _DIGITS else 10**_DIGITS
    if count < 1:
        raise ParseError(f"{where}: {shown(entry)}: a count must be at least 1")
    return name, count


def singular(parse: Callable[[str], T], text: str) -> T:
    """``parse(text)``, or where that fails, ``parse`` of the name in the singular
    (``tempuras``, ``maki rolls``, ``squid nigiris``): a person counting cards writes
    plurals. The first error is raised when no form parses.

    >>> from sushigo.games.classic import CLASSIC_CARDS
    >>> singular(CLASSIC_CARDS.parse, "Dumplings"), singular(CLASSIC_CARDS.parse, "eggs")
    ('dumpling', 'egg-nigiri')
    """
    try:
        return parse(text)
    except ParseError as first:
        words = text.split()
        forms = []
        if words and words[-1].lower().endswith("s"):
            forms.append(" ".join([*words[:-1], words[-1][:-1]]))
        every = " ".join(w[:-1] if w.lower().endswith("s") and len(w) > 2 else w for w in words)
        forms.append(every)
        for form in dict.fromkeys(forms):
            if form and form != text:
                try:
                    return parse(form)
                except ParseError as exc:
                    if "could be" in str(exc):  # a plural of a name several cards share
                        raise exc from None
        raise first from None


@dataclass(frozen=True)
class Mistake:
    """One mistake of a score sheet: where (the round and seat, from 1 and 0, when it is
    in one seat's list) and what, as a sentence that says where too."""

    round: int | None
    seat: int | None
    message: str


SHOWN_MISTAKES = 6
"""Mistakes a sheet's message spells out; the rest are counted."""


class SheetMistakes(ParseError):
    """Every mistake found in a score sheet's lists at once (a person fixes them all in
    one go): the message names each, ``mistakes`` says where each one is."""

    def __init__(self, mistakes: Iterable[Mistake]) -> None:
        self.mistakes = list(mistakes)
        said = [m.message for m in self.mistakes[:SHOWN_MISTAKES]]
        more = len(self.mistakes) - len(said)
        if len(self.mistakes) == 1:
            text = said[0]
        else:
            text = f"{len(self.mistakes)} mistakes: " + "; ".join(said)
            if more:
                text += f"; and {more} more"
        super().__init__(text)


def every_entry(entries: Iterable[T], read: Callable[[int, T], None]) -> None:
    """``read(k, entry)`` for every entry of one seat's list (``k`` from 1), going on
    past a mistake: SheetMistakes with all of them at the end."""
    found: list[Mistake] = []
    for k, entry in enumerate(entries, 1):
        try:
            read(k, entry)
        except SheetMistakes as exc:
            found.extend(exc.mistakes)
        except ParseError as exc:
            found.append(Mistake(None, None, str(exc)))
    if found:
        raise SheetMistakes(found)


class Mistakes:
    """The mistakes of a sheet's rounds, gathered seat by seat: :meth:`seat` reads one
    seat's list and notes what is wrong with it, :meth:`check` raises them all."""

    def __init__(self) -> None:
        self.found: list[Mistake] = []

    def seat(self, round_: int, seat: int, read: Callable[[], T], instead: T) -> T:
        """``read()``, or ``instead`` when it found mistakes (noted as round
        ``round_``'s, seat ``seat``'s)."""
        try:
            return read()
        except SheetMistakes as exc:
            self.found.extend(replace(m, round=round_, seat=seat) for m in exc.mistakes)
        except ParseError as exc:
            self.found.append(Mistake(round_, seat, str(exc)))
        return instead

    def check(self) -> None:
        """SheetMistakes with every mistake noted, if there is one."""
        if self.found:
            raise SheetMistakes(self.found)


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
