"""The batch engines' Python side: arrays in, arrays out, compiled loops between."""

from __future__ import annotations

from typing import Any

import numpy as np

from sushigo.core.errors import OptionsError
from sushigo.core.records import FORMAT, VERSION
from sushigo.core.scoring import winners
from sushigo.fast import classic as k
from sushigo.fast.base import Batch
from sushigo.fast.classic_stats import card_stats
from sushigo.games.classic.cards import CLASSIC_CARDS, FAMILIES, ROUNDS
from sushigo.games.classic.views import PlayerView

_IDS = CLASSIC_CARDS.ids
_INDEX = {c: i for i, c in enumerate(_IDS)}
_VARIANTS = ("pass_both_ways", "dummy", "reshuffle", "soy_sauce")


class ClassicBatch(Batch):
    """``batch`` games of Sushi Go! (see :mod:`sushigo.fast`).

    Policies (:meth:`rollout`, :meth:`playout`): ``random``, uniformly random over the
    legal slots, or ``heuristic``, the engine's quick playout heuristic (9 in 10 the
    pick worth most to the tableau now, else any legal pick; see
    :meth:`heuristic_slots`). A seed deals the same games whatever the seats play (but
    with reshuffle, which deals from what is left).

    In the two-player dummy variant the arrays have a row for each of the two
    players (the dummy never decides): the player controlling the dummy this turn
    picks in the dummy's blocks of slots, their own card and the dummy's in one slot;
    ``returns`` are the players' points, and the records hold the dummy's too.
    """

    slots = (k.PAIRS) * (k.N + 1) + 1
    """The action space of sushigo.rl.classic: 2,549 slots, the last the no-op."""
    size = k.OBS
    """The observation's length (233)."""

    _kernels = k
    _TIEBREAK = k.DESS

    def __init__(self, ruleset: Any, batch: int, seed: int) -> None:
        super().__init__(ruleset, batch, seed)
        self._seats = ruleset.seats
        """Seats at the table: the players, and the dummy in the dummy variant."""
        self._dummy = bool(ruleset.dummy)
        self._hand = ruleset.hand_size
        opts = ruleset.options
        self._flags = (
            bool(opts["reshuffle"]),
            bool(opts["soy_sauce"]),
            ruleset.penalty,
        )
        self._pass_both = bool(opts["pass_both_ways"])
        self._full = np.array([ruleset.deck.get(c, 0) for c in _IDS], np.int16)
        head = np.zeros(k.OBS_GLOBAL, np.float32)
        head[self.players - 2] = 1.0
        for i, key in enumerate(_VARIANTS):
            head[4 + i] = 1.0 if opts[key] else 0.0
        self._head = head
        # The dummy's controller has up to ten times the legal slots of a player.
        legal = k.MAX_LEGAL if self._dummy else k.PAIRS
        self._mask = np.zeros((batch, self.players, self.slots), np.bool_)
        self._set = np.full((batch, self.players, legal + 1), -1, np.int64)
        self._obs = np.zeros((batch, self.players, k.OBS), np.float32)
        self._scratch = np.empty((batch, legal), np.int64)
        """Each game's working space in the compiled loops (no allocation per call)."""
        self._stats: dict[str, np.ndarray] | None = None
        self._sampled = False
        """Whether the rows are worlds sampled from a view (:meth:`determinize`): their
        past before the view is not known, so they have no record."""

    # -- playing ------------------------------------------------------------

    def _deal(self) -> None:
        k.reset_rows(self._rows, self._rng, self.players, self._hand, self._full, self._dummy)
        self._sampled = False

    def _step(self, slots: np.ndarray) -> int:
        bad: int = k.step_rows(
            self._rows, self._rng, slots, self.players, self._hand,
            *self._flags, self._full, self._pass_both, self._dummy,
        )  # fmt: skip
        return bad

    def _illegal(self, game: int) -> str:
        legal = [np.flatnonzero(m).tolist() for m in self.legal_mask()[game]]
        return f"are not all legal (legal: {legal})"

    def _play(self, chosen: np.ndarray) -> np.ndarray:
        k.rollout_rows(
            self._rows, self._rng, self._prng, chosen, self.players, self._hand,
            *self._flags, self._full, self._pass_both, self._dummy, self._scratch,
        )  # fmt: skip
        return self.returns

    # -- worlds sampled from a view (search) -------------------------------------

    def determinize(self, view: PlayerView, seed: int | None = None) -> None:
        """Fill every game of the batch with a world consistent with ``view`` (a
        :class:`~sushigo.games.classic.views.PlayerView` of this batch's ruleset),
        sampled as the engine's ``determinize(view, rng)`` samples one: the viewer's
        hand and the hands it saw earlier this round as they are; every other hand (in
        the two-player dummy variant, the card the other player drew and the dummy's
        pile) and the undealt deck dealt at random from the cards the viewer has not
        seen. Each world is independent, drawn from its game's own generator: the
        batch's next ``batch`` games of its seed (a ``seed`` given starts again from
        its game 0), as :meth:`reset` numbers them, so the worlds are reproducible
        and a world is the same whatever the batch size. It reads nothing but the view.

        The worlds can then be stepped, observed, or played to the end
        (:meth:`playout`); ``returns`` are their scores. A world holds what the rest of
        the game reads: scores, puddings, discards, tableaux with their wasabi, the
        round, turn and passing direction, the dummy's control, drawn card and pile,
        the deck for later deals, and the finished rounds' breakdowns. It does not
        hold the deals and picks before the view, so :meth:`export_record` and
        :meth:`card_stats` refuse such games (OptionsError).

        A view in the dummy variant taken before the controller's draw: the world's
        controller draws at once, from the sampled pile (the engine's chance outcome
        that follows). A view between rounds (nobody holds cards, the next deal due):
        the round is dealt from the cards not seen. OptionsError for a view of
        another game, variant or player count, of a finished game, or one no position
        of the game shows."""
        arrays = self._template(view)
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise OptionsError(f"seed must be a whole number, 0 or more, not {seed!r}")
            self.seed = seed
            self._next = 0
        self._seed_rows()
        template, hidden, pile, hidden_drawn, draw, deal = arrays
        k.determinize_rows(
            self._rows, self._rng, template, hidden, pile, hidden_drawn, draw, deal,
            self._seats, self._hand, self._flags[0], self._full, self._dummy,
        )  # fmt: skip
        self._ready = True
        self._masked = False
        self._sampled = True

    def _template(self, view: PlayerView) -> tuple[np.ndarray, np.ndarray, int, int, bool, bool]:
        """A row as far as ``view`` tells it (its deck: the cards the viewer has not
        seen), each seat's cards the viewer cannot see, the dummy's pile's size, the
        seat whose drawn card is unseen (-1: none), whether the controller is yet to
        draw, whether the round is yet to be dealt."""
        rs = self.ruleset
        if not isinstance(view, PlayerView):
            raise OptionsError(
                f"determinize takes a Sushi Go! player's view (state.observe(seat)), "
                f"not {type(view).__name__}"
            )
        if view.ruleset != rs:
            raise OptionsError(f"the view is of {view.ruleset!r}; this batch plays {rs!r}")
        if view.round >= ROUNDS:
            raise OptionsError("the view is of a finished game: there is no world to sample")
        n = self._seats
        seat = view.seat
        if (
            not 0 <= seat < n
            or view.seats != n
            or not 0 <= view.round < ROUNDS
            or not 0 <= view.turn < self._hand
        ):
            raise OptionsError(f"no position of {rs!r} shows this view (seat {seat})")
        row = np.zeros(k.WIDTH, np.int16)
        row[k.PICKS :] = -1
        pool = self._full.astype(np.int64)
        hidden = np.zeros(k.S, np.int64)
        try:
            for c in view.discards:
                i = _INDEX[c]
                row[k.DISC + i] += 1
                pool[i] -= 1
            for rel in range(n):
                s = (seat + rel) % n
                tab = k.TAB + s * k.N
                free = 0
                for c in view.tableaux[rel]:
                    i = _INDEX[c]
                    row[tab + i] += 1
                    pool[i] -= 1
                    if i == k.WASABI:
                        free += 1
                    elif k.EGG <= i <= k.SQUID and free:
                        free -= 1
                        row[k.ON + s * 3 + i - k.EGG] += 1
                row[k.FREE + s] = free
                row[k.DESS + s] = view.desserts[rel]
                pool[k.PUDDING] -= view.desserts[rel]
                row[k.SCORE + s] = view.scores[rel]
                known = view.hands[rel]
                if known is not None:
                    for c in known:
                        i = _INDEX[c]
                        row[k.HANDS + s * k.N + i] += 1
                        pool[i] -= 1
                hidden[s] = view.hand_sizes[rel] - (0 if known is None else len(known))
            for r, past in enumerate(view.rounds):
                for rel in range(n):
                    at = k.BREAK + (r * k.S + (seat + rel) % n) * k.FAMILIES
                    row[at : at + k.FAMILIES] = [past.breakdown[rel][f] for f in FAMILIES]
            drawn = -1 if view.drawn is None else _INDEX[view.drawn]
        except (KeyError, IndexError, TypeError) as exc:
            raise OptionsError(f"no position of {rs!r} shows this view ({exc!r})") from None
        sizes = [view.hand_sizes[(s - seat) % n] for s in range(self.players)]
        deal = not any(view.hand_sizes)
        row[k.ROUND] = view.round
        row[k.TURN] = view.turn
        row[k.PASSR] = 1 if view.pass_step == -1 else 0
        row[k.HAND_N] = min(sizes)
        row[k.CTRL] = -1
        row[k.DRAWN] = -1
        pile = 0
        hidden_drawn = -1
        draw = False
        if self._dummy and not deal:
            if view.controller is None:
                raise OptionsError("a view of the dummy variant names the dummy's controller")
            ctrl = (seat + view.controller) % n
            draw = sum(view.hand_sizes) % 2 == 0  # the controller holds one card more
            pile = k.DUMMY_HAND - view.turn - (0 if draw else 1)
            if not draw:
                row[k.CTRL] = ctrl
                if ctrl == seat:
                    row[k.DRAWN] = drawn
                    row[k.DRAWS + view.round * k.MAX_HAND + view.turn] = drawn
                else:
                    hidden_drawn = ctrl
        want = [0] * self.players if deal else [self._hand - view.turn] * self.players
        if row[k.CTRL] >= 0:
            want[row[k.CTRL]] += 1
        if (
            (pool < 0).any()
            or (hidden < 0).any()
            or hidden.sum() + pile > pool.sum()
            or sizes != want
            or (not deal and not self._dummy and sizes[0] < 2)
        ):
            raise OptionsError(
                f"no position of {rs!r} shows this view: it shows cards the deck does "
                "not hold, or hands of impossible sizes"
            )
        row[k.DECK : k.DECK + k.N] = pool
        return row, hidden, pile, hidden_drawn, draw, deal

    def force_deal(self, i: int, hands: Any) -> None:
        """Replace game ``i``'s deal of the round about to be played by ``hands`` (one
        list of card ids per seat, the dummy's pile third, as records hold them), from
        the same deck: how a recorded game is re-played in the batch
        (tests/test_fast_classic.py). With the dummy, the controller then draws again
        from the new pile (:meth:`force_draw` sets the card). OptionsError for a deal
        the deck cannot give."""
        self._change()
        n = self._seats
        if len(hands) != n:
            raise OptionsError(f"game {i}: a deal is {n} hands, not {len(hands)}")
        counts = np.zeros((n, k.N), np.int16)
        for s, hand in enumerate(hands):
            for card in hand:
                counts[s, _IDS.index(card)] += 1
        row = self._rows[i]
        if int(row[k.TURN]) != 0 or row[k.DONE]:
            raise OptionsError(f"game {i} is not at the start of a round")
        at = k.DEALT + int(row[k.ROUND]) * k.S * k.N
        deck = row[k.DECK : k.DECK + k.N] + row[at : at + n * k.N].reshape(n, k.N).sum(axis=0)
        if (counts.sum(axis=0) > deck).any() or (counts.sum(axis=1) != self._hand).any():
            raise OptionsError(f"game {i}: the deck cannot deal {hands}")
        k.force_deal(self._rows, self._rng, i, n, counts, self._dummy)

    def force_draw(self, i: int, card: str) -> None:
        """Two-player dummy: replace the card game ``i``'s controller drew from the
        dummy's pile this turn by ``card`` (a card id), as a record's ``{"draw":
        card}`` step says: how a recorded game's draws are followed in the batch.
        OptionsError if there is no draw to replace or the pile holds no such card."""
        self._change()
        row = self._rows[i]
        if not self._dummy or row[k.DONE]:
            raise OptionsError(f"game {i}: no card is drawn from a dummy's pile now")
        c = _IDS.index(card) if card in _IDS else -1
        pile = row[k.HANDS + k.DUMMY * k.N : k.HANDS + (k.DUMMY + 1) * k.N].copy()
        pile[int(row[k.DRAWN])] += 1
        if c < 0 or pile[c] == 0:
            raise OptionsError(f"game {i}: the dummy's pile holds no {card}")
        k.force_draw(self._rows, i, c)

    def sample_slots(self) -> np.ndarray:
        """A uniformly random legal slot for every seat of every game (the no-op in a
        game over), from the batch's own policy generators: reproducible, and apart
        from the games' deals (batch x players integers). Right after
        :meth:`legal_mask` it draws from the slots that call set, without working them
        out again: the same draws."""
        self._check()
        out = np.empty((self.batch, self.players), np.int64)
        if self._masked:  # the last mask's slots still stand: draw from them
            k.sample_set_rows(self._rows, self._prng, self.players, out, self._set)
        else:
            k.sample_rows(self._rows, self._prng, self.players, out, self._scratch)
        return out

    def heuristic_slots(self, greedy: bool = False) -> np.ndarray:
        """The engine's quick playout heuristic (``ClassicState.playout_action``) for
        every seat of every game (the no-op in a game over; batch x players integers):
        9 in 10 the legal slot worth most to the seat's tableau now (sets completed,
        dumplings, nigiri on wasabi, the maki race as it stands, puddings, chopsticks
        pairs; ties broken at random), else any legal slot, drawn from the batch's
        policy generators like :meth:`sample_slots`. ``greedy``: always the slot worth
        most, ties to the lowest slot, nothing drawn (to check it against the engine)."""
        self._check()
        out = np.empty((self.batch, self.players), np.int64)
        k.heuristic_rows(
            self._rows, self._prng, self.players, self._hand, self._dummy, bool(greedy), out,
            self._scratch,
        )  # fmt: skip
        return out

    def greedy_slots(self) -> np.ndarray:
        """The greedy agent's slot (``sushigo.agents.greedy``, compiled in
        :mod:`sushigo.fast.classic_greedy`) for every seat of every game (the no-op in a
        game over; batch x players integers): the legal slot its score rates highest,
        ties broken from the batch's policy generators. What a learner is taught by
        and measured against (``sushigo train``)."""
        self._check()
        from sushigo.fast.classic_greedy import greedy_rows

        out = np.empty((self.batch, self.players), np.int64)
        reshuffle, soy, penalty = self._flags
        greedy_rows(
            self._rows, self._prng, self.players, self._seats, self._hand, penalty, soy,
            self._dummy, self._full, out, self._scratch,
        )  # fmt: skip
        return out

    # -- what the games show --------------------------------------------------

    def card_stats(self) -> dict[str, np.ndarray]:
        """What each seat of each finished game was offered, took, passed up and
        scored, card type by card type (:mod:`sushigo.fast.classic_stats`): arrays
        ``offered``, ``taken``, ``cards`` (batch x players x 13), ``over`` (batch x
        players x 13 x 13) and ``points`` (float). The batch's own arrays, rewritten by
        the next call. Not for the dummy variant yet (OptionsError)."""
        self._check()
        if self._dummy:
            raise OptionsError("card statistics do not read the dummy variant's games yet")
        if self._sampled:
            raise OptionsError(
                "the games are worlds sampled from a view (determinize): what was offered "
                "and taken before the view is not known; card statistics need whole games"
            )
        if self._stats is None:
            shape = (self.batch, self.players, k.N)
            self._stats = {
                "offered": np.zeros(shape, np.int64),
                "taken": np.zeros(shape, np.int64),
                "over": np.zeros((*shape, k.N), np.int64),
                "points": np.zeros(shape, np.float64),
                "cards": np.zeros(shape, np.int64),
            }
        a = self._stats
        card_stats(self._rows, self.players, self._hand, self._pass_both,
                   a["offered"], a["taken"], a["over"], a["points"], a["cards"])  # fmt: skip
        return a

    def observe(self) -> np.ndarray:
        """Every seat's observation (batch x players x 233 float32), as sushigo.rl
        builds it from that seat's view. Rewritten by the next call: copy to keep."""
        self._check()
        k.observe_rows(
            self._rows, self.players, self._hand, self._head, self._full, self._obs,
            self._scratch, self._dummy,
        )  # fmt: skip
        return self._obs

    # -- records ----------------------------------------------------------------

    def export_record(self, i: int) -> dict[str, Any]:
        """Game ``i`` of the batch as a record in the project's format (its finished
        rounds, and its end once over): deals, decisions, and the scores and
        breakdowns this engine worked out, which ``sushigo replay --verify`` checks."""
        self._check()
        if not 0 <= i < self.batch:
            raise IndexError(f"no game {i} in a batch of {self.batch}")
        if self._sampled:
            raise OptionsError(
                f"game {i} is a world sampled from a view (determinize): its deals and "
                "picks before the view are not known, so it has no record (a record "
                "re-plays a game from its first deal); reset the batch for whole games"
            )
        row = self._rows[i]
        n = self.players
        seats = self._seats
        finished = int(row[k.ROUND])
        rounds = []
        for r in range(finished):
            deal = []
            for s in range(seats):
                at = k.DEALT + (r * k.S + s) * k.N
                deal.append(
                    [c for c, m in zip(_IDS, row[at : at + k.N], strict=True) for _ in range(m)]
                )
            steps: list[dict[str, Any]] = [{"deal": deal}]
            for t in range(self._hand):
                at = k.PICKS + (r * k.MAX_HAND + t) * k.S
                if row[at] < 0:
                    break
                if self._dummy:  # the controller's draw from the pile comes first
                    steps.append({"draw": _IDS[int(row[k.DRAWS + r * k.MAX_HAND + t])]})
                for s in range(n):
                    steps.append({"seat": s, "action": _notation(int(row[at + s]))})
            scores, breakdown = [], []
            for s in range(seats):
                at = k.BREAK + (r * k.S + s) * k.FAMILIES
                b = {f: int(v) for f, v in zip(FAMILIES, row[at : at + k.FAMILIES], strict=True)}
                breakdown.append(b)
                scores.append(sum(b.values()))
            rounds.append({"steps": steps, "scores": scores, "breakdown": breakdown})
        record: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.ruleset.name,
            "players": n,
            "names": [f"player_{s}" for s in range(n)] + ["Dummy"] * (seats - n),
            "agents": ["batch"] * n + ["dummy"] * (seats - n),
            "options": dict(self.ruleset.options),
            "seed": None,
            "rounds": rounds,
        }
        if row[k.DONE]:
            puddings = [int(v) for v in row[k.DESS : k.DESS + seats]]
            final = [int(v) for v in row[k.SCORE : k.SCORE + seats]]
            record.update(
                {
                    "puddings": puddings,
                    "dessert_scores": [int(v) for v in row[k.DESSERT_PTS : k.DESSERT_PTS + seats]],
                    "final_scores": final,
                    "winners": winners(final, puddings, n),
                }
            )
        record["batch"] = {"seed": self.seed, "game": self._first + i}
        return record


def _notation(slot: int) -> str:
    """A pick's notation from its slot (``tempura dummy:pudding`` in a dummy's block)."""
    d, pick = divmod(slot, k.PAIRS)
    if pick < k.N:
        text = _IDS[pick]
    else:
        a, b = divmod(pick - k.N, k.N)
        text = f"{_IDS[a]}+{_IDS[b]}"
    return f"{text} dummy:{_IDS[d - 1]}" if d else text
