"""Reinforcement-learning environments for the three games (``pip install "sushigo[rl]"``).

* PettingZoo: :func:`env` (AEC) and :func:`parallel_env`, every seat a learner;
* Gymnasium: :class:`SushiGoEnv`, one learning seat among bots, registered as
  ``sushigo/sushi-go-v0``, ``sushigo/sushi-go-party-v0`` and ``sushigo/sushi-roll-v0``
  (``gymnasium.make("sushigo/sushi-go-v0", players=3)`` once ``sushigo.rl`` is
  imported); :func:`make` builds the PettingZoo envs by the same ids;
* a Gymnasium vector env over the batch engine, :class:`sushigo.rl.vector.SushiGoVectorEnv`
  (``gymnasium.make_vec(id, num_envs=1024, vectorization_mode="vector_entry_point")``;
  it needs ``sushigo[fast]`` too).

docs/rl.md gives the observation and action layouts and a training example.
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(
        f"sushigo.rl needs numpy, gymnasium and pettingzoo ({exc.name} is missing): "
        'pip install "sushigo[rl]"'
    ) from exc

from sushigo.rl.codec import Codec, codec_for
from sushigo.rl.gymnasium_env import SushiGoEnv
from sushigo.rl.match import Match
from sushigo.rl.pettingzoo_env import SushiGoAEC, SushiGoParallel, env, parallel_env

IDS = {
    "sushigo/sushi-go-v0": "sushi-go",
    "sushigo/sushi-go-party-v0": "sushi-go-party",
    "sushigo/sushi-roll-v0": "sushi-roll",
}
"""Every environment id and its game."""


def _game(env_id: str) -> str:
    game = IDS.get(env_id)
    if game is None:
        raise ValueError(f"unknown environment {env_id!r}; ids are: {', '.join(IDS)}")
    return game


def make(env_id: str, **options: Any) -> SushiGoAEC:
    """The PettingZoo AEC env of an id: ``make("sushigo/sushi-roll-v0", players=3)``."""
    return env(_game(env_id), **options)


def make_parallel(env_id: str, **options: Any) -> SushiGoParallel:
    """The PettingZoo parallel env of an id."""
    return parallel_env(_game(env_id), **options)


for _id, _name in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="sushigo.rl.gymnasium_env:SushiGoEnv",
            vector_entry_point="sushigo.rl.vector:SushiGoVectorEnv",
            kwargs={"game": _name},
            disable_env_checker=False,
        )

__all__ = [
    "IDS",
    "Codec",
    "Match",
    "SushiGoAEC",
    "SushiGoEnv",
    "SushiGoParallel",
    "codec_for",
    "env",
    "make",
    "make_parallel",
    "parallel_env",
]
