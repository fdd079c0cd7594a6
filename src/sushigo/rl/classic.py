"""Sushi Go!: the observation and action layouts (docs/rl.md has them as tables).

Actions are the ruleset's own action ids (:meth:`ClassicRuleset.action_id`): a
single card by type (13), a chopsticks pair in resolve order (13 x 13), each
alone or with the card given to the dummy (14 blocks of 182), then the no-op.
Only the orders that change the outcome are legal, so a legal pair has one slot.
"""

from __future__ import annotations

from typing import Any, Final

from sushigo.core.errors import IllegalActionError
from sushigo.core.state import Action, AnyState
from sushigo.games.classic.actions import _PAIRS, _SINGLES, Pick
from sushigo.games.classic.cards import _N, _NIGIRI, _ORDER, CLASSIC_CARDS, ROUNDS
from sushigo.games.classic.views import PlayerView
from sushigo.rl.codec import Codec, register

SEATS: Final = 5
"""Seat blocks in every observation: the most seats at a table (5 players)."""
_BLOCK: Final = 4 + 2 * _N + 1 + 3 + 2
"""One seat's numbers: present, dummy, hand size, hand known, known hand (13),
tableau (13), free wasabi, nigiri on wasabi (3), puddings kept, score / 10."""
_VARIANTS: Final = ("pass_both_ways", "dummy", "reshuffle", "soy_sauce")
_GLOBAL: Final = 4 + len(_VARIANTS) + ROUNDS + 3 + 3 * _N
"""Players one-hot (2-5), variants, round one-hot, turn / hand size, passing right,
controlling the dummy, the card drawn from the dummy's pile, own hand, unseen."""

_ON: Final = {c: i for i, c in enumerate(c for c in CLASSIC_CARDS.ids if c in _NIGIRI)}
"""Nigiri on a wasabi, by type (egg, salmon, squid)."""
_IDS: Final[dict[Pick, int]] = {}
for _pick in (*_SINGLES.values(), *_PAIRS.values()):
    _c = _pick.cards
    _IDS[_pick] = _ORDER[_c[0]] if len(_c) == 1 else _N + _ORDER[_c[0]] * _N + _ORDER[_c[1]]


@register
class ClassicCodec(Codec):
    """Sushi Go!'s layouts: 233 numbers, 2,549 slots."""

    game = "sushi-go"
    size = _GLOBAL + SEATS * _BLOCK
    slots = (_N + _N * _N) * (_N + 1) + 1

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._deck = [ruleset.deck.get(c, 0) for c in CLASSIC_CARDS.ids]
        head = [0.0] * self.size
        head[ruleset.players - 2] = 1.0
        for i, key in enumerate(_VARIANTS):
            head[4 + i] = 1.0 if ruleset.options[key] else 0.0
        self._head = head
        self._hand_size = float(ruleset.hand_size)
        self._dummy_seat = ruleset.seats - 1 if ruleset.dummy else -1

    def observe(self, view: Any) -> list[float]:
        v: PlayerView = view
        order = _ORDER
        out = self._head[:]
        if v.round < ROUNDS:
            out[8 + v.round] = 1.0
        out[11] = v.turn / self._hand_size
        out[12] = 1.0 if v.pass_step < 0 else 0.0
        out[13] = 1.0 if v.controller == 0 else 0.0
        if v.drawn is not None:
            out[14 + order[v.drawn]] = 1.0
        own = 14 + _N
        unseen = self._deck[:]
        for c in v.hand:
            out[own + order[c]] += 1.0
            unseen[order[c]] -= 1
        for c in v.discards:
            unseen[order[c]] -= 1
        n = v.seats
        step = v.pass_step
        dummy = self._dummy_seat
        base = _GLOBAL
        for k in range(n):
            rel = (k * step) % n
            out[base] = 1.0
            if dummy >= 0 and (v.seat + rel) % n == dummy:
                out[base + 1] = 1.0
            out[base + 2] = v.hand_sizes[rel] / self._hand_size
            known = v.hands[rel]
            if known is not None and k:
                out[base + 3] = 1.0
                at = base + 4
                for c in known:
                    out[at + order[c]] += 1.0
                    unseen[order[c]] -= 1
            at = base + 4 + _N
            free = 0
            for c in v.tableaux[rel]:
                i = order[c]
                out[at + i] += 1.0
                unseen[i] -= 1
                if c == "wasabi":
                    free += 1
                elif free and c in _ON:
                    free -= 1
                    out[at + _N + 1 + _ON[c]] += 1.0
            out[at + _N] = float(free)
            out[at + _N + 4] = float(v.desserts[rel])
            unseen[order["pudding"]] -= v.desserts[rel]
            out[at + _N + 5] = v.scores[rel] / 10.0
            base += _BLOCK
        at = own + _N
        for i, left in enumerate(unseen):
            out[at + i] = float(left)
        return out

    def legal_slots(self, state: AnyState, seat: int) -> list[int]:
        legal = state.legal_actions(seat)
        if self._dummy_seat >= 0:
            return sorted([self.ruleset.action_id(a) for a in legal])
        ids = _IDS
        return sorted([ids[a] for a in legal])

    def slot_of(self, state: AnyState, seat: int, action: Action) -> int:
        if isinstance(action, Pick) and action in state.legal_actions(seat):
            return int(self.ruleset.action_id(action))
        raise IllegalActionError(f"{action} is not a legal pick of seat {seat} now")

    def slot_for(self, view: Any, action: Action) -> int:
        return int(self.ruleset.action_id(action))

    def action_of(self, state: AnyState, seat: int, slot: int) -> Action:
        if 0 <= slot < self.noop:
            action = self.ruleset.action_from_id(slot)
            if action in state.legal_actions(seat):
                return action
        raise self.slot_error(seat, slot)
