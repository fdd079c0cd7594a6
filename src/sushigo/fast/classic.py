"""Sushi Go! as a batch engine: many games advanced together in numba-compiled loops.

Every game of a batch is a row of one int16 array (its fields at the offsets
below), with its own random generator (splitmix64, seeded from the batch's seed and
the game's number), so game ``g`` of seed ``s`` is the same whatever the batch size.
Cards are counted by type (hands, tableaux, the deck), in card-table order: tempura,
sashimi, dumpling, maki-1, maki-2, maki-3, egg, salmon, squid, pudding, wasabi,
chopsticks, soy sauce. Slots, masks and observations are the reinforcement-learning
layouts of ``sushigo.rl.classic`` (docs/rl.md), cross-checked position by position
(tests/test_fast_classic.py).

The two-player dummy variant is the third seat of a row: its hand is the dummy's
face-down pile, from which the player in control draws a card before each turn (a
chance outcome, from the game's generator like the deals), and its tableau the
cards its controllers gave it. Control alternates every turn of the game, seat 0
first, as in the engine.

The games' generators draw only the deals and the dummy's draws (and, for worlds
sampled from a view, ``determinize_rows``, the cards the viewer has not seen); the
policies (``sample_rows``, ``heuristic_rows``, ``rollout_rows``) draw from a second
set, one generator per game, so a seed deals the same games whatever the seats play
(but for the reshuffle variant, whose decks depend on the puddings kept).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

# the generator is fast/rng.py's (seed_rows and _next re-exported: Batch reads the
# kernels' seed_rows, and the other Sushi Go! kernels import them from here)
from sushigo.fast.rng import _below as _below
from sushigo.fast.rng import _next as _next
from sushigo.fast.rng import _unit as _unit
from sushigo.fast.rng import seed_rows as seed_rows

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
DUMMY = 2
"""The dummy's seat in the two-player dummy variant: its hand is the face-down pile."""
DUMMY_HAND = 9
"""Cards in each hand, the dummy's pile included, in the dummy variant."""
MAX_PICKS = MAX_HAND + MAX_HAND * (MAX_HAND + 1) // 2 + 3
"""The most legal picks of one seat, the dummy's card aside: a hand holds at most
10 cards, so at most 10 types: 10 singles, 55 chopsticks pairs, and at most 3 pairs
also offered in the other order (wasabi before each nigiri, or two nigiri)."""
MAX_LEGAL = MAX_PICKS * (MAX_HAND + 1)
"""Room for the legal slots of the dummy's controller: each pick with up to 10 cards
for the dummy, written after the picks themselves (legal_slots' working space)."""

# -- the fields of a row --
HANDS = 0
"""Each seat's hand, counts by type (the dummy's: its pile)."""
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
"""Cards in a hand (the dummy's controller holds one more, the card drawn)."""
CTRL = HAND_N + 1
"""The seat controlling the dummy this turn; -1 without the dummy or once over."""
DRAWN = CTRL + 1
"""The card the controller drew from the pile this turn; -1 when none."""
BREAK = DRAWN + 1
"""Each round's breakdown: ROUNDS x S x FAMILIES."""
DESSERT_PTS = BREAK + ROUNDS * S * FAMILIES
DEALT = DESSERT_PTS + S
"""Each round's deal: ROUNDS x S x N counts."""
PICKS = DEALT + ROUNDS * S * N
"""Each turn's slot per seat: ROUNDS x MAX_HAND x S (-1: none)."""
DRAWS = PICKS + ROUNDS * MAX_HAND * S
"""Each turn's card drawn from the dummy's pile: ROUNDS x MAX_HAND (-1: none)."""
WIDTH = DRAWS + ROUNDS * MAX_HAND

# -- the observation (sushigo.rl.classic) --
OBS_BLOCK = 4 + 2 * N + 1 + 3 + 2
OBS_GLOBAL = 4 + 4 + ROUNDS + 3 + 3 * N
OBS = OBS_GLOBAL + S * OBS_BLOCK

# -- the rollout policies --
RANDOM = 0
HEURISTIC = 1
POLICIES = ("random", "heuristic")
"""Rollout policies by number: uniformly random, or the engine's quick heuristic."""

DUMPLING_POINTS = np.array([0, 1, 3, 6, 10, 15], np.int16)
COLOUR = np.array([0, 1, 2, 3, 3, 3, 4, 4, 4, 5, 4, 6, 7], np.int64)
"""Each card's colour: purple, green, blue, red, yellow, pink, light blue, soy."""


@njit(cache=True)
def _deal(
    st: np.ndarray,
    rng: np.ndarray,
    g: int,
    seats: int,
    hand: int,
    reshuffle: bool,
    full: np.ndarray,
    dummy: bool,
) -> None:
    """A hand for every seat (the dummy's pile third), then, with the dummy, the
    controller's first draw."""
    row = st[g]
    r = row[ROUND]
    if reshuffle:
        for c in range(N):
            row[DECK + c] = full[c]
            row[DISC + c] = 0
        for s in range(seats):
            row[DECK + PUDDING] -= row[DESS + s]
    left = 0
    for c in range(N):
        left += row[DECK + c]
    for s in range(seats):
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
    if dummy:
        _draw(row, rng, g)


@njit(cache=True)
def _draw(row: np.ndarray, rng: np.ndarray, g: int) -> None:
    """Two-player dummy: the seat in control this turn (control alternates every
    turn of the game, seat 0 first) draws a card from the dummy's pile into their
    hand, uniformly among the pile's cards (the engine's Draw)."""
    r = row[ROUND]
    t = row[TURN]
    ctrl = (r * DUMMY_HAND + t) % 2
    pile = HANDS + DUMMY * N
    left = 0
    for c in range(N):
        left += row[pile + c]
    k = _below(rng, g, left)
    c = 0
    while k >= row[pile + c]:
        k -= row[pile + c]
        c += 1
    row[pile + c] -= 1
    row[HANDS + ctrl * N + c] += 1
    row[CTRL] = ctrl
    row[DRAWN] = c
    row[DRAWS + r * MAX_HAND + t] = c


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
def _end_round(row: np.ndarray, seats: int, soy: bool, penalty: bool) -> None:
    """Score the round for every seat (the dummy too: it takes maki, soy sauce and
    pudding places), keep the puddings, discard the rest; puddings at the end."""
    r = row[ROUND]
    icons = np.zeros(S, np.int64)
    colours = np.zeros(S, np.int64)
    for s in range(seats):
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
    for s in range(seats):
        top = max(top, icons[s])
    if top > 0:
        n_top = 0
        second = 0
        for s in range(seats):
            if icons[s] == top:
                n_top += 1
            elif icons[s] > second:
                second = icons[s]
        for s in range(seats):
            if icons[s] == top:
                row[BREAK + (r * S + s) * FAMILIES] = 6 // n_top
        if n_top == 1 and second > 0:
            n_second = 0
            for s in range(seats):
                if icons[s] == second:
                    n_second += 1
            for s in range(seats):
                if icons[s] == second:
                    row[BREAK + (r * S + s) * FAMILIES] = 3 // n_second
    if soy:
        best = 0
        for s in range(seats):
            best = max(best, colours[s])
        tied = 0
        for s in range(seats):
            if colours[s] == best:
                tied += 1
        for s in range(seats):
            if colours[s] == best and row[TAB + s * N + SOY] > 0:
                row[BREAK + (r * S + s) * FAMILIES + 5] = 4 // tied
    for s in range(seats):
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
    row[CTRL] = -1
    row[DRAWN] = -1
    row[ROUND] = r + 1
    if r + 1 == ROUNDS:
        for s in range(seats):
            pts = dessert_points(row, seats, penalty, s)
            row[DESSERT_PTS + s] = pts
            row[SCORE + s] += pts
        row[DONE] = 1


@njit(cache=True)
def dessert_points(row: np.ndarray, seats: int, penalty: bool, s: int) -> int:
    """Seat ``s``'s pudding points for the puddings kept now (the game's end; search's
    estimate of a round's end): 6 for the most, -6 for the fewest with the penalty,
    ties split; nothing when every seat kept as many."""
    hi = -1
    lo = 1 << 30
    for o in range(seats):
        hi = max(hi, row[DESS + o])
        lo = min(lo, row[DESS + o])
    if hi == lo:
        return 0
    n_hi = 0
    n_lo = 0
    for o in range(seats):
        if row[DESS + o] == hi:
            n_hi += 1
        if row[DESS + o] == lo:
            n_lo += 1
    pts = 0
    if row[DESS + s] == hi:
        pts += 6 // n_hi
    if penalty and row[DESS + s] == lo:
        pts += _split(-6, n_lo)
    return pts


@njit(cache=True)
def legal_slots(row: np.ndarray, s: int, out: np.ndarray) -> int:
    """The legal slots of seat ``s`` into ``out``, in increasing order; their number.
    The dummy's controller has only slots of the dummy's blocks: each of its picks
    with each card type left in its hand after the pick (``out`` needs MAX_LEGAL)."""
    h = HANDS + s * N
    n = 0
    for c in range(N):
        if row[h + c] > 0:
            out[n] = c
            n += 1
    # Chopsticks need two cards in hand, three for the dummy's controller: one card
    # more than the other player holds, so both come to HAND_N >= 2.
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
    if s != row[CTRL]:
        return n
    m = 0  # block d (card d to the dummy) by block, each block's picks in order
    for d in range(N):
        if row[h + d] == 0:
            continue
        for i in range(n):
            if _rest(row, h, out[i], d) > 0:
                out[n + m] = (1 + d) * PAIRS + out[i]
                m += 1
    for i in range(m):
        out[i] = out[n + i]
    return m


@njit(cache=True)
def _rest(row: np.ndarray, h: int, pick: int, d: int) -> int:
    """Cards of type ``d`` left in the hand at ``h`` after ``pick`` (a slot below PAIRS)."""
    left = row[h + d]
    if pick < N:
        return left - 1 if pick == d else left
    a, b = divmod(pick - N, N)
    if a == d:
        left -= 1
    if b == d:
        left -= 1
    return left


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
    if slot < 0 or slot >= PAIRS * (N + 1):
        return False
    d = slot // PAIRS - 1
    pick = slot % PAIRS
    if (d >= 0) != (s == row[CTRL]):  # the controller, and only they, give the dummy a card
        return False
    h = HANDS + s * N
    if pick < N:
        ok = row[h + pick] > 0
    else:
        a, b = divmod(pick - N, N)
        if row[TAB + s * N + CHOPSTICKS] == 0 or row[HAND_N] < 2:
            return False
        if row[h + a] == 0 or row[h + b] == 0 or (a == b and row[h + a] < 2):
            return False
        ok = b >= a or _ordered(b, a, row[FREE + s])
    return ok and (d < 0 or _rest(row, h, pick, d) > 0)


@njit(cache=True)
def _apply(row: np.ndarray, s: int, slot: int) -> None:
    h = HANDS + s * N
    d = slot // PAIRS - 1
    pick = slot % PAIRS
    if pick < N:
        row[h + pick] -= 1
        _place(row, s, pick)
    else:
        a, b = divmod(pick - N, N)
        row[h + a] -= 1
        row[h + b] -= 1
        _place(row, s, a)
        _place(row, s, b)
        row[TAB + s * N + CHOPSTICKS] -= 1
        row[h + CHOPSTICKS] += 1
    if d >= 0:  # the controller's card for the dummy
        row[h + d] -= 1
        _place(row, DUMMY, d)


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
    dummy: bool,
) -> None:
    row = st[g]
    row[HAND_N] -= 1
    # With the dummy every turn is a decision (the controller holds two cards at the
    # last): the round ends when the hands are empty, on its last turn (as the engine
    # counts turns); the pile stays where it is.
    if not (dummy and row[HAND_N] == 0):
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
        if dummy:
            _draw(row, rng, g)
        elif row[HAND_N] == 1:  # the last card of each hand is placed without a decision
            for s in range(players):
                for c in range(N):
                    if row[HANDS + s * N + c] > 0:
                        row[HANDS + s * N + c] = 0
                        _place(row, s, c)
            row[HAND_N] = 0
    if row[HAND_N] == 0:
        seats = players + 1 if dummy else players
        _end_round(row, seats, soy, penalty)
        if row[DONE] == 0:
            row[PASSR] = 1 if (pass_both and row[ROUND] == 1) else 0
            _deal(st, rng, g, seats, hand, reshuffle, full, dummy)


@njit(cache=True)
def reset_rows(
    st: np.ndarray, rng: np.ndarray, players: int, hand: int, full: np.ndarray, dummy: bool
) -> None:
    seats = players + 1 if dummy else players
    for g in range(st.shape[0]):
        st[g, :] = 0
        for i in range(WIDTH - PICKS):
            st[g, PICKS + i] = -1
        st[g, CTRL] = -1
        st[g, DRAWN] = -1
        for c in range(N):
            st[g, DECK + c] = full[c]
        _deal(st, rng, g, seats, hand, False, full, dummy)  # nothing to shuffle back yet


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
    dummy: bool,
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
    _apply_rows(st, rng, slots, players, hand, reshuffle, soy, penalty, full, pass_both, dummy)
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
    dummy: bool,
) -> None:
    for g in prange(st.shape[0]):
        row = st[g]
        if row[DONE]:
            continue
        for s in range(players):
            _apply(row, s, slots[g, s])
            row[PICKS + (row[ROUND] * MAX_HAND + row[TURN]) * S + s] = slots[g, s]
        _after_turn(st, rng, g, players, hand, reshuffle, soy, penalty, full, pass_both, dummy)


@njit(cache=True, parallel=True)
def rollout_rows(
    st: np.ndarray,
    rng: np.ndarray,
    prng: np.ndarray,
    policy: np.ndarray,
    players: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
    dummy: bool,
    scratch: np.ndarray,
) -> None:
    """Play every game to its end, seat ``s`` by ``policy[s]`` (RANDOM: uniformly
    random over its legal slots; HEURISTIC: the engine's quick heuristic), the
    policies' randomness from ``prng``, the deals' and draws' from ``rng``."""
    seats = players + 1 if dummy else players
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        while not row[DONE]:
            picks = PICKS + (row[ROUND] * MAX_HAND + row[TURN]) * S
            # every seat decides on the position before the reveal, then all are applied:
            # a seat deciding later must not see what the others took this turn
            for s in range(players):
                n = legal_slots(row, s, buf)
                if policy[s] == HEURISTIC:
                    row[picks + s] = _heuristic(row, s, seats, hand, buf, n, prng, g, False)
                else:
                    row[picks + s] = buf[_below(prng, g, n)]
            for s in range(players):
                _apply(row, s, row[picks + s])
            _after_turn(st, rng, g, players, hand, reshuffle, soy, penalty, full, pass_both, dummy)


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
    dummy: bool,
) -> None:
    """Every seat's observation (``out`` batch x seats x OBS), as sushigo.rl.classic
    builds it from that seat's view. What every viewer sees alike (the unseen cards
    but hands, each seat's tableau, desserts and score) is worked out once a game.

    With the dummy, the table has three seats (the dummy's pile, unseen, in none of
    them); a player knows the other's hand from the second turn of a round (they
    held it last turn), but for the card the other drew this turn as controller."""
    tail = N + 6  # a block's public part: tableau, free, on wasabi, desserts, score
    seats = players + 1 if dummy else players
    for g in prange(st.shape[0]):
        work = scratch[g]  # [0, N): unseen but hands; then each seat's public part
        row = st[g]
        r = row[ROUND]
        turn = row[TURN]
        step = -1 if row[PASSR] == 1 else 1
        size = row[HAND_N] / hand
        ctrl = row[CTRL]
        drawn = row[DRAWN]
        for c in range(N):
            work[c] = full[c] - row[DISC + c]
        for a in range(seats):
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
            if seat == ctrl:
                o[13] = 1.0
                o[14 + drawn] = 1.0
            own = 14 + N
            for c in range(N):
                k = row[HANDS + seat * N + c]
                o[own + c] = k
                o[own + N + c] = work[c] - k
            base = OBS_GLOBAL
            for k in range(seats):
                a = (seat + k * step) % seats
                o[base] = 1.0
                o[base + 1] = 1.0 if dummy and a == DUMMY else 0.0
                if not dummy:
                    o[base + 2] = size
                    known = 1 <= k <= known_to
                elif a == DUMMY:
                    o[base + 2] = 0.0
                    known = False
                else:
                    o[base + 2] = (row[HAND_N] + (1 if a == ctrl else 0)) / hand
                    known = a != seat and turn >= 1
                if known:
                    o[base + 3] = 1.0
                    for c in range(N):
                        v = row[HANDS + a * N + c]
                        if a == ctrl and c == drawn:
                            v -= 1  # the card the other drew: not seen
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
def force_deal(
    st: np.ndarray, rng: np.ndarray, g: int, seats: int, hands: np.ndarray, dummy: bool
) -> None:
    """Replace game ``g``'s deal of the current round (before any pick) by ``hands``
    (seats x N counts, the dummy's pile third), drawn from the same deck: for
    re-playing recorded games. With the dummy, the controller draws again from the
    new pile (force_draw sets the card)."""
    row = st[g]
    r = row[ROUND]
    for s in range(seats):
        at = DEALT + (r * S + s) * N
        for c in range(N):
            row[DECK + c] += row[at + c] - hands[s, c]
            row[HANDS + s * N + c] = hands[s, c]
            row[at + c] = hands[s, c]
    if dummy:
        _draw(row, rng, g)


@njit(cache=True)
def force_draw(st: np.ndarray, g: int, card: int) -> None:
    """Replace the card game ``g``'s controller drew from the dummy's pile this turn
    (before any pick) by ``card``, which the pile holds once the drawn card is back."""
    row = st[g]
    ctrl = row[CTRL]
    pile = HANDS + DUMMY * N
    old = row[DRAWN]
    row[HANDS + ctrl * N + old] -= 1
    row[pile + old] += 1
    row[pile + card] -= 1
    row[HANDS + ctrl * N + card] += 1
    row[DRAWN] = card
    row[DRAWS + row[ROUND] * MAX_HAND + row[TURN]] = card


# -- worlds sampled from a view (search) --


@njit(cache=True)
def _take(row: np.ndarray, rng: np.ndarray, g: int, left: int) -> int:
    """One card uniformly among the ``left`` cards counted at DECK, taken out of them."""
    k = _below(rng, g, left)
    c = 0
    while k >= row[DECK + c]:
        k -= row[DECK + c]
        c += 1
    row[DECK + c] -= 1
    return c


@njit(cache=True, parallel=True)
def determinize_rows(
    st: np.ndarray,
    rng: np.ndarray,
    template: np.ndarray,
    hidden: np.ndarray,
    pile: int,
    hidden_drawn: int,
    draw: bool,
    deal: bool,
    seats: int,
    hand: int,
    reshuffle: bool,
    full: np.ndarray,
    dummy: bool,
) -> None:
    """Every row a world sampled from one view, from the row's generator (the
    engine's ``determinize``): ``template`` is the row as far as the view tells it,
    its DECK the cards the viewer has not seen. Each seat is dealt ``hidden[s]``
    of them, uniformly (seat ``hidden_drawn``'s first is the card it drew from the
    dummy's pile this turn, unseen by the viewer), then the dummy's pile its ``pile``
    cards; the rest is the deck. ``draw``: the controller has yet to draw (the
    engine's draw phase), and draws from the new pile as a turn of the game would.
    ``deal``: the view is between deals; the round is dealt from the deck."""
    for g in prange(st.shape[0]):
        _determinize(
            st, rng, g, template, hidden, pile, hidden_drawn, draw, deal, seats, hand,
            reshuffle, full, dummy,
        )  # fmt: skip


@njit(cache=True)
def _determinize(
    st: np.ndarray,
    rng: np.ndarray,
    g: int,
    template: np.ndarray,
    hidden: np.ndarray,
    pile: int,
    hidden_drawn: int,
    draw: bool,
    deal: bool,
    seats: int,
    hand: int,
    reshuffle: bool,
    full: np.ndarray,
    dummy: bool,
) -> None:
    """Row ``g`` a world sampled from the view ``template`` tells (determinize_rows;
    also search's one world an iteration, sushigo.fast.classic_search)."""
    row = st[g]
    row[:] = template
    if deal:
        _deal(st, rng, g, seats, hand, reshuffle, full, dummy)
        return
    r = template[ROUND]
    t = template[TURN]
    left = 0
    for c in range(N):
        left += template[DECK + c]
    for s in range(seats):
        for i in range(hidden[s]):
            c = _take(row, rng, g, left)
            left -= 1
            row[HANDS + s * N + c] += 1
            if i == 0 and s == hidden_drawn:
                row[DRAWN] = c
                row[DRAWS + r * MAX_HAND + t] = c
    for _ in range(pile):
        c = _take(row, rng, g, left)
        left -= 1
        row[HANDS + DUMMY * N + c] += 1
    if draw:
        _draw(row, rng, g)


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


@njit(cache=True, parallel=True)
def sample_set_rows(st: np.ndarray, prng: np.ndarray, players: int, out: np.ndarray,
                    last: np.ndarray) -> None:
    """``sample_rows``, from the legal slots ``mask_rows`` set in ``last`` (while the
    games stand as they did then): the same slots, in the same order, so the same
    draws, without working them out again."""
    noop = PAIRS * (N + 1)
    for g in prange(st.shape[0]):
        row = st[g]
        for s in range(players):
            if row[DONE]:
                out[g, s] = noop
                continue
            legal = last[g, s]
            n = 0
            while n < legal.shape[0] and legal[n] >= 0:
                n += 1
            out[g, s] = legal[_below(prng, g, n)]


# -- the quick heuristic (sushigo.games.classic.playout, ClassicState.playout_action) --


@njit(cache=True)
def _worth(c: int, have: int, free: int, left: int) -> float:
    """playout._quick_value: the rough worth of one more card ``c`` for a tableau
    holding ``have`` cards of its type and ``free`` empty wasabi, with ``left`` turns
    to come."""
    if c == TEMPURA:
        return 5.0 if have % 2 else (2.5 if left else 0.0)
    if c == SASHIMI:
        sets = have % 3
        if sets == 2:
            return 10.0
        return (3.3 * (sets + 1)) if left >= 2 - sets else 0.0
    if c == DUMPLING:
        return float(min(have + 1, 5)) if have < 5 else 0.0
    if EGG <= c <= SQUID:
        base = c - EGG + 1
        return float(3 * base) if free else float(base)
    if c == WASABI:
        return 3.5 if left >= 2 else 0.0
    if MAKI1 <= c <= MAKI3:
        return 1.2 * (c - MAKI1 + 1)
    if c == PUDDING:
        return 2.5
    if c == CHOPSTICKS:
        return 2.0 if left >= 3 else 0.0
    return 1.5  # soy sauce


@njit(cache=True)
def _maki_share(row: np.ndarray, s: int, seats: int, mine: int) -> int:
    """playout._maki_share: seat ``s``'s maki points with ``mine`` icons against the
    others' icons now (as the round's scoring gives them)."""
    if mine == 0:
        return 0
    above = 0
    tied = 1
    for o in range(seats):
        if o == s:
            continue
        t = TAB + o * N
        v = row[t + MAKI1] + 2 * row[t + MAKI2] + 3 * row[t + MAKI3]
        if v > mine:
            above += 1
        elif v == mine:
            tied += 1
    if above == 0:
        return 6 // tied
    if above == 1:
        return 3 // tied
    return 0


@njit(cache=True)
def _maki_gain(row: np.ndarray, s: int, seats: int, c: int) -> float:
    """playout._maki_gain: the maki points one more card ``c`` (a maki) would win
    seat ``s`` if the race ended now."""
    t = TAB + s * N
    now = row[t + MAKI1] + 2 * row[t + MAKI2] + 3 * row[t + MAKI3]
    more = c - MAKI1 + 1
    return float(_maki_share(row, s, seats, now + more) - _maki_share(row, s, seats, now))


@njit(cache=True)
def _heuristic(
    row: np.ndarray,
    s: int,
    seats: int,
    hand: int,
    buf: np.ndarray,
    n: int,
    prng: np.ndarray,
    g: int,
    greedy: bool,
) -> int:
    """ClassicState.playout_action on seat ``s``'s legal slots ``buf[:n]``: 9 in 10
    the slot worth most to its tableau now (sets completed, dumplings, nigiri on
    wasabi, the maki race as it stands, puddings, chopsticks pairs, each value
    plus a random hundredth to break ties), else any legal slot. ``greedy``: always
    the slot worth most, without the random hundredth (ties to the lowest slot)."""
    if n == 1:
        return buf[0]
    if not greedy and _unit(prng, g) < 0.1:
        return buf[_below(prng, g, n)]
    t = TAB + s * N
    held = 0
    for c in range(N):
        held += row[HANDS + s * N + c]
    left = held - 1  # turns after this one
    late = 1.0 - left / hand
    free = row[FREE + s]
    best = buf[0]
    best_value = -100.0
    for i in range(n):
        slot = buf[i]
        pick = slot % PAIRS  # the dummy's card is not valued
        first = pick if pick < N else (pick - N) // N
        noise = 0.0 if greedy else _unit(prng, g) * 0.01
        value = _worth(first, row[t + first], free, left) + noise
        if MAKI1 <= first <= MAKI3:
            value += late * _maki_gain(row, s, seats, first)
        if pick >= N:  # chopsticks: the second card after the first; they go back
            second = (pick - N) % N
            after = free
            if first == WASABI:
                after += 1
            elif EGG <= first <= SQUID and free > 0:
                after -= 1
            have = row[t + second] + (1 if second == first else 0)
            value += _worth(second, have, after, left) - 1.0
            if MAKI1 <= second <= MAKI3:
                value += late * _maki_gain(row, s, seats, second)
        if value > best_value:
            best = slot
            best_value = value
    return best


@njit(cache=True, parallel=True)
def heuristic_rows(
    st: np.ndarray,
    prng: np.ndarray,
    players: int,
    hand: int,
    dummy: bool,
    greedy: bool,
    out: np.ndarray,
    scratch: np.ndarray,
) -> None:
    """The quick heuristic's slot for every seat (the no-op for a game over), its
    randomness drawn from ``prng``, the batch's policy generators."""
    noop = PAIRS * (N + 1)
    seats = players + 1 if dummy else players
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        for s in range(players):
            if row[DONE]:
                out[g, s] = noop
                continue
            n = legal_slots(row, s, buf)
            out[g, s] = _heuristic(row, s, seats, hand, buf, n, prng, g, greedy)
