"""``sushigo bench``: throughput of full random games through the public engine.

Each game is a complete :func:`sushigo.play.play_game` with random agents: the
same loop, checks and views every other front end uses. Figures vary with the
machine and its load; they are reported, never asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from typing import Any

from sushigo.agents import make_agent
from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import make
from sushigo.play.loop import play_game

CASES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("sushi-go 4p random", "sushi-go", 4, {}),
    ("sushi-go 2p random", "sushi-go", 2, {}),
    ("sushi-go 5p random", "sushi-go", 5, {}),
    ("sushi-go 2p dummy random", "sushi-go", 2, {"dummy": True}),
    ("party 8p big-banquet random", "sushi-go-party", 8, {"menu": "big-banquet"}),
    ("party 4p master-menu random", "sushi-go-party", 4, {"menu": "master-menu"}),
    ("party 6p party-sampler random", "sushi-go-party", 6, {"menu": "party-sampler"}),
    ("party 5p points-platter random", "sushi-go-party", 5, {"menu": "points-platter"}),
    ("party 2p dinner-for-two random", "sushi-go-party", 2, {"menu": "dinner-for-two"}),
    ("sushi-roll 4p random", "sushi-roll", 4, {}),
    ("sushi-roll 2p random", "sushi-roll", 2, {}),
    ("sushi-roll 5p random", "sushi-roll", 5, {}),
)
"""(label, game, players, options). The issues' targets: >= 1,000 random 8-player
games/s on Big Banquet, >= 2,000 random 4-player games/s on Master Menu and >= 1,500
random 4-player Sushi Roll games/s."""


def measure(
    game: str, players: int, options: dict[str, Any], seconds: float, repeats: int = 5
) -> dict[str, Any]:
    """Play seeded random games in ``repeats`` timed batches of about
    ``seconds / repeats`` each; the median and best batch in games per second.

    Shared machines are noisy: the best batch is the closest to what the
    engine does on a quiet machine, the median to what a user sees.
    """
    ruleset = make(game, players=players, **options)
    agents = [make_agent("random", seat) for seat in range(players)]
    play_game(ruleset, agents, -1)  # warm-up
    rates = []
    games = 0
    for _ in range(repeats):
        start = time.perf_counter()
        deadline = start + seconds / repeats
        batch = 0
        while True:
            play_game(ruleset, agents, games)
            games += 1
            batch += 1
            if batch % 16 == 0 and time.perf_counter() >= deadline:
                break
        rates.append(batch / (time.perf_counter() - start))
    return {
        "games": games,
        "median_games_per_s": round(statistics.median(rates), 1),
        "best_games_per_s": round(max(rates), 1),
    }


def engine_build() -> str:
    """Which engine is loaded: ``"compiled"`` (mypyc) or ``"source"``."""
    from sushigo.games import classic

    return "source" if (classic.__file__ or "").endswith(".py") else "compiled"


def run_bench(args: argparse.Namespace) -> int:
    results = []
    build = engine_build()
    if not args.json:
        note = "" if build == "compiled" else " (run 'make bench' for the compiled one)"
        print(
            f"engine: {build}{note}; {platform.python_implementation()} {platform.python_version()}"
        )
    cases = [c for c in CASES if not args.only or args.only in c[0]]
    if not cases:
        raise OptionsError(
            f"no case matches {args.only!r}; cases are: {', '.join(c[0] for c in CASES)}"
        )
    for label, game, players, options in cases:
        row = {"case": label, **measure(game, players, options, args.seconds)}
        results.append(row)
        if not args.json:
            print(
                f"{label:31s} {row['median_games_per_s']:>7,.0f} games/s median, "
                f"{row['best_games_per_s']:>7,.0f} best  ({row['games']} games)"
            )
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "machine": platform.machine(),
                    "engine": build,
                    "results": results,
                },
                indent=2,
            )
        )
    return 0
