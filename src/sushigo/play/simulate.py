"""Many seeded bot games: mean scores, win rates and 95% intervals per agent.

Pure: this module plays and counts, and prints nothing. The ``sushigo simulate``
command, with its table and progress bar, is :mod:`sushigo.tui.reports`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from sushigo.agents import make_agent
from sushigo.core.errors import OptionsError
from sushigo.core.records import dumps
from sushigo.core.ruleset import AnyRuleset
from sushigo.play.loop import play_game, record_game


@dataclass
class AgentStats:
    """Results of one listed agent over a simulation."""

    label: str
    """Agent spec, numbered when the same spec is listed twice."""
    scores: list[int] = field(default_factory=list)
    """Final score of every game it played."""
    wins: float = 0.0
    """Games won; a win shared by k seats counts 1/k."""

    def summary(self) -> dict[str, Any]:
        n = len(self.scores)
        mean = sum(self.scores) / n if n else 0.0
        var = sum((s - mean) ** 2 for s in self.scores) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n) if n else 0.0
        rate = self.wins / n if n else 0.0
        lo, hi = wilson(self.wins, n)
        return {
            "agent": self.label,
            "games": n,
            "mean_score": round(mean, 3),
            "score_ci95": [round(mean - half, 3), round(mean + half, 3)],
            "wins": self.wins,
            "win_rate": round(rate, 4),
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
        }


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion.

    >>> [round(x, 3) for x in wilson(90, 100)]
    [0.826, 0.945]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def labels(specs: Sequence[str]) -> list[str]:
    """Display labels: a spec listed more than once is numbered."""
    out = []
    for i, s in enumerate(specs):
        k = specs[:i].count(s)
        out.append(s if specs.count(s) == 1 else f"{s}#{k + 1}")
    return out


def simulate(
    ruleset: AnyRuleset,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    rotate: bool = True,
    records: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[AgentStats]:
    """Play ``games`` games; game ``g`` uses seed ``seed + g``.

    With ``rotate`` the listed agents move one seat to the left every game, so
    no agent keeps a seat's pass direction or the dummy's control order.
    """
    n = ruleset.players
    if len(specs) != n:
        raise OptionsError(f"{ruleset.title} with {n} players needs {n} agents, got {len(specs)}")
    for spec in specs:
        make_agent(spec)  # fail early on an unknown spec
    stats = [AgentStats(label) for label in labels(specs)]
    for g in range(games):
        game_seed = seed + g
        shift = g % n if rotate else 0
        order = [(s + shift) % n for s in range(n)]  # seat -> listed agent
        agent_seeds = [game_seed * 1000 + s for s in range(n)]
        agents = [make_agent(specs[order[s]], agent_seeds[s]) for s in range(n)]
        state = play_game(ruleset, agents, game_seed)
        totals = state.returns()
        winners = state.winners()  # type: ignore[attr-defined]
        for s in range(n):
            st = stats[order[s]]
            st.scores.append(totals[s])
            if s in winners:
                st.wins += 1 / len(winners)
        if records is not None:
            names = [stats[order[s]].label for s in range(n)]
            seat_specs = [specs[order[s]] for s in range(n)]
            records.write(dumps(record_game(state, names, seat_specs, game_seed, agent_seeds)))
            records.write("\n")
        if progress is not None:
            progress(g + 1)
    return stats
