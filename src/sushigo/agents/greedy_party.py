"""The greedy agent for Sushi Go Party!: a one-ply heuristic for every decision.

:func:`party_act` decides from a :class:`~sushigo.games.party.PartyView` and the
legal actions alone. Every option is scored by how much it raises an *estimate*
of the agent's final points, set against what it gives its opponents:

* **A seat's position** is what lies in front of it valued by
  :func:`~sushigo.games.party.scoring.score_round` (the families that do not
  compare players: nigiri and wasabi, tempura, sashimi, dumplings, eel, tofu,
  onigiri, miso soup, tea, flipped cards), plus the expected points of the sets
  in progress. A set that needs ``k`` more cards is worth
  ``P(k more come) * (points - k * PICK_COST)``: completing it spends picks that
  could have scored elsewhere.
* **What may still come.** The hand that reaches the agent ``j`` turns from now
  is the one ``j`` seats to its right. A hand seen earlier this round is known;
  any other is expected to hold the cards not yet seen (the round's deck minus
  its own hand, the known hands, every tableau, the discards and the desserts
  kept) in proportion. A card survives the picks on the way with chance
  ``(size - picks) / size``. The agent's own hand counts one copy fewer of
  each card: it takes one now, and what it leaves is the next seat's to take.
* **Races** (maki, temaki, uramaki, edamame, soy sauce, pudding) are scored for
  every seat from the counts now, with a logistic chance of ending ahead of each
  other seat that widens with the cards still to come. The agent's objective is
  its own expected points minus the average of its opponents' race points.
* **Desserts** are valued over the game: green tea ice cream by the chance of
  completing a set of 4 from this round's hands and the desserts of the rounds
  to come, fruit by the expected points of each fruit's final icon count.
* **Denial.** What the pick takes from the seat that receives the hand next:
  its best card in the hand minus its best card left.

Decisions in the middle of a turn: chopsticks take the best card left in the
hand; a spoon asks for what the players to the left most likely hold (known
hands first) and is worth most; asked to give, the agent gives the variant
worth least to the asker; a menu orders the best card drawn; a special order
copies the card worth most now; a takeout box flips a card only when its 2
points beat what the card is worth now and is expected to be worth at round
end. A miso soup (or a copy of one) counts its collisions: at a pick, the chance
another seat plays one; after the reveal, the miso soups already played this
turn. Chopsticks and spoons are called only when the extra card beats keeping
them for later.

The seeded generator breaks ties and nothing else, so play is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from math import exp, sqrt
from typing import Any

from sushigo.agents.odds import at_least, sig
from sushigo.games.party import PartyRuleset, PartyView
from sushigo.games.party.actions import SPECIAL_ORDER, Choice, PartyPick, choice_of
from sushigo.games.party.cards import PARTY_CARDS, fruit_icons
from sushigo.games.party.scoring import (
    DUMPLING_POINTS,
    FLIPPED,
    FRUIT_POINTS,
    FRUITS,
    ONIGIRI_POINTS,
    ONIGIRI_SHAPES,
    URAMAKI_PLACES,
    Played,
    played_value,
    score_round,
)

# --- tunable weights -----------------------------------------------------------

PICK_COST = 2.0
"""Points a future pick is worth elsewhere: the price of waiting for a set card."""
DESSERT_COST = 2.0
"""The same price for a dessert pick (desserts also break ties for the win)."""
CHOPSTICKS_VALUE = 2.5
"""Value of an unused chopsticks with enough turns left to use it."""
SPOON_VALUE = 2.5
"""Value of an unused spoon with enough turns left to use it."""
DENIAL = 1.0
"""Weight of what a pick takes from the seat that receives the hand next."""
RIVALRY = 1.0
"""Weight of the opponents' expected race points (averaged over opponents)."""
TEA_GROWTH = 0.3
"""Expected growth of the biggest colour per pick still to come (for tea)."""
FLIP_MARGIN = 0.25
"""A takeout box flips a card only when that gains more than this."""
DESSERT_SHARE = 1.5
"""A seat that wants desserts gets this many times an equal share of those to come."""
TIEBREAK = 0.05
"""Value of a dessert card as the tie-breaker for the win."""

_BY_ID = PARTY_CARDS.by_id
_KIND = {c: t.family for c, t in _BY_ID.items()}
_ICONS = {c: t.icons for c, t in _BY_ID.items()}
_NIGIRI = ("egg-nigiri", "salmon-nigiri", "squid-nigiri")
_BASE = {"egg-nigiri": 1, "salmon-nigiri": 2, "squid-nigiri": 3}
_FRUITS = FRUITS
_FRUIT_ICONS = {
    c: tuple(fruit_icons(c).get(f, 0) for f in _FRUITS) for c, k in _KIND.items() if k == "fruit"
}
_SHAPES = ONIGIRI_SHAPES
_BONUS = frozenset(("chopsticks", "spoon"))
_QUEUED = frozenset(("menu", "takeout-box"))
_RACE_FREE = (
    "nigiri",
    "tempura",
    "sashimi",
    "dumpling",
    "eel",
    "tofu",
    "onigiri",
    "miso-soup",
    "tea",
    FLIPPED,
)
"""Families of :func:`score_round` that do not compare players."""

_POINTS: dict[tuple[Played, ...], int] = {}


def _points(tab: tuple[Played, ...]) -> int:
    """Points of one tableau in the families that do not compare players."""
    v = _POINTS.get(tab)
    if v is None:
        if len(_POINTS) > 200_000:
            _POINTS.clear()
        b = score_round([tab])[0]
        v = _POINTS[tab] = sum(b[f] for f in _RACE_FREE)
    return v


def _poisson(lam: float, top: int) -> list[float]:
    """P(X = i) for i < top and P(X >= top) last, X ~ Poisson(lam)."""
    out = []
    term = exp(-lam)
    acc = 0.0
    for i in range(top):
        out.append(term)
        acc += term
        term *= lam / (i + 1)
    out.append(max(0.0, 1.0 - acc))
    return out


# ---------------------------------------------------------------------------
# One seat's position.


class _Seat:
    """What lies in front of one seat this round, with its desserts over the game.
    Made by :func:`_seat` (remembered: the same tableaux come back often)."""

    __slots__ = (
        "tab",
        "tempura",
        "sashimi",
        "dumpling",
        "eel",
        "tofu",
        "shapes",
        "wasabi",
        "chopsticks",
        "spoons",
        "tea",
        "colours",
        "maki",
        "temaki",
        "uramaki",
        "edamame",
        "soy",
        "pudding",
        "ice",
        "fruit",
        "sweets",
        "race_key",
        "own_key",
        "sweet_key",
        "_points",
        "ura_now",
    )

    def __init__(self, tab: tuple[Played, ...], kept: tuple[Played, ...], ura_now: int) -> None:
        self.tab = tab
        self.ura_now = ura_now
        """Uramaki points scored by the card just placed (a hypothetical seat)."""
        count: dict[str, int] = {}
        colours: dict[str, int] = {}
        for p in tab:
            kind = p.kind
            count[kind] = count.get(kind, 0) + 1
            if kind not in _NO_COLOUR:
                colours[p.colour] = 1
        get = count.get
        shapes = (0, 0, 0, 0)
        wasabi = maki = uramaki = 0
        if "onigiri" in count:
            sh = [0, 0, 0, 0]
            for p in tab:
                if p.kind == "onigiri":
                    sh[_SHAPES.index(p.counts_as)] += 1
            shapes = (sh[0], sh[1], sh[2], sh[3])
        if "wasabi" in count:
            wasabi = sum(1 for p in tab if p.kind == "wasabi" and not p.covered)
        if "maki" in count:
            maki = sum(p.icons for p in tab if p.kind == "maki")
        if "uramaki" in count:
            uramaki = sum(p.icons for p in tab if p.kind == "uramaki")
        pudding = ice = 0
        fruit = (0, 0, 0)
        sweets = len(kept)
        if kept or "pudding" in count or "green-tea-ice-cream" in count or "fruit" in count:
            w = pi = o = 0
            for p in (*kept, *tab):
                kind = p.kind
                if kind == "pudding":
                    pudding += 1
                elif kind == "green-tea-ice-cream":
                    ice += 1
                elif kind == "fruit":
                    f = _FRUIT_ICONS[p.counts_as]
                    w += f[0]
                    pi += f[1]
                    o += f[2]
            fruit = (w, pi, o)
            sweets += get("pudding", 0) + get("green-tea-ice-cream", 0) + get("fruit", 0)
        self.tempura = tempura = get("tempura", 0)
        self.sashimi = sashimi = get("sashimi", 0)
        self.dumpling = dumpling = get("dumpling", 0)
        self.eel = eel = get("eel", 0)
        self.tofu = tofu = get("tofu", 0)
        self.shapes = shapes
        self.wasabi = wasabi
        self.chopsticks = chop = get("chopsticks", 0)
        self.spoons = spoons = get("spoon", 0)
        self.tea = tea = get("tea", 0)
        self.colours = len(colours)
        self.maki = maki
        self.temaki = temaki = get("temaki", 0)
        self.uramaki = uramaki
        self.edamame = edamame = get("edamame", 0)
        self.soy = soy = get("soy-sauce", 0)
        self.pudding = pudding
        self.ice = ice
        self.fruit = fruit
        self.sweets = sweets
        self.race_key = (maki, temaki, uramaki, edamame, soy, self.colours, pudding, ura_now)
        self.own_key = (
            tempura % 2,
            sashimi % 3,
            dumpling,
            eel,
            tofu,
            shapes,
            wasabi,
            chop,
            spoons,
            tea,
        )
        self.sweet_key = (ice, fruit, sweets)
        self._points: int | None = None

    @property
    def points(self) -> int:
        """Points now in the families that do not compare players (worked out when
        first asked: most seats are needed only for their races)."""
        v = self._points
        if v is None:
            v = self._points = _points(self.tab)
        return v


_NO_COLOUR = _QUEUED
"""Kinds with no colour at round end: a menu or takeout box is used the turn it is
played. A dessert played this round has its colour (``tab`` holds only this
round's cards; the desserts kept from earlier rounds are apart and have none)."""
_SEATS: dict[tuple[tuple[Played, ...], tuple[Played, ...], int], _Seat] = {}


def _seat(tab: tuple[Played, ...], kept: tuple[Played, ...], ura_now: int = 0) -> _Seat:
    key = (tab, kept, ura_now)
    s = _SEATS.get(key)
    if s is None:
        if len(_SEATS) > 100_000:
            _SEATS.clear()
        s = _SEATS[key] = _Seat(tab, kept, ura_now)
    return s


def _place(tab: tuple[Played, ...], p: Played, claimed: int) -> tuple[tuple[Played, ...], int]:
    """The tableau after ``p`` is placed as the engine places it: a nigiri goes on a
    free wasabi, and uramaki reaching 10 icons score (the points) and leave."""
    if p.kind == "nigiri":
        for i, q in enumerate(tab):
            if q.kind == "wasabi" and not q.covered:
                tab = (*tab[:i], played_value(q.card, q.copies, False, False, True), *tab[i + 1 :])
                p = played_value(p.card, p.copies, False, True, False)
                break
    new = (*tab, p)
    if p.kind == "uramaki":
        icons = sum(q.icons for q in new if q.kind == "uramaki")
        if icons >= 10:
            pts = URAMAKI_PLACES[claimed] if claimed < len(URAMAKI_PLACES) else 0
            return tuple(q for q in new if q.kind != "uramaki"), pts
    return new, 0


def _without(tab: tuple[Played, ...], token: str) -> tuple[Played, ...]:
    """``tab`` without its last card written ``token`` (a bonus card being used)."""
    for i in range(len(tab) - 1, -1, -1):
        if tab[i].token == token:
            return (*tab[:i], *tab[i + 1 :])
    return tab


def _copy_played(target: str) -> Played:
    if target == FLIPPED:
        return played_value(SPECIAL_ORDER, flipped=True)
    return played_value(SPECIAL_ORDER, target)


def _targets(tab: Iterable[Played]) -> list[str]:
    """What a special order played now may copy (as the engine lists it)."""
    ids: set[str] = set()
    flipped = False
    for p in tab:
        if p.flipped:
            flipped = True
        elif p.kind not in _QUEUED:
            ids.add(p.counts_as)
    out = sorted(ids, key=PARTY_CARDS.order.__getitem__)
    if flipped:
        out.append(FLIPPED)
    return out


# ---------------------------------------------------------------------------
# The context of one decision.


class _Table:
    """Everything one decision needs: the seats now, what may still come, the races."""

    def __init__(self, view: PartyView) -> None:
        rs = view.ruleset
        assert isinstance(rs, PartyRuleset)
        self.view = view
        self.rs = rs
        n = self.n = view.seats
        menu = rs.menu
        self.kinds = frozenset(menu.kinds)
        self.dessert = menu.dessert
        self.big_table = rs.big_table
        self.mid_turn = view.pending is not None
        self.taking = view.pending is None or view.pending.kind == "take"
        """The decision takes a card from the agent's hand (a pick, or chopsticks)."""
        hand = view.hand
        # Picks still to come this round after the present decision.
        self.p = p = max(0, len(hand) - (0 if self.mid_turn else 1))
        self.claimed = view.uramaki_claimed
        self.own_memo: dict[tuple[Any, ...], float] = {}
        self.onigiri_memo: dict[tuple[int, ...], float] = {}
        self.sweet_memo: dict[tuple[Any, ...], float] = {}
        self.seats = [_seat(view.tableaux[i], view.desserts[i]) for i in range(n)]
        self._unseen(view, rs)
        self._availability(view, p)
        self._races(view, rs)
        self.memo: dict[tuple[Played, ...], float] = {}
        self.gains: dict[tuple[tuple[Played, ...], str, str | None], float] = {}
        """What each card adds to a tableau (see :func:`_card_gain`)."""
        self.best_ask: float | None = None
        """The best spoon request's expected gain, once worked out."""
        self.race_memo: dict[tuple[Any, ...], list[float]] = {}
        self.base_races = self.race_values(self.seats, self.claimed)
        self.miso_risk = self._miso_risk(view) if "miso-soup" in self.kinds else 0.0

    # -- what is unseen -----------------------------------------------------

    def _unseen(self, view: PartyView, rs: PartyRuleset) -> None:
        deck: dict[str, float] = {c: float(k) for c, k in rs.deck.items()}
        kept_real: dict[str, int] = {}
        for kept in view.desserts:
            for q in kept:
                if q.card == SPECIAL_ORDER:
                    if SPECIAL_ORDER in deck:
                        deck[SPECIAL_ORDER] -= 1.0
                else:
                    kept_real[q.card] = kept_real.get(q.card, 0) + 1
        added = sum(rs.desserts_added[: view.round + 1])
        in_deck = max(0, added - sum(kept_real.values()))
        left = {c: k - kept_real.get(c, 0) for c, k in rs.desserts.items()}
        total_left = sum(left.values())
        if in_deck and total_left > 0:
            for c, k in left.items():
                deck[c] = deck.get(c, 0.0) + in_deck * k / total_left
        self.round_deck = sum(deck.values())
        self.desserts_in_deck = float(in_deck)

        def see(cards: Iterable[str]) -> None:
            for c in cards:
                if c in deck:
                    deck[c] -= 1.0

        see(view.hand)
        for h in view.hands[1:]:
            if h is not None:
                see(h)
        for tab in view.tableaux:
            see(q.card for q in tab)
        see(view.discards)
        total = 0.0
        for c, x in deck.items():
            if x < 0.0:
                deck[c] = 0.0
            else:
                total += x
        self.unseen = deck
        self.total_unseen = total
        kinds: dict[str, float] = {}
        by_kind: dict[str, list[str]] = {}
        for c, x in deck.items():
            kind = _KIND[c]
            kinds[kind] = kinds.get(kind, 0.0) + x
            if x > 0.0:
                by_kind.setdefault(kind, []).append(c)
        self.unseen_by_kind = by_kind
        self.unseen_kinds = kinds

    def hand_counts(self, r: int) -> dict[str, float] | None:
        """Counts by kind and by nigiri card of the hand at relative seat ``r``,
        None if unknown."""
        h = self.view.hand if r == 0 else self.view.hands[r]
        if h is None:
            return None
        out: dict[str, float] = {}
        for c in h:
            k = _KIND[c]
            out[k] = out.get(k, 0.0) + 1.0
            if k == "nigiri":
                out[c] = out.get(c, 0.0) + 1.0
        if r == 0 and self.taking:
            # The agent's own hand comes back without the card it takes now, and
            # a card it leaves is the next seat's to take: count one copy fewer.
            for k, x in out.items():
                out[k] = x - 1.0
        return out

    def _availability(self, view: PartyView, p: int) -> None:
        """Per future turn, the chance each kind (and each nigiri) is in the hand that
        reaches this seat."""
        n = self.n
        watch = [k for k in self.kinds]
        if "nigiri" in self.kinds:
            watch += list(_NIGIRI)
        unseen = self.unseen
        uk = self.unseen_kinds
        per_card = 1.0 / self.total_unseen if self.total_unseen > 0 else 0.0
        expected_unknown = {k: uk.get(k, 0.0) * per_card for k in self.kinds}
        for c in _NIGIRI:
            expected_unknown[c] = unseen.get(c, 0.0) * per_card
        events: dict[str, list[float]] = {k: [] for k in watch}
        counts_of: dict[int, dict[str, float] | None] = {}
        for j in range(1, p + 1):
            r = (-j) % n
            size = len(view.hand) if r == 0 else view.hand_sizes[r]
            before = j - 1 if self.mid_turn else j
            if size <= 0 or before >= size:
                continue
            surv = (size - before) / size
            if r not in counts_of:
                counts_of[r] = self.hand_counts(r)
            counts = counts_of[r]
            # a turn offering none of a kind changes nothing: it is left out
            if counts is None:
                scale = size * surv
                for k, x in expected_unknown.items():
                    if x > 0.0:
                        events[k].append(1.0 - exp(-x * scale))
            else:
                for k, x in counts.items():
                    if x > 0.0 and k in events:
                        events[k].append(1.0 - exp(-x * surv))
        # Desserts of the rounds to come: dealt in proportion, an eager share each.
        future: list[float] = []
        rounds_after = 2 - view.round
        if rounds_after > 0 and self.round_deck > 0:
            dealt = n * self.rs.hand_size / self.round_deck
            dealt = min(1.0, dealt)
            d = self.desserts_in_deck
            share = min(0.8, DESSERT_SHARE / n)
            for r in range(view.round + 1, 3):
                d = d * (1.0 - dealt) + self.rs.desserts_added[r]
                mine = d * dealt * share
                m = max(1, int(mine / 0.6 + 0.999))
                future += [mine / m] * m
        self.future_desserts = future
        this_round = events.get(self.dessert, [])
        # fruit: icons of each fruit still to come (2 icons a card, 3 fruits)
        cards = 0.5 * sum(this_round) + sum(future)
        self.fruit_dist = _poisson(cards * 2.0 / 3.0, 5)
        events[self.dessert] = this_round + future
        self.events = events
        self._at: dict[tuple[str, int], float] = {}

    def at(self, key: str, k: int) -> float:
        """P(at least ``k`` future turns offer a card of ``key``)."""
        if k <= 0:
            return 1.0
        v = self._at.get((key, k))
        if v is None:
            ev = self.events.get(key)
            if not ev:
                v = 0.0
            else:
                dist = at_least(ev, max(k, 5))
                for i in range(1, len(dist)):
                    self._at[(key, i)] = dist[i]
                v = dist[k] if k < len(dist) else 0.0
            self._at[(key, k)] = v
        return v

    # -- the races ----------------------------------------------------------

    def _races(self, view: PartyView, rs: PartyRuleset) -> None:
        n = self.n
        # What is still to come this round: every hand, known or expected.
        totals = {"maki": 0.0, "temaki": 0.0, "uramaki": 0.0, "edamame": 0.0, "pudding": 0.0}
        maki_cards = 0.0
        ura_cards = 0.0
        unknown = 0
        for r in range(n):
            h = view.hand if r == 0 else view.hands[r]
            if h is None:
                unknown += view.hand_sizes[r]
                continue
            for c in h:
                kind = _KIND[c]
                if kind in totals:
                    totals[kind] += _ICONS[c] if kind in ("maki", "uramaki") else 1.0
                    if kind == "maki":
                        maki_cards += 1.0
                    elif kind == "uramaki":
                        ura_cards += 1.0
        if unknown and self.total_unseen > 0:
            frac = unknown / self.total_unseen
            for c, x in self.unseen.items():
                kind = _KIND[c]
                if kind in totals:
                    totals[kind] += x * frac * (_ICONS[c] if kind in ("maki", "uramaki") else 1.0)
                    if kind == "maki":
                        maki_cards += x * frac
                    elif kind == "uramaki":
                        ura_cards += x * frac
        self.maki_sd = 0.25 + 2.0 * sqrt(totals["maki"] / n)
        self.maki_q = 1.0 - exp(-maki_cards / n)
        self.temaki_sd = 0.25 + 0.9 * sqrt(totals["temaki"] / n)
        self.ura_share = totals["uramaki"] / n
        self.ura_sd = 0.25 + 1.5 * sqrt(self.ura_share)
        self.ura_q = 1.0 - exp(-ura_cards / n)
        self.edamame_q = 1.0 - exp(-totals["edamame"] / n)
        pud = totals["pudding"] + sum(self.future_desserts) * n / DESSERT_SHARE
        self.pudding_sd = 0.25 + 0.9 * sqrt(pud / n)
        # Soy sauce: colours each seat may still add (the menu's dessert is one).
        colours = len([k for k in self.kinds if k not in _QUEUED])
        if "wasabi" in self.kinds:
            colours -= 1  # wasabi shares nigiri's colour
        if "takeout-box" in self.kinds:
            colours += 1  # flipped cards
        self.colour_kinds = colours
        self.colour_gain = 1.0 - (1.0 - 0.5 / max(1, colours)) ** self.p
        self.soy_sd = 0.35 + 0.35 * sqrt(self.p)
        self.sig_tabs: list[dict[float, float]] = [{}, {}, {}, {}, {}]
        """Per race: the chance a count ``d`` below another ends at least level with it,
        ``sig((d + 0.5) / sd)``, by ``d``."""

    def _b(self, race: int, d: float, sd: float) -> float:
        tab = self.sig_tabs[race]
        v = tab.get(d)
        if v is None:
            v = tab[d] = sig((d + 0.5) / sd)
        return v

    def race_values(self, seats: Sequence[_Seat], claimed: int) -> list[float]:
        """Expected race points of every seat (maki, temaki, uramaki, edamame, soy
        sauce, pudding), plus the uramaki a hypothetical card just scored."""
        key = (claimed, *(s.race_key for s in seats))
        got = self.race_memo.get(key)
        if got is not None:
            return got
        n = self.n
        out = [float(s.ura_now) for s in seats]
        kinds = self.kinds
        if "maki" in kinds:
            vals = [s.maki for s in seats]
            if any(vals) or self.maki_q > 0.0:
                places = (6.0, 4.0, 2.0) if self.big_table else (6.0, 3.0)
                self._places(out, vals, places, self.maki_sd, 0)
        if "temaki" in kinds:
            vals = [s.temaki for s in seats]
            self._most_fewest(out, vals, 4.0, -4.0 if n > 2 else 0.0, self.temaki_sd, 1)
        if "uramaki" in kinds:
            self._uramaki(out, [s.uramaki for s in seats], claimed)
        if "edamame" in kinds:
            self._edamame(out, [s.edamame for s in seats])
        if "soy-sauce" in kinds:
            self._soy(out, seats)
        if self.dessert == "pudding":
            vals = [s.pudding for s in seats]
            self._most_fewest(out, vals, 6.0, -6.0 if n > 2 else 0.0, self.pudding_sd, 2)
        if len(self.race_memo) > 4096:
            self.race_memo.clear()
        self.race_memo[key] = out
        return out

    def _places(
        self, out: list[float], vals: list[int], places: tuple[float, ...], sd: float, race: int
    ) -> None:
        """Maki: places by icons, ties take full points, no place without an icon."""
        count: dict[int, int] = {}
        for v in vals:
            count[v] = count.get(v, 0) + 1
        b = self._b
        third = places[2] if len(places) > 2 else 0.0
        by_value: dict[int, float] = {}
        for v in count:
            d0, d1, d2 = 1.0, 0.0, 0.0  # seats strictly ahead: none, one, two
            for u, m in count.items():
                if u == v:
                    m -= 1
                if m:
                    q = b(race, u - v - 1, sd)  # P(u ends ahead of v)
                    r = 1.0 - q
                    for _ in range(m):
                        d2 = d2 * r + d1 * q
                        d1 = d1 * r + d0 * q
                        d0 *= r
            x = d0 * places[0] + d1 * places[1] + d2 * third
            by_value[v] = x if v > 0 else x * self.maki_q
        for i, v in enumerate(vals):
            out[i] += by_value[v]

    def _most_fewest(
        self, out: list[float], vals: list[int], most: float, fewest: float, sd: float, race: int
    ) -> None:
        """Most gains ``most``, fewest ``fewest`` (ties full); all equal: nothing."""
        count: dict[int, int] = {}
        for v in vals:
            count[v] = count.get(v, 0) + 1
        b = self._b
        by_value: dict[int, float] = {}
        for v in count:
            p_most = p_few = p_eq = 1.0
            for u, m in count.items():
                if u == v:
                    m -= 1
                if m:
                    lo = b(race, v - u, sd)  # u ends at most level with v
                    hi = b(race, u - v, sd)  # u ends at least level with v
                    eq = lo + hi - 1.0
                    p_most *= lo**m
                    p_few *= hi**m
                    p_eq *= eq**m if eq > 0.0 else 0.0
            by_value[v] = most * (p_most - p_eq) + fewest * (p_few - p_eq)
        for i, v in enumerate(vals):
            out[i] += by_value[v]

    def _uramaki(self, out: list[float], vals: list[int], claimed: int) -> None:
        """Uramaki: the seats ahead of each one take the places first; a place after
        the first needs 10 icons, the first goes to the most icons at round end."""
        if claimed >= len(URAMAKI_PLACES):
            return
        share = self.ura_share
        sd = self.ura_sd
        b = self._b
        pts = [
            URAMAKI_PLACES[c] if c < len(URAMAKI_PLACES) else 0 for c in range(claimed, claimed + 3)
        ]
        count: dict[int, int] = {}
        for v in vals:
            count[v] = count.get(v, 0) + 1
        by_value: dict[int, float] = {}
        for v in count:
            d0, d1, d2 = 1.0, 0.0, 0.0  # seats ahead: none, one, two
            for u, m in count.items():
                if u == v:
                    m -= 1
                if m:
                    q = b(3, u - v - 1, sd)
                    r = 1.0 - q
                    for _ in range(m):
                        d2 = d2 * r + d1 * q
                        d1 = d1 * r + d0 * q
                        d0 *= r
            reach = b(4, v + share - 10.0, sd)  # P(v + share ends at 10 or more)
            first = 1.0 if v > 0 else max(reach, self.ura_q)
            by_value[v] = d0 * pts[0] * first + (d1 * pts[1] + d2 * pts[2]) * reach
        for i, v in enumerate(vals):
            out[i] += by_value[v]

    def _edamame(self, out: list[float], vals: list[int]) -> None:
        n = len(vals)
        if n < 3:
            return
        has = [1.0 if v > 0 else self.edamame_q for v in vals]
        for i in range(n):
            if not vals[i]:
                continue
            dist = [1.0, 0.0, 0.0, 0.0, 0.0]
            for j in range(n):
                if j == i:
                    continue
                q = has[j]
                r = 1.0 - q
                for k in range(4, 0, -1):
                    dist[k] = dist[k] * r + dist[k - 1] * q if k < 4 else dist[k] + dist[k - 1] * q
                dist[0] *= r
            expect = dist[1] + 2 * dist[2] + 3 * dist[3] + 4 * dist[4]
            out[i] += vals[i] * expect

    def _soy(self, out: list[float], seats: Sequence[_Seat]) -> None:
        g = self.colour_gain
        k = self.colour_kinds
        proj = [s.colours + max(0, k - s.colours) * g for s in seats]
        sd = self.soy_sd
        for i, s in enumerate(seats):
            if not s.soy:
                continue
            most = 1.0
            for j in range(len(seats)):
                if j != i:
                    most *= sig((proj[i] - proj[j] + 0.5) / sd)
            out[i] += 4.0 * s.soy * most

    # -- one seat's own families --------------------------------------------

    def own(self, s: _Seat) -> float:
        """Points now in the families that do not compare players, plus the expected
        points of the sets in progress and of unused bonus cards."""
        key = (s.points, s.own_key)
        got = self.own_memo.get(key)
        if got is None:
            got = self.own_memo[key] = self._own(s)
        return got

    def _own(self, s: _Seat) -> float:
        v = float(s.points)
        p = self.p
        at = self.at
        if p > 0:
            if s.tempura % 2:
                v += max(0.0, at("tempura", 1) * (5.0 - PICK_COST))
            if s.sashimi % 3:
                need = 3 - s.sashimi % 3
                v += max(0.0, at("sashimi", need) * (10.0 - need * PICK_COST))
            d = s.dumpling
            if 0 < d < 5:
                acc = best = 0.0
                for k in range(1, 5 - d + 1):
                    gain = DUMPLING_POINTS[d + k] - DUMPLING_POINTS[d + k - 1] - PICK_COST
                    acc += at("dumpling", k) * gain
                    best = max(best, acc)
                v += best
            if s.eel == 1:
                v += max(0.0, at("eel", 1) * (10.0 - PICK_COST))
            if s.tofu == 1:
                v += max(0.0, at("tofu", 1) * (4.0 - PICK_COST))
            if "onigiri" in self.kinds:
                v += self._onigiri(s.shapes)
            if s.wasabi:
                v += self._wasabi(s.wasabi)
            if s.tea:
                v += s.tea * TEA_GROWTH * p
        if p >= 2:
            ramp = min(1.0, (p - 1) / 3.0)
            if s.chopsticks:
                v += CHOPSTICKS_VALUE * ramp * (1.0 + 0.3 * (s.chopsticks - 1))
            if s.spoons:
                v += SPOON_VALUE * ramp * (1.0 + 0.3 * (s.spoons - 1))
        return v

    def _onigiri(self, shapes: tuple[int, ...]) -> float:
        """Expected points of the next onigiri, each adding the best shape (the best
        number of them to wait for)."""
        got = self.onigiri_memo.get(shapes)
        if got is None:
            got = self.onigiri_memo[shapes] = self._onigiri_value(shapes)
        return got

    def _onigiri_value(self, shapes: tuple[int, ...]) -> float:
        counts = list(shapes)
        v = best_v = 0.0
        for k in range(1, 5):
            best = -1
            gain = 0
            for i, c in enumerate(counts):
                layer = sum(1 for x in counts if x >= c + 1)
                g = ONIGIRI_POINTS[layer + 1] - ONIGIRI_POINTS[layer]
                if g > gain:
                    gain, best = g, i
            if best < 0:
                break
            chance = self.at("onigiri", k) * 0.75
            if chance <= 0.0:
                break
            v += chance * (gain - PICK_COST)
            best_v = max(best_v, v)
            counts[best] += 1
        return best_v

    def _wasabi(self, free: int) -> float:
        """Expected extra points of ``free`` empty wasabi: the nigiri likely to come,
        between the best one and an average one, tripled, less the pick it costs."""
        miss = [1.0, 1.0, 1.0]
        seen = [0.0, 0.0, 0.0]
        for i, c in enumerate(_NIGIRI):
            for q in self.events.get(c, ()):
                miss[i] *= 1.0 - q
                seen[i] += q
        eg, sa, sq = miss
        best = 3.0 * (1.0 - sq) + 2.0 * sq * (1.0 - sa) + sq * sa * (1.0 - eg)
        any_n = 1.0 - sq * sa * eg
        total = sum(seen)
        if any_n <= 1e-9 or total <= 0.0:
            return 0.0
        mean = (seen[0] + 2.0 * seen[1] + 3.0 * seen[2]) / total
        per = 1.5 * (best / any_n + mean) - PICK_COST
        if per <= 0.0:
            return 0.0
        v = 0.0
        for k in range(1, min(free, 3) + 1):
            v += self.at("nigiri", k) * per * (1.0 if k == 1 else 0.5)
        return v

    def sweet(self, s: _Seat) -> float:
        """Expected game-end points of the desserts (not pudding: a race)."""
        got = self.sweet_memo.get(s.sweet_key)
        if got is None:
            got = self.sweet_memo[s.sweet_key] = self._sweet(s)
        return got

    def _sweet(self, s: _Seat) -> float:
        v = TIEBREAK * s.sweets
        if self.dessert == "green-tea-ice-cream":
            c = s.ice
            v += 12.0 * (c // 4)
            need = 4 - c % 4
            v += max(0.0, self.at("green-tea-ice-cream", need) * (12.0 - need * DESSERT_COST))
        elif self.dessert == "fruit":
            dist = self.fruit_dist
            for have in s.fruit:
                for x, q in enumerate(dist):
                    v += q * FRUIT_POINTS[min(5, have + x)]
        return v

    # -- the objective --------------------------------------------------------

    def _objective(self, me: _Seat, races: list[float]) -> float:
        n = self.n
        rivals = sum(races[1:]) / (n - 1) if n > 1 else 0.0
        return self.own(me) + self.sweet(me) + races[0] - RIVALRY * rivals

    def value_me(self, tab: tuple[Played, ...], ura_now: int = 0, claimed: int = -1) -> float:
        """The agent's objective if its tableau were ``tab``."""
        got = self.memo.get(tab) if not ura_now else None
        if got is not None:
            return got
        me = _seat(tab, self.view.desserts[0], ura_now)
        if me.race_key == self.seats[0].race_key and claimed < 0:
            races = self.base_races
        else:
            seats = [me, *self.seats[1:]]
            races = self.race_values(seats, self.claimed if claimed < 0 else claimed)
        v = self._objective(me, races)
        if not ura_now:
            self.memo[tab] = v
        return v

    def gain_me(self, tab: tuple[Played, ...], p: Played | None) -> float:
        """What placing ``p`` (None: nothing) on ``tab`` adds to the objective, against
        the objective of ``tab`` itself."""
        before = self.value_me(tab)
        if p is None:
            return 0.0
        new, pts = _place(tab, p, self.claimed)
        claimed = self.claimed + 1 if pts or len(new) < len(tab) + 1 else -1
        after = self.value_me(new, pts, claimed)
        return after - before

    def gain_seat(self, rel: int, p: Played) -> float:
        """What placing ``p`` adds to seat ``rel``'s own expected points."""
        s = self.seats[rel]
        new, pts = _place(s.tab, p, self.claimed)
        s2 = _seat(new, self.view.desserts[rel], pts)
        seats = list(self.seats)
        seats[rel] = s2
        if s2.race_key == s.race_key:
            dr = 0.0
        else:
            claimed = self.claimed + 1 if pts or len(new) < len(s.tab) + 1 else self.claimed
            dr = self.race_values(seats, claimed)[rel] - self.base_races[rel]
        return self.own(s2) + self.sweet(s2) - self.own(s) - self.sweet(s) + dr

    def _miso_risk(self, view: PartyView) -> float:
        """Chance another seat plays a miso soup at this turn's reveal."""
        if self.mid_turn:
            return 0.0
        safe = 1.0
        per = 1.0 / self.total_unseen if self.total_unseen > 0 else 0.0
        miso_unseen = self.unseen.get("miso-soup", 0.0)
        for r in range(1, self.n):
            h = view.hands[r]
            size = view.hand_sizes[r]
            if size <= 0:
                continue
            if h is not None:
                has = 1.0 if "miso-soup" in h else 0.0
                distinct = len(set(h))
            else:
                has = 1.0 - (1.0 - size * per) ** miso_unseen if per else 0.0
                distinct = min(size, 6)
            safe *= 1.0 - has * min(1.0, 1.5 / max(1, distinct))
        return 1.0 - safe


# ---------------------------------------------------------------------------
# Decisions.


def party_act(view: PartyView, legal: Sequence[Any], rng: random.Random) -> Any:
    """Choose one of ``legal`` for the seat that sees ``view``."""
    if len(legal) == 1:
        return legal[0]
    table = _Table(view)
    first = legal[0]
    if isinstance(first, PartyPick):
        scores = _pick_scores(table, legal)
        return _best(legal, scores, rng)
    assert isinstance(first, Choice)
    kind = first.kind
    if kind == "flip":
        return _flip(table, legal)
    if kind == "take":
        scores = _take_scores(table, legal)
    elif kind == "ask":
        scores = _ask_scores(table, legal)
    elif kind == "give":
        scores = _give_scores(table, legal)
    elif kind == "order":
        tab = view.tableaux[0]
        if view.pending is not None:
            tab = _without(tab, view.pending.card)  # the menu in use leaves the table
        scores = [_card_gain(table, tab, a.cards[0]) for a in legal]
    else:  # copy
        scores = _copy_scores(table, legal)
    return _best(legal, scores, rng)


def _best(legal: Sequence[Any], scores: list[float], rng: random.Random) -> Any:
    best = max(scores)
    top = [a for a, v in zip(legal, scores, strict=True) if v >= best - 1e-9]
    if len(top) == 1:
        return top[0]
    return top[rng.randrange(len(top))]


def _card_gain(table: _Table, tab: tuple[Played, ...], card: str, copy: str | None = None) -> float:
    """What playing ``card`` adds to the agent's objective (for a special order, the
    best copy, or ``copy``), with a menu's expected order and a takeout box's flips."""
    key = (tab, card, copy)
    got = table.gains.get(key)
    if got is None:
        got = table.gains[key] = _card_gain_now(table, tab, card, copy)
    return got


def _card_gain_now(table: _Table, tab: tuple[Played, ...], card: str, copy: str | None) -> float:
    kind = _KIND[card]
    if card == SPECIAL_ORDER:
        targets = [copy] if copy is not None else _targets(tab)
        if not targets:
            return 0.0
        return max(_copy_gain(table, tab, t) for t in targets)
    if kind == "menu":
        return _menu_value(table, tab)
    if kind == "takeout-box":
        return _flip_plan(table, tab, len(tab))[1]
    g = table.gain_me(tab, played_value(card))
    if kind == "miso-soup":
        g -= _miso_cost(table)
    return g


def _copy_gain(table: _Table, tab: tuple[Played, ...], target: str) -> float:
    g = table.gain_me(tab, _copy_played(target))
    if target == "miso-soup":
        g -= _miso_cost(table)
    return g


def _miso_cost(table: _Table) -> float:
    """What a miso soup played now is expected to lose to a collision: at a pick, its
    3 points times the chance another seat plays one too; after the reveal, every
    miso soup played this turn is discarded with it (the others' loss is a gain)."""
    if not table.mid_turn:
        return 3.0 * table.miso_risk
    view = table.view
    mine = theirs = 0
    for i, tab in enumerate(view.tableaux):
        for q in tab[view.earlier[i] :]:
            if q.kind == "miso-soup":
                if i == 0:
                    mine += 1
                else:
                    theirs += 1
    if not mine and not theirs:
        return 0.0
    return 3.0 * (1 + mine) - 3.0 * theirs * RIVALRY / max(1, table.n - 1)


def _menu_value(table: _Table, tab: tuple[Played, ...]) -> float:
    """The expected best of 4 cards drawn from the cards not yet seen."""
    unseen = table.unseen
    total = table.total_unseen
    if total <= 0:
        return 0.0
    values: list[tuple[float, float]] = []
    for c, k in unseen.items():
        if k <= 0.0:
            continue
        if _KIND[c] == "menu":
            v = -1.0
        elif _KIND[c] == "takeout-box":
            v = 1.0
        else:
            v = _card_gain(table, tab, c)
        values.append((v, k / total))
    values.sort(reverse=True)
    expect = 0.0
    above = 0.0
    for v, f in values:
        p_max = (1.0 - above) ** 4 - (1.0 - above - f) ** 4
        expect += p_max * v
        above += f
    return expect


def _pick_scores(table: _Table, legal: Sequence[Any]) -> list[float]:
    view = table.view
    tab = view.tableaux[0]
    hand = view.hand
    base: dict[tuple[str, str | None], float] = {}
    for a in legal:
        key = (a.card, a.copy)
        if key not in base:
            base[key] = _card_gain(table, tab, a.card, a.copy)
    deny = _denial_table(table, hand)
    single = {k: v + DENIAL * deny(k[0]) for k, v in base.items()}
    calls = {a.call for a in legal if a.call is not None}
    call_values: dict[tuple[str, str | None, str], float] = {}
    if calls:
        ranked = sorted(single, key=single.__getitem__, reverse=True)
        # cards in the order of their value alone: the second card is one of the best
        by_card: dict[str, float] = {}
        for (c, _), v in single.items():
            by_card[c] = max(v, by_card.get(c, v))
        order = sorted(by_card, key=by_card.__getitem__, reverse=True)
        for call in calls:
            kind = "spoon" if "spoon" in call else "chopsticks"
            if kind == "chopsticks":
                for k in ranked[:3]:
                    call_values[(k[0], k[1], call)] = _chopsticks_pair(table, k, call, deny, order)
            else:
                extra = _spoon_call(table, call)
                for k in ranked:
                    call_values[(k[0], k[1], call)] = single[k] + extra
    out = []
    for a in legal:
        key = (a.card, a.copy)
        if a.call is None:
            out.append(single[key])
        else:
            out.append(call_values.get((a.card, a.copy, a.call), single[key] - 1.0))
    return out


Deny = Callable[..., float]


def _denial_table(table: _Table, hand: Sequence[str]) -> Deny:
    """A function: how much taking ``card`` (or cards) from ``hand`` costs the seat
    that receives the hand next (its best card minus its best card left)."""
    if DENIAL <= 0.0 or table.n < 2 or len(hand) < 2:
        return lambda *cards: 0.0
    values: dict[str, float] = {}
    tab1 = table.seats[1].tab
    for c in dict.fromkeys(hand):
        kind = _KIND[c]
        if c == SPECIAL_ORDER:
            targets = _targets(tab1)
            v = max((table.gain_seat(1, _copy_played(t)) for t in targets), default=0.0)
        elif kind in _QUEUED:
            v = 1.0
        else:
            v = table.gain_seat(1, played_value(c))
        values[c] = v
    ranked = sorted(hand, key=values.__getitem__, reverse=True)
    top = values[ranked[0]]

    def deny(*cards: str) -> float:
        rest = ranked.copy()
        for c in cards:
            if c in rest:
                rest.remove(c)
        if not rest:
            return 0.0
        return top - values[rest[0]]

    return deny


def _chopsticks_pair(
    table: _Table, key: tuple[str, str | None], call: str, deny: Deny, order: list[str]
) -> float:
    """The pick ``key`` with the chopsticks ``call``ed: the best second card after it.
    The second cards tried: the 3 best alone (``order``), another copy of the first
    card (a set), and after a wasabi the best nigiri."""
    view = table.view
    card, copy = key
    tab = _without(view.tableaux[0], call)
    base_tab = view.tableaux[0]
    before = table.value_me(base_tab)
    if card == SPECIAL_ORDER:
        first: Played | None = _copy_played(copy) if copy is not None else None
    elif _KIND[card] in _QUEUED:
        first = None
    else:
        first = played_value(card)
    extra = 0.0
    if first is not None:
        tab_a, pts = _place(tab, first, table.claimed)
        extra += pts
    else:
        tab_a = tab
        extra += _card_gain(table, base_tab, card, copy)
    rest = list(view.hand)
    rest.remove(card)
    tries = [c for c in order if c in rest][:3]
    if card in rest and card not in tries:
        tries.append(card)
    if first is not None and first.kind == "wasabi":
        nigiri = [c for c in rest if _KIND[c] == "nigiri"]
        if nigiri:
            top = max(nigiri, key=_ICONS.__getitem__)
            if top not in tries:
                tries.append(top)
    best = -1e9
    for b in tries:
        v = _card_gain(table, tab_a, b) + table.value_me(tab_a) - before
        if b == "miso-soup" and card == "miso-soup":
            v -= 6.0
        v += DENIAL * deny(card, b)
        best = max(best, v)
    if first is not None and first.kind == "miso-soup":
        best -= 3.0 * table.miso_risk
    return best + extra


def _spoon_call(table: _Table, call: str) -> float:
    """What calling a spoon adds now: the best request's expected gain, less the
    spoon kept for later."""
    view = table.view
    tab = view.tableaux[0]
    keep = table.value_me(tab) - table.value_me(_without(tab, call))
    if table.best_ask is None:
        # valued on the table as it is: the gains of the cards in hand are known
        asks = _ask_values(table, tab, view.ruleset.asks, after_picks=True)
        table.best_ask = max(asks, default=0.0)
    return table.best_ask - keep


def _ask_values(
    table: _Table, tab: tuple[Played, ...], asks: Sequence[Choice], after_picks: bool
) -> list[float]:
    """Expected gain of each spoon request: the first seat to the left that holds
    the card gives it (a kind: the variant worth least to the agent)."""
    view = table.view
    n = table.n
    before = table.value_me(tab)
    gains: dict[str, float] = {}

    def gain(c: str) -> float:
        g = gains.get(c)
        if g is None:
            g = gains[c] = _card_gain(table, tab, c) + table.value_me(tab) - before
        return g

    per = 1.0 / table.total_unseen if table.total_unseen > 0 else 0.0
    out: list[float] = []
    for a in asks:
        name = a.cards[0]
        is_kind = name not in _KIND
        if is_kind and name in _QUEUED:
            out.append(-1.0)
            continue
        expect = 0.0
        missing = 1.0
        for r in range(1, n):
            if missing <= 1e-6:
                break
            h = view.hands[r]
            size = view.hand_sizes[r]
            if size <= 0:
                continue
            if h is not None:
                matches = [c for c in h if (_KIND[c] == name if is_kind else c == name)]
                if not matches:
                    continue
                distinct = list(dict.fromkeys(matches))
                value = min(gain(c) for c in distinct)
                has = 1.0
                if after_picks and len(matches) == 1:
                    has = (size - 1) / size
                expect += missing * has * value
                missing *= 1.0 - has
            else:
                if is_kind:
                    k = table.unseen_kinds.get(name, 0.0)
                    cards = table.unseen_by_kind.get(name, [])
                else:
                    k = table.unseen.get(name, 0.0)
                    cards = [name] if k > 0 else []
                if k <= 0.0 or not cards:
                    continue
                has = 1.0 - (1.0 - min(1.0, size * per)) ** k
                value = min(gain(c) for c in cards)
                expect += missing * has * value
                missing *= 1.0 - has
        out.append(expect)
    return out


def _ask_scores(table: _Table, legal: Sequence[Any]) -> list[float]:
    view = table.view
    pending = view.pending
    tab = view.tableaux[0]
    if pending is not None:
        tab = _without(tab, pending.card)
    return _ask_values(table, tab, legal, after_picks=False)


def _take_scores(table: _Table, legal: Sequence[Any]) -> list[float]:
    view = table.view
    pending = view.pending
    tab = view.tableaux[0]
    if pending is not None:
        tab = _without(tab, pending.card)
    hand = view.hand
    deny = _denial_table(table, hand)
    out = []
    for a in legal:
        c = a.cards[0]
        out.append(_card_gain(table, tab, c) + DENIAL * deny(c))
    return out


def _give_scores(table: _Table, legal: Sequence[Any]) -> list[float]:
    """Give what is worth least to the asker (its gain, negated)."""
    view = table.view
    pending = view.pending
    owner = pending.owner if pending is not None else 1
    out = []
    for a in legal:
        c = a.cards[0]
        if c == SPECIAL_ORDER:
            targets = _targets(table.seats[owner].tab)
            v = max((table.gain_seat(owner, _copy_played(t)) for t in targets), default=0.0)
        elif _KIND[c] in _QUEUED:
            v = 1.0
        else:
            v = table.gain_seat(owner, played_value(c))
        out.append(-v)
    return out


def _copy_scores(table: _Table, legal: Sequence[Any]) -> list[float]:
    tab = table.view.tableaux[0]
    return [_copy_gain(table, tab, a.cards[0]) for a in legal]


def _flip_plan(table: _Table, tab: tuple[Played, ...], earlier: int) -> tuple[list[str], float]:
    """Which of the first ``earlier`` cards of ``tab`` to flip, one at a time while a
    flip gains more than FLIP_MARGIN, and what the flips gain in all."""
    current = tab
    value = table.value_me(current)
    start = value
    chosen: list[str] = []
    flippable = [i for i in range(earlier) if not tab[i].flipped]
    while flippable:
        best_gain = FLIP_MARGIN
        best_i = -1
        best_tab: tuple[Played, ...] = current
        tried: set[str] = set()
        for i in flippable:
            token = current[i].token
            if token in tried:
                continue
            tried.add(token)
            q = current[i]
            trial = (*current[:i], played_value(q.card, flipped=True), *current[i + 1 :])
            g = table.value_me(trial) - value
            if g > best_gain:
                best_gain, best_i, best_tab = g, i, trial
        if best_i < 0:
            break
        chosen.append(current[best_i].token)
        current = best_tab
        value += best_gain
        flippable.remove(best_i)
    return chosen, value - start


def _flip(table: _Table, legal: Sequence[Any]) -> Any:
    view = table.view
    pending = view.pending
    tab = view.tableaux[0]
    earlier = view.earlier[0]
    if pending is not None:
        # the takeout box in use is not flipped; it leaves the table
        tab = _without(tab, pending.card)
        earlier = min(earlier, len(tab))
    chosen, _ = _flip_plan(table, tab, earlier)
    action = choice_of("flip", tuple(sorted(chosen)))
    if action in legal:
        return action
    return choice_of("flip", ())
