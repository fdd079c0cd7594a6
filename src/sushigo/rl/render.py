"""A seat's view as plain text: what the environments' ``render()`` shows (``ansi``
returns it, ``human`` prints it). Built from the view alone, so it shows no more
than that seat may know."""

from __future__ import annotations

from typing import Any

from sushigo.present import presenter_for


def _items(view: Any) -> tuple[tuple[Any, ...], ...]:
    """What lies in front of each seat (cards in front, or dice on a tray), relative."""
    trays = getattr(view, "trays", None)
    return trays if trays is not None else view.tableaux  # type: ignore[no-any-return]


def render_view(view: Any, names: list[str] | None = None) -> str:
    """The table as ``view.seat`` sees it: each seat's points, the cards or dice in
    front of it, and the viewer's own hand or belt."""
    ruleset = view.ruleset
    presenter = presenter_for(ruleset)
    name = presenter.card_name
    now = presenter.now(view)
    n = view.seats
    lines = [
        f"{ruleset.describe()} - round {min(view.round, 2) + 1}"
        + (" - game over" if view.round >= 3 else "")
    ]
    items = _items(view)
    for rel in range(n):
        seat = (view.seat + rel) % n
        who = names[seat] if names is not None and seat < len(names) else f"player_{seat}"
        if seat >= ruleset.players:
            who = "dummy"
        mark = " (you)" if rel == 0 else ""
        lines.append(f"{who}{mark}: {view.scores[rel]} points, {now[rel]} this round")
        entries = presenter.tableau(items[rel])
        shown = ", ".join(label for _cards, label, _colour in entries) or "nothing yet"
        lines.append(f"  in front: {shown}")
    own = getattr(view, "belts", None)
    if own is not None:
        lines.append("your belt: " + (", ".join(name(f) for f in own[0]) or "empty"))
    else:
        lines.append("your hand: " + (", ".join(name(c) for c in view.hand) or "empty"))
    return "\n".join(lines)
