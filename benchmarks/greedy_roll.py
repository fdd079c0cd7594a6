"""Greedy against random bots in Sushi Roll: win rates with 95% intervals, speed.

    SUSHIGO_PURE=1 .venv/bin/python benchmarks/greedy_roll.py --games 400

Each case is ``sushigo simulate``'s: game ``g`` is played with seed
``seed + g`` and the agents move one seat to the left every game, so greedy
sits in every seat equally often. A shared win counts as half a win. One
greedy agent plays against random ones at 2, 3, 4 and 5 players
(``--players`` runs one case). The last columns are the greedy agent's mean
and 95th-percentile time per decision, and how often it spent a token.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import sushigo
from sushigo.agents import register_agent
from sushigo.agents.greedy import GreedyAgent
from sushigo.play.simulate import simulate


class _Timed:
    """Wraps the greedy agent, times its decisions and counts its token uses."""

    name = "greedy"
    observes = True

    def __init__(self, inner: GreedyAgent, times: list[float], tokens: list[int]) -> None:
        self.inner = inner
        self.times = times
        self.tokens = tokens

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        out = self.inner.act(view, legal)
        self.times.append(time.perf_counter() - start)
        if out.what != "take":
            self.tokens[0] += 1
        return out


def run_case(players: int, games: int, seed: int) -> dict[str, Any]:
    """Play one case and return its figures."""
    ruleset = sushigo.make("sushi-roll", players=players)
    times: list[float] = []
    tokens = [0]
    register_agent("greedy-timed", lambda s: _Timed(GreedyAgent(s), times, tokens))
    start = time.perf_counter()
    stats = simulate(ruleset, ["greedy-timed"] + ["random"] * (players - 1), games, seed)
    elapsed = time.perf_counter() - start
    greedy = stats[0].summary()
    randoms = [s.summary() for s in stats[1:]]
    times.sort()
    n = max(1, len(times))
    return {
        "players": players,
        "games": games,
        "win_rate": greedy["win_rate"],
        "ci": greedy["win_rate_ci95"],
        "greedy": greedy["mean_score"],
        "random": sum(r["mean_score"] for r in randoms) / len(randoms),
        "ms_per_decision": 1000 * sum(times) / n,
        "ms_p95": 1000 * times[min(len(times) - 1, int(0.95 * n))] if times else 0.0,
        "tokens_per_game": tokens[0] / games,
        "seconds": elapsed,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per case (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5), help="one player count")
    args = parser.parse_args(argv)
    counts = (args.players,) if args.players else (2, 3, 4, 5)
    print(
        f"{'players':>7} {'games':>6} {'greedy win rate (95% CI)':>26} "
        f"{'mean greedy/random':>19} {'ms/decision':>11} {'p95 ms':>7} {'tokens/game':>11}"
    )
    for players in counts:
        r = run_case(players, args.games, args.seed)
        lo, hi = r["ci"]
        rate = f"{100 * r['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
        scores = f"{r['greedy']:.1f} / {r['random']:.1f}"
        print(
            f"{players:>7} {r['games']:>6} {rate:>26} {scores:>19} "
            f"{r['ms_per_decision']:>11.3f} {r['ms_p95']:>7.3f} {r['tokens_per_game']:>11.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
