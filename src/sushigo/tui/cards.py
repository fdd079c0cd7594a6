"""How classic cards look in the terminal: colours and tableau summaries (the names
are :mod:`sushigo.present.classic`'s).

:data:`COLOUR_STYLES` also colours the Sushi Roll dice faces (tui/roll_screen.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from sushigo.games.classic import CLASSIC_CARDS
from sushigo.present.classic import card_name, tableau_entries

COLOUR_STYLES: dict[str, str] = {
    "red": "bold red",
    "purple": "magenta",
    "green": "green",
    "blue": "bold blue",
    "yellow": "yellow",
    "pink": "bold magenta",
    "light blue": "cyan",
    "soy": "dark_orange",
    "orange": "dark_orange",
}
"""A rich style for each background colour of a classic card or a Sushi Roll die
face (``soy`` is the classic soy sauce card, ``orange`` the menu face)."""


def card_style(card: str) -> str:
    """A rich style for a card, from its background colour."""
    t = CLASSIC_CARDS.by_id.get(card)
    return COLOUR_STYLES.get(t.colour, "") if t is not None else ""


def card_text(card: str) -> Text:
    """A card's name, coloured."""
    return Text(card_name(card), style=card_style(card))


def tableau_groups(cards: Sequence[str]) -> list[tuple[str, str, int]]:
    """Cards in front of a player, grouped for display: ``(label, style, count)``.

    A nigiri that landed on a wasabi is shown with it (``Wasabi+Squid nigiri``);
    an empty wasabi is shown alone. Groups keep the order of first appearance.
    """
    counts: dict[tuple[str, str], int] = {}
    for _, label, colour in tableau_entries(cards):
        key = (label, COLOUR_STYLES.get(colour, ""))
        counts[key] = counts.get(key, 0) + 1
    return [(label, style, n) for (label, style), n in counts.items()]


def tableau_text(cards: Sequence[str]) -> Text:
    """A tableau as one line, e.g. ``Tempura x2, Wasabi+Squid nigiri``."""
    return groups_text([tableau_groups(cards)])


def groups_text(groups: Sequence[Sequence[tuple[str, str, int]]], sep: str = " | ") -> Text:
    """Grouped cards as one line: ``(label, style, count)`` items joined by ``, ``
    within a group and by ``sep`` between groups; ``-`` when there is nothing."""
    out = Text()
    for g, group in enumerate(x for x in groups if x):
        if g:
            out.append(sep, style="dim")
        for k, (label, style, n) in enumerate(group):
            if k:
                out.append(", ")
            out.append(label, style=style)
            if n > 1:
                out.append(f" x{n}")
    return out if out.plain else Text("-", style="dim")


def cards_text(cards: Iterable[str], sep: str = ", ") -> Text:
    """Cards listed one by one, coloured."""
    out = Text()
    for k, c in enumerate(cards):
        if k:
            out.append(sep)
        out.append_text(card_text(c))
    return out if out.plain else Text("-", style="dim")
