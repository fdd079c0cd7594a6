"""``sushigo score`` for Sushi Roll: the result shown in the terminal, and a sheet
asked for line by line (the sheet is read and scored by
:mod:`sushigo.present.sheets.roll`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from sushigo.games.roll import ROUNDS
from sushigo.present.roll import face_name
from sushigo.present.sheets.roll import GAME, TOKENS, parse_tray
from sushigo.tui.cards import groups_text
from sushigo.tui.roll_screen import face_style, roll_round_table
from sushigo.tui.screen import (
    InputFn,
    SayFn,
    ask_names,
    ask_rounds,
    final_table,
    print_rounds,
    print_winner,
)

# ---------------------------------------------------------------------------
# Showing the result


def tray_text(tray: Sequence[str]) -> Text:
    """A tray as one line, equal dice grouped: ``Tempura x4, Wasabi+Squid nigiri``."""
    counts: dict[str, int] = {}
    for entry in tray:
        counts[entry] = counts.get(entry, 0) + 1
    return groups_text([[(face_name(e), face_style(e), k) for e, k in counts.items()]])


def final_title(result: dict[str, Any]) -> str:
    """The totals table's title: final, so far, or every round but no game end."""
    if result["complete"]:
        return "Final scores"
    if len(result["rounds"]) < ROUNDS:
        return "Scores so far"
    return "Scores without the game end (not scored)"


def roll_final_table(result: dict[str, Any]) -> Table:
    """Rounds, pudding tokens and points, leftover tokens and points, totals."""
    names: list[str] = result["names"]
    menus, chops = result["menus"], result["chopsticks"]
    tokens = result["token_scores"]
    if menus is None or chops is None:
        left = ["-"] * len(names)
    else:
        left = [f"{m}+{c}" for m, c in zip(menus, chops, strict=True)]
    return final_table(
        names,
        [e["scores"] for e in result["rounds"]],
        result["puddings"],
        result["dessert_scores"],
        result["totals"],
        final_title(result),
        dessert_title="Pts",
        more=(
            ("Menus+Chop.", left),
            ("Pts", ["-"] * len(names) if tokens is None else [f"{t:+d}" for t in tokens]),
        ),
    )


def show_roll_result(result: dict[str, Any], console: Console) -> None:
    """The result as tables, one per round, then the totals and the winner."""
    faces = "" if result["options"]["dice"] == "default" else ", own dice faces"
    console.print(
        Text(
            f"Sushi Roll - {result['players']} players, {result['dice_per_tray']} dice "
            f"per tray{faces}",
            style="bold",
        )
    )
    print_rounds(
        console, result, lambda entry: [tray_text(t) for t in entry["trays"]], roll_round_table
    )
    complete = result["complete"]
    console.rule("Totals")
    console.print(roll_final_table(result))
    if result["puddings_from_trays"]:
        console.print("Pudding tokens counted from the pudding dice on the trays.")
    if not complete:
        console.print(Text(result["game_end_note"], style="bold yellow"))
    else:
        console.print(
            "Game end: pudding tokens most +6, fewest -6; 1 point per 2 unused menu and "
            "chopsticks tokens."
        )
    print_winner(console, result, kept="pudding tokens")


# ---------------------------------------------------------------------------
# Interactive entry


def _ask_tokens(ask: InputFn, say: SayFn, name: str, first: bool) -> list[int]:
    skip = "; Enter to skip the game end" if first else ""
    while True:
        text = ask(
            f"Game end, {name}: pudding tokens, unused menu tokens, unused chopsticks "
            f"tokens (e.g. 4 1 2{skip}): "
        )
        if first and not text.strip():
            return []
        try:
            values = [int(v) for v in text.replace(",", " ").split()]
        except ValueError:
            say("Give three whole numbers, e.g. 4 1 2.")
            continue
        if len(values) != 3:
            say("Give three numbers: pudding tokens, menu tokens, chopsticks tokens.")
        elif min(values) < 0:
            say("Token counts are 0 or more.")
        else:
            return values


def ask_roll_sheet(ask: InputFn, say: SayFn) -> dict[str, Any]:
    """Ask for the names, each round's trays and the tokens at game end; re-ask
    after every mistake. Returns the same JSON-style document a file would hold."""
    say(
        "Sushi Roll score calculator. Enter the dice on each player's tray at the end "
        "of each round, separated by commas: face names or ids ('tempura x3' for three, "
        "'wasabi+salmon' or 'salmon/on-wasabi' for a nigiri on a wasabi, 'pudding 2', "
        "'menu 2', 'chopsticks'). Then the tokens at game end."
    )
    names = ask_names(ask, say, "Sushi Roll")
    rounds = list(ask_rounds(ask, say, names, ROUNDS, "dice on {name}'s tray", parse_tray))
    doc: dict[str, Any] = {"game": GAME, "names": names, "rounds": rounds}
    if len(rounds) == ROUNDS:
        counts: list[list[int]] = []
        for s, name in enumerate(names):
            values = _ask_tokens(ask, say, name, s == 0)
            if not values:
                break
            counts.append(values)
        if counts:
            for i, key in enumerate(TOKENS):
                doc[key] = [c[i] for c in counts]
    return doc


__all__ = ["ask_roll_sheet", "show_roll_result"]
