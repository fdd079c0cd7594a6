"""``sushigo score``: a score calculator for a game played with real cards.

The sheets are read and scored by :mod:`sushigo.present.sheets` (their notation
is in docs/score-calculator.md); this module shows the result in the terminal,
asks for a sheet line by line when none is given, and runs the command.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from typing import Any

from rich.console import Console
from rich.text import Text

import sushigo
from sushigo.core.errors import OptionsError, ParseError
from sushigo.games.classic import ROUNDS
from sushigo.play.loop import seat_names as seat_names_of
from sushigo.present.options import parse_variants
from sushigo.present.sheets import score_document
from sushigo.present.sheets.classic import GAME, parse_cards
from sushigo.present.sheets.common import read_input
from sushigo.present.sheets.party import GAME as PARTY
from sushigo.present.sheets.roll import GAME as ROLL
from sushigo.tui.cards import tableau_text
from sushigo.tui.party_screen import menu_table
from sushigo.tui.score_party import ask_party_sheet, show_party_result
from sushigo.tui.score_roll import ask_roll_sheet, show_roll_result
from sushigo.tui.screen import (
    InputFn,
    SayFn,
    ask_names,
    ask_rounds,
    final_table,
    print_rounds,
    print_totals,
    round_table,
)


def with_defaults(data: Any, game: str | None, menu: str | None) -> Any:
    """The document with ``--game`` and ``--menu`` filled in where it names none;
    OptionsError where it names another."""
    if not isinstance(data, dict):
        return data
    for key, value in (("game", game), ("menu", menu)):
        if value is None:
            continue
        have = data.get(key)
        if have is None:
            data = {**data, key: value}
        elif have != value:
            raise OptionsError(f"the file says {key} {have!r}, but --{key} says {value!r}")
    return data


# ---------------------------------------------------------------------------
# Showing the result


def show_result(result: dict[str, Any], console: Console) -> None:
    """The result as tables, one per round, then the totals and the winner."""
    names: list[str] = result["names"]
    soy = bool(result["options"].get("soy_sauce"))
    print_rounds(
        console,
        result,
        lambda entry: [tableau_text(tab) for tab in entry["cards"]],
        partial(round_table, soy_sauce=soy),
    )
    complete = result["complete"]
    console.rule("Totals")
    table = final_table(
        names,
        [e["scores"] for e in result["rounds"]],
        result["puddings"],
        result["dessert_scores"],
        result["totals"],
        title="Final scores" if complete else "Scores so far",
    )
    print_totals(console, result, table, ROUNDS)
    players = result["players"]
    if len(names) > players:
        console.print("(The dummy scores like a third player but cannot win.)")


# ---------------------------------------------------------------------------
# Interactive entry


def ask_sheet(ask: InputFn, say: SayFn) -> dict[str, Any]:
    """Ask for names, variants and each round's cards; re-ask after every mistake.

    Returns the same JSON-style document a file would hold.
    """
    say(
        "Sushi Go! score calculator. Enter the cards in front of each player at the "
        "end of each round, in the order played, as card names or ids separated by "
        "commas ('tempura x2' for two). For Sushi Go Party!, run: "
        "sushigo score --game sushi-go-party (Sushi Roll: --game sushi-roll)"
    )
    names = ask_names(ask, say, "Sushi Go!")
    while True:
        text = ask("Variants, comma-separated (soy-sauce, dummy, ...; Enter for none): ")
        options = parse_variants([text])
        try:
            rs = sushigo.make(GAME, players=len(names), **options)
        except OptionsError as exc:
            say(str(exc))
            continue
        break
    seat_names = seat_names_of(rs, names)

    def parse(text: str, where: str) -> list[str]:
        tab = parse_cards(text, where)
        if "soy-sauce" in tab and not rs.options["soy_sauce"]:
            raise ParseError("Soy sauce is only in the game with the soy-sauce variant.")
        return tab

    rounds = list(ask_rounds(ask, say, seat_names, ROUNDS, "cards in front of {name}", parse))
    return {"game": GAME, "names": seat_names, "options": dict(rs.options), "rounds": rounds}


def run_score(
    args: argparse.Namespace,
    *,
    console: Console | None = None,
    input_fn: InputFn | None = None,
    interactive: bool | None = None,
) -> int:
    """The ``sushigo score`` command: 0 on success; user mistakes raise
    :class:`ParseError` / :class:`OptionsError` (exit code 2 in the CLI)."""
    out = console if console is not None else Console(highlight=False)
    game: str | None = getattr(args, "game", None)
    menu: str | None = getattr(args, "menu", None)
    if menu and game is None:
        game = PARTY
    if game not in (None, GAME, PARTY, ROLL):
        raise OptionsError(
            f"the score calculator knows the games {GAME}, {PARTY} and {ROLL}, not {game}"
        )
    if menu and game != PARTY:
        raise OptionsError(f"--menu goes with --game {PARTY}")
    if interactive is None:
        interactive = args.file is None and sys.stdin.isatty()
    if interactive:
        err = Console(stderr=True, highlight=False)
        ask = input_fn if input_fn is not None else (lambda p: err.input(p, markup=False))

        def say(message: str) -> None:
            err.print(Text(message))

        try:
            if game == PARTY:
                data = ask_party_sheet(ask, say, lambda m: err.print(menu_table(m, None)), menu)
            elif game == ROLL:
                data = ask_roll_sheet(ask, say)
            else:
                data = ask_sheet(ask, say)
        except EOFError:
            print("sushigo score: input ended before the game was entered", file=sys.stderr)
            return 1
    else:
        data = with_defaults(read_input(args.file if args.file is not None else "-"), game, menu)
    kind, result = score_document(data, roll=game == ROLL)
    for warning in result["warnings"]:
        print(f"sushigo score: warning: {warning}", file=sys.stderr)
    if getattr(args, "json", False):
        print(json.dumps(result, indent=2))
    elif kind == ROLL:
        show_roll_result(result, out)
    elif kind == PARTY:
        show_party_result(result, out)
    else:
        show_result(result, out)
    return 0


__all__ = ["ask_sheet", "run_score", "show_result", "with_defaults"]
