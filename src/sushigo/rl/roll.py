"""Sushi Roll's observation and action layouts (``sushi-roll``, 2 to 5 players, any
dice faces).

Actions, one Discrete space of :data:`SLOTS` slots, one step per decision:

* ``0-16``: take a die showing that face (its index in ``FACE_IDS``).
* ``17-1104``: a chopsticks swap, ``17 + (mine * 4 + r - 1) * 16 + t``: give your
  ``mine`` die for the ``theirs`` die of the seat ``r`` places to your left
  (``r`` 1 to 4, absolute seat ``(seat + r) % seats``); ``t`` is ``theirs`` counted
  among the 16 faces other than ``mine`` (``theirs - (theirs > mine)``).
* ``1105-1359``: a menu re-roll, ``1105 + mask - 1``: ``mask`` is a non-empty set of
  positions on your belt (at most 8 dice, the 2-player belt). The belt is in face
  order, so a multiset of faces to re-roll is a set of positions in which, within
  each run of equal faces, the chosen dice come first: exactly one slot per
  distinct re-roll.
* ``1360``: the no-op, the only slot of a seat that is not deciding.

The observation (:data:`SIZE` numbers) is seat-relative like the view: block 0 is
the viewer, block 1 the seat to its left, whose belt the viewer's belt goes to when
the belts slide, and so on (absolute seat ``(seat + i) % seats``). Its layout is
in docs/rl.md and in the docstrings of the offsets below.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Final, cast

from sushigo.core.errors import IllegalActionError
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import Action, AnyState
from sushigo.games.roll.actions import _TAKES, CHOPSTICKS, MENU, TAKE, RollAction
from sushigo.games.roll.dice import (
    DICE_COUNTS,
    DICE_PER_PLAYER,
    FACE_IDS,
    KIND_OF,
    KINDS,
    NIGIRI_POINTS,
    SET_POINTS,
    SUPPLY,
    TRAY_IDS,
    WASABI_FACTOR,
)
from sushigo.games.roll.ruleset import RollRuleset
from sushigo.games.roll.state import RollState
from sushigo.games.roll.views import RollView
from sushigo.rl.codec import Codec, register

# -- actions -------------------------------------------------------------------------

_NF: Final = len(FACE_IDS)  # 17 faces
_NT: Final = len(TRAY_IDS)  # 20 tray entries: the faces, then 3 wasabi stacks
_MAX_SEATS: Final = max(DICE_PER_PLAYER)  # 5
_MAX_BELT: Final = max(DICE_PER_PLAYER.values())  # 8 dice (2 players)
_OTHERS: Final = _MAX_SEATS - 1

TAKE_SLOTS: Final = 0
"""First take slot (one per face)."""
CHOP_SLOTS: Final = TAKE_SLOTS + _NF
"""First chopsticks slot (my face x other seat, relative x their face, not mine)."""
MENU_SLOTS: Final = CHOP_SLOTS + _NF * _OTHERS * (_NF - 1)
"""First menu slot (a canonical set of belt positions, minus one)."""
NOOP: Final = MENU_SLOTS + (1 << _MAX_BELT) - 1
"""The no-op slot."""
SLOTS: Final = NOOP + 1
"""Number of action slots."""

_CHOP_ROW: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            -1 if g == f else CHOP_SLOTS + (f * _OTHERS + r) * (_NF - 1) + g - (g > f)
            for g in range(_NF)
        )
        for r in range(_OTHERS)
    )
    for f in range(_NF)
)
"""``_CHOP_ROW[mine][r - 1][theirs]``: the slot of that swap (-1 for equal faces)."""


def _menu_slots(runs: tuple[int, ...]) -> list[int]:
    """The menu slots of a belt whose runs of equal faces have these lengths, sorted."""
    starts = []
    p = 0
    for c in runs:
        starts.append(p)
        p += c
    masks = []
    for ks in product(*[range(c + 1) for c in runs]):
        mask = 0
        for start, k in zip(starts, ks, strict=True):
            mask |= ((1 << k) - 1) << start
        if mask:
            masks.append(MENU_SLOTS + mask - 1)
    masks.sort()
    return masks


_MENUS: Final[dict[tuple[int, ...], list[int]]] = {}
"""The sorted menu slots of a belt, by the lengths of its runs of equal faces (each
worked out the first time a belt of that shape is seen: 255 shapes at most)."""


# -- observation ---------------------------------------------------------------------

_F: Final[dict[str, int]] = {f: i for i, f in enumerate(FACE_IDS)}
_T: Final[dict[str, int]] = {t: i for i, t in enumerate(TRAY_IDS)}
_NK: Final = len(KINDS)
_SPECIAL: Final = KINDS.index("special")
_NIGIRI: Final = KINDS.index("nigiri")
_APPETIZERS: Final[tuple[tuple[int, tuple[int, int, int, int]], ...]] = tuple(
    (_F[face], points) for face, points in SET_POINTS.items()
)
_TRAY_KIND: Final[tuple[int, ...]] = tuple(KIND_OF[i] if i < _NF else _NIGIRI for i in range(_NT))
"""The kind of each tray entry's die (a wasabi stack's nigiri; its wasabi is a special)."""
_ICONS: Final[tuple[int, ...]] = tuple(int(t[-1]) if t.startswith("maki-") else 0 for t in TRAY_IDS)
"""Maki icons of each tray entry."""
_NIGIRI_POINTS: Final[tuple[int, ...]] = tuple(
    NIGIRI_POINTS.get(t, 0) if "+" not in t else WASABI_FACTOR * NIGIRI_POINTS[t.split("+")[1]]
    for t in TRAY_IDS
)
"""Nigiri points of each tray entry (tripled on a wasabi)."""

PLAYERS: Final = 0
"""2-5 players, one-hot (4)."""
ROUND: Final = PLAYERS + 4
"""Round 1-3, one-hot (3)."""
OVER: Final = ROUND + 3
"""1 once the game is over (1)."""
CYCLE: Final = OVER + 1
"""Cycle within the round 0-7, one-hot (8)."""
PER_PLAYER: Final = CYCLE + _MAX_BELT
"""Dice each player draws per round, /8 (1)."""
TO_MOVE: Final = PER_PLAYER + 1
"""Whose turn it is, relative, one-hot (5; zeros between turns)."""
RED: Final = TO_MOVE + _MAX_SEATS
"""Who holds the red-bordered belt, relative, one-hot (5)."""
SUPPLY_TOKENS: Final = RED + _MAX_SEATS
"""Menu /18, chopsticks /12 and puddings /32 left in the supply (3)."""
BAG: Final = SUPPLY_TOKENS + 3
"""Dice in the bag (on no belt or tray) by kind, /10 (5)."""
ODDS: Final = BAG + _NK
"""For each face, how many of its die's six faces show it, /6 (17; the dice file)."""
SEATS: Final = ODDS + _NF
"""First seat block; block ``i`` (``i`` places to the viewer's left) starts at
``SEATS + i * BLOCK``."""

# offsets inside a seat block
PRESENT: Final = 0
"""1 for a seat at the table (1)."""
TAKEN: Final = PRESENT + 1
"""1 once the seat has taken its die this cycle (1)."""
BELT: Final = TAKEN + 1
"""Dice on its belt by face, /8 (17)."""
BELT_SIZE: Final = BELT + _NF
"""Dice on its belt, /8 (1)."""
TRAY: Final = BELT_SIZE + 1
"""Its tray this round by entry, /8 (20): the 17 faces (the wasabi entry counts the
free wasabi), then wasabi with egg, salmon, squid nigiri."""
MAKI: Final = TRAY + _NT
"""Maki icons on its tray, /10 (1)."""
POINTS: Final = MAKI + 1
"""Its tray's points so far this round, maki aside (nigiri and appetizer sets), /10 (1)."""
MENUS: Final = POINTS + 1
"""Menu tokens, /5 (1)."""
CHOPS: Final = MENUS + 1
"""Chopsticks tokens, /5 (1)."""
PUDDINGS: Final = CHOPS + 1
"""Pudding tokens (in puddings), /10 (1)."""
SCORE: Final = PUDDINGS + 1
"""Points from the finished rounds (the final total once the game is over), /10 (1)."""
BLOCK: Final = SCORE + 1
"""Length of a seat block."""
SIZE: Final = SEATS + _MAX_SEATS * BLOCK
"""Length of the observation."""

_BLOCKS: Final[tuple[int, ...]] = tuple(SEATS + i * BLOCK for i in range(_MAX_SEATS))
_DIE: Final = 1.0 / _MAX_BELT


def _static(ruleset: RollRuleset) -> list[float]:
    """An observation holding only what the ruleset fixes (the rest zeros)."""
    out = [0.0] * SIZE
    out[PLAYERS + ruleset.players - 2] = 1.0
    out[PER_PLAYER] = ruleset.per_player / _MAX_BELT
    for faces in ruleset.dice:
        for f in faces:
            out[ODDS + f] += 1.0 / 6.0
    for i in range(ruleset.players):
        out[_BLOCKS[i] + PRESENT] = 1.0
    return out


@register
class RollCodec(Codec):
    """Sushi Roll's layouts (see the module docstring and docs/rl.md)."""

    game = "sushi-roll"
    size = SIZE
    slots = SLOTS

    def __init__(self, ruleset: AnyRuleset) -> None:
        super().__init__(ruleset)
        self._rules: RollRuleset = cast(RollRuleset, ruleset)
        self._base = _static(self._rules)

    def observe(self, view: RollView) -> list[float]:
        if view.ruleset is not self._rules:
            self._rules = view.ruleset
            self._base = _static(view.ruleset)
        out = self._base.copy()
        n = view.seats
        rnd = view.round
        if rnd < 3:
            out[ROUND + rnd] = 1.0
            out[CYCLE + view.cycle] = 1.0
        else:
            out[OVER] = 1.0
        if view.to_move is not None:
            out[TO_MOVE + view.to_move] = 1.0
        out[RED + view.red] = 1.0
        supply = view.supply
        out[SUPPLY_TOKENS] = supply[0] / SUPPLY[0]
        out[SUPPLY_TOKENS + 1] = supply[1] / SUPPLY[1]
        out[SUPPLY_TOKENS + 2] = supply[2] / SUPPLY[2]
        bag = list(DICE_COUNTS)
        belts = view.belts
        trays = view.trays
        menus = view.menus
        chops = view.chopsticks
        puddings = view.puddings
        scores = view.scores
        taken = view.taken
        F = _F
        T = _T
        kind_of = KIND_OF
        tray_kind = _TRAY_KIND
        icons_of = _ICONS
        nigiri_of = _NIGIRI_POINTS
        for i in range(n):
            b = _BLOCKS[i]
            if taken[i]:
                out[b + TAKEN] = 1.0
            belt = belts[i]
            at = b + BELT
            for face in belt:
                f = F[face]
                out[at + f] += _DIE
                bag[kind_of[f]] -= 1
            out[b + BELT_SIZE] = len(belt) * _DIE
            tray = trays[i]
            if tray:
                at = b + TRAY
                icons = 0
                points = 0
                for entry in tray:
                    t = T[entry]
                    out[at + t] += _DIE
                    bag[tray_kind[t]] -= 1
                    if t >= _NF:
                        bag[_SPECIAL] -= 1
                    icons += icons_of[t]
                    points += nigiri_of[t]
                for f, table in _APPETIZERS:
                    c = int(out[at + f] * _MAX_BELT)
                    if c:
                        points += (c // 3) * table[3] + table[c % 3]
                out[b + MAKI] = icons / 10
                out[b + POINTS] = points / 10
            out[b + MENUS] = menus[i] / 5
            out[b + CHOPS] = chops[i] / 5
            out[b + PUDDINGS] = puddings[i] / 10
            out[b + SCORE] = scores[i] / 10
        for k in range(_NK):
            out[BAG + k] = bag[k] / 10
        return out

    def legal_slots(self, state: AnyState, seat: int) -> list[int]:
        st = cast(RollState, state)
        n = st._n
        if st._pending != 0 or seat != (st._red + st._step) % n:
            return [NOOP]
        belt = st._belts[seat]
        mine: list[int] = []
        runs: list[int] = []
        last = -1
        for f in belt:
            if f == last:
                runs[-1] += 1
            else:
                mine.append(f)
                runs.append(1)
                last = f
        out = mine.copy()  # the takes: slot = face
        if st._chops[seat] > 0:
            belts = st._belts
            theirs = [sorted(set(belts[(seat + r) % n])) for r in range(1, n)]
            for f in mine:
                rows = _CHOP_ROW[f]
                for r in range(n - 1):
                    row = rows[r]
                    out.extend([row[g] for g in theirs[r] if g != f])
        if st._menus[seat] > 0:
            key = tuple(runs)
            menus = _MENUS.get(key)
            if menus is None:
                menus = _MENUS[key] = _menu_slots(key)
            out.extend(menus)
        return out

    def slot_of(self, state: AnyState, seat: int, action: Action) -> int:
        st = cast(RollState, state)
        if not isinstance(action, RollAction) or action not in st.legal_actions(seat):
            raise IllegalActionError(f"{action!s} is not a legal decision of seat {seat} now")
        return _slot(action, seat, st._n, st._belts[seat])

    def slot_for(self, view: Any, action: Action) -> int:
        v = cast(RollView, view)
        return _slot(action, v.seat, v.seats, [_F[f] for f in v.belts[0]])

    def action_of(self, state: AnyState, seat: int, slot: int) -> RollAction:
        st = cast(RollState, state)
        action: RollAction
        if TAKE_SLOTS <= slot < CHOP_SLOTS:
            action = _TAKES[slot - TAKE_SLOTS]
        elif CHOP_SLOTS <= slot < MENU_SLOTS:
            q, t = divmod(slot - CHOP_SLOTS, _NF - 1)
            mine, r = divmod(q, _OTHERS)
            if r + 1 >= st._n:
                raise self.slot_error(seat, slot)
            theirs = t + (t >= mine)
            action = RollAction(CHOPSTICKS, mine, (seat + r + 1) % st._n, theirs)
        elif MENU_SLOTS <= slot < NOOP:
            mask = slot - MENU_SLOTS + 1
            belt = st._belts[seat]
            if mask >> len(belt):
                raise self.slot_error(seat, slot)
            dice: list[int] = []
            for p in range(len(belt)):
                if (mask >> p) & 1:
                    if p and belt[p] == belt[p - 1] and not (mask >> (p - 1)) & 1:
                        raise self.slot_error(seat, slot)  # not the first dice of a run
                    dice.append(belt[p])
            action = RollAction(MENU, dice=tuple(dice))
        else:
            raise self.slot_error(seat, slot)
        if action not in st.legal_actions(seat):
            raise self.slot_error(seat, slot)
        return action


def _slot(action: RollAction, seat: int, seats: int, belt: list[int]) -> int:
    """The slot of a legal action of ``seat``, whose belt (faces in face order) is
    ``belt``."""
    if action.kind == TAKE:
        return TAKE_SLOTS + action.face
    if action.kind == CHOPSTICKS:
        r = (action.seat - seat) % seats
        return _CHOP_ROW[action.face][r - 1][action.other]
    mask = 0
    last = -1
    bit = 0
    for f in action.dice:  # in face order: the first dice of each run
        bit = bit + 1 if f == last else belt.index(f)
        mask |= 1 << bit
        last = f
    return MENU_SLOTS + mask - 1
