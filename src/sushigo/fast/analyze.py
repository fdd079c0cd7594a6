"""``sushigo analyze``: what many fast games teach about a game.

Games are played by the batch engine in chunks of :data:`CHUNK` (the last one
shorter), chunk ``i`` being games ``i * CHUNK`` onwards of the seed, and each chunk
is reduced to sums (:func:`run_chunk`) that add up in chunk order: the same seed
gives the same figures on one core, on every core or on a Ray cluster.

What comes out (:func:`summarize`), each figure with a 95% interval:

* per card type (Sushi Roll: per die face): how many each player takes a game, the
  points a card earned (a family's points shared among its cards: see
  :mod:`sushigo.fast.classic_stats` and :mod:`sushigo.fast.roll_stats`), the win rate
  of the decisions that took it and of those that passed it up while it was in the
  hand or on the belt (the difference is its *lift*), and what it was most often
  chosen over;
* per seat and per agent: mean score and win share (seat effects, strategies);
* the spread of the scores and the winning margin.

The intervals of per-decision rates treat decisions as independent; decisions of one
game are not, so those intervals are somewhat narrower than the truth.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import numpy as np

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import make as make_ruleset
from sushigo.fast import classic, make, party, roll
from sushigo.games.classic.cards import CLASSIC_CARDS
from sushigo.games.party.cards import PARTY_CARDS
from sushigo.games.roll.dice import FACE_IDS
from sushigo.play.simulate import wilson
from sushigo.play.tournament import BACKENDS, DependencyError, run_on_ray

CHUNK = 1 << 16
"""Games a chunk: the unit of work of every backend, whatever the backend."""
BATCH = 4096
"""Games the batch engine plays at once within a chunk."""
SHARE = 840
"""Win shares are counted in 840ths (a win shared by k <= 8 players is 840 / k)."""
BINS = 201
"""Score histogram: one bin a point from 0 to 200 (lower and higher scores clipped)."""
Z = 1.96
GAMES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "sushi-go": ("card", tuple(CLASSIC_CARDS.ids), classic.POLICIES),
    "sushi-roll": ("face", tuple(FACE_IDS), roll.POLICIES),
    "sushi-go-party": ("card", tuple(PARTY_CARDS.ids), party.POLICIES),
}
"""The games analysed: what a player takes (a card, a die's face), their ids in the
batch engine's order, and the batch engine's policies."""


@dataclass(frozen=True)
class Job:
    """One chunk: games ``first`` to ``first + count - 1`` of ``seed``."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    agents: tuple[str, ...]
    seed: int
    first: int
    count: int


def check(game: str, players: int, options: dict[str, Any], agents: Sequence[str]) -> list[str]:
    """The agents one per seat (one name stands for every seat), or OptionsError
    with the reason: a game or variant the analysis cannot play, a policy the batch
    engine does not have."""
    ruleset = make_ruleset(game, players, **options)
    if ruleset.name not in GAMES:
        raise OptionsError(f"sushigo analyze plays {', '.join(GAMES)}, not {ruleset.title}")
    if options.get("dummy"):
        raise OptionsError("sushigo analyze does not play the two-player dummy variant yet")
    names = list(agents) * players if len(agents) == 1 else list(agents)
    if len(names) != players:
        raise OptionsError(f"--agents: give one policy, or one per player ({players})")
    policies = GAMES[ruleset.name][2]
    for name in names:
        if name not in policies:
            raise OptionsError(
                f"--agents: the batch engine plays {', '.join(policies)}, not {name!r}"
            )
    return names


def jobs(
    game: str,
    players: int,
    options: dict[str, Any],
    agents: Sequence[str],
    games: int,
    seed: int,
) -> list[Job]:
    """The chunks of an analysis, in order."""
    if games < 1:
        raise OptionsError(f"--games must be at least 1, not {games}")
    opts = tuple(sorted(options.items()))
    return [
        Job(game, players, opts, tuple(agents), seed, first, min(CHUNK, games - first))
        for first in range(0, games, CHUNK)
    ]


def run_chunk(job: Job) -> dict[str, np.ndarray]:
    """Play one chunk in the batch engine and reduce it to sums (see the module
    docstring); every array is int64 or float64 and adds up across chunks."""
    out: dict[str, np.ndarray] = {}

    def add(key: str, value: np.ndarray) -> None:
        out[key] = out[key] + value if key in out else value

    done = 0
    g = None
    while done < job.count:
        size = min(BATCH, job.count - done)
        if g is None or g.batch != size:  # the chunk's last games: a smaller batch
            g = make(job.game, players=job.players, batch=size, seed=job.seed, **dict(job.options))
        final = g.rollout(list(job.agents), first=job.first + done)
        stats = g.card_stats()
        offered, taken, points, cards = (
            stats[key] for key in ("offered", "taken", "points", "cards")
        )
        won = g.winners()
        share = np.where(won, SHARE // np.maximum(won.sum(axis=1, keepdims=True), 1), 0)
        add("games", np.array(size, np.int64))
        add("offered", offered.sum(axis=(0, 1)))
        add("taken", taken.sum(axis=(0, 1)))
        add("won_taken", (taken * share[:, :, None]).sum(axis=(0, 1)))
        add("won_offered", (offered * share[:, :, None]).sum(axis=(0, 1)))
        add("over", stats["over"].sum(axis=(0, 1)))
        add("points", points.sum(axis=(0, 1)))
        add("points_sq", (points * points).sum(axis=(0, 1)))
        add("cards", cards.sum(axis=(0, 1)))
        add("cards_sq", (cards * cards).sum(axis=(0, 1)))
        add("points_cards", (points * cards).sum(axis=(0, 1)))
        add("score", final.sum(axis=0))
        add("score_sq", (final * final).sum(axis=0))
        add("wins", share.sum(axis=0))
        add("histogram", _histogram(final))
        ordered = np.sort(final, axis=1)
        margin = ordered[:, -1] - ordered[:, -2]
        add("margin", margin.sum())
        add("margin_sq", (margin * margin).sum())
        add("shared", (won.sum(axis=1) > 1).sum())
        done += size
    return out


def _histogram(final: np.ndarray) -> np.ndarray:
    """Each seat's scores counted by points (seats x BINS)."""
    players = final.shape[1]
    clipped = np.clip(final, 0, BINS - 1) + np.arange(players)[None, :] * BINS
    counts: np.ndarray = np.bincount(clipped.ravel(), minlength=players * BINS)
    return counts.reshape(players, BINS)


Progress = Callable[[int], None]
"""Called with the number of games finished so far."""


def run(
    job_list: Sequence[Job],
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    progress: Progress | None = None,
) -> dict[str, np.ndarray]:
    """Every chunk played and summed in chunk order: ``local`` in this process, its
    batches on every core (``workers`` 1), or in ``workers`` processes of one thread
    each; ``ray`` as Ray tasks."""
    if backend not in BACKENDS:
        raise OptionsError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if workers < 1:
        raise OptionsError("--jobs must be at least 1")
    results: dict[int, dict[str, np.ndarray]] = {}
    finished = [0]

    def collect(item: tuple[int, dict[str, np.ndarray]]) -> None:
        index, sums = item
        results[index] = sums
        finished[0] += job_list[index].count
        if progress is not None:
            progress(finished[0])

    items = list(enumerate(job_list))
    if backend == "ray":
        run_on_ray(_indexed, items, address, collect)
    elif workers == 1:
        for item in items:
            collect(_indexed(item))
    else:
        # spawned, not forked: numba's threads are running in this process; each
        # worker plays its batches on one thread, the processes sharing the cores
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=spawn, initializer=_one_thread) as pool:
            pending: set[Future[tuple[int, dict[str, np.ndarray]]]] = {
                pool.submit(_indexed, item) for item in items
            }
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    collect(fut.result())
    total: dict[str, np.ndarray] = {}
    for index in range(len(job_list)):
        for key, value in results[index].items():
            total[key] = total[key] + value if key in total else value
    return total


def _one_thread() -> None:
    import numba

    numba.set_num_threads(1)


def _indexed(item: tuple[int, Job]) -> tuple[int, dict[str, np.ndarray]]:
    index, job = item
    return index, run_chunk(job)


# -- the figures ------------------------------------------------------------------


def _mean_ci(total: float, squares: float, n: int) -> tuple[float, float, float]:
    """A mean and its 95% interval from a sum and a sum of squares of n values."""
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = Z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"rate": round(wins / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)]}


def summarize(
    sums: dict[str, np.ndarray], players: int, agents: Sequence[str], game: str = "sushi-go"
) -> dict[str, Any]:
    """The figures of an analysis of ``game`` (see the module docstring) as plain data;
    each card type (die face) is an entry of ``cards``, named by ``card``."""
    games = int(sums["games"])
    seat_games = games * players
    unit, ids, _ = GAMES[game]
    cards_out = []
    for c, card in enumerate(ids):
        k = float(sums["cards"][c])
        p = float(sums["points"][c])
        if game == "sushi-go-party" and not (sums["offered"][c] or k or p):
            continue  # not on the menu
        entry: dict[str, Any] = {
            "card": card,
            "taken_per_game": round(k / seat_games, 4),
            "points_per_card": None,
            "points_per_card_ci95": None,
        }
        if k > 0:
            # a ratio of sums over seat-games: its interval by the delta method
            ratio = p / k
            var = (
                float(sums["points_sq"][c])
                - 2 * ratio * float(sums["points_cards"][c])
                + ratio * ratio * float(sums["cards_sq"][c])
            ) / max(seat_games - 1, 1)
            half = Z * math.sqrt(max(var, 0.0) * seat_games) / k
            entry["points_per_card"] = round(ratio, 3)
            entry["points_per_card_ci95"] = [round(ratio - half, 3), round(ratio + half, 3)]
        offered, taken = int(sums["offered"][c]), int(sums["taken"][c])
        passed = offered - taken
        won_taken = float(sums["won_taken"][c]) / SHARE
        won_passed = (float(sums["won_offered"][c]) - float(sums["won_taken"][c])) / SHARE
        entry["offered"] = offered
        entry["taken"] = taken
        entry["win_when_taken"] = _rate(won_taken, taken)
        entry["win_when_passed"] = _rate(won_passed, passed)
        if taken and passed:
            p1, p0 = won_taken / taken, won_passed / passed
            half = Z * math.sqrt(p1 * (1 - p1) / taken + p0 * (1 - p0) / passed)
            lift = p1 - p0
            entry["lift"] = round(lift, 4)
            entry["lift_ci95"] = [round(lift - half, 4), round(lift + half, 4)]
        else:
            entry["lift"] = entry["lift_ci95"] = None
        over = sums["over"][c]
        order = sorted((d for d in range(len(ids)) if over[d] > 0), key=lambda d: -int(over[d]))
        entry["chosen_over"] = [
            {"card": ids[d], "share": round(int(over[d]) / taken, 4)} for d in order[:3]
        ]
        cards_out.append(entry)
    seats = []
    for s in range(players):
        mean, lo, hi = _mean_ci(float(sums["score"][s]), float(sums["score_sq"][s]), games)
        seats.append(
            {
                "seat": s,
                "agent": agents[s],
                "mean_score": round(mean, 3),
                "score_ci95": [round(lo, 3), round(hi, 3)],
                "win_share": _rate(float(sums["wins"][s]) / SHARE, games),
            }
        )
    by_agent = []
    for name in dict.fromkeys(agents):
        mine = [s for s in range(players) if agents[s] == name]
        n = games * len(mine)
        wins = sum(float(sums["wins"][s]) for s in mine) / SHARE
        total = sum(float(sums["score"][s]) for s in mine)
        squares = sum(float(sums["score_sq"][s]) for s in mine)
        mean, lo, hi = _mean_ci(total, squares, n)
        by_agent.append(
            {
                "agent": name,
                "seats": mine,
                "mean_score": round(mean, 3),
                "score_ci95": [round(lo, 3), round(hi, 3)],
                "win_share": _rate(wins, n),
            }
        )
    mean, lo, hi = _mean_ci(float(sums["score"].sum()), float(sums["score_sq"].sum()), seat_games)
    sd = math.sqrt(max(float(sums["score_sq"].sum()) / seat_games - mean * mean, 0.0))
    m_mean, m_lo, m_hi = _mean_ci(float(sums["margin"]), float(sums["margin_sq"]), games)
    return {
        "games": games,
        "unit": unit,
        "cards": cards_out,
        "seats": seats,
        "agents": by_agent,
        "scores": {
            "mean": round(mean, 3),
            "mean_ci95": [round(lo, 3), round(hi, 3)],
            "sd": round(sd, 3),
            "winning_margin": round(m_mean, 3),
            "winning_margin_ci95": [round(m_lo, 3), round(m_hi, 3)],
            "shared_wins": round(int(sums["shared"]) / games, 4),
        },
        "histogram": sums["histogram"].tolist(),
    }


def plot(report: dict[str, Any], out: Any) -> list[str]:
    """Write the figures of a report as PNGs in the folder ``out``: card values and
    lifts (cards.png), seats and agents (seats.png), scores (scores.png); their
    names. Needs matplotlib (``pip install "sushigo[plots]"``)."""
    from pathlib import Path

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise DependencyError(
            "plots need matplotlib; install it with: pip install 'sushigo[plots]'"
        ) from None
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    title = report["title"]
    written = []

    cards = [c for c in report["cards"] if c["taken"]]
    names = [c["card"] for c in cards]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 0.45 * len(names) + 2), sharey=True)
    y = np.arange(len(names))
    values = [c["points_per_card"] or 0.0 for c in cards]
    errs = _errors(values, [c["points_per_card_ci95"] for c in cards])
    left.barh(y, values, xerr=errs, color="#d9822b", capsize=3)
    left.set_yticks(y, names)
    left.invert_yaxis()
    unit = report.get("unit", "card")
    left.set_xlabel(f"points a {unit} earned")
    left.set_title(f"What a {unit} is worth")
    lifts = [100 * (c["lift"] or 0.0) for c in cards]
    lift_errs = _errors(
        lifts, [[100 * v for v in c["lift_ci95"]] if c["lift_ci95"] else None for c in cards]
    )
    right.barh(y, lifts, xerr=lift_errs, color=["#3a7d44" if v >= 0 else "#b33" for v in lifts],
               capsize=3)  # fmt: skip
    right.axvline(0, color="#444", linewidth=0.8)
    right.set_xlabel("win rate when taken minus when passed up (points of %)")
    right.set_title("Taking it when offered")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(folder / "cards.png", dpi=110)
    plt.close(fig)
    written.append("cards.png")

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    seats = report["seats"]
    x = np.arange(len(seats))
    shares = [100 * s["win_share"]["rate"] for s in seats]
    share_errs = _errors(shares, [[100 * v for v in s["win_share"]["ci95"]] for s in seats])
    left.bar(x, shares, yerr=share_errs, color="#4a6fa5", capsize=3)
    left.axhline(100 / len(seats), color="#444", linewidth=0.8, linestyle="--")
    left.set_xticks(x, [f"seat {s['seat']}\n{s['agent']}" for s in seats])
    left.set_ylabel("win share (%)")
    left.set_title("Who wins, by seat")
    hist = np.array(report["histogram"])
    for s, counts in enumerate(hist):
        right.plot(np.arange(len(counts)), counts / max(counts.sum(), 1), label=f"seat {s}")
    top = int(np.flatnonzero(hist.sum(axis=0))[-1]) if hist.any() else 100
    right.set_xlim(0, top + 2)
    right.set_xlabel("final score")
    right.set_ylabel("share of games")
    right.set_title("Final scores")
    right.legend()
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(folder / "seats.png", dpi=110)
    plt.close(fig)
    written.append("seats.png")
    return written


def _errors(values: Sequence[float], intervals: Sequence[Any]) -> np.ndarray:
    """Matplotlib's error bars (2 x n) from intervals (None: no bar)."""
    lows, highs = [], []
    for v, ci in zip(values, intervals, strict=True):
        lows.append(v - ci[0] if ci else 0.0)
        highs.append(ci[1] - v if ci else 0.0)
    return np.array([lows, highs])
