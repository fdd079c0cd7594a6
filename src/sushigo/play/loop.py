"""The one game loop: every front end, bot match and simulation plays through it.

:func:`play_game` is compiled with the engines; it lives in
:mod:`sushigo.games.driver` and is used from here. A front end follows a game with
a :data:`Watcher`, told each step with one seat's view (``watcher=``,
``watch_seat=``); an :data:`Observer` sees the state itself, and is for tests and
tools entitled to the whole truth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sushigo.core.records import make_record
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState
from sushigo.games.driver import Observer, Watcher, play_game

__all__ = ["Observer", "Watcher", "play_game", "record_game", "seat_names"]


def seat_names(ruleset: AnyRuleset, names: Sequence[str]) -> list[str]:
    """Names for every seat (the dummy is called "Dummy")."""
    return list(names) + ["Dummy"] * (ruleset.seats - len(names))


def record_game(
    state: AnyState,
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
