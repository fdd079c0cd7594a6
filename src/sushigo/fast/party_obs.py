"""Sushi Go Party!'s observations in the batch engine: every seat's, for every game of
a :class:`~sushigo.fast.party_batch.PartyBatch`, byte for byte what
``sushigo.rl.party.PartyCodec.observe`` builds from that seat's view (docs/rl.md has
the layout; tests/test_fast_party.py checks it at every decision of random games).

The layout's offsets are worked out here again from the engine's tables, as
:mod:`sushigo.fast.party` works out the slots: the batch engine does not import rl.
What the ruleset fixes (the player count, the hand size, the menu, every card of the
game) is worked out once in Python; the kernel adds what a card in front of a player
contributes in the order the codec adds it, in doubles, and converts to float32 once
per number, so the bytes are the codec's.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit, prange

from sushigo.fast import party as _party
from sushigo.fast.party import (
    C_PLAYERS,
    CHOOSE_PHASE,
    DES,
    DESN,
    DISC,
    DONE,
    DRAWN,
    DRAWN_N,
    EARLIER,
    FLIP_OF,
    HAND,
    HN,
    MAXD,
    MAXT,
    P_CARD,
    P_DETAIL,
    P_FLIP,
    P_KIND,
    P_ORDER,
    P_OWNER,
    P_SEAT,
    PART,
    PARTN,
    PHASE,
    ROUND,
    SCORE,
    SO,
    TAB,
    TABN,
    TOK_AS,
    TOK_CARD,
    TURN,
    URA_CLAIMED,
    URA_SCORED,
    N,
    S,
    T,
)
from sushigo.games.party.actions import _ASKS, _TOKENS, CHOICE_KINDS, SPECIAL_ORDER
from sushigo.games.party.cards import DESSERTS, HAND_SIZES, PARTY_CARDS, ROUNDS
from sushigo.games.party.scoring import played_of_token

if TYPE_CHECKING:
    from sushigo.fast.party_batch import PartyBatch

_IDS = PARTY_CARDS.ids
_IDX = {c: i for i, c in enumerate(_IDS)}
_MIN_PLAYERS = min(HAND_SIZES)
_DESSERT_IDS = tuple(c for c in _IDS if PARTY_CARDS.by_id[c].family in DESSERTS)
_NIGIRI_IDS = tuple(c for c in _IDS if PARTY_CARDS.by_id[c].family == "nigiri")
_NFLIP = sum(1 for t in _TOKENS if not played_of_token(t).flipped)

C = 0.25
"""Scale of a count of cards."""
TEN = 0.1
"""Scale of icons, points, turns and hand sizes."""

# ---------------------------------------------------------------------------
# The observation's layout (sushigo.rl.party's, worked out again).

# The game.
G_PLAYERS = 0
"""Players, one-hot (2-8)."""
G_ROUND = G_PLAYERS + 7
"""Round, one-hot: rounds 1-3, then the game over."""
G_TURN = G_ROUND + ROUNDS + 1
G_HAND = G_TURN + 1
G_MENU = G_HAND + 1
G_URAMAKI = G_MENU + N
G_DESSERTS = G_URAMAKI + 1
GAME = G_DESSERTS + 1

# A seat block, offsets within it.
B_PRESENT = 0
B_HAND_SIZE = 1
B_KNOWN = 2
B_HAND = 3
B_TABLE = B_HAND + N
B_ON_WASABI = B_TABLE + N
B_FREE_WASABI = B_ON_WASABI + len(_NIGIRI_IDS)
B_FLIPPED = B_FREE_WASABI + 1
B_SPECIAL = B_FLIPPED + 1
B_THIS_TURN = B_SPECIAL + 1
B_MAKI = B_THIS_TURN + 1
B_URAMAKI = B_MAKI + 1
B_DESSERTS = B_URAMAKI + 1
B_FRUIT = B_DESSERTS + len(_DESSERT_IDS)
B_SCORE = B_FRUIT + 3
B_URAMAKI_SCORED = B_SCORE + 1
BLOCK = B_URAMAKI_SCORED + 1
"""Length of a seat block: 115."""
SEATS_AT = GAME

# The pending decision, the menu's draw, the unseen cards, the flips chosen so far.
O_PENDING = SEATS_AT + S * BLOCK
O_P_SEAT = O_PENDING + 1
O_P_KIND = O_P_SEAT + S
O_P_CARD = O_P_KIND + len(CHOICE_KINDS)
O_P_COPY = O_P_CARD + N
O_P_OWNER = O_P_COPY + 1
O_P_ASKED = O_P_OWNER + S
O_DRAWN = O_P_ASKED + len(_ASKS)
O_UNSEEN = O_DRAWN + N
O_PARTIAL = O_UNSEEN + N
OBS = O_PARTIAL + _NFLIP
"""Length of an observation: 1,304."""

MAXF = 4
"""The most numbers one card in front of a player adds to its seat's block."""


def _features(desserts: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every token: the offsets within a seat block that a card in front of a
    player (``desserts``: a dessert kept) with that token adds to, and the amounts, in
    the codec's order (as ``sushigo.rl.party``'s ``_TABLE_FEATS`` / ``_DESSERT_FEATS``)."""
    count = np.zeros(T, np.int64)
    off = np.zeros((T, MAXF), np.int64)
    val = np.zeros((T, MAXF), np.float64)
    for i, token in enumerate(_TOKENS):
        p = played_of_token(token)
        feats: list[tuple[int, float]] = []
        if desserts:
            if p.flipped or p.counts_as not in _DESSERT_IDS:
                continue
            feats.append((B_DESSERTS + _DESSERT_IDS.index(p.counts_as), C))
            feats.extend((B_FRUIT + j, k * TEN) for j, k in enumerate(p.fruit) if k)
        elif p.flipped:
            feats.append((B_FLIPPED, C))
        else:
            feats.append((B_TABLE + _IDX[p.counts_as], C))
            if p.on_wasabi:
                feats.append((B_ON_WASABI + _NIGIRI_IDS.index(p.counts_as), C))
            if p.kind == "wasabi" and not p.covered:
                feats.append((B_FREE_WASABI, C))
            if p.card == SPECIAL_ORDER:
                feats.append((B_SPECIAL, C))
            if p.kind == "maki":
                feats.append((B_MAKI, p.icons * TEN))
            elif p.kind == "uramaki":
                feats.append((B_URAMAKI, p.icons * TEN))
        count[i] = len(feats)
        for j, (o, v) in enumerate(feats):
            off[i, j] = o
            val[i, j] = v
    return count, off, val


TAB_N, TAB_OFF, TAB_VAL = _features(False)
DES_N, DES_OFF, DES_VAL = _features(True)
ASK_AT = np.array([max(i for i, b in enumerate(_ASKS) if b == a) for a in _ASKS], np.int64)
"""Where each spoon request is shown (a name twice in the requests, a kind that is
also a card, shows at its last place, as the codec's dict of them keeps it)."""

_FROM_PARTY = (
    "C_PLAYERS", "CHOOSE_PHASE", "DES", "DESN", "DISC", "DONE", "DRAWN", "DRAWN_N",
    "EARLIER", "FLIP_OF", "HAND", "HN", "MAXD", "MAXT", "P_CARD", "P_DETAIL", "P_FLIP",
    "P_KIND", "P_ORDER", "P_OWNER", "P_SEAT", "PART", "PARTN", "PHASE", "ROUND", "SCORE",
    "SO", "TAB", "TABN", "TOK_AS", "TOK_CARD", "TURN", "URA_CLAIMED", "URA_SCORED", "N",
    "S", "T",
)  # fmt: skip
"""What the kernel takes from :mod:`sushigo.fast.party`."""


def layout_digest() -> str:
    """A digest of every number the kernel holds as a constant: what it takes from
    :mod:`sushigo.fast.party` (the row's offsets, the token tables) and the tables
    above (worked out from the engine's)."""
    h = hashlib.sha256()
    for value in (
        *(getattr(_party, name) for name in _FROM_PARTY),
        *(TAB_N, TAB_OFF, TAB_VAL, DES_N, DES_OFF, DES_VAL, ASK_AT),
    ):
        h.update(np.ascontiguousarray(value).tobytes() + b";")
    return h.hexdigest()[:16]


LAYOUT_DIGEST = "3a17d6ef82a1f3bc"
""":func:`layout_digest` when the kernel was last compiled against it. numba's cache
of a compiled function holds the constants it read (the row's offsets, the tables) as
they were, and does not notice when :mod:`sushigo.fast.party` or the engine's tables
change (a known limit of numba's cache): tests/test_fast_party.py checks this against
the digest of the values as they are, so that a change there comes with a change
here, which renews the cache."""


def static(ruleset: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What the ruleset fixes: the game's part of every observation (players, hand
    size, menu), every card of the game (the menu's deck and its whole dessert pile)
    by card, and the desserts shuffled into the deck by each round."""
    head = np.zeros(GAME, np.float64)
    head[G_PLAYERS + ruleset.players - _MIN_PLAYERS] = 1.0
    head[G_HAND] = ruleset.hand_size * TEN
    for kind in ruleset.menu.kinds:
        for c in _IDS:
            if PARTY_CARDS.by_id[c].family == kind:
                head[G_MENU + _IDX[c]] = 1.0
    supply = np.zeros(N, np.int64)
    for c, k in ruleset.deck.items():
        supply[_IDX[c]] += k
    for c, k in ruleset.desserts.items():
        supply[_IDX[c]] += k
    added = np.cumsum(np.array(ruleset.desserts_added[:ROUNDS], np.int64))
    return head, supply, added


@njit(cache=True, parallel=True)
def observe_rows(
    st: np.ndarray,
    cfg: np.ndarray,
    head: np.ndarray,
    supply: np.ndarray,
    added: np.ndarray,
    out: np.ndarray,
    work: np.ndarray,
    public: np.ndarray,
    seen: np.ndarray,
    shown: np.ndarray,
) -> None:
    """Every seat's observation (``out``: batch x players x OBS), as sushigo.rl.party
    builds it from that seat's view. What every viewer sees alike (each seat's block
    but its hand, the cards seen by everyone) is worked out once a game, in doubles in
    ``work[g]`` (a block a seat), then made float32 in ``public[g]``, and
    ``seen[g, :N]`` (the unseen cards but the hands and the menu's draw); then each
    viewer's observation is placed seat-relative (``seen[g, N:]``: its unseen cards).

    ``out`` is only ever written here: the blocks of seats beyond the table stay as
    made (zero), and the pending decision, the menu's draw and the flips chosen so far
    are cleared only where ``shown[g]`` says the last call wrote them."""
    n = cfg[C_PLAYERS]
    for g in prange(st.shape[0]):
        row = st[g]
        w = work[g]
        pub = public[g]
        unseen = seen[g]
        done = row[DONE] == 1
        rnd = row[ROUND]
        turn = row[TURN]
        size = row[HN] * TEN
        kept = 0
        for c in range(N):
            unseen[c] = supply[c] - row[DISC + c]
        for a in range(n):
            b = w[a * BLOCK : (a + 1) * BLOCK]
            b[:] = 0.0
            b[B_PRESENT] = 1.0
            b[B_HAND_SIZE] = size
            at = TAB + a * MAXT
            m = row[TABN + a]
            for i in range(m):
                tok = row[at + i]
                unseen[TOK_CARD[tok]] -= 1
                for f in range(TAB_N[tok]):
                    b[TAB_OFF[tok, f]] += TAB_VAL[tok, f]
            b[B_THIS_TURN] = (m - row[EARLIER + a]) * C
            at = DES + a * MAXD
            for i in range(row[DESN + a]):
                tok = row[at + i]
                unseen[TOK_CARD[tok]] -= 1
                if TOK_CARD[tok] != SO:
                    kept += 1
                for f in range(DES_N[tok]):
                    b[DES_OFF[tok, f]] += DES_VAL[tok, f]
            b[B_SCORE] = row[SCORE + a] * TEN
            b[B_URAMAKI_SCORED] = row[URA_SCORED + a] * TEN
        for j in range(n * BLOCK):
            pub[j] = w[j]
        pending = not done and row[PHASE] == CHOOSE_PHASE and row[P_KIND] != 0
        kind = row[P_KIND]
        decider = row[P_SEAT]
        known = min(turn, n - 1)
        clear = shown[g] != 0
        shown[g] = 1 if pending else 0
        for v in range(n):
            o = out[g, v]
            o[:GAME] = head
            o[G_ROUND + (rnd if rnd < ROUNDS else ROUNDS)] = 1.0
            o[G_TURN] = turn * TEN
            o[G_URAMAKI] = row[URA_CLAIMED] / 3
            if rnd < ROUNDS:
                o[G_DESSERTS] = (added[rnd] - kept) * TEN
            for i in range(n):
                at = SEATS_AT + i * BLOCK
                a = (v + i) % n
                o[at : at + BLOCK] = pub[a * BLOCK : (a + 1) * BLOCK]
            mine = unseen[N : 2 * N]
            mine[:] = unseen[:N]
            for i in range(known + 1):
                a = (v + i) % n
                at = SEATS_AT + i * BLOCK
                o[at + B_KNOWN] = 1.0
                hand = HAND + a * N
                for c in range(N):
                    k = row[hand + c]
                    if k:
                        o[at + B_HAND + c] = k * C
                        mine[c] -= k
            if clear:
                o[O_PENDING:O_UNSEEN] = 0.0
                o[O_PARTIAL:] = 0.0
            if pending:
                o[O_PENDING] = 1.0
                o[O_P_SEAT + (decider - v) % n] = 1.0
                o[O_P_KIND + kind - 1] = 1.0
                tok = row[P_CARD]
                if TOK_AS[tok] >= 0:
                    o[O_P_CARD + TOK_AS[tok]] = 1.0
                    if TOK_CARD[tok] == SO:
                        o[O_P_COPY] = 1.0
                o[O_P_OWNER + (row[P_OWNER] - v) % n] = 1.0
                if row[P_DETAIL] >= 0:
                    o[O_P_ASKED + ASK_AT[row[P_DETAIL]]] = 1.0
                if decider == v:
                    if kind == P_ORDER:
                        for i in range(row[DRAWN_N]):
                            c = row[DRAWN + i]
                            o[O_DRAWN + c] += C
                            mine[c] -= 1
                    elif kind == P_FLIP:
                        for i in range(row[PARTN]):
                            o[O_PARTIAL + FLIP_OF[row[PART + i]]] += C
            for c in range(N):
                o[O_UNSEEN + c] = mine[c] * TEN


class _Arrays:
    """A batch's observation arrays: what its ruleset fixes, the observations it
    returns and the kernel's working space (made at the first call, then reused)."""

    def __init__(self, batch: PartyBatch) -> None:
        head, self.supply, self.added = static(batch.ruleset)
        self.head = head.astype(np.float32)
        self.out = np.zeros((batch.batch, batch.players, OBS), np.float32)
        self.work = np.zeros((batch.batch, S * BLOCK), np.float64)
        self.public = np.zeros((batch.batch, S * BLOCK), np.float32)
        self.seen = np.zeros((batch.batch, 2 * N), np.int64)
        self.shown = np.zeros(batch.batch, np.int8)
        """Which games' last observations showed a pending decision."""


def observe(batch: PartyBatch) -> np.ndarray:
    """Every seat's observation of every game of ``batch`` (batch x players x 1,304
    float32), as sushigo.rl.party builds it from that seat's view: the batch's own
    array, rewritten by the next call (copy it to keep it; do not write to it: the
    numbers that stay zero, such as the blocks of seats beyond the table, are not
    rewritten)."""
    batch._check()
    arrays = getattr(batch, "_observe_arrays", None)
    if arrays is None:
        arrays = _Arrays(batch)
        setattr(batch, "_observe_arrays", arrays)  # noqa: B010 (not a field of the class)
    observe_rows(
        batch._rows,
        batch._cfg,
        arrays.head,
        arrays.supply,
        arrays.added,
        arrays.out,
        arrays.work,
        arrays.public,
        arrays.seen,
        arrays.shown,
    )
    out: np.ndarray = arrays.out
    return out
