"""The Gymnasium environment: one learning seat, the other seats played by bots.

``SushiGoEnv(game="sushi-go", players=2, seat=0, opponents="greedy")``: the
observation is the learning seat's float32 vector, the action a slot of the game's
Discrete space; the legal slots come as ``info["action_mask"]`` and from
:meth:`SushiGoEnv.action_masks` (sb3-contrib's MaskablePPO reads that). The learner
is asked only when it has something to decide: the bots' turns and picks are played
between its steps, and their points count in the rewards of its next step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from sushigo.agents.base import Agent, make_agent
from sushigo.core.errors import OptionsError
from sushigo.rl.match import Match
from sushigo.rl.pettingzoo_env import BOUND, RENDER_MODES
from sushigo.rl.render import render_view

Opponent = str | Agent | Callable[[Any, Sequence[Any]], Any]
"""An agent spec (``greedy``, ``mcts:ms=20``, ``bots/mine.py:Mine``), an
:class:`~sushigo.agents.base.Agent`, or a callable ``f(view, legal) -> action``."""


class _Call:
    """A callable as an agent."""

    observes = True

    def __init__(self, function: Callable[[Any, Sequence[Any]], Any]) -> None:
        self.function = function
        self.name = getattr(function, "__name__", "callable")

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        return self.function(view, legal)


class SushiGoEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learning seat at a table of bots (see the module docstring).

    ``seat`` is the learner's seat, or ``"rotate"`` to move it round the table one
    seat each game; ``opponents`` one :data:`Opponent` for every other seat or a list
    of ``players - 1`` (in seat order, skipping the learner). The other options are
    :func:`sushigo.rl.env`'s: the ruleset's own, ``reward``, ``illegal``,
    ``duplicate`` and ``render_mode``.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(
        self,
        game: str = "sushi-go",
        players: int = 2,
        *,
        seat: int | str = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.match = Match(game, players, **options)
        self.render_mode = render_mode
        if seat != "rotate" and not (isinstance(seat, int) and 0 <= seat < players):
            raise OptionsError(f"seat must be 0 to {players - 1} or 'rotate', not {seat!r}")
        self._rotate = seat == "rotate"
        self.seat = 0 if self._rotate else int(seat)
        if isinstance(opponents, (str, Agent)) or callable(opponents):
            self._specs: list[Any] = [opponents] * (players - 1)
        else:
            self._specs = list(opponents)
            if len(self._specs) != players - 1:
                raise OptionsError(
                    f"opponents: give one for every other seat ({players - 1}), "
                    f"not {len(self._specs)}"
                )
        for spec in self._specs:
            if isinstance(spec, str):
                make_agent(spec)  # a wrong spec says so now, not at the first reset
        self._bots: dict[int, Any] = {}
        self._games = 0
        codec = self.match.codec
        self.observation_space = spaces.Box(-BOUND, BOUND, (codec.size,), np.float32)
        self.action_space = spaces.Discrete(codec.slots)
        self._mask = np.zeros(codec.slots, bool)

    @property
    def ruleset(self) -> Any:
        """The rules being played (with a random menu: this game's)."""
        return self.match.ruleset

    def _seat_bots(self, seed: int) -> None:
        """The bots for this game, round the table from the learner, seeded from the
        game's seed."""
        players = self.match.players
        others = [(self.seat + k) % players for k in range(1, players)]
        bots: dict[int, Any] = {}
        for k, (seat, spec) in enumerate(zip(others, self._specs, strict=True)):
            if isinstance(spec, str):
                bots[seat] = make_agent(spec, seed=random.Random(f"{seed}/bot/{k}").getrandbits(32))
            elif isinstance(spec, Agent):
                bots[seat] = spec
            else:
                bots[seat] = _Call(spec)
        self._bots = bots

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._games = 0  # a seed starts the sequence of games again, seats included
        else:
            seed = int(self.np_random.integers(2**62))  # reproducible from the first seed
        if self._rotate:
            self.seat = self._games % self.match.players
        self._games += 1
        self.match.reset(seed)
        self._seat_bots(seed)
        self._play_bots()  # nobody scores before the learner's first decision
        return self._obs(), self._info(False)

    def _play_bots(self) -> float:
        """Play the bots' decisions until the learner decides or the game ends;
        returns the learner's rewards meanwhile."""
        match = self.match
        total = 0.0
        while not match.done and self.seat not in match.legal:
            rewards, _ = match.step({}, self._bot_actions())
            total += rewards[self.seat]
        return total

    def _bot_actions(self) -> dict[int, Any]:
        """What each bot that decides now chooses (a single legal action is taken
        without asking it, as in every game the project plays)."""
        match = self.match
        state = match.state
        actions: dict[int, Any] = {}
        for seat in match.active:
            if seat == self.seat:
                continue
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                actions[seat] = legal[0]
                continue
            bot = self._bots[seat]
            actions[seat] = bot.act(state.observe(seat) if bot.observes else None, legal)
        return actions

    def _obs(self) -> np.ndarray:
        return np.asarray(self.match.observe(self.seat), np.float32)

    def _info(self, illegal: bool) -> dict[str, Any]:
        match = self.match
        info: dict[str, Any] = {"action_mask": self.action_masks(), "active": not match.done}
        info["seat"] = self.seat
        if illegal:
            info["illegal"] = True
        if match.done:
            info["scores"] = match.scores()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal slots of the learner now, as booleans (MaskablePPO's convention);
        only the no-op once the game is over."""
        mask = np.zeros(self.match.codec.slots, bool)
        mask[self.match.mask(self.seat)] = True
        return mask

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        match = self.match
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            action = int(action)
        rewards, illegal = match.step({self.seat: action}, self._bot_actions())
        reward = rewards[self.seat]
        if not match.done:
            reward += self._play_bots()
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, match.done, False, self._info(self.seat in illegal)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        players = [f"player_{i}" for i in range(self.match.players)]
        text = render_view(self.match.state.observe(self.seat), players)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # -- slots and actions --

    def legal_actions(self) -> Any:
        """The learner's legal actions now."""
        return self.match.legal_actions(self.seat)

    def slot_of(self, action: Any) -> int:
        """The slot of one of the learner's legal actions now."""
        return self.match.slot_of(self.seat, action)

    def action_of(self, slot: int) -> Any:
        """The legal action a slot of the learner's mask stands for now."""
        return self.match.action_of(self.seat, int(slot))
