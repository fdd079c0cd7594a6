"""What the batch engine's and the environments' tests share: a dice file's faces, and
engine games as records (to re-play in the batch)."""

from __future__ import annotations

from typing import Any

import pytest

import sushigo
import sushigo.fast as fast
from sushigo.agents import make_agent
from sushigo.play.loop import play_game, record_game

CLASSIC_CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (4, {"pass_both_ways": True}),
    (3, {"reshuffle": True}),
    (5, {"soy_sauce": True}),
    (2, {"dummy": True}),
]
"""Sushi Go!'s configurations the batch engine is checked in: every player count and
every variant."""

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


QUICK_GAMES = 400
"""Random engine games re-played in the batch by make test, in the one configuration
it checks; the matrix re-plays the full count there and in every other one."""


def replay_params(configs: list[Any], games: int) -> list[Any]:
    """The parameters of an engine-games-in-the-batch test: each configuration of
    ``configs`` (pytest params, the matrix ones marked) with ``("random", games)`` and
    ``("greedy", 100)``; the configuration make test runs (unmarked) re-plays
    ``QUICK_GAMES`` random games there, and ``games`` in the matrix."""
    out = []
    for config in configs:
        marks = tuple(config.marks)
        plans = [("random", games, marks), ("greedy", 100, marks)]
        if not marks:
            plans[0] = ("random", QUICK_GAMES, ())
            plans.append(("random", games, (pytest.mark.matrix,)))
        for spec, count, how in plans:
            name = f"{spec}-{count}-{config.id}"
            out.append(pytest.param(*config.values, spec, count, id=name, marks=how))
    return out


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


def check_batch_independence(game: str, players: int, options: dict[str, Any]) -> None:
    """Game ``g`` of a seed is the same whatever the batch: batches of 8 and of 64 play
    the same games, the next batch plays the seed's next games, a seed starts again
    from its game 0, and ``first`` from any game of it."""
    small = fast.make(game, players=players, batch=8, seed=42, **options)
    large = fast.make(game, players=players, batch=64, seed=42, **options)
    a, b = small.rollout(), large.rollout()
    assert (a == b[:8]).all()
    assert small.export_record(5) == large.export_record(5)
    second = small.rollout()  # the next 8 games of the seed
    assert (second == b[8:16]).all()
    assert small.export_record(0)["batch"] == {"seed": 42, "game": 8}
    assert small.export_record(3)["rounds"] == large.export_record(11)["rounds"]
    again = small.rollout(seed=42)  # a seed starts again from its game 0
    assert (again == a).all() and small.export_record(3) == large.export_record(3)
    later = small.rollout(first=16)  # or from any game of it
    assert (later == b[16:24]).all()
    assert small.export_record(0)["batch"] == {"seed": 42, "game": 16}
    later = small.rollout(first=40)
    assert (later == b[40:48]).all() and small.export_record(7) == large.export_record(47)
