"""Sushi Go!: what a seat decides. Cards are named by type, never by position."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sushigo.core.cards import CardTable
from sushigo.core.errors import ParseError
from sushigo.games.classic.cards import _NIGIRI, CLASSIC_CARDS


@dataclass(frozen=True, slots=True)
class Pick:
    """The cards one seat takes in one turn of a card-drafting game.

    Notation (round-trips through :meth:`parse`): ``tempura``; with chopsticks
    ``wasabi+squid-nigiri`` (cards resolve left to right); in the two-player
    dummy variant the controller also names the dummy's card:
    ``tempura dummy:pudding``.
    """

    cards: tuple[str, ...]
    """Cards taken for the seat itself, in the order they resolve."""
    dummy: str | None = None
    """Card given to the dummy (two-player dummy variant), else ``None``."""

    def __str__(self) -> str:
        text = "+".join(self.cards)
        return f"{text} dummy:{self.dummy}" if self.dummy is not None else text

    @classmethod
    def parse(cls, text: str, table: CardTable) -> Pick:
        """Read the notation; card names may be ids, names or unique prefixes.

        >>> str(Pick.parse("wasabi + squid", CLASSIC_CARDS))
        'wasabi+squid-nigiri'
        >>> Pick.parse("tempura dummy:pudding", CLASSIC_CARDS)
        Pick(cards=('tempura',), dummy='pudding')
        """
        words = text.replace("+", " + ").split()
        dummy: str | None = None
        own: list[str] = []
        current: list[str] = []
        for word in words:
            if word.lower().startswith("dummy:"):
                rest = word[6:]
                if dummy is not None or not rest:
                    raise ParseError(f"{text!r}: write the dummy's card once, as dummy:CARD")
                dummy = table.parse(rest)
            elif word == "+":
                if not current:
                    raise ParseError(f"{text!r}: '+' must stand between two cards")
                own.append(table.parse(" ".join(current)))
                current = []
            else:
                current.append(word)
        if current:
            own.append(table.parse(" ".join(current)))
        elif own:
            raise ParseError(f"{text!r}: '+' must stand between two cards")
        if not own:
            raise ParseError("no card given: name the card you take, e.g. 'tempura'")
        return cls(tuple(own), dummy)


_SINGLES = {c: Pick((c,)) for c in CLASSIC_CARDS.ids}
_PAIRS = {(a, b): Pick((a, b)) for a in CLASSIC_CARDS.ids for b in CLASSIC_CARDS.ids}
_WASABI_FIRST = frozenset(("wasabi", n) for n in _NIGIRI)
"""Pairs whose order matters when no wasabi is free: wasabi first triples the nigiri."""
_TWO_NIGIRI = frozenset((a, b) for a in _NIGIRI for b in _NIGIRI if a != b)
"""Pairs whose order matters when exactly one wasabi is free: it takes the first nigiri."""
"""Chopsticks pairs whose order changes the outcome; both orders are legal actions."""


def _singles_of(hand: Iterable[str]) -> tuple[Pick, ...]:
    """One single-card pick per card type in a hand, in the hand's order."""
    return tuple([_SINGLES[c] for c in dict.fromkeys(hand)])
