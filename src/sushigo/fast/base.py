"""What every batch engine's Python side shares: numbering and seeding the games,
checking slots and policies, and reading masks, points, tie-breaks and winners.

A game's own class (:class:`~sushigo.fast.batch.ClassicBatch`,
:class:`~sushigo.fast.roll_batch.RollBatch`) says where its rows keep things
(``_kernels``, the compiled module with ``WIDTH``, ``DONE``, ``SCORE``,
``POLICIES``, ``seed_rows`` and ``mask_rows``; ``_TIEBREAK``, the field of the
end's tie-break), makes its mask arrays, and implements the hooks: ``_deal`` (start
the games just seeded), ``_step`` (one decision of every game, or the first game
with an illegal slot), ``_illegal`` (what to say of it) and ``_play`` (play every
game to its end by the policies given).

Games that end at different steps (Sushi Roll; Party's mid-turn decisions) are
restarted one row at a time (:meth:`Batch.restart`, what a vector environment's
autoreset needs): row ``i`` plays games ``i``, ``i + batch``, ``i + 2 * batch``, ...
of the seed, the numbers :meth:`Batch.reset` gives when every game restarts at once.
A game's class that can restart some rows implements ``_deal_rows`` (start the games
of those rows, just seeded) and ``_step_rows`` (one decision of the games in some
rows only); ``_play_until`` (the other seats' decisions, compiled) and
:meth:`Batch.decides` have slower generic versions here that it may replace.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np

from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.core.records import FORMAT, VERSION


class Batch:
    """``batch`` games of one ruleset (see :mod:`sushigo.fast`)."""

    _kernels: ModuleType
    _TIEBREAK: int
    _mask: np.ndarray
    """The legal-slot booleans :meth:`legal_mask` rewrites (the game's class makes it)."""
    _set: np.ndarray
    """Each seat's slots set in ``_mask`` by the last call (only those are cleared)."""
    _scratch: np.ndarray
    """Each game's working space in the compiled loops."""

    def __init__(self, ruleset: Any, batch: int, seed: int) -> None:
        self.ruleset = ruleset
        self.players: int = ruleset.players
        self.batch = batch
        self.seed = seed
        self._rows = np.zeros((batch, self._kernels.WIDTH), np.int16)
        self._rng = np.zeros(batch, np.uint64)
        """Each game's generator: its deals and rolls."""
        self._prng = np.zeros(batch, np.uint64)
        """Each game's policies' generator: apart from the deals, so that a seed deals
        the same games whatever is played."""
        self._first = 0
        self._next = 0
        self._games = np.arange(batch, dtype=np.int64)
        """The game of the seed each row plays (``_first + i`` after a reset)."""
        self._ready = False
        self._masked = False
        """Whether the slots ``_set`` holds are still every seat's legal slots: true from
        :meth:`legal_mask` to the next call that changes the games (:meth:`_change`)."""

    # -- numbering and seeding ----------------------------------------------------

    def reset(self, seed: int | None = None, first: int | None = None) -> None:
        """Start new games: the next ``batch`` games of the seed (a new seed starts
        again from its game 0; ``first`` starts from that game instead, so a long run
        can be split into batches that play the same games wherever they run)."""
        if seed is not None:
            self.seed = seed
            self._next = 0
        if first is not None:
            if not isinstance(first, int) or isinstance(first, bool) or first < 0:
                raise OptionsError(f"first must be a game number, 0 or more, not {first!r}")
            self._next = first
        self._seed_rows()
        self._deal()
        self._ready = True
        self._masked = False

    def _seed_rows(self) -> None:
        """The games' and the policies' generators for the next ``batch`` games."""
        self._first = self._next
        self._next += self.batch
        self._games = np.arange(self._first, self._next, dtype=np.int64)
        self._kernels.seed_rows(self._rng, self.seed, self._first)
        self._kernels.seed_rows(self._prng, self.seed ^ 0x5EED, self._first)

    def _deal(self) -> None:
        raise NotImplementedError

    def restart(self, rows: Any) -> None:
        """Start the next game in each of ``rows`` (row numbers), the others left as
        they stand: row ``i`` goes on from its game ``g`` of the seed to game ``g +
        batch``, so a batch whose every row is restarted plays what :meth:`reset` would
        deal, and a game is the same whichever step its row restarts at (what a vector
        environment's per-game autoreset needs)."""
        self._change()
        at = np.unique(np.asarray(rows, np.int64))
        if at.size and (at[0] < 0 or at[-1] >= self.batch):
            raise IndexError(f"rows must be 0 to {self.batch - 1}, not {rows!r}")
        if at.size == self.batch and (self._games == self._first + np.arange(self.batch)).all():
            self.reset()  # every row, numbered as a reset numbers them
            return
        if not at.size:
            return
        self._games[at] += self.batch
        self._next = max(self._next, int(self._games.max()) + 1)
        seed_rows = self._kernels.seed_rows
        for r in at.tolist():  # each row's generators as seed_rows makes game g's
            g = int(self._games[r])
            seed_rows(self._rng[r : r + 1], self.seed, g)
            seed_rows(self._prng[r : r + 1], self.seed ^ 0x5EED, g)
        self._deal_rows(at)

    def _deal_rows(self, rows: np.ndarray) -> None:
        raise OptionsError(
            f"{self.ruleset.title}'s batch restarts every game at once (reset), not some rows"
        )

    def _check(self) -> None:
        if not self._ready:
            raise IllegalActionError("reset the batch first")

    def _change(self) -> None:
        """:meth:`_check`, for a call about to change the games: the legal slots the last
        :meth:`legal_mask` set stand no longer. Every call that changes a row says so."""
        self._check()
        self._masked = False

    # -- playing --------------------------------------------------------------------

    def step(self, slots: Any, live: Any = None) -> None:
        """One decision of every game not over: ``slots[g, s]`` each seat's slot
        (batch x players integers; the games over ignore theirs). ``live`` (batch
        booleans): step only those games, the others left as they stand (their slots
        ignored). IllegalActionError, naming the game, if any slot is not legal;
        nothing is applied then."""
        self._change()
        a = np.asarray(slots)
        if a.shape != (self.batch, self.players) or not np.issubdtype(a.dtype, np.integer):
            raise IllegalActionError(
                f"slots must be integers of shape {(self.batch, self.players)}, "
                f"not {a.dtype} {a.shape}"
            )
        a = a.astype(np.int64, copy=False)
        if live is None:
            bad = self._step(a)
        else:
            some = np.asarray(live)
            if some.shape != (self.batch,) or some.dtype != np.bool_:
                raise IllegalActionError(f"live must be {self.batch} booleans, not {some.dtype}")
            bad = self._step(a) if (some | self.done).all() else self._step_rows(a, some)
        if bad >= 0:
            raise IllegalActionError(f"game {bad}: slots {a[bad].tolist()} {self._illegal(bad)}")

    def _step(self, slots: np.ndarray) -> int:
        raise NotImplementedError

    def _step_rows(self, slots: np.ndarray, live: np.ndarray) -> int:
        raise OptionsError(f"{self.ruleset.title}'s batch steps every game at once, not some")

    def policy_slots(self, policy: str) -> np.ndarray:
        """Every seat's slot by ``policy`` (``random``: :meth:`sample_slots`,
        ``heuristic``: :meth:`heuristic_slots`), from the policy generators."""
        self._policies(policy)
        out: np.ndarray = getattr(self, f"{'sample' if policy == 'random' else policy}_slots")()
        return out

    def decides(self, seats: np.ndarray) -> np.ndarray:
        """Whether seat ``seats[g]`` has a decision now in each game (batch booleans:
        a legal slot other than the no-op; False once the game is over)."""
        mask = self.legal_mask()
        rows = np.arange(self.batch)
        out: np.ndarray = np.asarray(mask[rows, seats, :-1].any(axis=1))
        return out

    def play_until(self, seats: Any, policy: str = "random", live: Any = None) -> None:
        """Play the games on by ``policy`` in every seat until seat ``seats[g]`` has a
        decision (or the game is over): in a vector environment, the other seats' play
        up to the learner's turn. ``live`` (batch booleans): those games only."""
        self._change()
        stop = np.asarray(seats, np.int64)
        chosen = self._policies(policy)
        some = np.ones(self.batch, np.bool_) if live is None else np.asarray(live, np.bool_)
        self._play_until(chosen, stop, some)

    def _play_until(self, chosen: np.ndarray, stop: np.ndarray, live: np.ndarray) -> None:
        """Generic: step the games whose stopping seat has no decision, by the policy
        (one policy for every seat), until none is left."""
        policy = self._kernels.POLICIES[int(chosen[0])]
        while True:
            waiting = live & ~self.done & ~self.decides(stop)
            if not waiting.any():
                return
            self.step(self.policy_slots(policy), waiting)

    def _illegal(self, game: int) -> str:
        raise NotImplementedError

    def rollout(
        self,
        policy: str | Sequence[str] = "random",
        seed: int | None = None,
        first: int | None = None,
    ) -> np.ndarray:
        """Start the next games (of ``seed``, from its game 0, when given; from game
        ``first`` when given) and play them to the end; the final points (batch x
        players). ``policy`` plays every seat, or a list of them one per seat (see the
        game's class for its policies), so that strategies meet in one batch. The
        policies draw from the batch's policy generators, the deals and rolls from the
        games' own."""
        chosen = self._policies(policy)
        self.reset(seed, first)
        return self._play(chosen)

    def playout(self, policy: str | Sequence[str] = "random") -> np.ndarray:
        """Play every game of the batch on from where it stands to its end, and return
        the final points (batch x players), ``policy`` as for :meth:`rollout`: games
        reset and stepped part of the way, or set up some other way (worlds sampled from
        a view, recorded rolls). Nothing is reset first."""
        chosen = self._policies(policy)
        self._change()
        return self._play(chosen)

    def _policies(self, policy: str | Sequence[str]) -> np.ndarray:
        known = self._kernels.POLICIES
        names = [policy] * self.players if isinstance(policy, str) else list(policy)
        if len(names) != self.players or any(p not in known for p in names):
            raise OptionsError(
                f"rollout policy must be one of {', '.join(known)}, or a list of "
                f"{self.players} of them (one per seat), not {policy!r}"
            )
        return np.array([known.index(p) for p in names], np.int64)

    def _play(self, chosen: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _record(self, rounds: list[dict[str, Any]]) -> dict[str, Any]:
        """A record's opening fields in the project's format, with ``rounds``: a batch's
        game, its seats named by number and played by ``batch``."""
        n = self.players
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.ruleset.name,
            "players": n,
            "names": [f"player_{s}" for s in range(n)],
            "agents": ["batch"] * n,
            "options": dict(self.ruleset.options),
            "seed": None,
            "rounds": rounds,
        }

    # -- what the games show --------------------------------------------------------

    def legal_mask(self) -> np.ndarray:
        """Every seat's legal slots (batch x players x slots booleans, in the game's
        layout of :mod:`sushigo.rl`); a seat with nothing to decide, and every seat of a
        game over, has the no-op only. The array is the batch's own, rewritten by the
        next call: copy it to keep it."""
        self._check()
        self._kernels.mask_rows(self._rows, self.players, self._mask, self._set, self._scratch)
        self._masked = True
        return self._mask

    @property
    def done(self) -> np.ndarray:
        """Which games are over (batch booleans)."""
        over: np.ndarray = self._rows[:, self._kernels.DONE] == 1
        return over

    @property
    def returns(self) -> np.ndarray:
        """Every player's points so far, final once the game is over (batch x
        players)."""
        at = self._kernels.SCORE
        return self._rows[:, at : at + self.players].astype(np.int64)

    @property
    def puddings(self) -> np.ndarray:
        """Every player's tie-break count at the end: puddings kept (Sushi Go!),
        pudding tokens (Sushi Roll) (batch x players)."""
        at = self._TIEBREAK
        return self._rows[:, at : at + self.players].astype(np.int64)

    def winners(self) -> np.ndarray:
        """Who won each game (batch x players booleans; more than one for a shared
        win): the most points, ties broken by :attr:`puddings`, as the engine's
        ``winners`` decides. Meaningful once a game is over."""
        points, puddings = self.returns, self.puddings
        top = points == points.max(axis=1, keepdims=True)
        kept = np.where(top, puddings, -1)
        won: np.ndarray = top & (kept == kept.max(axis=1, keepdims=True))
        return won
