"""Card types as data: one row per card type, looked up by its string id."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sushigo.core.errors import ParseError


@dataclass(frozen=True, slots=True)
class CardType:
    """One kind of card, as printed."""

    id: str
    """Stable identifier used in actions, records and files, e.g. ``"maki-2"``."""
    name: str
    """Name shown to players, e.g. ``"Maki roll (2)"``."""
    family: str
    """Scoring family, e.g. ``"maki"``, ``"nigiri"``; cards of a family score together."""
    colour: str
    """Background colour (soy sauce and tea count colours)."""
    count: int
    """Copies in the deck."""
    icons: int = 0
    """Maki icons, or the base points of a nigiri; 0 where it means nothing."""


class CardTable:
    """The ordered card types of a ruleset: deck list, lookups, name parsing."""

    def __init__(self, types: Iterable[CardType]) -> None:
        self.types: tuple[CardType, ...] = tuple(types)
        self.by_id: dict[str, CardType] = {t.id: t for t in self.types}
        self.ids: tuple[str, ...] = tuple(t.id for t in self.types)
        self.order: dict[str, int] = {c: i for i, c in enumerate(self.ids)}
        """Position of each id; hands and lists are kept sorted by it."""
        self._key = self.order.__getitem__

    def deck(self) -> dict[str, int]:
        """The full deck as a multiset ``{card id: copies}``."""
        return {t.id: t.count for t in self.types if t.count}

    def sort(self, cards: Iterable[str]) -> tuple[str, ...]:
        """Cards in table order."""
        return tuple(sorted(cards, key=self._key))

    def expand(self, multiset: Mapping[str, int]) -> list[str]:
        """A multiset as a list in table order."""
        out: list[str] = []
        get = multiset.get
        for c in self.ids:
            n = get(c, 0)
            if n > 0:
                out += [c] * n
        return out

    def parse(self, text: str) -> str:
        """Read a card name as typed by a person: an id, a unique prefix, or a name.

        >>> from sushigo.games.classic import CLASSIC_CARDS
        >>> CLASSIC_CARDS.parse("squid")
        'squid-nigiri'
        >>> CLASSIC_CARDS.parse("Maki 3")
        'maki-3'
        """
        key = " ".join(text.strip().lower().replace("_", "-").split())
        if not key:
            raise ParseError("no card named: type a card name such as 'tempura'")
        for candidate in (key, key.replace(" ", "-")):
            if candidate in self.by_id:
                return candidate
        names = {t.name.lower(): t.id for t in self.types}
        if key in names:
            return names[key]
        words = key.replace("-", " ").split()
        matches = [
            t.id
            for t in self.types
            if all(any(part.startswith(w) for part in _words(t)) for w in words)
        ]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise ParseError(f"unknown card {text.strip()!r}; cards are: {', '.join(self.ids)}")
        raise ParseError(f"{text.strip()!r} could be {' or '.join(matches)}; say which")


def unseen(deck: Mapping[str, int], seen: Iterable[Iterable[str]]) -> dict[str, int]:
    """The cards of ``deck`` (a multiset) that a seat has not seen: one copy taken out
    for every card of each group in ``seen`` (its hand, the hands it saw, every
    tableau, the discards). Cards the deck does not hold are passed over; a count
    may go below zero where ``seen`` holds more of a card than the deck, for the
    caller to decide (determinizers and the greedy bots share this pool).

    >>> unseen({"tempura": 3, "sashimi": 2}, [["tempura"], ["tempura", "wasabi"]])
    {'tempura': 1, 'sashimi': 2}
    """
    left = dict(deck)
    for group in seen:
        for c in group:
            if c in left:
                left[c] -= 1
    return left


def _words(t: CardType) -> list[str]:
    return (
        t.id.replace("-", " ").split() + t.name.lower().replace("(", " ").replace(")", " ").split()
    )
