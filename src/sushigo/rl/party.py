"""Sushi Go Party!'s observation and action layouts (:class:`PartyCodec`).

One layout for every player count (2-8) and menu: cards are counted over the whole
card table (:data:`~sushigo.games.party.cards.PARTY_CARDS`, 45 ids) and seats over
eight blocks, seat-relative (block 0 is the viewer, block 1 the seat its hand passes
to: hands always pass left).

Actions: a pick is its card, or for a special order its copy, times its call (none
or one of twelve bonus cards); each kind of mid-turn choice has a slot per card,
target or name. A takeout box's flips (any sub-multiset of the cards in front of
its player) are made in steps: one slot per token, "flip one more of this", and a
last slot, "done", that ends the decision. The tables of both layouts are in
docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from sushigo.core.errors import IllegalActionError
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import Action, AnyState
from sushigo.games.party.actions import (
    _ASKS,
    _CALLS,
    _TOKENS,
    CHOICE_KINDS,
    SPECIAL_ORDER,
    CallChoices,
    Choice,
    FlipChoices,
    PartyPick,
    choice_of,
    pick_of,
)
from sushigo.games.party.cards import _QUEUED, DESSERTS, HAND_SIZES, PARTY_CARDS, ROUNDS
from sushigo.games.party.ruleset import PartyRuleset
from sushigo.games.party.scoring import FLIPPED, played_of_token
from sushigo.games.party.state import PartyState
from sushigo.games.party.views import PartyView, Pending
from sushigo.rl.codec import Codec, register

# ---------------------------------------------------------------------------
# The cards.

_IDS: Final = PARTY_CARDS.ids
_N: Final = len(_IDS)
"""Card ids: 45."""
_IDX: Final = dict(PARTY_CARDS.order)
"""Position of each card id."""
_SEATS: Final = 8
"""Seat blocks: the most players a table has."""
_MIN_PLAYERS: Final = min(HAND_SIZES)
_DESSERT_IDS: Final = tuple(c for c in _IDS if PARTY_CARDS.by_id[c].family in DESSERTS)
"""The dessert cards (pudding, green tea ice cream, the six fruits)."""
_NIGIRI_IDS: Final = tuple(c for c in _IDS if PARTY_CARDS.by_id[c].family == "nigiri")

# ---------------------------------------------------------------------------
# The action slots.

_COPY_TARGETS: Final = (
    *(c for c in _IDS if c != SPECIAL_ORDER and PARTY_CARDS.by_id[c].family not in _QUEUED),
    FLIPPED,
)
"""What a special order may copy: any card it counts as, but a special order, a menu
or a takeout box (they leave the table), or ``flipped``: 39 targets."""
_TARGET_IDX: Final = {t: i for i, t in enumerate(_COPY_TARGETS)}

_BASE_PICKS: Final = (
    *(pick_of(c) for c in _IDS),
    *(pick_of(SPECIAL_ORDER, t) for t in _COPY_TARGETS),
)
"""The picks without a call: each card plainly (a special order with nothing to copy
among them), then a special order copying each target: 84."""
_NB: Final = len(_BASE_PICKS)
_BASE_OF: Final = {p.text: i for i, p in enumerate(_BASE_PICKS)}
"""Slot of each pick without a call, by its notation."""
_CALL_OFFSET: Final = {c: (1 + i) * _NB for i, c in enumerate(_CALLS)}
"""What a call adds to its pick's slot."""
_PICKS: Final = _NB * (1 + len(_CALLS))

_TAKE: Final = _PICKS
_ASK: Final = _TAKE + _N
_GIVE: Final = _ASK + len(_ASKS)
_ORDER: Final = _GIVE + _N
_COPY: Final = _ORDER + _N
_FLIP: Final = _COPY + len(_COPY_TARGETS)
_FLIP_TOKENS: Final = tuple(t for t in _TOKENS if not played_of_token(t).flipped)
"""Every token a card that may be flipped can have (not flipped already): 97."""
_FLIP_IDX: Final = {t: i for i, t in enumerate(_FLIP_TOKENS)}
_DONE: Final = _FLIP + len(_FLIP_TOKENS)
"""The slot that ends a takeout box's flips."""
_NOOP: Final = _DONE + 1
SLOTS: Final = _NOOP + 1
"""Action slots of the game: 1,433."""


def _choice_slots() -> dict[str, int]:
    """The slot of every take, ask, give, order and copy, by its notation."""
    out: dict[str, int] = {}
    for i, c in enumerate(_IDS):
        out[choice_of("take", (c,)).text] = _TAKE + i
        out[choice_of("give", (c,)).text] = _GIVE + i
        out[choice_of("order", (c,)).text] = _ORDER + i
    for i, a in enumerate(_ASKS):
        out[choice_of("ask", (a,)).text] = _ASK + i
    for i, t in enumerate(_COPY_TARGETS):
        out[choice_of("copy", (t,)).text] = _COPY + i
    return out


_CHOICE_SLOT: Final = _choice_slots()


def _slot_action(slot: int) -> Action | None:
    """The action a slot stands for, out of context (None for flips and the no-op)."""
    if slot < 0:
        return None
    if slot < _PICKS:
        call, base = divmod(slot, _NB)
        p = _BASE_PICKS[base]
        return p if call == 0 else pick_of(p.card, p.copy, _CALLS[call - 1])
    if slot < _ASK:
        return choice_of("take", (_IDS[slot - _TAKE],))
    if slot < _GIVE:
        return choice_of("ask", (_ASKS[slot - _ASK],))
    if slot < _ORDER:
        return choice_of("give", (_IDS[slot - _GIVE],))
    if slot < _COPY:
        return choice_of("order", (_IDS[slot - _ORDER],))
    if slot < _FLIP:
        return choice_of("copy", (_COPY_TARGETS[slot - _COPY],))
    return None


_SLOT_ACTION: Final = [_slot_action(s) for s in range(SLOTS)]
"""The action of each pick and choice slot; None for the flip slots and the no-op."""

# ---------------------------------------------------------------------------
# The observation: the game, then eight seat blocks, the pending decision, the
# cards drawn, the unseen cards, the flips chosen so far. Counts of cards are
# scaled by 1/4, icons, points and turns by 1/10.

_C: Final = 0.25
"""Scale of a count of cards."""
_T: Final = 0.1
"""Scale of icons, points, turns and hand sizes."""

# The game.
_G_PLAYERS: Final = 0  # one-hot, 2-8 players
_G_ROUND: Final = _G_PLAYERS + 7  # one-hot: rounds 1-3, then the game over
_G_TURN: Final = _G_ROUND + ROUNDS + 1
_G_HAND: Final = _G_TURN + 1  # cards dealt to each player
_G_MENU: Final = _G_HAND + 1  # 45: which card ids are on the menu
_G_URAMAKI: Final = _G_MENU + _N  # uramaki places taken, / 3
_G_DESSERTS: Final = _G_URAMAKI + 1  # desserts in this round's deck
_GAME: Final = _G_DESSERTS + 1

# A seat block, offsets within it.
_S_PRESENT: Final = 0
_S_HAND_SIZE: Final = 1
_S_KNOWN: Final = 2  # the hand is known (the viewer's own, or one it held this round)
_S_HAND: Final = 3  # 45: the hand's cards, when known
_S_TABLE: Final = _S_HAND + _N  # 45: cards in front, face up, by the card each counts as
_S_ON_WASABI: Final = _S_TABLE + _N  # 3: egg, salmon, squid nigiri on a wasabi
_S_FREE_WASABI: Final = _S_ON_WASABI + len(_NIGIRI_IDS)
_S_FLIPPED: Final = _S_FREE_WASABI + 1
_S_SPECIAL: Final = _S_FLIPPED + 1  # special orders in front (copying something)
_S_THIS_TURN: Final = _S_SPECIAL + 1  # cards placed this turn
_S_MAKI: Final = _S_THIS_TURN + 1  # maki icons
_S_URAMAKI: Final = _S_MAKI + 1  # uramaki icons still in front
_S_DESSERTS: Final = _S_URAMAKI + 1  # 8: desserts kept, by the card each counts as
_S_FRUIT: Final = _S_DESSERTS + len(_DESSERT_IDS)  # 3: fruit icons kept
_S_SCORE: Final = _S_FRUIT + 3
_S_URAMAKI_SCORED: Final = _S_SCORE + 1
_SEAT: Final = _S_URAMAKI_SCORED + 1
"""Length of a seat block: 115."""
_SEATS_AT: Final = _GAME

# The pending decision.
_PENDING: Final = _SEATS_AT + _SEATS * _SEAT
_P_SEAT: Final = _PENDING + 1  # 8: who decides
_P_KIND: Final = _P_SEAT + _SEATS  # 6: the kind, as in CHOICE_KINDS
_P_CARD: Final = _P_KIND + len(CHOICE_KINDS)  # 45: the card resolved (what it counts as)
_P_COPY: Final = _P_CARD + _N  # that card is a special order
_P_OWNER: Final = _P_COPY + 1  # 8: whose spoon it is (a give), else who decides
_P_ASKED: Final = _P_OWNER + _SEATS  # 68: what the spoon asked for (a give)
_DRAWN: Final = _P_ASKED + len(_ASKS)  # 45: the cards the viewer's menu drew
_UNSEEN: Final = _DRAWN + _N  # 45: cards the viewer has not seen this round
_PARTIAL: Final = _UNSEEN + _N  # 97: the flips chosen so far, by token
SIZE: Final = _PARTIAL + len(_FLIP_TOKENS)
"""Length of the observation: 1,304."""

_KIND_AT: Final = {k: _P_KIND + i for i, k in enumerate(CHOICE_KINDS)}
_ASK_AT: Final = {a: _P_ASKED + i for i, a in enumerate(_ASKS)}


def _table_features() -> dict[str, tuple[int, tuple[tuple[int, float], ...]]]:
    """For every token a card in front of a player can have: its printed card's
    position, and what it adds to its seat block (offset, amount)."""
    out: dict[str, tuple[int, tuple[tuple[int, float], ...]]] = {}
    for token in _TOKENS:
        p = played_of_token(token)
        feats: list[tuple[int, float]] = []
        if p.flipped:
            feats.append((_S_FLIPPED, _C))
        else:
            feats.append((_S_TABLE + _IDX[p.counts_as], _C))
            if p.on_wasabi:
                feats.append((_S_ON_WASABI + _NIGIRI_IDS.index(p.counts_as), _C))
            if p.kind == "wasabi" and not p.covered:
                feats.append((_S_FREE_WASABI, _C))
            if p.card == SPECIAL_ORDER:
                feats.append((_S_SPECIAL, _C))
            if p.kind == "maki":
                feats.append((_S_MAKI, p.icons * _T))
            elif p.kind == "uramaki":
                feats.append((_S_URAMAKI, p.icons * _T))
        out[token] = (_IDX[p.card], tuple(feats))
    return out


def _dessert_features() -> dict[str, tuple[int, tuple[tuple[int, float], ...]]]:
    """For every token a dessert kept can have: its printed card's position, and what
    it adds to its seat block."""
    out: dict[str, tuple[int, tuple[tuple[int, float], ...]]] = {}
    for token in _TOKENS:
        p = played_of_token(token)
        if p.flipped or p.counts_as not in _DESSERT_IDS:
            continue
        feats = [(_S_DESSERTS + _DESSERT_IDS.index(p.counts_as), _C)]
        feats.extend((_S_FRUIT + i, k * _T) for i, k in enumerate(p.fruit) if k)
        out[token] = (_IDX[p.card], tuple(feats))
    return out


_TABLE_FEATS: Final = _table_features()
_DESSERT_FEATS: Final = _dessert_features()
_PENDING_CARD: Final = {
    t: (_P_CARD + _IDX[p.counts_as], p.card == SPECIAL_ORDER)
    for t in _TOKENS
    if not (p := played_of_token(t)).flipped
}
"""Where the card a pending decision resolves goes, and whether it is a special order."""


def _party(state: AnyState) -> PartyState:
    return cast(PartyState, state)


@register
class PartyCodec(Codec):
    """Sushi Go Party!'s layouts (see the module docstring and docs/rl.md)."""

    game = "sushi-go-party"
    size = SIZE
    slots = SLOTS

    def __init__(self, ruleset: AnyRuleset) -> None:
        super().__init__(ruleset)
        rules = cast(PartyRuleset, ruleset)
        n = rules.players
        self._players = n
        head = [0.0] * _GAME
        head[_G_PLAYERS + n - _MIN_PLAYERS] = 1.0
        head[_G_HAND] = rules.hand_size * _T
        for kind in rules.menu.kinds:
            for c in _IDS:
                if PARTY_CARDS.by_id[c].family == kind:
                    head[_G_MENU + _IDX[c]] = 1.0
        self._head = head
        """The game's constant part of every observation."""
        supply = [0] * _N
        for c, k in rules.deck.items():
            supply[_IDX[c]] += k
        for c, k in rules.desserts.items():
            supply[_IDX[c]] += k
        self._supply = supply
        """Every card of the game: the menu's deck and its whole dessert pile."""
        self._dessert_kind = rules.menu.dessert
        self._added = [sum(rules.desserts_added[: r + 1]) for r in range(ROUNDS)]
        """Desserts shuffled into the deck by each round."""
        self._ask_slots = sorted(_CHOICE_SLOT[a.text] for a in rules.asks)
        """The slots of every request a spoon may make with this menu."""
        self._partial: dict[int, tuple[Pending, list[str]]] = {}
        """Each seat's flips chosen so far, with the decision they belong to."""

    # -- the observation ------------------------------------------------------

    def observe(self, view: PartyView) -> list[float]:
        """As :meth:`Codec.observe`; the flips this codec keeps for the viewer are
        shown while its takeout box decides."""
        obs = [0.0] * SIZE
        obs[:_GAME] = self._head
        rnd = view.round
        obs[_G_ROUND + (rnd if rnd < ROUNDS else ROUNDS)] = 1.0
        obs[_G_TURN] = view.turn * _T
        obs[_G_URAMAKI] = view.uramaki_claimed / 3
        unseen = self._supply[:]
        idx = _IDX
        table_feats = _TABLE_FEATS
        dessert_feats = _DESSERT_FEATS
        dessert_kind = self._dessert_kind
        kept = 0
        hands = view.hands
        tableaux = view.tableaux
        earlier = view.earlier
        desserts = view.desserts
        scores = view.scores
        uramaki = view.uramaki_scored
        sizes = view.hand_sizes
        for i in range(view.seats):
            base = _SEATS_AT + i * _SEAT
            obs[base] = 1.0
            obs[base + _S_HAND_SIZE] = sizes[i] * _T
            hand = hands[i]
            if hand is not None:
                obs[base + _S_KNOWN] = 1.0
                at = base + _S_HAND
                for c in hand:
                    j = idx[c]
                    obs[at + j] += _C
                    unseen[j] -= 1
            tab = tableaux[i]
            for p in tab:
                j, feats = table_feats[p.token]
                unseen[j] -= 1
                for off, v in feats:
                    obs[base + off] += v
            obs[base + _S_THIS_TURN] = (len(tab) - earlier[i]) * _C
            for p in desserts[i]:
                j, feats = dessert_feats[p.token]
                unseen[j] -= 1
                if p.kind == dessert_kind and p.card != SPECIAL_ORDER:
                    kept += 1
                for off, v in feats:
                    obs[base + off] += v
            obs[base + _S_SCORE] = scores[i] * _T
            obs[base + _S_URAMAKI_SCORED] = uramaki[i] * _T
        if rnd < ROUNDS:
            obs[_G_DESSERTS] = (self._added[rnd] - kept) * _T
        for c in view.discards:
            unseen[idx[c]] -= 1
        if view.drawn:
            for c in view.drawn:
                j = idx[c]
                obs[_DRAWN + j] += _C
                unseen[j] -= 1
        for j in range(_N):
            obs[_UNSEEN + j] = unseen[j] * _T
        pending = view.pending
        if pending is not None:
            obs[_PENDING] = 1.0
            obs[_P_SEAT + pending.seat] = 1.0
            obs[_KIND_AT[pending.kind]] = 1.0
            card = _PENDING_CARD.get(pending.card)
            if card is not None:
                obs[card[0]] = 1.0
                if card[1]:
                    obs[_P_COPY] = 1.0
            obs[_P_OWNER + pending.owner] = 1.0
            if pending.detail:
                obs[_ASK_AT[pending.detail]] = 1.0
            if pending.kind == "flip" and pending.seat == 0:
                entry = self._partial.get(view.seat)
                if entry is not None:
                    for t in entry[1]:
                        obs[_PARTIAL + _FLIP_IDX[t]] += _C
        return obs

    # -- the actions ------------------------------------------------------------

    def legal_slots(self, state: AnyState, seat: int) -> list[int]:
        """As :meth:`Codec.legal_slots`, worked out from the structure of the legal
        actions (a pick's calls, a takeout box's tokens), never by listing them; for a
        seat with nothing to decide, the no-op alone."""
        st = _party(state)
        legal = st.legal_actions(seat)
        if not legal:
            return [_NOOP]  # nothing to decide
        pending = st.pending
        if pending is None:
            # Not isinstance: the compiled build's CallChoices shares Sequence's ABC
            # registry, so a tuple passes for one.
            if type(legal) is CallChoices:
                base = sorted([_BASE_OF[p.text] for p in legal._base])
                out = base[:]
                for off in sorted([_CALL_OFFSET[c] for c in legal._calls]):
                    out.extend([b + off for b in base])
                return out
            return sorted([_BASE_OF[p.text] for p in cast(tuple[PartyPick, ...], legal)])
        kind = pending.kind
        if kind == "flip":
            flips = cast(FlipChoices, legal)
            chosen = self._chosen(pending, seat)
            out = []
            for t, k in zip(flips._tokens, flips._counts, strict=True):
                if k > (chosen.count(t) if chosen else 0):
                    out.append(_FLIP + _FLIP_IDX[t])
            out.sort()
            out.append(_DONE)
            return out
        if kind == "ask":
            return self._ask_slots[:]
        return sorted([_CHOICE_SLOT[a.text] for a in cast(tuple[Choice, ...], legal)])

    def slot_of(self, state: AnyState, seat: int, action: Action) -> int:
        st = _party(state)
        pending = st.pending
        if self.in_steps(st, seat):
            assert pending is not None
            if not isinstance(action, Choice) or action.kind != "flip":
                raise IllegalActionError(f"seat {seat} decides 'flip:' now, not {action}")
            chosen = self._chosen(pending, seat)
            if action not in st.legal_actions(seat):
                raise IllegalActionError(f"seat {seat} cannot {action} now")
            rest = list(action.cards)
            for t in chosen:
                if t not in rest:
                    break
                rest.remove(t)
            else:
                if not rest:
                    return _DONE
                if len(rest) == 1:
                    return _FLIP + _FLIP_IDX[rest[0]]
            raise IllegalActionError(
                f"seat {seat} has chosen to flip {','.join(chosen) or 'nothing'} so far: "
                f"{action} is not that and one card more"
            )
        slot = _slot(action)
        if slot is None or action not in st.legal_actions(seat):
            raise IllegalActionError(f"{action} is not a legal decision of seat {seat} now")
        return slot

    def slot_for(self, view: Any, action: Action) -> int:
        slot = _slot(action)
        if slot is None:
            raise IllegalActionError(f"{action} has no slot: a flip is chosen in steps")
        return slot

    def choose(
        self, view: Any, legal: Sequence[Action], values: Callable[[list[float]], Any]
    ) -> Action:
        """As :meth:`Codec.choose`; a takeout box's flips one step at a time, the flips
        chosen so far in the observation of each step, as in the environments."""
        if type(legal) is not FlipChoices:
            return super().choose(view, legal, values)
        obs = self.observe(view)
        chosen: list[str] = []
        left = dict(zip(legal._tokens, legal._counts, strict=True))
        while True:
            scores = values(obs)
            best, top = _DONE, scores[_DONE]
            for token, k in left.items():
                slot = _FLIP + _FLIP_IDX[token]
                if k and scores[slot] > top:
                    best, top = slot, scores[slot]
            if best == _DONE:
                return choice_of("flip", tuple(sorted(chosen)))
            token = _FLIP_TOKENS[best - _FLIP]
            chosen.append(token)
            left[token] -= 1
            obs[_PARTIAL + _FLIP_IDX[token]] += _C

    def action_of(self, state: AnyState, seat: int, slot: int) -> Action:
        st = _party(state)
        if self.in_steps(st, seat):
            pending = st.pending
            assert pending is not None
            chosen = self._chosen(pending, seat)
            if slot == _DONE:
                return choice_of("flip", tuple(sorted(chosen)))
            if _FLIP <= slot < _DONE:
                token = _FLIP_TOKENS[slot - _FLIP]
                flips = cast(FlipChoices, st.legal_actions(seat))
                if token in flips._tokens:
                    k = flips._counts[flips._tokens.index(token)]
                    if k > chosen.count(token):
                        return choice_of("flip", tuple(sorted([*chosen, token])))
            raise self.slot_error(seat, slot)
        action = _SLOT_ACTION[slot] if 0 <= slot < SLOTS else None
        if action is None or action not in st.legal_actions(seat):
            raise self.slot_error(seat, slot)
        return action

    def in_steps(self, state: AnyState, seat: int) -> bool:
        pending = _party(state).pending
        return pending is not None and pending.kind == "flip" and pending.seat == seat

    def play(self, state: AnyState, seat: int, slot: int) -> Action | None:
        action = self.action_of(state, seat, slot)
        if not self.in_steps(state, seat):
            return action
        pending = _party(state).pending
        assert pending is not None
        if slot == _DONE:
            self._partial.pop(seat, None)
            return action
        chosen = self._chosen(pending, seat)
        self._partial[seat] = (pending, [*chosen, _FLIP_TOKENS[slot - _FLIP]])
        return None

    def reset(self) -> None:
        self._partial.clear()

    def _chosen(self, pending: Pending, seat: int) -> list[str]:
        """The flips ``seat`` chose so far in the decision ``pending`` (none if what
        the codec kept belongs to another decision)."""
        entry = self._partial.get(seat)
        if entry is None or entry[0] is not pending:
            return []
        return entry[1]


def _slot(action: Action) -> int | None:
    """The slot of a pick or of a choice made in one step, whether legal or not; None
    for a flip (made in steps) and for what is no action."""
    if isinstance(action, PartyPick):
        base = _BASE_OF.get(pick_of(action.card, action.copy).text)
        off = 0 if action.call is None else _CALL_OFFSET.get(action.call)
        if base is not None and off is not None:
            return base + off
        return None
    if isinstance(action, Choice):
        return _CHOICE_SLOT.get(action.text)
    return None
