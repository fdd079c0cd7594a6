"""Tournaments: seating, duplicate deals, parallel games, ratings and statistics.

Pure: this module plans and plays games and computes figures; it prints
nothing. The files and plots are in :mod:`sushigo.play.tournament_report`, the
tables and the command line in :mod:`sushigo.tui.reports`; docs/tournaments.md
explains the method.

Seating. With ``A`` listed agents and ``N`` seats a *lineup* says which agent
sits in each seat, and a *set* plays one lineup ``N`` times, rotated one seat
each game, on one deal seed. The lineups of a *block* are

- ``A <= N``: the agents dealt round-robin into seats, set after set
  (set ``j`` seat ``i`` holds agent ``(j * N + i) % A``), for
  ``A / gcd(A, N)`` sets, so that every agent fills the same number of places;
- ``A > N``: every combination of ``N`` agents, in listed order.

A block therefore seats every agent in every seat equally often, and the games
played are rounded up to whole blocks.
"""

from __future__ import annotations

import itertools
import logging
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sushigo.agents import make_agent
from sushigo.agents.base import Agent, View
from sushigo.core.errors import OptionsError, SushiGoError
from sushigo.core.records import dumps
from sushigo.core.ruleset import AnyRuleset, make
from sushigo.play.loop import play_game, record_game
from sushigo.play.simulate import AgentStats, labels

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

BACKENDS = ("local", "ray")
"""Where the games run: worker processes on this machine, or Ray tasks."""
RATING_MODEL = "openskill PlackettLuce"
"""The rating model named in summaries."""
INTERVAL_SIGMAS = 2.0
"""A rating's interval is ``mu - 2 sigma`` to ``mu + 2 sigma``."""


class DependencyError(SushiGoError):
    """An optional package the command needs is not installed."""


# --- seating -----------------------------------------------------------------


def lineups(agents: int, seats: int) -> list[tuple[int, ...]]:
    """The lineups of one block: for each set, the listed agent in every seat.

    >>> lineups(2, 3)
    [(0, 1, 0), (1, 0, 1)]
    >>> lineups(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    """
    if agents < 1 or seats < 1:
        raise OptionsError("a tournament needs at least one agent and one seat")
    if agents > seats:
        return list(itertools.combinations(range(agents), seats))
    sets = agents // math.gcd(agents, seats)
    return [tuple((j * seats + i) % agents for i in range(seats)) for j in range(sets)]


def block_size(agents: int, seats: int) -> int:
    """Games in one balanced block: every agent plays every seat equally often.

    >>> block_size(2, 2), block_size(2, 3), block_size(4, 2), block_size(5, 4)
    (2, 6, 12, 20)
    """
    return len(lineups(agents, seats)) * seats


def games_to_play(agents: int, seats: int, requested: int) -> int:
    """``requested`` rounded up to whole blocks.

    >>> games_to_play(2, 3, 10)
    12
    """
    if requested < 1:
        raise OptionsError("--games must be at least 1")
    block = block_size(agents, seats)
    return -(-requested // block) * block


def seating(agents: int, seats: int, games: int) -> list[tuple[int, ...]]:
    """For each game, the listed agent in every seat. Game ``g`` belongs to set
    ``g // seats`` and rotates that set's lineup by ``g % seats`` seats.

    >>> seating(2, 2, 4)
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    """
    ups = lineups(agents, seats)
    out = []
    for g in range(games):
        lineup = ups[(g // seats) % len(ups)]
        k = g % seats
        out.append(tuple(lineup[(i + k) % seats] for i in range(seats)))
    return out


def seat_counts(table: Iterable[Sequence[int]], agents: int, seats: int) -> list[list[int]]:
    """How often each agent (row) sat in each seat (column)."""
    counts = [[0] * seats for _ in range(agents)]
    for game in table:
        for seat, agent in enumerate(game):
            counts[agent][seat] += 1
    return counts


# --- one game ----------------------------------------------------------------


@dataclass(frozen=True)
class GameJob:
    """Everything a worker needs to play one game (picklable)."""

    index: int
    """Position of the game in the run."""
    set_index: int
    """Duplicate set: the games of a set share ``deal_seed``."""
    game: str
    """AnyRuleset name."""
    players: int
    """Number of players."""
    options: dict[str, Any]
    """AnyRuleset options, defaults filled in."""
    deal_seed: int
    """Seed of the chance stream (the deal, the rolls)."""
    lineup: tuple[int, ...]
    """Listed agent in each seat."""
    specs: tuple[str, ...]
    """Agent spec in each seat, exactly as listed."""
    names: tuple[str, ...]
    """Agent label in each seat."""
    agent_seeds: tuple[int, ...]
    """Seed of the agent in each seat."""


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game."""

    index: int
    """Position of the game in the run."""
    lineup: tuple[int, ...]
    """Listed agent in each seat."""
    scores: tuple[int, ...]
    """Final score of each seat."""
    winners: tuple[int, ...]
    """Winning seats (more than one: a shared win)."""
    decisions: tuple[int, ...]
    """Decisions each seat's agent was asked for (forced moves are not asked)."""
    seconds: tuple[float, ...]
    """Time each seat's agent spent deciding."""
    record: str
    """The game's record, one JSON line."""


class TimedAgent:
    """Wraps an agent, counting its decisions and timing its ``act`` calls."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.observes = agent.observes
        self.decisions = 0
        self.seconds = 0.0

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        """The wrapped agent's choice."""
        start = time.perf_counter()
        try:
            return self.agent.act(view, legal)
        finally:
            self.seconds += time.perf_counter() - start
            self.decisions += 1


def play_job(job: GameJob) -> GameResult:
    """Play one planned game."""
    ruleset = make(job.game, players=job.players, **job.options)
    agents = [
        TimedAgent(make_agent(spec, seed))
        for spec, seed in zip(job.specs, job.agent_seeds, strict=True)
    ]
    state = play_game(ruleset, agents, job.deal_seed, streams=True)
    record = record_game(state, job.names, job.specs, job.deal_seed, job.agent_seeds)
    record["tournament"] = {
        "game": job.index,
        "set": job.set_index,
        "rotation": job.index % job.players,
        "lineup": list(job.lineup),
    }
    return GameResult(
        index=job.index,
        lineup=job.lineup,
        scores=tuple(state.returns()[: job.players]),
        winners=tuple(state.winners()),  # type: ignore[attr-defined]
        decisions=tuple(a.decisions for a in agents),
        seconds=tuple(a.seconds for a in agents),
        record=dumps(record),
    )


def play_jobs(jobs: Sequence[GameJob]) -> list[GameResult]:
    """Play several planned games (one task of a worker)."""
    return [play_job(job) for job in jobs]


# --- planning and running ----------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A tournament's games, before they are played."""

    game: str
    """AnyRuleset name."""
    players: int
    """Number of players."""
    options: dict[str, Any]
    """AnyRuleset options, defaults filled in."""
    specs: tuple[str, ...]
    """Listed agent specs."""
    labels: tuple[str, ...]
    """Listed agents' labels (a spec listed twice is numbered)."""
    seed: int
    """The run's seed."""
    requested: int
    """Games asked for."""
    jobs: tuple[GameJob, ...]
    """The games, in order."""


def plan(ruleset: AnyRuleset, specs: Sequence[str], games: int, seed: int = 0) -> Plan:
    """Plan a tournament of at least ``games`` games (rounded up to whole blocks).

    Game ``g`` of set ``j = g // N`` is dealt from seed ``seed + j``; the agent
    in seat ``s`` is seeded ``(seed + g) * 1000 + s``. Every spec is built once
    here, so an unknown agent fails before any game is played.
    """
    if not specs:
        raise OptionsError("--agents lists no agent")
    for spec in specs:
        make_agent(spec)
    n = ruleset.players
    total = games_to_play(len(specs), n, games)
    names = labels(specs)
    options = dict(ruleset.options)
    jobs = []
    for g, lineup in enumerate(seating(len(specs), n, total)):
        jobs.append(
            GameJob(
                index=g,
                set_index=g // n,
                game=ruleset.name,
                players=n,
                options=options,
                deal_seed=seed + g // n,
                lineup=lineup,
                specs=tuple(specs[a] for a in lineup),
                names=tuple(names[a] for a in lineup),
                agent_seeds=tuple((seed + g) * 1000 + s for s in range(n)),
            )
        )
    return Plan(
        game=ruleset.name,
        players=n,
        options=options,
        specs=tuple(specs),
        labels=tuple(names),
        seed=seed,
        requested=games,
        jobs=tuple(jobs),
    )


Progress = Callable[[int], None]
"""Called with the number of games finished so far."""


def default_jobs() -> int:
    """Worker processes by default: every core."""
    return os.cpu_count() or 1


def _chunks(jobs: Sequence[GameJob], workers: int) -> list[list[GameJob]]:
    """Split the games into tasks: about 8 per worker, at most 64 games each."""
    size = max(1, min(64, math.ceil(len(jobs) / (workers * 8))))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def run_games(
    jobs: Sequence[GameJob],
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play the games and return their results in game order.

    ``local`` runs ``workers`` processes (default: every core; 1 plays in this
    process); ``ray`` sends the games to Ray as remote tasks, on the cluster at
    ``address`` or on a local instance. Results do not depend on either.
    """
    workers = default_jobs() if workers is None else workers
    if workers < 1:
        raise OptionsError("--jobs must be at least 1")
    if backend not in BACKENDS:
        raise OptionsError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    results: list[GameResult] = []

    def collect(batch: list[GameResult]) -> None:
        results.extend(batch)
        if progress is not None:
            progress(len(results))

    if backend == "ray":
        run_on_ray(play_jobs, _chunks(jobs, workers), address, collect)
    elif workers == 1:
        for chunk in _chunks(jobs, 1):
            collect(play_jobs(chunk))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[list[GameResult]]] = {
                pool.submit(play_jobs, chunk) for chunk in _chunks(jobs, workers)
            }
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    collect(fut.result())
    results.sort(key=lambda r: r.index)
    return results


def ray_available() -> bool:
    """Whether Ray can be imported."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_on_ray(
    function: Callable[[Any], Any],
    chunks: Sequence[Any],
    address: str | None,
    collect: Callable[[Any], None],
) -> None:
    """``function(chunk)`` for every chunk as Ray remote tasks, on the cluster at
    ``address`` or on a local instance started (and stopped) for the call; each result
    goes to ``collect`` as it comes in. The reason, as an error a person reads, when
    Ray is missing or cannot start."""
    try:
        import ray
    except ImportError:
        raise DependencyError(
            "--backend ray needs Ray; install it with: pip install 'sushigo[ray]'"
        ) from None
    started = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, logging_level=logging.WARNING)
            else:
                ray.init(include_dashboard=False, logging_level=logging.WARNING)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = f"at {address}" if address else "locally"
            raise OptionsError(f"cannot start Ray {where}: {exc}") from None
        started = True
    try:
        task = ray.remote(function)
        pending = [task.remote(chunk) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                collect(ray.get(ref))
    finally:
        if started:
            ray.shutdown()


# --- statistics --------------------------------------------------------------


@dataclass
class AgentSummary:
    """One listed agent's figures over a tournament."""

    label: str
    """Label (a spec listed twice is numbered)."""
    spec: str
    """Spec as listed."""
    mu: float
    """Rating mean (openskill PlackettLuce)."""
    sigma: float
    """Rating uncertainty."""
    stats: dict[str, Any]
    """Seat-games, mean score with 95% interval, wins and win rate with 95% interval."""
    decisions: int
    """Decisions it was asked for."""
    seconds: float
    """Time it spent deciding."""

    @property
    def interval(self) -> tuple[float, float]:
        """``mu - 2 sigma`` to ``mu + 2 sigma``."""
        return (self.mu - INTERVAL_SIGMAS * self.sigma, self.mu + INTERVAL_SIGMAS * self.sigma)

    @property
    def decisions_per_second(self) -> float | None:
        """Decisions per second of its own thinking time (None if never asked)."""
        return self.decisions / self.seconds if self.seconds > 0 else None

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON-ready values."""
        lo, hi = self.interval
        dps = self.decisions_per_second
        return {
            "agent": self.label,
            "spec": self.spec,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "interval": [round(lo, 4), round(hi, 4)],
            **{k: v for k, v in self.stats.items() if k != "agent"},
            "decisions": self.decisions,
            "decision_seconds": round(self.seconds, 4),
            "decisions_per_second": round(dps, 1) if dps is not None else None,
        }


@dataclass
class Summary:
    """Everything a tournament measured."""

    plan: Plan
    """What was played."""
    agents: list[AgentSummary]
    """Per listed agent, in listed order."""
    wins: list[list[float]]
    """``wins[a][b]``: a's win share summed over the games where a and b both sat."""
    met: list[list[int]]
    """``met[a][b]``: games where a and b both sat (diagonal: games a played)."""
    seats: list[list[int]]
    """``seats[a][s]``: games agent a played in seat s."""
    seconds: float = 0.0
    """Wall time of the games."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Run details for the JSON summary: command line, backend, versions."""

    @property
    def win_rate(self) -> list[list[float | None]]:
        """``win_rate[a][b]``: the row agent's share of the games won, among the games
        where both sat (a shared win of k seats counts 1/k); None on the diagonal and
        for agents that never met."""
        n = len(self.agents)
        return [
            [
                self.wins[a][b] / self.met[a][b] if a != b and self.met[a][b] else None
                for b in range(n)
            ]
            for a in range(n)
        ]

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready values."""
        p = self.plan
        return {
            "game": p.game,
            "players": p.players,
            "options": p.options,
            "agents": [a.label for a in self.agents],
            "specs": list(p.specs),
            "games_requested": p.requested,
            "games": len(p.jobs),
            "sets": len(p.jobs) // p.players,
            "block": block_size(len(p.specs), p.players),
            "seed": p.seed,
            "deal_seed": "seed + set index (set = game index // players)",
            "agent_seed": "(seed + game index) * 1000 + seat",
            "seconds": round(self.seconds, 3),
            "rating": {
                "model": RATING_MODEL,
                "interval": f"mu +/- {INTERVAL_SIGMAS:g} sigma",
                "ranks": "winners share rank 1; the others by final score, equal scores tie",
            },
            "results": [a.to_json() for a in self.agents],
            "win_rate": [
                [round(x, 4) if x is not None else None for x in row] for row in self.win_rate
            ],
            "win_share": [[round(x, 4) for x in row] for row in self.wins],
            "met": self.met,
            "seating": self.seats,
            **self.extra,
        }


def ranks(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat's place for the rating: the winners share place 1; the others
    follow by final score, equal scores sharing a place.

    >>> ranks([40, 52, 52, 30], [1])
    [3, 1, 2, 4]
    >>> ranks([40, 52, 52], [1, 2])
    [3, 1, 1]
    """
    won = set(winners)

    def key(seat: int) -> tuple[bool, int]:
        return (seat in won, scores[seat])

    return [
        1 if s in won else 1 + sum(1 for t in range(len(scores)) if key(t) > key(s))
        for s in range(len(scores))
    ]


def rating_model() -> PlackettLuce:
    """A fresh openskill PlackettLuce model; DependencyError if openskill is missing."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise DependencyError(
            "tournaments need openskill; install it with: pip install 'sushigo[cli]'"
        ) from None
    return PlackettLuce()


def rate(results: Sequence[GameResult], agents: int) -> list[tuple[float, float]]:
    """openskill PlackettLuce ratings ``(mu, sigma)`` of every listed agent, the games
    applied in order. Each seat is a one-player team; an agent holding several seats of
    a game moves by the mean of its seats' updates."""
    model = rating_model()
    ratings = [model.rating(name=str(a)) for a in range(agents)]
    for result in results:
        teams = [[ratings[a]] for a in result.lineup]
        updated = model.rate(teams, ranks=[float(r) for r in ranks(result.scores, result.winners)])
        for agent in set(result.lineup):
            mine = [updated[s][0] for s, a in enumerate(result.lineup) if a == agent]
            mu = sum(r.mu for r in mine) / len(mine)
            sigma = sum(r.sigma for r in mine) / len(mine)
            ratings[agent] = model.rating(mu=mu, sigma=sigma, name=str(agent))
    return [(r.mu, r.sigma) for r in ratings]


def summarize(plan: Plan, results: Sequence[GameResult], seconds: float = 0.0) -> Summary:
    """Ratings, win-rate matrix, scores and speed from the played games."""
    a_count = len(plan.specs)
    stats = [AgentStats(label) for label in plan.labels]
    wins = [[0.0] * a_count for _ in range(a_count)]
    met = [[0] * a_count for _ in range(a_count)]
    decisions = [0] * a_count
    spent = [0.0] * a_count
    for r in results:
        share = [0.0] * a_count
        for seat, agent in enumerate(r.lineup):
            stats[agent].scores.append(r.scores[seat])
            decisions[agent] += r.decisions[seat]
            spent[agent] += r.seconds[seat]
            if seat in r.winners:
                share[agent] += 1 / len(r.winners)
        for agent in set(r.lineup):
            stats[agent].wins += share[agent]
        present = sorted(set(r.lineup))
        for a in present:
            for b in present:
                met[a][b] += 1
                if a != b:
                    wins[a][b] += share[a]
    ratings = rate(results, a_count)
    agents = [
        AgentSummary(
            label=plan.labels[a],
            spec=plan.specs[a],
            mu=ratings[a][0],
            sigma=ratings[a][1],
            stats=stats[a].summary(),
            decisions=decisions[a],
            seconds=spent[a],
        )
        for a in range(a_count)
    ]
    return Summary(
        plan=plan,
        agents=agents,
        wins=wins,
        met=met,
        seats=seat_counts((r.lineup for r in results), a_count, plan.players),
        seconds=seconds,
    )


def run_tournament(
    ruleset: AnyRuleset,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> tuple[Summary, list[GameResult]]:
    """Plan, play and summarize a tournament; the results come in game order."""
    rating_model()  # fail before playing when the ratings cannot be computed
    the_plan = plan(ruleset, specs, games, seed)
    start = time.perf_counter()
    results = run_games(
        the_plan.jobs, workers=workers, backend=backend, address=address, progress=progress
    )
    summary = summarize(the_plan, results, time.perf_counter() - start)
    summary.extra.update({"backend": backend, "jobs": workers or default_jobs()})
    return summary, results
