"""The game loop every front end, bot match and simulation plays through.

It lives beside the engines so that it is compiled with them (``make accel``):
a Sushi Roll game is some 140 steps, and an interpreted loop would cost as much
as the rules. :mod:`sushigo.play.loop` is its public home.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState

Watcher = Callable[[str, Any], None]
"""Called as ``watcher(event, view)`` after every step: ``view`` is
``state.observe(watch_seat)``, what that one seat may know, built by the loop;
``event`` is ``"chance"`` (cards were dealt or drawn, dice rolled), ``"turn"`` (a
decision was applied) or ``"end"`` (the game is over; the view is the last one
again). This is how a front end follows a game: it never holds the state, nor a
chance outcome, nor a decision."""

Observer = Callable[[str, AnyState, Any], None]
"""Called as ``observer(event, state, detail)`` with event ``"chance"`` (detail:
the outcome), ``"turn"`` (detail: the joint decision) or ``"end"``. It sees the
whole truth: for tests and tools entitled to it (as a record is), never for what
a person or a bot is shown; those use a :data:`Watcher`."""


class Player(Protocol):
    """What the loop needs of an agent (see :class:`sushigo.agents.base.Agent`)."""

    observes: bool

    def act(self, view: Any, legal: Sequence[Any]) -> Any: ...


def play_game(
    ruleset: AnyRuleset,
    agents: Sequence[Player],
    seed: int | None,
    *,
    observer: Observer | None = None,
    watcher: Watcher | None = None,
    watch_seat: int = 0,
    streams: bool = False,
) -> AnyState:
    """Play one game to the end. Chance draws from ``random.Random(seed)`` alone,
    so the cards dealt and the dice rolled depend on the seed and the decisions,
    never on anything else. With ``streams`` every chance event draws from its own
    generator, seeded with ``seed`` and :meth:`~sushigo.core.state.State.chance_stream`:
    a round's deal or a cycle's roll is then the same however the game went before
    it (tournaments' duplicate games).

    Agents see only their view and their legal actions; a seat with a single
    legal action takes it without asking its agent. A ``watcher`` is told every
    step with the view of ``watch_seat`` (see :data:`Watcher`): the terminal
    follows the game that way. ``observer`` and ``watcher`` change nothing in
    the game: the same seed and decisions deal the same cards and roll the same dice.
    """
    if len(agents) != ruleset.players:
        raise ValueError(
            f"{ruleset.title} with {ruleset.players} players needs "
            f"{ruleset.players} agents, got {len(agents)}"
        )
    if watcher is not None and not 0 <= watch_seat < ruleset.players:
        raise ValueError(f"no seat {watch_seat} to watch: seats are 0 to {ruleset.players - 1}")
    rng = random.Random(seed)
    state: AnyState = ruleset.new_game()
    observes = [a.observes for a in agents]
    while True:
        decisions = state.decisions()
        if not decisions:
            if not state.is_chance():
                break  # the game is over
            if streams:
                rng = random.Random(f"{seed}/{state.chance_stream()}")
            outcome = state.sample_chance(rng)
            state.apply_chance(outcome)
            if observer is not None:
                observer("chance", state, outcome)
            if watcher is not None:
                watcher("chance", state.observe(watch_seat))
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
        if watcher is not None:
            watcher("turn", state.observe(watch_seat))
    if observer is not None:
        observer("end", state, None)
    if watcher is not None:
        watcher("end", state.observe(watch_seat))
    return state


def rollout(
    state: AnyState, rng: random.Random, heuristic: bool = False, stop: int = -1
) -> list[int]:
    """Play ``state`` to the end and return the final scores; chance from ``rng``.
    Every decision is uniformly random, or with ``heuristic`` the game's quick
    :meth:`~sushigo.core.state.State.playout_action`. With ``stop`` (a round),
    play only until that round begins and return the
    :meth:`~sushigo.core.state.State.estimate` then. The state is changed: pass a copy.

    These are the search bots' playouts, compiled with the engines so that a
    playout costs little more than the rules themselves.
    """
    rand = rng.random
    while True:
        if stop >= 0 and state.round >= stop:
            return state.estimate()
        decisions = state.decisions()
        if not decisions:
            if not state.is_chance():
                return state.returns()
            state.apply_chance(state.sample_chance(rng))
            continue
        joint: dict[int, Any] = {}
        for seat, legal in decisions:
            if heuristic:
                joint[seat] = state.playout_action(seat, legal, rand)
            else:
                joint[seat] = legal[int(rand() * len(legal))]
        state.apply(joint)
