"""A trained network as an agent: numpy-only inference from a weights file.

``policy`` (the network the package ships, :data:`SHIPPED`: 2-player Sushi Go!) and
``policy:weights=path/to/net.npz`` are agent specs wherever one is taken
(``sushigo play --bots``, ``tournament --agents``, ``serve --bot``): the package
registers :class:`PolicyAgent` under the entry point ``policy`` of the group
``sushigo.agents``. The network reads a seat's observation (the game's layout,
docs/rl.md) and rates every action slot; the agent plays the legal action rated
highest (or, with ``temperature`` above 0, draws one from the softmax of the legal
slots' ratings).

A weights file is a numpy ``.npz`` archive: ``game`` (the ruleset name), ``activation``
(``tanh`` or ``relu``, between layers), and ``w0``, ``b0``, ``w1``, ``b1``, ... the
layers in order, ``w{i}`` of shape (inputs, outputs): the first takes the game's
observation, the last gives one number per slot. :func:`from_sb3` writes one from a
trained sb3-contrib MaskablePPO (or stable-baselines3 PPO) model.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError("the learned bot (policy) needs numpy: pip install numpy") from exc

from sushigo.core.errors import OptionsError
from sushigo.rl.codec import Codec, codec_for

ACTIVATIONS = ("tanh", "relu")
SHIPPED = Path(__file__).with_name("weights") / "sushi-go.npz"
"""The network ``policy`` plays when no weights are given: 2-player Sushi Go!,
learned by ``sushigo train`` (docs/rl.md, "Train a bot")."""


class PolicyNet:
    """A multi-layer perceptron: observation in, one rating per action slot out."""

    def __init__(
        self, game: str, layers: Sequence[tuple[np.ndarray, np.ndarray]], activation: str = "tanh"
    ) -> None:
        if activation not in ACTIVATIONS:
            raise OptionsError(f"activation must be one of {', '.join(ACTIVATIONS)}")
        if not layers:
            raise OptionsError("a policy network needs at least one layer")
        self.game = game
        self.activation = activation
        self.layers = [
            (np.asarray(w, np.float32), np.asarray(b, np.float32).reshape(-1)) for w, b in layers
        ]
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or w.shape[1] != b.shape[0]:
                raise OptionsError(f"layer {i}: weights {w.shape} do not fit biases {b.shape}")
            if i and w.shape[0] != self.layers[i - 1][0].shape[1]:
                raise OptionsError(
                    f"layer {i} takes {w.shape[0]} inputs, not what layer {i - 1} gives"
                )

    @property
    def inputs(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def outputs(self) -> int:
        return int(self.layers[-1][0].shape[1])

    def __call__(self, observation: Sequence[float]) -> np.ndarray:
        """The rating of every slot."""
        x = np.asarray(observation, np.float32)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        return x

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = {
            "game": np.array(self.game),
            "activation": np.array(self.activation),
        }
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"] = w
            arrays[f"b{i}"] = b
        with open(path, "wb") as f:
            np.savez(f, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> PolicyNet:
        """Read a weights file; OptionsError, saying why, for one that is not."""
        try:
            with np.load(path, allow_pickle=False) as data:
                files = dict(data)
        except (OSError, ValueError, EOFError) as exc:
            raise OptionsError(f"cannot read the policy weights {str(path)!r}: {exc}") from None
        try:
            game = str(files["game"])
            activation = str(files.get("activation", "tanh"))
            layers: list[tuple[np.ndarray, np.ndarray]] = []
            while f"w{len(layers)}" in files:
                i = len(layers)
                layers.append((files[f"w{i}"], files[f"b{i}"]))
        except KeyError as exc:
            raise OptionsError(f"{path}: not a policy weights file (no {exc.args[0]!r})") from None
        return cls(game, layers, activation)


def load(path: str | Path) -> PolicyNet:
    """:meth:`PolicyNet.load`, read once for each version of a file: a tournament makes
    its bots again for every game (and mcts its prior, the shipped network), and the
    agents share the network, which nothing changes once it is read."""
    try:
        stat = os.stat(path)
    except OSError:
        return PolicyNet.load(path)  # which says why it cannot be read
    return _load(str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _load(path: str, mtime_ns: int, size: int) -> PolicyNet:
    return PolicyNet.load(path)


class PolicyAgent:
    """An agent playing a :class:`PolicyNet` (see the module docstring)."""

    observes = True

    def __init__(
        self, seed: int | None = None, weights: str = "", temperature: float = 0.0
    ) -> None:
        self.net = load(weights or SHIPPED)
        if not (isinstance(temperature, (int, float)) and temperature >= 0):
            raise OptionsError(f"temperature must be 0 or more, not {temperature!r}")
        self.temperature = float(temperature)
        self.name = f"policy ({Path(weights).stem})" if weights else "policy"
        self._rng = np.random.default_rng(seed)
        self._codecs: dict[Any, Codec] = {}

    @classmethod
    def of(cls, net: PolicyNet, seed: int | None = None, temperature: float = 0.0) -> PolicyAgent:
        """The agent of a network in memory (a training loop's, say), not of a file."""
        agent = cls.__new__(cls)
        agent.net = net
        agent.temperature = float(temperature)
        agent.name = "policy"
        agent._rng = np.random.default_rng(seed)
        agent._codecs = {}
        return agent

    def _codec(self, ruleset: Any) -> Codec:
        codec = self._codecs.get(ruleset)
        if codec is None:
            if ruleset.name != self.net.game:
                raise OptionsError(
                    f"these policy weights play {self.net.game}, not {ruleset.title}"
                )
            codec = codec_for(ruleset)
            if self.net.inputs != codec.size or self.net.outputs > codec.slots:
                raise OptionsError(
                    f"these policy weights take {self.net.inputs} numbers and rate "
                    f"{self.net.outputs} slots; {ruleset.title} has {codec.size} and {codec.slots}"
                )
            self._codecs[ruleset] = codec
        return codec

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        codec = self._codec(view.ruleset)
        if self.temperature == 0.0 and self.net.outputs == codec.slots:
            return codec.choose(view, legal, self.net)
        width = codec.slots
        return codec.choose(view, legal, lambda observation: self._rate(observation, width))

    def _rate(self, observation: list[float], width: int) -> np.ndarray:
        """The network's ratings, the slots past its last rated lowest (a network may
        rate only the first slots of the layout: a Sushi Go! net trained without the
        dummy variant rates the 182 slots of a card or a chopsticks pair); with a
        temperature, plus Gumbel noise: the best then is a draw from the softmax of the
        ratings at this temperature."""
        ratings = self.net(observation)
        if self.temperature:
            ratings = ratings / self.temperature
            ratings = ratings + self._rng.gumbel(size=ratings.shape).astype(np.float32)
        if ratings.shape[-1] < width:
            ratings = np.concatenate(
                [ratings, np.full(width - ratings.shape[-1], -np.inf, np.float32)]
            )
        return ratings


def from_sb3(model: Any, game: str, path: str | Path) -> PolicyNet:
    """Write a trained stable-baselines3 PPO or sb3-contrib MaskablePPO model's policy
    (an MLP over the flat observation) as a weights file, and return it."""
    policy = model.policy
    layers: list[tuple[np.ndarray, np.ndarray]] = []
    activation = "tanh"
    for module in policy.mlp_extractor.policy_net:  # Linear and activation modules
        if hasattr(module, "weight"):
            layers.append((_array(module.weight).T, _array(module.bias)))
        elif type(module).__name__ == "ReLU":
            activation = "relu"
    head = policy.action_net
    layers.append((_array(head.weight).T, _array(head.bias)))
    net = PolicyNet(game, layers, activation)
    net.save(path)
    return net


def _array(tensor: Any) -> np.ndarray:
    """A torch tensor's values (read without importing torch here)."""
    return np.asarray(tensor.detach().cpu().numpy(), np.float32)
