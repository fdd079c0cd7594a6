"""``sushigo bench --only rl``: the parallel environments' speed, beside the engine's.

Each case plays whole games of the PettingZoo parallel env with random masked
actions: every live agent gets its observation and mask at every step and gives a
slot drawn from its mask, as a training loop does. Reported: agent-steps a second
(every live agent at every step, as PettingZoo counts them), decisions a second
(the agents with something to decide), and the engine's own decisions a second in
random games played by :func:`~sushigo.play.loop.play_game`, measured in the same
run, with the ratio of the two.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import numpy as np

from sushigo.agents import make_agent
from sushigo.core.ruleset import make
from sushigo.play.loop import play_game
from sushigo.rl.pettingzoo_env import parallel_env

CASES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("rl sushi-go 4p", "sushi-go", 4, {}),
    ("rl sushi-go 2p", "sushi-go", 2, {}),
    ("rl party 4p master-menu", "sushi-go-party", 4, {"menu": "master-menu"}),
    ("rl sushi-roll 4p", "sushi-roll", 4, {}),
)
"""(label, game, players, options). The issue's targets, in agent-steps a second on
one core: 25,000 for Sushi Go! at 4 players, 8,000 for Party's Master Menu, 10,000
for Sushi Roll."""


def _env_rates(env: Any, seconds: float) -> tuple[float, float, int]:
    """Agent-steps and decisions a second over whole games, and the games played."""
    rng = np.random.default_rng(0)
    steps = decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        obs, infos = env.reset(seed=games)
        while env.agents:
            actions = {}
            for agent in env.agents:
                allowed = np.flatnonzero(obs[agent]["action_mask"])
                actions[agent] = int(allowed[int(rng.integers(len(allowed)))])
                decisions += infos[agent]["active"]
            steps += len(actions)
            obs, _rewards, _terms, _truncs, infos = env.step(actions)
        games += 1
        if time.perf_counter() >= deadline:
            break
    spent = time.perf_counter() - start
    return steps / spent, decisions / spent, games


def _engine_rate(game: str, players: int, options: dict[str, Any], seconds: float) -> float:
    """Decisions a second of random games through the engine's own loop (no codec)."""
    ruleset = make(game, players=players, **options)
    counted = [0]

    def watch(event: str, state: Any, detail: Any) -> None:
        if event == "turn":
            counted[0] += len(detail)

    agents = [make_agent("random", seat) for seat in range(players)]
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        play_game(ruleset, agents, seed, observer=watch)
        seed += 1
    return counted[0] / (time.perf_counter() - start)


def measure(
    game: str, players: int, options: dict[str, Any], seconds: float, repeats: int = 3
) -> dict[str, Any]:
    """The env's and the engine's rates, ``repeats`` times each, alternating (so that
    both see the same machine); medians and the best env batch."""
    env = parallel_env(game, players, **options)
    _env_rates(env, 0.05)  # warm-up
    steps, decisions, engine = [], [], []
    games = 0
    for _ in range(repeats):
        s, d, g = _env_rates(env, seconds / repeats / 2)
        steps.append(s)
        decisions.append(d)
        games += g
        engine.append(_engine_rate(game, players, options, seconds / repeats / 2))
    ratio = statistics.median(decisions) / statistics.median(engine)
    return {
        "games": games,
        "median_agent_steps_per_s": round(statistics.median(steps), 1),
        "best_agent_steps_per_s": round(max(steps), 1),
        "median_decisions_per_s": round(statistics.median(decisions), 1),
        "engine_decisions_per_s": round(statistics.median(engine), 1),
        "env_over_engine": round(ratio, 3),
    }


def line(label: str, row: dict[str, Any]) -> str:
    """One case as ``sushigo bench`` prints it."""
    return (
        f"{label:31s} {row['median_agent_steps_per_s']:>7,.0f} agent-steps/s median, "
        f"{row['best_agent_steps_per_s']:>7,.0f} best; {row['median_decisions_per_s']:>7,.0f} "
        f"decisions/s = {row['env_over_engine']:.2f} x the engine's "
        f"{row['engine_decisions_per_s']:,.0f}  ({row['games']} games)"
    )
