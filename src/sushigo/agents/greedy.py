"""The greedy agent for classic Sushi Go!: one-ply marginal value of every pick.

Each legal pick is scored by how much it raises an *estimate* of the agent's final
score, set against what it does to the other seats:

* A seat's position is summarised (tempura, sashimi, dumplings, free wasabi, nigiri
  points, maki icons, puddings, chopsticks, soy sauce, colours) and valued as the
  points already made plus the expected points of unfinished sets. An unfinished
  set is worth ``P(complete) * (points - picks_needed * PICK_COST)``: completing it
  spends future picks that could have scored elsewhere.
* ``P(complete)`` comes from the cards the agent will still see this round: the
  hand that reaches it ``j`` turns from now is the one now ``j`` seats upstream;
  if that hand was seen earlier its contents are used, otherwise its expected
  contents under the cards not yet seen (full deck minus own hand, known hands,
  every tableau, the discards and the puddings kept). Copies survive the ``j``
  picks on the way with probability ``(size - j) / size``.
* Maki and pudding are races: every seat's final count is projected as its count
  now plus an equal share of what is still to come, and expected place points are
  computed with a logistic chance of beating each other seat; the agent's
  objective is its expected points minus the average of its opponents'.
* Chopsticks are worth a future extra pick while enough turns remain; a chopsticks
  pair is scored by the position after both cards (order matters for wasabi), and
  loses the chopsticks' value.
* A small denial term counts what the pick takes away from the seat that receives
  the hand next. In the two-player dummy variant the dummy's card is chosen for
  what it does to the maki and pudding races and what it denies the opponent.

Reads only its :class:`~sushigo.games.classic.views.PlayerView` and the legal actions.
The seeded generator is used for tie-breaking alone, so play is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import exp, sqrt
from typing import Any

from sushigo.agents.base import View, register_agent
from sushigo.agents.greedy_party import party_act
from sushigo.agents.greedy_roll import roll_act
from sushigo.agents.odds import at_least, sig
from sushigo.core.cards import unseen as unseen_cards
from sushigo.games.classic import CLASSIC_CARDS, ClassicRuleset, PlayerView

# --- tunable weights ---------------------------------------------------------

PICK_COST = 2.5
"""Points a future pick is worth elsewhere: the price of waiting for a set card."""
CHOPSTICKS_VALUE = 2.5
"""Value of an unused chopsticks card with enough turns left to use it."""
DENIAL = 0.7
"""Weight of what a pick takes from the seat that receives the hand next."""
RIVALRY = 1.0
"""Weight of the opponents' expected maki and pudding points (averaged)."""
MAKI_SPREAD = 2.0
"""Uncertainty of a maki race per unit of sqrt(future icons per seat)."""
PUDDING_SPREAD = 0.9
"""Uncertainty of the pudding race per unit of sqrt(future puddings per seat)."""
DUMMY_DENIAL = 0.8
"""Weight of what the dummy's card takes from the opponent, who gets the hand next."""
PUDDING_TIEBREAK = 0.3
"""Small bonus per pudding: puddings break ties for the win."""

# --- card tables ---------------------------------------------------------------

_DUMPLING = (0, 1, 3, 6, 10, 15)
_NIGIRI = {"egg-nigiri": 1, "salmon-nigiri": 2, "squid-nigiri": 3}
_MAKI = {"maki-1": 1, "maki-2": 2, "maki-3": 3}
_COLOURS = sorted({t.colour for t in CLASSIC_CARDS.types})
_BIT = {t.id: 1 << _COLOURS.index(t.colour) for t in CLASSIC_CARDS.types}
_CHOP_BIT = _BIT["chopsticks"]

_WATCHED = (
    "tempura",
    "sashimi",
    "dumpling",
    "squid-nigiri",
    "salmon-nigiri",
    "egg-nigiri",
    "soy-sauce",
)
"""Card types whose future availability is estimated (one more slot: any nigiri)."""

# Summary slots of one seat's position.
_T, _S, _D, _W, _NP, _M, _P, _C, _Y, _COL = range(10)

_SUM_CACHE: dict[int, int] = {}


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _summary(tab: Sequence[str], kept: int) -> list[int]:
    s = [0, 0, 0, 0, 0, 0, kept, 0, 0, 0]
    for c in tab:
        _add(s, c)
    return s


def _add(s: list[int], c: str) -> None:
    """Put card ``c`` in front of the seat summarised by ``s``."""
    if c == "tempura":
        s[_T] += 1
    elif c == "sashimi":
        s[_S] += 1
    elif c == "dumpling":
        s[_D] += 1
    elif c in _NIGIRI:
        base = _NIGIRI[c]
        if s[_W]:
            s[_W] -= 1
            s[_NP] += 3 * base
        else:
            s[_NP] += base
    elif c == "wasabi":
        s[_W] += 1
    elif c in _MAKI:
        s[_M] += _MAKI[c]
    elif c == "pudding":
        s[_P] += 1
    elif c == "chopsticks":
        s[_C] += 1
    elif c == "soy-sauce":
        s[_Y] += 1
    s[_COL] |= _BIT.get(c, 0)


def _after(s: list[int], cards: Sequence[str]) -> list[int]:
    """The summary after taking ``cards`` (two cards: a chopsticks goes back)."""
    t = s.copy()
    if len(cards) == 2:
        t[_C] -= 1
        if not t[_C]:
            t[_COL] &= ~_CHOP_BIT
    for c in cards:
        _add(t, c)
    return t


class _Context:
    """Everything one decision needs that does not depend on the candidate pick."""

    __slots__ = (
        "picks_left",
        "tempura",
        "sashimi",
        "dumpling",
        "wasabi",
        "chop",
        "soy_on",
        "soy_chance",
        "colour_gain",
        "maki_sd",
        "maki_win",
        "pud_win",
        "memo",
        "maki_q",
        "pud_sd",
        "penalty",
        "players",
        "rival_weight",
    )

    def __init__(self) -> None:
        self.picks_left = 0
        self.tempura = (0.0, 0.0)
        self.sashimi = (0.0, 0.0, 0.0)
        self.dumpling: tuple[float, ...] = (0.0,)
        self.wasabi: tuple[float, ...] = (0.0,)
        self.chop = 0.0
        self.soy_on = False
        self.soy_chance = 0.0
        self.colour_gain = 0.0
        self.maki_sd = 1.0
        self.maki_win: dict[int, float] = {}
        """Chance of ending ahead in maki by icon difference now (filled lazily)."""
        self.pud_win: dict[int, float] = {}
        """Chance of ending ahead in puddings by difference now (filled lazily)."""
        self.memo: dict[tuple[tuple[int, ...], int, bool, bool], float] = {}
        """Race values already computed this decision, by (every seat's count, seat,
        rivals, maki rather than pudding)."""
        self.maki_q = 0.0
        self.pud_sd = 1.0
        self.penalty = True
        self.players: tuple[int, ...] = ()
        self.rival_weight = 1.0

    # -- a seat's own families (no race) ------------------------------------

    def own(self, s: list[int]) -> float:
        t = s[_T]
        v = 5.0 * (t // 2)
        need = 2 - t % 2
        v += max(0.0, self.tempura[need - 1] * (5.0 - need * PICK_COST))
        sa = s[_S]
        v += 10.0 * (sa // 3)
        need = 3 - sa % 3
        v += max(0.0, self.sashimi[need - 1] * (10.0 - need * PICK_COST))
        d = s[_D]
        if d >= 5:
            v += 15.0
        else:
            v += _DUMPLING[d]
            dp = self.dumpling
            for k in range(1, min(5 - d, len(dp) - 1) + 1):
                gain = _DUMPLING[d + k] - _DUMPLING[d + k - 1] - PICK_COST
                if gain > 0.0:
                    v += dp[k] * gain
        v += s[_NP]
        w = s[_W]
        if w:
            wp = self.wasabi
            v += wp[min(w, len(wp) - 1)]
        if s[_C]:
            v += self.chop * (1.0 + 0.2 * (s[_C] - 1))
        v += PUDDING_TIEBREAK * s[_P]
        return v

    # -- races ----------------------------------------------------------------

    def races(self, sums: Sequence[list[int]], me: int, rivals: bool = True) -> float:
        """Expected maki + pudding (+ soy) points of seat ``me`` minus its rivals'.

        With ``rivals`` False: the points of ``me`` alone.
        """
        maki = tuple([s[_M] for s in sums])
        pud = tuple([s[_P] for s in sums])
        memo = self.memo
        # maki and pudding counts may be the same numbers: the race is in the key
        key = (maki, me, rivals, True)
        m = memo.get(key)
        if m is None:
            m = memo[key] = self._place(maki, me, rivals, True)
        key = (pud, me, rivals, False)
        pd = memo.get(key)
        if pd is None:
            pd = memo[key] = self._place(pud, me, rivals, False)
        if self.soy_on:
            return m + pd + self.soy(sums, me)
        return m + pd

    def _place(self, vals: tuple[int, ...], me: int, rivals: bool, maki: bool) -> float:
        """Expected maki (or pudding) place points of ``me`` minus its rivals'."""
        n = len(vals)
        if maki:
            tab = self.maki_win
            sd = self.maki_sd
        else:
            tab = self.pud_win
            sd = self.pud_sd
        total = 0.0
        others = self.players if rivals else ()
        for i in range(n):
            if i == me:
                weight = 1.0
            elif i in others:
                weight = -self.rival_weight
            else:
                continue
            p0 = 1.0  # nobody beats i
            p1 = 0.0  # exactly one seat beats i
            pl = 1.0  # every seat beats i
            vi = vals[i]
            for j in range(n):
                if j != i:
                    diff = vi - vals[j]
                    b = tab.get(diff)
                    if b is None:
                        b = tab[diff] = sig(diff / sd)
                    p1 = p1 * b + p0 * (1.0 - b)
                    p0 *= b
                    pl *= 1.0 - b
            if maki:
                # 6 for most, 3 for second; no place without an icon
                q = 1.0 if vi > 0 else self.maki_q
                v = q * (6.0 * p0 + 3.0 * p1)
            else:
                # +6 for most, -6 for fewest
                v = 6.0 * p0 - 6.0 * pl if self.penalty else 6.0 * p0
            total += weight * v
        return total

    def soy(self, sums: Sequence[list[int]], me: int) -> float:
        """Expected soy sauce points of ``me`` (its own chance only)."""
        s = sums[me]
        if not s[_Y] and self.soy_chance <= 0.0:
            return 0.0
        g = self.colour_gain
        mine = _popcount(s[_COL])
        proj = mine + (8 - mine) * g
        most = 1.0
        for i, o in enumerate(sums):
            if i != me:
                c = _popcount(o[_COL])
                most *= sig((proj - c - (8 - c) * g) / 0.8)
        if s[_Y]:
            return 4.0 * most
        return max(0.0, self.soy_chance * (4.0 * most - PICK_COST))


class GreedyAgent:
    """A one-ply heuristic for classic Sushi Go! (see the module docstring); given a
    Sushi Go Party! view it plays :func:`~sushigo.agents.greedy_party.party_act`, given
    a Sushi Roll view :func:`~sushigo.agents.greedy_roll.roll_act`."""

    name = "greedy"
    observes = True

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        if view is None:
            return legal[self._rng.randrange(len(legal))]
        policy = POLICIES.get(view.ruleset.name)
        if policy is None:  # a game greedy does not know: any legal action
            return legal[self._rng.randrange(len(legal))]
        return policy(self, view, legal)

    def _classic(self, view: PlayerView, legal: Sequence[Any]) -> Any:
        """Sushi Go!: the pick with the best one-step estimate, ties broken at random."""
        scores = self._score(view, legal)
        best = max(scores)
        top = [a for a, v in zip(legal, scores, strict=True) if v >= best - 1e-9]
        if len(top) == 1:
            return top[0]
        return top[self._rng.randrange(len(top))]

    # ------------------------------------------------------------------------

    def _score(self, view: PlayerView, legal: Sequence[Any]) -> list[float]:
        rs = view.ruleset
        n = view.seats
        dummy_rel = (2 - view.seat) % n if rs.dummy else -1
        players = tuple(i for i in range(1, n) if i != dummy_rel)
        ctx, sums = _context(view, rs, dummy_rel, players)
        own0 = ctx.own(sums[0])
        race0 = ctx.races(sums, 0)
        soy_on = ctx.soy_on

        def touches_race(before: list[int], after: list[int]) -> bool:
            return (
                after[_M] != before[_M]
                or after[_P] != before[_P]
                or (soy_on and (after[_COL] != before[_COL] or after[_Y] != before[_Y]))
            )

        # Seat that receives this hand next, and what each card is worth to it.
        nxt = players[0] if rs.dummy else view.pass_step % n
        hand = view.hand
        deny: dict[str, float] = {}
        if DENIAL and nxt != 0:
            s_next = sums[nxt]
            own_next = ctx.own(s_next)
            race_next: float | None = None
            for c in dict.fromkeys(hand):
                after = _after(s_next, (c,))
                v = ctx.own(after) - own_next
                if touches_race(s_next, after):
                    if race_next is None:
                        race_next = ctx.races(sums, nxt, False)
                    s2 = sums.copy()
                    s2[nxt] = after
                    v += ctx.races(s2, nxt, False) - race_next
                deny[c] = v
        else:
            deny = dict.fromkeys(hand, 0.0)
        ranked = sorted(hand, key=deny.__getitem__, reverse=True)

        def denial(taken: Sequence[str]) -> float:
            """What the next seat loses: its best card minus its best card left."""
            rest = ranked.copy()
            for c in taken:
                rest.remove(c)
            if not rest:
                return 0.0
            return deny[ranked[0]] - deny[rest[0]]

        values: dict[tuple[str, ...], float] = {}

        def mine(cards: tuple[str, ...]) -> float:
            v = values.get(cards)
            if v is None:
                after = _after(sums[0], cards)
                v = ctx.own(after) - own0
                if touches_race(sums[0], after):
                    s2 = sums.copy()
                    s2[0] = after
                    v += ctx.races(s2, 0) - race0
                values[cards] = v
            return v

        gifts: dict[str, float] = {}

        def gift(d: str) -> float:
            """Value of giving the dummy ``d``: the races, and the card leaving the hand."""
            g = gifts.get(d)
            if g is None:
                s_d = sums[dummy_rel]
                after = _after(s_d, (d,))
                g = 0.0
                if touches_race(s_d, after):
                    s2 = sums.copy()
                    s2[dummy_rel] = after
                    g = ctx.races(s2, 0) - race0
                gifts[d] = g
            return g

        out: list[float] = []
        for act in legal:
            cards = act.cards
            v = mine(cards) + DENIAL * denial(cards)
            d = act.dummy
            if d is not None:
                v += gift(d) + DUMMY_DENIAL * (denial((*cards, d)) - denial(cards))
            out.append(v)
        return out


def _context(
    view: PlayerView, rs: ClassicRuleset, dummy_rel: int, players: tuple[int, ...]
) -> tuple[_Context, list[list[int]]]:
    n = view.seats
    ctx = _Context()
    ctx.players = players
    ctx.rival_weight = RIVALRY / max(1, len(players))
    ctx.penalty = rs.penalty
    ctx.soy_on = rs.options.get("soy_sauce", False) is True
    p = max(0, rs.hand_size - view.turn - 1)
    ctx.picks_left = p

    # Cards not yet seen by this seat.
    others = [h for h in view.hands[1:] if h is not None]
    known_cards = sum(len(h) for h in others)
    unseen = unseen_cards(rs.deck, [view.hand, *others, *view.tableaux, view.discards])
    kept = sum(view.desserts)
    if "pudding" in unseen:
        unseen["pudding"] -= kept
    total_unseen = 0
    for c, k in unseen.items():
        if k < 0:
            unseen[c] = 0
        else:
            total_unseen += k
    dens = 1.0 / total_unseen if total_unseen else 0.0

    # Cards still to be played this round: hands plus the dummy's pile.
    round_cards = sum(view.hand_sizes)
    if rs.dummy:
        round_cards += max(0, rs.hand_size - view.turn - 1)
    unknown = max(0, round_cards - len(view.hand) - known_cards)
    frac = unknown * dens

    # Per future turn: the hand that will reach this seat, the expected copies of
    # each card type that matters in it, and the chance a copy survives the picks
    # made on the way. Then the chance each type is there when the hand arrives.
    step = view.pass_step
    sizes = view.hand_sizes
    hand_counts: dict[int, list[float]] = {}
    avail: list[list[float]] = [[] for _ in range(len(_WATCHED) + 1)]
    watched = range(len(_WATCHED) + 1)
    for j in range(1, p + 1):
        if rs.dummy:
            r = players[0] if j % 2 else 0
        else:
            r = (-j * step) % n
        size = sizes[r] if r else len(view.hand)
        if size <= 0:
            continue
        counts = hand_counts.get(r)
        if counts is None:
            if r == 0:
                # this seat's own hand comes back without the copy it takes now
                own = view.hand
                counts = [max(0.0, own.count(c) - 1.0) for c in _WATCHED]
            else:
                h = view.hands[r]
                if h is not None:
                    counts = [float(h.count(c)) for c in _WATCHED]
                else:
                    per = size * dens
                    counts = [unseen.get(c, 0) * per for c in _WATCHED]
            counts.append(counts[3] + counts[4] + counts[5])
            hand_counts[r] = counts
        surv = max(0.0, size - j) / size if not rs.dummy else max(0.2, (size - j / 2) / size)
        for k in watched:
            e = counts[k]
            avail[k].append(1.0 - exp(-e * surv) if e > 0.0 else 0.0)

    ctx.tempura = tuple(at_least(avail[0], 2)[1:])  # type: ignore[assignment]
    ctx.sashimi = tuple(at_least(avail[1], 3)[1:])  # type: ignore[assignment]
    ctx.dumpling = tuple(at_least(avail[2], 5))

    # Wasabi: the best nigiri likely to come, and how many nigiri will come.
    sq = 1.0
    sa = 1.0
    eg = 1.0
    for q in avail[3]:
        sq *= 1.0 - q
    for q in avail[4]:
        sa *= 1.0 - q
    for q in avail[5]:
        eg *= 1.0 - q
    best = 3.0 * (1.0 - sq) + 2.0 * sq * (1.0 - sa) + sq * sa * (1.0 - eg)
    any_n = 1.0 - sq * sa * eg
    cond = best / any_n if any_n > 1e-9 else 0.0
    per_wasabi = max(0.0, 3.0 * cond - PICK_COST)
    wasabi = [0.0]
    if per_wasabi > 0.0:
        nig = at_least(avail[7], 3)
        for k in range(1, 4):
            wasabi.append(wasabi[-1] + nig[k] * per_wasabi * (1.0 if k == 1 else 0.7))
    ctx.wasabi = tuple(wasabi)

    ctx.chop = CHOPSTICKS_VALUE * min(1.0, (p - 1) / 3.0) if p >= 2 else 0.0

    # Races: what is still to come for every seat.
    icons_left = 0.0
    maki_left = 0.0
    pud_left = 0.0
    mine = list(view.hand)
    for rel in range(1, n):
        h = view.hands[rel]
        if h is not None:
            mine.extend(h)
    for c in mine:
        if c in _MAKI:
            icons_left += _MAKI[c]
            maki_left += 1.0
        elif c == "pudding":
            pud_left += 1.0
    for c, k in _MAKI.items():
        u = unseen.get(c, 0) * frac
        icons_left += u * k
        maki_left += u
    pud_left += unseen.get("pudding", 0) * frac
    rounds_after = max(0, 2 - view.round)
    if rounds_after:
        per_round = rs.hand_size * n
        pud_left += rounds_after * per_round * unseen.get("pudding", 0) * dens
    ctx.maki_sd = 0.45 + MAKI_SPREAD * sqrt(icons_left / n)
    ctx.maki_q = 1.0 - exp(-maki_left / n)
    ctx.pud_sd = 0.45 + PUDDING_SPREAD * sqrt(pud_left / n)

    if ctx.soy_on:
        ctx.soy_chance = at_least(avail[6], 1)[1]
        ctx.colour_gain = 1.0 - (1.0 - 0.09) ** p

    sums = [_summary(view.tableaux[i], view.desserts[i]) for i in range(n)]
    return ctx, sums


POLICIES: dict[str, Callable[[GreedyAgent, Any, Sequence[Any]], Any]] = {
    "sushi-go": lambda agent, view, legal: agent._classic(view, legal),
    "sushi-go-party": lambda agent, view, legal: party_act(view, legal, agent._rng),
    "sushi-roll": lambda agent, view, legal: roll_act(view, legal, agent._rng),
}
"""Greedy's decision in each game, by ruleset name; a new game adds one line."""

register_agent("greedy", GreedyAgent)
