"""The random agent: uniform over the legal actions, chopsticks pairs included."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sushigo.agents.base import View, register_agent


class RandomAgent:
    """Chooses uniformly among the legal actions. Never reads its view."""

    name = "random"
    observes = False

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed).random

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        return legal[int(self._random() * len(legal))]


register_agent("random", RandomAgent)
