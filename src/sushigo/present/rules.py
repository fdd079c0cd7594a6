"""``sushigo rules`` as text: the rules summary and every ruling the project made,
with Sushi Go Party!'s menus and card ids and Sushi Roll's dice faces."""

from __future__ import annotations

import textwrap
from types import ModuleType
from typing import Any, cast

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import game_names, make
from sushigo.games import classic, party, roll
from sushigo.games.party.cards import KINDS, PARTY_CARDS, SUGGESTED_MENUS, find_menu, kind_cards
from sushigo.games.roll import RollRuleset, faces_text
from sushigo.play.files import load_dice
from sushigo.present.base import catalog_card
from sushigo.present.card_rules import CARD_RULES, cards_text, kind_rule, rule_key
from sushigo.present.frames import catalog
from sushigo.present.party import card_name as party_card_name
from sushigo.present.party import category, kind_name

_MODULES: dict[str, ModuleType] = {
    "sushi-go": classic,
    "sushi-go-party": party,
    "sushi-roll": roll,
}
"""The module holding each game's ``SUMMARY`` and ``RULINGS``."""


def rules_page(game: str, menu: str | None = None, dice: str | None = None) -> str:
    """All that ``sushigo rules --game GAME [--menu NAME] [--dice FILE]`` prints."""
    text = rules_text(game) + cards_text(game)
    if game == "sushi-go-party":
        text += party_text(menu)
    elif menu:
        raise OptionsError("--menu goes with --game sushi-go-party")
    if game == "sushi-roll":
        text += roll_text(dice)
    elif dice:
        raise OptionsError("--dice goes with --game sushi-roll")
    return text


def rules_text(game: str) -> str:
    """The summary and rulings of a registered game, as text."""
    if game not in _MODULES:
        raise OptionsError(f"unknown game {game!r}; games are: {', '.join(game_names())}")
    module = _MODULES[game]
    rulings = "\n".join(
        textwrap.fill(r, 78, initial_indent="  - ", subsequent_indent="    ")
        for r in module.RULINGS
    )
    return f"{module.SUMMARY}\nRulings (where the rulebook is silent):\n{rulings}\n"


def party_text(menu_name: str | None) -> str:
    """Sushi Go Party!'s menus and card ids, or one menu's cards with their ids."""
    if menu_name:
        menu = find_menu(menu_name)
        low, high = menu.players()
        lines = [f"\nMenu - {menu.describe()} ({low}-{high} players)", "Card ids on this menu:"]
        kinds = menu.kinds
    else:
        lines = ["\nSuggested menus (--menu NAME):"]
        for key, m in SUGGESTED_MENUS.items():
            low, high = m.players()
            lines.append(f"  {key:16s} {low}-{high} players: {m.describe().split(': ', 1)[1]}")
        lines.append("Card ids:")
        kinds = KINDS
    for kind in kinds:
        ids = [t.id for t in PARTY_CARDS.types if t.family == kind]
        lines.append(
            textwrap.fill(
                ", ".join(ids),
                78,
                initial_indent=f"  {kind}: ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines) + "\n"


def roll_text(dice: str | None) -> str:
    """Sushi Roll's dice: the reconstructed default faces, or those of a ``--dice`` file."""
    if dice:
        ruleset = RollRuleset(2, dice=load_dice(dice))
        head = f"Dice faces from {dice}:"
    else:
        ruleset = RollRuleset(2)
        head = "Dice faces (default: the project's reconstruction, not printed in the rulebook):"
    return f"\n{head}\n{faces_text(ruleset)}\n"


TITLES: dict[str, str] = {"maki": "Maki rolls", "nigiri": "Nigiri", "pudding": "Pudding"}
"""Group titles of the how-to-play page where the key alone reads badly."""


def how_to_play(game: str) -> dict[str, Any]:
    """The how-to-play page's content (``GET /api/rules/{game}``): the summary and
    rulings ``sushigo rules`` prints, and every card (die face) with what it does,
    grouped as the game sorts them, drawn from a catalog like a table's."""
    if game not in _MODULES:
        raise OptionsError(f"unknown game {game!r}; games are: {', '.join(game_names())}")
    module = _MODULES[game]
    out: dict[str, Any] = {
        "game": game,
        "summary": module.SUMMARY
        + (faces_text(RollRuleset(2)) + "\n" if game == "sushi-roll" else ""),
        "rulings": list(module.RULINGS),
    }
    if game == "sushi-go-party":
        ruleset = make(game, 4, menu=next(iter(SUGGESTED_MENUS)))
        base = cast(dict[str, Any], catalog(ruleset))
        base["cards"] = {
            t.id: catalog_card(game, t.id, party_card_name(t.id), t.family, t.colour, t.icons)
            for t in PARTY_CARDS.types
        }
        base.pop("menu", None)
        out["groups"] = [
            {
                "title": kind_name(k),
                "category": category(k),
                "rule": kind_rule(k),
                "cards": list(kind_cards(k)),
            }
            for k in KINDS
        ]
        out["menus"] = [
            {"key": key, "name": m.name, "players": list(m.players()), "kinds": list(m.kinds)}
            for key, m in SUGGESTED_MENUS.items()
        ]
    else:
        ruleset = make(game, 2, soy_sauce=True) if game == "sushi-go" else make(game, 2)
        base = cast(dict[str, Any], catalog(ruleset))
        groups: dict[str, list[str]] = {}
        for card, entry in base["cards"].items():
            if "+" not in card:
                groups.setdefault(rule_key(game, card, entry["family"]), []).append(card)
        out["groups"] = [
            {
                "title": TITLES.get(key, key.replace("-", " ").capitalize()),
                "category": "",
                "rule": CARD_RULES[game][key],
                "cards": cards,
            }
            for key, cards in groups.items()
        ]
    out["title"] = base["title"]
    out["catalog"] = base
    return out
