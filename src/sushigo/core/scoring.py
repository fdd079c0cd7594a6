"""Scoring helpers shared by rulesets: awards for ranked places."""

from __future__ import annotations

from collections.abc import Sequence


def split_award(points: int, ways: int) -> int:
    """``points`` shared by ``ways`` players, remainder ignored, sign kept.

    >>> split_award(6, 4), split_award(-6, 4)
    (1, -1)
    """
    share = abs(points) // ways
    return share if points >= 0 else -share


def most_and_fewest(counts: Sequence[int], most: int, fewest: int | None) -> list[int]:
    """Points for the most and the fewest of something (puddings), ties split.

    Nobody scores when every count is equal. ``fewest=None`` awards no penalty.

    >>> most_and_fewest([4, 3, 0, 0], 6, -6)
    [6, 0, -3, -3]
    >>> most_and_fewest([2, 2], 6, None)
    [0, 0]
    """
    out = [0] * len(counts)
    hi, lo = max(counts), min(counts)
    if hi == lo:
        return out
    top = [i for i, c in enumerate(counts) if c == hi]
    for i in top:
        out[i] += split_award(most, len(top))
    if fewest is not None:
        bottom = [i for i, c in enumerate(counts) if c == lo]
        for i in bottom:
            out[i] += split_award(fewest, len(bottom))
    return out
