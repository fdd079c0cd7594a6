"""What finished Sushi Go Party! games of a batch teach, counted in compiled loops.

Each game is played again from its row's log (its deals, menu draws and every
decision, in :mod:`sushigo.fast.party`'s own kernels), so what each seat held at each
pick is known whatever the policy that played it:

* ``offered[c]``, ``taken[c]`` (per game and seat): picks at which card ``c`` was in
  the hand (a pick with a choice: not the last card), and at which it was picked (a
  special order is taken as itself, whatever it copies);
* ``over[c, d]`` (per game, every seat's together): picks at which ``c`` was taken
  while ``d`` was in the hand;
* ``points[c]``, ``cards[c]`` (per game and seat): the points each card earned, and
  how many lay in front at the rounds' ends (desserts: kept at the end). Every point
  goes to the card lying in front that scored it, by its printed card: a family's
  points shared among its cards (maki and uramaki by icons, the uramaki scored during
  the round included; each nigiri its printed value, and what a wasabi tripled to the
  wasabi under it; the rest equally), a special order's to the special order, a
  flipped card's 2 to the card flipped, the dessert's points at the end shared among
  the desserts kept. Points with no card to go to (the fewest temaki, or puddings,
  with none) go to the family's first card (temaki, pudding). So the points of a
  seat's cards add up to its final score.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sushigo.fast.party import (
    BREAK,
    C_DESSERT,
    C_HAND,
    C_PLAYERS,
    CARD_KIND,
    DECIDE,
    DES,
    DESN,
    DESSERT_PTS,
    DONE,
    DONE_SLOT,
    ENDN,
    ENDTAB,
    F_MAKI,
    F_NIGIRI,
    F_URAMAKI,
    FAMILIES,
    FEED,
    FEED_N,
    FLIP,
    FLIP_OF,
    HAND,
    HN,
    K_NIGIRI,
    K_WASABI,
    L_CHOICE,
    L_DEAL,
    L_DRAW,
    L_FLIP,
    L_PICK,
    LOG,
    LOGN,
    MAXD,
    MAXT,
    NB,
    NOOP,
    ROUND,
    ROUNDS,
    SO,
    TOK_CARD,
    TOK_ICONS,
    TOK_KIND,
    TOK_ON,
    TOK_UNCOVERED,
    N,
    S,
    _apply,
    _reset,
)
from sushigo.games.party.scoring import ROUND_FAMILIES, SCORING_KINDS

WASABI = int(np.flatnonzero(CARD_KIND == K_WASABI)[0])
"""The wasabi card."""
FAMILY_KIND = np.array([SCORING_KINDS.index(f) for f in ROUND_FAMILIES], np.int64)
"""The kind (a position in SCORING_KINDS) each family of a breakdown scores."""
FIRST_CARD = np.zeros(len(SCORING_KINDS), np.int64)
"""Each kind's first card (where points with no card to go to are put)."""
for _c in range(N - 1, -1, -1):
    FIRST_CARD[CARD_KIND[_c]] = _c


@njit(cache=True)
def _feed(row: np.ndarray, log: np.ndarray, n: int, hand: int) -> None:
    """The game's chance outcomes, read from its log, as the row's feed."""
    at = 0
    w = 0
    while at < log.shape[0]:
        op = log[at] // 8
        if op == L_DEAL:
            size = 2 + log[at + 1] + n * hand
        elif op == L_DRAW or op == L_FLIP:
            size = 2 + log[at + 1]
        else:
            size = 2
        if op == L_DEAL or op == L_DRAW:
            row[FEED + w] = 0 if op == L_DEAL else 1
            for i in range(1, size):
                row[FEED + w + i] = log[at + i]
            w += size
        at += size
    row[FEED_N] = w


@njit(cache=True)
def _count_picks(row: np.ndarray, picks: np.ndarray, n: int, offered: np.ndarray,
                 taken: np.ndarray, over: np.ndarray) -> None:  # fmt: skip
    """The picks about to be revealed (every seat's, not the last card): what each seat
    held and took."""
    for s in range(n):
        base = picks[s] % NB
        a = base if base < N else SO
        hand = HAND + s * N
        for c in range(N):
            if row[hand + c] == 0:
                continue
            offered[s, c] += 1
            if c == a:
                taken[s, c] += 1
            else:
                over[a, c] += 1


@njit(cache=True)
def _share(points: np.ndarray, tokens: np.ndarray, kind: int, total: float,
           by_icons: bool) -> bool:  # fmt: skip
    """``total`` shared among the tokens of ``kind`` (by icons, or equally), by printed
    card; False if there is none."""
    weight = 0.0
    for tok in tokens:
        if TOK_KIND[tok] == kind:
            weight += TOK_ICONS[tok] if by_icons else 1.0
    if weight == 0.0:
        return False
    for tok in tokens:
        if TOK_KIND[tok] == kind:
            points[TOK_CARD[tok]] += total * (TOK_ICONS[tok] if by_icons else 1.0) / weight
    return True


@njit(cache=True)
def _nigiri(points: np.ndarray, tokens: np.ndarray) -> None:
    """Each nigiri its printed value; what a wasabi tripled to the wasabi under it: the
    covered wasabi taken in the order they lie (the plain wasabi card if none is left,
    one flipped since)."""
    w = 0
    for tok in tokens:
        if TOK_KIND[tok] != K_NIGIRI:
            continue
        points[TOK_CARD[tok]] += TOK_ICONS[tok]
        if not TOK_ON[tok]:
            continue
        to = WASABI
        while w < tokens.shape[0]:
            q = tokens[w]
            w += 1
            if TOK_KIND[q] == K_WASABI and not TOK_UNCOVERED[q]:
                to = TOK_CARD[q]
                break
        points[to] += 2 * TOK_ICONS[tok]


@njit(cache=True)
def _round_points(row: np.ndarray, r: int, s: int, points: np.ndarray, cards: np.ndarray,
                  dessert: int) -> None:  # fmt: skip
    """Seat ``s``'s points of round ``r`` given to its cards (see the module docstring)."""
    at = ENDTAB + (r * S + s) * MAXT
    tokens = row[at : at + row[ENDN + r * S + s]]
    b = BREAK + (r * S + s) * FAMILIES
    for tok in tokens:
        if TOK_KIND[tok] != dessert:
            cards[TOK_CARD[tok]] += 1
    for f in range(FAMILIES):
        total = float(row[b + f])
        if total == 0.0:
            continue
        if f == F_NIGIRI:
            _nigiri(points, tokens)
            continue
        kind = FAMILY_KIND[f]
        if not _share(points, tokens, kind, total, f == F_MAKI or f == F_URAMAKI):
            points[FIRST_CARD[kind]] += total


@njit(cache=True, parallel=True)
def card_stats(st: np.ndarray, work: np.ndarray, cfg: np.ndarray, scratch: np.ndarray,
               offered: np.ndarray, taken: np.ndarray, over: np.ndarray, points: np.ndarray,
               cards: np.ndarray) -> None:  # fmt: skip
    """Fill ``offered``, ``taken``, ``cards`` (batch x players x N), ``over`` (batch x 1
    x N x N) and ``points`` (float64, batch x players x N) for every game of ``st``,
    played again in ``work`` (see the module docstring)."""
    n = cfg[C_PLAYERS]
    dessert = cfg[C_DESSERT]
    for g in prange(st.shape[0]):
        row = st[g]
        again = work[g]
        buf = scratch[g]
        offered[g] = 0
        taken[g] = 0
        over[g] = 0
        points[g] = 0.0
        cards[g] = 0
        log = row[LOG : LOG + row[LOGN]]
        _feed(again, log, n, cfg[C_HAND])
        rng = np.zeros(1, np.uint64)  # unused: every chance outcome is in the feed
        _reset(again, rng, 0, cfg, buf)
        slots = np.full(S, NOOP, np.int64)
        at = 0
        while at < log.shape[0] and not again[DONE]:
            op = log[at] // 8
            if op == L_DEAL or op == L_DRAW:
                at += 2 + log[at + 1] + (n * cfg[C_HAND] if op == L_DEAL else 0)
                continue
            for s in range(n):
                slots[s] = NOOP
            if op == L_PICK:  # every deciding seat's pick, logged in seat order
                for s in range(n):
                    if again[DECIDE + s]:
                        slots[s] = log[at + 1]
                        at += 2
                if again[HN] >= 2:
                    _count_picks(again, slots, n, offered[g], taken[g], over[g, 0])
                _apply(again, rng, 0, slots, cfg, buf)
            elif op == L_CHOICE:
                slots[log[at] % 8] = log[at + 1]
                at += 2
                _apply(again, rng, 0, slots, cfg, buf)
            else:  # a takeout box's flips, a token at a time, then done
                seat = log[at] % 8
                k = log[at + 1]
                for i in range(k):
                    slots[seat] = FLIP + FLIP_OF[log[at + 2 + i]]
                    _apply(again, rng, 0, slots, cfg, buf)
                slots[seat] = DONE_SLOT
                _apply(again, rng, 0, slots, cfg, buf)
                at += 2 + k
        for r in range(min(row[ROUND], ROUNDS)):
            for s in range(n):
                _round_points(row, r, s, points[g, s], cards[g, s], dessert)
        if row[DONE]:
            for s in range(n):
                kept = row[DESN + s]
                total = float(row[DESSERT_PTS + s])
                for j in range(kept):
                    c = TOK_CARD[row[DES + s * MAXD + j]]
                    cards[g, s, c] += 1
                    points[g, s, c] += total / kept
                if kept == 0:
                    points[g, s, FIRST_CARD[dessert]] += total
