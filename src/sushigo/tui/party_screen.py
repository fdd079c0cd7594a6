"""How Sushi Go Party! looks in the terminal, for ``sushigo play`` and ``sushigo score``.

Card names and colours, tableaux grouped by background colour as the rulebook
suggests ("group them together in columns of the same color"), the menu with
how each of its cards scores, the table at a decision, and the round and final
tables. Everything here is built from public information: a
:class:`~sushigo.games.party.PartyView`, finished rounds, revealed cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sushigo.games.party import ROUNDS, PartyView, Pending
from sushigo.games.party_actions import PartyPick
from sushigo.games.party_cards import (
    APPETIZERS,
    DESSERTS,
    KINDS,
    NIGIRI,
    PARTY_CARDS,
    ROLLS,
    SPECIALS,
    Menu,
)
from sushigo.games.party_scoring import (
    FLIPPED,
    ROUND_FAMILIES,
    URAMAKI_PLACES,
    Played,
    parse_played,
    score_round,
)
from sushigo.tui.cards import groups_text
from sushigo.tui.screen import final_table, numbered, round_table

KIND_NAMES: dict[str, str] = {
    "nigiri": "Nigiri",
    "maki": "Maki rolls",
    "temaki": "Temaki",
    "uramaki": "Uramaki",
    "tempura": "Tempura",
    "sashimi": "Sashimi",
    "dumpling": "Dumpling",
    "eel": "Eel",
    "tofu": "Tofu",
    "onigiri": "Onigiri",
    "edamame": "Edamame",
    "miso-soup": "Miso soup",
    "chopsticks": "Chopsticks",
    "soy-sauce": "Soy sauce",
    "tea": "Tea",
    "menu": "Menu",
    "spoon": "Spoon",
    "special-order": "Special order",
    "takeout-box": "Takeout box",
    "wasabi": "Wasabi",
    "pudding": "Pudding",
    "green-tea-ice-cream": "Green tea ice cream",
    "fruit": "Fruit",
    FLIPPED: "Face-down",
}
"""Display name of every card kind (and of face-down cards)."""

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


def kind_rule(kind: str, players: int | None = None) -> str:
    """How one card kind scores or works, in one short line (from the card guide).

    >>> kind_rule("dumpling")
    '1, 3, 6, 10, 15 points for 1, 2, 3, 4, 5+ dumplings.'
    """
    big = players is not None and players >= 6
    two = players == 2
    rules = {
        "nigiri": "Egg 1, salmon 2, squid 3; triple on a wasabi.",
        "maki": (
            "Most maki icons 6, second 4, third 2" if big else "Most maki icons 6, second most 3"
        )
        + "; ties all take the full points.",
        "temaki": "Most temaki 4"
        + ("; no penalty with 2 players." if two else ", fewest (0 counts) -4."),
        "uramaki": "First to 10 icons scores 8 at once, the next 5, then 2; "
        "at round end the most icons left take the next place.",
        "tempura": "5 points per pair.",
        "sashimi": "10 points per set of 3.",
        "dumpling": "1, 3, 6, 10, 15 points for 1, 2, 3, 4, 5+ dumplings.",
        "eel": "1 eel -3 points; 2 or more eels 7.",
        "tofu": "1 tofu 2 points, 2 tofu 6, 3 or more 0.",
        "onigiri": "Each set of different shapes: 1, 4, 9, 16 points for 1-4 shapes.",
        "edamame": "Each scores 1 per opponent with edamame (at most 4).",
        "miso-soup": "3 points, but if two or more are played in the same turn, "
        "all of them are discarded.",
        "chopsticks": "Call it on a later turn: play a second card from your hand; "
        "the chopsticks go into that hand.",
        "soy-sauce": "4 points if you have the most colours (ties too).",
        "tea": "1 point per card in your biggest set of one colour.",
        "menu": "When played: draw 4 cards, play 1 of them (not a menu).",
        "spoon": "Call it on a later turn and name a card: the first player to your "
        "left with it gives it to you and takes the spoon.",
        "special-order": "Copies a card you played earlier this round.",
        "takeout-box": "When played: flip any of your cards from earlier turns "
        "face-down; each is worth 2.",
        "wasabi": "The next nigiri you play goes on it and scores triple.",
        "pudding": "Game end: most 6"
        + ("; no penalty with 2 players." if two else ", fewest (0 counts) -6."),
        "green-tea-ice-cream": "Game end: 12 points per 4.",
        "fruit": "Game end, for each fruit by icons: 0 -2, 1 0, 2 1, 3 3, 4 6, 5+ 10.",
    }
    return rules[kind]


def _category(kind: str) -> str:
    if kind == NIGIRI:
        return "Nigiri"
    if kind in ROLLS:
        return "Roll"
    if kind in APPETIZERS:
        return "Appetizer"
    if kind in SPECIALS:
        return "Special"
    assert kind in DESSERTS, kind
    return "Dessert"


def menu_table(menu: Menu, players: int | None = None) -> Table:
    """The menu: its 8 card kinds and how each scores."""
    title = f"Menu: {menu.name}" if menu.name != "Custom" else "Menu (custom)"
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.add_column("Card", no_wrap=True)
    table.add_column("", style="dim", no_wrap=True)
    table.add_column("How it scores")
    for kind in menu.kinds:
        table.add_row(
            Text(KIND_NAMES[kind], style=kind_style(kind)),
            _category(kind),
            kind_rule(kind, players),
        )
    return table


# ---------------------------------------------------------------------------
# Cards


def kind_style(kind: str) -> str:
    """The style of a card kind's background colour."""
    return COLOUR_STYLES.get("nigiri" if kind == "wasabi" else kind, "")


def card_name(card: str) -> str:
    """A card's name for display (``Maki 2``, ``Chopsticks (2)``); it parses back."""
    t = PARTY_CARDS.by_id.get(card)
    if t is None:
        return KIND_NAMES.get(card, card)
    if t.family == "maki":
        return f"Maki {t.icons}"
    return t.name


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


VARIANT_KINDS = ("nigiri", "maki", "uramaki", "onigiri", "fruit")
"""Kinds whose cards differ in what they show: a spoon may ask for any of them."""


def ask_name(name: str) -> str:
    """What a spoon asks for: a kind (``Nigiri (any)``, ``Tofu``) or an exact card."""
    if name in KINDS:
        return KIND_NAMES[name] + (" (any)" if name in VARIANT_KINDS else "")
    return card_name(name)


def ask_text(name: str) -> Text:
    """:func:`ask_name`, coloured."""
    if name in KINDS:
        return Text(ask_name(name), style=kind_style(name))
    return card_text(name)


def target_name(target: str) -> str:
    """What a special order copies: a card, or ``a face-down card``."""
    return "a face-down card" if target == FLIPPED else card_name(target)


def played_label(p: Played) -> str:
    """One card in front of a player, e.g. ``Special order (as Tempura)``,
    ``Face-down [Eel]``, ``Squid nigiri (on wasabi)``, ``Wasabi (used)``."""
    if p.flipped:
        return f"Face-down [{card_name(p.card)}]"
    name = card_name(p.card)
    if p.copies is not None:
        name = f"{name} (as {card_name(p.copies)})"
    if p.on_wasabi:
        name += " (on wasabi)"
    if p.covered:
        name += " (used)"
    return name


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

    >>> from sushigo.games.party_scoring import parse_played
    >>> tab = [parse_played(t) for t in ("wasabi/covered", "tempura", "squid/on-wasabi",
    ...        "special-order=tempura", "flipped:eel", "egg-nigiri")]
    >>> tableau_groups(tab)  # doctest: +NORMALIZE_WHITESPACE
    [[('Wasabi+Squid nigiri', 'yellow', 1), ('Egg nigiri', 'yellow', 1)],
     [('Tempura', 'magenta', 1), ('Special order (as Tempura)', 'magenta', 1)],
     [('Face-down [Eel]', 'dim', 1)]]
    """
    items: list[list[str]] = []  # [colour, label, style]
    waiting: list[int] = []  # covered wasabis not yet shown with their nigiri
    for p in tab:
        if not p.flipped and p.kind == "wasabi" and p.covered:
            waiting.append(len(items))
            items.append([p.colour, played_label(p), played_style(p)])
        elif not p.flipped and p.kind == "nigiri" and p.on_wasabi and waiting:
            item = items[waiting.pop(0)]
            wasabi = item[1].removesuffix(" (used)")
            item[1] = f"{wasabi}+{played_label(p).removesuffix(' (on wasabi)')}"
        else:
            items.append([p.colour, played_label(p), played_style(p)])
    groups: dict[str, dict[tuple[str, str], int]] = {}
    for colour, label, style in items:
        group = groups.setdefault(colour, {})
        group[(label, style)] = group.get((label, style), 0) + 1
    return [[(label, style, n) for (label, style), n in g.items()] for g in groups.values()]


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


def running_scores(view: PartyView) -> list[int]:
    """Each seat's points this round if it ended now (relative), uramaki scored included."""
    rs = view.ruleset
    breakdown = score_round(
        view.tableaux,
        big_table=rs.big_table,
        uramaki_claimed=view.uramaki_claimed,
        uramaki_scored=view.uramaki_scored,
    )
    return [sum(b.values()) for b in breakdown]


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
    running = running_scores(view)
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
    """The breakdown keys worth a column: the menu's scoring kinds, face-down cards when
    a takeout box is on the menu, and any other family that scored."""
    shown = set(menu.kinds)
    if "takeout-box" in shown:
        shown.add(FLIPPED)
    for b in breakdowns:
        shown.update(k for k, v in b.items() if v)
    return [(f, FAMILY_TITLES[f]) for f in ROUND_FAMILIES if f in shown]


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
