"""Greedy against random bots in Sushi Go Party!: win rates with 95% intervals, speed.

    SUSHIGO_PURE=1 .venv/bin/python benchmarks/greedy_party.py --games 400

Each case is ``sushigo simulate``'s: game ``g`` is played with seed
``seed + g`` and the agents move one seat to the left every game, so greedy
sits in every seat equally often. A shared win counts as half a win. The
default cases are the suggested menus at the player counts they suit, with
one greedy agent against random ones; ``--menu`` and ``--players`` run one
case instead. The last column is the greedy agent's mean time per decision.
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

CASES: tuple[tuple[str, int], ...] = (
    ("my-first-meal", 2),
    ("dinner-for-two", 2),
    ("party-sampler", 2),
    ("sushi-go", 2),
    ("master-menu", 3),
    ("points-platter", 3),
    ("my-first-meal", 4),
    ("dinner-for-two", 4),
    ("master-menu", 4),
    ("points-platter", 4),
    ("cutthroat-combo", 4),
    ("party-sampler", 4),
    ("big-banquet", 6),
    ("cutthroat-combo", 6),
    ("big-banquet", 8),
)
"""(menu, players) of the default run. Spoon and edamame need 3 or more players
(Master Menu, Points Platter, Cutthroat Combo, Big Banquet); menu and special
order at most 6 (Dinner for Two, Party Sampler, Points Platter)."""


class _Timed:
    """Wraps the greedy agent and times its decisions."""

    name = "greedy"
    observes = True

    def __init__(self, inner: GreedyAgent, clock: list[float]) -> None:
        self.inner = inner
        self.clock = clock

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        out = self.inner.act(view, legal)
        self.clock[0] += time.perf_counter() - start
        self.clock[1] += 1
        return out


def run_case(menu: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play one case and return its figures."""
    ruleset = sushigo.make("sushi-go-party", players=players, menu=menu)
    clock = [0.0, 0.0]
    register_agent("greedy-timed", lambda s: _Timed(GreedyAgent(s), clock))
    start = time.perf_counter()
    stats = simulate(ruleset, ["greedy-timed"] + ["random"] * (players - 1), games, seed)
    elapsed = time.perf_counter() - start
    greedy = stats[0].summary()
    randoms = [s.summary() for s in stats[1:]]
    return {
        "menu": menu,
        "players": players,
        "games": games,
        "win_rate": greedy["win_rate"],
        "ci": greedy["win_rate_ci95"],
        "greedy": greedy["mean_score"],
        "random": sum(r["mean_score"] for r in randoms) / len(randoms),
        "ms_per_decision": 1000 * clock[0] / max(1.0, clock[1]),
        "seconds": elapsed,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per case (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--menu", help="one menu (a suggested menu's key, or 7 card kinds)")
    parser.add_argument("--players", type=int, help="players for --menu")
    args = parser.parse_args(argv)
    if args.menu:
        cases: Sequence[tuple[str, int]] = ((args.menu, args.players or 2),)
    else:
        cases = CASES
    print(
        f"{'menu':<20} {'players':>7} {'games':>6} {'greedy win rate (95% CI)':>26} "
        f"{'mean greedy/random':>19} {'ms/decision':>11}"
    )
    for menu, players in cases:
        r = run_case(menu, players, args.games, args.seed)
        lo, hi = r["ci"]
        rate = f"{100 * r['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
        scores = f"{r['greedy']:.1f} / {r['random']:.1f}"
        print(
            f"{r['menu']:<20} {players:>7} {r['games']:>6} {rate:>26} {scores:>19} "
            f"{r['ms_per_decision']:>11.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
