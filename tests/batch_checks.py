"""What the batch engine's and the environments' tests share: a dice file's faces, and
engine games as records (to re-play in the batch)."""

from __future__ import annotations

from typing import Any

import sushigo
from sushigo.agents import make_agent
from sushigo.play.loop import play_game, record_game

DICE = {
    "appetizer": ["dumpling", "dumpling", "tempura", "tempura", "sashimi", "sashimi"],
    "maki": ["maki-1", "maki-2", "maki-3", "maki-3", "maki-2", "maki-1"],
    "nigiri": [
        "egg-nigiri",
        "salmon-nigiri",
        "squid-nigiri",
        "squid-nigiri",
        "egg-nigiri",
        "salmon-nigiri",
    ],
    "special": ["wasabi", "menu-2", "chopsticks-2", "wasabi", "menu-2", "chopsticks-2"],
    "pudding": ["pudding-1", "pudding-2", "pudding-1", "pudding-2", "pudding-1", "pudding-2"],
}
"""A custom Sushi Roll face table: every kind of decision, other odds than the printed
dice, two-token specials only, no pudding-3."""


def engine_records(
    game: str, players: int, options: dict[str, Any], spec: str, games: int, first: int = 0
) -> list[Any]:
    """Engine games ``first`` to ``first + games - 1`` (their seeds) of ``spec`` agents
    in every seat, as records."""
    ruleset = sushigo.make(game, players=players, **options)
    out = []
    for n in range(first, first + games):
        agents = [make_agent(spec, seed=n * 8 + s) for s in range(players)]
        state = play_game(ruleset, agents, n)
        out.append(record_game(state, [f"p{s}" for s in range(players)], [spec] * players, n))
    return out
