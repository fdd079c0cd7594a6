"""PettingZoo environments: :func:`env` (AEC) and :func:`parallel_env`, for every game.

Agents are ``player_0`` ... ``player_{N-1}``, ``player_i`` at seat ``i``. Each
observation is ``{"observation": float32 (size,), "action_mask": int8 (slots,)}``;
a seat with nothing to decide has only the no-op slot (``infos[agent]["active"]``
is False). One step of the parallel env is one step of the game: every seat that
decides gives a slot, simultaneous picks are revealed together. The AEC env visits
every live agent in seat order each step (the same steps, one agent at a time)
and reveals after the last: no observation shows a pick before the reveal.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from sushigo.rl.match import Match
from sushigo.rl.render import render_view

RENDER_MODES = ["ansi", "human"]
BOUND = 1000.0
"""Every number of an observation lies within +-BOUND (counts of cards, scaled points)."""


class _Table:
    """What the AEC and parallel envs share: the match, the spaces and the dicts."""

    metadata: dict[str, Any] = {
        "name": "sushigo_v0",
        "render_modes": RENDER_MODES,
        "is_parallelizable": True,
    }

    def _setup(
        self,
        game: str,
        players: int,
        max_cycles: int | None,
        render_mode: str | None,
        options: dict[str, Any],
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.match = Match(game, players, **options)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        codec = self.match.codec
        obs = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (codec.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (codec.slots,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(codec.slots) for a in self.possible_agents}
        self.state_space = spaces.Box(
            -BOUND, BOUND, (codec.size * len(self.possible_agents),), np.float32
        )
        self._cache: dict[int, dict[str, np.ndarray]] = {}
        self._version = -1
        self._cycles = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def ruleset(self) -> Any:
        """The rules being played (with a random menu: this game's)."""
        return self.match.ruleset

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        match = self.match
        if self._version != match.version:
            self._cache = {}
            self._version = match.version
        obs = self._cache.get(seat)
        if obs is None:
            mask = np.zeros(match.codec.slots, np.int8)
            mask[match.mask(seat)] = 1
            obs = {
                "observation": np.asarray(match.observe(seat), np.float32),
                "action_mask": mask,
            }
            self._cache[seat] = obs
        return obs

    def _info(self, seat: int, illegal: set[int]) -> dict[str, Any]:
        match = self.match
        info: dict[str, Any] = {"active": seat in match.legal}
        if seat in illegal:
            info["illegal"] = True
        if match.done:
            info["scores"] = match.scores()
        return info

    def state(self) -> np.ndarray:
        """Every seat's observation, in seat order: full information, for centralised
        critics during training only (an agent acting on it would see other hands)."""
        match = self.match
        return np.concatenate(
            [np.asarray(match.observe(s), np.float32) for s in range(match.players)]
        )

    def render(self) -> str | None:
        """The table as the seat to act (the first that decides) sees it."""
        if self.render_mode is None:
            return None
        match = self.match
        seat = match.active[0] if match.active else 0
        text = render_view(match.state.observe(seat), self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- slots and actions (check a mask both ways against the legal actions) --

    def legal_actions(self, agent: str) -> Any:
        """``agent``'s legal actions now (empty when it has nothing to decide)."""
        return self.match.legal_actions(self._index[agent])

    def slot_of(self, agent: str, action: Any) -> int:
        """The slot of one of ``agent``'s legal actions now."""
        return self.match.slot_of(self._index[agent], action)

    def action_of(self, agent: str, slot: int) -> Any:
        """The legal action a slot of ``agent``'s mask stands for now."""
        return self.match.action_of(self._index[agent], int(slot))


def _slot(action: Any) -> Any:
    """A slot as an int (numpy integers included); anything else stays as given, and
    is illegal."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    return action


class SushiGoAEC(_Table, AECEnv[str, dict[str, np.ndarray], int]):
    """The AEC env (see the module docstring); build it with :func:`env`."""

    def __init__(
        self,
        game: str = "sushi-go",
        players: int = 2,
        *,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self._setup(game, players, max_cycles, render_mode, options)
        self.agent_selection = self.possible_agents[0]
        self._pending: dict[int, Any] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: self._info(i, set()) for i, a in enumerate(self.agents)}
        self._pending = {}
        self._cycles = 0
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(self._index[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        seat = self._index[agent]
        self._pending[seat] = _slot(action)
        at = self.agents.index(agent)
        if at + 1 < len(self.agents):
            self._clear_rewards()
            self.agent_selection = self.agents[at + 1]
        else:
            match = self.match
            rewards, illegal = match.step(self._pending)
            self._pending = {}
            self._cycles += 1
            cut = self.max_cycles is not None and self._cycles >= self.max_cycles
            for i, a in enumerate(self.agents):
                self.rewards[a] = rewards[i]
                self.terminations[a] = match.done
                self.truncations[a] = cut and not match.done
                self.infos[a] = self._info(i, illegal)
            self.agent_selection = self.agents[0]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class SushiGoParallel(_Table, ParallelEnv[str, dict[str, np.ndarray], int]):
    """The parallel env (see the module docstring); build it with :func:`parallel_env`."""

    def __init__(
        self,
        game: str = "sushi-go",
        players: int = 2,
        *,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self._setup(game, players, max_cycles, render_mode, options)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.match.reset(seed)
        self.agents = self.possible_agents[:]
        self._cycles = 0
        obs = {a: self._observe(i) for i, a in enumerate(self.agents)}
        return obs, {a: self._info(i, set()) for i, a in enumerate(self.agents)}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        match = self.match
        index = self._index
        slots = {index[a]: _slot(x) for a, x in actions.items() if a in index}
        rewards, illegal = match.step(slots)
        self._cycles += 1
        cut = self.max_cycles is not None and self._cycles >= self.max_cycles
        agents = self.agents
        obs = {a: self._observe(index[a]) for a in agents}
        out_rewards = {a: rewards[index[a]] for a in agents}
        terminations = {a: match.done for a in agents}
        truncations = {a: cut and not match.done for a in agents}
        infos = {a: self._info(index[a], illegal) for a in agents}
        if match.done or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, out_rewards, terminations, truncations, infos


def env(game: str = "sushi-go", players: int = 2, **options: Any) -> SushiGoAEC:
    """The AEC env of a game: ``env(game="sushi-go-party", players=5, menu="party-sampler")``.

    Options: the ruleset's own (variants, ``menu`` with ``"random"`` for a new menu each
    reset, ``dice``), and ``reward`` (``margin``, ``score``, ``win``), ``illegal``
    (``fallback``, ``terminate``, ``raise``), ``duplicate``, ``max_cycles``,
    ``render_mode`` (``ansi``, ``human``)."""
    return SushiGoAEC(game, players, **options)


def parallel_env(game: str = "sushi-go", players: int = 2, **options: Any) -> SushiGoParallel:
    """The parallel env of a game (the options of :func:`env`)."""
    return SushiGoParallel(game, players, **options)
