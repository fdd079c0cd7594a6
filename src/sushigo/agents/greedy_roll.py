"""The greedy agent for Sushi Roll: a one-step heuristic for every decision.

:func:`roll_act` decides from a :class:`~sushigo.games.roll.RollView` and the
legal actions alone. Everything in Sushi Roll is public but future rolls, so the
view holds every belt, tray and token. Each die the agent could take now gets a
value: the change in an *estimate* of its final points, set against its
opponents' points in the maki and pudding races.

* **What may still come.** The belt that reaches the agent ``j`` turns from now
  is the one now ``j`` seats to its right, less the ``j`` dice (``j - 1`` if
  that seat has had its turn) taken on the way; each die survives with chance
  ``dice at arrival / dice now``. Every die is re-rolled when it arrives, so
  the chance a face shows on it comes from the ruleset's face table
  (``view.ruleset.faces_of(kind)``). The agent's own belt comes back after a
  full lap.
* **Sets in progress.** Dumplings, tempura and sashimi count the points of the
  set now plus the best of ``sum(P(k more come) * (next set step - PICK_COST))``
  over the next 1-3 copies: a future pick is worth ``PICK_COST`` elsewhere.
  A free wasabi is worth the chance a nigiri comes times (the best nigiri likely
  to come, tripled, less ``PICK_COST``); a nigiri taken with a free wasabi goes
  on it and scores triple.
* **Races.** Maki (this round) and pudding (over the game, +6 / -6, no -6 with 2
  players) are scored for every seat from the counts now, with a logistic chance
  of ending at or above each other seat that narrows as the dice to come run
  out. The objective is the agent's expected race points minus the average of
  its opponents'. A pudding also breaks ties for the win.
* **Tokens.** A menu or chopsticks token is worth 0.5 points at game end
  (1 point per 2) plus, while a round of picks remains, the chance to use it;
  on the last pick of the game the exact end-game points count. Tokens come
  only while the supply lasts.

Token use: **chopsticks** when a swap raises the best die it can take by more than
a chopsticks token is worth; every die of another belt is tried against every
die it could give, and a swap with a seat that has not had its turn also counts,
at weight ``DENIAL``, what it takes from that seat. A **menu** when re-rolling the
dice of its belt that could beat its best die (keeping that die), or every die,
raises the expected best take by more than a menu token is worth. With both
worth it, the bigger gain is played. After a token use the agent decides again
from the new view.

The seeded generator breaks ties and nothing else, so play is reproducible.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from math import exp, sqrt

from sushigo.agents.odds import at_least, sig
from sushigo.games.roll import (
    TAKE,
    RollAction,
    RollRuleset,
    RollView,
    TurnChoices,
    reroll,
    swap,
    take,
)
from sushigo.games.roll.dice import (
    DICE_COUNTS,
    FACE_IDS,
    FACES,
    KIND_OF,
    KINDS,
    MAKI_POINTS,
    NIGIRI_POINTS,
    PUDDING_POINTS,
    SIDES,
    WASABI_FACTOR,
    set_points,
)

# --- tunable weights -----------------------------------------------------------

PICK_COST: dict[int, float] = {2: 3.0, 3: 2.5, 4: 2.0, 5: 2.0}
"""Points a future pick is worth elsewhere, by players: the price of waiting for a set
die. With more picks in a round, more sets in progress compete for them."""
TOKEN_END = 0.5
"""A menu or chopsticks token at game end: 1 point per 2 tokens."""
TOKEN_USE = 0.5
"""What the chance to use a token adds to it while a round of picks remains."""
SPEND_MARGIN = 0.25
"""A token is spent only when it gains more than its worth plus this."""
DENIAL = 0.5
"""Weight of what a chopsticks swap takes from a seat that has not had its turn."""
RIVALRY = 0.5
"""Weight of the opponents' expected race points (averaged over opponents)."""
MAKI_SPREAD = 1.6
"""Uncertainty of the maki race per unit of sqrt(icons still to come per seat)."""
PUDDING_SPREAD = 1.2
"""Uncertainty of the pudding race per unit of sqrt(puddings still to come per seat)."""
RACE_BASE = 0.25
"""Uncertainty of a race with nothing left to come (ties count as level)."""
PUDDING_TIEBREAK = 0.1
"""Value of a pudding token as the tie-breaker for the win."""
SECOND_WASABI = 0.7
"""Weight of each free wasabi after the first (it needs a further nigiri)."""

# --- face tables -----------------------------------------------------------------

_NF = len(FACE_IDS)
_F = {f: i for i, f in enumerate(FACE_IDS)}
_DUMPLING = _F["dumpling"]
_TEMPURA = _F["tempura"]
_SASHIMI = _F["sashimi"]
_EGG = _F["egg-nigiri"]
_SALMON = _F["salmon-nigiri"]
_SQUID = _F["squid-nigiri"]
_WASABI = _F["wasabi"]
_APPETIZERS = (_DUMPLING, _TEMPURA, _SASHIMI)
_NIGIRI_DIE = KINDS.index("nigiri")
_MAKI_DIE = KINDS.index("maki")
_PUDDING_DIE = KINDS.index("pudding")
_BASE = tuple(NIGIRI_POINTS.get(f, 0) for f in FACE_IDS)
"""Nigiri points of each face (0 for the others)."""
_FAMILY = tuple(FACES.by_id[f].family for f in FACE_IDS)
_ICONS = tuple(FACES.by_id[f].icons for f in FACE_IDS)
"""Maki icons, nigiri points, tokens or puddings a face shows."""
_MENU_FACES = frozenset(f for f in range(_NF) if FACE_IDS[f].startswith("menu"))
_CHOP_FACES = frozenset(f for f in range(_NF) if FACE_IDS[f].startswith("chopsticks"))
_MAKI_FACES = frozenset(f for f in range(_NF) if _FAMILY[f] == "maki")
_PUDDING_FACES = frozenset(f for f in range(_NF) if _FAMILY[f] == "pudding")
_WATCHED = (_DUMPLING, _TEMPURA, _SASHIMI, _EGG, _SALMON, _SQUID)
"""Faces whose coming is estimated (one more slot: any nigiri)."""

# A tray entry -> (slot, amount) of the seat summary.
_D, _T, _S, _W, _M = range(5)
_TRAY_SLOT: dict[str, tuple[int, int]] = {
    "dumpling": (_D, 1),
    "tempura": (_T, 1),
    "sashimi": (_S, 1),
    "wasabi": (_W, 1),
    **{FACE_IDS[f]: (_M, _ICONS[f]) for f in _MAKI_FACES},
}


class _Odds:
    """Per face table: each face's chance on a roll of its die, and die averages."""

    __slots__ = ("face", "maki_icons", "puddings", "faces")

    def __init__(self, rs: RollRuleset) -> None:
        face = [0.0] * _NF
        faces: list[tuple[int, ...]] = []
        for kind in KINDS:
            ids = tuple(_F[f] for f in rs.faces_of(kind))
            faces.append(ids)
            for f in ids:
                face[f] += 1.0 / SIDES
        self.face = tuple(face)
        """Chance a roll of the face's die shows it."""
        self.faces = tuple(faces)
        """Each kind's six faces (indices)."""
        self.maki_icons = sum(_ICONS[f] for f in faces[_MAKI_DIE]) / SIDES
        self.puddings = sum(_ICONS[f] for f in faces[_PUDDING_DIE]) / SIDES


_ODDS: dict[tuple[tuple[int, ...], ...], _Odds] = {}


def _odds(rs: RollRuleset) -> _Odds:
    got = _ODDS.get(rs.dice)
    if got is None:
        if len(_ODDS) > 16:
            _ODDS.clear()
        got = _ODDS[rs.dice] = _Odds(rs)
    return got


# ---------------------------------------------------------------------------
# Races.


_RACES: dict[tuple[tuple[bool, float, float, bool], tuple[int, ...]], tuple[float, ...]] = {}
"""Every seat's expected race points, by race and counts (bounded; cleared when full)."""
_RACES_SIZE = 50_000


class _Race:
    """One race (maki this round, or pudding over the game) for every seat."""

    __slots__ = ("sd", "maki", "q_zero", "penalty", "rival", "win", "key")

    def __init__(self, sd: float, maki: bool, q_zero: float, penalty: bool, rival: float) -> None:
        self.sd = sd
        self.maki = maki
        self.q_zero = q_zero
        """Maki: chance a seat with no icon yet gets one."""
        self.penalty = penalty
        self.rival = rival
        self.win: dict[int, float] = {}
        """Chance of ending at or above a seat, by difference now."""
        self.key = (maki, sd, q_zero, penalty)

    def value(self, vals: tuple[int, ...], me: int) -> float:
        """Expected race points of seat ``me`` minus the weighted average of its rivals'."""
        key = (self.key, vals)
        pts = _RACES.get(key)
        if pts is None:
            if len(_RACES) >= _RACES_SIZE:
                _RACES.clear()
            pts = _RACES[key] = self._points(vals)
        return pts[me] * (1.0 + self.rival) - self.rival * sum(pts)

    def _points(self, vals: tuple[int, ...]) -> tuple[float, ...]:
        """Every seat's expected points in this race."""
        n = len(vals)
        win = self.win
        sd = self.sd
        out = []
        for i in range(n):
            vi = vals[i]
            p0 = 1.0  # nobody ends above i
            p1 = 0.0  # exactly one seat ends above i
            low = 1.0  # nobody ends below i
            for j in range(n):
                if j != i:
                    d = vi - vals[j]
                    b = win.get(d)
                    if b is None:
                        b = win[d] = sig((d + 0.5) / sd)
                    p1 = p1 * b + p0 * (1.0 - b)
                    p0 *= b
                    c = win.get(-d)
                    if c is None:
                        c = win[-d] = sig((0.5 - d) / sd)
                    low *= c
            if self.maki:
                q = 1.0 if vi > 0 else self.q_zero
                out.append(q * (MAKI_POINTS[0] * p0 + MAKI_POINTS[1] * p1))
            elif self.penalty:
                out.append(PUDDING_POINTS * (p0 - low))
            else:
                out.append(PUDDING_POINTS * p0)
        return tuple(out)


# ---------------------------------------------------------------------------
# One decision's context.


class _Table:
    """Everything one decision needs, built from the view."""

    def __init__(self, view: RollView) -> None:
        rs = view.ruleset
        n = view.seats
        self.view = view
        self.n = n
        self.odds = odds = _odds(rs)
        k = rs.per_player
        self.k = k
        self.pick_cost = PICK_COST.get(n, 2.0)
        self.cycle = view.cycle
        self.left = max(0, k - view.cycle - 1)
        """Picks after this cycle's, this round."""
        self.rounds_after = max(0, 2 - view.round)
        belts = [[_F[f] for f in b] for b in view.belts]
        self.belts = belts
        kinds = []
        for b in belts:
            c = [0] * len(KINDS)
            for f in b:
                c[KIND_OF[f]] += 1
            kinds.append(c)
        self.kinds = kinds
        sums = []
        for tray in view.trays:
            s = [0, 0, 0, 0, 0]
            for entry in tray:
                got = _TRAY_SLOT.get(entry)
                if got is not None:
                    s[got[0]] += got[1]
            sums.append(s)
        self.sums = sums
        self.maki = tuple([s[_M] for s in sums])
        self.puddings = view.puddings
        rival = RIVALRY / max(1, n - 1)
        maki_dice = sum(c[_MAKI_DIE] for c in kinds)
        icons_left = maki_dice * odds.maki_icons
        self.maki_race = _Race(
            RACE_BASE + MAKI_SPREAD * sqrt(icons_left / n),
            True,
            1.0 - exp(-maki_dice / n),
            False,
            rival,
        )
        pud_dice = float(sum(c[_PUDDING_DIE] for c in kinds))
        pud_dice += self.rounds_after * DICE_COUNTS[_PUDDING_DIE] * n * k / sum(DICE_COUNTS)
        pud_left = min(float(view.supply[2]), pud_dice * odds.puddings)
        self.pud_race = _Race(
            RACE_BASE + PUDDING_SPREAD * sqrt(pud_left / n), False, 0.0, n > 2, rival
        )
        self.seats: dict[int, _Seat] = {}

    def seat(self, rel: int) -> _Seat:
        """The values of the seat ``rel`` places to the left (0: the agent), made once."""
        got = self.seats.get(rel)
        if got is None:
            got = self.seats[rel] = _Seat(self, rel)
        return got


class _Seat:
    """What each face is worth to one seat that is about to take a die."""

    def __init__(self, table: _Table, rel: int) -> None:
        self.table = table
        self.rel = rel
        view = table.view
        n = table.n
        s = table.sums[rel]
        self.sum = s
        odds = table.odds.face
        # The chance each watched face shows on the belt reaching this seat j turns on.
        avail: list[list[float]] = [[] for _ in range(len(_WATCHED) + 1)]
        k_now = table.k - table.cycle
        for j in range(1, table.left + 1):
            src = (rel - j) % n
            size = len(table.belts[src])
            if size == 0:
                continue
            surv = min(1.0, (k_now - j) / size)
            kinds = table.kinds[src]
            for w, f in enumerate(_WATCHED):
                cnt = kinds[KIND_OF[f]]
                avail[w].append(1.0 - (1.0 - surv * odds[f]) ** cnt if cnt else 0.0)
            cnt = kinds[_NIGIRI_DIE]
            avail[-1].append(1.0 - (1.0 - surv) ** cnt if cnt else 0.0)
        self.sets = {f: tuple(at_least(avail[w], 3)[1:]) for w, f in enumerate(_WATCHED[:3])}
        # A free wasabi: the best nigiri likely to come, tripled, if any comes.
        miss = [1.0, 1.0, 1.0]
        for w in range(3):
            for q in avail[3 + w]:
                miss[w] *= 1.0 - q
        egg, salmon, squid = miss
        best = (
            _BASE[_SQUID] * (1.0 - squid)
            + _BASE[_SALMON] * squid * (1.0 - salmon)
            + _BASE[_EGG] * squid * salmon * (1.0 - egg)
        )
        some = 1.0 - squid * salmon * egg
        cond = best / some if some > 1e-9 else 0.0
        per = max(0.0, WASABI_FACTOR * cond - table.pick_cost)
        wasabi = [0.0]
        nig = at_least(avail[-1], s[_W] + 1)
        for i in range(1, s[_W] + 2):
            wasabi.append(wasabi[-1] + nig[i] * per * (1.0 if i == 1 else SECOND_WASABI))
        self.wasabi = wasabi
        # Tokens.
        game_left = table.left + table.rounds_after * table.k
        self.last = game_left == 0
        self.token_worth = TOKEN_END + TOKEN_USE * min(1.0, game_left / table.k)
        self.tokens = view.menus[rel] + view.chopsticks[rel]
        self.values: dict[int, float] = {}

    def token_gain(self, got: int) -> float:
        """What ``got`` more tokens are worth."""
        if self.last:
            return float((self.tokens + got) // 2 - self.tokens // 2)
        return got * self.token_worth

    def spend_cost(self) -> float:
        """What giving up one token costs."""
        if self.last:
            return float(self.tokens // 2 - (self.tokens - 1) // 2)
        return self.token_worth

    def _set(self, f: int, have: int) -> float:
        """Points of ``have`` icons of appetizer ``f`` plus the sets still to make."""
        face = FACE_IDS[f]
        probs = self.sets[f]
        now = set_points(face, have)
        cost = self.table.pick_cost
        best = acc = 0.0
        prev = now
        for m in range(3):
            nxt = set_points(face, have + m + 1)
            acc += probs[m] * (nxt - prev - cost)
            prev = nxt
            if acc > best:
                best = acc
        return now + best

    def value(self, f: int) -> float:
        """What taking a die showing face ``f`` now adds to this seat's objective."""
        got = self.values.get(f)
        if got is not None:
            return got
        s = self.sum
        table = self.table
        view = table.view
        rel = self.rel
        if f in self.sets:
            slot = _APPETIZERS.index(f)
            v = self._set(f, s[slot] + 1) - self._set(f, s[slot])
        elif _BASE[f]:
            w = s[_W]
            if w:
                v = WASABI_FACTOR * _BASE[f] + self.wasabi[w - 1] - self.wasabi[w]
            else:
                v = float(_BASE[f])
        elif f == _WASABI:
            v = self.wasabi[s[_W] + 1] - self.wasabi[s[_W]]
        elif f in _MAKI_FACES:
            race = table.maki_race
            now = table.maki
            after = list(now)
            after[rel] += _ICONS[f]
            v = race.value(tuple(after), rel) - race.value(now, rel)
        elif f in _PUDDING_FACES:
            race = table.pud_race
            now = table.puddings
            got_p = min(_ICONS[f], view.supply[2])
            after = list(now)
            after[rel] += got_p
            v = race.value(tuple(after), rel) - race.value(now, rel) + PUDDING_TIEBREAK * got_p
        elif f in _MENU_FACES:
            v = self.token_gain(min(_ICONS[f], view.supply[0]))
        elif f in _CHOP_FACES:
            v = self.token_gain(min(_ICONS[f], view.supply[1]))
        else:
            v = 0.0
        self.values[f] = v
        return v


# ---------------------------------------------------------------------------
# Decisions.


def roll_act(view: RollView, legal: Sequence[RollAction], rng: random.Random) -> RollAction:
    """Choose one of ``legal`` for the seat that sees ``view`` (its turn in Sushi Roll):
    a chopsticks swap or a menu re-roll when either gains more than the token is
    worth, else the die worth most."""
    if len(legal) == 1:
        return legal[0]
    table = _Table(view)
    me = table.seat(0)
    belt = table.belts[0]
    distinct = sorted(set(belt))
    values = [me.value(f) for f in distinct]
    best = max(values)
    choice: RollAction | None = None
    gain = 0.0
    if view.chopsticks[0] > 0:
        g, act = _chopsticks(table, me, best)
        if act is not None and g > me.spend_cost() + SPEND_MARGIN:
            choice, gain = act, g
    if view.menus[0] > 0:
        g, act = _menu(table, me, best)
        if act is not None and g > me.spend_cost() + SPEND_MARGIN and g > gain:
            choice = act
    # type(), not isinstance: in the compiled build every Sequence (a tuple) passes
    # isinstance for the engine's lazy sequences, which share Sequence's ABC registry
    engines = type(legal) is TurnChoices
    if choice is not None and (engines or choice in legal):
        return choice
    top = [f for f, v in zip(distinct, values, strict=True) if v >= best - 1e-9]
    pick = take(FACE_IDS[top[0] if len(top) == 1 else top[rng.randrange(len(top))]])
    if engines or pick in legal:
        return pick
    # A legal list that is not the engine's: its best take, else its first action.
    takes = [a for a in legal if a.kind == TAKE]
    if not takes:
        return legal[0]
    return max(takes, key=lambda a: me.value(a.face))


def _chopsticks(table: _Table, me: _Seat, best: float) -> tuple[float, RollAction | None]:
    """The best swap and what it gains: the agent's best die after it, less its best
    die now, plus (weighted) what it takes from a seat that has not had its turn."""
    view = table.view
    belt = table.belts[0]
    mine = sorted(set(belt))
    # The agent's best die once one die showing d has left its belt.
    left_best: dict[int, float] = {}
    for d in mine:
        rest = list(belt)
        rest.remove(d)
        left_best[d] = max((me.value(x) for x in rest), default=-1e9)
    top = 0.0
    out: RollAction | None = None
    for rel in range(1, table.n):
        theirs = table.belts[rel]
        if not theirs:
            continue
        other = table.seat(rel) if DENIAL and not view.taken[rel] else None
        before = max(other.value(x) for x in theirs) if other is not None else 0.0
        for g in sorted(set(theirs)):
            vg = me.value(g)
            rest = list(theirs)
            rest.remove(g)
            for d in mine:
                if d == g:
                    continue
                gain = max(vg, left_best[d]) - best
                if other is not None:
                    after = max(other.value(x) for x in (*rest, d))
                    gain += DENIAL * (before - after)
                if gain > top + 1e-9:
                    top = gain
                    out = swap(FACE_IDS[d], view.absolute(rel), FACE_IDS[g])
    return top, out


def _menu(table: _Table, me: _Seat, best: float) -> tuple[float, RollAction | None]:
    """The best re-roll (keep the best die, or re-roll them all) and what it gains."""
    belt = table.belts[0]
    faces = table.odds.faces
    vals = [me.value(f) for f in belt]
    keep = max(range(len(belt)), key=lambda i: (vals[i], -i))
    # Each die's values after a re-roll, by kind.
    by_kind: dict[int, list[float]] = {}
    for f in belt:
        kind = KIND_OF[f]
        if kind not in by_kind:
            by_kind[kind] = sorted(me.value(x) for x in faces[kind])
    out_gain = 0.0
    out: RollAction | None = None
    # Keep the best die and re-roll those that could beat it.
    dice = [i for i in range(len(belt)) if i != keep and by_kind[KIND_OF[belt[i]]][-1] > best]
    if dice:
        e = _expected_max(best, [by_kind[KIND_OF[belt[i]]] for i in dice])
        if e - best > out_gain:
            out_gain = e - best
            out = reroll(*[FACE_IDS[belt[i]] for i in dice])
    # Re-roll every die.
    e = _expected_max(None, [by_kind[KIND_OF[f]] for f in belt])
    if e - best > out_gain + 1e-9:
        out_gain = e - best
        out = reroll(*[FACE_IDS[f] for f in belt])
    return out_gain, out


def _expected_max(floor: float | None, dice: list[list[float]]) -> float:
    """Expected best of ``floor`` and one roll of each die; a die is its six equally
    likely values, sorted (dice of one kind share one list)."""
    groups: dict[int, tuple[list[float], int]] = {}
    for d in dice:
        got = groups.get(id(d))
        groups[id(d)] = (d, got[1] + 1 if got else 1)
    points = {v for d in dice for v in d}
    if floor is not None:
        points = {v for v in points if v > floor}
        points.add(floor)
    e = 0.0
    below = 0.0  # P(max <= previous point)
    for t in sorted(points):
        p = 1.0
        for d, k in groups.values():
            p *= (bisect_right(d, t) / SIDES) ** k
        e += t * (p - below)
        below = p
    return e
