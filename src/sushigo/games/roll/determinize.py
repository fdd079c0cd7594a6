"""Sushi Roll: the position a view shows, rebuilt as a state for search."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sushigo.games.roll.dice import _EGG, _F, _KIND, _STACK0, _WASABI, DICE_COUNTS, TRAY_CODE
from sushigo.games.roll.state import _NONE, _OVER, RollDeal, RollRound, RollState, relative_steps
from sushigo.games.roll.views import RollView


def determinize(view: RollView, rng: random.Random | None = None) -> RollState:
    """The position ``view`` shows, rebuilt as a state for search. In Sushi Roll
    everything but future rolls is public, so the rebuilt state is exact and ``rng``
    is not used; it reads nothing but the view.

    >>> import sushigo
    >>> state = sushigo.make("sushi-roll", players=3).new_game()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> seat = state.to_act()[0]
    >>> world = determinize(state.observe(seat))
    >>> [world.belt(s) for s in range(3)] == [state.belt(s) for s in range(3)]
    True
    >>> world.to_act() == state.to_act(), world.supply == state.supply
    (True, True)
    """
    rs = view.ruleset
    n = view.seats
    state = RollState(rs)

    def absolute(values: Sequence[Any]) -> list[Any]:
        return [values[(s - view.seat) % n] for s in range(n)]

    state._round = view.round
    state._cycle = view.cycle
    state._step = sum(view.taken)
    state._red = (view.seat + view.red) % n
    state._pending = _NONE if view.to_move is not None else _OVER
    belts = [sorted([_F[f] for f in b]) for b in absolute(view.belts)]
    trays = [[TRAY_CODE[t] for t in tray] for tray in absolute(view.trays)]
    state._belts = belts
    state._trays = trays
    state._free = [tray.count(_WASABI) for tray in trays]
    state._menus = absolute(view.menus)
    state._chops = absolute(view.chopsticks)
    state._puddings = absolute(view.puddings)
    state._supply = list(view.supply)
    bag = list(DICE_COUNTS)
    for belt in belts:
        for f in belt:
            bag[_KIND[f]] -= 1
    for tray in trays:
        for t in tray:
            if t >= _STACK0:
                bag[_KIND[_WASABI]] -= 1
                bag[_KIND[_EGG]] -= 1
            else:
                bag[_KIND[t]] -= 1
    state._bag = bag
    state._scores = absolute(view.scores)
    state._deal = RollDeal(state._red, codes=tuple(tuple(b) for b in belts))
    back = (n - view.seat) % n
    state._steps = list(relative_steps(view.steps, back, n))
    state._results = [
        RollRound(
            0,
            (),
            relative_steps(r.steps, back, n),
            r.trays[back:] + r.trays[:back],
            r.breakdown[back:] + r.breakdown[:back],
            r.scores[back:] + r.scores[:back],
        )
        for r in view.rounds
    ]
    return state
