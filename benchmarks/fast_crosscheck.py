"""The batch engine against the engine at scale: the cross-checks of
tests/test_fast_classic.py (2,000 games a configuration in make test-matrix) on
100,000 games a configuration (docs/performance.md has the result).

For every configuration of Sushi Go!: batch games played by random and by heuristic
seats, exported as records, re-play in the engine; engine games of random agents
re-play in the batch, which agrees on every mask, deal, pick, round score, breakdown
and the end. Games go in chunks of 2,000 (memory); the first disagreement stops the
run with its place. Prints one line a configuration, and a JSON summary at the end.

    .venv/bin/python benchmarks/fast_crosscheck.py              # 100,000 a configuration
    .venv/bin/python benchmarks/fast_crosscheck.py --games 4000
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_fast_classic import CONFIGS, check_batch_games, check_engine_games  # noqa: E402

CHUNK = 2000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games a check and config")
    args = parser.parse_args()
    rows = []
    for players, options in CONFIGS:
        name = f"sushi-go {players}p" + "".join(f" {k}" for k in options)
        start = time.perf_counter()
        checks = [
            ("batch random -> engine", check_batch_games, "random"),
            ("batch heuristic -> engine", check_batch_games, "heuristic"),
            ("engine random -> batch", check_engine_games, "random"),
        ]
        counts = {}
        for label, check, policy in checks:
            for first in range(0, args.games, CHUNK):  # raises at a disagreement
                check(players, options, policy, min(CHUNK, args.games - first), first)
            counts[label] = args.games
        seconds = time.perf_counter() - start
        print(f"{name:34s} {3 * args.games:>9,} games, 0 disagreements ({seconds:.0f} s)",
              flush=True)  # fmt: skip
        rows.append({"config": name, "games": counts, "disagreements": 0, "seconds": seconds})
    print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
