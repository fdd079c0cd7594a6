"""``sushigo tournament``: tables, plots, output files and the command itself.

The games and the figures come from :mod:`sushigo.play.tournament`; this module
shows them (rich tables), draws them (matplotlib, Agg) and writes them.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from rich.table import Table

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import Ruleset, make
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

FILES = ("games.jsonl", "summary.json", "ratings.png", "winrate.png")
"""What ``--out DIR`` writes."""


def versions(*, ray: bool = False) -> dict[str, str | None]:
    """Versions of Python, sushigo and the packages a tournament uses."""
    out: dict[str, str | None] = {"python": platform.python_version()}
    names = ["sushigo", "openskill", "rich", "matplotlib"] + (["ray"] if ray else [])
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    return out


# --- tables ------------------------------------------------------------------


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


# --- plots -------------------------------------------------------------------


def _figure_class() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure
    except ImportError:
        raise DependencyError(
            "--out draws plots with matplotlib; install it with: pip install 'sushigo[plots]'"
        ) from None
    return Figure


def plot_ratings(summary: Summary, path: Path) -> None:
    """Ratings as points with their ``mu ± 2 sigma`` intervals, best on top."""
    figure = _figure_class()
    ordered = sorted(summary.agents, key=lambda a: a.mu)
    fig = figure(figsize=(7, 1.2 + 0.5 * len(ordered)))
    ax = fig.add_subplot()
    ys = list(range(len(ordered)))
    mus = [a.mu for a in ordered]
    errs = [INTERVAL_SIGMAS * a.sigma for a in ordered]
    ax.errorbar(mus, ys, xerr=errs, fmt="o", capsize=4)
    ax.set_yticks(ys, [a.label for a in ordered])
    ax.set_xlabel(f"openskill PlackettLuce rating: mu ± {INTERVAL_SIGMAS:g} sigma")
    ax.set_title(
        f"{summary.plan.game}, {summary.plan.players} players, {len(summary.plan.jobs)} games"
    )
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)


def plot_winrate(summary: Summary, path: Path) -> None:
    """The win-rate matrix as a heatmap (blank where two agents never met)."""
    figure = _figure_class()
    names = [a.label for a in summary.agents]
    n = len(names)
    grid = [[math.nan if x is None else x for x in row] for row in summary.win_rate]
    fig = figure(figsize=(2 + 0.9 * n, 1.5 + 0.8 * n))
    ax = fig.add_subplot()
    image = ax.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdYlGn")
    ax.set_xticks(range(n), names, rotation=45, ha="right")
    ax.set_yticks(range(n), names)
    for i, row in enumerate(summary.win_rate):
        for j, x in enumerate(row):
            if x is not None:
                ax.text(j, i, f"{100 * x:.0f}%", ha="center", va="center", fontsize=9)
    ax.set_xlabel("against")
    ax.set_title("share of games won by the row agent")
    fig.colorbar(image, ax=ax)
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)


# --- files -------------------------------------------------------------------


def write_outputs(summary: Summary, results: Sequence[GameResult], out: Path) -> list[Path]:
    """Write games.jsonl, summary.json, ratings.png and winrate.png into ``out``."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        paths = [out / name for name in FILES]
        with paths[0].open("w", encoding="utf-8") as f:
            for r in results:
                f.write(r.record)
                f.write("\n")
        paths[1].write_text(json.dumps(summary.to_json(), indent=2) + "\n", encoding="utf-8")
        plot_ratings(summary, paths[2])
        plot_winrate(summary, paths[3])
    except OSError as exc:
        raise OptionsError(f"cannot write to {out}: {exc.strerror}") from None
    return paths


# --- the command -------------------------------------------------------------


def run_tournament_command(args: argparse.Namespace) -> int:
    """``sushigo tournament``: check the options, play, print, write."""
    from sushigo.cli import game_options, parse_list

    specs = parse_list(args.agents)
    if not specs:
        raise OptionsError("--agents lists no agent")
    if args.games < 1:
        raise OptionsError("--games must be at least 1")
    backend = args.backend.strip().lower()
    if backend not in BACKENDS:
        raise OptionsError(f"unknown backend {args.backend!r}; backends are: {', '.join(BACKENDS)}")
    if args.address and backend != "ray":
        raise OptionsError("--address goes with --backend ray")
    if backend == "ray" and not ray_available():
        raise DependencyError(
            "--backend ray needs Ray; install it with: pip install 'sushigo[ray]'"
        )
    jobs = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        raise OptionsError("--jobs must be at least 1")
    players = args.players if args.players is not None else len(specs)
    ruleset = make(args.game, players=players, **game_options(args, players))
    if args.out:
        _figure_class()  # fail before playing when the plots cannot be drawn
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
    from rich.console import Console

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
    ruleset: Ruleset,
    specs: list[str],
    args: argparse.Namespace,
    jobs: int,
    backend: str,
    total: int,
) -> tuple[Summary, list[GameResult]]:
    options: dict[str, Any] = {"workers": jobs, "backend": backend, "address": args.address}
    if args.json or not sys.stderr.isatty():
        return run_tournament(ruleset, specs, args.games, args.seed, **options)
    from rich.console import Console
    from rich.progress import Progress

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
