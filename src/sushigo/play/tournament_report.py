"""A tournament's outputs: the files ``--out DIR`` writes and the plots in them.

The games and the figures come from :mod:`sushigo.play.tournament`; this module
draws them (matplotlib, Agg, imported only when a plot is drawn) and writes them.
It prints nothing: the ``sushigo tournament`` command and its tables are
:mod:`sushigo.tui.reports`.
"""

from __future__ import annotations

import json
import math
import platform
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from sushigo.core.errors import OptionsError
from sushigo.play.tournament import (
    INTERVAL_SIGMAS,
    DependencyError,
    GameResult,
    Summary,
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


# --- plots -------------------------------------------------------------------


def figure_class() -> Any:
    """matplotlib's ``Figure`` on the Agg backend; DependencyError if matplotlib is
    missing (call it before playing to fail early)."""
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
    figure = figure_class()
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
    figure = figure_class()
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
