"""Hints' search of a Sushi Go Party! or Sushi Roll decision in the batch engine.

A hint compares the options of one decision (:mod:`sushigo.agents.hints`). Its search
plays *paired sweeps*: worlds are sampled from the player's view as the batch engine
samples them (:meth:`PartyBatch.determinize <sushigo.fast.party_batch.PartyBatch.determinize>`,
:meth:`RollBatch.determinize <sushigo.fast.roll_batch.RollBatch.determinize>`, each
checked against the engine's ``determinize``), and each world is copied once for
every option, with the same generators, so that the options compared meet the same
hidden cards and the same luck. In every copy the player makes its option (at a pick,
the other seats pick at once by the quick heuristic), then every seat plays the
engine's quick heuristic (the batch's ``heuristic_slots``, checked against
``playout_action``) to the end of the round; what is returned is every seat's points
then, as the engine's ``State.estimate`` has them (points so far, plus the desserts
kept or the pudding and token points as they stand).

It is the engine's sweeps of :func:`sushigo.agents.hints.sweep_engine` played in
compiled loops: the same worlds in distribution, the same policies, the same
estimate (tests/test_hint_search.py holds the two together). What the points are
worth (the share of the win, the value) the agent works out, as for the engine's.

numba's cache of the kernel here holds the functions of :mod:`sushigo.fast.party` it
calls, and does not notice when that file changes (docs/fast.md, "numba's cache and
the sources").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from sushigo.core.errors import OptionsError
from sushigo.fast import party as pk
from sushigo.fast import roll as rk
from sushigo.fast.party_batch import _TEXT, PartyBatch
from sushigo.fast.roll_batch import RollBatch
from sushigo.games.roll.actions import CHOPSTICKS, TAKE
from sushigo.games.roll.dice import FACE_IDS, pudding_points, token_points

GAMES = ("sushi-go-party", "sushi-roll")
"""The games this search plays."""
ROWS = 1024
"""The rows of one sweep's batch: options x worlds (more worlds are played in parts)."""

_FACE = {f: i for i, f in enumerate(FACE_IDS)}
_PARTY_SLOT = {t: i for i, t in enumerate(_TEXT) if t}
"""A Party action's slot by its notation (a takeout box's flips have none)."""


@njit(cache=True)
def _party_estimate(st: np.ndarray, cfg: np.ndarray, out: np.ndarray) -> None:
    """Every seat's points as the engine's ``PartyState.estimate`` has them: final once
    the game is over, else the points so far plus the desserts kept as they would
    score now (the kernel's own dessert scoring, on a copy of the row)."""
    n = cfg[pk.C_PLAYERS]
    for g in range(st.shape[0]):
        row = st[g].copy()
        if not row[pk.DONE]:
            pk._dessert_points(row, cfg)
        for s in range(n):
            out[g, s] = row[pk.SCORE + s]


@njit(cache=True)
def _party_round(
    st: np.ndarray, rng: np.ndarray, prng: np.ndarray, cfg: np.ndarray, scratch: np.ndarray,
    stop: int,
) -> None:  # fmt: skip
    """Every game played on by the quick heuristic in every seat (as the batch's
    ``rollout_rows`` plays it) until round ``stop`` begins or the game is over."""
    n = cfg[pk.C_PLAYERS]
    policy = np.full(pk.S, pk.HEURISTIC, np.int64)
    slots = np.full(pk.S, pk.NOOP, np.int64)
    for g in range(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        while not row[pk.DONE] and row[pk.ROUND] < stop:
            pk._policy_slots(row, n, policy, prng, g, cfg, buf, slots)
            pk._apply(row, rng, g, slots, cfg, buf)


@njit(cache=True)
def _roll_round(
    st: np.ndarray, rng: np.ndarray, prng: np.ndarray, players: int, k: int, dice: np.ndarray,
    stop: int,
) -> None:  # fmt: skip
    """Every game played on by the quick heuristic in every seat (as the batch's
    ``rollout_rows`` plays it) until round ``stop`` begins or the game is over."""
    for g in range(st.shape[0]):
        row = st[g]
        while not row[rk.DONE] and row[rk.ROUND] < stop:
            s = (row[rk.RED] + row[rk.STEP]) % players
            slot = rk._heuristic(row, prng, g, s, False)
            rk._apply(row, rng, g, slot, players, k, dice)


def _roll_slot(action: Any, seat: int, seats: int, belt: Sequence[int]) -> int:
    """The slot of a legal Sushi Roll action of ``seat`` (its belt's faces, sorted), in
    the layout of :mod:`sushigo.fast.roll` (its constants' docstrings)."""
    if action.kind == TAKE:
        return int(action.face)
    if action.kind == CHOPSTICKS:
        r = (action.seat - seat) % seats
        mine, theirs = action.face, action.other
        return int(
            rk.CHOP_SLOTS + (mine * (rk.S - 1) + r - 1) * (rk.NF - 1) + theirs - (theirs > mine)
        )
    mask = 0
    last = -1
    bit = 0
    for f in action.dice:  # in face order: the first dice of each run of equal faces
        bit = bit + 1 if f == last else list(belt).index(f)
        mask |= 1 << bit
        last = f
    return int(rk.MENU_SLOTS + mask - 1)


class HintSearch:
    """Paired sweeps of one Party or Sushi Roll ruleset's decisions (see the module
    docstring), its batches reused from one decision to the next."""

    def __init__(self, ruleset: Any) -> None:
        if ruleset.name not in GAMES:
            raise OptionsError(f"the hint search plays {', '.join(GAMES)}, not {ruleset.title}")
        self.ruleset = ruleset
        self._party = ruleset.name == "sushi-go-party"
        kind: type[PartyBatch] | type[RollBatch] = PartyBatch if self._party else RollBatch
        self._batch: Any = kind(ruleset, ROWS, 0)
        # the sweeps step with slots checked by step() and never read a legal mask: the
        # mask's arrays (most of a Party batch's memory) are let go
        self._batch._mask = np.zeros((1, 1, 1), np.bool_)
        self._batch._set = np.full((1, 1, 1), -1, self._batch._set.dtype)
        """The rows every sweep plays in: the worlds for each option, the rest marked
        over (every loop passes them by)."""
        self._filled = False

    def slots(self, view: Any, actions: Sequence[Any]) -> list[int] | None:
        """Each action's slot in the batch engine, or None when one has none here (a
        takeout box's flips)."""
        if self._party:
            out = [_PARTY_SLOT.get(str(a), -1) for a in actions]
            return None if min(out, default=0) < 0 else out
        belt = sorted(_FACE[f] for f in view.belts[0])
        return [_roll_slot(a, view.seat, view.seats, belt) for a in actions]

    def sweep(
        self,
        view: Any,
        slots: Sequence[int],
        seed: int,
        first: int,
        worlds: int,
        whole: bool = False,
    ) -> Any:
        """Play worlds ``first`` to ``first + worlds - 1`` of ``seed`` (sampled from
        ``view``, as the batch numbers its games) once for every option ``slots`` (the
        player's slot in each); every seat's points at the round's end (or the game's,
        in its last round, or with ``whole``), an array options x worlds x players."""
        a = len(slots)
        per = max(1, ROWS // a)
        if worlds > per:  # more rows than the batch holds: in parts
            parts = [
                self.sweep(view, slots, seed, at, min(per, first + worlds - at), whole)
                for at in range(first, first + worlds, per)
            ]
            return np.concatenate(parts, axis=1)
        big = self._batch
        rows = big._rows
        self._worlds(view, seed, first, worlds)
        used = a * worlds
        rows[worlds:used] = np.tile(rows[:worlds], (a - 1, 1))
        big._rng[worlds:used] = np.tile(big._rng[:worlds], a - 1)
        big._prng[worlds:used] = np.tile(big._prng[:worlds], a - 1)
        done = pk.DONE if self._party else rk.DONE
        if not self._filled:  # the rows left over hold a position once, marked over after
            rows[used:] = rows[0]
            self._filled = True
        rows[used:, done] = 1
        big._ready = True
        big._masked = False
        big._sampled = True
        me = view.seat
        start = int(rows[0, pk.ROUND if self._party else rk.ROUND])
        stop = (pk.ROUNDS if self._party else rk.ROUNDS) if whole else start + 1
        chosen = big.heuristic_slots()
        chosen[:used, me] = np.repeat(np.asarray(slots, np.int64), worlds)
        big.step(chosen)  # the options, checked legal
        if self._party:
            _party_round(rows, big._rng, big._prng, big._cfg, big._scratch, stop)
        else:
            _roll_round(rows, big._rng, big._prng, big.players, big._k, big._dice, stop)
        n = self.ruleset.players
        points = np.zeros((used, n), np.int64)
        if self._party:
            _party_estimate(rows[:used], big._cfg, points)
        else:
            for g, line in enumerate(rows[:used].tolist()):
                score = line[rk.SCORE : rk.SCORE + n]
                if line[rk.DONE]:
                    points[g] = score
                    continue
                bonus = pudding_points(line[rk.PUD : rk.PUD + n])
                tokens = token_points(line[rk.MENUS : rk.MENUS + n], line[rk.CHOPS : rk.CHOPS + n])
                points[g] = [score[s] + bonus[s] + tokens[s] for s in range(n)]
        return points.reshape(a, worlds, n)

    def _worlds(self, view: Any, seed: int, first: int, worlds: int) -> None:
        """Rows ``0`` to ``worlds - 1`` := worlds ``first``... of ``seed`` sampled from
        ``view``, each with its generators, as the batch's ``determinize`` numbers and
        samples them (Party: the engine's ``determinize`` with ``random.Random(f"{seed}:
        {game}")``, loaded; Sushi Roll: the position itself, the worlds differing in
        their rolls)."""
        big = self._batch
        kernels = pk if self._party else rk
        kernels.seed_rows(big._rng[:worlds], seed, first)
        kernels.seed_rows(big._prng[:worlds], seed ^ 0x5EED, first)
        if getattr(view, "ruleset", None) != self.ruleset:
            raise OptionsError(f"the view is not of this search's game ({self.ruleset!r})")
        if self._party:
            for i in range(worlds):
                rng = random.Random(f"{seed}:{first + i}")
                big._load(i, self.ruleset.determinize(view, rng), rng)
        else:
            big._rows[:worlds] = big._template(view)
