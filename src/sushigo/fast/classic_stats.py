"""What finished Sushi Go! games of a batch teach, counted in compiled loops.

Everything is read back from the rows of finished games (each round's deal and every
seat's pick at every turn, the breakdowns and the dessert points), so it holds for
any policy that played them: each round is walked again, hands passed as they were,
to know what each seat was offered at each decision, what it took and what it passed
up, and which cards lay in each tableau at the round's end.

Per game and seat (arrays the caller sums over the batch, so that any split of the
games adds up to the same totals):

* ``offered[c]``, ``taken[c]``: decisions at which a card of type ``c`` was in the
  hand, and at which one was taken (either card of a chopsticks pair);
* ``over[c, d]``: decisions at which ``c`` was taken while ``d`` was in the hand and
  not taken (what ``c`` was chosen over);
* ``points[c]``, ``cards[c]``: the points each card type earned, and how many lay in
  the tableau at the rounds' ends. A family's points go to its cards: maki by icons,
  each nigiri its printed value and what a wasabi tripled to the wasabi, tempura,
  sashimi, dumplings and soy sauce their family's points, puddings the dessert
  points; chopsticks earn nothing themselves.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sushigo.fast.classic import (
    BREAK,
    CHOPSTICKS,
    DEALT,
    DESS,
    DESSERT_PTS,
    DUMPLING,
    EGG,
    FAMILIES,
    MAKI1,
    MAKI2,
    MAKI3,
    MAX_HAND,
    PICKS,
    PUDDING,
    ROUNDS,
    SALMON,
    SASHIMI,
    SOY,
    SQUID,
    TEMPURA,
    WASABI,
    N,
    S,
)


@njit(cache=True)
def _take(hand: np.ndarray, tab: np.ndarray, on: np.ndarray, free: np.ndarray, c: int) -> None:
    """One card from the hand to the tableau, a nigiri onto a free wasabi."""
    hand[c] -= 1
    tab[c] += 1
    if c == WASABI:
        free[0] += 1
    elif EGG <= c <= SQUID and free[0] > 0:
        free[0] -= 1
        on[c - EGG] += 1


@njit(cache=True, parallel=True)
def card_stats(
    st: np.ndarray,
    players: int,
    hand_size: int,
    pass_both: bool,
    offered: np.ndarray,
    taken: np.ndarray,
    over: np.ndarray,
    points: np.ndarray,
    cards: np.ndarray,
) -> None:
    """Fill ``offered``, ``taken`` (batch x players x N), ``over`` (batch x players x
    N x N), ``points`` (float64) and ``cards`` (batch x players x N) for every
    finished game of ``st`` (see the module docstring)."""
    for g in prange(st.shape[0]):
        row = st[g]
        hands = np.zeros((S, N), np.int64)
        tabs = np.zeros((S, N), np.int64)
        ons = np.zeros((S, 3), np.int64)
        free = np.zeros((S, 1), np.int64)
        moved = np.zeros((S, N), np.int64)
        offered[g] = 0
        taken[g] = 0
        over[g] = 0
        points[g] = 0.0
        cards[g] = 0
        for r in range(ROUNDS):
            step = -1 if (pass_both and r == 1) else 1
            for s in range(players):
                for c in range(N):
                    hands[s, c] = row[DEALT + (r * S + s) * N + c]
                    tabs[s, c] = 0
                for e in range(3):
                    ons[s, e] = 0
                free[s, 0] = 0
            for t in range(hand_size - 1):
                for s in range(players):
                    slot = row[PICKS + (r * MAX_HAND + t) * S + s]
                    if slot < N:
                        a, b = slot, -1
                    else:
                        a, b = divmod(slot - N, N)
                    for c in range(N):
                        if hands[s, c] == 0:
                            continue
                        offered[g, s, c] += 1
                        if c == a or c == b:
                            taken[g, s, c] += 1
                    for d in range(N):
                        if hands[s, d] == 0 or d == a or d == b:
                            continue
                        over[g, s, a, d] += 1
                        if b >= 0 and b != a:
                            over[g, s, b, d] += 1
                    _take(hands[s], tabs[s], ons[s], free[s], a)
                    if b >= 0:
                        _take(hands[s], tabs[s], ons[s], free[s], b)
                        tabs[s, CHOPSTICKS] -= 1
                        hands[s, CHOPSTICKS] += 1
                # pass the hands: seat s to s + step
                for s in range(players):
                    for c in range(N):
                        moved[(s + step) % players, c] = hands[s, c]
                for s in range(players):
                    for c in range(N):
                        hands[s, c] = moved[s, c]
            for s in range(players):  # the last card of each hand, without a decision
                for c in range(N):
                    while hands[s, c] > 0:
                        _take(hands[s], tabs[s], ons[s], free[s], c)
                b = BREAK + (r * S + s) * FAMILIES
                tab = tabs[s]
                icons = tab[MAKI1] + 2 * tab[MAKI2] + 3 * tab[MAKI3]
                if icons > 0:
                    for i, m in ((1, MAKI1), (2, MAKI2), (3, MAKI3)):
                        points[g, s, m] += row[b] * i * tab[m] / icons
                points[g, s, TEMPURA] += row[b + 1]
                points[g, s, SASHIMI] += row[b + 2]
                points[g, s, DUMPLING] += row[b + 3]
                base = tab[EGG] + 2 * tab[SALMON] + 3 * tab[SQUID]
                points[g, s, EGG] += tab[EGG]
                points[g, s, SALMON] += 2 * tab[SALMON]
                points[g, s, SQUID] += 3 * tab[SQUID]
                points[g, s, WASABI] += row[b + 4] - base
                points[g, s, SOY] += row[b + 5]
                for c in range(N):
                    if c != PUDDING:
                        cards[g, s, c] += tab[c]
        for s in range(players):
            points[g, s, PUDDING] += row[DESSERT_PTS + s]
            cards[g, s, PUDDING] += row[DESS + s]
