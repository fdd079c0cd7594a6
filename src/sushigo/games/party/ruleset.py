"""Sushi Go Party!: the ruleset, ``sushigo.make("sushi-go-party", players=5,
menu="master-menu")``, with the rules summary and the rulings the engine follows."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Final

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import Ruleset
from sushigo.games.party.actions import (
    SPECIAL_ORDER,
    Choice,
    PartyAction,
    action_from_id,
    action_id,
    choice_of,
    parse_party_action,
)
from sushigo.games.party.cards import (
    HAND_SIZES,
    Menu,
    _expand,
    check_menu,
    dessert_pile,
    desserts_per_round,
    find_menu,
    kind_cards,
    main_deck,
    menu_option,
)
from sushigo.games.party.scoring import RULINGS as SCORING_RULINGS

if TYPE_CHECKING:
    from sushigo.games.party.state import MenuDraw, PartyDeal, PartyState
    from sushigo.games.party.views import PartyView

# The state, its view, the records and the worlds for search name the ruleset, so
# this module imports them where they are used, not at its top.

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

_VARIANT_KINDS: Final = frozenset(("nigiri", "maki", "uramaki", "onigiri", "fruit"))
"""Kinds whose cards differ in content: a spoon may ask for one exactly."""


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
        self.options = {"menu": menu_option(chosen)}
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
        if self.menu.name in ("Custom", "Random"):
            kinds = ", ".join(self.menu.kinds[1:])
            return f"{self.title}, {self.players} players, {self.menu.name.lower()} menu: {kinds}"
        return f"{self.title}, {self.players} players, {self.menu.name} menu"

    def new_game(self) -> PartyState:
        from sushigo.games.party.state import PartyState

        return PartyState(self)

    def parse_action(self, text: str) -> PartyAction:
        return parse_party_action(text)

    def action_id(self, action: PartyAction) -> int:
        return action_id(action)

    def action_from_id(self, action_id: int) -> PartyAction:
        return action_from_id(action_id)

    def determinize(self, view: PartyView, rng: random.Random) -> PartyState:
        from sushigo.games.party.determinize import determinize

        return determinize(view, rng)

    def record_rounds(self, state: PartyState) -> list[dict[str, Any]]:
        from sushigo.games.party.records import record_rounds

        return record_rounds(self, state)

    def end_fields(self, state: PartyState) -> dict[str, Any]:
        from sushigo.games.party.records import end_fields

        return end_fields(state)

    def parse_chance(self, step: dict[str, Any], where: str) -> PartyDeal | MenuDraw:
        from sushigo.games.party.records import parse_chance

        return parse_chance(step, where)

    def replay_v1(self, record: dict[str, Any], where: str = "record") -> PartyState:
        from sushigo.games.party.records import replay_v1

        return replay_v1(self, record, where)
