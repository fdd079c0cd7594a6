"""``sushigo rules``: the rules summary and every ruling the project made."""

from __future__ import annotations

import argparse
import importlib
import textwrap

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import game_names

_MODULES = {"sushi-go": "sushigo.games.classic", "sushi-go-party": "sushigo.games.party"}


def rules_text(game: str) -> str:
    """The summary and rulings of a registered game, as text."""
    if game not in _MODULES:
        raise OptionsError(f"unknown game {game!r}; games are: {', '.join(game_names())}")
    module = importlib.import_module(_MODULES[game])
    rulings = "\n".join(
        textwrap.fill(r, 78, initial_indent="  - ", subsequent_indent="    ")
        for r in module.RULINGS
    )
    return f"{module.SUMMARY}\nRulings (where the rulebook is silent):\n{rulings}\n"


def run_rules(args: argparse.Namespace) -> int:
    text = rules_text(args.game)
    if args.menu:
        from sushigo.games.party_cards import find_menu

        if args.game != "sushi-go-party":
            raise OptionsError("--menu goes with --game sushi-go-party")
        menu = find_menu(args.menu)
        low, high = menu.players()
        text += f"\nMenu - {menu.describe()} ({low}-{high} players)\n"
    print(text, end="")
    return 0
