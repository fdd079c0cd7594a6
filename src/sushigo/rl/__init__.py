"""Reinforcement-learning environments for the three games (``pip install "sushigo[rl]"``).

* PettingZoo: :func:`env` (AEC) and :func:`parallel_env`, every seat a learner;
* Gymnasium: :class:`SushiGoEnv`, one learning seat among bots, registered as
  ``sushigo/sushi-go-v0``, ``sushigo/sushi-go-party-v0`` and ``sushigo/sushi-roll-v0``
  (``gymnasium.make("sushigo/sushi-go-v0", players=3)`` once ``sushigo.rl`` is
  imported); :func:`make` builds the PettingZoo envs by the same ids;
* a Gymnasium vector env over the batch engine, :class:`sushigo.rl.vector.SushiGoVectorEnv`
  (``gymnasium.make_vec(id, num_envs=1024, vectorization_mode="vector_entry_point")``;
  it needs ``sushigo[fast]`` too);
* a trained network as a bot, :mod:`sushigo.rl.policy` (``policy``), which needs numpy
  alone: the environments are imported when first asked for.

docs/rl.md gives the observation and action layouts and a training example.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sushigo.rl.codec import Codec, codec_for
from sushigo.rl.match import Match

if TYPE_CHECKING:
    from sushigo.rl.gymnasium_env import SushiGoEnv
    from sushigo.rl.pettingzoo_env import SushiGoAEC, SushiGoParallel, env, parallel_env

_LAZY = {
    "SushiGoEnv": "sushigo.rl.gymnasium_env",
    "SushiGoAEC": "sushigo.rl.pettingzoo_env",
    "SushiGoParallel": "sushigo.rl.pettingzoo_env",
    "env": "sushigo.rl.pettingzoo_env",
    "parallel_env": "sushigo.rl.pettingzoo_env",
}
"""The environments, imported when first asked for: the codecs, the match and a
trained policy (:mod:`sushigo.rl.policy`, numpy alone) need neither gymnasium nor
pettingzoo, so the learned bot plays where only numpy is installed."""

IDS = {
    "sushigo/sushi-go-v0": "sushi-go",
    "sushigo/sushi-go-party-v0": "sushi-go-party",
    "sushigo/sushi-roll-v0": "sushi-roll",
}
"""Every environment id and its game."""


def _needs(module: str) -> Any:
    """``module`` imported, or an ImportError saying which package to install."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if exc.name not in ("numpy", "gymnasium", "pettingzoo"):
            raise
        raise ImportError(
            f"sushigo.rl's environments need numpy, gymnasium and pettingzoo "
            f'({exc.name} is missing): pip install "sushigo[rl]"'
        ) from exc


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sushigo.rl' has no attribute {name!r}")
    return getattr(_needs(module), name)


def _game(env_id: str) -> str:
    game = IDS.get(env_id)
    if game is None:
        raise ValueError(f"unknown environment {env_id!r}; ids are: {', '.join(IDS)}")
    return game


def make(env_id: str, **options: Any) -> SushiGoAEC:
    """The PettingZoo AEC env of an id: ``make("sushigo/sushi-roll-v0", players=3)``."""
    game = _game(env_id)
    return _needs("sushigo.rl.pettingzoo_env").env(game, **options)  # type: ignore[no-any-return]


def make_parallel(env_id: str, **options: Any) -> SushiGoParallel:
    """The PettingZoo parallel env of an id."""
    game = _game(env_id)
    return _needs("sushigo.rl.pettingzoo_env").parallel_env(game, **options)  # type: ignore[no-any-return]


def _register() -> None:
    """The ids in Gymnasium's registry, when Gymnasium is installed."""
    try:
        import gymnasium
    except ImportError:
        return
    for env_id, game in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="sushigo.rl.gymnasium_env:SushiGoEnv",
                vector_entry_point="sushigo.rl.vector:SushiGoVectorEnv",
                kwargs={"game": game},
                disable_env_checker=False,
            )


_register()

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
