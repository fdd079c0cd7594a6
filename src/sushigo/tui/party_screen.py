"""How Sushi Go Party! looks in the terminal, for ``sushigo play`` and ``sushigo score``.

Card colours, tableaux grouped by background colour as the rulebook suggests
("group them together in columns of the same color"), the menu with how each of
its cards scores, the table at a decision, and the round and final tables. The
names and texts are :mod:`sushigo.present.party`'s. Everything here is built from
public information: a :class:`~sushigo.games.party.PartyView`, finished rounds,
revealed cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sushigo.games.party import ROUNDS, PartyView, Pending
from sushigo.games.party.actions import PartyPick
from sushigo.games.party.cards import KINDS, PARTY_CARDS, Menu
from sushigo.games.party.scoring import FLIPPED, URAMAKI_PLACES, Played, parse_played
from sushigo.present import party
from sushigo.present.card_rules import kind_rule
from sushigo.present.party import ask_name, card_name, category, kind_name, target_name
from sushigo.tui.cards import groups_text
from sushigo.tui.screen import final_table, numbered, round_table

COLOUR_STYLES: dict[str, str] = {
    "nigiri": "yellow",
    "maki": "bold red",
    "temaki": "dark_orange",
    "uramaki": "bright_blue",
    "tempura": "magenta",
    "sashimi": "green",
    "dumpling": "bold blue",
    "eel": "medium_purple",
    "tofu": "bright_white",
    "onigiri": "grey70",
    "edamame": "bright_green",
    "miso-soup": "tan",
    "chopsticks": "cyan",
    "soy-sauce": "orange4",
    "tea": "sandy_brown",
    "menu": "bright_cyan",
    "spoon": "steel_blue",
    "special-order": "bright_magenta",
    "takeout-box": "dark_goldenrod",
    "pudding": "bold magenta",
    "green-tea-ice-cream": "green3",
    "fruit": "bright_red",
    FLIPPED: "dim",
}
"""A rich style per background colour (wasabi shares nigiri's yellow)."""

FAMILY_TITLES: dict[str, str] = {
    "nigiri": "Nigiri",
    "maki": "Maki",
    "temaki": "Temaki",
    "uramaki": "Uram.",
    "tempura": "Temp.",
    "sashimi": "Sash.",
    "dumpling": "Dump.",
    "eel": "Eel",
    "tofu": "Tofu",
    "onigiri": "Onig.",
    "edamame": "Edam.",
    "miso-soup": "Miso",
    "soy-sauce": "Soy",
    "tea": "Tea",
    FLIPPED: "Flip.",
}
"""Column titles of a round's breakdown (the keys of ROUND_FAMILIES)."""


def menu_table(menu: Menu, players: int | None = None) -> Table:
    """The menu: its 8 card kinds and how each scores."""
    title = (
        f"Menu: {menu.name}"
        if menu.name not in ("Custom", "Random")
        else f"Menu ({menu.name.lower()})"
    )
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.add_column("Card", no_wrap=True)
    table.add_column("", style="dim", no_wrap=True)
    table.add_column("How it scores")
    for kind in menu.kinds:
        table.add_row(
            Text(kind_name(kind), style=kind_style(kind)),
            category(kind),
            kind_rule(kind, players),
        )
    return table


# ---------------------------------------------------------------------------
# Cards


def kind_style(kind: str) -> str:
    """The style of a card kind's background colour."""
    return COLOUR_STYLES.get("nigiri" if kind == "wasabi" else kind, "")


def card_style(card: str) -> str:
    """A rich style for a card, from its background colour."""
    t = PARTY_CARDS.by_id.get(card)
    return COLOUR_STYLES.get(t.colour, "") if t is not None else ""


def card_text(card: str) -> Text:
    """A card's name, coloured."""
    return Text(card_name(card), style=card_style(card))


def cards_text(cards: Sequence[str], sep: str = ", ") -> Text:
    """Cards listed one by one, coloured (``-`` for none)."""
    out = Text()
    for k, c in enumerate(cards):
        if k:
            out.append(sep)
        out.append_text(card_text(c))
    return out if out.plain else Text("-", style="dim")


def ask_text(name: str) -> Text:
    """:func:`ask_name`, coloured."""
    if name in KINDS:
        return Text(ask_name(name), style=kind_style(name))
    return card_text(name)


def played_label(p: Played) -> str:
    """A card in front of a player as the terminal writes it (``Special order (as
    Tempura)``, ``Face-down [Eel]``): :func:`sushigo.present.party.played_label` with
    a face-down card's face in square brackets."""
    return party.played_label(p, "[]")


def played_style(p: Played) -> str:
    """A rich style for a card in front of a player (copies take the copied colour)."""
    return COLOUR_STYLES.get(p.colour, "")


def played_text(p: Played) -> Text:
    """:func:`played_label`, coloured."""
    return Text(played_label(p), style=played_style(p))


def token_text(token: str) -> Text:
    """A card in :class:`Played` notation (``special-order=chopsticks-2``), coloured."""
    return played_text(parse_played(token))


def tableau_groups(tab: Sequence[Played]) -> list[list[tuple[str, str, int]]]:
    """Cards in front of a player grouped by background colour, each group in order of
    first appearance: lists of ``(label, style, count)``.

    A nigiri on a wasabi is shown with it (``Wasabi+Squid nigiri``), a copy as
    ``Special order (as Tempura)``, a flipped card as ``Face-down [Eel]``.

    >>> from sushigo.games.party.scoring import parse_played
    >>> tab = [parse_played(t) for t in ("wasabi/covered", "tempura", "squid/on-wasabi",
    ...        "special-order=tempura", "flipped:eel", "egg-nigiri")]
    >>> tableau_groups(tab)  # doctest: +NORMALIZE_WHITESPACE
    [[('Wasabi+Squid nigiri', 'yellow', 1), ('Egg nigiri', 'yellow', 1)],
     [('Tempura', 'magenta', 1), ('Special order (as Tempura)', 'magenta', 1)],
     [('Face-down [Eel]', 'dim', 1)]]
    """
    groups: dict[str, dict[str, int]] = {}
    for _, label, colour in party.tableau_entries(tab, "[]"):
        group = groups.setdefault(colour, {})
        group[label] = group.get(label, 0) + 1
    return [
        [(label, COLOUR_STYLES.get(colour, ""), n) for label, n in g.items()]
        for colour, g in groups.items()
    ]


def tableau_text(tab: Sequence[Played]) -> Text:
    """A tableau as one line, colour groups separated by ``|``."""
    return groups_text(tableau_groups(tab))


def pick_text(pick: PartyPick) -> Text:
    """A revealed pick: ``Tempura, calling Chopsticks (2)``, ``Special order (as Maki 3)``."""
    out = card_text(pick.card)
    if pick.card == "special-order":
        if pick.copy is None:
            out.append(" (nothing to copy: discarded)", style="dim")
        else:
            out = Text(f"Special order (as {target_name(pick.copy)})")
            out.stylize("dim" if pick.copy == FLIPPED else card_style(pick.copy), 0, len(out.plain))
    if pick.call is not None:
        out.append(", calling ")
        out.append_text(token_text(pick.call))
    return out


# ---------------------------------------------------------------------------
# The table at a decision


def seat_name(names: Sequence[str], view: PartyView, rel: int) -> str:
    """The name of a seat given relative to the viewer (``you`` for the viewer)."""
    return "you" if rel == 0 else names[(view.seat + rel) % view.seats]


def pending_sentence(pending: Pending, view: PartyView, names: Sequence[str]) -> str:
    """Who is deciding what in the middle of the turn (public information only)."""
    who = seat_name(names, view, pending.seat)
    you = pending.seat == 0
    be = "are" if you else "is"
    card = played_label(parse_played(pending.card))
    if pending.kind == "take":
        what = f"choosing a second card to play with {card}"
    elif pending.kind == "ask":
        what = f"naming the card {card} asks for"
    elif pending.kind == "give":
        owner = seat_name(names, view, pending.owner)
        what = f"choosing which {ask_name(pending.detail)} to give to {owner} ({card})"
    elif pending.kind == "order":
        what = f"choosing one of the cards drawn with {card}"
    elif pending.kind == "copy":
        what = "choosing what a special order copies"
    else:
        what = f"choosing which cards to flip face-down with {card}"
    text = f"{who} {be} {what}."
    return text[0].upper() + text[1:]


def turn_screen(
    view: PartyView,
    names: Sequence[str],
    recent: Sequence[RenderableType] = (),
) -> RenderableType:
    """The whole table as the viewer may see it, with the viewer's hand numbered.

    ``recent``: lines about this turn so far (what was revealed, what happened).
    """
    rs = view.ruleset
    menu = rs.menu
    title = f"Round {view.round + 1} of {ROUNDS} - turn {view.turn + 1} of {rs.hand_size}"
    parts: list[RenderableType] = [Rule(f"{title} - {menu.name}")]
    if view.seats > 1:
        to = names[(view.seat + 1) % view.seats]
        came = names[(view.seat - 1) % view.seats]
        text = f"Hands pass left: you pass to {to}; "
        text += "this hand was dealt to you." if view.turn == 0 else f"it came from {came}."
        parts.append(Text(text))
    running = party.PRESENTER.now(view)
    uramaki = menu.roll == "uramaki"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("In front of them")
    if uramaki:
        table.add_column("Uramaki scored", justify="right")
    table.add_column("Now", justify="right", header_style="bold")
    table.add_column("Score", justify="right")
    table.add_column("Desserts kept")
    table.add_column("Hand", justify="right")
    for rel in range(view.seats):
        seat = (view.seat + rel) % view.seats
        name = Text(names[seat], style="bold" if rel == 0 else "")
        if rel == 0 and names[seat].lower() != "you":
            name.append(" (you)", style="dim")
        row: list[RenderableType] = [name, tableau_text(view.tableaux[rel])]
        if uramaki:
            row.append(str(view.uramaki_scored[rel]))
        row += [
            str(running[rel]),
            str(view.scores[rel]),
            tableau_text(view.desserts[rel]),
            str(view.hand_sizes[rel]),
        ]
        table.add_row(*row)
    parts.append(table)
    if uramaki:
        claimed = view.uramaki_claimed
        nxt = URAMAKI_PLACES[claimed] if claimed < len(URAMAKI_PLACES) else 0
        parts.append(
            Text(
                f"Uramaki places taken this round: {claimed}; the next place is worth {nxt}.",
                style="dim",
            )
        )
    if view.discards:
        line = Text("Discarded this round: ", style="dim")
        line.append_text(cards_text(PARTY_CARDS.sort(view.discards)))
        parts.append(line)
    for rel in range(1, view.seats):
        known = view.hands[rel]
        if known is not None:
            line = Text(f"{seat_name(names, view, rel)} now holds (seen earlier): ", style="dim")
            line.append_text(cards_text(known))
            parts.append(line)
    if recent:
        parts.append(Text(f"Turn {view.turn + 1} so far:", style="bold"))
        parts.extend(recent)
    if view.pending is not None:
        parts.append(Text(pending_sentence(view.pending, view, names), style="bold cyan"))
    parts.append(Text("Your hand:", style="bold"))
    parts.append(numbered(view.hand, card_text) if view.hand else Text("-", style="dim"))
    return Group(*parts)


# ---------------------------------------------------------------------------
# Round and final tables


def breakdown_columns(
    menu: Menu, breakdowns: Sequence[Mapping[str, int]] = ()
) -> list[tuple[str, str]]:
    """The breakdown keys worth a column (:func:`sushigo.present.party.breakdown_keys`)
    with their titles."""
    return [(f, FAMILY_TITLES[f]) for f in party.breakdown_keys(menu, breakdowns)]


def party_round_table(
    title: str,
    names: Sequence[str],
    menu: Menu,
    breakdown: Sequence[Mapping[str, int]],
    scores: Sequence[int],
    kept: Sequence[int],
    totals: Sequence[int] | None,
) -> Table:
    """One round's points by family (the Party breakdown), the desserts kept this round
    and the running totals."""
    return round_table(
        title,
        names,
        breakdown,
        scores,
        kept,
        totals,
        False,
        columns=breakdown_columns(menu, breakdown),
        kept_title="Dess.",
    )


def party_final_table(
    names: Sequence[str],
    round_scores: Sequence[Sequence[int]],
    dessert_cards: Sequence[int],
    dessert: Sequence[int] | None,
    totals: Sequence[int],
    title: str = "Final scores",
) -> Table:
    """Rounds, dessert cards kept, dessert points and totals for every seat."""
    return final_table(
        names, round_scores, dessert_cards, dessert, totals, title, kept_title="Dessert cards"
    )
