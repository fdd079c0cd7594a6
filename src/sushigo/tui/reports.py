"""``sushigo simulate`` and ``sushigo tournament`` in the terminal: check the
options, play the games (with a progress bar on a terminal), print the figures
as rich tables or as JSON, and write a tournament's files.

The games and figures come from :mod:`sushigo.play.simulate` and
:mod:`sushigo.play.tournament`; the files and plots from
:mod:`sushigo.play.tournament_report`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from sushigo.core.errors import OptionsError, ParseError
from sushigo.core.records import dumps, upgrade
from sushigo.core.ruleset import AnyRuleset, make
from sushigo.play.replay import read_records, verify
from sushigo.play.simulate import AgentStats, simulate
from sushigo.play.tournament import (
    BACKENDS,
    INTERVAL_SIGMAS,
    DependencyError,
    GameResult,
    Summary,
    block_size,
    default_jobs,
    games_to_play,
    ray_available,
    run_tournament,
)
from sushigo.play.tournament_report import FILES, figure_class, versions, write_outputs
from sushigo.present.options import game_options, parse_list
from sushigo.present.records import show

# --- sushigo simulate --------------------------------------------------------


def run_simulate(args: argparse.Namespace) -> int:
    """``sushigo simulate``: check the options, play, print."""
    if args.games < 1:
        raise OptionsError("--games must be at least 1")
    specs = parse_list(args.agents)
    players = args.players if args.players is not None else len(specs)
    ruleset = make(args.game, players=players, **game_options(args, players))
    if len(specs) != ruleset.players:
        raise OptionsError(
            f"--agents lists {len(specs)} agents for {ruleset.players} players; give one per seat"
        )
    out: IO[str] | None = None
    if args.records:
        try:
            out = open(args.records, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise OptionsError(f"cannot write records to {args.records}: {exc.strerror}") from None
    start = time.perf_counter()
    try:
        stats = _simulate_with_progress(ruleset, specs, args, out)
    finally:
        if out is not None:
            out.close()
    elapsed = time.perf_counter() - start
    rows = [s.summary() for s in stats]
    if args.json:
        print(
            json.dumps(
                {
                    "game": ruleset.name,
                    "players": ruleset.players,
                    "options": dict(ruleset.options),
                    "games": args.games,
                    "seed": args.seed,
                    "rotate": not args.no_rotate,
                    "seconds": round(elapsed, 3),
                    "agents": rows,
                },
                indent=2,
            )
        )
        return 0
    table = Table(title=f"{ruleset.describe()}: {args.games} games, seeds {args.seed}..")
    for col in ("agent", "mean score (95% CI)", "win rate (95% CI)"):
        table.add_column(col)
    for r in rows:
        lo, hi = r["score_ci95"]
        wlo, whi = r["win_rate_ci95"]
        table.add_row(
            r["agent"],
            f"{r['mean_score']:.2f} ({lo:.2f}-{hi:.2f})",
            f"{100 * r['win_rate']:.1f}% ({100 * wlo:.1f}-{100 * whi:.1f}%)",
        )
    console = Console()
    console.print(table)
    console.print(f"{args.games / elapsed:,.0f} games/s")
    return 0


def _simulate_with_progress(
    ruleset: AnyRuleset, specs: list[str], args: argparse.Namespace, out: IO[str] | None
) -> list[AgentStats]:
    if not sys.stderr.isatty():
        return simulate(
            ruleset, specs, args.games, args.seed, rotate=not args.no_rotate, records=out
        )
    with Progress(transient=True) as bar:
        task = bar.add_task("playing", total=args.games)
        return simulate(
            ruleset,
            specs,
            args.games,
            args.seed,
            rotate=not args.no_rotate,
            records=out,
            progress=lambda done: bar.update(task, completed=done),
        )


# --- sushigo tournament: tables ----------------------------------------------


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def results_table(summary: Summary) -> Table:
    """One row per agent, best rating first."""
    p = summary.plan
    table = Table(
        title=f"{make(p.game, players=p.players, **p.options).describe()}: "
        f"{len(p.jobs)} games in {len(p.jobs) // p.players} duplicate sets, seed {p.seed}"
    )
    table.add_column("#", justify="right")
    table.add_column("agent")
    table.add_column("mu", justify="right")
    table.add_column("sigma", justify="right")
    table.add_column(f"mu ± {INTERVAL_SIGMAS:g} sigma", justify="right", no_wrap=True)
    table.add_column("score ± 95% CI", justify="right")
    table.add_column("win rate (95% CI)", justify="right")
    table.add_column("dec/s", justify="right")
    ordered = sorted(summary.agents, key=lambda a: -a.mu)
    for place, agent in enumerate(ordered, 1):
        lo, hi = agent.interval
        s = agent.stats
        slo, shi = s["score_ci95"]
        wlo, whi = s["win_rate_ci95"]
        dps = agent.decisions_per_second
        table.add_row(
            str(place),
            agent.label,
            f"{agent.mu:.2f}",
            f"{agent.sigma:.2f}",
            f"{lo:.1f} to {hi:.1f}",
            f"{s['mean_score']:.1f} ± {(shi - slo) / 2:.1f}",
            f"{_pct(s['win_rate'])} ({100 * wlo:.0f}-{100 * whi:.0f}%)",
            f"{dps:,.0f}" if dps is not None else "-",
        )
    return table


def winrate_table(summary: Summary) -> Table:
    """The win-rate matrix: the row agent's share of the games won against the column
    agent, among the games where both sat."""
    table = Table(title="win rate of the row agent in games with the column agent")
    table.add_column("")
    names = [a.label for a in summary.agents]
    for name in names:
        table.add_column(name, justify="right")
    for name, row in zip(names, summary.win_rate, strict=True):
        table.add_row(name, *(_pct(x) if x is not None else "-" for x in row))
    return table


# --- sushigo tournament: the command -----------------------------------------


def checked_backend(args: argparse.Namespace) -> str:
    """``--backend`` and ``--address`` checked (Ray installed when asked for); the
    backend's name."""
    backend = str(args.backend).strip().lower()
    if backend not in BACKENDS:
        raise OptionsError(f"unknown backend {args.backend!r}; backends are: {', '.join(BACKENDS)}")
    if args.address and backend != "ray":
        raise OptionsError("--address goes with --backend ray")
    if backend == "ray" and not ray_available():
        raise DependencyError(
            "--backend ray needs Ray; install it with: pip install 'sushigo[ray]'"
        )
    return backend


def run_tournament_command(args: argparse.Namespace) -> int:
    """``sushigo tournament``: check the options, play, print, write."""
    specs = parse_list(args.agents)
    if not specs:
        raise OptionsError("--agents lists no agent")
    if args.games < 1:
        raise OptionsError("--games must be at least 1")
    backend = checked_backend(args)
    jobs = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        raise OptionsError("--jobs must be at least 1")
    players = args.players if args.players is not None else len(specs)
    ruleset = make(args.game, players=players, **game_options(args, players))
    if args.out:
        figure_class()  # fail before playing when the plots cannot be drawn
    total = games_to_play(len(specs), ruleset.players, args.games)
    if total != args.games:
        block = block_size(len(specs), ruleset.players)
        print(
            f"note: playing {total} games, not {args.games}: whole blocks of {block} games "
            "seat every agent in every seat equally often",
            file=sys.stderr,
        )
    summary, results = _play(ruleset, specs, args, jobs, backend, total)
    summary.extra.update(
        {
            "command": ["sushigo", *getattr(args, "argv", sys.argv[1:])],
            "versions": versions(ray=backend == "ray"),
        }
    )
    if args.out:
        summary.extra["out"] = str(args.out)
        write_outputs(summary, results, Path(args.out))
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
        return 0
    console = Console()
    console.print(results_table(summary))
    console.print(winrate_table(summary))
    rate = len(results) / summary.seconds if summary.seconds > 0 else 0.0
    console.print(
        f"{len(results)} games in {summary.seconds:.1f} s ({rate:,.0f} games/s, "
        f"backend {backend}, jobs {jobs}); ratings: openskill PlackettLuce, "
        f"interval mu ± {INTERVAL_SIGMAS:g} sigma"
    )
    if args.out:
        console.print(f"wrote {', '.join(FILES)} to {args.out}")
    return 0


def _play(
    ruleset: AnyRuleset,
    specs: list[str],
    args: argparse.Namespace,
    jobs: int,
    backend: str,
    total: int,
) -> tuple[Summary, list[GameResult]]:
    options: dict[str, Any] = {"workers": jobs, "backend": backend, "address": args.address}
    if args.json or not sys.stderr.isatty():
        return run_tournament(ruleset, specs, args.games, args.seed, **options)
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("playing", total=total)
        return run_tournament(
            ruleset,
            specs,
            args.games,
            args.seed,
            progress=lambda done: bar.update(task, completed=done),
            **options,
        )


def run_replay(args: argparse.Namespace) -> int:
    """``sushigo replay FILE``: show the recorded games (``--verify``: re-play them;
    ``--upgrade``: rewrite version 1 records as version 2)."""
    if args.verify:
        return verify(args.file)
    if args.upgrade:
        return upgrade_file(args.file)
    shown = 0
    for index, (where, record) in enumerate(read_records(args.file), 1):
        if args.game_index is not None and index != args.game_index:
            continue
        if shown:
            print()
        print(show(record, where))
        shown += 1
    if not shown:
        which = f"no game {args.game_index} in" if args.game_index else "no records in"
        raise ParseError(f"{which} {args.file}")
    return 0


def upgrade_file(path: str) -> int:
    """``sushigo replay --upgrade FILE``: every version 1 record of the file rewritten
    as version 2, in place. Every record is re-played first; if any fails, the file
    is left as it was (RecordError names the record)."""
    if path == "-":
        raise OptionsError("--upgrade rewrites a file in place: give its name, not -")
    lines = []
    upgraded = 0
    for where, record in read_records(path):
        new = upgrade(record, where)
        upgraded += new is not record
        lines.append(dumps(new))
    target = Path(path)
    temporary = target.with_name(target.name + ".upgrading")
    temporary.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    temporary.replace(target)
    print(f"{upgraded} of {len(lines)} records upgraded to version 2 in {path}")
    return 0
