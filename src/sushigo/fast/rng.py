"""The batch engines' random numbers: one splitmix64 generator a game (a row of a
``uint64`` array), seeded from the batch's seed and the game's number, so game ``g``
of seed ``s`` is the same whatever the batch size.

A module of its own that the games' kernels import: numba's cache of a compiled
function does not notice when a function it calls in another file changes, so what
they share lives where it does not change with them.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _next(rng: np.ndarray, g: int) -> np.uint64:
    """splitmix64: the next 64 random bits of game ``g``."""
    rng[g] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[g]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _below(rng: np.ndarray, g: int, n: int) -> int:
    """A uniform integer in [0, n) (n small: the bias is below 2**-50)."""
    return int((_next(rng, g) >> np.uint64(11)) % np.uint64(n))


@njit(cache=True)
def _unit(rng: np.ndarray, g: int) -> float:
    """A uniform float in [0, 1), on the 2**-53 grid (as Python's random())."""
    return float(_next(rng, g) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def seed_rows(rng: np.ndarray, seed: int, first: int) -> None:
    """Game ``first + i``'s generator for row ``i``: its seed and number, mixed."""
    for i in range(rng.shape[0]):
        rng[i] = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(first + i)
        _next(rng, i)
