"""Does following the hints win? One seat plays the first hint at every decision.

    .venv/bin/python benchmarks/hint_strength.py --games 12

Three players; the other two seats are greedy bots; the hint-follower sits in every
seat in turn (game ``g``: seat ``g % 3``, seed ``g``), and ``greedy`` in its place
gives the baseline in the same seats and deals. Each hint ranks every option on
``--rounds`` simulated rounds (paired sweeps, sushigo.agents.hints.sweeps) and the
follower plays the one with the best share of wins (then points): ``hints``; or the
hint a person is shown first, which is greedy's choice unless the sweeps clearly beat
it (sushigo.agents.hints.PRIOR_TRUST): ``shown``. A shared win counts as a part.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import sushigo
from sushigo.agents import make_agent
from sushigo.agents.hints import hints, sweeps
from sushigo.play import play_game


class Follower:
    """Plays the first hint (paired sweeps of ``rounds`` an option)."""

    name = "hints"
    observes = True

    def __init__(self, seed: int, rounds: int, first: bool = False) -> None:
        self.seed = seed
        self.rounds = rounds
        self.first = first
        self.decisions = 0

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        seed = self.seed * 100_000 + self.decisions
        if self.first:  # the hint a person is shown first
            return hints(view, legal, iterations=1, seed=seed)[0].action
        swept = sweeps(view, legal, iterations=1, seed=seed, least=self.rounds)
        return max(swept.stats, key=lambda s: (s.win_rate, s.mean_score)).action


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=100, help="rounds an option")
    args = parser.parse_args(argv)
    cases = [("sushi-go-party", {"menu": "my-first-meal"}), ("sushi-roll", {})]
    for game, options in cases:
        rules = sushigo.make(game, players=3, **options)
        for who in ("greedy", "hints", "shown"):
            wins = 0.0
            start = time.perf_counter()
            for g in range(args.games):
                seat = g % 3
                agents = [make_agent("greedy", 100 + 10 * g + s) for s in range(3)]
                agents[seat] = (
                    make_agent("greedy", g)
                    if who == "greedy"
                    else Follower(g, args.rounds, first=who == "shown")
                )
                winners = play_game(rules, agents, g).winners()
                wins += 1 / len(winners) if seat in winners else 0.0
            spent = time.perf_counter() - start
            print(f"{game:<16} {who:<7} {wins:5.1f} wins of {args.games}  ({spent:.0f} s)")


if __name__ == "__main__":
    main()
