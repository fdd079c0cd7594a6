"""Sushi Go Party!: what a seat decides, as values with a notation that round-trips.

Two kinds of action:

* :class:`PartyPick`, the simultaneous pick of every turn: one card from the
  hand; for a special order, the card it copies (chosen face-down, before the
  reveal, as the card guide says); and optionally one bonus card called at the
  reveal (a chopsticks or spoon in front of the seat, or a special order
  copying one). Notation: ``tempura``, ``special-order=maki-3``,
  ``special-order=flipped``, ``eel call:chopsticks-2``,
  ``tofu call:special-order=spoon-5``.
* :class:`Choice`, a decision in the middle of a turn, made by one seat:
  ``take:CARD`` (chopsticks: the second card from the hand), ``ask:NAME``
  (spoon: a card kind such as ``nigiri``, or an exact card such as
  ``salmon-nigiri``), ``give:CARD`` (the player asked by a spoon, holding more
  than one card that matches, gives one), ``order:CARD`` (menu: the card played
  from the four drawn), ``copy:CARD`` or ``copy:flipped`` (a special order
  played through chopsticks, spoon or menu), ``flip:TOKEN,TOKEN`` (takeout box:
  the cards turned face-down, in the notation of
  :class:`~sushigo.games.party.scoring.Played`; ``flip:`` flips nothing).

Card names may be ids, printed names or unique prefixes when parsed. Every action
also has a stable integer id (:func:`action_id`, :func:`action_from_id`).
"""

from __future__ import annotations

from typing import Final

from sushigo.core.actions import LazySequence
from sushigo.core.errors import ParseError
from sushigo.games.party.cards import _BONUS, _BY_ID, _N, _ORDER, KINDS, PARTY_CARDS
from sushigo.games.party.scoring import FLIPPED, parse_played, played_value

SPECIAL_ORDER: Final = "special-order"

CHOICE_KINDS: Final[dict[str, str]] = {
    "take": "chopsticks: play a second card from your hand",
    "ask": "spoon: name the card you want",
    "give": "spoon: give one of the matching cards",
    "order": "menu: play one of the cards drawn",
    "copy": "special order: the card it copies",
    "flip": "takeout box: the cards to turn face-down",
}
"""Every kind of mid-turn decision, with what it asks for."""


class PartyPick:
    """One seat's pick for a turn (see the module docstring for the notation).

    A value: equal picks have equal notation (``text``), worked out once.
    """

    __slots__ = ("card", "copy", "call", "text")

    card: str
    """The card taken from the hand."""
    copy: str | None
    """For a special order: the card id it copies, or ``"flipped"``; ``None`` when
    there is nothing to copy (the special order is then discarded)."""
    call: str | None
    """Token of the bonus card called at the reveal (``chopsticks-2``,
    ``special-order=spoon-5``), or ``None``."""
    text: str
    """The notation."""

    def __init__(self, card: str, copy: str | None = None, call: str | None = None) -> None:
        self.card = card
        self.copy = copy
        self.call = call
        text = card if copy is None else f"{card}={copy}"
        self.text = text if call is None else f"{text} call:{call}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartyPick):
            return NotImplemented
        return self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"PartyPick(card={self.card!r}, copy={self.copy!r}, call={self.call!r})"

    def __str__(self) -> str:
        return self.text


class Choice:
    """A mid-turn decision: its kind (a key of :data:`CHOICE_KINDS`) and its cards.

    A value: equal choices have equal notation (``text``), worked out once.
    """

    __slots__ = ("kind", "cards", "text")

    kind: str
    """``take``, ``ask``, ``give``, ``order``, ``copy`` or ``flip``."""
    cards: tuple[str, ...]
    """The card (one, except for ``flip``: any number, in sorted order)."""
    text: str
    """The notation."""

    def __init__(self, kind: str, cards: tuple[str, ...] = ()) -> None:
        self.kind = kind
        self.cards = cards
        self.text = f"{kind}:{','.join(cards)}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"Choice(kind={self.kind!r}, cards={self.cards!r})"

    def __str__(self) -> str:
        return self.text


PartyAction = PartyPick | Choice
"""What a seat may decide in Sushi Go Party!."""

_PICKS: Final[dict[tuple[str, str | None, str | None], PartyPick]] = {}
_CHOICES: Final[dict[tuple[str, tuple[str, ...]], Choice]] = {}


def pick_of(card: str, copy: str | None = None, call: str | None = None) -> PartyPick:
    """The one shared :class:`PartyPick` with these fields."""
    key = (card, copy, call)
    p = _PICKS.get(key)
    if p is None:
        p = _PICKS[key] = PartyPick(card, copy, call)
    return p


def choice_of(kind: str, cards: tuple[str, ...]) -> Choice:
    """The one shared :class:`Choice` with these fields."""
    key = (kind, cards)
    c = _CHOICES.get(key)
    if c is None:
        c = _CHOICES[key] = Choice(kind, cards)
    return c


def parse_ask(text: str) -> str:
    """A spoon's request: a card kind (``nigiri``, ``maki``) or an exact card."""
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    if key in KINDS:
        return key
    return PARTY_CARDS.parse(text)


def parse_target(text: str) -> str:
    """What a special order copies: a card id, or ``flipped``."""
    key = text.strip().lower()
    if key == FLIPPED:
        return FLIPPED
    card = PARTY_CARDS.parse(text)
    if card == SPECIAL_ORDER:
        raise ParseError("a special order copying a special order counts as what that one copies")
    return card


def parse_party_action(text: str) -> PartyAction:
    """Read a pick or a mid-turn choice.

    >>> str(parse_party_action("special order = maki 3 call:chop 2"))
    'special-order=maki-3 call:chopsticks-2'
    >>> parse_party_action("flip:tempura, squid/on-wasabi")
    Choice(kind='flip', cards=('squid-nigiri/on-wasabi', 'tempura'))
    """
    raw = text.strip()
    head, colon, rest = raw.partition(":")
    kind = head.strip().lower()
    if colon and kind in CHOICE_KINDS:
        if kind == "flip":
            tokens = [parse_played(t).token for t in rest.split(",") if t.strip()]
            return choice_of("flip", tuple(sorted(tokens)))
        if not rest.strip():
            raise ParseError(f"{raw!r}: name the card after '{kind}:'")
        if kind == "ask":
            return choice_of("ask", (parse_ask(rest),))
        if kind == "copy":
            return choice_of("copy", (parse_target(rest),))
        return choice_of(kind, (PARTY_CARDS.parse(rest),))
    if not raw:
        raise ParseError("no card given: name the card you take, e.g. 'tempura'")
    low = raw.lower()
    call: str | None = None
    at = low.find("call:")
    if at >= 0:
        token = raw[at + len("call:") :].strip()
        raw = raw[:at].strip()
        if not token:
            raise ParseError(f"{text.strip()!r}: name the bonus card after 'call:'")
        played = parse_played(token)
        if played.kind not in ("chopsticks", "spoon"):
            raise ParseError(f"{text.strip()!r}: only chopsticks and spoons are called")
        call = played.token
    name, eq, target = raw.partition("=")
    card = PARTY_CARDS.parse(name)
    copy: str | None = None
    if eq:
        if card != SPECIAL_ORDER:
            raise ParseError(f"{text.strip()!r}: only a special order copies a card")
        copy = parse_target(target)
    return pick_of(card, copy, call)


class CallChoices(LazySequence[PartyPick]):
    """Every pick of a seat that may call a bonus card: each plain pick, then each of
    them with each call, built one at a time on demand."""

    def __init__(self, base: tuple[PartyPick, ...], calls: list[str]) -> None:
        self._base = base
        self._calls = calls
        self._size = len(base) * (1 + len(calls))

    def _item(self, index: int) -> PartyPick:
        q, r = divmod(index, len(self._base))
        p = self._base[r]
        return p if q == 0 else pick_of(p.card, p.copy, self._calls[q - 1])

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, PartyPick):
            return False
        if value.call is None:
            return value in self._base
        return value.call in self._calls and pick_of(value.card, value.copy) in self._base


class FlipChoices(LazySequence[Choice]):
    """Every ``flip`` a takeout box may make: each sub-multiset of the cards that may
    be flipped, without building them all (the random agent draws one by index).

    Index ``i`` is read in mixed radix, one digit per distinct token.
    """

    def __init__(self, counts: dict[str, int]) -> None:
        self._tokens = sorted(counts)
        self._counts = [counts[t] for t in self._tokens]
        size = 1
        for c in self._counts:
            size *= c + 1
        self._size = size

    def _item(self, index: int) -> Choice:
        cards: list[str] = []
        for token, c in zip(self._tokens, self._counts, strict=True):
            index, k = divmod(index, c + 1)
            cards.extend([token] * k)
        return choice_of("flip", tuple(cards))

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, Choice) or value.kind != "flip":
            return False
        if list(value.cards) != sorted(value.cards):
            return False
        for token in set(value.cards):
            if token not in self._tokens:
                return False
            if value.cards.count(token) > self._counts[self._tokens.index(token)]:
                return False
        return True


_SINGLE: Final = {c: pick_of(c) for c in PARTY_CARDS.ids}
"""The plain pick of each card (no copy, no call)."""


def _distinct_picks(hand: list[str]) -> tuple[PartyPick, ...]:
    """One plain pick per card type in a hand (no special order among them)."""
    single = _SINGLE
    out: list[PartyPick] = []
    last = ""
    for c in hand:
        if c != last:
            out.append(single[c])
            last = c
    return tuple(out)


# ---------------------------------------------------------------------------
# Action ids: picks first, then each kind of choice.

_TARGETS: Final = (*PARTY_CARDS.ids, FLIPPED)
_CALLS: Final = tuple(
    t for c in PARTY_CARDS.ids if _BY_ID[c].family in _BONUS for t in (c, f"{SPECIAL_ORDER}={c}")
)
_PICK_IDS: Final = _N * (len(_TARGETS) + 1) * (len(_CALLS) + 1)
_ASKS: Final = (*KINDS, *PARTY_CARDS.ids)
_KINDS: Final = tuple(CHOICE_KINDS)


def _universe() -> tuple[str, ...]:
    """Every token a card in front of a player can have, in a fixed order."""
    out: list[str] = []
    for c in PARTY_CARDS.ids:
        for copies in (None, *(t for t in PARTY_CARDS.ids if t != SPECIAL_ORDER)):
            if copies is not None and c != SPECIAL_ORDER:
                continue
            kind = _BY_ID[copies or c].family
            out.append(played_value(c, copies).token)
            if kind == "nigiri":
                out.append(played_value(c, copies, on_wasabi=True).token)
            if kind == "wasabi":
                out.append(played_value(c, copies, covered=True).token)
        out.append(played_value(c, flipped=True).token)
    return tuple(out)


_TOKENS: Final = _universe()
_TOKEN_INDEX: Final = {t: i for i, t in enumerate(_TOKENS)}
_FLIP_BASE: Final = 16  # a player holds at most 10 cards of one kind


def action_id(action: PartyAction) -> int:
    """A stable integer for every action: picks below ``_PICK_IDS``, then choices (a
    flip encodes its cards in base 16, one digit per token, so its id is large)."""
    if isinstance(action, PartyPick):
        target = 0 if action.copy is None else 1 + _TARGETS.index(action.copy)
        call = 0 if action.call is None else 1 + _CALLS.index(action.call)
        return _ORDER[action.card] + _N * (target + (len(_TARGETS) + 1) * call)
    kind = _KINDS.index(action.kind)
    if action.kind == "flip":
        value = 0
        for token in action.cards:
            value += _FLIP_BASE ** _TOKEN_INDEX[token]
    elif action.kind == "ask":
        value = _ASKS.index(action.cards[0])
    elif action.kind == "copy":
        value = _TARGETS.index(action.cards[0])
    else:
        value = _ORDER[action.cards[0]]
    return _PICK_IDS + kind + len(_KINDS) * value


def action_from_id(number: int) -> PartyAction:
    """The inverse of :func:`action_id`; ParseError for a number no action has."""
    try:
        if number < 0:
            raise IndexError
        if number < _PICK_IDS:
            rest, card = divmod(number, _N)
            call, target = divmod(rest, len(_TARGETS) + 1)
            return pick_of(
                PARTY_CARDS.ids[card],
                None if target == 0 else _TARGETS[target - 1],
                None if call == 0 else _CALLS[call - 1],
            )
        value, kind_index = divmod(number - _PICK_IDS, len(_KINDS))
        kind = _KINDS[kind_index]
        if kind == "flip":
            cards: list[str] = []
            i = 0
            while value:
                value, k = divmod(value, _FLIP_BASE)
                cards.extend([_TOKENS[i]] * k)
                i += 1
            return choice_of("flip", tuple(sorted(cards)))
        if kind == "ask":
            return choice_of("ask", (_ASKS[value],))
        if kind == "copy":
            return choice_of("copy", (_TARGETS[value],))
        return choice_of(kind, (PARTY_CARDS.ids[value],))
    except IndexError:
        raise ParseError(f"no action has id {number}") from None
