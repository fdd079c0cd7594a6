"""Sushi Go Party! (2-8 players, menus): ``sushigo.make("sushi-go-party", players=5,
menu="master-menu")``.

Rules: ../shared/rules/sushi-go-party-rulebook.md (its card guide is the
authority) and FACTS.md. Cards and menus are data in
:mod:`sushigo.games.party_cards`, scoring is in :mod:`sushigo.games.party_scoring`
and the actions and their notation in :mod:`sushigo.games.party_actions`.

A turn: every player picks at once (a special order names its copy, and a
bonus card may be called), the cards are revealed and placed (wasabi, miso
soup and uramaki take effect), then the called bonus cards and the menus and
takeout boxes played resolve one by one, lowest lower-right number first. Each
of them may need a decision of one seat (the player using it, or the player a
spoon asks), and a menu first draws four cards (a chance event). When nothing
is left to resolve, hands pass to the left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, NamedTuple

from sushigo.core.errors import IllegalActionError, OptionsError, ParseError, RecordError
from sushigo.core.records import (
    card_lists,
    compare,
    compare_fields,
    final_fields,
    guard,
    record_rounds,
)
from sushigo.core.ruleset import Ruleset, register
from sushigo.core.state import State
from sushigo.games.party_actions import (
    CHOICE_KINDS,
    SPECIAL_ORDER,
    CallChoices,
    Choice,
    FlipChoices,
    PartyAction,
    PartyPick,
    choice_of,
    parse_party_action,
    pick_of,
)
from sushigo.games.party_cards import (
    HAND_SIZES,
    KINDS,
    PARTY_CARDS,
    Menu,
    check_menu,
    dessert_pile,
    desserts_per_round,
    find_menu,
    kind_cards,
    main_deck,
    order_number,
)
from sushigo.games.party_scoring import (
    FLIPPED,
    ONIGIRI_SHAPES,
    Played,
    dessert_points,
    played_of_token,
    played_value,
    score_round,
    uramaki_claims,
    winners,
)
from sushigo.games.party_scoring import RULINGS as SCORING_RULINGS

SUMMARY: Final = """\
Sushi Go Party! - 2 to 8 players, 3 rounds, with a menu: nigiri, 1 roll, 3 appetizers,
2 specials and 1 dessert (--menu NAME, or 7 card kinds separated by commas).

Before each round, 5/3/2 desserts (7/5/3 with 6-8 players) are shuffled into the deck;
everything but the desserts kept is reshuffled every round. Hands: 10 cards with 2-3
players, 9 with 4-5, 8 with 6-7, 7 with 8. Everyone picks at once; hands pass left.

Rolls: maki 6/3 (6/4/2 with 6-8 players), ties take full points; temaki most +4,
fewest -4 (no penalty with 2); uramaki 8/5/2 to the first to reach 10 icons, during
the round, and the next place to the most left at round end.
Appetizers: tempura 5 per 2, sashimi 10 per 3, dumplings 1/3/6/10/15, eel -3 or 7,
tofu 2/6/0, onigiri 1/4/9/16 per set of shapes, edamame 1 per opponent with edamame
(at most 4 each), miso soup 3 unless two or more are played in the same turn.
Specials: wasabi triples the next nigiri; tea 1 per card of your biggest colour;
soy sauce 4 with the most colours.
  Chopsticks, spoon: call one at the reveal on a later turn (one per turn).
    Chopsticks: play a second card from your hand; the chopsticks go into that hand.
    Spoon: name a card (a kind such as nigiri, or an exact one such as salmon nigiri);
    the first player to your left holding it gives it to you, and takes the spoon
    into their hand. Nobody has it: the spoon is discarded.
  Menu (2-6 players): draw 4 cards from the deck, play 1 (not a menu), return the rest.
  Special order (2-6 players): copies a card you played earlier this round.
  Takeout box: flip any of your cards from earlier turns face-down; each is worth 2.
  Bonus actions, menus and takeout boxes resolve after the reveal, lowest number
  (lower right of the card) first.
Desserts at game end: pudding most +6 / fewest -6 (no penalty with 2), green tea
ice cream 12 per 4, fruit -2/0/1/3/6/10 per fruit by icons.
Winner: most points, then most dessert cards.
"""

ROUNDS: Final = 3

RULINGS: Final[tuple[str, ...]] = (
    *SCORING_RULINGS,
    "The last card of each hand is played as it comes, with no decision (a special "
    "order still chooses what it copies).",
    "A nigiri goes on a wasabi that has no nigiri yet, as in the classic game; a special "
    "order copying a nigiri is a nigiri played now and goes on a free wasabi the same way, "
    "whether or not the card it copies lies on one.",
    "A bonus action is called with the pick, before the cards are revealed, and only "
    "with a chopsticks or spoon played on an earlier turn and at least two cards in hand "
    "(with one, nothing would be left to take).",
    "On equal lower-right numbers (a special order copying a chopsticks or spoon) the "
    "printed card goes first, then seats in clockwise order from the first seat (FACTS.md).",
    "A bonus card in use leaves the table at once, so a special order taken with it "
    "(through chopsticks or spoon) cannot copy it; a special order revealed on the turn the "
    "bonus card is called may, since the call resolves after the reveal. A special order "
    "used as chopsticks or spoon goes into the hand as a special order.",
    "A spoon may name a card kind on the menu (nigiri, maki, chopsticks, ...) or an exact "
    "card of a kind whose cards differ (egg nigiri, maki 2, onigiri circle, a fruit card); "
    "no player can hold a card that is not on the menu. Numbered chopsticks, spoons, menus "
    "and takeout boxes are named by kind only, and a player holding two of them chooses "
    "which to give.",
    "A special order cannot copy a menu or takeout box: they are used when played and leave "
    "the table that turn (a special order ordered from a menu cannot copy that menu).",
    "Uramaki reached through the reveal are compared together; a card played later in the "
    "turn (chopsticks, spoon, menu, special order) that brings a player to 10 icons scores "
    "the next place at that moment.",
    "A takeout box may flip any cards its player played on earlier turns of the round, "
    "including bonus cards and desserts; a flipped card is no longer what its face shows, "
    "so a flipped dessert scores 2 this round and goes back into the deck. A flipped "
    "nigiri on a wasabi keeps that wasabi covered.",
    "A menu draws up to 4 cards (fewer if the deck has fewer) and must play one unless "
    "every card drawn is a menu.",
    "A decision with only one possible answer is made without asking.",
)

_BY_ID: Final = PARTY_CARDS.by_id
_ORDER: Final = PARTY_CARDS.order
_N: Final = len(PARTY_CARDS.ids)
_BONUS: Final = frozenset(("chopsticks", "spoon"))
_QUEUED: Final = frozenset(("menu", "takeout-box"))
_SLOW: Final = frozenset(
    (SPECIAL_ORDER, *(c for c in PARTY_CARDS.ids if _BY_ID[c].family in _QUEUED))
)
"""Cards whose pick needs more than placing: a copy, or a place in the queue."""
_PLAIN: Final = {c: played_value(c) for c in PARTY_CARDS.ids}
_SINGLE: Final = {c: pick_of(c) for c in PARTY_CARDS.ids}
_VARIANT_KINDS: Final = frozenset(("nigiri", "maki", "uramaki", "onigiri", "fruit"))
_NUMBER: Final[dict[str, int]] = {c: n for c in PARTY_CARDS.ids if (n := order_number(c) or 0)}
"""Lower-right order numbers of the cards that have one."""
"""Kinds whose cards differ in content: a spoon may ask for one exactly."""


_IDS: Final = PARTY_CARDS.ids
_SO_POSITION: Final = _ORDER[SPECIAL_ORDER]


_PLAYOUT_RANDOM: Final = 0.5
"""How often a playout decision is uniform instead of the quick heuristic. Measured
(mcts:iterations=200 against greedy, 4 players, Master Menu and Cutthroat Combo, 80
games each): one in two beat one in seven (23% and 36% wins against 14% and 18%), perhaps
because playouts that follow the heuristic closely vary too little."""
_FAMILY: Final = {c: _BY_ID[c].family for c in PARTY_CARDS.ids}
_ICONS: Final = {c: _BY_ID[c].icons for c in PARTY_CARDS.ids}
_ASK_CARD: Final = {
    kind: max(kind_cards(kind), key=_ICONS.__getitem__) for kind in KINDS if kind_cards(kind)
}
"""What a spoon asking for a kind hopes for (its richest card), for the quick policy."""
_ONIGIRI_SHAPE: Final = {c: i for i, c in enumerate(ONIGIRI_SHAPES)}


def _quick_value(
    card: str, have: dict[str, int], shapes: int, free: int, ura: int, left: int, size: int
) -> float:
    """Rough worth of one more ``card`` (a card id, or ``flipped``) to a tableau of
    ``size`` cards holding ``have`` (cards by kind), onigiri ``shapes`` (a bit mask),
    ``free`` empty wasabi and ``ura`` uramaki icons, with ``left`` turns to come."""
    if card == FLIPPED:
        return 2.0
    kind = _FAMILY[card]
    k = have.get(kind, 0)
    if kind == "nigiri":
        return float(3 * _ICONS[card] if free else _ICONS[card])
    if kind == "maki":
        return 1.1 * _ICONS[card]
    if kind == "uramaki":
        return 8.0 if ura + _ICONS[card] >= 10 else 0.7 * _ICONS[card]
    if kind == "temaki":
        return 2.0
    if kind == "tempura":
        return 5.0 if k % 2 else (2.5 if left else 0.0)
    if kind == "sashimi":
        m = k % 3
        return 10.0 if m == 2 else (3.3 * (m + 1) if left >= 2 - m else 0.0)
    if kind == "dumpling":
        return float(k + 1) if k < 5 else 0.0
    if kind == "eel":
        return 10.0 if k == 1 else (0.0 if k else (1.0 if left >= 3 else -3.0))
    if kind == "tofu":
        return 2.0 if k == 0 else (4.0 if k == 1 else (-6.0 if k == 2 else 0.0))
    if kind == "onigiri":
        shape = 1 << _ONIGIRI_SHAPE[card]
        if shapes & shape:
            return 1.0
        held = (shapes & 1) + (shapes >> 1 & 1) + (shapes >> 2 & 1) + (shapes >> 3 & 1)
        return 2.0 * held + 1.0
    if kind == "wasabi":
        return 3.5 if left >= 2 else 0.0
    if kind == "chopsticks" or kind == "spoon":
        return 1.5 if left >= 2 else 0.0
    if kind == "tea":
        return 0.3 * (size + left) if k == 0 else 0.5
    if kind == "soy-sauce":
        return 3.0 if k == 0 else 0.5
    if kind == "menu":
        return 3.0
    if kind == "takeout-box":
        return 0.3 * size
    if kind == "miso-soup":
        return 2.0
    if kind == "pudding":
        return 2.5
    if kind == "green-tea-ice-cream":
        return 3.0
    if kind == "special-order":
        return 0.0  # nothing to copy
    return 2.0  # edamame, fruit


def _sorted_hand(cards: Sequence[str]) -> list[str]:
    """Cards in card-table order, as a list (a hand)."""
    return list(_sort(cards))


def _sort(cards: Sequence[str]) -> tuple[str, ...]:
    """Cards in card-table order."""
    order = _ORDER
    return _ids_of([order[c] for c in cards])


def _ids_of(indices: list[int]) -> tuple[str, ...]:
    """Card ids from card-table positions, in card-table order (``indices`` is sorted)."""
    indices.sort()
    ids = _IDS
    return tuple([ids[i] for i in indices])


def _expand(multiset: dict[str, int]) -> list[int]:
    """A multiset as a list of card-table positions, in card-table order."""
    out: list[int] = []
    i = 0
    for c in _IDS:
        k = multiset.get(c, 0)
        if k > 0:
            out.extend([i] * k)
        i += 1
    return out


def _distinct(cards: list[str]) -> list[str]:
    """The different cards of a list kept in card-table order (copies are adjacent)."""
    out: list[str] = []
    last = ""
    for c in cards:
        if c != last:
            out.append(c)
            last = c
    return out


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
# The ruleset.


class PartyRuleset(Ruleset["PartyState", "PartyView", PartyAction]):
    """Sushi Go Party! with one menu."""

    name: ClassVar[str] = "sushi-go-party"
    title: ClassVar[str] = "Sushi Go Party!"

    def __init__(self, players: object = 4, menu: object = "my-first-meal") -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionsError(f"players must be a whole number, not {players!r}")
        if isinstance(menu, Menu):
            chosen = menu
        elif isinstance(menu, str):
            chosen = find_menu(menu)
        elif isinstance(menu, list) and all(isinstance(k, str) for k in menu):
            chosen = find_menu(",".join(menu))
        else:
            raise OptionsError(f"a menu is a name or a list of card kinds, not {menu!r}")
        check_menu(chosen, players)
        self.players = players
        self.seats = players
        self.menu = chosen
        self.options = {
            "menu": chosen.key if chosen.name != "Custom" else ",".join(chosen.kinds[1:])
        }
        self.hand_size = HAND_SIZES[players]
        self.big_table = players >= 6
        self.deck: dict[str, int] = main_deck(chosen)
        """The cards shuffled every round (desserts join them round by round)."""
        self.desserts: dict[str, int] = dessert_pile(chosen)
        """The dessert pile the rounds' desserts are drawn from."""
        self.deck_positions: list[int] = _expand(self.deck)
        """The main deck as card-table positions, in card-table order (desserts, which
        come last in that order, are added round by round)."""
        self.dessert_ids: tuple[str, ...] = tuple(self.desserts)
        """The dessert's card ids, in card-table order."""
        self.desserts_added = desserts_per_round(players)
        self.uramaki = chosen.roll == "uramaki"
        """Whether uramaki are on the menu (they score during the round)."""
        self.special_order = SPECIAL_ORDER in chosen.specials
        """Whether special orders are on the menu (their picks name a copy)."""
        asks: list[str] = []
        for kind in chosen.kinds:
            asks.append(kind)
            if kind in _VARIANT_KINDS:
                asks.extend(kind_cards(kind))
        self.asks: tuple[Choice, ...] = tuple(choice_of("ask", (a,)) for a in asks)
        """Every request a spoon may make with this menu: each kind, and each exact card
        of the kinds whose cards differ."""

    def __repr__(self) -> str:
        return f"make({self.name!r}, players={self.players}, menu={self.options['menu']!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, PartyRuleset)
            and other.players == self.players
            and other.menu == self.menu
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.menu))

    def describe(self) -> str:
        if self.menu.name == "Custom":
            kinds = ", ".join(self.menu.kinds[1:])
            return f"{self.title}, {self.players} players, custom menu: {kinds}"
        return f"{self.title}, {self.players} players, {self.menu.name} menu"

    def new_game(self) -> PartyState:
        return PartyState(self)

    def parse_action(self, text: str) -> PartyAction:
        return parse_party_action(text)

    def action_id(self, action: PartyAction) -> int:
        return action_id(action)

    def action_from_id(self, action_id: int) -> PartyAction:
        return action_from_id(action_id)

    def determinize(self, view: PartyView, rng: random.Random) -> PartyState:
        return determinize(view, rng)

    def record_body(self, state: PartyState) -> dict[str, Any]:
        assert isinstance(state, PartyState)
        rounds = [
            {
                "desserts_added": list(res.desserts_added),
                "hands": [list(h) for h in res.hands],
                "turns": [list(turn) for turn in res.turns],
                "mid_turn": [_event_json(e) for e in res.events],
                "scores": list(res.scores),
                "breakdown": [dict(b) for b in res.breakdown],
            }
            for res in state.results
        ]
        body: dict[str, Any] = {"rounds": rounds}
        if state.is_terminal():
            body.update(final_fields(state, desserts=_dessert_lists(state)))
        return body

    def replay(self, record: dict[str, Any], where: str = "record") -> PartyState:
        state = self.new_game()
        for r, (at, entry) in enumerate(record_rounds(record, where, ROUNDS)):
            added = card_lists([entry.get("desserts_added")], f"{at}, desserts_added", _BY_ID)[0]
            hands = card_lists(entry.get("hands"), f"{at}, hands", _BY_ID)
            guard(state.apply_chance, PartyDeal(tuple(added), tuple(map(tuple, hands))), at)
            turns = entry.get("turns")
            if not isinstance(turns, list) or len(turns) != self.hand_size:
                raise RecordError(f"{at}: a round has {self.hand_size} turns")
            events = entry.get("mid_turn", [])
            if not isinstance(events, list):
                raise RecordError(f"{at}: 'mid_turn' must be a list")
            _replay_round(state, r, at, turns, events)
            result = state.results[r]
            for t, turn in enumerate(turns):
                compare(turn, list(result.turns[t]), f"{at}, turn {t + 1}: the picks")
            compare(entry.get("scores"), list(result.scores), f"{at}: scores")
            compare(entry.get("breakdown"), list(result.breakdown), f"{at}: breakdown")
        if state.is_terminal():
            compare_fields(record, final_fields(state, desserts=_dessert_lists(state)), where)
        return state


def _replay_round(state: PartyState, r: int, at: str, turns: list[Any], events: list[Any]) -> None:
    """Drive one round of a record through the state; RecordError at the first fault."""
    e = 0
    while state.round == r and not state.is_terminal():
        phase = state._phase
        t = state.turn
        at_t = f"{at}, turn {t + 1}"
        if phase == _PICK:
            turn = turns[t]
            if not isinstance(turn, list) or len(turn) != state.rules.players:
                raise RecordError(f"{at_t}: a turn lists one pick for each seat")
            actions: dict[int, PartyAction] = {}
            for seat in state.to_act():
                text = turn[seat]
                if not isinstance(text, str):
                    raise RecordError(f"{at_t}: a pick is written as text, not {text!r}")
                try:
                    actions[seat] = parse_party_action(text)
                except ParseError as exc:
                    raise RecordError(f"{at_t}: seat {seat}: {exc}") from None
            guard(state.apply, actions, at_t)
            continue
        if e >= len(events):
            raise RecordError(f"{at_t}: the record stops before the turn is over")
        event = events[e]
        e += 1
        at_e = f"{at_t}, mid-turn step {e}"
        if not isinstance(event, dict) or event.get("turn") != t + 1:
            raise RecordError(f"{at_e}: expected a step of turn {t + 1}, found {event!r}")
        if phase == _DRAW:
            cards = event.get("draw")
            drawn = card_lists([cards], f"{at_e}, draw", _BY_ID)[0]
            guard(state.apply_chance, MenuDraw(tuple(drawn)), at_e)
            continue
        who = event.get("seat")
        text = event.get("choice")
        if who not in state.to_act() or not isinstance(text, str):
            raise RecordError(
                f"{at_e}: seat {state.to_act()[0]} decides now; the record has {event!r}"
            )
        try:
            action = parse_party_action(text)
        except ParseError as exc:
            raise RecordError(f"{at_e}: {exc}") from None
        guard(state.apply, {state.to_act()[0]: action}, at_e)
    if e != len(events):
        raise RecordError(f"{at}: {len(events) - e} mid-turn steps after the round was over")


# ---------------------------------------------------------------------------
# Chance outcomes and results.


class PartyDeal:
    """The start of a round: the desserts shuffled in, then the hands dealt. A value."""

    __slots__ = ("desserts_added", "hands", "_basis", "_rest")

    desserts_added: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    _basis: tuple[object, ...]
    """What the deal was sampled from (empty: not sampled by a state)."""
    _rest: list[int]
    """The positions the sampled deal left undealt (the state needs no second count)."""

    def __init__(self, desserts_added: tuple[str, ...], hands: tuple[tuple[str, ...], ...]) -> None:
        self.desserts_added = desserts_added
        self.hands = hands
        self._basis = ()
        self._rest = []

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
    ) -> None:
        self.desserts_added = desserts_added
        self.hands = hands
        self.turns = turns
        self.events = events
        self.log = log
        self.tableaux = tableaux
        self.breakdown = breakdown
        self.scores = scores


class Happening:
    """Something that happened at the table, as every player saw it (public).

    ``what`` is one of: ``reveal`` (``cards``: every seat's pick, in pick notation);
    ``take`` (chopsticks: ``cards`` = the chopsticks token, the card played); ``ask``
    (spoon: its token, the name asked for); ``give`` (``seat`` gave ``cards[0]`` to
    ``other``); ``unanswered`` (nobody had the card: the spoon is discarded); ``draw``
    (a menu drew ``other`` cards, unseen by the others; ``cards`` = the menu's token);
    ``order`` (``cards[0]`` played from the menu's cards); ``unused`` (a menu or
    takeout box discarded with nothing to play or flip); ``copy`` (a special order
    played after the reveal copies ``cards[0]``); ``uncopied`` (a special order with
    nothing to copy, discarded); ``flip`` (a takeout box's token, then the cards
    flipped); ``miso`` (``seat``'s miso soup discarded: another was played this turn);
    ``uramaki`` (``seat`` reached 10 icons and scored ``other`` points).
    """

    __slots__ = ("turn", "what", "seat", "cards", "other")

    turn: int
    """Turn of the round, counted from 1."""
    what: str
    """What happened (see above)."""
    seat: int
    """Who did it (-1 for the reveal)."""
    cards: tuple[str, ...]
    """The cards or tokens involved."""
    other: int
    """A second seat (``give``), a number of cards (``draw``) or points (``uramaki``)."""

    def __init__(
        self, turn: int, what: str, seat: int, cards: tuple[str, ...] = (), other: int = -1
    ) -> None:
        self.turn = turn
        self.what = what
        self.seat = seat
        self.cards = cards
        self.other = other

    def _key(self) -> tuple[int, str, int, tuple[str, ...], int]:
        return (self.turn, self.what, self.seat, self.cards, self.other)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Happening):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Happening(turn={self.turn}, what={self.what!r}, seat={self.seat}, "
            f"cards={self.cards!r}, other={self.other})"
        )


class Pending:
    """A mid-turn decision waiting to be made (public: everyone sees who decides what)."""

    __slots__ = ("seat", "kind", "card", "detail", "owner")

    seat: int
    """Seat that decides (relative to the viewer in a view)."""
    kind: str
    """A key of :data:`~sushigo.games.party_actions.CHOICE_KINDS`."""
    card: str
    """Token of the card being resolved (``chopsticks-2``, ``spoon-5``, ``menu-8``,
    ``takeout-box-10``, ``special-order``)."""
    detail: str
    """For ``give``: what the spoon asked for."""
    owner: int
    """For ``give``: the seat using the spoon (relative in a view); else the deciding seat."""

    def __init__(self, seat: int, kind: str, card: str, detail: str = "", owner: int = -1) -> None:
        self.seat = seat
        self.kind = kind
        self.card = card
        self.detail = detail
        self.owner = owner

    def _key(self) -> tuple[int, str, str, str, int]:
        return (self.seat, self.kind, self.card, self.detail, self.owner)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pending):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Pending(seat={self.seat}, kind={self.kind!r}, card={self.card!r}, "
            f"detail={self.detail!r}, owner={self.owner})"
        )


class PartyView(NamedTuple):
    """What one seat may know, seat-relative: index 0 is the viewer, index ``i`` the seat
    ``i`` places to the left (absolute ``(seat + i) % seats``)."""

    ruleset: PartyRuleset
    """The rules and the menu (public)."""
    seat: int
    """The viewer's absolute seat."""
    seats: int
    """Number of seats."""
    round: int
    """Round number, 0-based."""
    turn: int
    """Turn within the round, 0-based."""
    hand: tuple[str, ...]
    """The viewer's own hand, in card-table order."""
    hands: tuple[tuple[str, ...] | None, ...]
    """Hands the viewer knows (seen earlier this round), relative; None if unknown."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand, relative."""
    tableaux: tuple[tuple[Played, ...], ...]
    """What lies in front of each seat this round, in the order played, relative."""
    earlier: tuple[int, ...]
    """How many of each tableau's cards were played on earlier turns (they come first)."""
    desserts: tuple[tuple[Played, ...], ...]
    """Desserts kept from earlier rounds, relative."""
    scores: tuple[int, ...]
    """Points from completed rounds, relative."""
    uramaki_scored: tuple[int, ...]
    """Uramaki points scored so far this round, relative."""
    uramaki_claimed: int
    """Uramaki places taken this round (0-3; more after ties)."""
    discards: tuple[str, ...]
    """Cards discarded face-up this round (miso soups, scored uramaki, used menus...)."""
    pending: Pending | None
    """The mid-turn decision being made now (by anyone), relative; None at a pick."""
    drawn: tuple[str, ...]
    """The cards the viewer's menu drew, while the viewer chooses among them."""
    log: tuple[Happening, ...] = ()
    """What happened at the table this round, in order, relative like every seat here
    (a reveal's picks are listed from the viewer on)."""


# ---------------------------------------------------------------------------
# The state.

_DEAL, _PICK, _CHOOSE, _DRAW, _OVER = range(5)


class PartyState(State[PartyView, PartyAction, "PartyDeal | MenuDraw"]):
    """A position of a Sushi Go Party! game."""

    def __init__(self, ruleset: PartyRuleset, source: PartyState | None = None) -> None:
        self.ruleset = ruleset
        self._rules: PartyRuleset = ruleset
        n = ruleset.players
        self._all: tuple[int, ...] = tuple(range(n))
        if source is not None:
            self._phase: int = source._phase
            self._round: int = source._round
            self._turn: int = source._turn
            self._hands: list[list[str]] = [h[:] for h in source._hands]
            self._singles: list[tuple[PartyPick, ...] | None] = list(source._singles)
            self._tabs: list[list[Played]] = [t[:] for t in source._tabs]
            self._base: list[int] = list(source._base)
            self._free: list[int] = list(source._free)
            self._ura: list[int] = list(source._ura)
            self._bonus: list[int] = list(source._bonus)
            self._calls: list[list[str] | None] = list(source._calls)
            self._undealt: dict[str, int] | None = (
                None if source._undealt is None else dict(source._undealt)
            )
            self._rest: list[int] = source._rest
            self._next_undealt: dict[str, int] | None = source._next_undealt
            self._next_rest: list[int] = source._next_rest
            self._next_sorted: bool = source._next_sorted
            self._in_deck: dict[str, int] = dict(source._in_deck)
            self._pile: dict[str, int] = dict(source._pile)
            self._gone: int = source._gone
            self._desserts: list[list[Played]] = [d[:] for d in source._desserts]
            self._discards: list[str] = list(source._discards)
            self._queue: list[tuple[int, int, int, Played]] = list(source._queue)
            self._pending: Pending | None = source._pending
            self._drawn: tuple[str, ...] = source._drawn
            self._deciders: tuple[int, ...] = source._deciders
            self._forced: dict[int, PartyPick] = dict(source._forced)
            self._miso: list[tuple[int, Played]] = list(source._miso)
            self._miso_played: int = source._miso_played
            self._uramaki_claimed: int = source._uramaki_claimed
            self._uramaki_scored: list[int] = list(source._uramaki_scored)
            self._added: tuple[str, ...] = source._added
            self._dealt: tuple[tuple[str, ...], ...] = source._dealt
            self._turns: list[tuple[str, ...]] = list(source._turns)
            self._events: list[tuple[int, int, str]] = list(source._events)
            self._log: list[Happening] = list(source._log)
            self._results: tuple[PartyRound, ...] = source._results
            self._final: tuple[int, ...] | None = source._final
        else:
            self._phase = _DEAL
            self._round = 0
            self._turn = 0
            self._hands = [[] for _ in range(n)]
            self._singles = [None] * n
            self._tabs = [[] for _ in range(n)]
            self._base = [0] * n
            self._free = [0] * n
            self._ura = [0] * n
            self._bonus = [0] * n
            self._calls = [None] * n
            self._undealt = {}
            self._rest = []
            self._next_undealt = {}
            self._next_rest = []
            self._next_sorted = False
            self._in_deck = {}  # desserts shuffled in and not kept
            self._pile = dict(ruleset.desserts)  # desserts not yet shuffled in
            self._gone = 0  # special orders kept as desserts: out of the deck for good
            self._desserts = [[] for _ in range(n)]
            self._discards = []
            self._queue = []
            self._pending = None
            self._drawn = ()
            self._deciders = self._all
            self._forced = {}
            self._miso = []
            self._miso_played = 0
            self._uramaki_claimed = 0
            self._uramaki_scored = [0] * n
            self._added = ()
            self._dealt = ()
            self._turns = []
            self._events = []
            self._log = []
            self._results = ()
            self._final = None

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
        return self._phase == _DEAL or self._phase == _DRAW

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
            return [(seat, self._choice_actions())]
        return []

    def legal_actions(self, seat: int) -> Sequence[PartyAction]:
        if self._phase == _PICK and seat in self._deciders:
            return self._pick_actions(seat)
        if self._phase == _CHOOSE and self._pending is not None and seat == self._pending.seat:
            return self._choice_actions()
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
            tuple(self._base[s] for s in rel),
            tuple(tuple(self._desserts[s]) for s in rel),
            tuple(totals[s] for s in rel),
            tuple(self._uramaki_scored[s] for s in rel),
            self._uramaki_claimed,
            tuple(self._discards),
            pending,
            drawn,
            tuple([_relative(h, seat, n) for h in self._log]),
        )

    def returns(self) -> list[int]:
        if self._final is not None:
            return list(self._final)
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
        if self._phase == _DRAW and pending is not None:
            return f"menu:{self._round}:{self._turn}:{pending.seat}"
        return f"deal:{self._round}"

    def estimate(self) -> list[int]:
        if self._final is not None:
            return list(self._final)
        totals = self.returns()
        bonus = dessert_points(self._desserts, self._rules.menu.dessert)
        return [totals[s] + bonus[s] for s in range(len(totals))]

    def winners(self) -> list[int]:
        """Winning seats once the game is over (empty before)."""
        if self._final is None:
            return []
        return winners(self._final, [len(d) for d in self._desserts])

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
        have: dict[str, int] = {}
        shapes = 0
        for p in tab:
            have[p.kind] = have.get(p.kind, 0) + 1
            if p.shape >= 0:
                shapes |= 1 << p.shape
        left = len(self._hands[seat])  # turns after this one (mid-turn: the hand is smaller)
        free = self._free[seat]
        ura = self._ura[seat]
        pending = self._pending
        sign = 1.0
        if self._phase == _CHOOSE and pending is not None:
            kind = pending.kind
            if kind == "flip":
                return self._flip_junk(seat, have)
            if kind == "give":
                sign = -1.0
        else:
            left -= 1
        best: PartyAction = legal[0]
        best_value = -1000.0
        for action in legal:
            if isinstance(action, PartyPick):
                card = action.copy if action.copy is not None else action.card
                value = _quick_value(card, have, shapes, free, ura, left, len(tab))
                if action.call is not None and left >= 2:
                    value += 1.5
            else:
                card = action.cards[0]
                if action.kind == "ask":
                    if card not in _ASK_CARD:
                        continue  # ask for a kind: more likely someone holds one
                    card = _ASK_CARD[card]
                value = sign * _quick_value(card, have, shapes, free, ura, left, len(tab))
            value += rand() * 0.01
            if value > best_value:
                best, best_value = action, value
        return best

    def _flip_junk(self, seat: int, have: dict[str, int]) -> Choice:
        """A takeout box's quick flip: the cards that score nothing as they lie."""
        chosen: list[str] = []
        for token, k in self._flippable(seat).items():
            p = played_of_token(token)
            kind = p.kind
            n = have.get(kind, 0)
            if kind in _BONUS or (kind == "wasabi" and not p.covered):
                take = k
            elif kind == "tempura":
                take = n % 2
            elif kind == "sashimi":
                take = n % 3
            elif kind == "eel" and n == 1 or kind == "tofu" and n >= 3:
                take = k
            else:
                take = 0
            chosen.extend([token] * min(take, k))
        chosen.sort()
        return choice_of("flip", tuple(chosen))

    # -- legal actions ------------------------------------------------------

    def _pick_actions(self, seat: int) -> Sequence[PartyPick]:
        """Every pick ``seat`` may make now."""
        if self._forced:  # the last card: only a special order's copy is chosen
            return tuple([pick_of(SPECIAL_ORDER, t) for t in self._copy_targets(seat)])
        hand = self._hands[seat]
        if not self._rules.special_order or SPECIAL_ORDER not in hand:
            singles = self._singles[seat]
            if singles is None:
                singles = self._singles[seat] = _distinct_picks(hand)
            if not self._bonus[seat] or len(hand) < 2:
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
        if len(hand) < 2 or not self._bonus[seat]:
            return tuple(base)
        return CallChoices(tuple(base), self._callable(seat))

    def _callable(self, seat: int) -> list[str]:
        """Tokens of the bonus cards ``seat`` may call, lowest number first (kept until
        a bonus card comes to or leaves the table in front of ``seat``)."""
        calls = self._calls[seat]
        if calls is None:
            calls = self._calls[seat] = self._find_calls(seat)
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

    def _choice_actions(self) -> Sequence[Choice]:
        pending = self._pending
        assert pending is not None
        kind = pending.kind
        seat = pending.seat
        if kind == "take":
            return tuple([choice_of("take", (c,)) for c in _distinct(self._hands[seat])])
        if kind == "ask":
            return self._rules.asks
        if kind == "give":
            return tuple(
                choice_of("give", (c,)) for c in _matching(self._hands[seat], pending.detail)
            )
        if kind == "order":
            return tuple(choice_of("order", (c,)) for c in _orderable(self._drawn))
        if kind == "copy":
            return tuple(choice_of("copy", (t,)) for t in self._copy_targets(seat))
        if kind == "flip":
            return FlipChoices(self._flippable(seat))
        raise AssertionError(kind)

    def _flippable(self, seat: int) -> dict[str, int]:
        """The cards ``seat`` played on earlier turns and may flip, as token counts."""
        counts: dict[str, int] = {}
        for p in self._tabs[seat][: self._base[seat]]:
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
            for pos in self._rest:
                c = ids[pos]
                undealt[c] = undealt.get(c, 0) + 1
            self._undealt = undealt
        return undealt

    def _round_deck(self) -> dict[str, int]:
        """Every card in the deck this round: the menu's cards and the desserts in it."""
        deck = dict(self._rules.deck)
        for c, k in self._in_deck.items():
            deck[c] = deck.get(c, 0) + k
        if self._gone:
            deck[SPECIAL_ORDER] -= self._gone
        return deck

    def sample_chance(self, rng: random.Random) -> PartyDeal | MenuDraw:
        rand = rng.random
        if self._phase == _DRAW:
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
        if self._gone:
            at = cards.index(_SO_POSITION)
            del cards[at : at + self._gone]
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
        deal._rest = cards[: len(cards) - len(chosen)]
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
            self._gone,
            tuple([pile.get(c, 0) for c in rs.dessert_ids]),
            tuple([in_deck.get(c, 0) for c in rs.dessert_ids]),
        )

    def _check_chance(self, outcome: object) -> None:
        if self._phase == _DRAW:
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
            self._next_undealt = None
            self._next_rest = outcome._rest
            self._next_sorted = True
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
        self._next_undealt = left
        self._next_rest = []
        self._next_sorted = ordered

    def _apply_chance(self, outcome: PartyDeal | MenuDraw) -> None:
        if isinstance(outcome, MenuDraw):
            self._phase = _CHOOSE
            self._menu_drawn(outcome.cards)
            if self._pending is None:
                self._advance()
            return
        for c in outcome.desserts_added:
            self._pile[c] -= 1
            self._in_deck[c] = self._in_deck.get(c, 0) + 1
        self._undealt = self._next_undealt  # worked out by _check_chance
        self._rest = self._next_rest
        self._added = outcome.desserts_added
        if self._next_sorted:
            self._dealt = tuple([tuple(h) for h in outcome.hands])
        else:
            self._dealt = tuple([_sort(h) for h in outcome.hands])
        self._hands = [list(h) for h in self._dealt]
        self._singles = [None] * self._rules.players
        self._turn = 0
        self._turns = []
        self._events = []
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
            self._resolve(pending.seat, choice)
            return None
        if (
            self._phase != _PICK
            or self._forced
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
        self._reveal(picks)

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
        if action not in self._choice_actions():
            raise IllegalActionError(self._why_not(seat, action))

    def _check_pick(self, seat: int, pick: PartyPick) -> None:
        hand = self._hands[seat]
        card = pick.card
        if card not in hand:
            raise IllegalActionError(_not_in_hand(seat, card, hand))
        if self._forced and seat in self._forced:
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
            if self._forced:
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

    def _why_not(self, seat: int, action: Choice) -> str:
        pending = self._pending
        assert pending is not None
        what = ",".join(action.cards) or "nothing"
        if action.kind in ("take", "give"):
            return f"seat {seat} cannot {action.kind} {what}: their hand holds " + (
                ", ".join(self._hands[seat]) or "nothing"
            )
        if action.kind == "order":
            return f"seat {seat} cannot play {what} from the menu: it drew {', '.join(self._drawn)}"
        if action.kind == "copy":
            have = ", ".join(self._copy_targets(seat))
            return f"seat {seat}: the special order may copy {have}, not {what}"
        if action.kind == "flip":
            have = ", ".join(self._flippable(seat)) or "nothing"
            return (
                f"seat {seat} may flip only cards played on earlier turns this round "
                f"({have}), not {what}"
            )
        names = ", ".join(a.cards[0] for a in self._rules.asks)
        return f"seat {seat}: a spoon asks for one of {names}, not {what}"

    # -- the turn -------------------------------------------------------------

    def _apply(self, actions: Mapping[int, PartyAction]) -> None:
        if self._phase == _PICK:
            picks: dict[int, PartyPick] = dict(self._forced)
            for s, a in actions.items():
                assert isinstance(a, PartyPick)
                picks[s] = a
            self._reveal([picks[s] for s in range(self._rules.players)])
            return
        ((seat, action),) = actions.items()
        assert isinstance(action, Choice)
        self._resolve(seat, action)

    def _start_turn(self) -> None:
        """Mark what was played before this turn; play the last cards as they come."""
        base = self._base
        tabs = self._tabs
        for i in range(len(base)):
            base[i] = len(tabs[i])
        if self._miso:
            self._miso = []
        self._miso_played = 0
        hands = self._hands
        if len(hands[0]) != 1:
            self._deciders = self._all
            if self._forced:
                self._forced = {}
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
        if deciders:
            self._forced = forced
            self._deciders = tuple(deciders)
            self._phase = _PICK
            return
        self._forced = {}
        self._reveal([forced[s] for s in range(len(hands))])

    def _reveal(self, plist: list[PartyPick]) -> None:
        """Every seat plays its pick (``plist[seat]``) at once; then the turn's queue
        resolves."""
        n = self._rules.players
        hands = self._hands
        singles = self._singles
        if self._forced:
            self._forced = {}
        texts = tuple([p.text for p in plist])
        self._turns.append(texts)
        self._log.append(Happening(self._turn + 1, "reveal", -1, texts))
        queue = self._queue
        for s in range(n):
            p = plist[s]
            card = p.card
            hand = hands[s]
            i = hand.index(card)
            del hand[i]
            cached = singles[s]
            # Hands are sorted: another copy would lie next to the one taken.
            if (
                cached is not None
                and (i == 0 or hand[i - 1] != card)
                and (i == len(hand) or hand[i] != card)
            ):
                pick = _SINGLE[card]
                singles[s] = tuple([q for q in cached if q is not pick])
            if p.call is not None:
                called = played_of_token(p.call)
                queue.append(_call_key(called) + (s, called))
        for s in range(n):
            p = plist[s]
            if p.card == SPECIAL_ORDER:
                if p.copy is None:
                    self._discards.append(SPECIAL_ORDER)  # nothing to copy
                    self._log.append(Happening(self._turn + 1, "uncopied", s))
                else:
                    self._put(s, _copy(p.copy), False)
            else:
                self._put(s, _PLAIN[p.card], False)
        if self._rules.uramaki:
            ura = self._ura
            reached = {s: ura[s] for s in range(n) if ura[s] >= 10}
            if reached:
                self._claim(reached)
        self._advance()

    def _put(self, seat: int, p: Played, later: bool) -> None:
        """Place a card in front of ``seat``, with the effects of playing it.

        ``later``: played after the reveal (through chopsticks, spoon, menu or a
        special order's copy), so uramaki score at once, on their own.
        """
        tab = self._tabs[seat]
        kind = p.kind
        if kind == "nigiri":
            if self._free[seat]:
                for i, q in enumerate(tab):
                    if q.kind == "wasabi" and not q.covered:
                        tab[i] = played_value(q.card, q.copies, False, False, True)
                        break
                self._free[seat] -= 1
                p = played_value(p.card, p.copies, False, True, False)
        elif kind == "wasabi":
            self._free[seat] += 1
        elif kind in _BONUS:
            self._bonus[seat] += 1
            self._calls[seat] = None
        elif kind == "uramaki":
            self._ura[seat] += p.icons
        elif kind in _QUEUED:
            self._queue.append((_NUMBER[p.card], 0, seat, p))
        tab.append(p)
        if kind == "miso-soup":
            # "If more than 1 miso soup is played on the same turn, all are discarded",
            # counting those played through chopsticks, spoon, menu or special order.
            self._miso.append((seat, p))
            self._miso_played += 1
            if self._miso_played > 1:
                for s, q in self._miso:
                    self._remove(s, q)
                    self._discards.append(q.card)
                    self._log.append(Happening(self._turn + 1, "miso", s, (q.token,)))
                self._miso = []
        elif kind == "uramaki" and later and self._ura[seat] >= 10:
            self._claim({seat: self._ura[seat]})

    def _remove(self, seat: int, p: Played) -> None:
        """Take one card off the table in front of ``seat`` (the last one equal to ``p``)."""
        tab = self._tabs[seat]
        for i in range(len(tab) - 1, -1, -1):
            if tab[i] is p or tab[i] == p:
                del tab[i]
                if i < self._base[seat]:
                    self._base[seat] -= 1
                self._uncount(seat, p)
                return
        raise AssertionError(f"{p} is not in front of seat {seat}")

    def _uncount(self, seat: int, p: Played) -> None:
        """Keep the counts of what lies in front of ``seat`` when ``p`` leaves the table or
        is flipped: bonus cards, uramaki icons, free wasabi."""
        kind = p.kind
        if kind in _BONUS:
            self._bonus[seat] -= 1
            self._calls[seat] = None
        elif kind == "uramaki":
            self._ura[seat] -= p.icons
        elif kind == "wasabi" and not p.covered:
            self._free[seat] -= 1

    def _claim(self, reached: dict[int, int]) -> None:
        """Uramaki: the seats that reached 10 icons score and discard their uramaki."""
        awards, self._uramaki_claimed = uramaki_claims(reached, self._uramaki_claimed)
        for seat, pts in awards.items():
            self._uramaki_scored[seat] += pts
            self._log.append(Happening(self._turn + 1, "uramaki", seat, (), pts))
            tab = self._tabs[seat]
            for q in [q for q in tab if q.kind == "uramaki"]:
                self._remove(seat, q)
                self._discards.append(q.card)

    def _advance(self) -> None:
        """Resolve the turn's queue until a decision or a draw is needed, or it is empty."""
        queue = self._queue
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
                    self._take(seat, p, options[0])
                else:
                    self._pending = Pending(seat, "take", p.token, "", seat)
            elif kind == "spoon":
                self._pending = Pending(seat, "ask", p.token, "", seat)
            elif kind == "menu":
                self._pending = Pending(seat, "order", p.token, "", seat)
                if sum(self._deck_now().values()) == 0:
                    self._menu_drawn(())  # nothing to draw: the menu is discarded
                    continue
                self._phase = _DRAW
                return
            else:  # takeout box
                flippable = self._flippable(seat)
                if flippable:
                    self._pending = Pending(seat, "flip", p.token, "", seat)
                else:
                    self._log.append(Happening(self._turn + 1, "unused", seat, (p.token,)))
                    self._discard_used(seat, p)
        self._phase = _CHOOSE

    def _resolve(self, seat: int, action: Choice) -> None:
        """Apply a checked mid-turn choice, then go on with the turn."""
        pending = self._pending
        assert pending is not None
        self._events.append((self._turn + 1, seat, action.text))
        self._pending = None
        kind = pending.kind
        card = action.cards[0] if action.cards else ""
        if kind == "take":
            self._take(seat, played_of_token(pending.card), card)
        elif kind == "ask":
            self._ask(seat, played_of_token(pending.card), card)
        elif kind == "give":
            self._give(pending.owner, played_of_token(pending.card), seat, card)
        elif kind == "order":
            self._order(seat, played_of_token(pending.card), card)
        elif kind == "copy":
            self._log.append(Happening(self._turn + 1, "copy", seat, (card,)))
            self._put(seat, _copy(card), True)
        else:
            self._log.append(Happening(self._turn + 1, "flip", seat, (pending.card, *action.cards)))
            self._flip(seat, action.cards)
            self._discard_used(seat, played_of_token(pending.card))
        self._advance()

    def _take(self, seat: int, chopsticks: Played, card: str) -> None:
        """Chopsticks: play ``card`` from the hand; the chopsticks go into the hand."""
        self._log.append(Happening(self._turn + 1, "take", seat, (chopsticks.token, card)))
        self._remove(seat, chopsticks)
        hand = self._hands[seat]
        hand.remove(card)
        hand.append(chopsticks.card)
        self._hands[seat] = _sorted_hand(hand)
        self._singles[seat] = None
        self._play_later(seat, card)

    def _ask(self, seat: int, spoon: Played, name: str) -> None:
        """Spoon: the first player to the left holding ``name`` gives it."""
        self._log.append(Happening(self._turn + 1, "ask", seat, (spoon.token, name)))
        n = self._rules.players
        for k in range(1, n):
            giver = (seat + k) % n
            matches = _matching(self._hands[giver], name)
            if len(matches) == 1:
                self._give(seat, spoon, giver, matches[0])
                return
            if matches:
                self._pending = Pending(giver, "give", spoon.token, name, seat)
                return
        self._log.append(Happening(self._turn + 1, "unanswered", seat, (spoon.token,)))
        self._discard_used(seat, spoon)  # nobody has it

    def _give(self, seat: int, spoon: Played, giver: int, card: str) -> None:
        self._log.append(Happening(self._turn + 1, "give", giver, (card,), seat))
        self._remove(seat, spoon)
        hand = self._hands[giver]
        hand.remove(card)
        hand.append(spoon.card)
        self._hands[giver] = _sorted_hand(hand)
        self._singles[giver] = None
        self._play_later(seat, card)

    def _menu_drawn(self, cards: tuple[str, ...]) -> None:
        """A menu's cards are drawn: its player chooses one to play (not a menu). With
        one to choose from it is played at once; with none the menu is discarded. The
        caller goes on with the turn."""
        pending = self._pending
        assert pending is not None
        if cards:
            self._events.append((self._turn + 1, -1, ",".join(cards)))
        self._log.append(
            Happening(self._turn + 1, "draw", pending.seat, (pending.card,), len(cards))
        )
        self._drawn = cards
        options = _orderable(cards)
        if len(options) > 1:
            return
        self._pending = None
        if options:
            self._order(pending.seat, played_of_token(pending.card), options[0])
        else:
            self._drawn = ()
            self._log.append(Happening(self._turn + 1, "unused", pending.seat, (pending.card,)))
            self._discard_used(pending.seat, played_of_token(pending.card))

    def _order(self, seat: int, menu: Played, card: str) -> None:
        self._log.append(Happening(self._turn + 1, "order", seat, (card,)))
        self._deck_now()[card] -= 1  # the other cards go back into the deck
        self._drawn = ()
        self._discard_used(seat, menu)
        self._play_later(seat, card)

    def _flip(self, seat: int, tokens: Sequence[str]) -> None:
        tab = self._tabs[seat]
        for token in tokens:
            for i in range(self._base[seat]):
                q = tab[i]
                if q.token == token:
                    self._uncount(seat, q)
                    tab[i] = played_value(q.card, flipped=True)
                    break

    def _discard_used(self, seat: int, p: Played) -> None:
        """A used menu or takeout box, a spoon nobody answered: off the table, face-up."""
        self._remove(seat, p)
        self._discards.append(p.card)

    def _play_later(self, seat: int, card: str) -> None:
        """Play a card taken after the reveal (chopsticks, spoon, menu)."""
        if card != SPECIAL_ORDER:
            self._put(seat, _PLAIN[card], True)
            return
        targets = self._copy_targets(seat)
        if not targets:
            self._discards.append(card)  # nothing to copy
            self._log.append(Happening(self._turn + 1, "uncopied", seat))
        elif len(targets) == 1:
            self._log.append(Happening(self._turn + 1, "copy", seat, (targets[0],)))
            self._put(seat, _copy(targets[0]), True)
        else:
            self._pending = Pending(seat, "copy", SPECIAL_ORDER, "", seat)

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
                        self._gone += 1
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
                self._added,
                self._dealt,
                tuple(self._turns),
                tuple(self._events),
                tuple(self._log),
                tuple(tuple(t) for t in tabs),
                tuple(breakdown),
                scores,
            ),
        )
        n = rs.players
        self._log = []
        self._tabs = [[] for _ in range(n)]
        self._base = [0] * n
        self._free = [0] * n
        self._ura = [0] * n
        self._bonus = [0] * n
        self._calls = [None] * n
        self._discards = []
        self._uramaki_claimed = 0
        self._uramaki_scored = [0] * n
        self._round += 1
        if self._round == ROUNDS:
            self._phase = _OVER
            totals = self.returns()
            for s, pts in enumerate(dessert_points(self._desserts, dessert)):
                totals[s] += pts
            self._final = tuple(totals)
        else:
            self._phase = _DEAL


# ---------------------------------------------------------------------------
# Helpers.


def _relative(h: Happening, seat: int, n: int) -> Happening:
    """A happening as ``seat`` sees it: seats counted from ``seat``."""
    if h.what == "reveal":
        return Happening(h.turn, h.what, -1, h.cards[seat:] + h.cards[:seat])
    other = (h.other - seat) % n if h.what == "give" else h.other
    return Happening(h.turn, h.what, (h.seat - seat) % n, h.cards, other)


def _total(breakdown: dict[str, int]) -> int:
    total = 0
    for v in breakdown.values():
        total += v
    return total


def _copy(target: str) -> Played:
    """The special order copying ``target`` (a card id, or ``flipped``)."""
    if target == FLIPPED:
        return played_value(SPECIAL_ORDER, flipped=True)
    return played_value(SPECIAL_ORDER, target)


def _call_key(p: Played) -> tuple[int, int]:
    """Resolution order of a called bonus card: its number, then printed before copy."""
    return (_NUMBER[p.counts_as], 1 if p.card == SPECIAL_ORDER else 0)


def _queue_key(item: tuple[int, int, int, Played]) -> tuple[int, int, int]:
    return (item[0], item[1], item[2])


def _matching(hand: list[str], name: str) -> list[str]:
    """The different cards in ``hand`` a spoon's request for ``name`` matches."""
    if name in KINDS:
        return [c for c in _distinct(hand) if _BY_ID[c].family == name]
    return [name] if name in hand else []


def _orderable(drawn: Sequence[str]) -> list[str]:
    """The cards a menu may play from those it drew: any but a menu."""
    return [c for c in _distinct(_sorted_hand(drawn)) if _BY_ID[c].family != "menu"]


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


def _event_json(event: tuple[int, int, str]) -> dict[str, Any]:
    turn, seat, text = event
    if seat < 0:
        return {"turn": turn, "draw": text.split(",")}
    return {"turn": turn, "seat": seat, "choice": text}


def _dessert_lists(state: PartyState) -> list[list[str]]:
    """The desserts each seat kept, in notation (a record's ``desserts``)."""
    return [[p.token for p in kept] for kept in state.desserts]


# ---------------------------------------------------------------------------
# Worlds for search.

_RESEAT: Final = 64
"""Deals (or menu draws) tried for a world in which another seat's pending decision has
more than one answer, as it must have (with one, the engine would not have asked)."""


def determinize(view: PartyView, rng: random.Random) -> PartyState:
    """A whole position consistent with ``view`` at a decision point, for search: the
    viewer's hand and the hands it saw earlier this round as they are now; every other
    hand, the rest of the deck (menu draws, later rounds) and which desserts were
    shuffled in are dealt at random from the cards the viewer has not seen. A turn
    stopped at a mid-turn decision resumes there: the bonus cards called and the menus
    and takeout boxes still to resolve are read from the table and the log. It reads
    nothing but the view.

    >>> import sushigo
    >>> state = sushigo.make("sushi-go-party", players=4, menu="master-menu").new_game()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> world = determinize(state.observe(0), random.Random(2))
    >>> world.hand(0) == state.hand(0), len(world.hand(1)), world.observe(0) == state.observe(0)
    (True, 9, True)
    """
    rs = view.ruleset
    n = view.seats
    seat = view.seat
    rel = [(s - seat) % n for s in range(n)]  # absolute seat -> relative index
    hands: list[list[str]] = [[] for _ in range(n)]
    seen: list[str] = [*view.discards, *view.drawn]
    if view.pending is not None and view.pending.kind == "copy":
        seen.append(SPECIAL_ORDER)  # taken mid-turn, not yet on the table
    for r, known in enumerate(view.hands):
        if known is not None:
            hands[(seat + r) % n] = list(known)
            seen.extend(known)
    tabs = [list(view.tableaux[rel[s]]) for s in range(n)]
    for tab in tabs:
        seen.extend([p.card for p in tab])
    unseen = dict(rs.deck)  # the round's cards other than desserts, less those seen
    sweets = dict(rs.desserts)  # dessert cards neither kept nor seen
    hidden = sum(rs.desserts_added[: view.round + 1])  # desserts in the deck, unseen
    gone = 0
    for d in view.desserts:
        for p in d:
            if p.card == SPECIAL_ORDER:
                gone += 1
            else:
                sweets[p.card] -= 1
                hidden -= 1
    unseen[SPECIAL_ORDER] = unseen.get(SPECIAL_ORDER, 0) - gone
    in_deck: dict[str, int] = {}
    for c in seen:
        if c in sweets:
            sweets[c] -= 1
            hidden -= 1
            in_deck[c] = in_deck.get(c, 0) + 1
        else:
            unseen[c] -= 1
    rand = rng.random
    pile = _expand(sweets)
    added = _partial_shuffle(pile, hidden, rand)
    for i in added:
        in_deck[_IDS[i]] = in_deck.get(_IDS[i], 0) + 1
    pool = _expand(unseen) + added
    pend = view.pending
    pending = None
    if pend is not None:
        pending = Pending((pend.seat + seat) % n, pend.kind, pend.card, pend.detail,
                          (pend.owner + seat) % n)  # fmt: skip
    picky = pending.seat if pending is not None and pending.kind in ("take", "give") else -1
    blind = [s for s in range(n) if view.hands[rel[s]] is None]
    for _ in range(_RESEAT):  # partial Fisher-Yates draws of the unseen hands
        for s in blind:
            k = view.hand_sizes[rel[s]]
            hands[s] = list(_ids_of(_partial_shuffle(pool, k, rand)))
            del pool[len(pool) - k :]
        if picky not in blind or len(_choice_options(pending, hands[picky])) > 1:
            break
        for s in blind:
            pool.extend([_ORDER[c] for c in hands[s]])
    world = PartyState(rs)
    world._round = view.round
    world._turn = view.turn
    world._hands = hands
    world._tabs = tabs
    world._base = [view.earlier[rel[s]] for s in range(n)]
    for s, tab in enumerate(tabs):
        for p in tab:
            if p.kind == "wasabi" and not p.covered:
                world._free[s] += 1
            elif p.kind == "uramaki":
                world._ura[s] += p.icons
            elif p.kind in _BONUS:
                world._bonus[s] += 1
    deck: dict[str, int] = {}
    for c in [*view.drawn, *_ids_of(pool)]:  # the viewer's menu draw is in the deck
        deck[c] = deck.get(c, 0) + 1
    world._undealt = deck
    world._in_deck = in_deck
    world._pile = {c: 0 for c in rs.dessert_ids}
    for i in pile[: len(pile) - hidden]:
        world._pile[_IDS[i]] += 1
    world._gone = gone
    world._desserts = [list(view.desserts[rel[s]]) for s in range(n)]
    world._discards = list(view.discards)
    world._uramaki_claimed = view.uramaki_claimed
    world._uramaki_scored = [view.uramaki_scored[rel[s]] for s in range(n)]
    world._dealt = tuple([tuple(h) for h in hands])
    back = (n - seat) % n  # the view's log, seen from the seat that is absolute 0
    world._log = [_relative(h, back, n) for h in view.log]
    world._turns = [h.cards for h in world._log if h.what == "reveal"]
    scores = tuple([view.scores[rel[s]] for s in range(n)])
    if any(scores):
        world._results = (PartyRound((), (), (), (), (), (), (), scores),)
    if pending is None:
        world._start_turn()  # the last turn's forced picks, if it is the last
        return world
    _resume(world, pending, view.drawn, rand)
    return world


def _choice_options(pending: Pending | None, hand: list[str]) -> list[str]:
    """The answers a chopsticks or a spoon's giver has with ``hand``."""
    assert pending is not None
    if pending.kind == "take":
        return _distinct(hand)
    return _matching(hand, pending.detail)


def _resume(
    world: PartyState, pending: Pending, drawn: tuple[str, ...], rand: Callable[[], float]
) -> None:
    """Set ``world`` in the middle of its turn, at ``pending`` (from the log and the
    table): the queue still to resolve, the menu's cards, the miso soups played."""
    n = world._rules.players
    turn = world._turn + 1
    done = {(pending.seat, pending.card)}
    picks: tuple[str, ...] = ()
    misos = 0
    drew = 0  # cards drawn by the menu being resolved
    for h in world._log:
        if h.turn != turn:
            continue
        if h.what == "reveal":
            picks = h.cards
        elif h.what == "take" or h.what == "ask":
            done.add((h.seat, h.cards[0]))
        elif h.what == "miso":
            misos += 1
        elif h.what == "draw" and h.cards[0] == pending.card:
            drew = h.other
    queue = world._queue
    for s in range(n):
        call = picks[s].partition(" call:")[2]
        if call and (s, call) not in done:
            called = played_of_token(call)
            queue.append(_call_key(called) + (s, called))
        for p in world._tabs[s][world._base[s] :]:
            if p.kind in _QUEUED and (s, p.token) not in done:
                queue.append((_NUMBER[p.card], 0, s, p))
            elif p.kind == "miso-soup":
                world._miso.append((s, p))
    world._miso_played = misos + len(world._miso)
    world._pending = pending
    world._phase = _CHOOSE
    if pending.kind != "order" or drawn:
        world._drawn = drawn
    elif not drew:
        world._phase = _DRAW
    else:  # another seat's menu drew cards the viewer has not seen
        cards = _expand(world._deck_now())
        for _ in range(_RESEAT):
            world._drawn = _ids_of(_partial_shuffle(cards, drew, rand))
            if len(_orderable(world._drawn)) > 1:
                break


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


register("sushi-go-party", PartyRuleset)
