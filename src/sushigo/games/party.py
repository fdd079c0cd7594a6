"""Sushi Go Party! (2-8 players, menus): ``sushigo.make("sushi-go-party", players=5,
menu="my-first-meal")``.

Rules: ../shared/rules/sushi-go-party-rulebook.md and FACTS.md. Cards and menus
are data in :mod:`sushigo.games.party_cards`; scoring is in
:mod:`sushigo.games.party_scoring`.

This release plays every card that needs no choice beyond the pick itself.
Chopsticks, spoon, menu, special order and takeout box each add a mid-turn
decision; until they are built, a menu that uses one is refused with a message
saying so.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar

from sushigo.core.actions import Pick
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
from sushigo.core.views import PlayerView
from sushigo.games.party_cards import (
    HAND_SIZES,
    PARTY_CARDS,
    Menu,
    check_menu,
    dessert_pile,
    desserts_per_round,
    find_menu,
    main_deck,
)
from sushigo.games.party_scoring import RULINGS as SCORING_RULINGS
from sushigo.games.party_scoring import (
    Played,
    dessert_points,
    score_round,
    uramaki_claims,
    winners,
)

SUMMARY = """\
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
Desserts at game end: pudding most +6 / fewest -6 (no penalty with 2), green tea
ice cream 12 per 4, fruit -2/0/1/3/6/10 per fruit by icons.
Winner: most points, then most dessert cards.

Not yet playable: chopsticks, spoon, menu, special order and takeout box.
"""

ROUNDS = 3
NOT_YET = ("chopsticks", "spoon", "menu", "special-order", "takeout-box")
"""Specials whose mid-turn decisions are not built yet."""

RULINGS: tuple[str, ...] = (
    *SCORING_RULINGS,
    "The last card of each hand is played as it comes, with no decision.",
    "A nigiri goes on a wasabi that has no nigiri yet, as in the classic game.",
)

_BY_ID = PARTY_CARDS.by_id
_ORDER = PARTY_CARDS.order
_SINGLES = {c: Pick((c,)) for c in PARTY_CARDS.ids}


class PartyRuleset(Ruleset):
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
        missing = [k for k in chosen.specials if k in NOT_YET]
        if missing:
            raise OptionsError(
                f"{' and '.join(missing)} cannot be played yet (their mid-turn choices are "
                "still being built); choose a menu without them, such as my-first-meal"
            )
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
        self.desserts_added = desserts_per_round(players)

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
        return f"{self.title}, {self.players} players, {self.menu.name} menu"

    def new_game(self) -> PartyState:
        return PartyState(self)

    def parse_action(self, text: str) -> Pick:
        pick = Pick.parse(text, PARTY_CARDS)
        if len(pick.cards) != 1 or pick.dummy is not None:
            raise ParseError(f"{text!r}: in Sushi Go Party! a pick is one card")
        return pick

    def action_id(self, action: Pick) -> int:
        return _ORDER[action.cards[0]]

    def action_from_id(self, action_id: int) -> Pick:
        if not 0 <= action_id < len(PARTY_CARDS.ids):
            raise ParseError(f"no action has id {action_id}")
        return _SINGLES[PARTY_CARDS.ids[action_id]]

    def record_body(self, state: State) -> dict[str, Any]:
        assert isinstance(state, PartyState)
        rounds = [
            {
                "desserts_added": list(res.desserts_added),
                "hands": [list(h) for h in res.hands],
                "turns": [[list(p) for p in turn] for turn in res.turns],
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
            for t, turn in enumerate(turns):
                at_t = f"{at}, turn {t + 1}"
                picks = card_lists(turn, at_t, _BY_ID)
                if len(picks) != self.seats or any(len(p) != 1 for p in picks):
                    raise RecordError(f"{at_t}: a turn lists one card for each seat")
                if state.round != r:
                    placed = [list(p) for p in state.results[r].turns[t]]
                    compare(picks, placed, f"{at_t}: the last cards")
                    continue
                guard(state.apply, {s: _SINGLES[p[0]] for s, p in enumerate(picks)}, at_t)
            compare(entry.get("scores"), list(state.results[r].scores), f"{at}: scores")
            compare(entry.get("breakdown"), list(state.results[r].breakdown), f"{at}: breakdown")
        if state.is_terminal():
            compare_fields(record, final_fields(state, desserts=_dessert_lists(state)), where)
        return state


@dataclass(frozen=True, slots=True)
class PartyDeal:
    """The start of a round: the desserts shuffled in, then the hands dealt."""

    desserts_added: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class PartyRound:
    """A finished round, as the record keeps it."""

    desserts_added: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    turns: tuple[tuple[tuple[str, ...], ...], ...]
    tableaux: tuple[tuple[Played, ...], ...]
    breakdown: tuple[dict[str, int], ...]
    scores: tuple[int, ...]


_DEAL, _PICK, _OVER = range(3)


class PartyState(State):
    """A position of a Sushi Go Party! game."""

    def __init__(self, ruleset: PartyRuleset, source: PartyState | None = None) -> None:
        self.ruleset = ruleset
        self._rules: PartyRuleset = ruleset
        n = ruleset.players
        if source is not None:
            self._phase: int = source._phase
            self._round: int = source._round
            self._turn: int = source._turn
            self._hands: list[list[str]] = [h[:] for h in source._hands]
            self._tabs: list[list[Played]] = [t[:] for t in source._tabs]
            self._desserts: list[list[Played]] = [d[:] for d in source._desserts]
            self._in_deck: dict[str, int] = dict(source._in_deck)
            self._pile: dict[str, int] = dict(source._pile)
            self._uramaki_claimed: int = source._uramaki_claimed
            self._uramaki_scored: list[int] = list(source._uramaki_scored)
            self._added: tuple[str, ...] = source._added
            self._dealt: tuple[tuple[str, ...], ...] = source._dealt
            self._turns: list[tuple[tuple[str, ...], ...]] = list(source._turns)
            self._results: tuple[PartyRound, ...] = source._results
            self._final: tuple[int, ...] | None = source._final
        else:
            self._phase = _DEAL
            self._round = 0
            self._turn = 0
            self._hands = [[] for _ in range(n)]
            self._tabs = [[] for _ in range(n)]
            self._desserts = [[] for _ in range(n)]
            self._in_deck = {}  # desserts shuffled in and not yet kept
            self._pile = dict(ruleset.desserts)  # desserts not yet shuffled in
            self._uramaki_claimed = 0
            self._uramaki_scored = [0] * n
            self._added = ()
            self._dealt = ()
            self._turns = []
            self._results = ()
            self._final = None

    # -- queries ----------------------------------------------------------

    @property
    def rules(self) -> PartyRuleset:
        return self._rules

    @property
    def round(self) -> int:
        return self._round

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def results(self) -> tuple[PartyRound, ...]:
        return self._results

    @property
    def desserts(self) -> tuple[tuple[Played, ...], ...]:
        """The desserts each seat has kept."""
        return tuple(tuple(d) for d in self._desserts)

    def hand(self, seat: int) -> tuple[str, ...]:
        return tuple(self._hands[seat])

    def tableau(self, seat: int) -> tuple[Played, ...]:
        return tuple(self._tabs[seat])

    def deck(self) -> dict[str, int]:
        """The cards not in any hand, tableau or kept dessert (full information)."""
        left = Counter(self._round_deck())
        left.subtract(chain.from_iterable(self._hands))
        left.subtract(p.card for t in self._tabs for p in t)
        return {c: n for c, n in left.items() if n > 0}

    def is_terminal(self) -> bool:
        return self._phase == _OVER

    def is_chance(self) -> bool:
        return self._phase == _DEAL

    def to_act(self) -> tuple[int, ...]:
        return tuple(range(self._rules.players)) if self._phase == _PICK else ()

    def legal_actions(self, seat: int) -> tuple[Pick, ...]:
        if self._phase != _PICK or not 0 <= seat < self._rules.players:
            return ()
        return tuple(_SINGLES[c] for c in dict.fromkeys(self._hands[seat]))

    def observe(self, seat: int) -> PlayerView:
        n = self._rules.players
        if not 0 <= seat < n:
            raise IllegalActionError(f"no seat {seat}: seats are 0 to {n - 1}")
        hands: list[tuple[str, ...] | None] = [None] * n
        hands[0] = tuple(self._hands[seat])
        for k in range(1, min(self._turn, n - 1) + 1):
            hands[k] = tuple(self._hands[(seat + k) % n])
        rel = [(seat + i) % n for i in range(n)]
        totals = self.returns()
        return PlayerView(
            self._rules,
            seat,
            n,
            self._round,
            self._turn,
            tuple(self._hands[seat]),
            tuple(hands),
            tuple(len(self._hands[s]) for s in rel),
            tuple(tuple(p.card for p in self._tabs[s]) for s in rel),
            tuple(len(self._desserts[s]) for s in rel),
            tuple(totals[s] for s in rel),
            (),
            1,
            None,
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
        if self._phase != _OVER:
            return [0] * self._rules.players
        return dessert_points(self._desserts, self._rules.menu.dessert)

    def winners(self) -> list[int]:
        if self._final is None:
            return []
        return winners(self._final, [len(d) for d in self._desserts])

    def copy(self) -> PartyState:
        return PartyState(self._rules, self)

    # -- chance -----------------------------------------------------------

    def _round_deck(self) -> dict[str, int]:
        """Every card in the deck this round: the menu's cards and the desserts in it."""
        deck = dict(self._rules.deck)
        for c, k in self._in_deck.items():
            deck[c] = deck.get(c, 0) + k
        return deck

    def sample_chance(self, rng: random.Random) -> PartyDeal:
        if self._phase != _DEAL:
            raise IllegalActionError("no deal is due now")
        rs = self._rules
        pile = PARTY_CARDS.expand(self._pile)
        added = tuple(rng.sample(pile, rs.desserts_added[self._round]))
        deck = Counter(self._round_deck())
        deck.update(added)
        cards = PARTY_CARDS.expand(deck)
        chosen = rng.sample(cards, rs.hand_size * rs.players)
        k = rs.hand_size
        return PartyDeal(
            PARTY_CARDS.sort(added),
            tuple(PARTY_CARDS.sort(chosen[i * k : (i + 1) * k]) for i in range(rs.players)),
        )

    def _check_chance(self, outcome: object) -> None:
        rs = self._rules
        if not isinstance(outcome, PartyDeal):
            raise IllegalActionError("a new round starts with a deal")
        want = rs.desserts_added[self._round]
        if len(outcome.desserts_added) != want:
            raise IllegalActionError(f"round {self._round + 1} adds {want} desserts")
        short = Counter(outcome.desserts_added) - Counter(self._pile)
        if short:
            raise IllegalActionError(f"the dessert pile has no more {', '.join(short)}")
        if len(outcome.hands) != rs.players or any(len(h) != rs.hand_size for h in outcome.hands):
            raise IllegalActionError(f"a deal is {rs.players} hands of {rs.hand_size} cards")
        deck = Counter(self._round_deck())
        deck.update(outcome.desserts_added)
        over = Counter(chain.from_iterable(outcome.hands)) - deck
        if over:
            raise IllegalActionError(
                f"the deal uses cards the deck does not have: {', '.join(sorted(over))}"
            )

    def _apply_chance(self, outcome: PartyDeal) -> None:
        for c in outcome.desserts_added:
            self._pile[c] -= 1
            self._in_deck[c] = self._in_deck.get(c, 0) + 1
        self._added = outcome.desserts_added
        self._dealt = tuple(PARTY_CARDS.sort(h) for h in outcome.hands)
        self._hands = [list(h) for h in self._dealt]
        self._tabs = [[] for _ in self._hands]
        self._uramaki_claimed = 0
        self._uramaki_scored = [0] * self._rules.players
        self._turn = 0
        self._turns = []
        self._phase = _PICK

    # -- decisions --------------------------------------------------------

    def _check(self, seat: int, action: object) -> None:
        if not isinstance(action, Pick) or len(action.cards) != 1 or action.dummy is not None:
            raise IllegalActionError(f"seat {seat}: a pick is one card, not {action!r}")
        card = action.cards[0]
        if card not in self._hands[seat]:
            held = ", ".join(self._hands[seat]) or "nothing"
            raise IllegalActionError(f"seat {seat} cannot take {card}: their hand holds {held}")

    def _apply(self, actions: Mapping[int, Pick]) -> None:
        n = self._rules.players
        picks = tuple(actions[s].cards for s in range(n))
        self._reveal([p[0] for p in picks])
        self._after_turn(picks)

    def _reveal(self, cards: Sequence[str]) -> None:
        """Every seat plays its card; then miso soups and uramaki take effect."""
        for seat, card in enumerate(cards):
            self._hands[seat].remove(card)
            tab = self._tabs[seat]
            kind = _BY_ID[card].family
            if kind == "nigiri" and _free_wasabi(tab):
                tab.append(Played(card, on_wasabi=True))
            else:
                tab.append(Played(card))
        # "If more than 1 miso soup is played on the same turn, all are discarded."
        miso = [s for s, c in enumerate(cards) if c == "miso-soup"]
        if len(miso) > 1:
            for s in miso:
                self._tabs[s].pop()
        # Uramaki: the first to reach 10 icons score at once, and discard them.
        reached = {}
        for seat, tab in enumerate(self._tabs):
            icons = sum(_BY_ID[p.card].icons for p in tab if p.kind == "uramaki")
            if icons >= 10:
                reached[seat] = icons
        if reached:
            awards, self._uramaki_claimed = uramaki_claims(reached, self._uramaki_claimed)
            for seat, pts in awards.items():
                self._uramaki_scored[seat] += pts
                self._tabs[seat] = [p for p in self._tabs[seat] if p.kind != "uramaki"]

    def _after_turn(self, picks: tuple[tuple[str, ...], ...]) -> None:
        self._turns.append(picks)
        hands = self._hands
        if not hands[0]:
            self._end_round()
            return
        hands.insert(0, hands.pop())  # every round passes to the left
        self._turn += 1
        if len(hands[0]) == 1:  # the last card of each hand is played as it comes
            last = tuple((h[0],) for h in hands)
            self._reveal([h[0] for h in hands])
            self._after_turn(last)

    def _end_round(self) -> None:
        rs = self._rules
        tabs = self._tabs
        for seat, tab in enumerate(tabs):
            self._desserts[seat].extend(p for p in tab if p.kind == rs.menu.dessert)
            for p in tab:
                if p.kind == rs.menu.dessert:
                    self._in_deck[p.card] -= 1
        breakdown = score_round(
            tabs,
            big_table=rs.big_table,
            uramaki_claimed=self._uramaki_claimed,
            uramaki_scored=self._uramaki_scored,
        )
        scores = tuple(sum(b.values()) for b in breakdown)
        self._results = self._results + (
            PartyRound(
                self._added,
                self._dealt,
                tuple(self._turns),
                tuple(tuple(t) for t in tabs),
                tuple(breakdown),
                scores,
            ),
        )
        self._tabs = [[] for _ in tabs]
        self._round += 1
        if self._round == ROUNDS:
            self._phase = _OVER
            totals = self.returns()
            for s, pts in enumerate(dessert_points(self._desserts, rs.menu.dessert)):
                totals[s] += pts
            self._final = tuple(totals)
        else:
            self._phase = _DEAL


def _dessert_lists(state: PartyState) -> list[list[str]]:
    """The desserts each seat kept, as card ids (a record's ``desserts``)."""
    return [[p.card for p in kept] for kept in state.desserts]


def _free_wasabi(tab: Sequence[Played]) -> bool:
    """Whether a wasabi in front of the player has no nigiri on it yet."""
    wasabi = sum(1 for p in tab if p.kind == "wasabi")
    used = sum(1 for p in tab if p.on_wasabi)
    return wasabi > used


register("sushi-go-party", PartyRuleset)
