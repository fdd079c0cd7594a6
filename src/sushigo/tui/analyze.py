"""``sushigo analyze``: many fast games, and what they teach, as tables, JSON and plots
(the figures are :mod:`sushigo.fast.analyze`'s; docs/analysis.md reads them)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import make
from sushigo.play.tournament import DependencyError
from sushigo.present.options import game_options, parse_list
from sushigo.tui.reports import checked_backend


def _fast() -> Any:
    try:
        from sushigo.fast import analyze
    except ImportError as exc:
        raise DependencyError(
            f'sushigo analyze needs the batch engine: pip install "sushigo[fast]" ({exc})'
        ) from None
    return analyze


def run_analyze(args: argparse.Namespace) -> int:
    """``sushigo analyze``: check the options, play, print, write."""
    analyze = _fast()
    players = args.players
    options = game_options(args, players)
    ruleset = make(args.game, players=players, **options)
    agents = analyze.check(ruleset.name, players, dict(ruleset.options), parse_list(args.agents))
    backend = checked_backend(args)
    workers = args.jobs
    if args.seed < 0:
        raise OptionsError(f"--seed must be 0 or more, not {args.seed}")
    jobs = analyze.jobs(ruleset.name, players, options, agents, args.games, args.seed)
    if args.out:
        _check_plots()
        _writable(Path(args.out))  # before playing, not after
    start = time.perf_counter()
    run = {"backend": backend, "workers": workers, "address": args.address}
    if args.json or not sys.stderr.isatty():
        sums = analyze.run(jobs, **run)
    else:
        columns = (
            *Progress.get_default_columns()[:-1],
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("playing", total=args.games)
            sums = analyze.run(jobs, progress=lambda n: bar.update(task, completed=n), **run)
    seconds = time.perf_counter() - start
    report = analyze.summarize(sums, players, agents, ruleset.name)
    report = {
        "title": _title(ruleset, agents),
        "game": ruleset.name,
        "players": players,
        "options": dict(ruleset.options),
        "agents": agents,
        "seed": args.seed,
        "seconds": round(seconds, 2),
        "backend": backend,
        "command": ["sushigo", *getattr(args, "argv", sys.argv[1:])],
        **report,
    }
    if args.out:
        folder = Path(args.out)
        try:
            (folder / "analysis.json").write_text(json.dumps(report, indent=2) + "\n")
            written = ["analysis.json", *analyze.plot(report, folder)]
        except OSError as exc:
            raise OptionsError(f"cannot write to {folder}: {exc.strerror}") from None
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    console = Console()
    console.print(cards_table(report))
    console.print(seats_table(report))
    scores = report["scores"]
    console.print(
        f"{report['games']:,} games in {seconds:.1f} s ({report['games'] / seconds:,.0f} games/s, "
        f"backend {backend}); scores {scores['mean']:.1f} on average (sd {scores['sd']:.1f}), "
        f"won by {scores['winning_margin']:.1f} points on average, "
        f"{100 * scores['shared_wins']:.1f}% of wins shared. Intervals: 95%."
    )
    if args.out:
        console.print(f"wrote {', '.join(written)} to {args.out}")
    return 0


def _writable(folder: Path) -> None:
    """The folder ``--out`` names, made if missing; OptionsError if it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionsError(f"cannot write to {folder}: {exc.strerror}") from None


def _check_plots() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise DependencyError(
            "--out draws plots with matplotlib; install it with: pip install 'sushigo[plots]'"
        ) from None


def _title(ruleset: Any, agents: list[str]) -> str:
    variants = [k.replace("_", " ") for k, v in ruleset.options.items() if v is True]
    if ruleset.options.get("dice", "default") != "default":
        variants.append("own dice")
    menu = getattr(ruleset, "menu", None)
    if menu is not None:  # Sushi Go Party!: the menu, by name or by its kinds
        name = menu.name if menu.name not in ("Custom", "Random") else ", ".join(menu.kinds[1:])
        variants.append(name)
    extra = f" ({', '.join(variants)})" if variants else ""
    return f"{ruleset.title}, {ruleset.players} players{extra}: {', '.join(agents)}"


def plus_minus(
    value: float, ci: list[float] | None, scale: float = 1.0, digits: int = 1, sign: bool = False
) -> str:
    """A figure and its 95% interval as ``value ±half`` (scaled: 100 for percent); a
    half-width that rounds to nothing is ``±<0.1`` (at the digits shown)."""
    shown = round(value * scale, digits) + 0.0  # (no "-0.0")
    text = f"{shown:+.{digits}f}" if sign else f"{shown:.{digits}f}"
    if ci is None:
        return text
    half = max(ci[1] - value, value - ci[0]) * scale
    least = 10.0**-digits
    return f"{text} ±{half:.{digits}f}" if half >= least / 2 else f"{text} ±<{least:g}"


def cards_table(report: dict[str, Any]) -> Table:
    """Card by card: taken a game, points a card, win rates and lift, chosen over;
    the cards that earned most first."""
    table = Table(title=f"{report['title']}: {report['games']:,} games")
    unit = report.get("unit", "card")
    table.add_column(unit)
    for name in ("taken\na game", f"points\na {unit}", "won\ntaking", "won\npassing",
                 "lift\n(% points)"):  # fmt: skip
        table.add_column(name, justify="right")
    table.add_column("chosen most\noften over")
    for c in sorted(report["cards"], key=lambda c: -(c["points_per_card"] or -99)):
        if not c["offered"]:
            continue
        points = c["points_per_card"]
        taken, passed = c["win_when_taken"], c["win_when_passed"]
        table.add_row(
            c["card"],
            f"{c['taken_per_game']:.2f}",
            "" if points is None else plus_minus(points, c["points_per_card_ci95"], digits=2),
            "" if taken["rate"] is None else f"{100 * taken['rate']:.1f}%",
            "" if passed["rate"] is None else f"{100 * passed['rate']:.1f}%",
            "" if c["lift"] is None else plus_minus(c["lift"], c["lift_ci95"], 100, sign=True),
            ", ".join(o["card"] for o in c["chosen_over"][:2]),
        )
    return table


def seats_table(report: dict[str, Any]) -> Table:
    """Seat by seat: the agent, mean score and win share."""
    table = Table(title="Seats")
    for name in ("seat", "agent", "mean score", "win share"):
        table.add_column(name, justify="right" if name in ("mean score", "win share") else "left")
    for s in report["seats"]:
        share = s["win_share"]
        table.add_row(
            str(s["seat"]),
            s["agent"],
            plus_minus(s["mean_score"], s["score_ci95"], digits=2),
            plus_minus(share["rate"], share["ci95"], 100) + "%",
        )
    return table
