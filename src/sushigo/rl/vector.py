"""A Gymnasium vector environment over the batch engine (``sushigo.fast``).

``SushiGoVectorEnv(game="sushi-go", players=2, num_envs=1024)``, or
``gymnasium.make_vec("sushigo/sushi-go-v0", num_envs=1024, players=2,
vectorization_mode="vector_entry_point")``: ``num_envs`` games advanced together in
compiled loops, one learning seat in each, the other seats played by the batch
engine's own policy. What a learner sees and does is :class:`SushiGoEnv`'s: the
same observation and slot layouts (docs/rl.md), the legal slots as
``infos["action_mask"]`` and from :meth:`action_masks`, the same rewards and
illegal-slot modes, every seat's final points as ``infos["scores"]``.

Autoreset is Gymnasium's default, next-step (``metadata["autoreset_mode"]``): the
step that ends a game returns its last observation with ``terminated``; the next
step starts a new game in that sub-environment, ignores its action and returns the
new game's first observation with reward 0. Every game of Sushi Go! lasts the same
number of turns, so a batch's games end together and start again together.
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
        if self.batch.ruleset.name != "sushi-go":  # one step is one turn of every game
            raise OptionsError(
                f"the vector env plays Sushi Go! so far, not {self.batch.ruleset.title}: "
                "use SushiGoEnv or the PettingZoo envs for it"
            )
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
        self._restart = False
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
            self.seats = (batch._first + self._rows) % self.players
        self._points[:] = 0
        self._restart = False
        self._started = True

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Every learner's slot (``num_envs`` integers); the opponents' are drawn."""
        if not self._started:
            raise IllegalActionError("reset the environment first")
        n = self.num_envs
        if self._restart:  # next-step autoreset: the games ended last step
            self._new_games(None)
            zeros = np.zeros(n, bool)
            return self._observation(), np.zeros(n), zeros, zeros.copy(), self._infos(zeros)
        a = np.asarray(actions)
        if a.shape != (n,) or not np.issubdtype(a.dtype, np.integer):
            raise IllegalActionError(
                f"actions must be {n} integers (one slot per sub-environment), "
                f"not {a.dtype} {a.shape}"
            )
        batch = self.batch
        mask = self.action_masks()
        inside = (a >= 0) & (a < batch.slots)
        legal = inside & mask[self._rows, np.where(inside, a, 0)]
        illegal = ~legal
        if illegal.any() and self.illegal == "raise":
            bad = int(np.flatnonzero(illegal)[0])
            raise IllegalActionError(
                f"sub-environment {bad}: slot {int(a[bad])} is not legal for its learner now"
            )
        # every seat's slot by the opponents' policy (the learners' are replaced below)
        slots = batch.heuristic_slots() if self.opponents == "heuristic" else batch.sample_slots()
        mine = slots[self._rows, self.seats]
        slots[self._rows, self.seats] = np.where(legal, a, mine)
        batch.step(slots)
        rewards = self._pay()
        done = batch.done.copy()
        self._restart = bool(done.any())
        if self._restart and not done.all():  # pragma: no cover - every game ends together
            raise AssertionError("the batch's games ended at different steps")
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
        self._points = points
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
        infos: dict[str, Any] = {
            "action_mask": self.action_masks(),
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
