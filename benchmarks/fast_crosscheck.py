"""The batch engine against the engine at scale: the cross-checks of
tests/test_fast_classic.py and tests/test_fast_roll.py (2,000 games a configuration
in make test-matrix) on 100,000 games a configuration (docs/performance.md has the
result).

For every configuration of Sushi Go!: batch games played by random and by heuristic
seats, exported as records, re-play in the engine; engine games of random agents
re-play in the batch, which agrees on every mask, deal, pick, round score, breakdown
and the end. For Sushi Roll (2-5 players with the printed dice, 2 and 5 with a dice
file): random and heuristic batch games re-play in the engine, and random engine
games in the batch, their rolls forced. For Sushi Go Party! (every suggested menu at
the smallest and largest table it allows, and custom menus pairing the specials the
suggested ones never pair: tests/test_fast_party.py's configurations): random and
heuristic batch games re-play in the engine, and random engine games in the batch,
their deals and menu draws given, every seat's mask the engine's at every decision.
Games go in chunks of 2,000 (memory); the first disagreement stops the run with its
place. Prints one line a configuration, and a JSON summary at the end.

    .venv/bin/python benchmarks/fast_crosscheck.py              # 100,000 a configuration
    .venv/bin/python benchmarks/fast_crosscheck.py --games 4000 --game sushi-roll
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import sushigo.fast as fast  # noqa: E402
import test_fast_classic as classic  # noqa: E402
import test_fast_party as party  # noqa: E402
import test_fast_roll as roll  # noqa: E402
from sushigo.core.records import replay  # noqa: E402
from sushigo.play.files import load_dice  # noqa: E402

CHUNK = 2000
Check = Callable[[int, int], Any]
"""Checks ``count`` games from game ``first`` (raises at a disagreement)."""


def _classic() -> Iterator[tuple[str, dict[str, Check]]]:
    for players, options in classic.CONFIGS:
        name = f"sushi-go {players}p" + "".join(f" {k}" for k in options)

        def batch(policy: str, p: int = players, o: dict[str, Any] = options) -> Check:
            return lambda n, f: classic.check_batch_games(p, o, policy, n, f)

        def engine(p: int = players, o: dict[str, Any] = options) -> Check:
            return lambda n, f: classic.check_engine_games(p, o, "random", n, f)

        yield (
            name,
            {
                "batch random -> engine": batch("random"),
                "batch heuristic -> engine": batch("heuristic"),
                "engine random -> batch": engine(),
            },
        )


def _roll(folder: str) -> Iterator[tuple[str, dict[str, Check]]]:
    path = Path(folder) / "dice.json"
    path.write_text(json.dumps(roll.DICE))
    for players, custom in roll.CONFIGS:
        name = f"sushi-roll {players}p" + (" dice file" if custom else "")
        options = {"dice": load_dice(str(path))} if custom else {}

        def batch(policy: str, p: int = players, o: dict[str, Any] = options) -> Check:
            return lambda n, f: roll.check_batch_games(p, o, policy, n, f)

        def engine(p: int = players, o: dict[str, Any] = options) -> Check:
            return lambda n, f: roll.check_engine_games(p, o, "random", n, f)

        yield (
            name,
            {
                "batch random -> engine": batch("random"),
                "batch heuristic -> engine": batch("heuristic"),
                "engine random -> batch": engine(),
            },
        )


def _party_heuristic(menu: str, players: int, games: int, first: int) -> None:
    """Batch games with the heuristic in every seat but the last (random) re-play in
    the engine to the same scores."""
    g = fast.make("sushi-go-party", players=players, batch=games, seed=players, menu=menu)
    final = g.rollout(["heuristic"] * (players - 1) + ["random"], first=first)
    for i in range(games):
        state = replay(g.export_record(i), f"game {first + i}")
        assert state.returns() == final[i].tolist(), (menu, players, first + i)


def _party() -> Iterator[tuple[str, dict[str, Check]]]:
    for menu, players in party.CONFIGS:
        name = f"sushi-go-party {menu} {players}p"

        def batch(m: str = menu, p: int = players) -> Check:
            return lambda n, f: party.check_batch_games(m, p, n, f)

        def heuristic(m: str = menu, p: int = players) -> Check:
            return lambda n, f: _party_heuristic(m, p, n, f)

        def engine(m: str = menu, p: int = players) -> Check:
            return lambda n, f: party.check_engine_games(m, p, "random", n, f)

        yield (
            name,
            {
                "batch random -> engine": batch(),
                "batch heuristic -> engine": heuristic(),
                "engine random -> batch": engine(),
            },
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games a check and config")
    parser.add_argument(
        "--game",
        choices=("sushi-go", "sushi-roll", "sushi-go-party", "all"),
        default="all",
        help="which game",
    )
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        configs = [*_classic()] if args.game in ("sushi-go", "all") else []
        if args.game in ("sushi-roll", "all"):
            configs += [*_roll(folder)]
        if args.game in ("sushi-go-party", "all"):
            configs += [*_party()]
        for name, checks in configs:
            start = time.perf_counter()
            for check in checks.values():
                for first in range(0, args.games, CHUNK):
                    check(min(CHUNK, args.games - first), first)
            seconds = time.perf_counter() - start
            total = len(checks) * args.games
            print(f"{name:34s} {total:>9,} games, 0 disagreements ({seconds:.0f} s)", flush=True)
            rows.append(
                {
                    "config": name,
                    "games": {label: args.games for label in checks},
                    "disagreements": 0,
                    "seconds": round(seconds, 1),
                }
            )
    print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
