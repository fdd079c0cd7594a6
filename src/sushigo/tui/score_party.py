"""``sushigo score`` for Sushi Go Party!: the result shown in the terminal, and a
sheet asked for line by line (the sheet is read and scored by
:mod:`sushigo.present.sheets.party`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

import sushigo
from sushigo.core.errors import OptionsError, ParseError
from sushigo.games.party import ROUNDS, PartyRuleset
from sushigo.games.party.cards import SUGGESTED_MENUS, Menu, find_menu
from sushigo.games.party.scoring import parse_played
from sushigo.present.party import card_name
from sushigo.present.sheets.party import GAME, parse_seat, uramaki_places
from sushigo.tui.party_screen import party_final_table, party_round_table, tableau_text
from sushigo.tui.screen import InputFn, SayFn, ask_rounds, cards_grid, print_totals


def show_party_result(result: dict[str, Any], console: Console) -> None:
    """The result as tables, one per round, then the totals and the winner."""
    names: list[str] = result["names"]
    menu = find_menu(result["options"]["menu"])
    running = [0] * len(names)
    console.print(Text(f"Sushi Go Party! - {menu.describe()}", style="bold"))
    for entry in result["rounds"]:
        r = entry["round"]
        console.rule(f"Round {r}")
        tabs = [tableau_text([parse_played(t) for t in tab]) for tab in entry["cards"]]
        console.print(cards_grid(names, tabs))
        scored = entry["uramaki_scored"]
        if any(scored):
            who = ", ".join(f"{names[s]} {p}" for s, p in enumerate(scored) if p)
            console.print(
                f"Uramaki scored during the round: {who} "
                f"({entry['uramaki_places']} place(s) taken; "
                "included in the Uram. column)."
            )
        running = [a + b for a, b in zip(running, entry["scores"], strict=True)]
        console.print(
            party_round_table(
                f"Round {r} points",
                names,
                menu,
                entry["breakdown"],
                entry["scores"],
                entry["puddings"],
                running,
            )
        )
    complete = result["complete"]
    console.rule("Totals")
    kept = [tableau_text([parse_played(t) for t in k]) for k in result["desserts"]]
    console.print(Text(f"Desserts kept ({card_name(menu.dessert)}):", style="bold"))
    console.print(cards_grid(names, kept))
    table = party_final_table(
        names,
        [e["scores"] for e in result["rounds"]],
        result["puddings"],
        result["dessert_scores"],
        result["totals"],
        title="Final scores" if complete else "Scores so far",
    )
    print_totals(console, result, table, ROUNDS, kept="dessert cards")


def ask_party_sheet(
    ask: InputFn,
    say: SayFn,
    show: Callable[[Menu], None],
    menu_text: str | None = None,
) -> dict[str, Any]:
    """Ask for the menu, the names, then each round's cards and uramaki; re-ask after
    every mistake. Returns the same JSON-style document a file would hold."""
    say(
        "Sushi Go Party! score calculator. First the menu, then the cards in front of each "
        "player at the end of each round, in the order played, separated by commas "
        "('tempura x2' for two, 'wasabi+squid' for a nigiri on a wasabi, "
        "'special-order=tempura' for a copy, 'flipped:eel' for a face-down card)."
    )
    menu: Menu | None = None
    if menu_text:
        menu = find_menu(menu_text)
    while menu is None:
        text = ask(
            "Menu (a suggested menu's name, or 7 card kinds separated by commas; "
            "'list' shows the menus): "
        )
        if text.strip().lower() == "list":
            for m in SUGGESTED_MENUS.values():
                say(f"  {m.key}: {m.describe()}")
            continue
        try:
            menu = find_menu(text)
        except OptionsError as exc:
            say(str(exc))
    show(menu)
    low, high = menu.players()
    while True:
        names = [
            n.strip()
            for n in ask(f"Players' names, comma-separated ({low} to {high}): ").split(",")
        ]
        names = [n for n in names if n]
        if len(set(names)) != len(names):
            say("Two players have the same name; make them differ.")
            continue
        try:
            rs = sushigo.make(GAME, players=len(names), menu=menu)
        except OptionsError as exc:
            say(str(exc))
            continue
        break
    assert isinstance(rs, PartyRuleset)
    key = rs.options["menu"]

    def parse(text: str, where: str) -> list[str]:
        return [p.token for p in parse_seat(text, where, menu)]

    rounds: list[dict[str, Any]] = []
    cards = ask_rounds(ask, say, names, ROUNDS, "cards in front of {name}", parse)
    for r, tabs in enumerate(cards, 1):
        entry: dict[str, Any] = {"cards": tabs}
        if menu.roll == "uramaki":
            while True:
                text = ask(
                    f"Round {r}, uramaki points scored during the round, one number per "
                    "player (e.g. 8, 0, 5; Enter for none): "
                )
                try:
                    points = [int(v) for v in text.replace(",", " ").split()] or [0] * len(names)
                    if len(points) != len(names) or min(points) < 0:
                        raise ParseError(f"give {len(names)} numbers, one per player")
                    uramaki_places(points, f"round {r}")
                except ParseError as exc:
                    say(str(exc))
                    continue
                except ValueError:
                    say("Uramaki points are whole numbers, e.g. 8, 0, 5.")
                    continue
                break
            entry["uramaki"] = points
        rounds.append(entry)
    return {"game": GAME, "menu": key, "names": names, "rounds": rounds}


__all__ = ["ask_party_sheet", "show_party_result"]
