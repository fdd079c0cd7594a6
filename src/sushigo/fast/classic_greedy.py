"""The greedy agent's Sushi Go! decision (sushigo.agents.greedy) in the batch engine.

Every legal slot of a seat gets the score ``GreedyAgent._score`` gives its pick, from
what that seat's view holds, read off the row: its hand, the hands it saw earlier
this round (in the two-player dummy variant, the other player's hand but the card
they drew), every seat's tableau and desserts, the discards, the hand sizes, the
round, turn and passing direction. The arithmetic is the agent's, step for step and
in the same order, so the scores are the same numbers (tests/test_batch_search.py
checks them against the agent's at decisions of engine games in every
configuration); greedy then takes the best, ties broken at random (here from the
policy generator, there from the agent's own).

What mcts's search in the batch engine (sushigo.fast.classic_search) models the other
seats by, and may play out with: the engine's search owes most of its strength to
modelling them as greedy (docs/agents.md). The agent's weights are copied below
(``fast`` does not import ``agents``); the test checks they are the agent's.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, prange

from sushigo.fast.classic import (
    CHOPSTICKS,
    CTRL,
    DESS,
    DISC,
    DONE,
    DRAWN,
    DUMPLING,
    EGG,
    FREE,
    HANDS,
    MAKI1,
    MAKI2,
    MAKI3,
    ON,
    PAIRS,
    PASSR,
    PUDDING,
    ROUND,
    SALMON,
    SASHIMI,
    SOY,
    SQUID,
    TAB,
    TEMPURA,
    TURN,
    WASABI,
    N,
    S,
    _below,
    legal_slots,
)
from sushigo.games.classic.cards import CLASSIC_CARDS

# -- sushigo.agents.greedy's weights (tests/test_batch_search.py checks they are its) --
PICK_COST = 2.5
CHOPSTICKS_VALUE = 2.5
DENIAL = 0.7
RIVALRY = 1.0
MAKI_SPREAD = 2.0
PUDDING_SPREAD = 0.9
DUMMY_DENIAL = 0.8
PUDDING_TIEBREAK = 0.3

_COLOURS = sorted({t.colour for t in CLASSIC_CARDS.types})
BITS = np.array([1 << _COLOURS.index(t.colour) for t in CLASSIC_CARDS.types], np.int64)
"""Each card type's colour bit, as greedy's ``_BIT`` gives it."""
CHOP_BIT = int(BITS[CHOPSTICKS])
DUMPLINGS = np.array([0, 1, 3, 6, 10, 15], np.int64)
WATCHED = np.array([TEMPURA, SASHIMI, DUMPLING, SQUID, SALMON, EGG, SOY], np.int64)
"""greedy's ``_WATCHED``: card types whose availability is estimated (then any nigiri)."""

# A seat's summary (greedy's _T, _S, _D, _W, _NP, _M, _P, _C, _Y, _COL).
T_, S_, D_, W_, NP_, M_, P_, C_, Y_, COL_ = range(10)
# The context of one decision (greedy's _Context), as floats.
(
    X_TEMPURA,  # 2: P(at least 1, 2 more)
    X_SASHIMI,  # 3
    X_DUMPLING,  # 6
    X_WASABI,  # 4, then its length
    X_WASABI_N,
    X_CHOP,
    X_SOY_ON,
    X_SOY_CHANCE,
    X_COLOUR_GAIN,
    X_MAKI_SD,
    X_MAKI_Q,
    X_PUD_SD,
    X_PENALTY,
    X_RIVAL,
    X_SIZE,
) = (0, 2, 5, 11, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25)


@njit(cache=True)
def _sig(z: float) -> float:
    """agents.odds.sig."""
    if z > 12.0:
        return 1.0
    if z < -12.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-1.7 * z))


@njit(cache=True)
def _at_least(avail: np.ndarray, m: int, k: int, out: np.ndarray) -> None:
    """agents.odds.at_least over ``avail[:m]``, into ``out[:k + 1]``."""
    dist = np.zeros(k + 1)
    dist[0] = 1.0
    for i in range(m):
        q = avail[i]
        if q <= 0.0:
            continue
        r = 1.0 - q
        dist[k] += dist[k - 1] * q
        for t in range(k - 1, 0, -1):
            dist[t] = dist[t] * r + dist[t - 1] * q
        dist[0] *= r
    acc = 0.0
    for t in range(k, -1, -1):
        acc += dist[t]
        out[t] = acc


@njit(cache=True)
def _add(s: np.ndarray, c: int) -> None:
    """greedy._add: card ``c`` put in front of the seat summarised by ``s``."""
    if c == TEMPURA:
        s[T_] += 1
    elif c == SASHIMI:
        s[S_] += 1
    elif c == DUMPLING:
        s[D_] += 1
    elif EGG <= c <= SQUID:
        base = c - EGG + 1
        if s[W_]:
            s[W_] -= 1
            s[NP_] += 3 * base
        else:
            s[NP_] += base
    elif c == WASABI:
        s[W_] += 1
    elif MAKI1 <= c <= MAKI3:
        s[M_] += c - MAKI1 + 1
    elif c == PUDDING:
        s[P_] += 1
    elif c == CHOPSTICKS:
        s[C_] += 1
    elif c == SOY:
        s[Y_] += 1
    s[COL_] |= BITS[c]


@njit(cache=True)
def _after(src: np.ndarray, a: int, b: int, out: np.ndarray) -> None:
    """greedy._after: the summary after taking ``a`` (then ``b``, with chopsticks,
    which go back to the hand; -1: no second card)."""
    out[:] = src
    if b >= 0:
        out[C_] -= 1
        if not out[C_]:
            out[COL_] &= ~CHOP_BIT
    _add(out, a)
    if b >= 0:
        _add(out, b)


@njit(cache=True)
def _own(s: np.ndarray, x: np.ndarray) -> float:
    """greedy._Context.own: a seat's own families, no race."""
    t = s[T_]
    v = 5.0 * (t // 2)
    need = 2 - t % 2
    v += max(0.0, x[X_TEMPURA + need - 1] * (5.0 - need * PICK_COST))
    sa = s[S_]
    v += 10.0 * (sa // 3)
    need = 3 - sa % 3
    v += max(0.0, x[X_SASHIMI + need - 1] * (10.0 - need * PICK_COST))
    d = s[D_]
    if d >= 5:
        v += 15.0
    else:
        v += DUMPLINGS[d]
        for k in range(1, min(5 - d, 5) + 1):
            gain = DUMPLINGS[d + k] - DUMPLINGS[d + k - 1] - PICK_COST
            if gain > 0.0:
                v += x[X_DUMPLING + k] * gain
    v += s[NP_]
    w = s[W_]
    if w:
        v += x[X_WASABI + min(w, int(x[X_WASABI_N]) - 1)]
    if s[C_]:
        v += x[X_CHOP] * (1.0 + 0.2 * (s[C_] - 1))
    v += PUDDING_TIEBREAK * s[P_]
    return float(v)


@njit(cache=True)
def _place(
    sums: np.ndarray,
    n: int,
    col: int,
    me: int,
    rivals: bool,
    x: np.ndarray,
    players: np.ndarray,
) -> float:
    """greedy._Context._place: expected maki (``col`` M_) or pudding (P_) place points
    of ``me`` minus its rivals'."""
    maki = col == M_
    sd = x[X_MAKI_SD] if maki else x[X_PUD_SD]
    total = 0.0
    for i in range(n):
        if i == me:
            weight = 1.0
        elif rivals and players[i]:
            weight = -x[X_RIVAL]
        else:
            continue
        p0 = 1.0
        p1 = 0.0
        pl = 1.0
        vi = sums[i, col]
        for j in range(n):
            if j != i:
                b = _sig((vi - sums[j, col]) / sd)
                p1 = p1 * b + p0 * (1.0 - b)
                p0 *= b
                pl *= 1.0 - b
        if maki:
            q = 1.0 if vi > 0 else x[X_MAKI_Q]
            v = q * (6.0 * p0 + 3.0 * p1)
        else:
            v = 6.0 * p0 - 6.0 * pl if x[X_PENALTY] else 6.0 * p0
        total += weight * v
    return total


@njit(cache=True)
def _popcount(v: int) -> int:
    k = 0
    while v:
        k += v & 1
        v >>= 1
    return k


@njit(cache=True)
def _soy(sums: np.ndarray, n: int, me: int, x: np.ndarray) -> float:
    """greedy._Context.soy: expected soy sauce points of ``me``."""
    s = sums[me]
    if not s[Y_] and x[X_SOY_CHANCE] <= 0.0:
        return 0.0
    g = x[X_COLOUR_GAIN]
    mine = _popcount(s[COL_])
    proj = mine + (8 - mine) * g
    most = 1.0
    for i in range(n):
        if i != me:
            c = _popcount(sums[i, COL_])
            most *= _sig((proj - c - (8 - c) * g) / 0.8)
    if s[Y_]:
        return 4.0 * most
    return float(max(0.0, x[X_SOY_CHANCE] * (4.0 * most - PICK_COST)))


@njit(cache=True)
def _races(
    sums: np.ndarray, n: int, me: int, rivals: bool, x: np.ndarray, players: np.ndarray
) -> float:
    """greedy._Context.races: maki, pudding (and soy) points of ``me`` minus its
    rivals' (``rivals`` False: its own alone)."""
    m = _place(sums, n, M_, me, rivals, x, players)
    pd = _place(sums, n, P_, me, rivals, x, players)
    if x[X_SOY_ON]:
        return m + pd + _soy(sums, n, me, x)
    return m + pd


@njit(cache=True)
def _touches(before: np.ndarray, after: np.ndarray, soy_on: bool) -> bool:
    return (
        after[M_] != before[M_]
        or after[P_] != before[P_]
        or (soy_on and (after[COL_] != before[COL_] or after[Y_] != before[Y_]))
    )


@njit(cache=True)
def _summary(row: np.ndarray, a: int, out: np.ndarray) -> None:
    """greedy._summary of seat ``a``'s tableau and desserts, from the row's counts
    (its free wasabi and the nigiri on wasabi as the row keeps them)."""
    t = TAB + a * N
    out[:] = 0
    out[T_] = row[t + TEMPURA]
    out[S_] = row[t + SASHIMI]
    out[D_] = row[t + DUMPLING]
    out[W_] = row[FREE + a]
    np_ = 0
    for e in range(3):
        base = e + 1
        np_ += base * row[t + EGG + e] + 2 * base * row[ON + a * 3 + e]
    out[NP_] = np_
    out[M_] = row[t + MAKI1] + 2 * row[t + MAKI2] + 3 * row[t + MAKI3]
    out[P_] = row[DESS + a] + row[t + PUDDING]
    out[C_] = row[t + CHOPSTICKS]
    out[Y_] = row[t + SOY]
    col = 0
    for c in range(N):
        if row[t + c] > 0:
            col |= BITS[c]
    out[COL_] = col


@njit(cache=True)
def _context(
    row: np.ndarray,
    s: int,
    players: int,
    seats: int,
    hand_size: int,
    penalty: bool,
    soy_on: bool,
    dummy: bool,
    full: np.ndarray,
    x: np.ndarray,
    sums: np.ndarray,
    player: np.ndarray,
    hand: np.ndarray,
) -> int:
    """greedy._context for seat ``s``: the decision's context into ``x``, every seat's
    summary into ``sums`` and which seats are players (not the dummy, not ``s``) into
    ``player``, relative to ``s`` (index ``i`` is seat ``s + i``); ``hand`` its hand's
    counts. The first player after ``s`` (the dummy variant's other player)."""
    n = seats
    step = -1 if row[PASSR] == 1 else 1
    turn = row[TURN]
    dummy_rel = (2 - s) % n if dummy else -1
    first = -1
    rivals = 0
    for i in range(n):
        player[i] = 1 if (i >= 1 and i != dummy_rel) else 0
        if player[i]:
            rivals += 1
            if first < 0:
                first = i
    x[:] = 0.0
    x[X_RIVAL] = RIVALRY / max(1, rivals)
    x[X_PENALTY] = 1.0 if penalty else 0.0
    x[X_SOY_ON] = 1.0 if soy_on else 0.0
    p = max(0, hand_size - turn - 1)
    for c in range(N):
        hand[c] = row[HANDS + s * N + c]
    own_n = 0
    for c in range(N):
        own_n += hand[c]
    # the hands this seat saw this round, as they are now (relative), and every size
    known = np.zeros((S, N), np.int64)
    seen = np.zeros(S, np.bool_)
    sizes = np.zeros(S, np.int64)
    for i in range(n):
        a = (s + i) % n
        if a < players:
            for c in range(N):
                sizes[i] += row[HANDS + a * N + c]
    if dummy:
        other = 1 - s
        if turn >= 1:
            rel = (other - s) % n
            seen[rel] = True
            for c in range(N):
                known[rel, c] = row[HANDS + other * N + c]
            if other == row[CTRL] and row[DRAWN] >= 0:
                known[rel, row[DRAWN]] -= 1
    else:
        for k in range(1, min(turn, players - 1) + 1):
            rel = (k * step) % n
            a = (s + k * step) % n
            seen[rel] = True
            for c in range(N):
                known[rel, c] = row[HANDS + a * N + c]
    known_cards = 0
    for i in range(n):
        if seen[i]:
            for c in range(N):
                known_cards += known[i, c]
    # cards not yet seen by this seat
    unseen = np.zeros(N, np.int64)
    kept = 0
    for a in range(n):
        kept += row[DESS + a]
    total_unseen = 0
    for c in range(N):
        u = full[c] - hand[c] - row[DISC + c]
        for i in range(n):
            u -= row[TAB + i * N + c]
            if seen[i]:
                u -= known[i, c]
        if c == PUDDING:
            u -= kept
        if u < 0:
            u = 0
        unseen[c] = u
        total_unseen += u
    dens = 1.0 / total_unseen if total_unseen else 0.0
    round_cards = 0
    for i in range(n):
        round_cards += sizes[i]
    if dummy:
        round_cards += max(0, hand_size - turn - 1)
    unknown = max(0, round_cards - own_n - known_cards)
    frac = unknown * dens
    # per future turn, the chance each watched type is in the hand that arrives
    avail = np.zeros((8, max(p, 1)))
    counts = np.zeros((S, 8))
    done = np.zeros(S, np.bool_)
    m = 0
    for j in range(1, p + 1):
        if dummy:
            r = first if j % 2 else 0
        else:
            r = (-j * step) % n
        size = sizes[r] if r else own_n
        if size <= 0:
            continue
        if not done[r]:
            done[r] = True
            for w in range(7):
                c = WATCHED[w]
                if r == 0:
                    counts[r, w] = max(0.0, hand[c] - 1.0)
                elif seen[r]:
                    counts[r, w] = float(known[r, c])
                else:
                    counts[r, w] = unseen[c] * (size * dens)
            counts[r, 7] = counts[r, 3] + counts[r, 4] + counts[r, 5]
        if not dummy:
            surv = max(0.0, size - j) / size
        else:
            surv = max(0.2, (size - j / 2) / size)
        for w in range(8):
            e = counts[r, w]
            avail[w, m] = 1.0 - math.exp(-e * surv) if e > 0.0 else 0.0
        m += 1
    out = np.zeros(6)
    _at_least(avail[0], m, 2, out)
    x[X_TEMPURA] = out[1]
    x[X_TEMPURA + 1] = out[2]
    _at_least(avail[1], m, 3, out)
    for i in range(3):
        x[X_SASHIMI + i] = out[1 + i]
    _at_least(avail[2], m, 5, out)
    for i in range(6):
        x[X_DUMPLING + i] = out[i]
    # wasabi: the best nigiri likely to come, and how many nigiri will come
    sq = 1.0
    sa = 1.0
    eg = 1.0
    for i in range(m):
        sq *= 1.0 - avail[3, i]
    for i in range(m):
        sa *= 1.0 - avail[4, i]
    for i in range(m):
        eg *= 1.0 - avail[5, i]
    best = 3.0 * (1.0 - sq) + 2.0 * sq * (1.0 - sa) + sq * sa * (1.0 - eg)
    any_n = 1.0 - sq * sa * eg
    cond = best / any_n if any_n > 1e-9 else 0.0
    per_wasabi = max(0.0, 3.0 * cond - PICK_COST)
    x[X_WASABI] = 0.0
    x[X_WASABI_N] = 1.0
    if per_wasabi > 0.0:
        _at_least(avail[7], m, 3, out)
        for k in range(1, 4):
            x[X_WASABI + k] = x[X_WASABI + k - 1] + out[k] * per_wasabi * (1.0 if k == 1 else 0.7)
        x[X_WASABI_N] = 4.0
    x[X_CHOP] = CHOPSTICKS_VALUE * min(1.0, (p - 1) / 3.0) if p >= 2 else 0.0
    # races: what is still to come for every seat
    icons = 0
    makis = 0
    puds = 0
    for c in range(MAKI1, MAKI3 + 1):
        k = hand[c]
        for i in range(n):
            if seen[i]:
                k += known[i, c]
        icons += k * (c - MAKI1 + 1)
        makis += k
    puds = hand[PUDDING]
    for i in range(n):
        if seen[i]:
            puds += known[i, PUDDING]
    icons_left = float(icons)
    maki_left = float(makis)
    pud_left = float(puds)
    for c in range(MAKI1, MAKI3 + 1):
        u = unseen[c] * frac
        icons_left += u * (c - MAKI1 + 1)
        maki_left += u
    pud_left += unseen[PUDDING] * frac
    rounds_after = max(0, 2 - row[ROUND])
    if rounds_after:
        per_round = hand_size * n
        pud_left += rounds_after * per_round * unseen[PUDDING] * dens
    x[X_MAKI_SD] = 0.45 + MAKI_SPREAD * math.sqrt(icons_left / n)
    x[X_MAKI_Q] = 1.0 - math.exp(-maki_left / n)
    x[X_PUD_SD] = 0.45 + PUDDING_SPREAD * math.sqrt(pud_left / n)
    if soy_on:
        _at_least(avail[6], m, 1, out)
        x[X_SOY_CHANCE] = out[1]
        x[X_COLOUR_GAIN] = 1.0 - math.pow(1.0 - 0.09, float(p))
    for i in range(n):
        _summary(row, (s + i) % n, sums[i])
    return first


@njit(cache=True)
def _max_deny(deny: np.ndarray, counts: np.ndarray) -> float:
    """The best denial value among the card types ``counts`` holds (-inf: none)."""
    best = -np.inf
    for c in range(N):
        if counts[c] > 0 and deny[c] > best:
            best = deny[c]
    return best


@njit(cache=True)
def _denial(deny: np.ndarray, hand: np.ndarray, rest: np.ndarray, top: float) -> float:
    """greedy's denial(taken): what the next seat loses, its best card in ``hand``
    (``top``) less its best card in ``rest``, what is left (0 when nothing is)."""
    left = 0
    for c in range(N):
        left += rest[c]
    if left == 0:
        return 0.0
    return top - _max_deny(deny, rest)


@njit(cache=True)
def greedy_scores(
    row: np.ndarray,
    s: int,
    players: int,
    seats: int,
    hand_size: int,
    penalty: bool,
    soy_on: bool,
    dummy: bool,
    full: np.ndarray,
    slots: np.ndarray,
    n: int,
    out: np.ndarray,
) -> None:
    """GreedyAgent._score of seat ``s``'s legal slots ``slots[:n]`` into ``out[:n]``."""
    x = np.zeros(X_SIZE)
    sums = np.zeros((S, 10), np.int64)
    player = np.zeros(S, np.int64)
    hand = np.zeros(N, np.int64)
    first = _context(row, s, players, seats, hand_size, penalty, soy_on, dummy, full, x, sums,
                     player, hand)  # fmt: skip
    ns = seats
    step = -1 if row[PASSR] == 1 else 1
    dummy_rel = (2 - s) % ns if dummy else -1
    own0 = _own(sums[0], x)
    race0 = _races(sums, ns, 0, True, x, player)
    after = np.zeros(10, np.int64)
    s2 = sums.copy()
    # the seat that receives this hand next, and what each card is worth to it
    nxt = first if dummy else step % ns
    deny = np.zeros(N)
    if DENIAL and nxt != 0:
        own_next = _own(sums[nxt], x)
        race_next = 0.0
        raced = False
        for c in range(N):
            if hand[c] == 0:
                continue
            _after(sums[nxt], c, -1, after)
            v = _own(after, x) - own_next
            if _touches(sums[nxt], after, soy_on):
                if not raced:
                    race_next = _races(sums, ns, nxt, False, x, player)
                    raced = True
                s2[:] = sums
                s2[nxt] = after
                v += _races(s2, ns, nxt, False, x, player) - race_next
            deny[c] = v
    top = _max_deny(deny, hand)
    rest = np.zeros(N, np.int64)
    for i in range(n):
        slot = slots[i]
        d = slot // PAIRS - 1
        pick = slot % PAIRS
        if pick < N:
            a, b = pick, -1
        else:
            a, b = divmod(pick - N, N)
        # mine(cards)
        _after(sums[0], a, b, after)
        v = _own(after, x) - own0
        if _touches(sums[0], after, soy_on):
            s2[:] = sums
            s2[0] = after
            v += _races(s2, ns, 0, True, x, player) - race0
        rest[:] = hand
        rest[a] -= 1
        if b >= 0:
            rest[b] -= 1
        taken = _denial(deny, hand, rest, top)
        v = v + DENIAL * taken
        if d >= 0:
            # gift(d): the races, and the card leaving the hand
            _after(sums[dummy_rel], d, -1, after)
            g = 0.0
            if _touches(sums[dummy_rel], after, soy_on):
                s2[:] = sums
                s2[dummy_rel] = after
                g = _races(s2, ns, 0, True, x, player) - race0
            rest[d] -= 1
            v += g + DUMMY_DENIAL * (_denial(deny, hand, rest, top) - taken)
        out[i] = v


@njit(cache=True)
def greedy_slot(
    row: np.ndarray,
    s: int,
    players: int,
    seats: int,
    hand_size: int,
    penalty: bool,
    soy_on: bool,
    dummy: bool,
    full: np.ndarray,
    slots: np.ndarray,
    n: int,
    scores: np.ndarray,
    prng: np.ndarray,
    g: int,
) -> int:
    """GreedyAgent's pick among ``slots[:n]``: the best score, ties (within 1e-9)
    broken at random from ``prng[g]``."""
    if n == 1:
        return int(slots[0])
    greedy_scores(row, s, players, seats, hand_size, penalty, soy_on, dummy, full, slots, n,
                  scores)  # fmt: skip
    best = scores[0]
    for i in range(1, n):
        best = max(best, scores[i])
    ties = 0
    for i in range(n):
        if scores[i] >= best - 1e-9:
            ties += 1
    k = 0 if ties == 1 else _below(prng, g, ties)
    for i in range(n):
        if scores[i] >= best - 1e-9:
            if k == 0:
                return int(slots[i])
            k -= 1
    return int(slots[0])


@njit(cache=True, parallel=True)
def greedy_rows(
    st: np.ndarray,
    prng: np.ndarray,
    players: int,
    seats: int,
    hand_size: int,
    penalty: bool,
    soy_on: bool,
    dummy: bool,
    full: np.ndarray,
    out: np.ndarray,
    scratch: np.ndarray,
) -> None:
    """GreedyAgent's slot for every seat of every game (the no-op in a game over), ties
    broken from each game's policy generator."""
    noop = PAIRS * (N + 1)
    for g in prange(st.shape[0]):
        row = st[g]
        buf = scratch[g]
        scores = np.empty(buf.shape[0])
        for s in range(players):
            if row[DONE]:
                out[g, s] = noop
                continue
            n = legal_slots(row, s, buf)
            out[g, s] = greedy_slot(row, s, players, seats, hand_size, penalty, soy_on, dummy,
                                    full, buf, n, scores, prng, g)  # fmt: skip
