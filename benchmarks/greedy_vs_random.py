"""Greedy against random bots in classic Sushi Go!: win rate, Wilson interval, speed.

    .venv/bin/python benchmarks/greedy_vs_random.py --games 2000 --players 2

Game ``g`` is played with seed ``g``; greedy sits at seat ``g % players`` (so in
two-player games it swaps seats every other game) and every other seat is a
random bot. A shared win counts as half a win.
"""

from __future__ import annotations

import argparse
import math
import time

import sushigo
from sushigo.agents import make_agent
from sushigo.games.classic import ClassicState
from sushigo.play import play_game


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    ruleset = sushigo.make(
        "sushi-go", players=args.players, **{v: True for v in args.variant}
    )
    n = args.players
    wins = 0.0
    greedy_total = 0
    random_total = 0
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        me = g % n
        agents = [
            make_agent("greedy", seed) if s == me else make_agent("random", seed * 7 + s)
            for s in range(n)
        ]
        state = play_game(ruleset, agents, seed)
        assert isinstance(state, ClassicState)
        win = state.winners()
        if me in win:
            wins += 1.0 / len(win)
        scores = state.returns()
        greedy_total += scores[me]
        random_total += sum(scores[s] for s in range(n) if s != me)
    elapsed = time.perf_counter() - start
    games = args.games
    lo, hi = wilson(wins, games)
    print(f"{ruleset.describe()}: greedy vs {n - 1} random, {games} games (seeds {args.seed}..)")
    print(f"greedy win rate {wins / games:.4f}  (95% Wilson interval {lo:.4f}-{hi:.4f})")
    print(
        f"mean score: greedy {greedy_total / games:.2f}, "
        f"random {random_total / (games * (n - 1)):.2f}"
    )
    print(f"{games / elapsed:.1f} games/s")


if __name__ == "__main__":
    main()
