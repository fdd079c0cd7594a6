"""Small probability helpers the heuristic agents share."""

from __future__ import annotations

from collections.abc import Sequence
from math import exp


def at_least(avail: Sequence[float], k: int) -> list[float]:
    """P(at least i of the independent events happen), i = 0..k (Poisson binomial).

    >>> [round(p, 3) for p in at_least([0.5, 0.5], 2)]
    [1.0, 0.75, 0.25]
    """
    dist = [1.0] + [0.0] * k
    for q in avail:
        if q <= 0.0:
            continue
        r = 1.0 - q
        dist[k] += dist[k - 1] * q
        for i in range(k - 1, 0, -1):
            dist[i] = dist[i] * r + dist[i - 1] * q
        dist[0] *= r
    out = [0.0] * (k + 1)
    acc = 0.0
    for i in range(k, -1, -1):
        acc += dist[i]
        out[i] = acc
    return out


def sig(z: float) -> float:
    """A logistic chance of coming out ahead by ``z`` spreads (clamped far out)."""
    if z > 12.0:
        return 1.0
    if z < -12.0:
        return 0.0
    return 1.0 / (1.0 + exp(-1.7 * z))
