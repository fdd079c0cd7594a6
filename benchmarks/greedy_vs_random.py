"""Greedy against random bots in classic Sushi Go!: win rate, Wilson interval, speed.

    .venv/bin/python benchmarks/greedy_vs_random.py --games 2000 --players 2

The games are ``sushigo simulate``'s: game ``g`` is played with seed
``seed + g`` and the agents move one seat to the left every game, so greedy
sits in every seat equally often. A shared win counts as half a win.
"""

from __future__ import annotations

import argparse
import time

import sushigo
from sushigo.play.simulate import simulate


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--players", type=int, default=2, help="players, 2-5 (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        choices=["pass_both_ways", "dummy", "reshuffle", "soy_sauce"],
        help="turn a variant on (repeatable)",
    )
    args = parser.parse_args(argv)
    ruleset = sushigo.make("sushi-go", players=args.players, **{v: True for v in args.variant})
    specs = ["greedy"] + ["random"] * (args.players - 1)
    start = time.perf_counter()
    stats = simulate(ruleset, specs, args.games, args.seed)
    elapsed = time.perf_counter() - start
    greedy = stats[0].summary()
    randoms = [s.summary() for s in stats[1:]]
    lo, hi = greedy["win_rate_ci95"]
    print(f"{ruleset.describe()}: greedy vs {args.players - 1} random, {args.games} games")
    print(f"greedy win rate {greedy['win_rate']:.4f}  (95% Wilson interval {lo:.4f}-{hi:.4f})")
    mean_random = sum(r["mean_score"] for r in randoms) / len(randoms)
    print(f"mean score: greedy {greedy['mean_score']:.2f}, random {mean_random:.2f}")
    print(f"{args.games / elapsed:.1f} games/s")


if __name__ == "__main__":
    main()
