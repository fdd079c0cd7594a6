"""How Sushi Roll looks in the terminal, for ``sushigo play --game sushi-roll``.

Dice faces coloured (their names are :mod:`sushigo.present.roll`'s), belts and
trays, the table at a decision (every belt and tray, each player's tokens, the
supply, the red belt, whose turn it is), and the round and final tables.
Everything in Sushi Roll is public but future rolls, so all of it is built from
a :class:`~sushigo.games.roll.RollView` or from finished rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sushigo.games.roll import ROUNDS, RollView
from sushigo.games.roll.dice import FACES
from sushigo.present import roll
from sushigo.present.roll import face_name
from sushigo.tui.cards import COLOUR_STYLES, groups_text
from sushigo.tui.screen import final_table, numbered, round_table

ROUND_TITLES: dict[str, str] = {
    "maki": "Maki",
    "nigiri": "Nigiri",
    "dumpling": "Dumpl.",
    "tempura": "Tempura",
    "sashimi": "Sashimi",
}
"""The round breakdown's titles in the terminal."""

ROUND_COLUMNS: tuple[tuple[str, str], ...] = tuple(
    (k, ROUND_TITLES[k]) for k in roll.BREAKDOWN_KEYS
)
"""The round breakdown's keys (:data:`sushigo.present.roll.BREAKDOWN_KEYS`) and titles."""


def face_style(face: str) -> str:
    """A rich style for a face, from its colour (a wasabi stack takes the nigiri's)."""
    t = FACES.by_id.get(face.split("+")[-1])
    return COLOUR_STYLES.get(t.colour, "") if t is not None else ""


def face_text(face: str) -> Text:
    """A face's short name, coloured."""
    return Text(face_name(face), style=face_style(face))


def dice_text(faces: Sequence[str]) -> Text:
    """Dice grouped by face in the order first seen: ``Dumpling x2, Maki 3``."""
    counts: dict[str, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return groups_text([[(face_name(f), face_style(f), n) for f, n in counts.items()]])


class Pieces:
    """Pieces of text laid out over as many lines as the width needs, breaking only
    between pieces, so a face name (``Salmon nigiri``) or a count (``menu 3``) is
    never cut in two. Each piece comes with the gap that goes before it on a line."""

    def __init__(self, pieces: Sequence[tuple[str, Text]]) -> None:
        self.pieces = list(pieces) or [("", Text("-", style="dim"))]

    def lines(self, width: int) -> Text:
        """The pieces with their gaps, and a line break (in place of the gap)
        wherever the next piece would not fit in ``width`` cells."""
        out = Text()
        used = 0
        for gap, piece in self.pieces:
            if used and used + len(gap) + piece.cell_len > width:
                out.append("\n")
                used = 0
            elif used:
                out.append(gap)
                used += len(gap)
            out.append_text(piece)
            used += piece.cell_len
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(piece.cell_len for _, piece in self.pieces)
        whole = self.lines(10**6).cell_len
        return Measurement(widest, whole).clamp(max_width=options.max_width)


def dice_pieces(faces: Sequence[str], note: str = "") -> Pieces:
    """Dice grouped by face in the order first seen, as :func:`dice_text` shows them
    (``Dumpling x2, Maki 3``), for lines that break only between entries; ``note``
    (dim) comes last."""
    counts: dict[str, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    pieces: list[tuple[str, Text]] = []
    for k, (f, n) in enumerate(counts.items()):
        piece = face_text(f)
        if n > 1:
            piece.append(f" x{n}")
        if k < len(counts) - 1:
            piece.append(",")
        pieces.append((" ", piece))
    if not pieces:
        pieces.append((" ", Text("-", style="dim")))
    if note:
        pieces.append((" ", Text(note, style="dim")))
    return Pieces(pieces)


def seat_head(view: RollView, names: Sequence[str], rel: int) -> Pieces:
    """A seat's first line: name, red belt, whose turn, tokens and score of the
    rounds before, e.g. ``Ann [red belt]  done  menu 3, chopsticks 2, pudding 0  score 12``."""
    seat = view.absolute(rel)
    pieces = [("", Text(names[seat], style="bold" if rel == 0 else ""))]
    if rel == 0 and names[seat].lower() != "you":
        pieces.append((" ", Text("(you)", style="dim")))
    if rel == view.red:
        pieces.append((" ", Text("[red belt]", style="bold red")))
    if view.to_move == rel:
        pieces.append(("  ", Text("now", style="bold cyan")))
    elif view.taken[rel]:
        pieces.append(("  ", Text("done", style="dim")))
    pieces.append(("  ", Text(f"menu {view.menus[rel]},")))
    pieces.append((" ", Text(f"chopsticks {view.chopsticks[rel]},")))
    pieces.append((" ", Text(f"pudding {view.puddings[rel]}")))
    pieces.append(("  ", Text(f"score {view.scores[rel]}")))
    return Pieces(pieces)


def seats_table(view: RollView, names: Sequence[str]) -> Table:
    """One block per seat, the viewer first then to the left: ``Seat N`` with the
    seat's first line (:func:`seat_head`), then its belt and its tray (with the
    points the tray makes so far this round), each wrapping under its own indent."""
    running = roll.PRESENTER.now(view)
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for rel in range(view.seats):
        dice = Table.grid(padding=(0, 1))
        dice.add_column(style="dim", no_wrap=True)
        dice.add_column()
        dice.add_row("belt:", dice_pieces(view.belts[rel]))
        dice.add_row("tray:", dice_pieces(view.trays[rel], f"({running[rel]:+d} this round)"))
        table.add_row(f"Seat {view.absolute(rel)}", Group(seat_head(view, names, rel), dice))
    return table


def turn_screen(
    view: RollView,
    names: Sequence[str],
    recent: Sequence[RenderableType] = (),
) -> RenderableType:
    """The whole table at a decision: every belt and tray, each player's tokens and
    points, the supply, the red belt and whose turn it is, then the viewer's belt
    numbered. ``recent``: lines to show above the viewer's belt."""
    rs = view.ruleset
    title = f"Round {view.round + 1} of {ROUNDS} - cycle {view.cycle + 1} of {rs.per_player}"
    parts: list[RenderableType] = [Rule(title)]
    red = names[view.absolute(view.red)]
    first = "You have" if view.red == 0 else f"{red} has"
    parts.append(
        Text(
            f"{first} the red belt and go{'es' if view.red else ''} first in each cycle; "
            "turns go to the left. Seat numbers are for chopsticks swaps."
        )
    )
    parts.append(seats_table(view, names))
    menus, chopsticks, puddings = view.supply
    parts.append(
        Text(
            f"Supply: {menus} menu and {chopsticks} chopsticks tokens, {puddings} puddings left.",
            style="dim",
        )
    )
    parts.extend(recent)
    if view.to_move == 0:
        parts.append(Text("Your turn. Your belt:", style="bold"))
    else:
        parts.append(Text("Your belt:", style="bold"))
    belt = view.belts[0]
    parts.append(numbered(belt, face_text) if belt else Text("-", style="dim"))
    return Group(*parts)


def roll_round_table(
    title: str,
    names: Sequence[str],
    breakdown: Sequence[Mapping[str, int]],
    scores: Sequence[int],
    puddings: Sequence[int],
    totals: Sequence[int] | None,
) -> Table:
    """One round's points by category for every seat, the pudding tokens taken this
    round and the running totals."""
    return round_table(
        title,
        names,
        breakdown,
        scores,
        puddings,
        totals,
        False,
        columns=ROUND_COLUMNS,
        kept_title="Pudd.",
    )


def roll_final_table(
    names: Sequence[str],
    round_scores: Sequence[Sequence[int]],
    puddings: Sequence[int],
    pudding_points: Sequence[int],
    tokens_left: Sequence[int],
    token_points: Sequence[int],
    totals: Sequence[int],
    title: str = "Final scores",
) -> Table:
    """Every round's points, pudding tokens and their points, leftover menu and
    chopsticks tokens and their points, and the totals, for every seat."""
    return final_table(
        names,
        round_scores,
        puddings,
        pudding_points,
        totals,
        title,
        dessert_title="Pudding pts",
        more=(
            ("Tokens left", [str(n) for n in tokens_left]),
            ("Token pts", [f"{p:+d}" for p in token_points]),
        ),
    )
