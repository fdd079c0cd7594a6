"""Sushi Go Party! as a batch engine: many games advanced together in numba-compiled
loops (the Python side is :mod:`sushigo.fast.party_batch`).

Every game of a batch is a row of one int16 array (its fields at the offsets below),
with its own random generator (splitmix64, as :mod:`sushigo.fast.classic`), so game
``g`` of seed ``s`` is the same whatever the batch size. Hands are counted by card
(the 45 ids of :data:`~sushigo.games.party.cards.PARTY_CARDS`, in card-table order);
what lies in front of a player is a list of *tokens* in the order played: every
value a card in front of a player can have (a card, a special order's copy, a nigiri
on a wasabi, a covered wasabi, a card flipped by a takeout box), numbered as
``sushigo.games.party.actions._TOKENS``. The rules are the engine's
(``sushigo.games.party.state`` and ``turn``), step for step: the reveal, the queue of
called bonus cards, menus and takeout boxes resolved lowest number first, and each
mid-turn decision of one seat; chance (the deals, a menu's draw) is drawn from the
game's generator as soon as it is due, so a game always waits for a decision or is
over.

Slots and masks are the reinforcement-learning layout of ``sushigo.rl.party``
(docs/rl.md), checked position by position (tests/test_fast_party.py): a pick is a
card (for a special order, its copy) times its call; a takeout box's flips are made
one token at a time, then "done".
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sushigo.fast.rng import _below, _unit, seed_rows
from sushigo.games.party.actions import _ASKS, _CALLS, _TOKENS, SPECIAL_ORDER
from sushigo.games.party.cards import _NUMBER, DESSERTS, KINDS, PARTY_CARDS
from sushigo.games.party.playout import _ASK_CARD, _PLAYOUT_RANDOM
from sushigo.games.party.scoring import FLIPPED, SCORING_KINDS, played_of_token, played_value

__all__ = ["seed_rows"]

# ---------------------------------------------------------------------------
# The cards, the tokens and the slots (the layout of sushigo.rl.party, worked out
# again here from the engine's tables: the batch engine does not import rl).

_IDS = PARTY_CARDS.ids
N = len(_IDS)
"""Card ids: 45."""
_IDX = {c: i for i, c in enumerate(_IDS)}
SO = _IDX[SPECIAL_ORDER]
NK = len(SCORING_KINDS)
_K = {k: i for i, k in enumerate(SCORING_KINDS)}
K_NIGIRI, K_MAKI, K_TEMAKI, K_URAMAKI = _K["nigiri"], _K["maki"], _K["temaki"], _K["uramaki"]
K_TEMPURA, K_SASHIMI, K_DUMPLING, K_EEL = _K["tempura"], _K["sashimi"], _K["dumpling"], _K["eel"]
K_TOFU, K_ONIGIRI, K_EDAMAME, K_MISO = _K["tofu"], _K["onigiri"], _K["edamame"], _K["miso-soup"]
K_CHOP, K_SPOON, K_MENU, K_TAKEOUT = _K["chopsticks"], _K["spoon"], _K["menu"], _K["takeout-box"]
K_SOY, K_TEA, K_WASABI, K_FLIPPED = _K["soy-sauce"], _K["tea"], _K["wasabi"], _K[FLIPPED]
K_PUDDING, K_GTIC, K_FRUIT = _K["pudding"], _K["green-tea-ice-cream"], _K["fruit"]

CARD_KIND = np.array([_K[PARTY_CARDS.by_id[c].family] for c in _IDS], np.int64)
"""Each card's kind (a position in SCORING_KINDS)."""
NUMBER = np.array([_NUMBER.get(c, 0) for c in _IDS], np.int64)
"""Each card's lower-right order number (0: none)."""

_TOK = {t: i for i, t in enumerate(_TOKENS)}
T = len(_TOKENS)
"""Tokens: 142."""


def _token_tables() -> tuple[np.ndarray, ...]:
    card = np.zeros(T, np.int64)
    counts_as = np.zeros(T, np.int64)
    kind = np.zeros(T, np.int64)
    colour = np.zeros(T, np.int64)
    icons = np.zeros(T, np.int64)
    shape = np.full(T, -1, np.int64)
    fruit = np.zeros((T, 3), np.int64)
    on_wasabi = np.zeros(T, np.int64)
    flipped = np.zeros(T, np.int64)
    to_on = np.full(T, -1, np.int64)
    to_cover = np.full(T, -1, np.int64)
    to_flip = np.zeros(T, np.int64)
    uncovered = np.zeros(T, np.int64)
    for i, token in enumerate(_TOKENS):
        p = played_of_token(token)
        card[i] = _IDX[p.card]
        counts_as[i] = -1 if p.flipped else _IDX[p.counts_as]
        kind[i] = p.kind_index
        colour[i] = p.colour_index
        icons[i] = p.icons
        shape[i] = p.shape
        fruit[i] = p.fruit
        on_wasabi[i] = p.on_wasabi
        flipped[i] = p.flipped
        to_flip[i] = _TOK[played_value(p.card, flipped=True).token]
        if not p.flipped and p.kind == "nigiri" and not p.on_wasabi:
            to_on[i] = _TOK[played_value(p.card, p.copies, False, True, False).token]
        if not p.flipped and p.kind == "wasabi" and not p.covered:
            to_cover[i] = _TOK[played_value(p.card, p.copies, False, False, True).token]
            uncovered[i] = 1
    return (
        card, counts_as, kind, colour, icons, shape, fruit, on_wasabi, flipped,
        to_on, to_cover, to_flip, uncovered,
    )  # fmt: skip


(
    TOK_CARD, TOK_AS, TOK_KIND, TOK_COLOUR, TOK_ICONS, TOK_SHAPE, TOK_FRUIT, TOK_ON,
    TOK_FLIPPED, TOK_TO_ON, TOK_TO_COVER, TOK_TO_FLIP, TOK_UNCOVERED,
) = _token_tables()  # fmt: skip
PLAIN = np.array([_TOK[played_value(c).token] for c in _IDS], np.int64)
"""Each card's token when played plainly."""

COPY_TARGETS = (
    *(
        _IDX[c]
        for c in _IDS
        if c != SPECIAL_ORDER and PARTY_CARDS.by_id[c].family not in ("menu", "takeout-box")
    ),
    N,
)
"""What a special order may copy (card positions; N: ``flipped``), in slot order: 39."""
NTARGETS = len(COPY_TARGETS)
TARGET_OF = np.full(N + 1, -1, np.int64)
"""Each target's index in COPY_TARGETS (-1: no target)."""
for _j, _c in enumerate(COPY_TARGETS):
    TARGET_OF[_c] = _j
COPY_TOKEN = np.array(
    [
        _TOK[(played_value(SPECIAL_ORDER, flipped=True) if c == N else
              played_value(SPECIAL_ORDER, _IDS[c])).token]
        for c in COPY_TARGETS
    ],
    np.int64,
)  # fmt: skip
"""The token of a special order copying each target."""

NB = N + NTARGETS
"""Picks without a call: each card plainly, then a special order copying each target: 84."""
NCALLS = len(_CALLS)
CALL_TOKEN = np.array([_TOK[c] for c in _CALLS], np.int64)
"""The token of each call, in slot order (their resolution order)."""
PICKS = NB * (1 + NCALLS)
TAKE = PICKS
ASK = TAKE + N
NASKS = len(_ASKS)
GIVE = ASK + NASKS
ORDER = GIVE + N
COPY = ORDER + N
FLIP = COPY + NTARGETS
_FLIP_TOKENS = tuple(t for t in _TOKENS if not played_of_token(t).flipped)
NFLIP = len(_FLIP_TOKENS)
FLIP_OF = np.array([_FLIP_TOKENS.index(t) if t in _FLIP_TOKENS else -1 for t in _TOKENS], np.int64)
FLIP_TOKEN = np.array([_TOK[t] for t in _FLIP_TOKENS], np.int64)
DONE_SLOT = FLIP + NFLIP
NOOP = DONE_SLOT + 1
SLOTS = NOOP + 1
"""The action space: 1,433 slots, the last the no-op."""

ASK_KIND = np.array([_K[a] if a in KINDS else -1 for a in _ASKS], np.int64)
"""A spoon's request: the kind it names (-1: it names a card)."""
ASK_CARD = np.array([_IDX.get(a, -1) for a in _ASKS], np.int64)
"""A spoon's request: the card it names (-1: it names a kind)."""

DESSERT_IDS = tuple(_IDX[c] for c in _IDS if PARTY_CARDS.by_id[c].family in DESSERTS)

# ---------------------------------------------------------------------------
# A game's row.

S = 8
"""Seat blocks: the most players a table has."""
MAXT = 10
"""The most cards in front of a player: one a turn (a card played through a bonus card,
a menu or a copy takes the place of the card that brought it)."""
MAXD = 3 * MAXT
"""The most desserts a player keeps."""
QMAX = 4 * S
"""The longest queue of a turn's bonus cards, menus and takeout boxes."""
ROUNDS = 3
FAMILIES = 15
"""A round's breakdown: sushigo.games.party.scoring.ROUND_FAMILIES."""

HAND = 0
HN = HAND + S * N
TAB = HN + 1
TABN = TAB + S * MAXT
EARLIER = TABN + S
FREE = EARLIER + S
URA = FREE + S
URA_SCORED = URA + S
BONUS = URA_SCORED + S
DES = BONUS + S
"""Each seat's desserts kept (tokens, in the order kept)."""
DESN = DES + S * MAXD
SCORE = DESN + S
DESSERT_PTS = SCORE + S
DECK = DESSERT_PTS + S
"""The cards not dealt this round (a menu draws from them), by card."""
INDECK = DECK + N
"""Desserts shuffled into the deck and not kept, by card."""
PILE = INDECK + N
"""The dessert pile, by card."""
DISC = PILE + N
"""Cards discarded face-up this round, by card."""
Q = DISC + N
"""The turn's queue: (number, is a copy, seat, token) each."""
QN = Q + 4 * QMAX
P_SEAT = QN + 1
P_KIND = P_SEAT + 1
"""The pending decision's kind: 0 none, then take, ask, give, order, copy, flip."""
P_CARD = P_KIND + 1
P_DETAIL = P_CARD + 1
P_OWNER = P_DETAIL + 1
DRAWN = P_OWNER + 1
DRAWN_N = DRAWN + 4
PART = DRAWN_N + 1
"""The flips a takeout box has chosen so far (tokens)."""
PARTN = PART + MAXT
PLAN = PARTN + 1
"""The flips the heuristic chose for a takeout box, made a token at a time."""
PLANN = PLAN + MAXT
"""How many (-1: no plan yet)."""
MISO_SEAT = PLANN + 1
MISO_TOK = MISO_SEAT + 1
MISO_N = MISO_TOK + 1
DECIDE = MISO_N + 1
"""Which seats pick now (on the last turn, only a special order with a choice)."""
FORCED = DECIDE + S
"""On the last turn, the pick of each seat without a choice (a base slot)."""
PHASE = FORCED + S
ROUND = PHASE + 1
TURN = ROUND + 1
DONE = TURN + 1
URA_CLAIMED = DONE + 1
SO_KEPT = URA_CLAIMED + 1
BREAK = SO_KEPT + 1
"""Each finished round's breakdown: ROUNDS x S x FAMILIES."""
GONE = BREAK + ROUNDS * S * FAMILIES
"""The uramaki each seat scored and discarded this round (tokens), S x MAXT."""
GONEN = GONE + S * MAXT
ENDTAB = GONEN + S
"""What each seat had played at each round's end: the cards in front and the uramaki
scored (tokens), ROUNDS x S x MAXT, for the card statistics (sushigo.fast.party_stats)."""
ENDN = ENDTAB + ROUNDS * S * MAXT
RSTART = ENDN + ROUNDS * S
"""Where each round starts in the log."""
LOGN = RSTART + ROUNDS
LOG = LOGN + 1
LOG_SIZE = 3600
FEED_N = LOG + LOG_SIZE
"""Chance outcomes given in advance (to re-play a recorded game): how many numbers
the feed holds (0: the game's generator draws its deals and a menu's draws)."""
FEED_AT = FEED_N + 1
"""The next number of the feed to read."""
FEED_BAD = FEED_AT + 1
"""Set when the feed held a deal where a draw was due, or the other way round."""
FEED = FEED_BAD + 1
"""The feed: a deal is 0, the desserts added (count, cards), every hand; a draw is 1,
the count, the cards."""
FEED_SIZE = 400
WIDTH = FEED + FEED_SIZE

PICK_PHASE = 1
CHOOSE_PHASE = 2
OVER_PHASE = 4

P_TAKE, P_ASK, P_GIVE, P_ORDER, P_COPY, P_FLIP = 1, 2, 3, 4, 5, 6

# The log: an entry starts op * 8 + seat.
L_DEAL = 0  # then the desserts added (count, cards), then every hand, in card order
L_PICK = 1  # then the slot
L_CHOICE = 2  # then the slot (take, ask, give, order, copy)
L_FLIP = 3  # then the count and the tokens
L_DRAW = 4  # then the count and the cards

# The ruleset, for the kernels (``cfg``).
C_PLAYERS = 0
C_HAND = 1
C_BIG = 2
C_URAMAKI = 3
C_DESSERT = 4
"""The dessert's kind."""
C_ADDED = 5
"""Desserts shuffled in before each round (three)."""
C_NASKS = 8
C_ASKS = 9
"""Then the requests a spoon may make (positions in _ASKS)."""
CFG = C_ASKS + NASKS

RANDOM = 0
HEURISTIC = 1
POLICIES = ("random", "heuristic")
EXPLORE = _PLAYOUT_RANDOM
"""How often the heuristic decides uniformly at random (the engine's one in two)."""
ASK_HOPE = np.array([_IDX[_ASK_CARD[a]] if a in _ASK_CARD else -1 for a in _ASKS], np.int64)
"""What the heuristic hopes a spoon's request brings: a kind's richest card (-1: a
request for an exact card, which the heuristic does not make)."""
CARD_ICONS = np.array([PARTY_CARDS.by_id[c].icons for c in _IDS], np.int64)

SCRATCH = 1200
"""Each game's working space (int64s)."""
_SW = 1100
"""Where the scratch's second half starts (counts by card)."""

DUMPLING_POINTS = np.array([0, 1, 3, 6, 10, 15], np.int64)
ONIGIRI_POINTS = np.array([0, 1, 4, 9, 16], np.int64)
FRUIT_POINTS = np.array([-2, 0, 1, 3, 6, 10], np.int64)
URAMAKI_PLACES = np.array([8, 5, 2], np.int64)
F_NIGIRI, F_MAKI, F_TEMAKI, F_URAMAKI, F_TEMPURA, F_SASHIMI, F_DUMPLING = 0, 1, 2, 3, 4, 5, 6
F_EEL, F_TOFU, F_ONIGIRI, F_EDAMAME, F_MISO, F_SOY, F_TEA, F_FLIPPED = 7, 8, 9, 10, 11, 12, 13, 14


# ---------------------------------------------------------------------------
# Small helpers.


@njit(cache=True)
def _log(row: np.ndarray, value: int) -> None:
    n = row[LOGN]
    if n < LOG_SIZE:  # a guard: the log is sized for the longest game
        row[LOG + n] = value
        row[LOGN] = n + 1


@njit(cache=True)
def _remove(row: np.ndarray, s: int, token: int) -> None:
    """Take the last card equal to ``token`` off the table in front of ``s``."""
    at = TAB + s * MAXT
    n = row[TABN + s]
    for i in range(n - 1, -1, -1):
        if row[at + i] == token:
            for j in range(i, n - 1):
                row[at + j] = row[at + j + 1]
            row[TABN + s] = n - 1
            if i < row[EARLIER + s]:
                row[EARLIER + s] -= 1
            _uncount(row, s, token)
            return


@njit(cache=True)
def _uncount(row: np.ndarray, s: int, token: int) -> None:
    kind = TOK_KIND[token]
    if kind == K_CHOP or kind == K_SPOON:
        row[BONUS + s] -= 1
    elif kind == K_URAMAKI:
        row[URA + s] -= TOK_ICONS[token]
    elif TOK_UNCOVERED[token]:
        row[FREE + s] -= 1


@njit(cache=True)
def _discard(row: np.ndarray, s: int, token: int) -> None:
    """A card used up (a menu, a takeout box, an unanswered spoon): off the table."""
    _remove(row, s, token)
    row[DISC + TOK_CARD[token]] += 1


@njit(cache=True)
def _claim(row: np.ndarray, reached: int, cfg: np.ndarray) -> None:
    """Uramaki: the seats in ``reached`` (a bit a seat) reached 10 icons; the most icons
    first take the next place (ties share it and skip the next), then they discard
    their uramaki."""
    n = cfg[C_PLAYERS]
    while reached:
        best = -1
        for s in range(n):
            if reached >> s & 1 and row[URA + s] > best:
                best = row[URA + s]
        claimed = row[URA_CLAIMED]
        value = URAMAKI_PLACES[claimed] if claimed < 3 else 0
        for s in range(n):
            if reached >> s & 1 and row[URA + s] == best:
                reached &= ~(1 << s)
                row[URA_CLAIMED] += 1
                row[URA_SCORED + s] += value
                # discard the uramaki in front (EARLIER: less those played on earlier turns)
                at = TAB + s * MAXT
                m = row[TABN + s]
                e = row[EARLIER + s]
                k = 0
                for i in range(m):
                    tok = row[at + i]
                    if TOK_KIND[tok] == K_URAMAKI:
                        row[DISC + TOK_CARD[tok]] += 1
                        row[GONE + s * MAXT + row[GONEN + s]] = tok
                        row[GONEN + s] += 1
                        if i < e:
                            row[EARLIER + s] -= 1
                    else:
                        row[at + k] = tok
                        k += 1
                row[TABN + s] = k
                row[URA + s] = 0


@njit(cache=True)
def _put(row: np.ndarray, s: int, token: int, later: bool, cfg: np.ndarray) -> None:
    """Place a card in front of ``s`` with the effects of playing it (``later``: after
    the reveal, so uramaki reaching 10 icons score at once, on their own)."""
    kind = TOK_KIND[token]
    at = TAB + s * MAXT
    if kind == K_NIGIRI:
        if row[FREE + s]:
            for i in range(row[TABN + s]):
                q = row[at + i]
                if TOK_UNCOVERED[q]:
                    row[at + i] = TOK_TO_COVER[q]
                    break
            row[FREE + s] -= 1
            token = TOK_TO_ON[token]
    elif kind == K_WASABI:
        row[FREE + s] += 1
    elif kind == K_CHOP or kind == K_SPOON:
        row[BONUS + s] += 1
    elif kind == K_URAMAKI:
        row[URA + s] += TOK_ICONS[token]
    elif kind == K_MENU or kind == K_TAKEOUT:
        qn = row[QN]
        q = Q + 4 * qn
        row[q] = NUMBER[TOK_CARD[token]]
        row[q + 1] = 0
        row[q + 2] = s
        row[q + 3] = token
        row[QN] = qn + 1
    m = row[TABN + s]
    row[at + m] = token
    row[TABN + s] = m + 1
    if kind == K_MISO:
        # more than one miso soup played in a turn: all are discarded
        row[MISO_N] += 1
        if row[MISO_N] > 1:
            if row[MISO_SEAT] >= 0:
                _remove(row, row[MISO_SEAT], row[MISO_TOK])
                row[DISC + TOK_CARD[row[MISO_TOK]]] += 1
                row[MISO_SEAT] = -1
            _remove(row, s, token)
            row[DISC + TOK_CARD[token]] += 1
        else:
            row[MISO_SEAT] = s
            row[MISO_TOK] = token
    elif kind == K_URAMAKI and later and row[URA + s] >= 10:
        _claim(row, 1 << s, cfg)


@njit(cache=True)
def copy_targets(row: np.ndarray, s: int, out: np.ndarray, at: int) -> int:
    """What a special order played now by ``s`` may copy, as target indices (in slot
    order) from ``out[at]``; their number."""
    seen = 0  # a bit a card (N: flipped)
    base = TAB + s * MAXT
    for i in range(row[TABN + s]):
        tok = row[base + i]
        if TOK_FLIPPED[tok]:
            seen |= 1 << N
        else:
            kind = TOK_KIND[tok]
            if kind != K_MENU and kind != K_TAKEOUT:
                seen |= 1 << TOK_AS[tok]
    if seen == 0:
        return 0
    m = 0
    for j in range(NTARGETS):
        if seen >> COPY_TARGETS_A[j] & 1:
            out[at + m] = j
            m += 1
    return m


COPY_TARGETS_A = np.array(COPY_TARGETS, np.int64)


@njit(cache=True)
def _matches(row: np.ndarray, seat: int, ask: int) -> int:
    """How many different cards in ``seat``'s hand a spoon's request matches; the
    first of them is found again by :func:`_first_match`."""
    at = HAND + seat * N
    card = ASK_CARD[ask]
    if card >= 0:
        return 1 if row[at + card] > 0 else 0
    kind = ASK_KIND[ask]
    m = 0
    for c in range(N):
        if row[at + c] > 0 and CARD_KIND[c] == kind:
            m += 1
    return m


@njit(cache=True)
def _first_match(row: np.ndarray, seat: int, ask: int) -> int:
    at = HAND + seat * N
    card = ASK_CARD[ask]
    if card >= 0:
        return card
    kind = ASK_KIND[ask]
    for c in range(N):
        if row[at + c] > 0 and CARD_KIND[c] == kind:
            return c
    return -1


@njit(cache=True)
def _play_later(row: np.ndarray, s: int, card: int, cfg: np.ndarray, buf: np.ndarray) -> None:
    """Play a card taken after the reveal (chopsticks, spoon, menu)."""
    if card != SO:
        _put(row, s, PLAIN[card], True, cfg)
        return
    m = copy_targets(row, s, buf, 0)
    if m == 0:
        row[DISC + SO] += 1  # nothing to copy
    elif m == 1:
        _put(row, s, COPY_TOKEN[buf[0]], True, cfg)
    else:
        _pend(row, s, P_COPY, PLAIN[SO], -1, s)


@njit(cache=True)
def _pend(row: np.ndarray, seat: int, kind: int, token: int, detail: int, owner: int) -> None:
    row[P_SEAT] = seat
    row[P_KIND] = kind
    row[P_CARD] = token
    row[P_DETAIL] = detail
    row[P_OWNER] = owner


@njit(cache=True)
def _to_hand(row: np.ndarray, seat: int, out_card: int, in_card: int) -> None:
    row[HAND + seat * N + out_card] -= 1
    row[HAND + seat * N + in_card] += 1


@njit(cache=True)
def _take(row: np.ndarray, s: int, chop: int, card: int, cfg: np.ndarray, buf: np.ndarray) -> None:
    """Chopsticks: play ``card`` from the hand; the chopsticks go into the hand."""
    _remove(row, s, chop)
    _to_hand(row, s, card, TOK_CARD[chop])
    _play_later(row, s, card, cfg, buf)


@njit(cache=True)
def _give(
    row: np.ndarray, s: int, spoon: int, giver: int, card: int, cfg: np.ndarray, buf: np.ndarray
) -> None:
    """Spoon answered: ``giver`` gives ``card`` to ``s`` and takes the spoon."""
    _remove(row, s, spoon)
    _to_hand(row, giver, card, TOK_CARD[spoon])
    _play_later(row, s, card, cfg, buf)


@njit(cache=True)
def _ask(row: np.ndarray, s: int, spoon: int, ask: int, cfg: np.ndarray, buf: np.ndarray) -> None:
    """Spoon: the first player to the left holding what ``ask`` names gives it."""
    n = cfg[C_PLAYERS]
    for k in range(1, n):
        giver = (s + k) % n
        m = _matches(row, giver, ask)
        if m == 1:
            _give(row, s, spoon, giver, _first_match(row, giver, ask), cfg, buf)
            return
        if m > 1:
            _pend(row, giver, P_GIVE, spoon, ask, s)
            return
    _discard(row, s, spoon)  # nobody has it


@njit(cache=True)
def _order(row: np.ndarray, s: int, menu: int, card: int, cfg: np.ndarray, buf: np.ndarray) -> None:
    """Menu: play ``card`` from those drawn; the others go back into the deck."""
    row[DECK + card] -= 1
    row[DRAWN_N] = 0
    _discard(row, s, menu)
    _play_later(row, s, card, cfg, buf)


@njit(cache=True)
def _orderable(row: np.ndarray, out: np.ndarray, at: int) -> int:
    """The different cards a menu may play from those drawn (not a menu), in card
    order, from ``out[at]``; their number."""
    m = 0
    for c in range(N):
        if CARD_KIND[c] == K_MENU:
            continue
        for i in range(row[DRAWN_N]):
            if row[DRAWN + i] == c:
                out[at + m] = c
                m += 1
                break
    return m


@njit(cache=True)
def _menu_drawn(row: np.ndarray, cfg: np.ndarray, buf: np.ndarray) -> None:
    """A menu's cards are drawn (DRAWN): its player chooses one to play; with one to
    choose from it is played at once, with none the menu is discarded."""
    seat = row[P_SEAT]
    menu = row[P_CARD]
    m = _orderable(row, buf, 0)
    if m > 1:
        return
    row[P_KIND] = 0
    if m == 1:
        _order(row, seat, menu, buf[0], cfg, buf)
    else:
        row[DRAWN_N] = 0
        _discard(row, seat, menu)


@njit(cache=True)
def _fed(row: np.ndarray, what: int) -> bool:
    """Whether the next chance outcome (``what``: 0 a deal, 1 a draw) is in the feed."""
    at = row[FEED_AT]
    if at >= row[FEED_N]:
        return False
    if row[FEED + at] != what:
        row[FEED_BAD] = 1
        return False
    return True


@njit(cache=True)
def _draw(row: np.ndarray, rng: np.ndarray, g: int, buf: np.ndarray) -> int:
    """Draw up to four cards from the deck for a menu (DRAWN, in card order), or take
    them from the feed; logged."""
    m = 0
    for c in range(N):
        for _ in range(row[DECK + c]):
            buf[m] = c
            m += 1
    k = min(4, m)
    size = m
    if m > 0 and _fed(row, 1):
        at = row[FEED_AT]
        k = row[FEED + at + 1]
        size = 0
        for i in range(k):
            buf[i] = row[FEED + at + 2 + i]
        m = k
        row[FEED_AT] = at + 2 + k
    for _ in range(k if size else 0):
        j = _below(rng, g, size)
        size -= 1
        t = buf[j]
        buf[j] = buf[size]
        buf[size] = t
    cnt = buf[_SW : _SW + N]
    cnt[:] = 0
    for i in range(size, m):
        cnt[buf[i]] += 1
    w = 0
    for c in range(N):
        for _ in range(cnt[c]):
            row[DRAWN + w] = c
            w += 1
    row[DRAWN_N] = k
    if k:
        _log(row, L_DRAW * 8)
        _log(row, k)
        for i in range(k):
            _log(row, row[DRAWN + i])
    return k


@njit(cache=True)
def _flippable(row: np.ndarray, s: int) -> int:
    """How many cards ``s`` played on earlier turns may be flipped."""
    at = TAB + s * MAXT
    m = 0
    for i in range(row[EARLIER + s]):
        if not TOK_FLIPPED[row[at + i]]:
            m += 1
    return m


@njit(cache=True)
def _advance(row: np.ndarray, rng: np.ndarray, g: int, cfg: np.ndarray, buf: np.ndarray) -> None:
    """Go on until a decision is due or the game is over: resolve the turn's queue,
    end the turn (and the round, dealing the next), play the last cards as they come.

    A loop, not calls that call each other back: numba cannot cache mutually
    recursive functions."""
    while True:
        if _resolve(row, rng, g, cfg, buf):
            row[PHASE] = CHOOSE_PHASE
            return
        if row[HN] == 0:
            _end_round(row, cfg)
            if row[DONE]:
                return
            _deal(row, rng, g, cfg, buf)
        else:
            _pass_hands(row, cfg, buf)
        if not _start_turn(row, cfg, buf):
            return
        _reveal(row, buf[_SW + N : _SW + N + S], cfg)


@njit(cache=True)
def _resolve(row: np.ndarray, rng: np.ndarray, g: int, cfg: np.ndarray, buf: np.ndarray) -> bool:
    """Resolve the turn's queue until a decision is needed (True) or it is empty."""
    while row[P_KIND] == 0:
        qn = row[QN]
        if qn == 0:
            return False
        best = 0
        for i in range(1, qn):
            a = Q + 4 * i
            b = Q + 4 * best
            if (row[a], row[a + 1], row[a + 2]) < (row[b], row[b + 1], row[b + 2]):
                best = i
        b = Q + 4 * best
        seat = row[b + 2]
        tok = row[b + 3]
        for i in range(best, qn - 1):
            for f in range(4):
                row[Q + 4 * i + f] = row[Q + 4 * (i + 1) + f]
        row[QN] = qn - 1
        kind = TOK_KIND[tok]
        if kind == K_CHOP:
            hand = HAND + seat * N
            m = 0
            last = -1
            for c in range(N):
                if row[hand + c] > 0:
                    m += 1
                    last = c
            if m == 1:
                _take(row, seat, tok, last, cfg, buf)
            else:
                _pend(row, seat, P_TAKE, tok, -1, seat)
        elif kind == K_SPOON:
            _pend(row, seat, P_ASK, tok, -1, seat)
        elif kind == K_MENU:
            _pend(row, seat, P_ORDER, tok, -1, seat)
            _draw(row, rng, g, buf)
            _menu_drawn(row, cfg, buf)
        elif _flippable(row, seat):
            row[PARTN] = 0
            _pend(row, seat, P_FLIP, tok, -1, seat)
        else:
            _discard(row, seat, tok)
    return True


@njit(cache=True)
def _reveal(row: np.ndarray, picks: np.ndarray, cfg: np.ndarray) -> None:
    """Every seat plays its pick (``picks[s]``, a pick slot) at once (the queue they
    leave is resolved next)."""
    n = cfg[C_PLAYERS]
    for s in range(n):
        if row[DECIDE + s]:
            _log(row, L_PICK * 8 + s)
            _log(row, picks[s])
    for s in range(n):
        call, base = divmod(picks[s], NB)
        card = base if base < N else SO
        row[HAND + s * N + card] -= 1
        if call > 0:
            tok = CALL_TOKEN[call - 1]
            qn = row[QN]
            q = Q + 4 * qn
            row[q] = NUMBER[TOK_AS[tok]]
            row[q + 1] = 1 if TOK_CARD[tok] == SO else 0
            row[q + 2] = s
            row[q + 3] = tok
            row[QN] = qn + 1
    row[HN] -= 1
    for s in range(n):
        base = picks[s] % NB
        if base == SO:
            row[DISC + SO] += 1  # a special order with nothing to copy
        elif base >= N:
            _put(row, s, COPY_TOKEN[base - N], False, cfg)
        else:
            _put(row, s, PLAIN[base], False, cfg)
    if cfg[C_URAMAKI]:
        reached = 0
        for s in range(n):
            if row[URA + s] >= 10:
                reached |= 1 << s
        if reached:
            _claim(row, reached, cfg)


@njit(cache=True)
def _start_turn(row: np.ndarray, cfg: np.ndarray, buf: np.ndarray) -> bool:
    """Mark what was played before this turn. True when no seat has a choice (the last
    cards, played as they come: their picks in ``buf[_SW + N:]``)."""
    n = cfg[C_PLAYERS]
    for s in range(n):
        row[EARLIER + s] = row[TABN + s]
    row[MISO_N] = 0
    row[MISO_SEAT] = -1
    row[PHASE] = PICK_PHASE
    if row[HN] != 1:
        for s in range(n):
            row[DECIDE + s] = 1
            row[FORCED + s] = -1
        return False
    deciders = 0
    for s in range(n):
        card = 0
        for c in range(N):
            if row[HAND + s * N + c]:
                card = c
                break
        row[DECIDE + s] = 0
        if card == SO:
            m = copy_targets(row, s, buf, 0)
            if m > 1:
                row[DECIDE + s] = 1
                row[FORCED + s] = -1
                deciders += 1
            else:
                row[FORCED + s] = N + buf[0] if m == 1 else SO
        else:
            row[FORCED + s] = card
    if deciders:
        return False
    picks = buf[_SW + N : _SW + N + S]
    for s in range(n):
        picks[s] = row[FORCED + s]
    return True


@njit(cache=True)
def _pass_hands(row: np.ndarray, cfg: np.ndarray, buf: np.ndarray) -> None:
    """Pass the hands to the left."""
    n = cfg[C_PLAYERS]
    last = buf[_SW : _SW + N]
    for c in range(N):
        last[c] = row[HAND + (n - 1) * N + c]
    for s in range(n - 1, 0, -1):
        for c in range(N):
            row[HAND + s * N + c] = row[HAND + (s - 1) * N + c]
    for c in range(N):
        row[HAND + c] = last[c]
    row[TURN] += 1


@njit(cache=True)
def _score_round(row: np.ndarray, cfg: np.ndarray) -> None:
    """The round's points of every seat, by family (BREAK), added to SCORE."""
    n = cfg[C_PLAYERS]
    br = BREAK + row[ROUND] * S * FAMILIES
    maki = np.zeros(S, np.int64)
    ura = np.zeros(S, np.int64)
    temaki = np.zeros(S, np.int64)
    edamame = np.zeros(S, np.int64)
    soy = np.zeros(S, np.int64)
    different = np.zeros(S, np.int64)
    k = np.zeros(NK, np.int64)
    colours = np.zeros(NK, np.int64)
    shapes = np.zeros(4, np.int64)
    for i in range(n):
        k[:] = 0
        colours[:] = 0
        shapes[:] = 0
        nigiri = 0
        at = TAB + i * MAXT
        for j in range(row[TABN + i]):
            tok = row[at + j]
            ki = TOK_KIND[tok]
            k[ki] += 1
            ci = TOK_COLOUR[tok]
            if colours[ci] == 0:
                different[i] += 1
            colours[ci] += 1
            if ki == K_NIGIRI:
                nigiri += 3 * TOK_ICONS[tok] if TOK_ON[tok] else TOK_ICONS[tok]
            elif ki == K_MAKI:
                maki[i] += TOK_ICONS[tok]
            elif ki == K_URAMAKI:
                ura[i] += TOK_ICONS[tok]
            elif ki == K_ONIGIRI:
                shapes[TOK_SHAPE[tok]] += 1
        b = br + i * FAMILIES
        for f in range(FAMILIES):
            row[b + f] = 0
        row[b + F_NIGIRI] = nigiri
        row[b + F_TEMPURA] = 5 * (k[K_TEMPURA] // 2)
        row[b + F_SASHIMI] = 10 * (k[K_SASHIMI] // 3)
        row[b + F_DUMPLING] = DUMPLING_POINTS[min(k[K_DUMPLING], 5)]
        c = k[K_EEL]
        if c:
            row[b + F_EEL] = -3 if c == 1 else 7
        c = k[K_TOFU]
        if c == 1 or c == 2:
            row[b + F_TOFU] = 2 if c == 1 else 6
        total = 0
        while True:
            got = 0
            for h in range(4):
                if shapes[h] > 0:
                    shapes[h] -= 1
                    got += 1
            if got == 0:
                break
            total += ONIGIRI_POINTS[got]
        row[b + F_ONIGIRI] = total
        row[b + F_MISO] = 3 * k[K_MISO]
        c = k[K_TEA]
        if c:
            row[b + F_TEA] = c * colours.max()
        row[b + F_FLIPPED] = 2 * k[K_FLIPPED]
        temaki[i] = k[K_TEMAKI]
        edamame[i] = k[K_EDAMAME]
        soy[i] = k[K_SOY]
    # maki: places by icons, ties take full points, the next place not skipped
    big = cfg[C_BIG]
    places = 3 if big else 2
    prev = 1 << 30
    for place in range(places):
        level = 0
        for i in range(n):
            if maki[i] < prev and maki[i] > level:
                level = maki[i]
        if level == 0:
            break
        pts = 6 if place == 0 else (4 if big and place == 1 else (3 if place == 1 else 2))
        for i in range(n):
            if maki[i] == level:
                row[br + i * FAMILIES + F_MAKI] = pts
        prev = level
    # temaki: most +4, fewest -4 (no penalty with 2 players); all equal: nothing
    hi = temaki[:n].max()
    lo = temaki[:n].min()
    if hi != lo:
        for i in range(n):
            if temaki[i] == hi:
                row[br + i * FAMILIES + F_TEMAKI] = 4
            elif temaki[i] == lo and n > 2:
                row[br + i * FAMILIES + F_TEMAKI] = -4
    claimed = row[URA_CLAIMED]
    best = ura[:n].max()
    for i in range(n):
        pts = row[URA_SCORED + i]
        if best > 0 and ura[i] == best:
            pts += URAMAKI_PLACES[claimed] if claimed < 3 else 0
        row[br + i * FAMILIES + F_URAMAKI] = pts
    having = 0
    for i in range(n):
        if edamame[i] > 0:
            having += 1
    for i in range(n):
        if edamame[i]:
            row[br + i * FAMILIES + F_EDAMAME] = edamame[i] * min(4, having - 1)
    most = different[:n].max()
    for i in range(n):
        if soy[i] and different[i] == most:
            row[br + i * FAMILIES + F_SOY] = 4 * soy[i]
    for i in range(n):
        total = 0
        for f in range(FAMILIES):
            total += row[br + i * FAMILIES + f]
        row[SCORE + i] += total


@njit(cache=True)
def _dessert_points(row: np.ndarray, cfg: np.ndarray) -> None:
    n = cfg[C_PLAYERS]
    kind = cfg[C_DESSERT]
    counts = np.zeros(S, np.int64)
    for i in range(n):
        at = DES + i * MAXD
        w = a = o = 0
        c = 0
        for j in range(row[DESN + i]):
            tok = row[at + j]
            if TOK_KIND[tok] == kind:
                c += 1
                w += TOK_FRUIT[tok, 0]
                a += TOK_FRUIT[tok, 1]
                o += TOK_FRUIT[tok, 2]
        counts[i] = c
        if kind == K_GTIC:
            row[DESSERT_PTS + i] = 12 * (c // 4)
        elif kind == K_FRUIT:
            row[DESSERT_PTS + i] = (
                FRUIT_POINTS[min(w, 5)] + FRUIT_POINTS[min(a, 5)] + FRUIT_POINTS[min(o, 5)]
            )
    if kind == K_PUDDING:
        hi = counts[:n].max()
        lo = counts[:n].min()
        for i in range(n):
            row[DESSERT_PTS + i] = 0
            if hi != lo:
                if counts[i] == hi:
                    row[DESSERT_PTS + i] = 6
                elif counts[i] == lo and n > 2:
                    row[DESSERT_PTS + i] = -6
    for i in range(n):
        row[SCORE + i] += row[DESSERT_PTS + i]


@njit(cache=True)
def _end_round(row: np.ndarray, cfg: np.ndarray) -> None:
    n = cfg[C_PLAYERS]
    kind = cfg[C_DESSERT]
    for s in range(n):
        at = TAB + s * MAXT
        for j in range(row[TABN + s]):
            tok = row[at + j]
            if TOK_KIND[tok] == kind:
                d = row[DESN + s]
                row[DES + s * MAXD + d] = tok
                row[DESN + s] = d + 1
                if TOK_CARD[tok] == SO:
                    row[SO_KEPT] += 1
                else:
                    row[INDECK + TOK_CARD[tok]] -= 1
    _score_round(row, cfg)
    for s in range(n):
        at = ENDTAB + (row[ROUND] * S + s) * MAXT
        m = 0
        for j in range(row[TABN + s]):
            row[at + m] = row[TAB + s * MAXT + j]
            m += 1
        for j in range(row[GONEN + s]):
            row[at + m] = row[GONE + s * MAXT + j]
            m += 1
        row[ENDN + row[ROUND] * S + s] = m
    for s in range(S):
        row[GONEN + s] = 0
        row[TABN + s] = 0
        row[EARLIER + s] = 0
        row[FREE + s] = 0
        row[URA + s] = 0
        row[URA_SCORED + s] = 0
        row[BONUS + s] = 0
    for c in range(N):
        row[DISC + c] = 0
    row[URA_CLAIMED] = 0
    row[ROUND] += 1
    if row[ROUND] == ROUNDS:
        _dessert_points(row, cfg)
        row[PHASE] = OVER_PHASE
        row[DONE] = 1
        for s in range(S):
            row[DECIDE + s] = 0


@njit(cache=True)
def _deal(row: np.ndarray, rng: np.ndarray, g: int, cfg: np.ndarray, buf: np.ndarray) -> None:
    """Shuffle the round's desserts into the deck and deal the hands, or take them from
    the feed (logged)."""
    n = cfg[C_PLAYERS]
    k = cfg[C_HAND]
    r = row[ROUND]
    row[RSTART + r] = row[LOGN]
    fed = _fed(row, 0)
    at = row[FEED_AT] + 1
    add = cfg[C_ADDED + r]
    cnt = buf[_SW : _SW + N]
    cnt[:] = 0
    if fed:
        add = row[FEED + at]
        for i in range(add):
            cnt[row[FEED + at + 1 + i]] += 1
        at += 1 + add
    else:
        m = 0
        for c in range(N):
            for _ in range(row[PILE + c]):
                buf[m] = c
                m += 1
        size = m
        for _ in range(add):
            j = _below(rng, g, size)
            size -= 1
            t = buf[j]
            buf[j] = buf[size]
            buf[size] = t
        for i in range(size, m):
            cnt[buf[i]] += 1
    _log(row, L_DEAL * 8)
    _log(row, add)
    for c in range(N):
        for _ in range(cnt[c]):
            _log(row, c)
        row[PILE + c] -= cnt[c]
        row[INDECK + c] += cnt[c]
    # the round's deck: the menu's cards (less special orders kept as desserts), and
    # the desserts shuffled in and not kept
    m = 0
    for c in range(N):
        copies = cfg[CFG + c] + row[INDECK + c]
        if c == SO:
            copies -= row[SO_KEPT]
        row[DECK + c] = copies
        for _ in range(copies):
            buf[m] = c
            m += 1
    size = m
    if fed:
        size = 0
        for i in range(k * n):
            buf[i] = row[FEED + at + i]
        row[FEED_AT] = at + k * n
    else:
        for _ in range(k * n):
            j = _below(rng, g, size)
            size -= 1
            t = buf[j]
            buf[j] = buf[size]
            buf[size] = t
    for s in range(n):
        for c in range(N):
            row[HAND + s * N + c] = 0
        for i in range(k):
            c = buf[size + s * k + i]
            row[HAND + s * N + c] += 1
            row[DECK + c] -= 1
        for c in range(N):
            for _ in range(row[HAND + s * N + c]):
                _log(row, c)
    row[HN] = k
    row[TURN] = 0


# ---------------------------------------------------------------------------
# Legal slots, and applying one.


@njit(cache=True)
def legal_slots(row: np.ndarray, s: int, cfg: np.ndarray, out: np.ndarray) -> int:
    """Seat ``s``'s legal slots in ``out`` (sorted); their number (0: nothing to
    decide)."""
    if row[DONE]:
        return 0
    phase = row[PHASE]
    if phase == PICK_PHASE:
        if not row[DECIDE + s]:
            return 0
        hand = HAND + s * N
        if row[HN] == 1:  # the last card: a special order's copy only
            m = copy_targets(row, s, out, 0)
            for i in range(m):
                out[i] += N
            return m
        m = 0
        for c in range(N):
            if row[hand + c] > 0:
                if c == SO:
                    t = copy_targets(row, s, out, _SW)
                    if t == 0:
                        out[m] = SO
                        m += 1
                else:
                    out[m] = c
                    m += 1
        if row[hand + SO] > 0:
            t = copy_targets(row, s, out, _SW)
            for i in range(t):
                out[m] = N + out[_SW + i]
                m += 1
        base = m
        if row[HN] >= 2 and row[BONUS + s] > 0:
            at = TAB + s * MAXT
            for i in range(NCALLS):
                tok = CALL_TOKEN[i]
                here = False
                for j in range(row[TABN + s]):
                    if row[at + j] == tok:
                        here = True
                        break
                if here:
                    off = (i + 1) * NB
                    for j in range(base):
                        out[m] = out[j] + off
                        m += 1
        return m
    if phase != CHOOSE_PHASE or row[P_SEAT] != s:
        return 0
    kind = row[P_KIND]
    m = 0
    if kind == P_TAKE:
        for c in range(N):
            if row[HAND + s * N + c] > 0:
                out[m] = TAKE + c
                m += 1
    elif kind == P_ASK:
        for i in range(cfg[C_NASKS]):
            out[m] = ASK + cfg[C_ASKS + i]
            m += 1
    elif kind == P_GIVE:
        ask = row[P_DETAIL]
        card = ASK_CARD[ask]
        for c in range(N):
            if row[HAND + s * N + c] > 0 and (
                c == card if card >= 0 else CARD_KIND[c] == ASK_KIND[ask]
            ):
                out[m] = GIVE + c
                m += 1
    elif kind == P_ORDER:
        m = _orderable(row, out, 0)
        for i in range(m):
            out[i] += ORDER
    elif kind == P_COPY:
        m = copy_targets(row, s, out, 0)
        for i in range(m):
            out[i] += COPY
    else:
        left = np.zeros(NFLIP, np.int64)
        at = TAB + s * MAXT
        for i in range(row[EARLIER + s]):
            f = FLIP_OF[row[at + i]]
            if f >= 0:
                left[f] += 1
        for i in range(row[PARTN]):
            left[FLIP_OF[row[PART + i]]] -= 1
        for f in range(NFLIP):
            if left[f] > 0:
                out[m] = FLIP + f
                m += 1
        out[m] = DONE_SLOT
        m += 1
    return m


@njit(cache=True)
def _choose(row: np.ndarray, rng: np.ndarray, g: int, slot: int, cfg: np.ndarray,
            buf: np.ndarray) -> bool:  # fmt: skip
    """The pending decision's seat answers with ``slot`` (legal); False when it was one
    more flip of a takeout box (the decision goes on)."""
    seat = row[P_SEAT]
    kind = row[P_KIND]
    tok = row[P_CARD]
    if kind == P_FLIP:
        if slot != DONE_SLOT:
            p = row[PARTN]
            row[PART + p] = FLIP_TOKEN[slot - FLIP]
            row[PARTN] = p + 1
            return False
        p = row[PARTN]
        _log(row, L_FLIP * 8 + seat)
        _log(row, p)
        for i in range(p):
            _log(row, row[PART + i])
        at = TAB + seat * MAXT
        for i in range(p):
            want = row[PART + i]
            for j in range(row[EARLIER + seat]):
                if row[at + j] == want:
                    _uncount(row, seat, want)
                    row[at + j] = TOK_TO_FLIP[want]
                    break
        row[PARTN] = 0
        row[PLANN] = -1
        row[P_KIND] = 0
        _discard(row, seat, tok)
        return True
    _log(row, L_CHOICE * 8 + seat)
    _log(row, slot)
    row[P_KIND] = 0
    if kind == P_TAKE:
        _take(row, seat, tok, slot - TAKE, cfg, buf)
    elif kind == P_ASK:
        _ask(row, seat, tok, slot - ASK, cfg, buf)
    elif kind == P_GIVE:
        _give(row, row[P_OWNER], tok, seat, slot - GIVE, cfg, buf)
    elif kind == P_ORDER:
        _order(row, seat, tok, slot - ORDER, cfg, buf)
    else:
        _put(row, seat, COPY_TOKEN[slot - COPY], True, cfg)
    return True


@njit(cache=True)
def _legal(row: np.ndarray, s: int, slot: int, cfg: np.ndarray, buf: np.ndarray) -> bool:
    m = legal_slots(row, s, cfg, buf)
    if m == 0:
        return slot == NOOP
    for i in range(m):
        if buf[i] == slot:
            return True
    return False


@njit(cache=True)
def _apply(row: np.ndarray, rng: np.ndarray, g: int, slots: np.ndarray, cfg: np.ndarray,
           buf: np.ndarray) -> None:  # fmt: skip
    """One decision of a game: every deciding seat's pick, or the pending choice."""
    if row[PHASE] == PICK_PHASE:
        n = cfg[C_PLAYERS]
        picks = buf[_SW + N + S : _SW + N + 2 * S]
        for s in range(n):
            picks[s] = slots[s] if row[DECIDE + s] else row[FORCED + s]
        _reveal(row, picks, cfg)
    elif not _choose(row, rng, g, slots[row[P_SEAT]], cfg, buf):
        return  # a takeout box's flip chosen: more may follow
    _advance(row, rng, g, cfg, buf)


# ---------------------------------------------------------------------------
# The quick heuristic (sushigo.games.party.playout, PartyState.playout_action).


@njit(cache=True)
def _tally(row: np.ndarray, s: int, have: np.ndarray) -> int:
    """``s``'s tableau counted by kind (into ``have``); its onigiri shapes, a bit each."""
    have[:] = 0
    shapes = 0
    at = TAB + s * MAXT
    for i in range(row[TABN + s]):
        tok = row[at + i]
        have[TOK_KIND[tok]] += 1
        if TOK_SHAPE[tok] >= 0:
            shapes |= 1 << TOK_SHAPE[tok]
    return shapes


@njit(cache=True)
def _worth(
    c: int, have: np.ndarray, shapes: int, free: int, ura: int, left: int, size: int
) -> float:
    """The rough worth of one more card ``c`` (N: a flipped card) to a tableau
    (``_quick_value``)."""
    if c == N:
        return 2.0
    kind = CARD_KIND[c]
    k = have[kind]
    icons = CARD_ICONS[c]
    if kind == K_NIGIRI:
        return float(3 * icons if free else icons)
    if kind == K_MAKI:
        return 1.1 * icons
    if kind == K_URAMAKI:
        return 8.0 if ura + icons >= 10 else 0.7 * icons
    if kind == K_TEMAKI:
        return 2.0
    if kind == K_TEMPURA:
        return 5.0 if k % 2 else (2.5 if left else 0.0)
    if kind == K_SASHIMI:
        m = k % 3
        return 10.0 if m == 2 else (3.3 * (m + 1) if left >= 2 - m else 0.0)
    if kind == K_DUMPLING:
        return float(k + 1) if k < 5 else 0.0
    if kind == K_EEL:
        return 10.0 if k == 1 else (0.0 if k else (1.0 if left >= 3 else -3.0))
    if kind == K_TOFU:
        return 2.0 if k == 0 else (4.0 if k == 1 else (-6.0 if k == 2 else 0.0))
    if kind == K_ONIGIRI:
        if shapes >> TOK_SHAPE[PLAIN[c]] & 1:
            return 1.0
        held = (shapes & 1) + (shapes >> 1 & 1) + (shapes >> 2 & 1) + (shapes >> 3 & 1)
        return 2.0 * held + 1.0
    if kind == K_WASABI:
        return 3.5 if left >= 2 else 0.0
    if kind == K_CHOP or kind == K_SPOON:
        return 1.5 if left >= 2 else 0.0
    if kind == K_TEA:
        return 0.3 * (size + left) if k == 0 else 0.5
    if kind == K_SOY:
        return 3.0 if k == 0 else 0.5
    if kind == K_MENU:
        return 3.0
    if kind == K_TAKEOUT:
        return 0.3 * size
    if kind == K_MISO:
        return 2.0
    if kind == K_PUDDING:
        return 2.5
    if kind == K_GTIC:
        return 3.0
    if c == SO:
        return 0.0  # nothing to copy
    return 2.0  # edamame, fruit


@njit(cache=True)
def slot_worth(row: np.ndarray, s: int, slot: int, buf: np.ndarray) -> float:
    """What the heuristic makes of ``slot`` for seat ``s`` now (-1e9: a slot it does not
    consider, a spoon's request for an exact card): its card's worth, a call adding 1.5
    with two turns or more to come; the player a spoon asks gives what is worth least."""
    have = buf[_SW + N + 2 * S : _SW + N + 2 * S + NK]
    shapes = _tally(row, s, have)
    left = row[HN]
    free = row[FREE + s]
    ura = row[URA + s]
    size = row[TABN + s]
    if slot < PICKS:
        left -= 1
        call, base = divmod(slot, NB)
        c = base if base < N else COPY_TARGETS_A[base - N]
        value = _worth(c, have, shapes, free, ura, left, size)
        if call and left >= 2:
            value += 1.5
        return value
    if slot < ASK:
        return _worth(slot - TAKE, have, shapes, free, ura, left, size)
    if slot < GIVE:
        hope = ASK_HOPE[slot - ASK]
        if hope < 0:
            return -1e9
        return _worth(hope, have, shapes, free, ura, left, size)
    if slot < ORDER:
        return -_worth(slot - GIVE, have, shapes, free, ura, left, size)
    if slot < COPY:
        return _worth(slot - ORDER, have, shapes, free, ura, left, size)
    return _worth(COPY_TARGETS_A[slot - COPY], have, shapes, free, ura, left, size)


@njit(cache=True)
def _plan_flips(row: np.ndarray, s: int, junk: bool, prng: np.ndarray, g: int,
                buf: np.ndarray) -> None:  # fmt: skip
    """A takeout box's flips for the heuristic (PLAN): the cards that score nothing as
    they lie (``_flip_junk``: unused bonus cards, empty wasabi, unfinished tempura and
    sashimi, a lone eel, a third tofu), or (``junk`` False) any of the choices the box
    has, uniformly."""
    have = buf[_SW + N + 2 * S : _SW + N + 2 * S + NK]
    _tally(row, s, have)
    counts = buf[_SW - NFLIP : _SW]
    counts[:] = 0
    at = TAB + s * MAXT
    for i in range(row[EARLIER + s]):
        f = FLIP_OF[row[at + i]]
        if f >= 0:
            counts[f] += 1
    m = 0
    for f in range(NFLIP):
        k = counts[f]
        if k == 0:
            continue
        tok = FLIP_TOKEN[f]
        if not junk:
            take = _below(prng, g, k + 1)
        else:
            kind = TOK_KIND[tok]
            n = have[kind]
            if kind == K_CHOP or kind == K_SPOON or TOK_UNCOVERED[tok]:
                take = k
            elif kind == K_TEMPURA:
                take = n % 2
            elif kind == K_SASHIMI:
                take = n % 3
            elif (kind == K_EEL and n == 1) or (kind == K_TOFU and n >= 3):
                take = k
            else:
                take = 0
        for _ in range(min(take, k)):
            row[PLAN + m] = tok
            m += 1
    row[PLANN] = m


@njit(cache=True)
def heuristic_slot(row: np.ndarray, s: int, m: int, prng: np.ndarray, g: int, explore: bool,
                   buf: np.ndarray) -> int:  # fmt: skip
    """The heuristic's slot for seat ``s`` among its ``m`` legal slots (``buf[:m]``): one
    time in two (``explore``) any of them, else the one worth most (ties drawn among
    uniformly); a takeout box's flips are planned at its first step and made a token
    at a time."""
    if row[PHASE] == CHOOSE_PHASE and row[P_KIND] == P_FLIP:
        if row[PLANN] < 0:
            junk = not (explore and _unit(prng, g) < EXPLORE)
            _plan_flips(row, s, junk, prng, g, buf)
        p = row[PARTN]
        if p < row[PLANN]:
            want = FLIP + FLIP_OF[row[PLAN + p]]
            for i in range(m):
                if buf[i] == want:
                    return want
        return DONE_SLOT
    if m == 1:
        return buf[0]
    if explore and _unit(prng, g) < EXPLORE:
        return buf[_below(prng, g, m)]
    values = buf[m : 2 * m]  # the slots worth most so far
    best = -1e18
    ties = 0
    for i in range(m):
        v = slot_worth(row, s, buf[i], buf)
        if v > best:
            best = v
            ties = 1
            values[0] = buf[i]
        elif v == best:
            values[ties] = buf[i]
            ties += 1
    return values[_below(prng, g, ties)] if ties > 1 else values[0]


@njit(cache=True, parallel=True)
def heuristic_rows(st: np.ndarray, prng: np.ndarray, cfg: np.ndarray, out: np.ndarray,
                   explore: bool, scratch: np.ndarray) -> None:  # fmt: skip
    """The heuristic's slot for every seat of every game (the no-op where a seat has
    nothing to decide)."""
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        for s in range(out.shape[1]):
            m = legal_slots(row, s, cfg, buf) if s < cfg[C_PLAYERS] else 0
            out[g, s] = heuristic_slot(row, s, m, prng, g, explore, buf) if m else NOOP


# ---------------------------------------------------------------------------
# Whole batches.


@njit(cache=True)
def _reset(row: np.ndarray, rng: np.ndarray, g: int, cfg: np.ndarray, buf: np.ndarray) -> None:
    """A new game in ``row``: every field cleared but the feed, then the first deal."""
    row[:FEED_N] = 0
    row[FEED_AT] = 0
    row[FEED_BAD] = 0
    for c in range(N):
        row[PILE + c] = cfg[CFG + N + c]
    row[MISO_SEAT] = -1
    row[PLANN] = -1
    for s in range(S):
        row[FORCED + s] = -1
    _deal(row, rng, g, cfg, buf)
    _start_turn(row, cfg, buf)  # a round's first turn: every seat picks


@njit(cache=True)
def reset_row(
    st: np.ndarray, rng: np.ndarray, g: int, cfg: np.ndarray, scratch: np.ndarray
) -> None:
    """A new game in row ``g`` only (its feed, if any, set first)."""
    _reset(st[g], rng, g, cfg, scratch[g])


@njit(cache=True, parallel=True)
def reset_rows(st: np.ndarray, rng: np.ndarray, cfg: np.ndarray, scratch: np.ndarray) -> None:
    for g in prange(st.shape[0]):
        st[g, FEED_N] = 0
        _reset(st[g], rng, g, cfg, scratch[g])


@njit(cache=True)
def reset_rows_at(st: np.ndarray, rng: np.ndarray, rows: np.ndarray, cfg: np.ndarray,
                  scratch: np.ndarray) -> None:  # fmt: skip
    """New games in the rows ``rows`` only (their generators seeded already)."""
    for i in range(rows.shape[0]):
        g = rows[i]
        st[g, FEED_N] = 0
        _reset(st[g], rng, g, cfg, scratch[g])


@njit(cache=True)
def _decides(row: np.ndarray, s: int) -> bool:
    """Whether seat ``s`` has a decision now."""
    if row[DONE]:
        return False
    if row[PHASE] == PICK_PHASE:
        return row[DECIDE + s] == 1
    return row[P_SEAT] == s


@njit(cache=True)
def decides_rows(st: np.ndarray, seats: np.ndarray, out: np.ndarray) -> None:
    """Whether seat ``seats[g]`` has a decision now in each game."""
    for g in range(st.shape[0]):
        out[g] = _decides(st[g], seats[g])


@njit(cache=True)
def step_rows_at(st: np.ndarray, rng: np.ndarray, slots: np.ndarray, live: np.ndarray,
                 cfg: np.ndarray, scratch: np.ndarray) -> int:  # fmt: skip
    """As :func:`step_rows`, in the games where ``live`` is True only."""
    n = cfg[C_PLAYERS]
    for g in range(st.shape[0]):
        row = st[g]
        if row[DONE] or not live[g]:
            continue
        for s in range(n):
            if not _legal(row, s, slots[g, s], cfg, scratch[g]):
                return g
    for g in range(st.shape[0]):
        row = st[g]
        if live[g] and not row[DONE]:
            _apply(row, rng, g, slots[g], cfg, scratch[g])
    return -1


@njit(cache=True)
def _policy_slots(row: np.ndarray, n: int, policy: np.ndarray, prng: np.ndarray, g: int,
                  cfg: np.ndarray, buf: np.ndarray, slots: np.ndarray) -> None:  # fmt: skip
    """Every seat's slot by its policy (RANDOM, HEURISTIC) on the position as it stands,
    the no-op for a seat with nothing to decide: all decide before any is applied."""
    for s in range(n):
        m = legal_slots(row, s, cfg, buf)
        if m == 0:
            slots[s] = NOOP
        elif policy[s] == HEURISTIC:
            slots[s] = heuristic_slot(row, s, m, prng, g, True, buf)
        else:
            slots[s] = buf[_below(prng, g, m)]


@njit(cache=True, parallel=True)
def play_until_rows(st: np.ndarray, rng: np.ndarray, prng: np.ndarray, policy: np.ndarray,
                    stop: np.ndarray, live: np.ndarray, cfg: np.ndarray,
                    scratch: np.ndarray) -> None:  # fmt: skip
    """In every game where ``live`` is True, play on by the seats' ``policy`` (as
    :func:`rollout_rows`) until seat ``stop[g]`` has a decision or the game is over."""
    n = cfg[C_PLAYERS]
    for g in prange(st.shape[0]):
        if not live[g]:
            continue
        buf = scratch[g]
        row = st[g]
        slots = np.full(S, NOOP, np.int64)
        while not row[DONE] and not _decides(row, stop[g]):
            _policy_slots(row, n, policy, prng, g, cfg, buf, slots)
            _apply(row, rng, g, slots, cfg, buf)


@njit(cache=True)
def step_rows(st: np.ndarray, rng: np.ndarray, slots: np.ndarray, cfg: np.ndarray,
              scratch: np.ndarray) -> int:  # fmt: skip
    """One decision of every game not over; -1 if every slot was legal, else the first
    game with an illegal one (nothing is applied then)."""
    n = cfg[C_PLAYERS]
    for g in range(st.shape[0]):
        row = st[g]
        if row[DONE]:
            continue
        for s in range(n):
            if not _legal(row, s, slots[g, s], cfg, scratch[g]):
                return g
    _apply_rows(st, rng, slots, cfg, scratch)
    return -1


@njit(cache=True, parallel=True)
def _apply_rows(st: np.ndarray, rng: np.ndarray, slots: np.ndarray, cfg: np.ndarray,
                scratch: np.ndarray) -> None:  # fmt: skip
    for g in prange(st.shape[0]):
        row = st[g]
        if not row[DONE]:
            _apply(row, rng, g, slots[g], cfg, scratch[g])


@njit(cache=True, parallel=True)
def rollout_rows(st: np.ndarray, rng: np.ndarray, prng: np.ndarray, policy: np.ndarray,
                 cfg: np.ndarray, scratch: np.ndarray) -> None:  # fmt: skip
    """Play every game to its end, seat ``s`` by ``policy[s]`` (RANDOM: uniformly
    random over its legal slots; HEURISTIC: the engine's quick heuristic), the
    policies' randomness from ``prng``."""
    n = cfg[C_PLAYERS]
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        slots = np.full(S, NOOP, np.int64)
        while not row[DONE]:
            _policy_slots(row, n, policy, prng, g, cfg, buf, slots)
            _apply(row, rng, g, slots, cfg, buf)


@njit(cache=True, parallel=True)
def sample_rows(st: np.ndarray, prng: np.ndarray, cfg: np.ndarray, out: np.ndarray,
                scratch: np.ndarray) -> None:  # fmt: skip
    """A uniformly random legal slot for every seat of every game (the no-op for a seat
    with nothing to decide)."""
    for g in prange(st.shape[0]):
        buf = scratch[g]
        row = st[g]
        for s in range(out.shape[1]):
            m = legal_slots(row, s, cfg, buf) if s < cfg[C_PLAYERS] else 0
            out[g, s] = buf[_below(prng, g, m)] if m else NOOP


@njit(cache=True, parallel=True)
def mask_rows(st: np.ndarray, cfg: np.ndarray, out: np.ndarray, last: np.ndarray,
              scratch: np.ndarray) -> None:  # fmt: skip
    """Every seat's legal slots as True in ``out`` (batch x seats x slots); a seat with
    nothing to decide has the no-op only. Only the slots set by the last call
    (``last``, -1 ends them) are cleared."""
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
            m = legal_slots(row, s, cfg, buf) if s < cfg[C_PLAYERS] else 0
            if m == 0:
                o[NOOP] = True
                before[0] = NOOP
                before[1] = -1
                continue
            for i in range(m):
                o[buf[i]] = True
                before[i] = buf[i]
            if m < before.shape[0]:
                before[m] = -1


@njit(cache=True)
def to_act_rows(st: np.ndarray, out: np.ndarray) -> None:
    """The seat that decides each game (-1: every seat picks, or the game is over)."""
    for g in range(st.shape[0]):
        row = st[g]
        out[g] = row[P_SEAT] if (not row[DONE] and row[PHASE] == CHOOSE_PHASE) else -1


MAX_LEGAL = NB * (1 + NCALLS)
"""The most legal slots a seat can have (a pick with every call)."""
