"""Rule oracles written from the rulebook text, independent of the engine's code."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

VARIANTS: list[tuple[int, dict[str, bool]]] = [
    (players, dict(zip(("pass_both_ways", "reshuffle", "soy_sauce"), flags, strict=True)))
    for players in (2, 3, 4, 5)
    for flags in itertools.product((False, True), repeat=3)
] + [
    (2, {"dummy": True, "pass_both_ways": a, "reshuffle": b, "soy_sauce": c})
    for a, b, c in itertools.product((False, True), repeat=3)
]
"""Every legal combination of player count and variants (the dummy needs 2 players)."""


def rulebook_puddings(p: Sequence[int], penalty: bool) -> list[int]:
    """Most +6, fewest -6 (not with 2 players), ties split ignoring the remainder."""
    dessert = [0] * len(p)
    if max(p) == min(p):
        return dessert
    top = [s for s in range(len(p)) if p[s] == max(p)]
    low = [s for s in range(len(p)) if p[s] == min(p)]
    for s in top:
        dessert[s] += 6 // len(top)
    if penalty:
        for s in low:
            dessert[s] -= 6 // len(low)
    return dessert
