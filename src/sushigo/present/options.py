"""Game options as the command line gives them: ``--variant``, ``--menu``,
``--dice`` and comma-separated lists, read into ruleset options.

Every front end that takes these options (``sushigo play``, ``simulate``,
``tournament``, ``score``) reads them here, so they mean the same everywhere.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from sushigo.core.errors import OptionsError
from sushigo.games.party.cards import random_menu
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
    return ",".join(random_menu(rng, players).kinds[1:])


def parse_list(value: str | None) -> list[str]:
    """A comma-separated list, blanks dropped.

    >>> parse_list("greedy, random,,mcts:ms=50")
    ['greedy', 'random', 'mcts:ms=50']
    """
    return [v.strip() for v in (value or "").split(",") if v.strip()]
