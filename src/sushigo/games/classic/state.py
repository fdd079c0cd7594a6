"""Sushi Go!: a position of a game, its chance outcomes and its finished rounds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any, Final

from sushigo.core.errors import IllegalActionError
from sushigo.core.scoring import winners
from sushigo.core.state import State
from sushigo.games.classic.actions import (
    _PAIRS,
    _SINGLES,
    _TWO_NIGIRI,
    _WASABI_FIRST,
    Pick,
    _singles_of,
)
from sushigo.games.classic.cards import _MAKI, _ORDER, CLASSIC_CARDS, DUMMY_HAND_SIZE, ROUNDS
from sushigo.games.classic.playout import _maki_gain, _maki_icons, _quick_value
from sushigo.games.classic.scoring import free_wasabi
from sushigo.games.classic.views import PlayerView, RoundView

if TYPE_CHECKING:
    from sushigo.games.classic.ruleset import ClassicRuleset


@dataclass(frozen=True, slots=True)
class Deal:
    """Cards dealt at the start of a round: one hand per seat (the dummy's is its pile)."""

    hands: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Two-player dummy: the card the controller draws from the dummy's pile."""

    card: str


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round, as the record keeps it."""

    hands: tuple[tuple[str, ...], ...]
    """Hands as dealt (the dummy's pile third)."""
    draws: tuple[str, ...]
    """Dummy-pile draws, one per turn (empty without the dummy)."""
    turns: tuple[tuple[tuple[str, ...], ...], ...]
    """``turns[t][seat]``: cards the seat took on turn ``t``, in resolve order."""
    tableaux: tuple[tuple[str, ...], ...]
    """What lay in front of each seat when the round was scored."""
    breakdown: tuple[dict[str, int], ...]
    """Points by family for each seat."""
    scores: tuple[int, ...]
    """Points of each seat this round (puddings excluded)."""


_DEAL: Final = 0
_DRAW: Final = 1
_PICK: Final = 2
_OVER: Final = 3


class ClassicState(State[PlayerView, Pick, "Deal | Draw"]):
    """A position of a classic game. Hands are kept sorted in card-table order."""

    __slots__ = (
        "ruleset",
        "_rules",
        "_phase",
        "_round",
        "_turn",
        "_hands",
        "_singles",
        "_tabs",
        "_deck",
        "_next_deck",
        "_pile",
        "_drawn",
        "_pass_right",
        "_dealt",
        "_draws",
        "_turns",
        "_desserts",
        "_discards",
        "_results",
        "_final",
    )

    def __init__(self, ruleset: ClassicRuleset, source: ClassicState | None = None) -> None:
        """The state before the first deal, or a copy of ``source``."""
        self.ruleset = ruleset
        self._rules: ClassicRuleset = ruleset
        if source is not None:
            self._phase: int = source._phase
            self._round: int = source._round
            self._turn: int = source._turn
            self._hands: list[list[str]] = [h[:] for h in source._hands]
            self._singles: list[tuple[Pick, ...]] = list(source._singles)
            self._tabs: list[tuple[str, ...]] = list(source._tabs)
            self._deck: dict[str, int] = dict(source._deck)
            self._pile: tuple[str, ...] = source._pile
            self._drawn: str | None = source._drawn
            self._pass_right: bool = source._pass_right
            self._dealt: tuple[tuple[str, ...], ...] = source._dealt
            self._draws: list[str] = list(source._draws)
            self._turns: list[tuple[tuple[str, ...], ...]] = list(source._turns)
            self._desserts: list[int] = list(source._desserts)
            self._discards: tuple[str, ...] = source._discards
            self._results: tuple[RoundResult, ...] = source._results
            self._final: tuple[int, ...] | None = source._final
        else:
            seats = ruleset.seats
            self._phase = _DEAL
            self._round = 0
            self._turn = 0
            # Each player's hand, sorted in card-table order (mutated in place),
            # and its single-card picks, kept in step with it.
            self._hands = [[] for _ in range(ruleset.players)]
            self._singles = [() for _ in range(ruleset.players)]
            self._tabs = [() for _ in range(seats)]
            self._deck = dict(ruleset.deck)
            self._pile = ()
            self._drawn = None
            self._pass_right = False
            self._dealt = ()
            self._draws = []
            self._turns = []
            self._desserts = [0] * seats
            self._discards = ()
            self._results = ()
            self._final = None
        self._next_deck: dict[str, int] = self._deck

    # -- queries ----------------------------------------------------------

    def is_terminal(self) -> bool:
        return self._phase == _OVER

    def is_chance(self) -> bool:
        return self._phase == _DEAL or self._phase == _DRAW

    @property
    def rules(self) -> ClassicRuleset:
        """The ruleset, with its classic-specific attributes (``ruleset`` is the same object)."""
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
    def results(self) -> tuple[RoundResult, ...]:
        """Finished rounds."""
        return self._results

    @property
    def desserts(self) -> tuple[int, ...]:
        """Puddings each seat has kept from finished rounds."""
        return tuple(self._desserts)

    def hand(self, seat: int) -> tuple[str, ...]:
        """A seat's hand (full information: not for agents)."""
        return tuple(self._hands[seat]) if seat < len(self._hands) else ()

    def tableau(self, seat: int) -> tuple[str, ...]:
        """Cards in front of a seat this round, in the order played."""
        return self._tabs[seat]

    def deck(self) -> dict[str, int]:
        """Undealt cards as a multiset (full information: not for agents)."""
        return {c: n for c, n in self._deck.items() if n}

    def pile(self) -> tuple[str, ...]:
        """The dummy's face-down pile (full information: not for agents)."""
        return self._pile

    def discards(self) -> tuple[str, ...]:
        """Cards discarded face-up in finished rounds."""
        return self._discards

    def controller(self) -> int | None:
        """Seat controlling the dummy this turn (dummy variant), else None."""
        if not self._rules.dummy or self._phase == _OVER:
            return None
        return (self._round * DUMMY_HAND_SIZE + self._turn) % 2

    def to_act(self) -> tuple[int, ...]:
        if self._phase != _PICK:
            return ()
        return self._rules.deciders

    def decisions(self) -> list[tuple[int, Sequence[Pick]]]:
        if self._phase != _PICK:
            return []
        if self._rules.dummy:
            return [(seat, self.legal_actions(seat)) for seat in (0, 1)]
        out: list[tuple[int, Sequence[Pick]]] = []
        for seat, (singles, tab) in enumerate(zip(self._singles, self._tabs, strict=False)):
            out.append((seat, self.legal_actions(seat) if "chopsticks" in tab else singles))
        return out

    def legal_actions(self, seat: int) -> tuple[Pick, ...]:
        if self._phase != _PICK or not 0 <= seat < len(self._hands):
            return ()
        if not self._rules.dummy and "chopsticks" not in self._tabs[seat]:
            return self._singles[seat]  # the common case: one pick per card type
        hand = tuple(self._hands[seat])
        uniq = list(dict.fromkeys(hand))
        dummy = self._rules.dummy and seat == self.controller()
        need = 3 if dummy else 2
        acts = list(self._singles[seat])
        if len(hand) >= need and "chopsticks" in self._tabs[seat]:
            # Both orders are offered only where the order changes the outcome.
            free = free_wasabi(self._tabs[seat])
            ordered = _WASABI_FIRST if free == 0 else _TWO_NIGIRI if free == 1 else frozenset()
            for i, a in enumerate(uniq):
                for b in uniq[i:]:
                    if a == b and hand.count(a) < 2:
                        continue
                    acts.append(_PAIRS[a, b])
                    if (a, b) in ordered or (b, a) in ordered:
                        acts.append(_PAIRS[b, a])
        if not dummy:
            return tuple(acts)
        out: list[Pick] = []
        for act in acts:
            rest = list(hand)
            for c in act.cards:
                rest.remove(c)
            out.extend(Pick(act.cards, d) for d in dict.fromkeys(rest))
        return tuple(out)

    def observe(self, seat: int) -> PlayerView:
        rs = self._rules
        n = rs.seats
        if not 0 <= seat < n:
            raise IllegalActionError(f"no seat {seat}: seats are 0 to {n - 1}")
        players = len(self._hands)
        step = rs.pass_step(self._round)
        hands: list[tuple[str, ...] | None] = [None] * n
        sizes = [0] * n
        for s in range(players):
            sizes[(s - seat) % n] = len(self._hands[s])
        ctrl = self.controller()
        if seat < players:
            hands[0] = tuple(self._hands[seat])
            if rs.dummy:
                other = 1 - seat
                if self._turn >= 1:
                    known = list(self._hands[other])
                    if other == ctrl and self._drawn is not None and self._drawn in known:
                        known.remove(self._drawn)
                    hands[(other - seat) % n] = tuple(known)
            else:
                for k in range(1, min(self._turn, players - 1) + 1):
                    rel = (k * step) % n
                    hands[rel] = tuple(self._hands[(seat + k * step) % n])
        tabs = self._tabs
        return PlayerView(
            rs,
            seat,
            n,
            self._round,
            self._turn,
            hands[0] or (),
            tuple(hands),
            tuple(sizes),
            tuple(tabs[seat:] + tabs[:seat]),
            tuple(self._desserts[seat:] + self._desserts[:seat]),
            tuple(self._rel_scores(seat)),
            self._discards,
            step,
            None if ctrl is None else (ctrl - seat) % n,
            self._drawn if seat == ctrl else None,
            tuple([t[seat:] + t[:seat] for t in self._turns]),
            tuple(
                [
                    RoundView(
                        r.tableaux[seat:] + r.tableaux[:seat],
                        r.breakdown[seat:] + r.breakdown[:seat],
                        r.scores[seat:] + r.scores[:seat],
                    )
                    for r in self._results
                ]
            ),
        )

    def playout_action(self, seat: int, legal: Sequence[Any], rand: Callable[[], float]) -> Any:
        """A quick heuristic for search playouts: mostly (9 in 10) the pick worth most
        to this tableau now (sets completed, dumplings, nigiri on wasabi, the maki race
        as it stands, puddings, chopsticks pairs), sometimes any legal pick."""
        n = len(legal)
        if n == 1 or rand() < 0.1:
            return legal[int(rand() * n)]
        tabs = self._tabs
        tab = tabs[seat]
        left = len(self._hands[seat]) - 1  # turns after this one
        icons = [_maki_icons(t) for t in tabs]
        late = 1.0 - left / self._rules.hand_size
        best: Any = legal[0]
        best_value = -100.0
        for pick in legal:
            cards = pick.cards
            first = cards[0]
            value = _quick_value(first, tab, left) + rand() * 0.01
            if first in _MAKI:
                value += late * _maki_gain(icons, seat, _MAKI[first])
            if len(cards) == 2:  # chopsticks: the second card after the first; they go back
                second = cards[1]
                value += _quick_value(second, tab + (first,), left) - 1.0
                if second in _MAKI:
                    value += late * _maki_gain(icons, seat, _MAKI[second])
            if value > best_value:
                best, best_value = pick, value
        return best

    def _rel_scores(self, seat: int) -> list[int]:
        r = self.returns()
        return r[seat:] + r[:seat]

    def returns(self) -> list[int]:
        if self._final is not None:
            return list(self._final)
        totals = [0] * self._rules.seats
        for res in self._results:
            for s, pts in enumerate(res.scores):
                totals[s] += pts
        return totals

    def dessert_scores(self) -> list[int]:
        """Pudding points (only once the game is over; zeros before)."""
        if self._phase != _OVER:
            return [0] * self._rules.seats
        return self._rules.dessert(self._desserts)

    def chance_stream(self) -> str:
        if self._phase == _DRAW:
            return f"draw:{self._round}:{self._turn}"
        return f"deal:{self._round}"

    def estimate(self) -> list[int]:
        if self._final is not None:
            return list(self._final)
        totals = self.returns()
        bonus = self._rules.dessert(self._desserts)
        return [totals[s] + bonus[s] for s in range(len(totals))]

    def winners(self) -> list[int]:
        """Winning seats once the game is over (empty before)."""
        if self._final is None:
            return []
        return winners(self._final, self._desserts, self._rules.players)

    def copy(self) -> ClassicState:
        return ClassicState(self._rules, self)

    # -- chance -----------------------------------------------------------

    def sample_chance(self, rng: random.Random) -> Deal | Draw:
        rs = self._rules
        if self._phase == _DEAL:
            deck = self._round_deck()
            cards = CLASSIC_CARDS.expand(deck)  # in table order
            k = rs.hand_size
            rand = rng.random
            n = len(cards)
            # A partial Fisher-Yates shuffle: the last k * seats cards are the deal.
            for _ in range(k * rs.seats):
                j = int(rand() * n)
                n -= 1
                cards[j], cards[n] = cards[n], cards[j]
            key = _ORDER.__getitem__
            return Deal(
                tuple(
                    tuple(sorted(cards[n + i * k : n + (i + 1) * k], key=key))
                    for i in range(rs.seats)
                )
            )
        if self._phase == _DRAW:
            return Draw(self._pile[int(rng.random() * len(self._pile))])
        raise IllegalActionError("no deal or draw is due now")

    def _round_deck(self) -> dict[str, int]:
        """What the next deal is drawn from."""
        if self._rules.options["reshuffle"]:
            deck = dict(self._rules.deck)
            deck["pudding"] -= sum(self._desserts)
            return deck
        return self._deck

    def _check_chance(self, outcome: object) -> None:
        rs = self._rules
        if self._phase == _DEAL:
            if not isinstance(outcome, Deal):
                raise IllegalActionError("a new round starts with a deal")
            if len(outcome.hands) != rs.seats:
                raise IllegalActionError(f"a deal has {rs.seats} hands, not {len(outcome.hands)}")
            for i, hand in enumerate(outcome.hands):
                if len(hand) != rs.hand_size:
                    raise IllegalActionError(
                        f"hand {i} has {len(hand)} cards; a hand is {rs.hand_size}"
                    )
            left = dict(self._round_deck())
            get = left.get
            for c in chain.from_iterable(outcome.hands):
                left[c] = get(c, 0) - 1
            if min(left.values()) < 0:
                deck = self._round_deck()
                need = Counter(chain.from_iterable(outcome.hands))
                raise IllegalActionError(
                    "the deal uses more cards than the deck has left: "
                    + ", ".join(
                        f"{n} {c} (deck has {deck.get(c, 0)})"
                        for c, n in need.items()
                        if left[c] < 0
                    )
                )
            self._next_deck = left
        else:
            if not isinstance(outcome, Draw):
                raise IllegalActionError("the dummy's controller draws a card now")
            if outcome.card not in self._pile:
                raise IllegalActionError(f"the dummy's pile holds no {outcome.card}")

    def _apply_chance(self, outcome: Deal | Draw) -> None:
        if isinstance(outcome, Draw):
            ctrl = self.controller()
            assert ctrl is not None
            pile = list(self._pile)
            pile.remove(outcome.card)
            self._pile = tuple(pile)
            self._drawn = outcome.card
            hand = self._hands[ctrl]
            hand.append(outcome.card)
            hand.sort(key=_ORDER.__getitem__)
            self._singles[ctrl] = _singles_of(hand)
            self._draws.append(outcome.card)
            self._phase = _PICK
            return
        rs = self._rules
        if rs.options["reshuffle"]:
            self._discards = ()
        self._deck = self._next_deck  # worked out by _check_chance
        hands = tuple(CLASSIC_CARDS.sort(h) for h in outcome.hands)
        self._dealt = hands
        if rs.dummy:
            self._hands = [list(hands[0]), list(hands[1])]
            self._singles = [_singles_of(hands[0]), _singles_of(hands[1])]
            self._pile = hands[2]
            self._phase = _DRAW
        else:
            self._hands = [list(h) for h in hands]
            self._singles = [_singles_of(h) for h in hands]
            self._phase = _PICK
        self._turn = 0
        self._draws = []
        self._turns = []
        self._pass_right = rs.pass_step(self._round) == -1

    # -- decisions --------------------------------------------------------

    def apply(self, actions: Mapping[int, Pick]) -> None:
        """As :meth:`State.apply`, with a fast path for the common turn.

        When every player takes one card (no chopsticks, no dummy), the checks
        and the move are done here in one pass; anything else goes through the
        general checks of :meth:`State.apply`.
        """
        hands = self._hands
        n = len(hands)
        if self._phase != _PICK or self._rules.dummy or len(actions) != n:
            return State.apply(self, actions)
        picks = []
        given: Mapping[int, object] = actions  # anything: State.apply names what is wrong
        for seat in range(n):
            act = given.get(seat)
            if not isinstance(act, Pick) or act.dummy is not None:
                return State.apply(self, actions)
            cards = act.cards
            if len(cards) != 1:
                return State.apply(self, actions)
            if cards[0] not in hands[seat]:
                raise IllegalActionError(_not_in_hand(seat, cards[0], hands[seat]))
            picks.append(cards)
        # Every pick is legal: move the cards.
        tabs = self._tabs
        singles = self._singles
        for seat in range(n):
            cards = picks[seat]
            card = cards[0]
            hand = hands[seat]
            hand.remove(card)
            if card not in hand:
                pick = _SINGLES[card]
                singles[seat] = tuple([p for p in singles[seat] if p is not pick])
            tabs[seat] += cards
        self._after_turn(tuple(picks))

    def _check(self, seat: int, action: object) -> None:
        if not isinstance(action, Pick):
            raise IllegalActionError(f"seat {seat}: {action!r} is not a pick")
        cards = action.cards
        if len(cards) == 1 and action.dummy is None and not self._rules.dummy:
            if cards[0] not in self._hands[seat]:
                raise IllegalActionError(_not_in_hand(seat, cards[0], self._hands[seat]))
            return
        self._check_slow(seat, action)

    def _check_slow(self, seat: int, action: Pick) -> None:
        hand = self._hands[seat]
        cards = action.cards
        dummy = self._rules.dummy and seat == self.controller()
        if len(cards) == 1:
            if cards[0] not in hand:
                raise IllegalActionError(_not_in_hand(seat, cards[0], hand))
        elif len(cards) == 2:
            if "chopsticks" not in self._tabs[seat]:
                raise IllegalActionError(
                    f"seat {seat} cannot take two cards: no chopsticks in front of them"
                )
            for c in cards:
                if hand.count(c) < cards.count(c):
                    raise IllegalActionError(_not_in_hand(seat, c, hand, cards.count(c)))
            if len(hand) < (3 if dummy else 2):
                raise IllegalActionError(
                    f"seat {seat} cannot use chopsticks: too few cards in hand"
                )
        else:
            raise IllegalActionError(
                f"seat {seat}: take one card, or two with chopsticks (not {len(cards)})"
            )
        if dummy:
            if action.dummy is None:
                raise IllegalActionError(
                    f"seat {seat} controls the dummy this turn and must also choose its card"
                )
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            if action.dummy not in rest:
                raise IllegalActionError(
                    f"seat {seat} cannot give the dummy {action.dummy}: "
                    "it is not among the cards left in their hand"
                )
        elif action.dummy is not None:
            raise IllegalActionError(f"seat {seat} does not control the dummy this turn")

    def _apply(self, actions: Mapping[int, Pick]) -> None:
        hands = self._hands
        tabs = self._tabs
        picks: list[tuple[str, ...]] = [()] * len(tabs)
        for seat, act in actions.items():
            cards = act.cards
            if len(cards) == 1 and act.dummy is None:
                hands[seat].remove(cards[0])
                self._singles[seat] = _singles_of(hands[seat])
                tabs[seat] += cards
            else:
                self._apply_slow(seat, act)
            picks[seat] = cards
            if act.dummy is not None:
                picks[2] = (act.dummy,)
        self._after_turn(tuple(picks))

    def _after_turn(self, picks: tuple[tuple[str, ...], ...]) -> None:
        """Log the turn, then pass the hands or end the round."""
        hands = self._hands
        self._turns.append(picks)
        if not hands[0]:
            self._end_round()
            return
        singles = self._singles
        if self._pass_right:  # seat i passes to seat i - 1
            hands.append(hands.pop(0))
            singles.append(singles.pop(0))
        else:  # seat i passes to seat i + 1
            hands.insert(0, hands.pop())
            singles.insert(0, singles.pop())
        self._turn += 1
        if self._rules.dummy:
            self._drawn = None
            self._phase = _DRAW
        elif len(hands[0]) == 1:
            # "The player receiving [the last card] simply places it face-up":
            # no decision, but it is logged as the round's last turn.
            last = tuple(tuple(h) for h in hands)
            self._tabs = [t + h for t, h in zip(self._tabs, last, strict=True)]
            self._hands = [[] for _ in hands]
            self._singles = [() for _ in hands]
            self._after_turn(last)

    def _apply_slow(self, seat: int, act: Pick) -> None:
        """A chopsticks pick, or the dummy controller's pick."""
        cards = act.cards
        rest = list(self._hands[seat])
        for c in cards:
            rest.remove(c)
        tab = self._tabs[seat]
        if len(cards) == 2:
            rest.append("chopsticks")
            i = tab.index("chopsticks")
            tab = tab[:i] + tab[i + 1 :]
        self._tabs[seat] = tab + cards
        if act.dummy is not None:
            rest.remove(act.dummy)
            self._tabs[2] += (act.dummy,)
        self._hands[seat] = list(CLASSIC_CARDS.sort(rest))
        self._singles[seat] = _singles_of(self._hands[seat])

    def _end_round(self) -> None:
        rs = self._rules
        tabs = self._tabs
        breakdown = rs.score_round(tabs)
        scores = tuple(sum(b.values()) for b in breakdown)
        self._results = self._results + (
            RoundResult(
                self._dealt,
                tuple(self._draws),
                tuple(self._turns),
                tuple(tabs),
                tuple(breakdown),
                scores,
            ),
        )
        discards = list(self._discards)
        for s, tab in enumerate(tabs):
            if "pudding" in tab:
                self._desserts[s] += tab.count("pudding")
                discards.extend([c for c in tab if c != "pudding"])
            else:
                discards.extend(tab)
        if rs.dummy:
            discards.extend(self._pile)
            self._pile = ()
        self._discards = tuple(discards)
        self._tabs = [() for _ in tabs]
        self._drawn = None
        self._round += 1
        self._turns = []
        self._draws = []
        if self._round == ROUNDS:
            self._phase = _OVER
            totals = self.returns()
            for s, pts in enumerate(rs.dessert(self._desserts)):
                totals[s] += pts
            self._final = tuple(totals)
        else:
            self._phase = _DEAL


def _not_in_hand(seat: int, card: str, hand: Iterable[str], n: int = 1) -> str:
    held = ", ".join(hand) or "nothing"
    what = card if n == 1 else f"{n} x {card}"
    return f"seat {seat} cannot take {what}: their hand holds {held}"
