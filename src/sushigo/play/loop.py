"""The one game loop: every front end, bot match and simulation plays through it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from sushigo.agents.base import Agent
from sushigo.core.records import make_record
from sushigo.core.ruleset import Ruleset
from sushigo.core.state import State

Observer = Callable[[str, State, Any], None]
"""Called as ``observer(event, state, detail)`` with event ``"chance"`` (detail:
the outcome), ``"turn"`` (detail: the joint decision) or ``"end"``."""


def play_game(
    ruleset: Ruleset,
    agents: Sequence[Agent],
    seed: int | None,
    *,
    observer: Observer | None = None,
) -> State:
    """Play one game to the end. Chance draws from ``random.Random(seed)`` alone,
    so the cards dealt depend on the seed and not on the agents.

    Agents see only their view and their legal actions; a seat with a single
    legal action takes it without asking its agent.
    """
    if len(agents) != ruleset.players:
        raise ValueError(
            f"{ruleset.title} with {ruleset.players} players needs "
            f"{ruleset.players} agents, got {len(agents)}"
        )
    rng = random.Random(seed)
    state = ruleset.new_game()
    observes = [a.observes for a in agents]
    while True:
        decisions = state.decisions()
        if not decisions:
            if not state.is_chance():
                break  # the game is over
            outcome = state.sample_chance(rng)
            state.apply_chance(outcome)
            if observer is not None:
                observer("chance", state, outcome)
            continue
        joint: dict[int, Any] = {}
        for seat, legal in decisions:
            if len(legal) == 1:
                joint[seat] = legal[0]
            else:
                view = state.observe(seat) if observes[seat] else None
                joint[seat] = agents[seat].act(view, legal)
        state.apply(joint)
        if observer is not None:
            observer("turn", state, joint)
    if observer is not None:
        observer("end", state, None)
    return state


def seat_names(ruleset: Ruleset, names: Sequence[str]) -> list[str]:
    """Names for every seat (the dummy is called "Dummy")."""
    return list(names) + ["Dummy"] * (ruleset.seats - len(names))


def record_game(
    state: State,
    names: Sequence[str],
    agent_specs: Sequence[str],
    seed: int | None,
    agent_seeds: Sequence[int | None] | None = None,
) -> dict[str, Any]:
    """The record of a game played by :func:`play_game`."""
    rs = state.ruleset
    extra: dict[str, Any] = {}
    if agent_seeds is not None:
        extra["agent_seeds"] = list(agent_seeds)
    return make_record(
        state,
        names=seat_names(rs, names),
        agents=list(agent_specs) + ["dummy"] * (rs.seats - len(agent_specs)),
        seed=seed,
        extra=extra or None,
    )
