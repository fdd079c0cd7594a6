"""Sushi Go! as a batch engine: many games advanced together in numba-compiled loops.

Every game of a batch is a row of one int16 array (its fields at the offsets
below), with its own random generator (splitmix64, seeded from the batch's seed and
the game's number), so game ``g`` of seed ``s`` is the same whatever the batch size.
Cards are counted by type (hands, tableaux, the deck), in card-table order: tempura,
sashimi, dumpling, maki-1, maki-2, maki-3, egg, salmon, squid, pudding, wasabi,
chopsticks, soy sauce. Slots, masks and observations are the reinforcement-learning
layouts of ``sushigo.rl.classic`` (docs/rl.md), cross-checked position by position
(tests/test_fast_classic.py).

The two-player dummy variant is not in the batch engine yet.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

N = 13
"""Card types."""
S = 5
"""Seats a row holds (5 players)."""
ROUNDS = 3
MAX_HAND = 10
TEMPURA, SASHIMI, DUMPLING, MAKI1, MAKI2, MAKI3, EGG, SALMON, SQUID = range(9)
PUDDING, WASABI, CHOPSTICKS, SOY = 9, 10, 11, 12
FAMILIES = 6
"""Breakdown keys: maki, tempura, sashimi, dumpling, nigiri, soy-sauce."""
PAIRS = N + N * N
"""Slots of a pick: 13 singles, then 169 ordered pairs."""
NOOP = PAIRS
"""The no-op slot (the layout without the dummy's block of slots)."""

# -- the fields of a row --
HANDS = 0
TAB = HANDS + S * N
FREE = TAB + S * N
ON = FREE + S
DECK = ON + S * 3
DISC = DECK + N
DESS = DISC + N
SCORE = DESS + S
ROUND = SCORE + S
TURN = ROUND + 1
DONE = TURN + 1
PASSR = DONE + 1
HAND_N = PASSR + 1
BREAK = HAND_N + 1
"""Each round's breakdown: ROUNDS x S x FAMILIES."""
DESSERT_PTS = BREAK + ROUNDS * S * FAMILIES
DEALT = DESSERT_PTS + S
"""Each round's deal: ROUNDS x S x N counts."""
PICKS = DEALT + ROUNDS * S * N
"""Each turn's slot per seat: ROUNDS x MAX_HAND x S (-1: none)."""
WIDTH = PICKS + ROUNDS * MAX_HAND * S

# -- the observation (sushigo.rl.classic) --
OBS_BLOCK = 4 + 2 * N + 1 + 3 + 2
OBS_GLOBAL = 4 + 4 + ROUNDS + 3 + 3 * N
OBS = OBS_GLOBAL + S * OBS_BLOCK

DUMPLING_POINTS = np.array([0, 1, 3, 6, 10, 15], np.int16)
COLOUR = np.array([0, 1, 2, 3, 3, 3, 4, 4, 4, 5, 4, 6, 7], np.int64)
"""Each card's colour: purple, green, blue, red, yellow, pink, light blue, soy."""


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
def seed_rows(rng: np.ndarray, seed: int, first: int) -> None:
    """Game ``first + i``'s generator for row ``i``: its seed and number, mixed."""
    for i in range(rng.shape[0]):
        rng[i] = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(first + i)
        _next(rng, i)


@njit(cache=True)
def _deal(
    st: np.ndarray,
    rng: np.ndarray,
    g: int,
    players: int,
    hand: int,
    reshuffle: bool,
    full: np.ndarray,
) -> None:
    row = st[g]
    r = row[ROUND]
    if reshuffle:
        for c in range(N):
            row[DECK + c] = full[c]
            row[DISC + c] = 0
        for s in range(players):
            row[DECK + PUDDING] -= row[DESS + s]
    left = 0
    for c in range(N):
        left += row[DECK + c]
    for s in range(players):
        for c in range(N):
            row[HANDS + s * N + c] = 0
        for _ in range(hand):
            k = _below(rng, g, left)
            c = 0
            while k >= row[DECK + c]:
                k -= row[DECK + c]
                c += 1
            row[DECK + c] -= 1
            left -= 1
            row[HANDS + s * N + c] += 1
            row[DEALT + (r * S + s) * N + c] += 1
    row[HAND_N] = hand
    row[TURN] = 0


@njit(cache=True)
def _place(row: np.ndarray, s: int, c: int) -> None:
    row[TAB + s * N + c] += 1
    if c == WASABI:
        row[FREE + s] += 1
    elif EGG <= c <= SQUID and row[FREE + s] > 0:
        row[FREE + s] -= 1
        row[ON + s * 3 + c - EGG] += 1


@njit(cache=True)
def _split(points: int, ways: int) -> int:
    return points // ways if points >= 0 else -((-points) // ways)


@njit(cache=True)
def _end_round(row: np.ndarray, players: int, soy: bool, penalty: bool) -> None:
    r = row[ROUND]
    icons = np.zeros(S, np.int64)
    colours = np.zeros(S, np.int64)
    for s in range(players):
        t = TAB + s * N
        icons[s] = row[t + MAKI1] + 2 * row[t + MAKI2] + 3 * row[t + MAKI3]
        b = BREAK + (r * S + s) * FAMILIES
        row[b + 1] = 5 * (row[t + TEMPURA] // 2)
        row[b + 2] = 10 * (row[t + SASHIMI] // 3)
        row[b + 3] = DUMPLING_POINTS[min(row[t + DUMPLING], 5)]
        on = ON + s * 3
        row[b + 4] = (
            row[t + EGG]
            + 2 * row[t + SALMON]
            + 3 * row[t + SQUID]
            + 2 * (row[on] + 2 * row[on + 1] + 3 * row[on + 2])
        )
        seen = 0
        for c in range(N):
            if row[t + c] > 0:
                seen |= 1 << COLOUR[c]
        k = 0
        while seen:
            k += seen & 1
            seen >>= 1
        colours[s] = k
    # maki: 6 for most, 3 for second, ties split; a tie for most gives no second
    top = 0
    for s in range(players):
        top = max(top, icons[s])
    if top > 0:
        n_top = 0
        second = 0
        for s in range(players):
            if icons[s] == top:
                n_top += 1
            elif icons[s] > second:
                second = icons[s]
        for s in range(players):
            if icons[s] == top:
                row[BREAK + (r * S + s) * FAMILIES] = 6 // n_top
        if n_top == 1 and second > 0:
            n_second = 0
            for s in range(players):
                if icons[s] == second:
                    n_second += 1
            for s in range(players):
                if icons[s] == second:
                    row[BREAK + (r * S + s) * FAMILIES] = 3 // n_second
    if soy:
        best = 0
        for s in range(players):
            best = max(best, colours[s])
        tied = 0
        for s in range(players):
            if colours[s] == best:
                tied += 1
        for s in range(players):
            if colours[s] == best and row[TAB + s * N + SOY] > 0:
                row[BREAK + (r * S + s) * FAMILIES + 5] = 4 // tied
    for s in range(players):
        b = BREAK + (r * S + s) * FAMILIES
        total = 0
        for f in range(FAMILIES):
            total += row[b + f]
        row[SCORE + s] += total
        t = TAB + s * N
        row[DESS + s] += row[t + PUDDING]
        for c in range(N):
            if c != PUDDING:
                row[DISC + c] += row[t + c]
            row[t + c] = 0
        row[FREE + s] = 0
        for k in range(3):
            row[ON + s * 3 + k] = 0
    row[ROUND] = r + 1
    if r + 1 == ROUNDS:
        hi = -1
        lo = 1 << 30
        for s in range(players):
            hi = max(hi, row[DESS + s])
            lo = min(lo, row[DESS + s])
        if hi != lo:
            n_hi = 0
            n_lo = 0
            for s in range(players):
                if row[DESS + s] == hi:
                    n_hi += 1
                if row[DESS + s] == lo:
                    n_lo += 1
            for s in range(players):
                pts = 0
                if row[DESS + s] == hi:
                    pts += 6 // n_hi
                if penalty and row[DESS + s] == lo:
                    pts += _split(-6, n_lo)
                row[DESSERT_PTS + s] = pts
                row[SCORE + s] += pts
        row[DONE] = 1


@njit(cache=True)
def legal_slots(row: np.ndarray, s: int, out: np.ndarray) -> int:
    """The legal slots of seat ``s`` into ``out``, in increasing order; their number."""
    h = HANDS + s * N
    n = 0
    for c in range(N):
        if row[h + c] > 0:
            out[n] = c
            n += 1
    if row[TAB + s * N + CHOPSTICKS] > 0 and row[HAND_N] >= 2:
        free = row[FREE + s]
        for a in range(N):
            if row[h + a] == 0:
                continue
            for b in range(N):
                if row[h + b] == 0 or (a == b and row[h + a] < 2):
                    continue
                if b >= a:
                    out[n] = PAIRS - N * N + N * a + b
                    n += 1
                elif _ordered(b, a, free):  # (a, b) with a > b: only where order matters
                    out[n] = PAIRS - N * N + N * a + b
                    n += 1
    return n


@njit(cache=True)
def _ordered(a: int, b: int, free: int) -> bool:
    """Whether the pair (a, b), a < b in table order, is offered in both orders."""
    if free == 0:
        return (a == WASABI and EGG <= b <= SQUID) or (b == WASABI and EGG <= a <= SQUID)
    if free == 1:
        return EGG <= a <= SQUID and EGG <= b <= SQUID and a != b
    return False


@njit(cache=True)
def _legal(row: np.ndarray, s: int, slot: int) -> bool:
    if slot < 0 or slot >= PAIRS:
        return False
    h = HANDS + s * N
    if slot < N:
        return row[h + slot] > 0
    a, b = divmod(slot - N, N)
    if row[TAB + s * N + CHOPSTICKS] == 0 or row[HAND_N] < 2:
        return False
    if row[h + a] == 0 or row[h + b] == 0 or (a == b and row[h + a] < 2):
        return False
    return b >= a or _ordered(b, a, row[FREE + s])


@njit(cache=True)
def _apply(row: np.ndarray, s: int, slot: int) -> None:
    h = HANDS + s * N
    if slot < N:
        row[h + slot] -= 1
        _place(row, s, slot)
        return
    a, b = divmod(slot - N, N)
    row[h + a] -= 1
    row[h + b] -= 1
    _place(row, s, a)
    _place(row, s, b)
    row[TAB + s * N + CHOPSTICKS] -= 1
    row[h + CHOPSTICKS] += 1


@njit(cache=True)
def _after_turn(
    st: np.ndarray,
    rng: np.ndarray,
    g: int,
    players: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
) -> None:
    row = st[g]
    row[HAND_N] -= 1
    # pass the hands: left (seat s to s + 1), or right in round 2 of pass-both-ways
    last = (players - 1) * N
    if row[PASSR] == 1:  # seat s passes to s - 1: every hand moves down one place
        for c in range(N):
            first = row[HANDS + c]
            for i in range(HANDS + c, HANDS + last + c, N):
                row[i] = row[i + N]
            row[HANDS + last + c] = first
    else:  # seat s passes to s + 1: every hand moves up one place
        for c in range(N):
            final = row[HANDS + last + c]
            for i in range(HANDS + last + c, HANDS + c, -N):
                row[i] = row[i - N]
            row[HANDS + c] = final
    row[TURN] += 1
    if row[HAND_N] == 1:  # the last card of each hand is placed without a decision
        for s in range(players):
            for c in range(N):
                if row[HANDS + s * N + c] > 0:
                    row[HANDS + s * N + c] = 0
                    _place(row, s, c)
        row[HAND_N] = 0
    if row[HAND_N] == 0:
        _end_round(row, players, soy, penalty)
        if row[DONE] == 0:
            row[PASSR] = 1 if (pass_both and row[ROUND] == 1) else 0
            _deal(st, rng, g, players, hand, reshuffle, full)


@njit(cache=True)
def reset_rows(st: np.ndarray, rng: np.ndarray, players: int, hand: int, full: np.ndarray) -> None:
    for g in range(st.shape[0]):
        st[g, :] = 0
        for i in range(WIDTH - PICKS):
            st[g, PICKS + i] = -1
        for c in range(N):
            st[g, DECK + c] = full[c]
        _deal(st, rng, g, players, hand, False, full)  # nothing to shuffle back yet


@njit(cache=True)
def step_rows(
    st: np.ndarray,
    rng: np.ndarray,
    slots: np.ndarray,
    players: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
) -> int:
    """One turn of every game not over, ``slots[g, s]`` each seat's pick; -1 if all
    were legal, else the first game with an illegal slot (nothing is applied)."""
    for g in range(st.shape[0]):
        row = st[g]
        if row[DONE]:
            continue
        for s in range(players):
            if not _legal(row, s, slots[g, s]):
                return g
    _apply_rows(st, rng, slots, players, hand, reshuffle, soy, penalty, full, pass_both)
    return -1


@njit(cache=True, parallel=True)
def _apply_rows(
    st: np.ndarray,
    rng: np.ndarray,
    slots: np.ndarray,
    players: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
) -> None:
    for g in prange(st.shape[0]):
        row = st[g]
        if row[DONE]:
            continue
        for s in range(players):
            _apply(row, s, slots[g, s])
            row[PICKS + (row[ROUND] * MAX_HAND + row[TURN]) * S + s] = slots[g, s]
        _after_turn(st, rng, g, players, hand, reshuffle, soy, penalty, full, pass_both)


@njit(cache=True, parallel=True)
def rollout_rows(
    st: np.ndarray,
    rng: np.ndarray,
    players: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
    scratch: np.ndarray,
) -> None:
    """Play every game to its end, each seat uniformly random over its legal slots."""
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        while not row[DONE]:
            for s in range(players):
                n = legal_slots(row, s, buf)
                slot = buf[_below(rng, g, n)]
                _apply(row, s, slot)
                row[PICKS + (row[ROUND] * MAX_HAND + row[TURN]) * S + s] = slot
            _after_turn(st, rng, g, players, hand, reshuffle, soy, penalty, full, pass_both)


@njit(cache=True, parallel=True)
def mask_rows(
    st: np.ndarray, players: int, out: np.ndarray, last: np.ndarray, scratch: np.ndarray
) -> None:
    """Every seat's legal slots as True in ``out`` (batch x seats x slots); a game
    over, or a seat beyond the table, has the no-op only. ``out`` keeps what it held
    before, and ``last[g, s]`` the slots set then (-1 ends them): only those are
    cleared, so a call costs the legal slots, not the width of the layout."""
    noop = out.shape[2] - 1
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        for s in range(out.shape[1]):
            o = out[g, s]
            before = last[g, s]
            for i in range(before.shape[0]):
                if before[i] < 0:
                    break
                o[before[i]] = False
            if row[DONE] or s >= players:
                o[noop] = True
                before[0] = noop
                before[1] = -1
                continue
            n = legal_slots(row, s, buf)
            for i in range(n):
                o[buf[i]] = True
                before[i] = buf[i]
            if n < before.shape[0]:
                before[n] = -1


@njit(cache=True, parallel=True)
def observe_rows(
    st: np.ndarray,
    players: int,
    hand: int,
    head: np.ndarray,
    full: np.ndarray,
    out: np.ndarray,
    scratch: np.ndarray,
) -> None:
    """Every seat's observation (``out`` batch x seats x OBS), as sushigo.rl.classic
    builds it from that seat's view. What every viewer sees alike (the unseen cards
    but hands, each seat's tableau, desserts and score) is worked out once a game."""
    tail = N + 6  # a block's public part: tableau, free, on wasabi, desserts, score
    for g in prange(st.shape[0]):
        work = scratch[g]  # [0, N): unseen but hands; then each seat's public part
        row = st[g]
        r = row[ROUND]
        turn = row[TURN]
        step = -1 if row[PASSR] == 1 else 1
        size = row[HAND_N] / hand
        for c in range(N):
            work[c] = full[c] - row[DISC + c]
        for a in range(players):
            p = N + a * tail
            for c in range(N):
                v = row[TAB + a * N + c]
                work[p + c] = v
                work[c] -= v
            work[p + N] = row[FREE + a]
            for e in range(3):
                work[p + N + 1 + e] = row[ON + a * 3 + e]
            work[p + N + 4] = row[DESS + a]
            work[PUDDING] -= row[DESS + a]
            work[p + N + 5] = row[SCORE + a]
        known_to = min(turn, players - 1)
        for seat in range(out.shape[1]):
            o = out[g, seat]
            if seat >= players:
                o[:] = 0.0
                continue
            o[:OBS_GLOBAL] = head
            if r < ROUNDS:
                o[8 + r] = 1.0
            o[11] = turn / hand
            o[12] = 1.0 if step < 0 else 0.0
            own = 14 + N
            for c in range(N):
                k = row[HANDS + seat * N + c]
                o[own + c] = k
                o[own + N + c] = work[c] - k
            base = OBS_GLOBAL
            for k in range(players):
                a = (seat + k * step) % players
                o[base] = 1.0
                o[base + 1] = 0.0
                o[base + 2] = size
                if 1 <= k <= known_to:
                    o[base + 3] = 1.0
                    for c in range(N):
                        v = row[HANDS + a * N + c]
                        o[base + 4 + c] = v
                        o[own + N + c] -= v
                else:
                    o[base + 3 : base + 4 + N] = 0.0
                p = N + a * tail
                at = base + 4 + N
                for i in range(tail - 1):
                    o[at + i] = work[p + i]
                o[at + tail - 1] = work[p + tail - 1] / 10.0
                base += OBS_BLOCK
            o[base:] = 0.0


@njit(cache=True)
def force_deal(st: np.ndarray, g: int, players: int, hands: np.ndarray) -> None:
    """Replace game ``g``'s deal of the current round (before any pick) by ``hands``
    (players x N counts), drawn from the same deck: for re-playing recorded games."""
    row = st[g]
    r = row[ROUND]
    for s in range(players):
        for c in range(N):
            row[DECK + c] += row[HANDS + s * N + c] - hands[s, c]
            row[HANDS + s * N + c] = hands[s, c]
            row[DEALT + (r * S + s) * N + c] = hands[s, c]


@njit(cache=True, parallel=True)
def sample_rows(
    st: np.ndarray, prng: np.ndarray, players: int, out: np.ndarray, scratch: np.ndarray
) -> None:
    """A uniformly random legal slot for every seat (the no-op for a game over),
    drawn from ``prng``, the batch's policy generators (not the games' own)."""
    noop = PAIRS * (N + 1)
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        for s in range(players):
            if row[DONE]:
                out[g, s] = noop
                continue
            n = legal_slots(row, s, buf)
            out[g, s] = buf[_below(prng, g, n)]
