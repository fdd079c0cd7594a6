"""Sushi Roll as a batch engine: many games advanced together in numba-compiled loops.

Every game of a batch is a row of one int16 array (its fields at the offsets below),
with its own random generator (splitmix64, seeded from the batch's seed and the
game's number, :func:`sushigo.fast.rng.seed_rows`), so game ``g`` of seed ``s``
is the same whatever the batch size. Faces are numbered as
``sushigo.games.roll.dice.FACE_IDS`` (0 dumpling ... 16 pudding-3), tray entries as
``TRAY_IDS`` (the faces, then 17-19 a wasabi with an egg, salmon or squid nigiri
on it). A belt is its faces in face order, as the engine keeps it; a tray is
counted by entry (its ``wasabi`` count is the free wasabi), and listed in the
order taken for the records.

A row holds the decision due, never a pending roll: the rolls a decision or the end
of a cycle calls for (a menu's re-roll, the roll after the belts slide, the next
round's deal) are made at once from the game's generator. The last of them can be
replaced afterwards by a recorded outcome (``force_deal``, ``force_roll``,
``force_slide``), which is how an engine game is re-played in the batch.

Every step of the game (deals, decisions, rolls) is written to the row's log, from
which ``RollBatch.export_record`` writes the record. A log entry is an op word,
``op * 8 + seat``, then its numbers:

* ``DEAL``: the red belt's seat, then every belt's faces (seat 0 first);
* ``TAKE``: the face taken;
* ``CHOP``: the face given, the other (absolute) seat, the face taken from it;
* ``MENU``: how many dice are re-rolled, then their faces, in face order;
* ``ROLL``: how many, then the new face of each of those dice, in the same order;
* ``SLIDE``: the dice on each belt, then every belt's faces (seat 0 first).

Slots, masks and observations are the reinforcement-learning layouts of
``sushigo.rl.roll`` (docs/rl.md), cross-checked position by position
(tests/test_fast_roll.py). The policies (``sample_rows``, ``rollout_rows``) draw
from a second set of generators, one a game, so that what the seats choose does not
move the games' rolls: game ``g`` of a seed is dealt the same first round whatever
is played, and rolls the same dice until two players' decisions part.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sushigo.fast.rng import _next, _unit, seed_rows
from sushigo.games.roll import dice as _dice

NF = 17
"""Faces."""
NT = 20
"""Tray entries: the faces, then the three wasabi stacks."""
S = 5
"""Seats a row holds (5 players)."""
MAXB = 8
"""The most dice on a belt (2 players)."""
ROUNDS = 3
NK = 5
"""Kinds of die: appetizer, maki, nigiri, special, pudding."""
SIDES = 6
DUMPLING, TEMPURA, SASHIMI, MAKI1, MAKI2, MAKI3, EGG, SALMON, SQUID, WASABI = range(10)
STACK0 = NF
"""The tray entry of a wasabi with an egg nigiri on it (then salmon, squid)."""
SPECIAL = 3
NIGIRI = 2
FAMILIES = 5
"""Breakdown keys, in the engine's order: maki, nigiri, dumpling, tempura, sashimi."""

KIND = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4], np.int64)
"""The kind of die each face is on."""
TRAY_KIND = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 2, 2, 2], np.int64)
"""The kind of each tray entry's die (a stack's nigiri; its wasabi is a special too)."""
TOKEN = np.array([-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, 1, 0, 0, 2, 2, 2], np.int64)
"""The supply (0 menu, 1 chopsticks, 2 pudding) a face's icons take tokens from."""
GAIN = np.array([0, 0, 0, 1, 2, 3, 1, 2, 3, 0, 1, 2, 1, 2, 1, 2, 3], np.int64)
"""Each face's icons (tokens, maki rolls, a nigiri's points)."""
ICONS = np.array([0, 0, 0, 1, 2, 3] + [0] * 14, np.int64)
"""Maki icons of each tray entry."""
NIGIRI_POINTS = np.array([0] * 6 + [1, 2, 3] + [0] * 8 + [3, 6, 9], np.int64)
"""Nigiri points of each tray entry (tripled on a wasabi)."""
SET_POINTS = np.array([[0, 2, 4, 8], [0, 1, 5, 10], [0, 0, 6, 13]], np.int64)
"""Points for 0-3 dumpling, tempura, sashimi icons (more: further sets)."""
DICE_COUNTS = np.array([10, 6, 5, 5, 4], np.int64)
BAG = 30
SUPPLY = (18, 12, 32)
START_MENU = 3
START_CHOPSTICKS = 2
MAKI_FIRST, MAKI_SECOND = 6, 3
PUDDING_POINTS = 6

# The tables above, checked against the engine's (numba bakes them into its cache).
assert tuple(_dice.KIND_OF) == tuple(KIND.tolist())
assert len(_dice.FACE_IDS) == NF and len(_dice.TRAY_IDS) == NT
assert _dice.FACE_IDS.index("wasabi") == WASABI and _dice.TRAY_CODE["wasabi+egg-nigiri"] == STACK0
assert _dice._TOKEN == tuple(TOKEN.tolist()) and _dice._GAIN == tuple(GAIN.tolist())
assert tuple(_dice.DICE_COUNTS) == tuple(DICE_COUNTS.tolist()) and _dice.SUPPLY == SUPPLY
assert tuple(_dice.SET_POINTS.values()) == tuple(tuple(p) for p in SET_POINTS.tolist())
assert list(_dice.SET_POINTS) == ["dumpling", "tempura", "sashimi"]
assert (_dice.START_MENU, _dice.START_CHOPSTICKS) == (START_MENU, START_CHOPSTICKS)
assert _dice.MAKI_POINTS == (MAKI_FIRST, MAKI_SECOND) and _dice.PUDDING_POINTS == PUDDING_POINTS
assert _dice.KINDS.index("special") == SPECIAL and _dice.KINDS.index("nigiri") == NIGIRI
assert _dice.SIDES == SIDES and _dice.WASABI_FACTOR == 3

# -- the slots (sushigo.rl.roll) --
CHOP_SLOTS = NF
"""First chopsticks slot: ``CHOP_SLOTS + (mine * 4 + r - 1) * 16 + theirs - (theirs > mine)``."""
MENU_SLOTS = CHOP_SLOTS + NF * (S - 1) * (NF - 1)
"""First menu slot: ``MENU_SLOTS + mask - 1``, a canonical set of belt positions."""
NOOP = MENU_SLOTS + (1 << MAXB) - 1
SLOTS = NOOP + 1
MAX_LEGAL = 384
"""Room for one seat's legal slots: at most 8 takes, 108 swaps (6 faces x 3 belts x
6 faces, at 4 players) and 255 re-rolls."""
SCRATCH = MAX_LEGAL
"""A game's working space in the compiled loops (one seat's legal slots)."""

# -- the fields of a row --
BELT = 0
"""Each seat's belt: MAXB faces, in face order."""
BLEN = BELT + S * MAXB
"""Dice on each belt."""
TRAY = BLEN + S
"""Each seat's tray this round, counted by entry (NT)."""
TLIST = TRAY + S * NT
"""Each round's trays, entries in the order taken: ROUNDS x S x MAXB."""
TN = TLIST + ROUNDS * S * MAXB
"""Entries on each of those trays: ROUNDS x S."""
MENUS = TN + ROUNDS * S
CHOPS = MENUS + S
PUD = CHOPS + S
"""Pudding tokens (in puddings); MENUS, CHOPS, PUD are the supplies' order."""
SCORE = PUD + S
"""Points from the finished rounds; the final points once the game is over."""
SUP = SCORE + S
"""Menu, chopsticks and pudding tokens left in the supply."""
ROUND = SUP + 3
CYCLE = ROUND + 1
STEP = CYCLE + 1
"""Turns taken this cycle: the seat deciding is (RED + STEP) % players."""
RED = STEP + 1
DONE = RED + 1
BREAK = DONE + 1
"""Each round's breakdown: ROUNDS x S x FAMILIES."""
DESSERT_PTS = BREAK + ROUNDS * S * FAMILIES
"""Pudding points at the end."""
TOKEN_PTS = DESSERT_PTS + S
"""Points for the tokens left at the end."""
LOGN = TOKEN_PTS + S
"""Numbers in the log."""
RSTART = LOGN + 1
"""Where each round's deal starts in the log."""
LAST = RSTART + ROUNDS
"""The last roll, while it may still be replaced: 0 none, else its op (DEAL, ROLL,
SLIDE); LAST_AT: where it is in the log."""
LAST_AT = LAST + 1
TMP = LAST_AT + 1
"""Working space (the bag while dealing, a belt while the belts slide)."""
LOG = TMP + BAG
LOG_SIZE = 1280
"""Room for the longest game. Every menu or chopsticks token spent was held at the
start (5 a player) or taken from a special die (at most 2 tokens from each of the 5
special dice a round): 55 uses at most with 5 players, 40 with 2. The log then holds
at most 1,232 numbers (4 players; log_bound)."""
WIDTH = LOG + LOG_SIZE

DEAL, TAKE, CHOP, MENU, ROLL, SLIDE = 1, 2, 3, 4, 5, 6
"""Log ops."""


def log_bound(players: int, per_player: int) -> int:
    """The most numbers a game's log can hold (see LOG_SIZE)."""
    n, k = players, per_player
    uses = START_MENU * n + START_CHOPSTICKS * n + 2 * 5 * ROUNDS
    slides = sum(2 + n * (k - c) for c in range(1, k))
    return ROUNDS * (2 + n * k + 2 * n * k + slides) + uses * (4 + 2 * k)


# -- the observation (sushigo.rl.roll) --
O_PLAYERS = 0
O_ROUND = 4
O_OVER = 7
O_CYCLE = 8
O_PER_PLAYER = 16
O_TO_MOVE = 17
O_RED = 22
O_SUPPLY = 27
O_BAG = 30
O_ODDS = 35
O_SEATS = 52
B_PRESENT = 0
B_TAKEN = 1
B_BELT = 2
B_BELT_SIZE = 19
B_TRAY = 20
B_MAKI = 40
B_POINTS = 41
B_MENUS = 42
B_CHOPS = 43
B_PUDDINGS = 44
B_SCORE = 45
BLOCK = 46
OBS = O_SEATS + S * BLOCK
"""The observation's length (282)."""

RANDOM = 0
HEURISTIC = 1
POLICIES = ("random", "heuristic")
"""Rollout policies by number: uniformly random over the legal slots, or the
engine's quick playout heuristic (``RollState.playout_action``)."""

# -- the quick heuristic (RollState.playout_action), its values in tenths of a point --
QUICK = np.array([round(10 * v) for v in _dice._QUICK], np.int64)
"""Each face's rough worth (appetizers: SET_STEP; nigiri tripled on a free wasabi)."""
SET_STEP = np.array([[10 * v for v in step] for step in _dice._SET_STEP], np.int64)
"""What one more dumpling, tempura or sashimi icon adds, by icons of its set so far."""
RANDOM_TAKE = 0.2
"""How often the heuristic takes any die (by position on the belt) instead."""
# In tenths the values are whole (exact ties stay ties), and unequal values are a
# tenth apart or more: the engine's random hundredth only ever breaks exact ties.
assert all(abs(10 * v - round(10 * v)) < 1e-9 for v in _dice._QUICK)
_WORTHS = sorted({*QUICK.tolist(), *(3 * QUICK[EGG : SQUID + 1]).tolist(), *SET_STEP.flat})
assert min(b - a for a, b in zip(_WORTHS, _WORTHS[1:], strict=False)) >= 1


# -- small pieces ---------------------------------------------------------------


@njit(cache=True, inline="always")
def _pop(m: int) -> int:
    """Bits set in ``m`` (below 2**32), counted without a loop."""
    m = m - ((m >> 1) & 0x55555555)
    m = (m & 0x33333333) + ((m >> 2) & 0x33333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F
    return ((m * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def _low(m: int) -> int:
    """The lowest bit set in ``m`` (not 0)."""
    return _pop((m & -m) - 1)


@njit(cache=True, inline="always")
def _nth_bit(m: int, i: int) -> int:
    """The ``i``-th lowest bit set in ``m``."""
    while i:
        m &= m - 1
        i -= 1
    return _low(m)


@njit(cache=True, inline="always")
def _mask(row: np.ndarray, s: int) -> int:
    """The faces on seat ``s``'s belt, as a bit set."""
    b = BELT + s * MAXB
    m = 0
    for i in range(row[BLEN + s]):
        m |= 1 << int(row[b + i])
    return m


@njit(cache=True, inline="always")
def _has(row: np.ndarray, s: int, f: int) -> bool:
    b = BELT + s * MAXB
    for i in range(row[BLEN + s]):
        if row[b + i] == f:
            return True
    return False


@njit(cache=True, inline="always")
def _insert(row: np.ndarray, s: int, f: int) -> None:
    """Put a die showing ``f`` on seat ``s``'s belt, in face order."""
    b = BELT + s * MAXB
    i = int(row[BLEN + s])
    while i > 0 and row[b + i - 1] > f:
        row[b + i] = row[b + i - 1]
        i -= 1
    row[b + i] = f
    row[BLEN + s] += 1


@njit(cache=True, inline="always")
def _remove(row: np.ndarray, s: int, f: int) -> None:
    """Take a die showing ``f`` off seat ``s``'s belt (it holds one)."""
    b = BELT + s * MAXB
    n = int(row[BLEN + s])
    i = 0
    while row[b + i] != f:
        i += 1
    for j in range(i, n - 1):
        row[b + j] = row[b + j + 1]
    row[BLEN + s] = n - 1


@njit(cache=True)
def _sort(row: np.ndarray, s: int) -> None:
    """Seat ``s``'s belt in face order: an 8-input sorting network (19 compare-and-
    swaps, no branch to mispredict), the places past the belt's dice padded high."""
    b = BELT + s * MAXB
    n = int(row[BLEN + s])
    pad = NF
    a0 = int(row[b]) if n > 0 else pad
    a1 = int(row[b + 1]) if n > 1 else pad
    a2 = int(row[b + 2]) if n > 2 else pad
    a3 = int(row[b + 3]) if n > 3 else pad
    a4 = int(row[b + 4]) if n > 4 else pad
    a5 = int(row[b + 5]) if n > 5 else pad
    a6 = int(row[b + 6]) if n > 6 else pad
    a7 = int(row[b + 7]) if n > 7 else pad
    a0, a1 = min(a0, a1), max(a0, a1)
    a2, a3 = min(a2, a3), max(a2, a3)
    a4, a5 = min(a4, a5), max(a4, a5)
    a6, a7 = min(a6, a7), max(a6, a7)
    a0, a2 = min(a0, a2), max(a0, a2)
    a1, a3 = min(a1, a3), max(a1, a3)
    a4, a6 = min(a4, a6), max(a4, a6)
    a5, a7 = min(a5, a7), max(a5, a7)
    a1, a2 = min(a1, a2), max(a1, a2)
    a5, a6 = min(a5, a6), max(a5, a6)
    a0, a4 = min(a0, a4), max(a0, a4)
    a3, a7 = min(a3, a7), max(a3, a7)
    a1, a5 = min(a1, a5), max(a1, a5)
    a2, a6 = min(a2, a6), max(a2, a6)
    a1, a4 = min(a1, a4), max(a1, a4)
    a3, a6 = min(a3, a6), max(a3, a6)
    a2, a4 = min(a2, a4), max(a2, a4)
    a3, a5 = min(a3, a5), max(a3, a5)
    a3, a4 = min(a3, a4), max(a3, a4)
    row[b] = a0
    row[b + 1] = a1
    row[b + 2] = a2
    row[b + 3] = a3
    row[b + 4] = a4
    row[b + 5] = a5
    row[b + 6] = a6
    row[b + 7] = a7


@njit(cache=True, inline="always")
def _log(row: np.ndarray, value: int) -> None:
    row[LOG + row[LOGN]] = value
    row[LOGN] += 1


@njit(cache=True, inline="always")
def _pick(rng: np.ndarray, g: int, n: int) -> int:
    """A uniform integer in [0, n), the top 53 bits of a draw scaled by ``n`` (without
    a division; n below 2**11: the bias is below 2**-42)."""
    return int(((_next(rng, g) >> np.uint64(11)) * np.uint64(n)) >> np.uint64(53))


@njit(cache=True, inline="always")
def _digit(rng: np.ndarray, g: int, x: np.uint64, left: int) -> tuple[int, np.uint64, int]:
    """One roll of a six-sided die: the next base-6 digit of a 64-bit draw (twelve a
    draw; the bias is below 2**-33)."""
    if left == 0:
        x = _next(rng, g)
        left = 12
    d = int(x % np.uint64(SIDES))
    return d, x // np.uint64(SIDES), left - 1


# -- the rules --------------------------------------------------------------------


@njit(cache=True)
def _deal(row: np.ndarray, rng: np.ndarray, g: int, n: int, k: int, dice: np.ndarray) -> None:
    """The round's dice drawn from the bag and rolled onto the belts; in the first
    round, the red belt to a random seat."""
    r = row[ROUND]
    row[RSTART + r] = row[LOGN]
    bag = TMP
    i = 0
    for kind in range(NK):
        for _ in range(DICE_COUNTS[kind]):
            row[bag + i] = kind
            i += 1
    x = np.uint64(0)
    have = 0
    i = 0
    for s in range(n):
        b = BELT + s * MAXB
        for j in range(k):  # a partial Fisher-Yates shuffle of the bag
            o = i + _pick(rng, g, BAG - i)
            kind = row[bag + o]
            row[bag + o] = row[bag + i]
            row[bag + i] = kind
            i += 1
            d, x, have = _digit(rng, g, x, have)
            row[b + j] = dice[kind, d]
        row[BLEN + s] = k
        _sort(row, s)
    if r == 0:
        row[RED] = _pick(rng, g, n)
    row[CYCLE] = 0
    row[STEP] = 0
    at = int(row[LOGN])
    row[LAST] = DEAL
    row[LAST_AT] = at
    at += LOG
    row[at] = DEAL * 8
    row[at + 1] = row[RED]
    at += 2
    for s in range(n):
        for i in range(k):
            row[at + i] = row[BELT + s * MAXB + i]
        at += k
    row[LOGN] = at - LOG


@njit(cache=True)
def _end_round(row: np.ndarray, rng: np.ndarray, g: int, n: int, k: int, dice: np.ndarray) -> None:
    """Score the trays (maki against each other), clear them, then deal the next
    round, or score the puddings and tokens left at the end."""
    r = row[ROUND]
    first = 0
    second = 0
    for s in range(n):
        t = TRAY + s * NT
        m = row[t + MAKI1] + 2 * row[t + MAKI2] + 3 * row[t + MAKI3]
        if m > first:
            second = first
            first = m
        elif first > m > second:
            second = m
    for s in range(n):
        t = TRAY + s * NT
        b = BREAK + (r * S + s) * FAMILIES
        m = row[t + MAKI1] + 2 * row[t + MAKI2] + 3 * row[t + MAKI3]
        maki = 0
        if m > 0:
            if m == first:
                maki = MAKI_FIRST
            elif m == second:
                maki = MAKI_SECOND
        nigiri = 0
        for e in range(3):
            nigiri += (e + 1) * (row[t + EGG + e] + 3 * row[t + STACK0 + e])
        row[b] = maki
        row[b + 1] = nigiri
        total = maki + nigiri
        for a in range(3):
            c = row[t + a]
            p = (c // 3) * SET_POINTS[a, 3] + SET_POINTS[a, c % 3]
            row[b + 2 + a] = p
            total += p
        row[SCORE + s] += total
        for e in range(NT):
            row[t + e] = 0
    if n == 3:
        row[RED] = (row[RED] + 1) % n
    row[ROUND] = r + 1
    if r + 1 < ROUNDS:
        _deal(row, rng, g, n, k, dice)
        return
    hi = row[PUD]
    lo = row[PUD]
    for s in range(1, n):
        hi = max(hi, row[PUD + s])
        lo = min(lo, row[PUD + s])
    for s in range(n):
        pts = 0
        if hi != lo:
            if row[PUD + s] == hi:
                pts = PUDDING_POINTS
            elif row[PUD + s] == lo and n > 2:
                pts = -PUDDING_POINTS
        tokens = (row[MENUS + s] + row[CHOPS + s]) // 2
        row[DESSERT_PTS + s] = pts
        row[TOKEN_PTS + s] = tokens
        row[SCORE + s] += pts + tokens
    row[DONE] = 1
    row[LAST] = 0


@njit(cache=True)
def _end_cycle(row: np.ndarray, rng: np.ndarray, g: int, n: int, k: int, dice: np.ndarray) -> None:
    """Everyone has taken a die: the belts slide to the left and every die on them is
    re-rolled, the red belt's new holder starting; with no dice left, the round ends."""
    row[STEP] = 0
    left = int(row[BLEN])
    if left == 0:
        _end_round(row, rng, g, n, k, dice)
        return
    last = BELT + (n - 1) * MAXB
    for i in range(left):
        row[TMP + i] = row[last + i]
    for s in range(n - 1, 0, -1):
        for i in range(left):
            row[BELT + s * MAXB + i] = row[BELT + (s - 1) * MAXB + i]
    for i in range(left):
        row[BELT + i] = row[TMP + i]
    row[RED] = (row[RED] + 1) % n
    row[CYCLE] += 1
    x = np.uint64(0)
    have = 0
    at = int(row[LOGN])
    row[LAST] = SLIDE
    row[LAST_AT] = at
    at += LOG
    row[at] = SLIDE * 8
    row[at + 1] = left
    at += 2
    for s in range(n):
        b = BELT + s * MAXB
        for i in range(left):
            d, x, have = _digit(rng, g, x, have)
            row[b + i] = dice[KIND[row[b + i]], d]
        _sort(row, s)
        for i in range(left):
            row[at + i] = row[b + i]
        at += left
    row[LOGN] = at - LOG


@njit(cache=True, inline="always")
def _take(
    row: np.ndarray, rng: np.ndarray, g: int, s: int, f: int, n: int, k: int, dice: np.ndarray
) -> None:
    """Seat ``s`` takes a die showing ``f`` onto its tray, ending its turn."""
    _remove(row, s, f)
    _log(row, TAKE * 8 + s)
    _log(row, f)
    t = TRAY + s * NT
    at = TLIST + (row[ROUND] * S + s) * MAXB
    tn = TN + row[ROUND] * S + s
    if EGG <= f <= SQUID and row[t + WASABI] > 0:
        stack = STACK0 + f - EGG
        row[t + WASABI] -= 1
        row[t + stack] += 1
        j = 0
        while row[at + j] != WASABI:
            j += 1
        row[at + j] = stack
    else:
        row[t + f] += 1
        row[at + row[tn]] = f
        row[tn] += 1
        supply = TOKEN[f]
        if supply >= 0:  # take what the supply has left
            got = min(GAIN[f], row[SUP + supply])
            row[SUP + supply] -= got
            row[MENUS + supply * S + s] += got
    row[LAST] = 0
    row[STEP] += 1
    if row[STEP] == n:
        _end_cycle(row, rng, g, n, k, dice)


@njit(cache=True, inline="always")
def _swap(row: np.ndarray, s: int, slot: int, n: int) -> None:
    """Seat ``s`` spends a chopsticks token on the swap of ``slot``."""
    q, t = divmod(slot - CHOP_SLOTS, NF - 1)
    mine, r = divmod(q, S - 1)
    theirs = t + 1 if t >= mine else t
    other = (s + r + 1) % n
    row[CHOPS + s] -= 1
    row[SUP + 1] += 1
    _remove(row, s, mine)
    _remove(row, other, theirs)
    _insert(row, s, theirs)
    _insert(row, other, mine)
    _log(row, CHOP * 8 + s)
    _log(row, mine)
    _log(row, other)
    _log(row, theirs)
    row[LAST] = 0


@njit(cache=True, inline="always")
def _menu(row: np.ndarray, rng: np.ndarray, g: int, s: int, slot: int, dice: np.ndarray) -> None:
    """Seat ``s`` spends a menu token to re-roll the dice at the belt positions of
    ``slot``'s mask; they are rolled at once."""
    mask = slot - MENU_SLOTS + 1
    row[MENUS + s] -= 1
    row[SUP] += 1
    b = BELT + s * MAXB
    n = int(row[BLEN + s])
    m = _pop(mask)
    _log(row, MENU * 8 + s)
    _log(row, m)
    for p in range(n):
        if (mask >> p) & 1:
            _log(row, row[b + p])
    named = row[LOGN] - m
    row[LAST] = ROLL
    row[LAST_AT] = row[LOGN]
    _log(row, ROLL * 8 + s)
    _log(row, m)
    x = np.uint64(0)
    have = 0
    for i in range(m):
        d, x, have = _digit(rng, g, x, have)
        _log(row, dice[KIND[row[LOG + named + i]], d])
    j = 0
    for p in range(n):
        if not (mask >> p) & 1:
            row[b + j] = row[b + p]
            j += 1
    rolled = row[LOGN] - m
    for i in range(m):
        row[b + j + i] = row[LOG + rolled + i]
    _sort(row, s)


@njit(cache=True, inline="always")
def _apply(
    row: np.ndarray, rng: np.ndarray, g: int, slot: int, n: int, k: int, dice: np.ndarray
) -> None:
    """The deciding seat's legal ``slot``, and the rolls it calls for."""
    s = (row[RED] + row[STEP]) % n
    if slot < CHOP_SLOTS:
        _take(row, rng, g, s, slot, n, k, dice)
    elif slot < MENU_SLOTS:
        _swap(row, s, slot, n)
    else:
        _menu(row, rng, g, s, slot, dice)


@njit(cache=True)
def _legal(row: np.ndarray, s: int, slot: int, n: int) -> bool:
    """Whether ``slot`` is legal for seat ``s`` (the no-op, for a seat not deciding)."""
    if s != (row[RED] + row[STEP]) % n:
        return slot == NOOP
    if slot < 0 or slot >= NOOP:
        return False
    if slot < CHOP_SLOTS:
        return _has(row, s, slot)
    if slot < MENU_SLOTS:
        if row[CHOPS + s] <= 0:
            return False
        q, t = divmod(slot - CHOP_SLOTS, NF - 1)
        mine, r = divmod(q, S - 1)
        if r + 1 >= n:
            return False
        theirs = t + 1 if t >= mine else t
        return _has(row, s, mine) and _has(row, (s + r + 1) % n, theirs)
    if row[MENUS + s] <= 0:
        return False
    mask = slot - MENU_SLOTS + 1
    size = int(row[BLEN + s])
    if mask >> size:
        return False
    b = BELT + s * MAXB
    for p in range(1, size):  # within a run of equal faces, the first dice only
        if (mask >> p) & 1 and row[b + p] == row[b + p - 1] and not (mask >> (p - 1)) & 1:
            return False
    return True


@njit(cache=True)
def _menu_slot(row: np.ndarray, s: int, v: int) -> int:
    """The ``v``-th re-roll of seat ``s`` (from 1), counting in mixed radix: the
    dice chosen of each run of equal faces, the first run the lowest digit (so the
    slots come in increasing order)."""
    b = BELT + s * MAXB
    size = int(row[BLEN + s])
    mask = 0
    p = 0
    while p < size:
        f = row[b + p]
        q = p + 1
        while q < size and row[b + q] == f:
            q += 1
        c = q - p + 1
        mask |= ((1 << (v % c)) - 1) << p
        v //= c
        p = q
    return MENU_SLOTS + mask - 1


@njit(cache=True, inline="always")
def _swaps(out: np.ndarray, c: int, f: int, r: int, theirs: int) -> int:
    """Write the swaps of ``f`` for each face of ``theirs`` (the belt ``r`` places to
    the left) from ``out[c]``; the count written to."""
    theirs &= ~(1 << f)
    base = CHOP_SLOTS + (f * (S - 1) + r - 1) * (NF - 1)
    while theirs:
        t = _low(theirs)
        theirs &= theirs - 1
        out[c] = base + t - (1 if t > f else 0)
        c += 1
    return c


@njit(cache=True)
def legal_slots(row: np.ndarray, s: int, n: int, out: np.ndarray) -> int:
    """Seat ``s``'s legal slots into ``out`` in increasing order (the deciding seat's;
    the no-op for the others and once the game is over); their number."""
    if row[DONE] or s != (row[RED] + row[STEP]) % n:
        out[0] = NOOP
        return 1
    b = BELT + s * MAXB
    size = int(row[BLEN + s])
    starts = 0  # each run of equal faces' first position and length, 4 bits a run
    lengths = 0
    runs = 0
    mine = 0
    c = 0
    for i in range(size):
        f = int(row[b + i])
        if (mine >> f) & 1:
            lengths += 1 << (4 * (runs - 1))
        else:
            mine |= 1 << f
            out[c] = f  # the takes: one slot a face
            c += 1
            starts |= i << (4 * runs)
            lengths |= 1 << (4 * runs)
            runs += 1
    if row[CHOPS + s] > 0:
        o1 = _mask(row, (s + 1) % n)
        o2 = _mask(row, (s + 2) % n) if n > 2 else 0
        o3 = _mask(row, (s + 3) % n) if n > 3 else 0
        o4 = _mask(row, (s + 4) % n) if n > 4 else 0
        m = mine
        while m:
            f = _low(m)
            m &= m - 1
            c = _swaps(out, c, f, 1, o1)
            c = _swaps(out, c, f, 2, o2)
            c = _swaps(out, c, f, 3, o3)
            c = _swaps(out, c, f, 4, o4)
    if row[MENUS + s] > 0:  # count in mixed radix, the first run the lowest digit
        chosen = 0  # dice chosen of each run, 4 bits a run
        mask = 0
        while True:
            j = 0
            while j < runs:
                at = 4 * j
                k = (chosen >> at) & 15
                if k < (lengths >> at) & 15:
                    mask |= 1 << (((starts >> at) & 15) + k)
                    chosen += 1 << at
                    break
                mask &= ~(((1 << k) - 1) << ((starts >> at) & 15))
                chosen &= ~(15 << at)
                j += 1
            if j == runs:
                break
            out[c] = MENU_SLOTS + mask - 1
            c += 1
    return c


@njit(cache=True, inline="always")
def _swap_in(i: int, theirs: int, f: int, r: int) -> int:
    """The slot of giving ``f`` for the ``i``-th face of ``theirs`` (``f`` left out),
    the belt ``r`` places to the left."""
    t = _nth_bit(theirs, i)
    return CHOP_SLOTS + (f * (S - 1) + r - 1) * (NF - 1) + t - (1 if t > f else 0)


@njit(cache=True, inline="always")
def _random_slot(row: np.ndarray, prng: np.ndarray, g: int, s: int, n: int) -> int:
    """A uniformly random legal slot of the deciding seat ``s``: the legal slots are
    counted (as :func:`legal_slots` lists them) and the one drawn worked out, without
    listing them; the other belts' faces are read once."""
    b = BELT + s * MAXB
    menus = 1
    run = 0
    last = -1
    mine = 0
    for i in range(row[BLEN + s]):
        f = int(row[b + i])
        if f != last:
            mine |= 1 << f
            menus *= run + 1
            run = 1
            last = f
        else:
            run += 1
    distinct = _pop(mine)
    menus = menus * (run + 1) - 1 if row[MENUS + s] > 0 else 0
    o1 = o2 = o3 = o4 = 0
    chops = 0
    width = 0
    if row[CHOPS + s] > 0:
        o1 = _mask(row, (s + 1) % n)
        if n > 2:
            o2 = _mask(row, (s + 2) % n)
        if n > 3:
            o3 = _mask(row, (s + 3) % n)
        if n > 4:
            o4 = _mask(row, (s + 4) % n)
        width = _pop(o1) + _pop(o2) + _pop(o3) + _pop(o4)
        chops = distinct * width - _pop(o1 & mine) - _pop(o2 & mine)
        chops -= _pop(o3 & mine) + _pop(o4 & mine)
    i = _pick(prng, g, distinct + chops + menus)
    if i < distinct:
        return _nth_bit(mine, i)
    i -= distinct
    if i >= chops:
        return _menu_slot(row, s, i - chops + 1)
    m = mine
    while True:  # the swaps of each face of mine, in turn
        f = _low(m)
        m &= m - 1
        bit = 1 << f
        here = width - ((o1 >> f) & 1) - ((o2 >> f) & 1) - ((o3 >> f) & 1) - ((o4 >> f) & 1)
        if i >= here:
            i -= here
            continue
        t = o1 & ~bit
        c = _pop(t)
        if i < c:
            return _swap_in(i, t, f, 1)
        i -= c
        t = o2 & ~bit
        c = _pop(t)
        if i < c:
            return _swap_in(i, t, f, 2)
        i -= c
        t = o3 & ~bit
        c = _pop(t)
        if i < c:
            return _swap_in(i, t, f, 3)
        return _swap_in(i - c, o4 & ~bit, f, 4)


@njit(cache=True, inline="always")
def _heuristic(row: np.ndarray, prng: np.ndarray, g: int, s: int, greedy: bool) -> int:
    """``RollState.playout_action`` for the deciding seat ``s``: one time in five any
    die of its belt (each die alike), else the face worth most to its tray now (what
    one more icon adds to an appetizer's sets, maki icons, a nigiri tripled on a free
    wasabi, wasabi, tokens, puddings), equal worths broken at random; it never spends
    a token. The engine adds a random hundredth to each face's worth, which breaks
    exact ties only (unequal worths are a tenth apart or more), each tied face alike:
    here the tied faces are drawn among uniformly (one draw a tie), the same choice
    in distribution. ``greedy``: never the random die, ties to the lowest face,
    nothing drawn (the engine's choice with its random part off)."""
    b = BELT + s * MAXB
    size = int(row[BLEN + s])
    if not greedy and _unit(prng, g) < RANDOM_TAKE:
        return int(row[b + _pick(prng, g, size)])
    t = TRAY + s * NT
    free = row[t + WASABI] > 0
    best = -1
    best_value = -1
    ties = 0
    last = -1
    for i in range(size):
        f = int(row[b + i])
        if f == last:
            continue
        last = f
        if f < MAKI1:
            value = SET_STEP[f, row[t + f] % 3]
        else:
            value = QUICK[f]
            if EGG <= f <= SQUID and free:
                value *= 3
        if value > best_value:
            best = f
            best_value = value
            ties = 1
        elif value == best_value and not greedy:
            ties += 1
            if _pick(prng, g, ties) == 0:
                best = f
    return best


# -- the batch's loops ----------------------------------------------------------------


@njit(cache=True, inline="always")
def _new_game(
    row: np.ndarray, rng: np.ndarray, g: int, players: int, k: int, dice: np.ndarray
) -> None:
    """Row ``g`` a new game, its first round dealt."""
    row[:LOG] = 0
    for s in range(players):
        row[MENUS + s] = START_MENU
        row[CHOPS + s] = START_CHOPSTICKS
    row[SUP] = SUPPLY[0] - START_MENU * players
    row[SUP + 1] = SUPPLY[1] - START_CHOPSTICKS * players
    row[SUP + 2] = SUPPLY[2]
    _deal(row, rng, g, players, k, dice)


@njit(cache=True)
def reset_rows(st: np.ndarray, rng: np.ndarray, players: int, k: int, dice: np.ndarray) -> None:
    for g in range(st.shape[0]):
        _new_game(st[g], rng, g, players, k, dice)


@njit(cache=True)
def reset_rows_at(
    st: np.ndarray, rng: np.ndarray, rows: np.ndarray, players: int, k: int, dice: np.ndarray
) -> None:
    """New games in the rows ``rows`` only (their generators seeded already)."""
    for i in range(rows.shape[0]):
        g = rows[i]
        _new_game(st[g], rng, g, players, k, dice)


@njit(cache=True)
def step_rows(
    st: np.ndarray, rng: np.ndarray, slots: np.ndarray, players: int, k: int, dice: np.ndarray
) -> int:
    """One decision in every game not over, ``slots[g, s]`` each seat's slot (the
    no-op but for the seat deciding); -1 if all were legal, else the first game with
    an illegal slot (nothing is applied)."""
    for g in range(st.shape[0]):
        row = st[g]
        if row[DONE]:
            continue
        for s in range(players):
            if not _legal(row, s, slots[g, s], players):
                return g
    _apply_rows(st, rng, slots, players, k, dice)
    return -1


@njit(cache=True)
def step_rows_at(
    st: np.ndarray,
    rng: np.ndarray,
    slots: np.ndarray,
    live: np.ndarray,
    players: int,
    k: int,
    dice: np.ndarray,
) -> int:
    """As :func:`step_rows`, in the games where ``live`` is True only."""
    for g in range(st.shape[0]):
        row = st[g]
        if row[DONE] or not live[g]:
            continue
        for s in range(players):
            if not _legal(row, s, slots[g, s], players):
                return g
    _apply_rows_at(st, rng, slots, live, players, k, dice)
    return -1


@njit(cache=True, parallel=True)
def _apply_rows_at(
    st: np.ndarray,
    rng: np.ndarray,
    slots: np.ndarray,
    live: np.ndarray,
    players: int,
    k: int,
    dice: np.ndarray,
) -> None:
    for g in prange(st.shape[0]):
        row = st[g]
        if row[DONE] or not live[g]:
            continue
        s = (row[RED] + row[STEP]) % players
        _apply(row, rng, g, slots[g, s], players, k, dice)


@njit(cache=True, parallel=True)
def _apply_rows(
    st: np.ndarray, rng: np.ndarray, slots: np.ndarray, players: int, k: int, dice: np.ndarray
) -> None:
    for g in prange(st.shape[0]):
        row = st[g]
        if row[DONE]:
            continue
        s = (row[RED] + row[STEP]) % players
        _apply(row, rng, g, slots[g, s], players, k, dice)


@njit(cache=True, parallel=True)
def rollout_rows(
    st: np.ndarray,
    rng: np.ndarray,
    prng: np.ndarray,
    policy: np.ndarray,
    players: int,
    k: int,
    dice: np.ndarray,
) -> None:
    """Play every game to its end, seat ``s`` by ``policy[s]`` (RANDOM: uniformly
    random over its legal slots; HEURISTIC: the quick heuristic), the policies'
    randomness from ``prng``, the rolls' from ``rng``: the games ``sample_rows`` (or
    ``heuristic_rows``) and ``step_rows`` would play."""
    for g in prange(st.shape[0]):
        row = st[g]
        while not row[DONE]:
            s = (row[RED] + row[STEP]) % players
            if policy[s] == HEURISTIC:
                slot = _heuristic(row, prng, g, s, False)
            else:
                slot = _random_slot(row, prng, g, s, players)
            _apply(row, rng, g, slot, players, k, dice)


@njit(cache=True, parallel=True)
def sample_rows(st: np.ndarray, prng: np.ndarray, players: int, out: np.ndarray) -> None:
    """A uniformly random legal slot for every seat (the no-op for a seat not deciding
    and in a game over), drawn from ``prng``, the batch's policy generators."""
    for g in prange(st.shape[0]):
        row = st[g]
        cur = -1 if row[DONE] else (row[RED] + row[STEP]) % players
        for s in range(players):
            out[g, s] = _random_slot(row, prng, g, s, players) if s == cur else NOOP


@njit(cache=True, parallel=True)
def play_until_rows(
    st: np.ndarray,
    rng: np.ndarray,
    prng: np.ndarray,
    policy: np.ndarray,
    stop: np.ndarray,
    live: np.ndarray,
    players: int,
    k: int,
    dice: np.ndarray,
) -> None:
    """In every game where ``live`` is True, play on by the seats' ``policy`` (as
    :func:`rollout_rows`) until seat ``stop[g]`` is to decide or the game is over."""
    for g in prange(st.shape[0]):
        row = st[g]
        if not live[g]:
            continue
        while not row[DONE]:
            s = (row[RED] + row[STEP]) % players
            if s == stop[g]:
                break
            if policy[s] == HEURISTIC:
                slot = _heuristic(row, prng, g, s, False)
            else:
                slot = _random_slot(row, prng, g, s, players)
            _apply(row, rng, g, slot, players, k, dice)


@njit(cache=True, parallel=True)
def heuristic_rows(
    st: np.ndarray, prng: np.ndarray, players: int, greedy: bool, out: np.ndarray
) -> None:
    """The quick heuristic's slot for the deciding seat of every game (the no-op for
    the other seats and in a game over), drawn from ``prng``."""
    for g in prange(st.shape[0]):
        row = st[g]
        cur = -1 if row[DONE] else (row[RED] + row[STEP]) % players
        for s in range(players):
            out[g, s] = _heuristic(row, prng, g, s, greedy) if s == cur else NOOP


@njit(cache=True, parallel=True)
def mask_rows(
    st: np.ndarray, players: int, out: np.ndarray, last: np.ndarray, scratch: np.ndarray
) -> None:
    """Every seat's legal slots as True in ``out`` (batch x seats x slots). ``out``
    keeps what it held before, and ``last[g, s]`` the slots set then (-1 ends them):
    only those are cleared, and a seat whose slots are those is left alone, so a call
    costs the legal slots that changed, not the layout's width."""
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        for s in range(players):
            before = last[g, s]
            n = legal_slots(row, s, players, buf)
            same = n == before.shape[0] or before[n] < 0
            i = 0
            while same and i < n:
                same = before[i] == buf[i]
                i += 1
            if same:  # (a seat not deciding, before and now: the no-op, left as it is)
                continue
            o = out[g, s]
            for i in range(before.shape[0]):
                if before[i] < 0:
                    break
                o[before[i]] = False
            for i in range(n):
                o[buf[i]] = True
                before[i] = buf[i]
            if n < before.shape[0]:
                before[n] = -1


@njit(cache=True, parallel=True)
def observe_rows(
    st: np.ndarray,
    players: int,
    head: np.ndarray,
    out: np.ndarray,
    work: np.ndarray,
    scratch: np.ndarray,
) -> None:
    """Every seat's observation (``out`` batch x seats x OBS), as sushigo.rl.roll
    builds it from that seat's view: what every viewer sees alike (the header, each
    seat's block) is worked out once a game into ``work[g]``, then placed seat-relative.
    ``head`` holds what the ruleset fixes (players, dice per player, the faces' odds)."""
    n = players
    for g in prange(st.shape[0]):
        row = st[g]
        w = work[g]
        bag = scratch[g]
        over = row[DONE] == 1
        red = int(row[RED])
        step = int(row[STEP])
        w[:O_SEATS] = head[:O_SEATS]
        if over:
            w[O_OVER] = 1.0
        else:
            w[O_ROUND + row[ROUND]] = 1.0
            w[O_CYCLE + row[CYCLE]] = 1.0
        w[O_SUPPLY] = row[SUP] / SUPPLY[0]
        w[O_SUPPLY + 1] = row[SUP + 1] / SUPPLY[1]
        w[O_SUPPLY + 2] = row[SUP + 2] / SUPPLY[2]
        for kind in range(NK):
            bag[kind] = DICE_COUNTS[kind]
        for a in range(n):
            at = O_SEATS + a * BLOCK
            w[at : at + BLOCK] = 0.0
            w[at + B_PRESENT] = 1.0
            if (a - red) % n < step:
                w[at + B_TAKEN] = 1.0
            b = BELT + a * MAXB
            size = int(row[BLEN + a])
            for i in range(size):
                f = row[b + i]
                w[at + B_BELT + f] += 0.125
                bag[KIND[f]] -= 1
            w[at + B_BELT_SIZE] = size * 0.125
            t = TRAY + a * NT
            icons = 0
            points = 0
            for e in range(NT):
                c = int(row[t + e])
                if c:
                    w[at + B_TRAY + e] = c * 0.125
                    bag[TRAY_KIND[e]] -= c
                    if e >= STACK0:
                        bag[SPECIAL] -= c
                    icons += c * ICONS[e]
                    points += c * NIGIRI_POINTS[e]
            for e in range(3):
                c = int(row[t + e])
                points += (c // 3) * SET_POINTS[e, 3] + SET_POINTS[e, c % 3]
            w[at + B_MAKI] = icons / 10
            w[at + B_POINTS] = points / 10
            w[at + B_MENUS] = row[MENUS + a] / 5
            w[at + B_CHOPS] = row[CHOPS + a] / 5
            w[at + B_PUDDINGS] = row[PUD + a] / 10
            w[at + B_SCORE] = row[SCORE + a] / 10
        for kind in range(NK):
            w[O_BAG + kind] = bag[kind] / 10
        cur = (red + step) % n
        for v in range(n):
            o = out[g, v]
            o[:O_SEATS] = w[:O_SEATS]
            if not over:
                o[O_TO_MOVE + (cur - v) % n] = 1.0
            o[O_RED + (red - v) % n] = 1.0
            for i in range(n):
                a = (v + i) % n
                o[O_SEATS + i * BLOCK : O_SEATS + (i + 1) * BLOCK] = w[
                    O_SEATS + a * BLOCK : O_SEATS + (a + 1) * BLOCK
                ]


# -- recorded rolls, replacing the batch's own --------------------------------------


@njit(cache=True)
def force_deal(st: np.ndarray, g: int, players: int, belts: np.ndarray, red: int) -> None:
    """Replace game ``g``'s deal of the round just started (before any decision) by
    ``belts`` (players x dice per player, each in face order) and the red belt."""
    row = st[g]
    at = LOG + row[LAST_AT]
    row[RED] = red
    row[at + 1] = red
    k = belts.shape[1]
    for s in range(players):
        for i in range(k):
            row[BELT + s * MAXB + i] = belts[s, i]
            row[at + 2 + s * k + i] = belts[s, i]
        row[BLEN + s] = k


@njit(cache=True)
def force_roll(st: np.ndarray, g: int, faces: np.ndarray) -> None:
    """Replace the faces game ``g``'s last menu token rolled (before any decision
    since) by ``faces``, in the order of the dice named."""
    row = st[g]
    at = LOG + row[LAST_AT]
    s = row[at] % 8
    m = row[at + 1]
    for i in range(m):
        _remove(row, s, row[at + 2 + i])
    for i in range(m):
        row[at + 2 + i] = faces[i]
        _insert(row, s, faces[i])


@njit(cache=True)
def force_slide(st: np.ndarray, g: int, players: int, belts: np.ndarray) -> None:
    """Replace the faces game ``g``'s belts showed when rolled after the last slide
    (before any decision since) by ``belts`` (players x dice, each in face order)."""
    row = st[g]
    at = LOG + row[LAST_AT]
    size = belts.shape[1]
    for s in range(players):
        for i in range(size):
            row[BELT + s * MAXB + i] = belts[s, i]
            row[at + 2 + s * size + i] = belts[s, i]


__all__ = ["seed_rows"]
