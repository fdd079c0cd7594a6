"""A Gymnasium vector environment over the batch engine (``sushigo.fast``).

``SushiGoVectorEnv(game="sushi-go", players=2, num_envs=1024)``, or
``gymnasium.make_vec("sushigo/sushi-go-v0", num_envs=1024, players=2,
vectorization_mode="vector_entry_point")``: ``num_envs`` games advanced together in
compiled loops, one learning seat in each, the other seats played by the batch
engine's own policy. What a learner sees and does is :class:`SushiGoEnv`'s: the
same observation and slot layouts (docs/rl.md), the legal slots as
``infos["action_mask"]`` and from :meth:`action_masks`, the same rewards and
illegal-slot modes, every seat's final points as ``infos["scores"]``.

Every step is one decision of the learner in every sub-environment whose game goes
on: in Sushi Go! every seat picks at once, the opponents' picks drawn in the same
step; in Sushi Roll one seat decides at a time, so after the learner's decision the
other seats play (their takes, swaps and re-rolls, in compiled loops) until it is the
learner's turn again or the game is over, and the reward is what the learner's
points gained in between (the rounds scored on the way). Sushi Go Party! is both: the
picks are made at once (the opponents' drawn in the same step), a mid-turn decision
(chopsticks, spoon, menu, special order, a takeout box's flips a token at a time) is
one seat's, and the other seats play up to the learner's next decision.

Autoreset is Gymnasium's default, next-step (``metadata["autoreset_mode"]``), per
sub-environment: the step that ends a game returns its last observation with
``terminated``; the next step starts a new game in that sub-environment, ignores its
action and returns the new game's first observation (the learner's first turn) with
reward 0, while the other sub-environments play on. Sub-environment ``i`` plays games
``i``, ``i + num_envs``, ``i + 2 * num_envs``, ... of the seed
(:meth:`sushigo.fast.base.Batch.restart`), so a run is the same whatever the order
in which its games end. Sushi Go!'s games all end at the same step and start again
together; Sushi Roll's and Sushi Go Party!'s end at different steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.fast import make as make_batch
from sushigo.rl.match import REWARDS
from sushigo.rl.pettingzoo_env import BOUND

OPPONENTS = ("random", "heuristic")
"""How the batch engine plays the seats that are not learning: uniformly random legal
slots, or its quick heuristic (:meth:`~sushigo.fast.batch.ClassicBatch.heuristic_slots`)."""
ILLEGAL = ("fallback", "raise")
"""A learner's illegal slot: ``fallback`` plays a random legal slot instead and sets
``infos["illegal"]`` for that sub-environment; ``raise`` raises IllegalActionError
and applies nothing."""


class SushiGoVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games of the batch engine, one learner each (see the module
    docstring). ``seat`` is the learner's seat, or ``"rotate"`` to move it round the
    table game by game (game ``g`` of a seed seats it at ``g % players``); the
    other options are the ruleset's own and :class:`SushiGoEnv`'s ``reward``."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game: str = "sushi-go",
        players: int = 2,
        num_envs: int = 1024,
        *,
        seat: int | str = 0,
        opponents: str = "random",
        reward: str = "margin",
        illegal: str = "fallback",
        **options: Any,
    ) -> None:
        if reward not in REWARDS:
            raise OptionsError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise OptionsError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if opponents not in OPPONENTS:
            raise OptionsError(
                f"opponents must be one of {', '.join(OPPONENTS)} in the vector env, "
                f"not {opponents!r}"
            )
        if seat != "rotate" and not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
        ):
            raise OptionsError(f"seat must be 0 to {players - 1} or 'rotate', not {seat!r}")
        self.batch = make_batch(game, players=players, batch=num_envs, seed=0, **options)
        self.num_envs = num_envs
        self.players = players
        self.reward = reward
        self.illegal = illegal
        self.opponents = opponents
        self._rotate = seat == "rotate"
        self.seats = np.full(num_envs, 0 if self._rotate else int(seat), np.int64)
        """Each sub-environment's learning seat in its current game."""
        self.single_observation_space = spaces.Box(-BOUND, BOUND, (self.batch.size,), np.float32)
        self.single_action_space = spaces.Discrete(self.batch.slots)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rows = np.arange(num_envs)
        self._points = np.zeros((num_envs, players), np.int64)
        self._mask = np.zeros((num_envs, self.batch.slots), np.bool_)
        """The learners' masks as the last step or reset returned them."""
        self._restart = np.zeros(num_envs, np.bool_)
        """The sub-environments whose games ended at the last step (next-step autoreset)."""
        self._started = False

    # -- the games --

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """New games in every sub-environment: those of ``seed`` from its game 0, or
        the batch's next games without one (seed 0 at the first reset)."""
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise OptionsError(f"seed must be a whole number, 0 or more, not {seed!r}")
        self._new_games(seed)
        return self._observation(), self._infos(np.zeros(self.num_envs, bool))

    def _new_games(self, seed: int | None) -> None:
        batch = self.batch
        batch.reset(seed)
        if self._rotate:
            self.seats = batch._games % self.players
        self._to_learner(np.ones(self.num_envs, np.bool_))
        self._points[:] = batch.returns
        self._restart[:] = False
        self._started = True

    def _to_learner(self, live: np.ndarray) -> None:
        """Play the other seats of the games in ``live`` until the learner decides (or
        the game is over)."""
        self.batch.play_until(self.seats, self.opponents, live)

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Every learner's slot (``num_envs`` integers; ignored in the sub-environments
        starting a new game); the opponents' are drawn."""
        if not self._started:
            raise IllegalActionError("reset the environment first")
        n = self.num_envs
        batch = self.batch
        restart = self._restart.copy()
        live = ~restart
        a = np.asarray(actions)
        if a.shape != (n,) or not np.issubdtype(a.dtype, np.integer):
            raise IllegalActionError(
                f"actions must be {n} integers (one slot per sub-environment), "
                f"not {a.dtype} {a.shape}"
            )
        illegal = np.zeros(n, np.bool_)
        rewards = np.zeros(n)
        if live.any():
            mask = self._mask  # what the last step or reset showed: nothing moved since
            inside = (a >= 0) & (a < batch.slots)
            legal = inside & mask[self._rows, np.where(inside, a, 0)]
            illegal = live & ~legal
            if illegal.any() and self.illegal == "raise":
                bad = int(np.flatnonzero(illegal)[0])
                raise IllegalActionError(
                    f"sub-environment {bad}: slot {int(a[bad])} is not legal for its learner now"
                )
            # every seat's slot by the opponents' policy (the learners' replaced below)
            slots = batch.policy_slots(self.opponents)
            mine = slots[self._rows, self.seats]
            slots[self._rows, self.seats] = np.where(legal, a, mine)
            batch.step(slots, live)
            waiting = live & ~batch.done & ~batch.decides(self.seats)
            if waiting.any():  # one seat at a time: the others play up to the learner
                self._to_learner(waiting)
            rewards = np.where(live, self._pay(), 0.0)
        done = batch.done & live
        if restart.any():  # next-step autoreset: the games that ended last step
            rows = np.flatnonzero(restart)
            batch.restart(rows)
            if self._rotate:
                self.seats[rows] = batch._games[rows] % self.players
            self._to_learner(restart)
            self._points[rows] = batch.returns[rows]
        self._restart = done
        return self._observation(), rewards, done, np.zeros(n, bool), self._infos(illegal)

    def _pay(self) -> np.ndarray:
        """Each learner's reward for the step just played (see SushiGoEnv)."""
        batch = self.batch
        rows, seats = self._rows, self.seats
        if self.reward == "win":
            won = batch.winners()
            share = won[rows, seats] / np.maximum(won.sum(axis=1), 1)
            out: np.ndarray = np.where(batch.done, share, 0.0)
            return out
        points = batch.returns
        gained = points - self._points
        self._points = points.copy()
        mine: np.ndarray = gained[rows, seats].astype(np.float64)
        if self.reward == "score":
            return mine
        others = gained.sum(axis=1) - mine
        margin: np.ndarray = mine - others / (self.players - 1)
        return margin

    # -- what the learners see --

    def _observation(self) -> np.ndarray:
        """Each learner's observation (a copy: the batch rewrites its own)."""
        obs: np.ndarray = self.batch.observe()[self._rows, self.seats]
        return obs

    def _infos(self, illegal: np.ndarray) -> dict[str, Any]:
        self._mask = self.action_masks()
        infos: dict[str, Any] = {
            "action_mask": self._mask.copy(),
            "seat": self.seats.copy(),
            "illegal": illegal,
        }
        if self.batch.done.any():
            infos["scores"] = self.batch.returns
        return infos

    def action_masks(self) -> np.ndarray:
        """Each learner's legal slots now (``num_envs`` x slots booleans, MaskablePPO's
        convention); only the no-op once its game is over."""
        mask: np.ndarray = self.batch.legal_mask()[self._rows, self.seats]
        return mask
