"""How many simulated rounds a Party or Sushi Roll hint gets for each option it ranks.

    .venv/bin/python benchmarks/hint_budget.py                 # with the batch engine
    .venv/bin/python benchmarks/hint_budget.py --no-numba      # as `make run` installs it

For each game and player count, the decisions of a few random games (the first of
every round, and one mid-round): how many options a hint ranks, how many rounds each
got in the hint's time (``--ms``, 300 by default, with no floor), and how long the
hint took with its floor of ``LEAST`` rounds an option (the engine stops at
``ENGINE_MS``). ``--no-numba`` makes numba unimportable, so the hints sweep with the
engine, as they do where only the ``cli,web`` extras are installed. The machine's
load moves these figures: compare runs made together.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any


def _decisions(game: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    import sushigo

    state = sushigo.make(game, players=players, **options).new_game()
    rng = random.Random(seed)
    out = []
    last_round = -1
    mid = False
    step = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        decisions = state.decisions()
        seat, legal = decisions[0]
        if state.round != last_round:
            last_round, mid, step = state.round, False, 0
            out.append((state.observe(seat), list(legal)))
        elif not mid and step == 3 * players:
            mid = True
            out.append((state.observe(seat), list(legal)))
        step += 1
        state.apply({s: acts[int(rng.random() * len(acts))] for s, acts in decisions})
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=float, default=300.0)
    parser.add_argument("--games", type=int, default=2, help="random games per case")
    parser.add_argument("--no-numba", action="store_true", help="sweep with the engine")
    args = parser.parse_args(argv)
    if args.no_numba:
        sys.modules["numba"] = None  # type: ignore[assignment]  # import numba fails
    from sushigo.agents.hints import ENGINE_MS, LEAST, sweeps

    cases: list[tuple[str, int, dict[str, Any]]] = [
        ("sushi-go-party", 2, {}),
        ("sushi-go-party", 4, {"menu": "master-menu"}),
        ("sushi-go-party", 5, {}),
        ("sushi-go-party", 8, {"menu": "master-menu"}),
        ("sushi-roll", 2, {}),
        ("sushi-roll", 3, {}),
        ("sushi-roll", 5, {}),
    ]
    where = "engine (no numba)" if args.no_numba else "batch engine"
    print(f"{where}; --ms {args.ms:.0f}; floor {LEAST} rounds an option, ", end="")
    print(f"engine cap {ENGINE_MS:.0f} ms")
    print(f"{'case':<28} {'decisions':>9} {'options':>9} {'rounds/option in --ms':>28} "
          f"{'ms to reach the floor':>24} {'below floor':>12}")  # fmt: skip
    for game, players, options in cases:
        views = [d for g in range(args.games) for d in _decisions(game, players, options, g)]
        counts, rounds, times, short = [], [], [], 0
        for view, legal in views:
            plain = sweeps(view, legal, ms=args.ms, least=1)
            counts.append(len(plain.stats))
            rounds.append(min(s.visits for s in plain.stats))
            start = time.perf_counter()
            floored = sweeps(view, legal, ms=1)
            times.append(1000 * (time.perf_counter() - start))
            short += min(s.visits for s in floored.stats) < LEAST
        name = f"{game} {players}p {options.get('menu', '')}".strip()
        print(
            f"{name:<28} {len(views):>9} {max(counts):>9} "
            f"{f'min {min(rounds)}, median {statistics.median(rounds):.0f}':>28} "
            f"{f'median {statistics.median(times):.0f}, max {max(times):.0f}':>24} {short:>12}"
        )


if __name__ == "__main__":
    main()
