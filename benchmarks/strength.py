"""Measure the bots' strength against the issue's targets and write docs/strength.md.

    .venv/bin/python benchmarks/strength.py                 # the published run
    .venv/bin/python benchmarks/strength.py --games 20      # quicker, wider intervals

Each line is a `sushigo tournament` (duplicate deals, every agent in every seat
equally often) with mcts at 100 ms per decision. Run it on the compiled engine
(`make accel` first); it takes about as long as the games' mcts decisions.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import sys
import time
from pathlib import Path
from typing import Any

import sushigo
from sushigo.play.bench import engine_build
from sushigo.play.tournament import run_tournament

MCTS = "mcts:ms=100"
ENGINE_LINE = "Sushi Go!, 2 players: mcts against mcts-engine (the search before the batch engine)"

CASES: list[tuple[str, str, int, dict[str, Any], list[str], float, float]] = [
    # (title, game, players, options, agents (the first is measured), target, scale)
    ("Sushi Go!, 2 players: mcts against random", "sushi-go", 2, {}, [MCTS, "random"], 0.97, 1.5),
    ("Sushi Go!, 2 players: mcts against greedy", "sushi-go", 2, {}, [MCTS, "greedy"], 0.70, 1),
    (
        ENGINE_LINE,
        "sushi-go",
        2,
        {},
        [MCTS, "mcts-engine:ms=100"],
        0.60,
        4,
    ),
    (
        "Sushi Go!, 2 players: mcts against mcts:prior=greedy (greedy's choice kept, "
        "not the learned bot's)",
        "sushi-go",
        2,
        {},
        [MCTS, "mcts:ms=100:prior=greedy"],
        0.50,
        2,
    ),
    (
        "Sushi Go!, 2 players: policy (the learned bot) against random",
        "sushi-go",
        2,
        {},
        ["policy", "random"],
        0.97,
        5,
    ),
    (
        "Sushi Go!, 2 players: policy (the learned bot) against greedy",
        "sushi-go",
        2,
        {},
        ["policy", "greedy"],
        0.40,
        5,
    ),
    (
        "Sushi Go!, 2 players: mcts against policy (the learned bot)",
        "sushi-go",
        2,
        {},
        [MCTS, "policy"],
        0.50,
        1,
    ),
    (
        "Sushi Go!, 2 players: greedy against random",
        "sushi-go",
        2,
        {},
        ["greedy", "random"],
        0.90,
        5,
    ),
    (
        "Sushi Go!, 4 players: mcts against three greedy",
        "sushi-go",
        4,
        {},
        [MCTS, "greedy", "greedy", "greedy"],
        0.40,
        1,
    ),
    (
        "Sushi Go!, 4 players: mcts against three mcts-engine",
        "sushi-go",
        4,
        {},
        [MCTS, "mcts-engine:ms=100", "mcts-engine:ms=100", "mcts-engine:ms=100"],
        0.25,
        1,
    ),
    (
        "Sushi Go Party! (Master Menu), 4 players: mcts against three greedy",
        "sushi-go-party",
        4,
        {"menu": "master-menu"},
        [MCTS, "greedy", "greedy", "greedy"],
        0.40,
        1,
    ),
    (
        "Sushi Go Party! (Cutthroat Combo), 4 players: mcts against three greedy",
        "sushi-go-party",
        4,
        {"menu": "cutthroat-combo"},
        [MCTS, "greedy", "greedy", "greedy"],
        0.40,
        1,
    ),
    (
        "Sushi Roll, 3 players: mcts against two greedy",
        "sushi-roll",
        3,
        {},
        [MCTS, "greedy", "greedy"],
        0.40,
        1,
    ),
]


BOUNDS = {ENGINE_LINE: 0.50}
"""Lines whose target is a win rate with a separate bound on the interval (issue 17:
at least 60% against mcts-engine over 400 games, the lower bound above 50%); the
other lines' targets ask the whole interval to be at or above them."""


def verdict(title: str, rate: float, lo: float, hi: float, target: float) -> tuple[str, str]:
    """The target as the page states it, and whether the line met it."""
    bound = BOUNDS.get(title)
    if bound is None:
        met = "yes" if lo >= target else ("not shown" if hi >= target else "no")
        return f"{target:.0%}", met
    if rate >= target and lo > bound:
        met = "yes"
    elif hi < target or hi <= bound:
        met = "no"
    else:
        met = "not shown"
    return f"{target:.0%}, lower bound above {bound:.0%}", met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per line (default 40)")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="the runs' seed (default 1)")
    parser.add_argument("--out", default="docs/strength.md", help="the page to write")
    parser.add_argument("--only", help="run only the lines whose title contains this")
    parser.add_argument(
        "--note", default="", help="what else ran on the machine meanwhile (for the run line)"
    )
    args = parser.parse_args(argv)
    rows = []
    started = time.perf_counter()
    for title, game, players, options, agents, target, scale in CASES:
        if args.only and args.only not in title:
            continue
        rules = sushigo.make(game, players=players, **options)
        summary, _ = run_tournament(
            rules, agents, int(args.games * scale), args.seed, workers=args.jobs
        )
        first = summary.agents[0]
        stats = first.stats
        lo, hi = stats["win_rate_ci95"]
        rows.append(
            (title, stats["games"], stats["win_rate"], lo, hi, target, first.decisions_per_second)
        )
        print(f"{title}: {stats['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]", file=sys.stderr)
    minutes = (time.perf_counter() - started) / 60
    words = list(argv if argv is not None else sys.argv[1:])
    if "--note" in words:  # the note is said in the run line, not repeated in the command
        at = words.index("--note")
        del words[at : at + 2]
    words = [w for w in words if not w.startswith("--note=")]
    command = "python benchmarks/strength.py " + " ".join(words)
    note = f", {args.note}" if args.note else ""
    lines = [
        "# Strength",
        "",
        "Generated by `benchmarks/strength.py` from `sushigo tournament` runs; repeat with",
        "",
        "```sh",
        "make accel && .venv/bin/python benchmarks/strength.py",
        "```",
        "",
        f"This run: `{command.strip()}`, {datetime.date.today().isoformat()}, "
        f"{engine_build()} engine, CPython {platform.python_version()}, "
        f"{minutes:.0f} minutes on the 2-core machine{note}. mcts runs at 100 ms per "
        "decision (`mcts:ms=100`, its defaults: the other seats modelled as greedy, "
        "playouts to the round's end, the prior's choice kept unless the search clearly "
        "beats it: the learned bot's in 2-player Sushi Go!, greedy's elsewhere; in Sushi "
        "Go! the search runs in the batch engine, with the quick compiled "
        "playouts; elsewhere in the engine, with greedy playouts (the quick ones in Sushi "
        "Roll); `mcts-engine` is the search in the engine in every game; docs/agents.md). "
        "Win rates count a shared win as a fraction; "
        "the interval is Wilson's 95% interval over the measured agent's seat-games. "
        "The deals are duplicated across seats (docs/tournaments.md).",
        "",
        "| line | seat-games | win rate | 95% interval | target | met |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for title, games, rate, lo, hi, target, _dps in rows:
        goal, met = verdict(title, rate, lo, hi, target)
        lines.append(f"| {title} | {games} | {rate:.1%} | {lo:.1%}-{hi:.1%} | {goal} | {met} |")
    lines += [
        "",
        '"met" is *yes* when the whole interval is at or above the target, *no* when it is',
        "wholly below, and *not shown* when the interval straddles it (more games needed);",
        "where the target names a lower bound, *yes* when the win rate is at or above the",
        "target and the interval's lower bound above that bound.",
        "",
        "How mcts searches, and what changed its strength, is in docs/agents.md; its",
        "iterations per decision are in docs/performance.md (`sushigo bench --only mcts`).",
        "",
    ]
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
