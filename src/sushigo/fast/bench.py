"""``sushigo bench --only fast``: the batch engine's speed, beside the engine's.

Each case plays whole batches of random games in the batch engine, on one thread
and on every core, and the engine's own random games (the same figure ``sushigo
bench`` prints, measured by the function the command hands in: this layer does not
import ``sushigo.play``) in the same run, alternating so that both see the same
machine; the ratios are the figures to read. ``observed``
cases also write every seat's observation and mask at every decision, and draw each
seat's slot from its mask, as a training loop does. ``fast start`` times a fresh
interpreter's first batch, with numba's on-disk cache empty (cold) and then filled
(warm).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numba

from sushigo.fast import make

BATCH = 4096
"""Games a batch for whole rollouts: enough that a call's fixed cost is lost in its
games."""
OBSERVED_BATCH = 256
"""Games a batch when every step is observed: a training loop's size, whose
observations and masks stay in the cache (at 4,096 games they do not, and the same
loop runs about half as fast here)."""

CASES: tuple[tuple[str, str, int, dict[str, Any], str], ...] = (
    ("fast sushi-go 4p random", "sushi-go", 4, {}, "random"),
    ("fast sushi-go 2p random", "sushi-go", 2, {}, "random"),
    ("fast sushi-go 2p dummy random", "sushi-go", 2, {"dummy": True}, "random"),
    ("fast sushi-go 4p heuristic", "sushi-go", 4, {}, "heuristic"),
    ("fast sushi-go 4p observed", "sushi-go", 4, {}, "observed"),
    ("fast sushi-roll 4p random", "sushi-roll", 4, {}, "random"),
    ("fast sushi-roll 4p heuristic", "sushi-roll", 4, {}, "heuristic"),
    ("fast sushi-roll 4p observed", "sushi-roll", 4, {}, "observed"),
    ("fast party master 4p random", "sushi-go-party", 4, {"menu": "master-menu"}, "random"),
    ("fast party master 4p heuristic", "sushi-go-party", 4, {"menu": "master-menu"}, "heuristic"),
    ("fast party master 4p observed", "sushi-go-party", 4, {"menu": "master-menu"}, "observed"),
)
"""(label, game, players, options, how): ``random`` and ``heuristic`` play whole
batches by that policy in every seat (``rollout``); ``observed`` steps random games
with every seat's observation and mask written at every decision. The issue's
targets, in games a second: Sushi Go! at 4 players 100,000 on one core and 170,000
on both, observed 35,000 a core; Sushi Roll at 4 players 50,000; Sushi Go Party!'s
Master Menu at 4 players 20,000. The engine's figure beside each is its random
games (Party's: the same menu and table)."""


def _rollout(policy: str) -> Callable[[Any], int]:
    def play(g: Any) -> int:
        g.rollout(policy)
        return int(g.batch)

    return play


def _observed(g: Any) -> int:
    g.reset()
    while not g.done.all():
        g.observe()
        g.legal_mask()
        g.step(g.sample_slots())
    return int(g.batch)


HOW: dict[str, Callable[[Any], int]] = {
    "random": _rollout("random"),
    "heuristic": _rollout("heuristic"),
    "observed": _observed,
}


def _rate(play: Callable[[Any], int], g: Any, seconds: float) -> float:
    """Games a second of ``play`` over whole batches, for about ``seconds``."""
    games = 0
    start = time.perf_counter()
    while True:
        games += play(g)
        spent = time.perf_counter() - start
        if spent >= seconds:
            return games / spent


Engine = Callable[[str, int, dict[str, Any], float], float]
"""The engine's random games a second: ``f(game, players, options, seconds)``."""


def measure(
    game: str,
    players: int,
    options: dict[str, Any],
    how: str,
    engine_rate: Engine,
    seconds: float,
    repeats: int = 3,
) -> dict[str, Any]:
    """The batch engine's games a second on one thread and on every core, and the
    engine's, ``repeats`` times each, alternating; medians and their ratios."""
    size = OBSERVED_BATCH if how == "observed" else BATCH
    g = make(game, players=players, batch=size, seed=0, **options)
    play = HOW[how]
    cores = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    before = numba.get_num_threads()
    play(g)  # compile (or load the cache) and warm up
    one, every, engine = [], [], []
    share = seconds / repeats / 3
    try:
        for _ in range(repeats):
            numba.set_num_threads(1)
            one.append(_rate(play, g, share))
            numba.set_num_threads(cores)
            every.append(_rate(play, g, share))
            engine.append(engine_rate(game, players, options, share))
    finally:
        numba.set_num_threads(before)
    m1, mn, me = statistics.median(one), statistics.median(every), statistics.median(engine)
    return {
        "how": how,
        "batch": size,
        "cores": cores,
        "one_core_games_per_s": round(m1, 1),
        "all_cores_games_per_s": round(mn, 1),
        "engine_games_per_s": round(me, 1),
        "one_core_over_engine": round(m1 / me, 1),
        "all_cores_over_engine": round(mn / me, 1),
    }


def line(label: str, row: dict[str, Any]) -> str:
    """One case as ``sushigo bench`` prints it."""
    return (
        f"{label:31s} {row['one_core_games_per_s']:>9,.0f} games/s on 1 core "
        f"({row['one_core_over_engine']:,.1f} x the engine's {row['engine_games_per_s']:,.0f}), "
        f"{row['all_cores_games_per_s']:>9,.0f} on {row['cores']} "
        f"({row['all_cores_over_engine']:,.1f} x)"
    )


_START = (
    "import time; t = time.perf_counter(); import sushigo.fast as f; "
    "g = f.make('sushi-go', players=4, batch=64, seed=0); g.rollout(); "
    "g.observe(); g.legal_mask(); g.step(g.sample_slots()) if not g.done.all() else None; "
    "print(time.perf_counter() - t)"
)
"""A fresh interpreter's import, first batch and first call of every kernel."""


def measure_start(seconds: float) -> dict[str, Any]:
    """Seconds from a fresh interpreter's import to its first batch played: with an
    empty numba cache (cold: everything is compiled), then with that cache (warm)."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        times = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", _START], env=env, capture_output=True, text=True, check=True
            )
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return {"cold_start_s": round(times[0], 2), "warm_start_s": round(times[1], 2)}


def start_line(label: str, row: dict[str, Any]) -> str:
    return (
        f"{label:31s} {row['cold_start_s']:>6.2f} s to the first batch with an empty "
        f"compile cache, {row['warm_start_s']:.2f} s with it"
    )
