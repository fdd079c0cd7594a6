"""``make learning-curves``: how ``sushigo train`` learns, measured and written into
docs/rl.md (between its ``learning-curves`` markers) with a plot in docs/learning/.

For each seed (0, 1 and 2 by default) it trains for 30 minutes (``sushigo train``'s
recipe; a seed whose folder already holds a finished run is reused with ``--reuse``),
then plays every checkpoint (5, 10, 20 and 30 minutes) against random and against
greedy through ``sushigo tournament``'s runner: duplicate deals, each deal played
with the seats swapped, 2-player Sushi Go!. The win share counts a shared win as
half; its 95% interval is Wilson's over the games.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
START = "<!-- learning-curves:start -->"
END = "<!-- learning-curves:end -->"


def evaluate(weights: Path, opponent: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """The policy's win share against ``opponent`` over ``games`` duplicate games."""
    import sushigo
    from sushigo.play.simulate import wilson
    from sushigo.play.tournament import run_tournament

    ruleset = sushigo.make("sushi-go", players=2)
    summary, _ = run_tournament(
        ruleset, [f"policy:weights={weights}", opponent], games=games, seed=seed, workers=jobs
    )
    met = summary.met[0][1]
    share = summary.wins[0][1] / met
    low, high = wilson(summary.wins[0][1], met)
    return {"games": met, "share": round(share, 4), "low": round(low, 4), "high": round(high, 4)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--games", type=int, default=2000, help="games a checkpoint and opponent")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default=str(ROOT / "trained" / "curves"))
    parser.add_argument("--reuse", action="store_true", help="reuse finished training runs")
    parser.add_argument("--no-docs", action="store_true", help="leave docs/rl.md as it is")
    args = parser.parse_args()
    from sushigo.rl.train import MARKS, train

    seeds = [int(s) for s in args.seeds.split(",")]
    marks = [m for m in MARKS if m <= args.minutes]
    runs = []
    for seed in seeds:
        folder = Path(args.out) / f"seed-{seed}"
        done = folder / "train.json"
        if not (args.reuse and done.exists()):
            print(f"seed {seed}: training {args.minutes:g} minutes into {folder}", flush=True)
            train(folder, minutes=args.minutes, seed=seed, marks=marks)
        run = json.loads(done.read_text())
        for point in run["checkpoints"]:
            for opponent in ("random", "greedy"):
                start = time.perf_counter()
                point[opponent] = evaluate(
                    folder / point["file"], opponent, args.games, 1000 + seed, args.jobs
                )
                r = point[opponent]
                print(
                    f"seed {seed}, {point['minutes']:g} min, against {opponent}: "
                    f"{r['share']:.1%} ({r['low']:.1%}-{r['high']:.1%}) "
                    f"in {time.perf_counter() - start:.0f} s",
                    flush=True,
                )
        runs.append(run)
    report = {"games": args.games, "minutes": args.minutes, "runs": runs}
    pictures = ROOT / "docs" / "learning"
    pictures.mkdir(parents=True, exist_ok=True)
    (pictures / "curves.json").write_text(json.dumps(report, indent=2) + "\n")
    plot(report, pictures / "curves.png")
    if not args.no_docs:
        write_docs(report)
    return 0


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharex=True)
    for ax, opponent in zip(axes, ("random", "greedy"), strict=True):
        for run in report["runs"]:
            xs = [p["minutes"] for p in run["checkpoints"]]
            ys = [100 * p[opponent]["share"] for p in run["checkpoints"]]
            lo = [100 * p[opponent]["low"] for p in run["checkpoints"]]
            hi = [100 * p[opponent]["high"] for p in run["checkpoints"]]
            ax.plot(xs, ys, marker="o", label=f"seed {run['seed']}")
            ax.fill_between(xs, lo, hi, alpha=0.15)
        ax.axhline(50 if opponent == "greedy" else 96.6, color="grey", ls="--", lw=1)
        ax.set_title(f"against {opponent}")
        ax.set_xlabel("minutes of training (2 cores)")
        ax.set_ylabel("games won, % (duplicate deals)")
        ax.grid(alpha=0.3)
    axes[0].legend()
    fig.suptitle("sushigo train: 2-player Sushi Go!, 95% intervals shaded")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_docs(report: dict[str, Any]) -> None:
    lines = [
        START,
        "",
        f"`make learning-curves` ({report['games']:,} duplicate games a checkpoint and "
        "opponent, 2 players; the win share counts a shared win as half; Wilson 95% "
        "intervals):",
        "",
        "| seed | minutes | steps | against random | against greedy |",
        "| ---: | ---: | ---: | --- | --- |",
    ]
    for run in report["runs"]:
        for p in run["checkpoints"]:
            cells = [
                f"{100 * p[o]['share']:.1f}% ({100 * p[o]['low']:.1f}-{100 * p[o]['high']:.1f})"
                for o in ("random", "greedy")
            ]
            lines.append(
                f"| {run['seed']} | {p['minutes']:g} | {p['steps']:,} | {cells[0]} | {cells[1]} |"
            )
    lines += ["", "![learning curves](learning/curves.png)", "", END]
    path = ROOT / "docs" / "rl.md"
    text = path.read_text()
    block = "\n".join(lines)
    if START in text:
        text = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text)


if __name__ == "__main__":
    sys.exit(main())
