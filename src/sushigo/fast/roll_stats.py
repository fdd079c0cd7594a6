"""What finished Sushi Roll games of a batch teach, counted in compiled loops.

Everything is read back from the rows of finished games: the log of every step (each
round's deal, every decision, every roll; :mod:`sushigo.fast.roll`) is walked again,
belts kept as it goes, to know what lay on each seat's belt at each of its takes, what
it took and what it passed up; and each round's trays, breakdowns and the end's
pudding points say what the dice earned. So it holds for any policy that played.

Per game and seat (arrays the caller sums over the batch, so that any split of the
games adds up to the same totals), faces in ``FACE_IDS`` order:

* ``offered[f]``, ``taken[f]``: takes at which a die showing ``f`` was on the seat's
  belt (after the swaps and re-rolls of its turn), and at which one was taken;
  spending a token is no take;
* ``over[f, d]``: takes of ``f`` while ``d`` was on the belt too (what ``f`` was
  chosen over);
* ``points[f]``, ``cards[f]``: the points each face earned, and how many lay on the
  trays at the rounds' ends (a wasabi with a nigiri on it counts as one of each). A
  family's points go to its dice: maki by icons, each nigiri its printed value and
  what a wasabi tripled to the wasabi, dumplings, tempura and sashimi their family's
  points, the pudding dice the end's pudding points by icons (a seat that took no
  pudding die and loses points for the fewest has no die to charge them to: those
  are left out). Menu and chopsticks
  dice earn nothing themselves (their tokens are spent on other dice, and the
  tokens left at the end, half a point each, are not told apart from the five each
  player starts with).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sushigo.fast.roll import (
    BREAK,
    CHOP,
    DEAL,
    DESSERT_PTS,
    EGG,
    FAMILIES,
    LOG,
    LOGN,
    MAKI1,
    MAKI2,
    MAKI3,
    MAXB,
    MENU,
    NF,
    ROLL,
    ROUNDS,
    SQUID,
    STACK0,
    TAKE,
    TLIST,
    TN,
    WASABI,
    S,
)

PUDDING1 = 14
"""The first pudding face (then pudding-2, pudding-3)."""


@njit(cache=True)
def _set_belts(row: np.ndarray, belts: np.ndarray, at: int, n: int, size: int) -> int:
    """Every seat's belt from the log's faces at ``at`` (``size`` a belt, seat 0
    first); where the log goes on."""
    for s in range(n):
        for f in range(NF):
            belts[s, f] = 0
        for i in range(size):
            belts[s, row[at + s * size + i]] += 1
    return at + n * size


@njit(cache=True, parallel=True)
def card_stats(
    st: np.ndarray,
    players: int,
    per: int,
    offered: np.ndarray,
    taken: np.ndarray,
    over: np.ndarray,
    points: np.ndarray,
    cards: np.ndarray,
) -> None:
    """Fill ``offered``, ``taken`` (batch x players x NF), ``over`` (batch x players x
    NF x NF), ``points`` (float64) and ``cards`` (batch x players x NF) for every
    finished game of ``st`` (see the module docstring); ``per`` dice a belt at the
    deal."""
    n = players
    for g in prange(st.shape[0]):
        row = st[g]
        belts = np.zeros((S, NF), np.int64)
        offered[g] = 0
        taken[g] = 0
        over[g] = 0
        points[g] = 0.0
        cards[g] = 0
        at = LOG
        end = LOG + int(row[LOGN])
        while at < end:
            word = int(row[at])
            op = word // 8
            s = word % 8
            if op == DEAL:
                at = _set_belts(row, belts, at + 2, n, per)
            elif op == TAKE:
                f = int(row[at + 1])
                for d in range(NF):
                    if belts[s, d] > 0:
                        offered[g, s, d] += 1
                        if d != f:
                            over[g, s, f, d] += 1
                taken[g, s, f] += 1
                belts[s, f] -= 1
                at += 2
            elif op == CHOP:
                mine = int(row[at + 1])
                other = int(row[at + 2])
                theirs = int(row[at + 3])
                belts[s, mine] -= 1
                belts[other, theirs] -= 1
                belts[s, theirs] += 1
                belts[other, mine] += 1
                at += 4
            elif op == MENU:
                m = int(row[at + 1])
                for i in range(m):
                    belts[s, row[at + 2 + i]] -= 1
                at += 2 + m
            elif op == ROLL:
                m = int(row[at + 1])
                for i in range(m):
                    belts[s, row[at + 2 + i]] += 1
                at += 2 + m
            else:  # SLIDE
                size = int(row[at + 1])
                at = _set_belts(row, belts, at + 2, n, size)
        icons = np.zeros(S, np.int64)
        for r in range(ROUNDS):
            for s in range(n):
                b = BREAK + (r * S + s) * FAMILIES
                tray = np.zeros(NF + 3, np.int64)
                first = TLIST + (r * S + s) * MAXB
                for i in range(row[TN + r * S + s]):
                    tray[row[first + i]] += 1
                maki = tray[MAKI1] + 2 * tray[MAKI2] + 3 * tray[MAKI3]
                if maki > 0:
                    for i, f in ((1, MAKI1), (2, MAKI2), (3, MAKI3)):
                        points[g, s, f] += row[b] * i * tray[f] / maki
                printed = 0
                for e in range(3):
                    c = tray[EGG + e] + tray[STACK0 + e]
                    points[g, s, EGG + e] += (e + 1) * c
                    printed += (e + 1) * c
                    cards[g, s, EGG + e] += c
                    cards[g, s, WASABI] += tray[STACK0 + e]
                points[g, s, WASABI] += row[b + 1] - printed
                for a in range(3):  # dumpling, tempura, sashimi: faces 0-2
                    points[g, s, a] += row[b + 2 + a]
                for f in range(NF):
                    if not EGG <= f <= SQUID:
                        cards[g, s, f] += tray[f]
                for i in range(3):
                    icons[s] += (i + 1) * tray[PUDDING1 + i]
        for s in range(n):
            if icons[s] > 0:
                for i in range(3):
                    c = cards[g, s, PUDDING1 + i]
                    points[g, s, PUDDING1 + i] += row[DESSERT_PTS + s] * (i + 1) * c / icons[s]
