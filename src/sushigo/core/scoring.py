"""Scoring helpers shared by the games: awards for the most and the fewest of
something (ties split or taken in full) and the winners with their tie-break."""

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


def most_and_fewest_full(counts: Sequence[int], most: int, fewest: int | None) -> list[int]:
    """Most gains ``most``, fewest (0 counts) gains ``fewest``, ties take full points,
    nobody scores when all are equal; ``fewest=None`` gives no penalty.

    >>> most_and_fewest_full([4, 2, 1, 1], 6, -6)
    [6, 0, -6, -6]
    """
    out = [0] * len(counts)
    hi = lo = counts[0]
    for c in counts:
        if c > hi:
            hi = c
        elif c < lo:
            lo = c
    if hi == lo:
        return out
    for i, c in enumerate(counts):
        if c == hi:
            out[i] += most
        elif c == lo and fewest is not None:
            out[i] += fewest
    return out


def winners(totals: Sequence[int], tiebreak: Sequence[int], eligible: int = -1) -> list[int]:
    """Seats that win: most points, then the most of ``tiebreak`` (puddings, dessert
    cards, pudding tokens); still tied, all of them. Only the first ``eligible``
    seats can win (the players, not a dummy); -1: every seat.

    >>> winners([30, 30, 12], [2, 5, 9])
    [1]
    >>> winners([30, 30, 40], [2, 2, 9], eligible=2)
    [0, 1]
    """
    seats = range(len(totals) if eligible < 0 else eligible)
    best = max(totals[s] for s in seats)
    top = [s for s in seats if totals[s] == best]
    most = max(tiebreak[s] for s in top)
    return [s for s in top if tiebreak[s] == most]
