"""Game options as the command line gives them: ``--variant``, ``--menu``,
``--dice`` and comma-separated lists, read into ruleset options.

Every front end that takes these options (``sushigo play``, ``simulate``,
``tournament``, ``score``) reads them here, so they mean the same everywhere.
The browser's pages get what they show besides the options here too
(:func:`page_options`, part of ``GET /api/options``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from sushigo.core.errors import OptionsError
from sushigo.games.party.cards import PLAYER_LIMITS, menu_option, random_menu
from sushigo.play.files import load_dice


def parse_variants(values: Sequence[str] | None) -> dict[str, bool]:
    """``--variant pass-both-ways --variant soy-sauce,dummy`` as ruleset options.

    >>> parse_variants(["pass-both-ways", "soy-sauce, dummy"])
    {'pass_both_ways': True, 'soy_sauce': True, 'dummy': True}
    """
    options: dict[str, bool] = {}
    for value in values or []:
        for name in value.split(","):
            name = name.strip().lower().replace("-", "_")
            if name:
                options[name] = True
    return options


def game_options(args: argparse.Namespace, players: int | None = None) -> dict[str, Any]:
    """Ruleset options from ``--variant`` and ``--menu`` (``--menu random`` is drawn
    for ``players`` from ``--seed``)."""
    options: dict[str, Any] = dict(parse_variants(args.variant))
    menu = getattr(args, "menu", None)
    if menu:
        options["menu"] = resolve_menu(menu, players, getattr(args, "seed", None))
    dice = getattr(args, "dice", None)
    if dice:
        options["dice"] = dice_table(getattr(args, "game", None), dice)
    return options


def dice_table(game: str | None, path: str) -> dict[str, tuple[str, ...]]:
    """The Sushi Roll face table in the file ``--dice`` names (checked)."""
    if game != "sushi-roll":
        raise OptionsError("--dice goes with --game sushi-roll")
    return load_dice(path)


def resolve_menu(menu: str, players: int | None, seed: int | None) -> str:
    """``menu`` itself, or for ``random`` a random legal Sushi Go Party! menu for
    ``players``, drawn from ``seed`` (the same seed, the same menu), as its kinds."""
    if menu.strip().lower() != "random":
        return menu
    if players is None:
        raise OptionsError("a random menu needs the number of players (--players)")
    rng = random.Random(f"sushigo-menu-{seed}") if seed is not None else random.SystemRandom()
    return menu_option(random_menu(rng, players))


def parse_list(value: str | None) -> list[str]:
    """A comma-separated list, blanks dropped.

    >>> parse_list("greedy, random,,mcts:ms=50")
    ['greedy', 'random', 'mcts:ms=50']
    """
    return [v.strip() for v in (value or "").split(",") if v.strip()]


# ---------------------------------------------------------------------------
# What the browser's pages show besides the games' options (GET /api/options).

MENU_CATEGORIES: tuple[dict[str, Any], ...] = (
    {"key": "rolls", "label": "Roll", "count": 1},
    {"key": "appetizers", "label": "Appetizers", "count": 3},
    {"key": "specials", "label": "Specials", "count": 2},
    {"key": "desserts", "label": "Dessert", "count": 1},
)
"""A Sushi Go Party! menu besides nigiri, in order: each category (a key of the
options' ``kinds``), its name on the form and how many kinds of it a menu has."""

SCORE_HELP: dict[str, str] = {
    "sushi-go": (
        "Cards: tempura, sashimi, dumpling, maki 1/2/3, egg/salmon/squid nigiri, pudding, "
        'wasabi, chopsticks, soy sauce. "tempura x2" is two. List them in the order played: '
        '"wasabi, squid" puts the squid nigiri on the wasabi before it.'
    ),
    "sushi-go-party": (
        'Cards on the menu, in the order played: e.g. "temaki x2, wasabi+squid, '
        'onigiri circle, flipped:tofu, special-order=tempura".'
    ),
    "sushi-roll": (
        "Dice faces on the tray: tempura, sashimi, dumpling, maki 1/2/3, egg/salmon/squid "
        "nigiri, wasabi, chopsticks, chopsticks 2, menu, menu 2, pudding 1/2/3. "
        '"tempura x3" is three dice; "wasabi+squid" is a squid on a wasabi.'
    ),
}
"""How to type a player's cards in the score calculator (docs/score-calculator.md)."""

SCORE_EXAMPLE: dict[str, str] = {
    "sushi-go": "e.g. tempura x2, wasabi, squid, maki 3",
    "sushi-go-party": "e.g. temaki x2, wasabi+squid, flipped:tofu",
    "sushi-roll": "e.g. tempura x3, wasabi+squid, pudding 1",
}
"""A player's cards typed in the score calculator, as its fields' placeholder."""


def page_options(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` (what the create-table form offers) with what the pages also show:
    for each game its score calculator's ``score_help`` and ``score_example``; for
    Sushi Go Party! the menu's ``categories`` and the kinds' player ``limits``.

    >>> games = page_options({"games": [{"name": "sushi-go-party"}]})["games"]
    >>> [c["key"] for c in games[0]["categories"]], games[0]["limits"]["spoon"]
    (['rolls', 'appetizers', 'specials', 'desserts'], [3, 8])
    """
    games = []
    for game in options.get("games", []):
        name = game["name"]
        extra: dict[str, Any] = {}
        if name in SCORE_HELP:
            extra["score_help"] = SCORE_HELP[name]
            extra["score_example"] = SCORE_EXAMPLE[name]
        if name == "sushi-go-party":
            extra["categories"] = [dict(c) for c in MENU_CATEGORIES]
            extra["limits"] = {k: list(v) for k, v in PLAYER_LIMITS.items()}
        games.append({**game, **extra})
    return {**options, "games": games}
