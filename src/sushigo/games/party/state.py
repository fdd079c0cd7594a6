"""Sushi Go Party!: a position of a game (:class:`PartyState`), its chance outcomes
(:class:`PartyDeal`, :class:`MenuDraw`) and its finished rounds (:class:`PartyRound`).

A turn: every player picks at once (a special order names its copy, and a bonus card
may be called), the cards are revealed and placed (wasabi, miso soup and uramaki take
effect), then the called bonus cards and the menus and takeout boxes played resolve
one by one, lowest lower-right number first. Each of them may need a decision of one
seat (the player using it, or the player a spoon asks), and a menu first draws four
cards (a chance event). When nothing is left to resolve, hands pass to the left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from sushigo.core.errors import IllegalActionError
from sushigo.core.scoring import winners
from sushigo.core.state import State
from sushigo.games.party.actions import (
    _SINGLE,
    CHOICE_KINDS,
    SPECIAL_ORDER,
    CallChoices,
    Choice,
    PartyAction,
    PartyPick,
    _distinct_picks,
    pick_of,
)
from sushigo.games.party.cards import (
    _BONUS,
    _BY_ID,
    _IDS,
    _ORDER,
    _QUEUED,
    PARTY_CARDS,
    ROUNDS,
    _distinct,
    _expand,
    _ids_of,
    _sort,
)
from sushigo.games.party.playout import _PLAYOUT_RANDOM, _flip_junk, _quick_action
from sushigo.games.party.scoring import (
    FLIPPED,
    Played,
    dessert_points,
    score_round,
)
from sushigo.games.party.turn import (
    _call_key,
    _choice_actions,
    _discard_used,
    _menu_drawn,
    _resolve,
    _reveal,
    _take,
    _why_not,
)
from sushigo.games.party.views import Happening, PartyRoundView, PartyView, Pending, _relative

if TYPE_CHECKING:
    from sushigo.games.party.ruleset import PartyRuleset


# ---------------------------------------------------------------------------
# Chance outcomes and results.


class PartyDeal:
    """The start of a round: the desserts shuffled in, then the hands dealt. A value."""

    __slots__ = ("desserts_added", "hands", "_basis", "_undealt_positions")

    desserts_added: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    _basis: tuple[object, ...]
    """What the deal was sampled from (empty: not sampled by a state)."""
    _undealt_positions: list[int]
    """The positions the sampled deal left undealt (the state needs no second count)."""

    def __init__(self, desserts_added: tuple[str, ...], hands: tuple[tuple[str, ...], ...]) -> None:
        self.desserts_added = desserts_added
        self.hands = hands
        self._basis = ()
        self._undealt_positions = []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartyDeal):
            return NotImplemented
        return self.desserts_added == other.desserts_added and self.hands == other.hands

    def __hash__(self) -> int:
        return hash((self.desserts_added, self.hands))

    def __repr__(self) -> str:
        return f"PartyDeal(desserts_added={self.desserts_added!r}, hands={self.hands!r})"


class MenuDraw:
    """The cards a menu draws from the deck (up to four). A value."""

    __slots__ = ("cards",)

    cards: tuple[str, ...]

    def __init__(self, cards: tuple[str, ...]) -> None:
        self.cards = cards

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MenuDraw):
            return NotImplemented
        return self.cards == other.cards

    def __hash__(self) -> int:
        return hash(self.cards)

    def __repr__(self) -> str:
        return f"MenuDraw(cards={self.cards!r})"


class PartyRound:
    """A finished round, as the record keeps it."""

    __slots__ = (
        "desserts_added",
        "hands",
        "turns",
        "events",
        "log",
        "tableaux",
        "breakdown",
        "scores",
        "last_deciders",
        "_seen",
    )

    desserts_added: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    turns: tuple[tuple[str, ...], ...]
    """``turns[t][seat]``: the seat's pick on turn ``t``, in pick notation."""
    events: tuple[tuple[int, int, str], ...]
    """Mid-turn steps in order: ``(turn, seat, choice)``, or ``(turn, -1, drawn cards)``
    for a menu's draw (cards comma-separated)."""
    log: tuple[Happening, ...]
    """Everything that happened at the table, in order (public)."""
    tableaux: tuple[tuple[Played, ...], ...]
    breakdown: tuple[dict[str, int], ...]
    scores: tuple[int, ...]

    def __init__(
        self,
        desserts_added: tuple[str, ...],
        hands: tuple[tuple[str, ...], ...],
        turns: tuple[tuple[str, ...], ...],
        events: tuple[tuple[int, int, str], ...],
        log: tuple[Happening, ...],
        tableaux: tuple[tuple[Played, ...], ...],
        breakdown: tuple[dict[str, int], ...],
        scores: tuple[int, ...],
        last_deciders: tuple[int, ...] = (),
    ) -> None:
        self.desserts_added = desserts_added
        self.hands = hands
        self.turns = turns
        self.events = events
        self.log = log
        self.tableaux = tableaux
        self.breakdown = breakdown
        self.scores = scores
        self.last_deciders = last_deciders
        """The seats that chose on the last turn (a special order with more than one
        card to copy); every other last card was placed without a decision."""
        self._seen: dict[int, PartyRoundView] = {}

    def seen_by(self, seat: int, n: int) -> PartyRoundView:
        """The round as ``seat`` saw it (worked out once for each seat: a finished
        round never changes, and copies of a state share it)."""
        view = self._seen.get(seat)
        if view is None:
            view = PartyRoundView(
                tuple([_relative(h, seat, n) for h in self.log]),
                self.tableaux[seat:] + self.tableaux[:seat],
                self.breakdown[seat:] + self.breakdown[:seat],
                self.scores[seat:] + self.scores[:seat],
            )
            self._seen[seat] = view
        return view


_SLOW: Final = frozenset(
    (SPECIAL_ORDER, *(c for c in PARTY_CARDS.ids if _BY_ID[c].family in _QUEUED))
)
"""Cards whose pick needs more than placing: a copy, or a place in the queue."""
_SO_POSITION: Final = _ORDER[SPECIAL_ORDER]
"""The special order's place in card-table order."""


# The phases: what a state waits for. Ints, read on every turn.

_DEAL: Final = 0
"""A round is to be dealt: a chance node (:class:`PartyDeal`)."""
_PICK: Final = 1
"""The seats in ``_deciders`` pick at once: every seat, or on the last turn those whose
special order has a choice of what to copy."""
_CHOOSE: Final = 2
"""One seat makes a mid-turn decision (``_pending``, a :class:`Choice`)."""
_MENU_DRAW: Final = 3
"""A menu draws its cards in the middle of a turn: a chance node (:class:`MenuDraw`)."""
_OVER: Final = 4
"""The game is over."""


class PartyState(State[PartyView, PartyAction, "PartyDeal | MenuDraw"]):
    """A position of a Sushi Go Party! game. Hands are kept sorted in card-table order;
    seats are absolute."""

    def __init__(self, ruleset: PartyRuleset, source: PartyState | None = None) -> None:
        """The state before the first deal, or a copy of ``source``."""
        self.ruleset = ruleset
        self._rules: PartyRuleset = ruleset
        """The ruleset, typed as Party's (``ruleset`` is the same object)."""
        n = ruleset.players
        self._every_seat: tuple[int, ...] = tuple(range(n))
        """Every seat, in order: the seats that pick on an ordinary turn."""
        if source is None:
            # Where the game stands.
            self._phase: int = _DEAL
            """What the game waits for: one of the phases above."""
            self._round: int = 0
            """Current round, 0-based (3 once the game is over)."""
            self._turn: int = 0
            """Current turn within the round, 0-based."""

            # The hands and the pick.
            self._hands: list[list[str]] = [[] for _ in range(n)]
            """Each seat's hand, in card-table order (changed in place)."""
            self._singles: list[tuple[PartyPick, ...] | None] = [None] * n
            """Each hand's plain picks, one per card type; None until needed again."""
            self._deciders: tuple[int, ...] = self._every_seat
            """The seats that pick now (on the last turn, those whose copy is a choice)."""
            self._forced_picks: dict[int, PartyPick] = {}
            """On the last turn, the picks of the seats with no choice (else empty)."""

            # The table this round.
            self._tabs: list[list[Played]] = [[] for _ in range(n)]
            """What lies in front of each seat this round, in the order played."""
            self._earlier: list[int] = [0] * n
            """How many of each tableau's cards were played on earlier turns (they come first)."""
            self._free_wasabi: list[int] = [0] * n
            """Wasabi with no nigiri on it yet, in front of each seat."""
            self._uramaki_icons: list[int] = [0] * n
            """Uramaki icons in front of each seat (they leave the table when they score)."""
            self._bonus_count: list[int] = [0] * n
            """Chopsticks and spoons in front of each seat (they may be called)."""
            self._callable_tokens: list[list[str] | None] = [None] * n
            """Tokens of the bonus cards each seat may call, lowest number first; None: unknown."""
            self._uramaki_claimed: int = 0
            """Uramaki places taken this round (0-3; more after ties)."""
            self._uramaki_scored: list[int] = [0] * n
            """Uramaki points each seat scored so far this round."""
            self._discards: list[str] = []
            """Cards discarded face-up this round."""

            # The rest of the turn, after the reveal.
            self._to_resolve: list[tuple[int, int, int, Played]] = []
            """Called bonus cards, played menus and takeout boxes: (number, is copy, seat, card)."""
            self._pending: Pending | None = None
            """The mid-turn decision being waited for (absolute seats), or None."""
            self._drawn: tuple[str, ...] = ()
            """The cards the pending menu drew, while its player chooses one."""
            self._turn_misos: list[tuple[int, Played]] = []
            """This turn's miso soups still on the table, by seat (another discards them)."""
            self._turn_miso_count: int = 0
            """Miso soups played this turn, the discarded ones included."""

            # The cards off the table: the deck and the desserts.
            self._undealt: dict[str, int] | None = {}
            """The cards not dealt this round (menus draw from them); None: see the next."""
            self._undealt_positions: list[int] = []
            """The positions a sampled deal left undealt, made into ``_undealt`` when needed."""
            self._checked_undealt: dict[str, int] | None = {}
            """The next deal's undealt cards, as ``_check_chance`` found them; None: see next."""
            self._checked_undealt_positions: list[int] = []
            """The same as positions, when this state sampled the deal itself."""
            self._checked_hands_sorted: bool = False
            """Whether the next deal's hands are in card-table order already."""
            self._in_deck: dict[str, int] = {}
            """The desserts shuffled into the deck (this round or before) and not kept."""
            self._pile: dict[str, int] = dict(ruleset.desserts)
            """The dessert pile: desserts not yet shuffled into the deck, by card."""
            self._special_orders_kept: int = 0
            """Special orders kept as desserts (each copied the dessert): gone from the deck."""
            self._desserts: list[list[Played]] = [[] for _ in range(n)]
            """The desserts each seat kept from finished rounds."""

            # The record of the round and of the game.
            self._desserts_added: tuple[str, ...] = ()
            """The desserts shuffled into the deck this round."""
            self._dealt_hands: tuple[tuple[str, ...], ...] = ()
            """The hands dealt this round, in card-table order."""
            self._turn_picks: list[tuple[str, ...]] = []
            """``_turn_picks[t][seat]``: each seat's pick on turn ``t``, in notation."""
            self._mid_turn_steps: list[tuple[int, int, str]] = []
            """This round's (turn, seat, choice) and (turn, -1, a menu's cards) steps."""
            self._log: list[Happening] = []
            """What happened at the table this round (public), in order."""
            self._results: tuple[PartyRound, ...] = ()
            """Finished rounds."""
            self._final_scores: tuple[int, ...] | None = None
            """Every seat's total, desserts included, once the game is over; else None."""
            self._draws: list[tuple[tuple[str, ...], ...]] = [() for _ in range(n)]
            """What each seat's menus drew this game, in order (each seat sees its own)."""
        else:
            self._phase = source._phase
            self._round = source._round
            self._turn = source._turn
            self._hands = [h[:] for h in source._hands]
            self._singles = list(source._singles)
            self._deciders = source._deciders
            self._forced_picks = dict(source._forced_picks)
            self._tabs = [t[:] for t in source._tabs]
            self._earlier = list(source._earlier)
            self._free_wasabi = list(source._free_wasabi)
            self._uramaki_icons = list(source._uramaki_icons)
            self._bonus_count = list(source._bonus_count)
            self._callable_tokens = list(source._callable_tokens)
            self._uramaki_claimed = source._uramaki_claimed
            self._uramaki_scored = list(source._uramaki_scored)
            self._discards = list(source._discards)
            self._to_resolve = list(source._to_resolve)
            self._pending = source._pending
            self._drawn = source._drawn
            self._turn_misos = list(source._turn_misos)
            self._turn_miso_count = source._turn_miso_count
            self._undealt = None if source._undealt is None else dict(source._undealt)
            self._undealt_positions = source._undealt_positions
            self._checked_undealt = source._checked_undealt
            self._checked_undealt_positions = source._checked_undealt_positions
            self._checked_hands_sorted = source._checked_hands_sorted
            self._in_deck = dict(source._in_deck)
            self._pile = dict(source._pile)
            self._special_orders_kept = source._special_orders_kept
            self._desserts = [d[:] for d in source._desserts]
            self._desserts_added = source._desserts_added
            self._dealt_hands = source._dealt_hands
            self._turn_picks = list(source._turn_picks)
            self._mid_turn_steps = list(source._mid_turn_steps)
            self._log = list(source._log)
            self._results = source._results
            self._final_scores = source._final_scores
            self._draws = list(source._draws)

    # -- queries ----------------------------------------------------------

    @property
    def rules(self) -> PartyRuleset:
        """The ruleset, with its Party attributes (``ruleset`` is the same object)."""
        return self._rules

    @property
    def round(self) -> int:
        """Current round, 0-based (3 once the game is over)."""
        return self._round

    @property
    def turn(self) -> int:
        """Current turn within the round, 0-based."""
        return self._turn

    @property
    def results(self) -> tuple[PartyRound, ...]:
        """Finished rounds."""
        return self._results

    @property
    def desserts(self) -> tuple[tuple[Played, ...], ...]:
        """The desserts each seat has kept."""
        return tuple(tuple(d) for d in self._desserts)

    @property
    def log(self) -> tuple[Happening, ...]:
        """What happened at the table this round (public), in order; empty between
        rounds (a finished round's log is in ``results``)."""
        return tuple(self._log)

    @property
    def pending(self) -> Pending | None:
        """The mid-turn decision being made (absolute seats), or None."""
        return self._pending

    @property
    def uramaki_scored(self) -> tuple[int, ...]:
        """Uramaki points each seat scored so far this round."""
        return tuple(self._uramaki_scored)

    def hand(self, seat: int) -> tuple[str, ...]:
        """A seat's hand (full information: not for agents)."""
        return tuple(self._hands[seat])

    def tableau(self, seat: int) -> tuple[Played, ...]:
        """What lies in front of a seat this round, in the order played."""
        return tuple(self._tabs[seat])

    def discards(self) -> tuple[str, ...]:
        """Cards discarded face-up this round."""
        return tuple(self._discards)

    def deck(self) -> dict[str, int]:
        """The cards not dealt this round (full information: not for agents)."""
        return {c: k for c, k in self._deck_now().items() if k > 0}

    def is_terminal(self) -> bool:
        return self._phase == _OVER

    def is_chance(self) -> bool:
        return self._phase == _DEAL or self._phase == _MENU_DRAW

    def to_act(self) -> tuple[int, ...]:
        if self._phase == _PICK:
            return self._deciders
        if self._phase == _CHOOSE:
            assert self._pending is not None
            return (self._pending.seat,)
        return ()

    def decisions(self) -> list[tuple[int, Sequence[PartyAction]]]:
        if self._phase == _PICK:
            return [(s, self._pick_actions(s)) for s in self._deciders]
        if self._phase == _CHOOSE:
            assert self._pending is not None
            seat = self._pending.seat
            return [(seat, _choice_actions(self))]
        return []

    def legal_actions(self, seat: int) -> Sequence[PartyAction]:
        if self._phase == _PICK and seat in self._deciders:
            return self._pick_actions(seat)
        if self._phase == _CHOOSE and self._pending is not None and seat == self._pending.seat:
            return _choice_actions(self)
        return ()

    def observe(self, seat: int) -> PartyView:
        n = self._rules.players
        if not 0 <= seat < n:
            raise IllegalActionError(f"no seat {seat}: seats are 0 to {n - 1}")
        rel = [(seat + i) % n for i in range(n)]
        hands: list[tuple[str, ...] | None] = [None] * n
        hands[0] = tuple(self._hands[seat])
        for k in range(1, min(self._turn, n - 1) + 1):
            hands[k] = tuple(self._hands[(seat + k) % n])
        totals = self.returns()
        pending = self._pending
        drawn: tuple[str, ...] = ()
        if pending is not None:
            if pending.kind == "order" and pending.seat == seat:
                drawn = self._drawn
            pending = Pending(
                (pending.seat - seat) % n,
                pending.kind,
                pending.card,
                pending.detail,
                (pending.owner - seat) % n,
            )
        return PartyView(
            self._rules,
            seat,
            n,
            self._round,
            self._turn,
            tuple(self._hands[seat]),
            tuple(hands),
            tuple(len(self._hands[s]) for s in rel),
            tuple(tuple(self._tabs[s]) for s in rel),
            tuple(self._earlier[s] for s in rel),
            tuple(tuple(self._desserts[s]) for s in rel),
            tuple(totals[s] for s in rel),
            tuple(self._uramaki_scored[s] for s in rel),
            self._uramaki_claimed,
            tuple(self._discards),
            pending,
            drawn,
            tuple([_relative(h, seat, n) for h in self._log]),
            tuple([r.seen_by(seat, n) for r in self._results]),
            self._draws[seat],
        )

    def returns(self) -> list[int]:
        if self._final_scores is not None:
            return list(self._final_scores)
        totals = [0] * self._rules.players
        for res in self._results:
            for s, pts in enumerate(res.scores):
                totals[s] += pts
        return totals

    def dessert_scores(self) -> list[int]:
        """Dessert points (only once the game is over; zeros before)."""
        if self._phase != _OVER:
            return [0] * self._rules.players
        return dessert_points(self._desserts, self._rules.menu.dessert)

    def chance_stream(self) -> str:
        pending = self._pending
        if self._phase == _MENU_DRAW and pending is not None:
            return f"menu:{self._round}:{self._turn}:{pending.seat}"
        return f"deal:{self._round}"

    def estimate(self) -> list[int]:
        if self._final_scores is not None:
            return list(self._final_scores)
        totals = self.returns()
        bonus = dessert_points(self._desserts, self._rules.menu.dessert)
        return [totals[s] + bonus[s] for s in range(len(totals))]

    def winners(self) -> list[int]:
        """Winning seats once the game is over (empty before)."""
        if self._final_scores is None:
            return []
        return winners(self._final_scores, [len(d) for d in self._desserts])

    def copy(self) -> PartyState:
        return PartyState(self._rules, self)

    def playout_action(
        self, seat: int, legal: Sequence[PartyAction], rand: Callable[[], float]
    ) -> PartyAction:
        """A quick heuristic for search playouts: one time in two (:data:`_PLAYOUT_RANDOM`)
        any legal action, else the card worth most to this seat's tableau now
        (:func:`_quick_value`: sets completed, nigiri on wasabi, dumplings, eel, tofu,
        onigiri shapes, rolls, desserts...). Mid-turn: chopsticks, menus and special
        orders take the card worth most, a spoon asks for the card kind worth most,
        the player asked gives the one worth least to itself, and a takeout box flips
        the cards worth nothing (unused bonus cards, empty wasabi, unfinished sets)."""
        size = len(legal)
        if size == 1 or rand() < _PLAYOUT_RANDOM:
            return legal[int(rand() * size)]
        tab = self._tabs[seat]
        left = len(self._hands[seat])  # turns after this one (mid-turn: the hand is smaller)
        pending = self._pending
        sign = 1.0
        if self._phase == _CHOOSE and pending is not None:
            kind = pending.kind
            if kind == "flip":
                return _flip_junk(self._flippable(seat), tab)
            if kind == "give":
                sign = -1.0
        else:
            left -= 1
        return _quick_action(
            legal, tab, left, self._free_wasabi[seat], self._uramaki_icons[seat], sign, rand
        )

    # -- legal actions (the mid-turn choices: turn._choice_actions) ----------

    def _pick_actions(self, seat: int) -> Sequence[PartyPick]:
        """Every pick ``seat`` may make now."""
        if self._forced_picks:  # the last card: only a special order's copy is chosen
            return tuple([pick_of(SPECIAL_ORDER, t) for t in self._copy_targets(seat)])
        hand = self._hands[seat]
        if not self._rules.special_order or SPECIAL_ORDER not in hand:
            singles = self._singles[seat]
            if singles is None:
                singles = self._singles[seat] = _distinct_picks(hand)
            if not self._bonus_count[seat] or len(hand) < 2:
                return singles
            return CallChoices(singles, self._callable(seat))
        base: list[PartyPick] = []
        for c in _distinct(hand):
            if c == SPECIAL_ORDER:
                targets = self._copy_targets(seat)
                if targets:
                    base.extend([pick_of(c, t) for t in targets])
                else:
                    base.append(_SINGLE[c])
            else:
                base.append(_SINGLE[c])
        if len(hand) < 2 or not self._bonus_count[seat]:
            return tuple(base)
        return CallChoices(tuple(base), self._callable(seat))

    def _callable(self, seat: int) -> list[str]:
        """Tokens of the bonus cards ``seat`` may call, lowest number first (kept until
        a bonus card comes to or leaves the table in front of ``seat``)."""
        calls = self._callable_tokens[seat]
        if calls is None:
            calls = self._callable_tokens[seat] = self._find_calls(seat)
        return calls

    def _find_calls(self, seat: int) -> list[str]:
        found: list[Played] = []
        for p in self._tabs[seat]:
            if p.kind in _BONUS and p not in found:
                found.append(p)
        if len(found) > 1:
            found.sort(key=_call_key)
        return [p.token for p in found]

    def _copy_targets(self, seat: int) -> list[str]:
        """What a special order played now by ``seat`` may copy: the card id each card in
        front of it counts as (in card-table order), then ``flipped`` if any is flipped."""
        ids: set[str] = set()
        flipped = False
        for p in self._tabs[seat]:
            if p.flipped:
                flipped = True
            elif p.kind not in _QUEUED:  # a menu or takeout box is used, not kept
                ids.add(p.counts_as)
        out = sorted(ids, key=_ORDER.__getitem__)
        if flipped:
            out.append(FLIPPED)
        return out

    def _flippable(self, seat: int) -> dict[str, int]:
        """The cards ``seat`` played on earlier turns and may flip, as token counts."""
        counts: dict[str, int] = {}
        for p in self._tabs[seat][: self._earlier[seat]]:
            if not p.flipped:
                counts[p.token] = counts.get(p.token, 0) + 1
        return counts

    # -- chance -----------------------------------------------------------

    def _deck_now(self) -> dict[str, int]:
        """The cards not dealt this round, as a multiset (made from the positions a
        sampled deal left over, the first time it is needed)."""
        undealt = self._undealt
        if undealt is None:
            undealt = {}
            ids = _IDS
            for pos in self._undealt_positions:
                c = ids[pos]
                undealt[c] = undealt.get(c, 0) + 1
            self._undealt = undealt
        return undealt

    def _round_deck(self) -> dict[str, int]:
        """Every card in the deck this round: the menu's cards and the desserts in it."""
        deck = dict(self._rules.deck)
        for c, k in self._in_deck.items():
            deck[c] = deck.get(c, 0) + k
        if self._special_orders_kept:
            deck[SPECIAL_ORDER] -= self._special_orders_kept
        return deck

    def sample_chance(self, rng: random.Random) -> PartyDeal | MenuDraw:
        rand = rng.random
        if self._phase == _MENU_DRAW:
            cards = _expand(self._deck_now())
            k = min(4, len(cards))
            return MenuDraw(_ids_of(_partial_shuffle(cards, k, rand)))
        if self._phase != _DEAL:
            raise IllegalActionError("no deal or draw is due now")
        rs = self._rules
        pile: list[int] = []
        for c in rs.dessert_ids:
            pile.extend([_ORDER[c]] * self._pile.get(c, 0))
        added = _partial_shuffle(pile, rs.desserts_added[self._round], rand)
        # The round's deck in card-table order: the main deck (less the special
        # orders kept as desserts), then the desserts in it, which come last.
        cards = list(rs.deck_positions)
        if self._special_orders_kept:
            at = cards.index(_SO_POSITION)
            del cards[at : at + self._special_orders_kept]
        in_deck = self._in_deck
        for c in rs.dessert_ids:
            pos = _ORDER[c]
            k = in_deck.get(c, 0) + added.count(pos)
            if k:
                cards.extend([pos] * k)
        k = rs.hand_size
        chosen = _partial_shuffle(cards, k * rs.players, rand)
        deal = PartyDeal(
            _ids_of(added),
            tuple([_ids_of(chosen[i * k : (i + 1) * k]) for i in range(rs.players)]),
        )
        # What is left undealt is known already: the deal carries it, so a state
        # with the same deck to deal from needs no second count when it is applied.
        # The state itself is left unchanged.
        deal._basis = self._deal_basis()
        deal._undealt_positions = cards[: len(cards) - len(chosen)]
        return deal

    def _deal_basis(self) -> tuple[object, ...]:
        """What a round's deal is drawn from: the rules, the round, the special
        orders kept as desserts and the dessert pile and deck counts."""
        rs = self._rules
        pile = self._pile
        in_deck = self._in_deck
        return (
            rs,
            self._round,
            self._special_orders_kept,
            tuple([pile.get(c, 0) for c in rs.dessert_ids]),
            tuple([in_deck.get(c, 0) for c in rs.dessert_ids]),
        )

    def _check_chance(self, outcome: object) -> None:
        if self._phase == _MENU_DRAW:
            if not isinstance(outcome, MenuDraw):
                raise IllegalActionError("a menu draws cards now")
            want = min(4, sum(self._deck_now().values()))
            if len(outcome.cards) != want:
                raise IllegalActionError(f"a menu draws {want} cards, not {len(outcome.cards)}")
            _check_subset(outcome.cards, self._deck_now(), "the deck")
            return
        rs = self._rules
        if not isinstance(outcome, PartyDeal):
            raise IllegalActionError("a new round starts with a deal")
        if outcome._basis and outcome._basis == self._deal_basis():  # sampled from this deck
            self._checked_undealt = None
            self._checked_undealt_positions = outcome._undealt_positions
            self._checked_hands_sorted = True
            return
        want = rs.desserts_added[self._round]
        if len(outcome.desserts_added) != want:
            raise IllegalActionError(f"round {self._round + 1} adds {want} desserts")
        _check_subset(outcome.desserts_added, self._pile, "the dessert pile")
        if len(outcome.hands) != rs.players or any(len(h) != rs.hand_size for h in outcome.hands):
            raise IllegalActionError(f"a deal is {rs.players} hands of {rs.hand_size} cards")
        left = self._round_deck()
        for c in outcome.desserts_added:
            left[c] = left.get(c, 0) + 1
        order = _ORDER
        ordered = True
        for hand in outcome.hands:
            last = -1
            for c in hand:
                left[c] = left.get(c, 0) - 1
                at = order.get(c, -1)
                if at < last:
                    ordered = False
                last = at
        if min(left.values()) < 0:
            over = sorted(c for c, k in left.items() if k < 0)
            raise IllegalActionError(f"the deck does not have {', '.join(over)}")
        self._checked_undealt = left
        self._checked_undealt_positions = []
        self._checked_hands_sorted = ordered

    def _apply_chance(self, outcome: PartyDeal | MenuDraw) -> None:
        if isinstance(outcome, MenuDraw):
            self._phase = _CHOOSE
            _menu_drawn(self, outcome.cards)
            if self._pending is None:
                self._advance()
            return
        for c in outcome.desserts_added:
            self._pile[c] -= 1
            self._in_deck[c] = self._in_deck.get(c, 0) + 1
        self._undealt = self._checked_undealt  # worked out by _check_chance
        self._undealt_positions = self._checked_undealt_positions
        self._desserts_added = outcome.desserts_added
        if self._checked_hands_sorted:
            self._dealt_hands = tuple([tuple(h) for h in outcome.hands])
        else:
            self._dealt_hands = tuple([_sort(h) for h in outcome.hands])
        self._hands = [list(h) for h in self._dealt_hands]
        self._singles = [None] * self._rules.players
        self._turn = 0
        self._turn_picks = []
        self._mid_turn_steps = []
        self._log = []
        self._start_turn()

    # -- checks -------------------------------------------------------------

    def apply(self, actions: Mapping[int, PartyAction]) -> None:
        """As :meth:`State.apply`, with a fast path for the common turn: every player
        picks one card that needs nothing but placing."""
        hands = self._hands
        n = len(hands)
        pending = self._pending
        if self._phase == _CHOOSE and pending is not None and isinstance(actions, dict):
            # A mid-turn decision: one seat, checked and resolved here.
            choice = actions.get(pending.seat)
            if len(actions) != 1 or choice is None:
                return State.apply(self, actions)
            self._check(pending.seat, choice)
            assert isinstance(choice, Choice)
            _resolve(self, pending.seat, choice)
            return None
        if (
            self._phase != _PICK
            or self._forced_picks
            or not isinstance(actions, dict)
            or len(actions) != n
        ):
            return State.apply(self, actions)
        acts: dict[int, PartyAction] = actions
        picks: list[PartyPick] = []
        for seat in range(n):
            act = acts.get(seat)
            if not isinstance(act, PartyPick):
                return State.apply(self, actions)
            if act.copy is not None or act.call is not None or act.card in _SLOW:
                self._check(seat, act)
            elif act.card not in hands[seat]:
                raise IllegalActionError(_not_in_hand(seat, act.card, hands[seat]))
            picks.append(act)
        _reveal(self, picks)

    def _check(self, seat: int, action: object) -> None:
        if self._phase == _PICK:
            if not isinstance(action, PartyPick):
                raise IllegalActionError(
                    f"seat {seat} picks a card now (e.g. 'tempura'), not {action}"
                )
            self._check_pick(seat, action)
            return
        pending = self._pending
        assert pending is not None
        if not isinstance(action, Choice) or action.kind != pending.kind:
            raise IllegalActionError(
                f"seat {seat} must decide '{pending.kind}:' now "
                f"({CHOICE_KINDS[pending.kind]}), not {action}"
            )
        if action not in _choice_actions(self):
            raise IllegalActionError(_why_not(self, seat, action))

    def _check_pick(self, seat: int, pick: PartyPick) -> None:
        hand = self._hands[seat]
        card = pick.card
        if card not in hand:
            raise IllegalActionError(_not_in_hand(seat, card, hand))
        if self._forced_picks and seat in self._forced_picks:
            raise IllegalActionError(f"seat {seat} has no choice on this turn")
        if card == SPECIAL_ORDER:
            targets = self._copy_targets(seat)
            if pick.copy is None and targets:
                raise IllegalActionError(
                    f"seat {seat}: say what the special order copies, e.g. "
                    f"special-order={targets[0]} (it may copy {', '.join(targets)})"
                )
            if pick.copy is not None and pick.copy not in targets:
                have = ", ".join(targets) or "nothing yet"
                raise IllegalActionError(
                    f"seat {seat}: a special order copies a card played earlier this round; "
                    f"it may copy {have}, not {pick.copy}"
                )
        elif pick.copy is not None:
            raise IllegalActionError(f"seat {seat}: only a special order copies a card")
        if pick.call is not None:
            if self._forced_picks:
                raise IllegalActionError(f"seat {seat}: no bonus card can be used on the last turn")
            if pick.call not in self._callable(seat):
                have = ", ".join(self._callable(seat)) or "none"
                raise IllegalActionError(
                    f"seat {seat} cannot call {pick.call}: it must be a chopsticks or spoon in "
                    f"front of them from an earlier turn (theirs: {have})"
                )
            if len(hand) < 2:
                raise IllegalActionError(
                    f"seat {seat} cannot call {pick.call} with one card in hand"
                )

    # -- the turn -------------------------------------------------------------
    # The state keeps the phases: it starts a turn, walks the queue the reveal
    # leaves (_advance) and ends the turn and the round. The reveal, the cards
    # placed and what each mid-turn choice does are in turn.py.

    def _apply(self, actions: Mapping[int, PartyAction]) -> None:
        if self._phase == _PICK:
            picks: dict[int, PartyPick] = dict(self._forced_picks)
            for s, a in actions.items():
                assert isinstance(a, PartyPick)
                picks[s] = a
            _reveal(self, [picks[s] for s in range(self._rules.players)])
            return
        ((seat, action),) = actions.items()
        assert isinstance(action, Choice)
        _resolve(self, seat, action)

    def _start_turn(self) -> None:
        """Mark what was played before this turn; play the last cards as they come."""
        earlier = self._earlier
        tabs = self._tabs
        for i in range(len(earlier)):
            earlier[i] = len(tabs[i])
        if self._turn_misos:
            self._turn_misos = []
        self._turn_miso_count = 0
        hands = self._hands
        if len(hands[0]) != 1:
            self._deciders = self._every_seat
            if self._forced_picks:
                self._forced_picks = {}
            self._phase = _PICK
            return
        # "The player receiving [the last card] simply places it": only a special
        # order still has a choice, of what it copies.
        forced: dict[int, PartyPick] = {}
        deciders: list[int] = []
        for s, hand in enumerate(hands):
            card = hand[0]
            if card == SPECIAL_ORDER:
                targets = self._copy_targets(s)
                if len(targets) > 1:
                    deciders.append(s)
                    continue
                forced[s] = pick_of(card, targets[0] if targets else None)
            else:
                forced[s] = _SINGLE[card]
        self._deciders = tuple(deciders)  # the round's record reads them at its end
        if deciders:
            self._forced_picks = forced
            self._phase = _PICK
            return
        self._forced_picks = {}
        _reveal(self, [forced[s] for s in range(len(hands))])

    def _advance(self) -> None:
        """Resolve the turn's queue until a decision or a draw is needed, or it is empty."""
        queue = self._to_resolve
        while self._pending is None:
            if not queue:
                self._end_turn()
                return
            if len(queue) > 1:
                queue.sort(key=_queue_key)
            _, _, seat, p = queue.pop(0)
            kind = p.kind
            if kind == "chopsticks":
                options = _distinct(self._hands[seat])
                if len(options) == 1:
                    _take(self, seat, p, options[0])
                else:
                    self._pending = Pending(seat, "take", p.token, "", seat)
            elif kind == "spoon":
                self._pending = Pending(seat, "ask", p.token, "", seat)
            elif kind == "menu":
                self._pending = Pending(seat, "order", p.token, "", seat)
                if sum(self._deck_now().values()) == 0:
                    _menu_drawn(self, ())  # nothing to draw: the menu is discarded
                    continue
                self._phase = _MENU_DRAW
                return
            else:  # takeout box
                flippable = self._flippable(seat)
                if flippable:
                    self._pending = Pending(seat, "flip", p.token, "", seat)
                else:
                    self._log.append(Happening(self._turn + 1, "unused", seat, (p.token,)))
                    _discard_used(self, seat, p)
        self._phase = _CHOOSE

    def _end_turn(self) -> None:
        """Pass the hands to the left, or end the round."""
        hands = self._hands
        if not hands[0]:
            self._end_round()
            return
        hands.insert(0, hands.pop())
        singles = self._singles
        singles.insert(0, singles.pop())
        self._turn += 1
        self._start_turn()

    def _end_round(self) -> None:
        rs = self._rules
        tabs = self._tabs
        dessert = rs.menu.dessert
        for seat, tab in enumerate(tabs):
            for p in tab:
                if p.kind == dessert:
                    self._desserts[seat].append(p)
                    if p.card == SPECIAL_ORDER:
                        self._special_orders_kept += 1
                    else:
                        self._in_deck[p.card] -= 1
        breakdown = score_round(
            tabs,
            big_table=rs.big_table,
            uramaki_claimed=self._uramaki_claimed,
            uramaki_scored=self._uramaki_scored,
        )
        scores = tuple([_total(b) for b in breakdown])
        self._results = self._results + (
            PartyRound(
                self._desserts_added,
                self._dealt_hands,
                tuple(self._turn_picks),
                tuple(self._mid_turn_steps),
                tuple(self._log),
                tuple(tuple(t) for t in tabs),
                tuple(breakdown),
                scores,
                self._deciders,
            ),
        )
        n = rs.players
        self._log = []
        self._tabs = [[] for _ in range(n)]
        self._earlier = [0] * n
        self._free_wasabi = [0] * n
        self._uramaki_icons = [0] * n
        self._bonus_count = [0] * n
        self._callable_tokens = [None] * n
        self._discards = []
        self._uramaki_claimed = 0
        self._uramaki_scored = [0] * n
        self._round += 1
        if self._round == ROUNDS:
            self._phase = _OVER
            totals = self.returns()
            for s, pts in enumerate(dessert_points(self._desserts, dessert)):
                totals[s] += pts
            self._final_scores = tuple(totals)
        else:
            self._phase = _DEAL


# ---------------------------------------------------------------------------
# Helpers.


def _total(breakdown: dict[str, int]) -> int:
    total = 0
    for v in breakdown.values():
        total += v
    return total


def _queue_key(item: tuple[int, int, int, Played]) -> tuple[int, int, int]:
    return (item[0], item[1], item[2])


def _partial_shuffle(cards: list[int], k: int, rand: Callable[[], float]) -> list[int]:
    """``k`` cards drawn uniformly without replacement (a partial Fisher-Yates shuffle;
    ``cards`` is reordered)."""
    n = len(cards)
    for _ in range(k):
        j = int(rand() * n)
        n -= 1
        cards[j], cards[n] = cards[n], cards[j]
    return cards[n:]


def _check_subset(cards: Sequence[str], pool: dict[str, int], what: str) -> None:
    need: dict[str, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    over = [c for c, k in need.items() if k > pool.get(c, 0)]
    if over:
        raise IllegalActionError(f"{what} does not have {', '.join(sorted(over))}")


def _not_in_hand(seat: int, card: str, hand: Sequence[str]) -> str:
    held = ", ".join(hand) or "nothing"
    return f"seat {seat} cannot take {card}: their hand holds {held}"
