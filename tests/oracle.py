"""Rule oracles written from the rulebook text, independent of the engine's code."""

from __future__ import annotations

from collections.abc import Sequence


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
