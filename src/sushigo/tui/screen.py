"""Renderables shared by ``sushigo play`` and ``sushigo score``, and the questions
the score calculators share (classic, Party and Roll).

Everything here is built from public information only: a :class:`PlayerView`,
finished rounds, and cards already revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sushigo.core.errors import ParseError
from sushigo.games.classic import ROUNDS, Pick, PlayerView
from sushigo.present.base import names_list
from sushigo.present.classic import PRESENTER, families
from sushigo.tui.cards import card_text, cards_text, tableau_text

FAMILY_TITLES = {
    "maki": "Maki",
    "tempura": "Tempura",
    "sashimi": "Sashimi",
    "dumpling": "Dumpl.",
    "nigiri": "Nigiri",
    "soy-sauce": "Soy",
}


def pick_text(pick: Pick | None) -> Text:
    """The cards one seat revealed, e.g. ``Wasabi + Squid nigiri (chopsticks)``."""
    if pick is None or not pick.cards:
        return Text("-", style="dim")
    out = cards_text(pick.cards, sep=" + ")
    if len(pick.cards) == 2:
        out.append(" (chopsticks)", style="dim")
    return out


def reveal_for(reveal: Mapping[int, Pick], seat: int, dummy_seat: int | None) -> Pick | None:
    """What ``seat`` revealed in a joint decision (the dummy's card is in its controller's pick)."""
    if seat == dummy_seat:
        for pick in reveal.values():
            if pick.dummy is not None:
                return Pick((pick.dummy,))
        return None
    return reveal.get(seat)


def pass_sentence(view: PlayerView, names: Sequence[str], dummy: bool) -> str:
    """Which way hands go, and where the viewer's hand came from."""
    if dummy:
        other = names[1 - view.seat]
        text = f"You and {other} swap hands after every turn; the dummy's pile stays."
        return text if view.turn else text + " This hand was dealt to you."
    step = view.pass_step
    way = "left" if step > 0 else "right"
    to = names[view.absolute(step)]
    text = f"Hands pass {way} this round: you pass to {to}"
    if view.turn == 0:
        return text + "; this hand was dealt to you."
    return text + f"; this hand was passed to you by {names[view.absolute(-step)]}."


def turn_screen(
    view: PlayerView,
    names: Sequence[str],
    reveal: Mapping[int, Pick] | None = None,
) -> RenderableType:
    """The whole table as the viewer may see it, with the viewer's hand numbered."""
    rs = view.ruleset
    dummy = bool(rs.options.get("dummy", False))
    dummy_seat = rs.players if dummy else None
    turns = int(getattr(rs, "hand_size", len(view.hand)))
    parts: list[RenderableType] = [
        Rule(f"Round {view.round + 1} of {ROUNDS} - turn {view.turn + 1} of {turns}"),
        Text(pass_sentence(view, names, dummy)),
    ]
    running = PRESENTER.now(view)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("In front of them")
    table.add_column("Now", justify="right", header_style="bold")
    table.add_column("Score", justify="right")
    table.add_column("Pudd.", justify="right")
    show_reveal = reveal is not None and view.turn > 0
    if show_reveal:
        table.add_column("Revealed last turn")
    for rel in range(view.seats):
        seat = view.absolute(rel)
        name = Text(names[seat], style="bold" if rel == 0 else "")
        if rel == 0 and names[seat].lower() != "you":
            name.append(" (you)", style="dim")
        row: list[RenderableType] = [
            name,
            tableau_text(view.tableaux[rel]),
            str(running[rel]),
            str(view.scores[rel]),
            str(view.desserts[rel]),
        ]
        if show_reveal:
            assert reveal is not None
            row.append(pick_text(reveal_for(reveal, seat, dummy_seat)))
        table.add_row(*row)
    parts.append(table)
    for rel in range(1, view.seats):
        known = view.hands[rel]
        if known is not None:
            line = Text(f"{names[view.absolute(rel)]} now holds (seen earlier): ", style="dim")
            line.append_text(cards_text(known))
            parts.append(line)
    if view.controller is not None:
        if view.controller == 0:
            drew = view.drawn.replace("-", " ") if view.drawn else "a card"
            parts.append(
                Text(
                    f"You control the dummy this turn: you drew {drew} from its pile, "
                    "and after your own card you choose one for the dummy.",
                    style="bold",
                )
            )
        else:
            parts.append(
                Text(f"{names[view.absolute(view.controller)]} controls the dummy this turn.")
            )
    if "chopsticks" in view.tableaux[0] and len(view.hand) >= 2:
        parts.append(
            Text(
                "You have chopsticks in front of you: take two cards with e.g. 2+5 "
                "or wasabi+squid (they resolve left to right).",
                style="cyan",
            )
        )
    parts.append(Text("Your hand:", style="bold"))
    parts.append(numbered(view.hand))
    return Group(*parts)


def numbered(cards: Sequence[str], text: Callable[[str], Text] = card_text) -> RenderableType:
    """Cards (or other items) numbered from 1, laid out in columns; ``text`` shows one."""
    items = []
    for i, c in enumerate(cards, 1):
        t = Text(f"{i:>2} ")
        t.append_text(text(c))
        items.append(t)
    return Columns(items, padding=(0, 3))


def round_table(
    title: str,
    names: Sequence[str],
    breakdown: Sequence[Mapping[str, int]],
    scores: Sequence[int],
    puddings: Sequence[int],
    totals: Sequence[int] | None,
    soy_sauce: bool,
    *,
    columns: Sequence[tuple[str, str]] | None = None,
    kept_title: str = "Pudding",
) -> Table:
    """One round's points by family for every seat. ``columns``: the breakdown keys to
    show with their titles (default: the classic families); ``kept_title``: the column
    of desserts kept this round."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.add_column("Player", no_wrap=True)
    if columns is None:
        columns = [(f, FAMILY_TITLES[f]) for f in families(soy_sauce)]
    fams = [f for f, _ in columns]
    for _, heading in columns:
        table.add_column(heading, justify="right")
    table.add_column("Round", justify="right", header_style="bold")
    table.add_column(kept_title, justify="right")
    if totals is not None:
        table.add_column("Total", justify="right", header_style="bold")
    for s, name in enumerate(names):
        row: list[RenderableType] = [name, *(str(breakdown[s][f]) for f in fams)]
        row.append(Text(str(scores[s]), style="bold"))
        row.append(f"+{puddings[s]}" if puddings[s] else "0")
        if totals is not None:
            row.append(Text(str(totals[s]), style="bold"))
        table.add_row(*row)
    return table


def final_table(
    names: Sequence[str],
    round_scores: Sequence[Sequence[int]],
    puddings: Sequence[int],
    dessert: Sequence[int] | None,
    totals: Sequence[int],
    title: str = "Final scores",
    kept_title: str = "Puddings",
    *,
    dessert_title: str = "Dessert",
    more: Sequence[tuple[str, Sequence[str]]] = (),
) -> Table:
    """Rounds, desserts kept (``kept_title``), dessert points (``dessert_title``; ``-``
    while not scored) and totals for every seat. ``more``: further columns before the
    total, each a title and one cell per seat."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.add_column("Player", no_wrap=True)
    for r in range(len(round_scores)):
        table.add_column(f"R{r + 1}", justify="right")
    table.add_column(kept_title, justify="right")
    table.add_column(dessert_title, justify="right")
    for heading, _ in more:
        table.add_column(heading, justify="right")
    table.add_column("Total", justify="right", header_style="bold")
    for s, name in enumerate(names):
        row: list[RenderableType] = [name]
        row.extend(str(rs[s]) for rs in round_scores)
        row.append(str(puddings[s]))
        row.append("-" if dessert is None else f"{dessert[s]:+d}")
        row.extend(cells[s] for _, cells in more)
        row.append(Text(str(totals[s]), style="bold"))
        table.add_row(*row)
    return table


def cards_grid(names: Sequence[str], texts: Sequence[RenderableType]) -> Table:
    """Each seat's name beside what lies in front of it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for name, text in zip(names, texts, strict=True):
        grid.add_row(name, text)
    return grid


RoundTable = Callable[
    [str, Sequence[str], Sequence[Mapping[str, int]], Sequence[int], Sequence[int], Sequence[int]],
    Table,
]
"""Builds a round's points table from its title, the names, the breakdown, the round's
scores, the desserts kept and the running totals (e.g. :func:`round_table`)."""


def print_rounds(
    console: Console,
    result: dict[str, Any],
    cards: Callable[[dict[str, Any]], Sequence[RenderableType]],
    table: RoundTable,
) -> None:
    """A score calculator's rounds: for each, a rule, what every seat had in front
    (``cards`` of the round's entry, one text per seat) and ``table`` of its points
    with the running totals."""
    names: list[str] = result["names"]
    running = [0] * len(names)
    for entry in result["rounds"]:
        r = entry["round"]
        console.rule(f"Round {r}")
        console.print(cards_grid(names, cards(entry)))
        running = [a + b for a, b in zip(running, entry["scores"], strict=True)]
        console.print(
            table(
                f"Round {r} points",
                names,
                entry["breakdown"],
                entry["scores"],
                entry["puddings"],
                running,
            )
        )


def print_totals(
    console: Console,
    result: dict[str, Any],
    table: Table,
    rounds: int,
    kept: str = "puddings",
) -> None:
    """A score calculator's totals: the table, a note while dessert is not scored yet,
    and who wins (or leads), ties broken by the most ``kept`` cards."""
    complete = result["complete"]
    console.print(table)
    if not complete:
        n = len(result["rounds"])
        what = "puddings" if kept == "puddings" else "desserts"
        console.print(
            f"Dessert is not scored yet: {what} score after round {rounds} "
            f"({n} of {rounds} rounds given)."
        )
    print_winner(console, result, kept)


def print_winner(console: Console, result: dict[str, Any], kept: str = "puddings") -> None:
    """A score calculator's last line: who wins (or leads while the game is not
    complete), ties broken by the most ``kept`` (the result's ``puddings``)."""
    names: list[str] = result["names"]
    seats = [names.index(n) for n in result["leaders"]]
    sentence = winner_sentence(
        names,
        result["totals"],
        result["puddings"],
        seats,
        result["players"],
        final=result["complete"],
        kept=kept,
    )
    console.print(Text(sentence, style="bold green"))


def winner_sentence(
    names: Sequence[str],
    totals: Sequence[int],
    puddings: Sequence[int],
    win: Sequence[int],
    players: int,
    final: bool = True,
    kept: str = "puddings",
) -> str:
    """Names the winner(s), saying how a tie was broken or shared (by the most
    ``kept`` cards: puddings, or dessert cards in Sushi Go Party!)."""
    best = totals[win[0]]
    tied = [s for s in range(players) if totals[s] == best]
    who = names_list([names[s] for s in win])
    pts = f"{best} point{'s' if best != 1 else ''}"
    verb = "Winner" if final else "Leading"
    if len(win) == 1 and len(tied) == 1:
        return f"{verb}: {who} with {pts}."
    if len(win) == 1:
        others = names_list([names[s] for s in tied if s != win[0]])
        n = puddings[win[0]]
        return f"{verb}: {who} with {pts}, tied with {others} but with more {kept} ({n})."
    shared = "Shared win" if final else "Shared lead"
    return f"{shared}: {who} with {pts} and {puddings[win[0]]} {kept} each."


# ---------------------------------------------------------------------------
# Questions, shared by the score calculators (sushigo.present.sheets reads the answers)

T = TypeVar("T")
InputFn = Callable[[str], str]
SayFn = Callable[[str], None]


def ask_until(
    ask: InputFn, say: SayFn, prompt: str, parse: Callable[[str, str], T], where: str
) -> T:
    """Ask ``prompt`` until ``parse(answer, where)`` takes the answer; say each
    ParseError and ask again."""
    while True:
        text = ask(prompt)
        try:
            return parse(text, where)
        except ParseError as exc:
            say(str(exc))


def ask_names(ask: InputFn, say: SayFn, game: str) -> list[str]:
    """The players' names, comma-separated: 2 to 5, all different; asked again after
    a mistake (``game`` names the game in the message)."""
    while True:
        names = [n.strip() for n in ask("Players' names, comma-separated (2 to 5): ").split(",")]
        names = [n for n in names if n]
        if not 2 <= len(names) <= 5:
            say(f"{game} is for 2 to 5 players; you named {len(names)}.")
        elif len(set(names)) != len(names):
            say("Two players have the same name; make them differ.")
        else:
            return names


def ask_rounds(
    ask: InputFn,
    say: SayFn,
    names: Sequence[str],
    rounds: int,
    what: str,
    parse: Callable[[str, str], T],
) -> Iterator[list[T]]:
    """Each round's entry for every player, round by round, until ``rounds`` or the
    user says ``n`` to ``Enter round N? [Y/n]`` (asked before every round but the
    first). The prompt is ``Round N, `` and ``what`` with ``{name}`` filled in;
    ``parse(answer, "round N, NAME")`` reads an answer, asked again on ParseError."""
    for r in range(1, rounds + 1):
        if r > 1 and ask(f"Enter round {r}? [Y/n]: ").strip().lower() in ("n", "no"):
            return
        entries: list[T] = []
        for name in names:
            prompt = f"Round {r}, {what.format(name=name)}: "
            entries.append(ask_until(ask, say, prompt, parse, f"round {r}, {name}"))
        yield entries
