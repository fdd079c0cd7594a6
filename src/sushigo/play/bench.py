"""``sushigo bench``: throughput of full random games through the public engine.

Each game is a complete :func:`sushigo.play.play_game` with random agents: the
same loop, checks and views every other front end uses. Figures vary with the
machine and its load; they are reported, never asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

from sushigo.agents import make_agent
from sushigo.core.ruleset import make
from sushigo.play.loop import play_game

CASES: tuple[tuple[str, str, int, dict[str, bool]], ...] = (
    ("sushi-go 4p random", "sushi-go", 4, {}),
    ("sushi-go 2p random", "sushi-go", 2, {}),
    ("sushi-go 5p random", "sushi-go", 5, {}),
    ("sushi-go 2p dummy random", "sushi-go", 2, {"dummy": True}),
)


def measure(game: str, players: int, options: dict[str, bool], seconds: float) -> dict[str, Any]:
    """Play seeded random games for about ``seconds``; games per second."""
    ruleset = make(game, players=players, **options)
    agents = [make_agent("random", seat) for seat in range(players)]
    play_game(ruleset, agents, -1)  # warm-up
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        play_game(ruleset, agents, games)
        games += 1
        if games % 16 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 1)}


def run_bench(args: argparse.Namespace) -> int:
    results = []
    for label, game, players, options in CASES:
        row = {"case": label, **measure(game, players, options, args.seconds)}
        results.append(row)
        if not args.json:
            print(f"{label:28s} {row['games_per_s']:>9,.0f} games/s  ({row['games']} games)")
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "machine": platform.machine(),
                    "results": results,
                },
                indent=2,
            )
        )
    return 0
