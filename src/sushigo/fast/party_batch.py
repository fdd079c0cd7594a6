"""The Sushi Go Party! batch engine's Python side: arrays in, arrays out, compiled
loops between (the kernels are in :mod:`sushigo.fast.party`)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from sushigo.core.errors import OptionsError
from sushigo.core.scoring import winners
from sushigo.fast import party as k
from sushigo.fast import party_obs
from sushigo.fast.base import Batch
from sushigo.fast.party_stats import card_stats
from sushigo.games.party.actions import _ASKS, _CALLS, _TOKENS, SPECIAL_ORDER, PartyPick
from sushigo.games.party.cards import PARTY_CARDS
from sushigo.games.party.scoring import FLIPPED, ROUND_FAMILIES, SCORING_KINDS

_IDS = PARTY_CARDS.ids
_TARGET_NAMES = tuple(FLIPPED if c == k.N else _IDS[c] for c in k.COPY_TARGETS)


def _base_text(base: int) -> str:
    if base < k.N:
        return _IDS[base]
    return f"{SPECIAL_ORDER}={_TARGET_NAMES[base - k.N]}"


def _slot_texts() -> list[str]:
    """The notation of the action each slot stands for (flips and the no-op: "")."""
    out = [""] * k.SLOTS
    for slot in range(k.PICKS):
        call, base = divmod(slot, k.NB)
        text = _base_text(base)
        out[slot] = text if call == 0 else f"{text} call:{_CALLS[call - 1]}"
    for c in range(k.N):
        out[k.TAKE + c] = f"take:{_IDS[c]}"
        out[k.GIVE + c] = f"give:{_IDS[c]}"
        out[k.ORDER + c] = f"order:{_IDS[c]}"
    for i, a in enumerate(_ASKS):
        out[k.ASK + i] = f"ask:{a}"
    for j, t in enumerate(_TARGET_NAMES):
        out[k.COPY + j] = f"copy:{t}"
    return out


_TEXT = _slot_texts()
_TOK = {t: i for i, t in enumerate(_TOKENS)}
_CARD = {c: i for i, c in enumerate(_IDS)}
_ASK_AT = {a: i for i, a in enumerate(_ASKS)}
"""Each request's slot (the last of a name: a kind with one card is asked for as it)."""
_KIND_AT = {kind: i + 1 for i, kind in enumerate(("take", "ask", "give", "order", "copy", "flip"))}
_TARGET_AT = {name: j for j, name in enumerate(_TARGET_NAMES)}


def _base(pick: PartyPick) -> int:
    """A pick's slot without its call."""
    if pick.card == SPECIAL_ORDER and pick.copy is not None:
        return k.N + _TARGET_AT[pick.copy]
    return _CARD[pick.card]


class PartyBatch(Batch):
    """``batch`` games of Sushi Go Party! with one menu (see :mod:`sushigo.fast`), in
    the layouts of :mod:`sushigo.rl.party`: at a pick every seat decides at once (on
    a round's last turn, only a seat whose special order has a choice of copy); a
    mid-turn decision (chopsticks, spoon, menu, special order, takeout box) is one
    seat's, every other seat's only slot being the no-op. A takeout box's flips are
    chosen a token at a time, then "done". Deals and a menu's draws are made at once
    from the game's generator, so every game is always at a decision or over; games
    do not all last the same number of steps.

    Policies (:meth:`rollout`, :meth:`playout`): ``random``, uniformly random over the
    legal slots, or ``heuristic``, the engine's quick playout heuristic (one time in
    two any legal slot, else the card worth most to the tableau now; see
    :meth:`heuristic_slots`). :attr:`puddings` are the dessert cards kept, the end's
    tie-break.
    """

    _kernels = k
    _TIEBREAK = k.DESN

    slots = k.SLOTS
    """The action space of sushigo.rl.party: 1,433 slots, the last the no-op."""
    size = party_obs.OBS
    """The observation's length (1,304)."""

    def __init__(self, ruleset: Any, batch: int, seed: int) -> None:
        super().__init__(ruleset, batch, seed)
        self._cfg = _config(ruleset)
        self._mask = np.zeros((batch, self.players, self.slots), np.bool_)
        self._set = np.full((batch, self.players, k.MAX_LEGAL + 1), -1, np.int64)
        self._scratch = np.empty((batch, k.SCRATCH), np.int64)
        """Each game's working space in the compiled loops (no allocation per call)."""
        self._stats: dict[str, np.ndarray] | None = None
        self._sampled = False
        """Whether the rows are worlds sampled from a view (:meth:`determinize`) or
        positions loaded (:meth:`load_state`): their past is not in their logs."""

    # -- playing ------------------------------------------------------------

    def _deal(self) -> None:
        k.reset_rows(self._rows, self._rng, self._cfg, self._scratch)
        self._sampled = False

    # -- positions of the engine, and worlds sampled from a view (search) -----------

    def determinize(self, view: Any, seed: int | None = None) -> None:
        """Fill every game of the batch with a world consistent with ``view`` (a
        :class:`~sushigo.games.party.views.PartyView` of this batch's ruleset, at a
        decision), each sampled by the engine's own ``determinize(view, rng)`` (the
        viewer's hand and the hands it saw this round as they are; every other hand, the
        rest of the deck and which desserts were shuffled in dealt from the cards it has
        not seen; a turn stopped mid-way resumed there) and loaded with
        :meth:`load_state`. World ``i`` is drawn from a generator seeded with the
        batch's seed and its game number, as :meth:`reset` numbers them (a ``seed``
        given starts again from game 0): reproducible, and the same whatever the batch
        size. Its playouts draw from the game's own generator. It reads nothing but the
        view. :meth:`export_record` and :meth:`card_stats` refuse the worlds (their
        past is not in them).

        The worlds are sampled in Python, one engine world each (about a millisecond
        a world): what is compiled is what follows, stepping and playing them out."""
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise OptionsError(f"seed must be a whole number, 0 or more, not {seed!r}")
            self.seed = seed
            self._next = 0
        if getattr(view, "ruleset", None) != self.ruleset:
            raise OptionsError(f"the view is not of this batch's game ({self.ruleset!r})")
        self._seed_rows()
        self._ready = True
        self._masked = False
        for i in range(self.batch):
            rng = random.Random(f"{self.seed}:{self._first + i}")
            world = self.ruleset.determinize(view, rng)
            self._load(i, world, rng)
        self._sampled = True

    def load_state(self, i: int, state: Any, seed: int = 0) -> None:
        """Put the engine's position ``state`` (a Sushi Go Party! state of this batch's
        ruleset) in game ``i`` of the batch, to be stepped, observed or played out from
        there. A chance event due (a deal, a menu's draw) is drawn first, by the engine,
        from ``random.Random(seed)``. The game's past is not in its row:
        :meth:`export_record` and :meth:`card_stats` refuse the batch afterwards."""
        self._change()
        if not 0 <= i < self.batch:
            raise IndexError(f"no game {i} in a batch of {self.batch}")
        if getattr(state, "ruleset", None) != self.ruleset:
            raise OptionsError(f"the state is not of this batch's game ({self.ruleset!r})")
        self._load(i, state.copy(), random.Random(seed))
        self._sampled = True

    def _load(self, i: int, st: Any, rng: random.Random) -> None:
        """Row ``i`` := the engine's position ``st`` (changed: its chance drawn)."""
        while st.is_chance():
            st.apply_chance(st.sample_chance(rng))
        n = self.players
        row = np.zeros(k.WIDTH, np.int64)
        for s in range(n):
            for c in st._hands[s]:
                row[k.HAND + s * k.N + _CARD[c]] += 1
            tab = st._tabs[s]
            for j, p in enumerate(tab):
                row[k.TAB + s * k.MAXT + j] = _TOK[p.token]
            row[k.TABN + s] = len(tab)
            row[k.EARLIER + s] = st._earlier[s]
            row[k.FREE + s] = st._free_wasabi[s]
            row[k.URA + s] = st._uramaki_icons[s]
            row[k.URA_SCORED + s] = st._uramaki_scored[s]
            row[k.BONUS + s] = st._bonus_count[s]
            kept = st._desserts[s]
            for j, p in enumerate(kept):
                row[k.DES + s * k.MAXD + j] = _TOK[p.token]
            row[k.DESN + s] = len(kept)
        row[k.HN] = len(st._hands[0])
        over = st.is_terminal()
        totals = st.returns()
        dessert = st.dessert_scores()
        for s in range(n):
            row[k.SCORE + s] = totals[s]
            row[k.DESSERT_PTS + s] = dessert[s] if over else 0
        for c, copies in st._deck_now().items():
            row[k.DECK + _CARD[c]] += copies
        for c, copies in st._in_deck.items():
            row[k.INDECK + _CARD[c]] = copies
        for c, copies in st._pile.items():
            row[k.PILE + _CARD[c]] = copies
        for c in st._discards:
            row[k.DISC + _CARD[c]] += 1
        for j, (number, copy, seat, p) in enumerate(st._to_resolve):
            row[k.Q + 4 * j : k.Q + 4 * j + 4] = (number, copy, seat, _TOK[p.token])
        row[k.QN] = len(st._to_resolve)
        pending = st._pending
        if pending is not None and not over:
            row[k.P_SEAT] = pending.seat
            row[k.P_KIND] = _KIND_AT[pending.kind]
            row[k.P_CARD] = _TOK[pending.card]
            row[k.P_DETAIL] = _ASK_AT[pending.detail] if pending.detail else -1
            row[k.P_OWNER] = pending.owner
        for j, c in enumerate(st._drawn):
            row[k.DRAWN + j] = _CARD[c]
        row[k.DRAWN_N] = len(st._drawn)
        row[k.PLANN] = -1
        row[k.MISO_SEAT] = -1
        if st._turn_misos:
            ((seat, p),) = st._turn_misos  # more than one are discarded at once
            row[k.MISO_SEAT] = seat
            row[k.MISO_TOK] = _TOK[p.token]
        row[k.MISO_N] = st._turn_miso_count
        for s in range(k.S):
            row[k.FORCED + s] = -1
        if not over and pending is None:
            forced = st._forced_picks
            for s in range(n):
                row[k.DECIDE + s] = 1 if s in st._deciders else 0
                if s in forced:
                    row[k.FORCED + s] = _base(forced[s])
        row[k.PHASE] = k.OVER_PHASE if over else (k.CHOOSE_PHASE if pending else k.PICK_PHASE)
        row[k.ROUND] = st.round
        row[k.TURN] = st.turn
        row[k.DONE] = 1 if over else 0
        row[k.URA_CLAIMED] = st._uramaki_claimed
        row[k.SO_KEPT] = st._special_orders_kept
        for r, result in enumerate(st.results):
            for s in range(n):
                at = k.BREAK + (r * k.S + s) * k.FAMILIES
                row[at : at + k.FAMILIES] = [result.breakdown[s][f] for f in ROUND_FAMILIES]
        self._rows[i] = row

    def _deal_rows(self, rows: np.ndarray) -> None:
        k.reset_rows_at(self._rows, self._rng, rows, self._cfg, self._scratch)

    def _step_rows(self, slots: np.ndarray, live: np.ndarray) -> int:
        bad: int = k.step_rows_at(self._rows, self._rng, slots, live, self._cfg, self._scratch)
        return bad

    def _play_until(self, chosen: np.ndarray, stop: np.ndarray, live: np.ndarray) -> None:
        k.play_until_rows(
            self._rows, self._rng, self._prng, chosen, stop, live, self._cfg, self._scratch
        )

    def decides(self, seats: np.ndarray) -> np.ndarray:
        """Whether seat ``seats[g]`` has a decision now in each game (batch booleans:
        at a pick, every seat but on the last turn; mid-turn, the seat deciding; none
        once the game is over)."""
        out = np.empty(self.batch, np.bool_)
        k.decides_rows(self._rows, np.asarray(seats, np.int64), out)
        return out

    def _step(self, slots: np.ndarray) -> int:
        bad: int = k.step_rows(self._rows, self._rng, slots, self._cfg, self._scratch)
        return bad

    def _illegal(self, game: int) -> str:
        legal = [np.flatnonzero(m).tolist() for m in self.legal_mask()[game]]
        return f"are not all legal (legal: {legal})"

    def _play(self, chosen: np.ndarray) -> np.ndarray:
        k.rollout_rows(self._rows, self._rng, self._prng, chosen, self._cfg, self._scratch)
        return self.returns

    def legal_mask(self) -> np.ndarray:
        self._check()
        k.mask_rows(self._rows, self._cfg, self._mask, self._set, self._scratch)
        return self._mask

    def observe(self) -> np.ndarray:
        """Every seat's observation (batch x players x 1,304 float32), as sushigo.rl.party
        builds it from that seat's view (:mod:`sushigo.fast.party_obs`). Rewritten by the
        next call: copy to keep."""
        return party_obs.observe(self)

    def sample_slots(self) -> np.ndarray:
        """A uniformly random legal slot for every seat of every game (the no-op where
        a seat has nothing to decide), from the policies' generators."""
        self._check()
        out = np.empty((self.batch, self.players), np.int64)
        k.sample_rows(self._rows, self._prng, self._cfg, out, self._scratch)
        return out

    def card_stats(self) -> dict[str, np.ndarray]:
        """What each seat of each game held at its picks, took, passed up and scored,
        card by card (:mod:`sushigo.fast.party_stats`, every game played again from its
        log): arrays ``offered``, ``taken``, ``cards`` (batch x players x 45), ``points``
        (float) and ``over`` (batch x 1 x 45 x 45: every seat's together). The batch's
        own arrays, rewritten by the next call."""
        self._check()
        self._whole("card statistics")
        if self._stats is None:
            shape = (self.batch, self.players, k.N)
            self._stats = {
                "offered": np.zeros(shape, np.int64),
                "taken": np.zeros(shape, np.int64),
                "over": np.zeros((self.batch, 1, k.N, k.N), np.int32),
                "points": np.zeros(shape, np.float64),
                "cards": np.zeros(shape, np.int64),
                "work": np.zeros_like(self._rows),
            }
        a = self._stats
        card_stats(self._rows, a["work"], self._cfg, self._scratch,
                   a["offered"], a["taken"], a["over"], a["points"], a["cards"])  # fmt: skip
        return a

    def heuristic_slots(self, explore: bool = True) -> np.ndarray:
        """The quick heuristic's slot for every seat of every game (the no-op where a
        seat has nothing to decide), a port of ``PartyState.playout_action``: one time in
        two (``explore``) a uniformly random legal slot, else the slot whose card is
        worth most to the seat's tableau now (a pick's card or its copy, a call adding a
        little; chopsticks, menus and special orders take the card worth most, a spoon
        asks for the kind worth most, the player asked gives the card worth least), ties
        drawn among uniformly; a takeout box flips the cards that score nothing, a token
        a step (one time in two, any of its choices). Its randomness is from the
        policies' generators."""
        self._check()
        out = np.empty((self.batch, self.players), np.int64)
        k.heuristic_rows(self._rows, self._prng, self._cfg, out, explore, self._scratch)
        return out

    @property
    def to_act(self) -> np.ndarray:
        """The seat making each game's mid-turn decision; -1 where the seats pick (or
        the game is over)."""
        out = np.empty(self.batch, np.int64)
        k.to_act_rows(self._rows, out)
        return out

    def force_chance(self, i: int, steps: list[dict[str, Any]]) -> None:
        """Start game ``i`` of the batch again (the same game of the seed) with its deals
        and menu draws given, in the order they come: record steps, ``{"deal": hands,
        "desserts_added": cards}`` and ``{"draw": cards}`` (any other step is passed
        over, so a record's steps, every round's in turn, may be given as they are). The
        first deal is made at once; the rest are made when due, then the game's
        generator draws again. Stepping the game with a recorded game's decisions
        re-plays it (the engine checks that the chance outcomes are possible; here an
        impossible deal is not noticed)."""
        self._change()
        if not 0 <= i < self.batch:
            raise IndexError(f"no game {i} in a batch of {self.batch}")
        n, hand = self.players, self.ruleset.hand_size
        feed: list[int] = []
        try:
            for step in steps:
                if "deal" in step:
                    hands = step["deal"]
                    if len(hands) != n or any(len(h) != hand for h in hands):
                        raise OptionsError(f"a deal is {n} hands of {hand} cards")
                    added = [_IDS.index(c) for c in step["desserts_added"]]
                    feed += [0, len(added), *added, *(_IDS.index(c) for h in hands for c in h)]
                elif "draw" in step:
                    cards = [_IDS.index(c) for c in step["draw"]]
                    if not 0 < len(cards) <= 4:
                        raise OptionsError("a menu draws 1 to 4 cards")
                    feed += [1, len(cards), *cards]
        except (KeyError, TypeError, ValueError) as exc:
            raise OptionsError(f"not a deal or a menu's draw: {exc}") from None
        if not feed or feed[0] != 0:
            raise OptionsError("the chance outcomes start with a deal")
        if len(feed) > k.FEED_SIZE:
            raise OptionsError(f"too many chance outcomes for one game ({len(feed)} numbers)")
        row = self._rows[i]
        row[k.FEED : k.FEED + len(feed)] = feed
        row[k.FEED_N] = len(feed)
        k.seed_rows(self._rng[i : i + 1], self.seed, int(self._games[i]))
        k.reset_row(self._rows, self._rng, i, self._cfg, self._scratch)

    def _whole(self, what: str) -> None:
        if self._sampled:
            raise OptionsError(
                "the games are worlds sampled from a view or positions loaded: their past "
                f"is not in them; {what} need whole games"
            )

    @property
    def fed_wrongly(self) -> np.ndarray:
        """Which games were given a deal where a draw was due, or the other way round."""
        wrong: np.ndarray = self._rows[:, k.FEED_BAD] == 1
        return wrong

    # -- records ------------------------------------------------------------------

    def export_record(self, i: int) -> dict[str, Any]:
        """Game ``i`` of the batch as a record in the project's format (its finished
        rounds, and its end once over): the deals, picks, mid-turn choices and menu
        draws, and the scores, breakdowns and desserts this engine worked out, which
        ``sushigo replay --verify`` checks."""
        self._check()
        if not 0 <= i < self.batch:
            raise IndexError(f"no game {i} in a batch of {self.batch}")
        self._whole("records")
        row = self._rows[i].tolist()
        n = self.players
        finished = row[k.ROUND]
        log = row[k.LOG : k.LOG + row[k.LOGN]]
        rounds = []
        for r in range(finished):
            start = row[k.RSTART + r]
            # the next round is dealt as soon as one ends
            end = row[k.RSTART + r + 1] if r + 1 < k.ROUNDS else len(log)
            scores, breakdown = [], []
            for s in range(n):
                b = k.BREAK + (r * k.S + s) * k.FAMILIES
                values = row[b : b + k.FAMILIES]
                breakdown.append(dict(zip(ROUND_FAMILIES, values, strict=True)))
                scores.append(sum(values))
            rounds.append(
                {
                    "steps": _steps(log, start, end, n, self.ruleset.hand_size),
                    "scores": scores,
                    "breakdown": breakdown,
                }
            )
        record = self._record(rounds)
        if row[k.DONE]:
            kept = [
                [_TOKENS[t] for t in row[k.DES + s * k.MAXD : k.DES + s * k.MAXD + row[k.DESN + s]]]
                for s in range(n)
            ]
            final = row[k.SCORE : k.SCORE + n]
            record.update(
                {
                    "desserts": kept,
                    "dessert_scores": row[k.DESSERT_PTS : k.DESSERT_PTS + n],
                    "final_scores": final,
                    "winners": winners(final, [len(d) for d in kept]),
                }
            )
        record["batch"] = {"seed": self.seed, "game": int(self._games[i])}
        return record


def _config(ruleset: Any) -> np.ndarray:
    """The ruleset as the kernels read it (``cfg``, at the offsets of sushigo.fast.party)."""
    cfg = np.zeros(k.CFG + 2 * k.N, np.int64)
    cfg[k.C_PLAYERS] = ruleset.players
    cfg[k.C_HAND] = ruleset.hand_size
    cfg[k.C_BIG] = 1 if ruleset.big_table else 0
    cfg[k.C_URAMAKI] = 1 if ruleset.uramaki else 0
    cfg[k.C_DESSERT] = SCORING_KINDS.index(ruleset.menu.dessert)
    cfg[k.C_ADDED : k.C_ADDED + 3] = ruleset.desserts_added
    # a kind with one card (temaki, tofu, ...) is asked for as that card: one slot, the
    # card's, as in sushigo.rl.party
    last = {a: i for i, a in enumerate(_ASKS)}
    asks = sorted({last[a.cards[0]] for a in ruleset.asks})
    cfg[k.C_NASKS] = len(asks)
    cfg[k.C_ASKS : k.C_ASKS + len(asks)] = asks
    for c, copies in ruleset.deck.items():
        cfg[k.CFG + _IDS.index(c)] = copies
    for c, copies in ruleset.desserts.items():
        cfg[k.CFG + k.N + _IDS.index(c)] = copies
    return cfg


def _steps(log: list[int], start: int, end: int, n: int, hand: int) -> list[dict[str, Any]]:
    """A round's steps, as records write them, from the row's log (sushigo.fast.party)."""
    out: list[dict[str, Any]] = []
    at = start
    while at < end:
        op, seat = divmod(log[at], 8)
        if op == k.L_DEAL:
            m = log[at + 1]
            added = [_IDS[c] for c in log[at + 2 : at + 2 + m]]
            cards = log[at + 2 + m : at + 2 + m + n * hand]
            out.append(
                {
                    "deal": [[_IDS[c] for c in cards[s * hand : (s + 1) * hand]] for s in range(n)],
                    "desserts_added": added,
                }
            )
            at += 2 + m + n * hand
        elif op == k.L_PICK or op == k.L_CHOICE:
            out.append({"seat": seat, "action": _TEXT[log[at + 1]]})
            at += 2
        elif op == k.L_FLIP:
            m = log[at + 1]
            tokens = sorted(_TOKENS[t] for t in log[at + 2 : at + 2 + m])
            out.append({"seat": seat, "action": "flip:" + ",".join(tokens)})
            at += 2 + m
        else:
            m = log[at + 1]
            out.append({"draw": [_IDS[c] for c in log[at + 2 : at + 2 + m]]})
            at += 2 + m
    return out
