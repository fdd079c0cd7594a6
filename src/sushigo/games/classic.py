"""Sushi Go! (the classic card game, 2-5 players) with its variants.

Rules: ../shared/rules/sushi-go-rulebook.md, sushi-go-game-help.md, FACTS.md.
Rulings the rules leave open are listed in :data:`RULINGS` and in docs/rulings.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar, Final

from sushigo.core.actions import Pick
from sushigo.core.cards import CardTable, CardType
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
from sushigo.core.scoring import most_and_fewest, split_award
from sushigo.core.state import State
from sushigo.core.views import PlayerView

CLASSIC_CARDS = CardTable(
    [
        CardType("tempura", "Tempura", "tempura", "purple", 14),
        CardType("sashimi", "Sashimi", "sashimi", "green", 14),
        CardType("dumpling", "Dumpling", "dumpling", "blue", 14),
        CardType("maki-1", "Maki roll (1)", "maki", "red", 6, 1),
        CardType("maki-2", "Maki roll (2)", "maki", "red", 12, 2),
        CardType("maki-3", "Maki roll (3)", "maki", "red", 8, 3),
        CardType("egg-nigiri", "Egg nigiri", "nigiri", "yellow", 5, 1),
        CardType("salmon-nigiri", "Salmon nigiri", "nigiri", "yellow", 10, 2),
        CardType("squid-nigiri", "Squid nigiri", "nigiri", "yellow", 5, 3),
        CardType("pudding", "Pudding", "pudding", "pink", 10),
        CardType("wasabi", "Wasabi", "nigiri", "yellow", 6),
        CardType("chopsticks", "Chopsticks", "chopsticks", "light blue", 4),
        CardType("soy-sauce", "Soy sauce", "soy-sauce", "soy", 4),
    ]
)
"""Every classic card type. Soy sauce is only in the deck with the soy sauce promo."""

HAND_SIZES = {2: 10, 3: 9, 4: 8, 5: 7}
DUMMY_HAND_SIZE = 9
ROUNDS = 3
DUMPLING_POINTS = (0, 1, 3, 6, 10, 15)
FAMILIES = ("maki", "tempura", "sashimi", "dumpling", "nigiri", "soy-sauce")
"""Round-score breakdown keys, in display order (wasabi scores within nigiri)."""

OPTIONS: dict[str, str] = {
    "pass_both_ways": "rounds 1 and 3 pass left, round 2 passes right",
    "dummy": "two-player dummy: a third hand is played by whoever controls it",
    "reshuffle": "every round, all cards but kept puddings are shuffled back in",
    "soy_sauce": "soy sauce promo: 4 soy sauce cards join the deck",
}

RULINGS: tuple[str, ...] = (
    "Chopsticks: the two cards resolve in the order chosen, so wasabi then a nigiri puts "
    "the nigiri on that wasabi; nigiri then wasabi leaves the wasabi empty (unless an "
    "empty wasabi was already there).",
    "Chopsticks need two cards in hand (three for the player controlling the dummy) and "
    "a chopsticks card in front of you from an earlier turn; at most one per turn.",
    "The last card of each hand is played automatically (the rulebook: the player "
    "receiving it simply places it) and is recorded as the round's last turn; a nigiri "
    "still goes on a free wasabi. In the dummy variant the controller still chooses, "
    "since they hold two cards after drawing.",
    "Winner: most points, then most puddings; still tied, the win is shared.",
    "Two-player dummy: the round is scored as a 3-player game (the dummy takes maki and "
    "pudding places and the fewest-pudding penalty applies); only the two players can win. "
    "Control alternates every turn across the whole game (the first player controls the "
    "first turn of round 1), and the controller may use chopsticks for their own pick.",
    "Soy sauce promo: colours are counted over the cards in front of a player at round "
    "end (puddings played this round count; used chopsticks went back to the hand). "
    "Players tied for the most colours split 4 (round down); a player scores it only with "
    "at least one soy sauce, and only one soy sauce each per round.",
    "Reshuffle variant: before each deal, every card except the puddings kept by players "
    "goes back into the deck.",
)

SUMMARY = """\
Sushi Go! - 2 to 5 players, 3 rounds. 108 cards, never reshuffled between rounds.

Deal: 10 cards each with 2 players, 9 with 3, 8 with 4, 7 with 5.
Each turn everyone picks 1 card from their hand at the same time and reveals it;
then hands pass to the left. The last card of each hand is played automatically.

Chopsticks: with a chopsticks card in front of you, you may pick 2 cards on a
later turn (choose both before the reveal); the chopsticks go back into your
hand and are passed on. At most one chopsticks per turn.
Wasabi: the next nigiri you take goes on it and scores triple.

Scoring each round:
  Maki rolls   most icons 6, second most 3. Ties split the points (round down);
               a tie for most splits 6 and nobody scores second. 0 icons never places.
  Tempura      5 per pair                 Sashimi  10 per set of 3
  Dumplings    1 / 3 / 6 / 10 / 15 for 1 / 2 / 3 / 4 / 5 or more
  Nigiri       egg 1, salmon 2, squid 3; tripled on wasabi. Wasabi alone 0.
  Chopsticks   0
Puddings stay in front of you until the end of the game:
  most puddings +6, fewest (0 counts) -6, ties split (round down); nobody scores
  if all are equal; with 2 players nobody loses points.
Winner: most points; a tie goes to the most puddings.

Variants (--variant):
  pass-both-ways  rounds 1 and 3 pass left, round 2 passes right
  dummy           two players and a dummy hand (see the rulings)
  reshuffle       all cards but kept puddings are shuffled back every round
  soy-sauce       promo: 4 soy sauce cards; a soy sauce scores 4 if you have
                  the most card colours this round
"""

_ORDER = CLASSIC_CARDS.order
_NIGIRI = {t.id: t.icons for t in CLASSIC_CARDS.types if t.family == "nigiri" and t.icons}
_MAKI = {t.id: t.icons for t in CLASSIC_CARDS.types if t.family == "maki"}
_COLOUR = {t.id: t.colour for t in CLASSIC_CARDS.types}
_N = len(CLASSIC_CARDS.ids)
_SINGLES = {c: Pick((c,)) for c in CLASSIC_CARDS.ids}
_PAIRS = {(a, b): Pick((a, b)) for a in CLASSIC_CARDS.ids for b in CLASSIC_CARDS.ids}
_WASABI_FIRST = frozenset(("wasabi", n) for n in _NIGIRI)
"""Pairs whose order matters when no wasabi is free: wasabi first triples the nigiri."""
_TWO_NIGIRI = frozenset((a, b) for a in _NIGIRI for b in _NIGIRI if a != b)
"""Pairs whose order matters when exactly one wasabi is free: it takes the first nigiri."""
"""Chopsticks pairs whose order changes the outcome; both orders are legal actions."""


def _singles_of(hand: Iterable[str]) -> tuple[Pick, ...]:
    """One single-card pick per card type in a hand, in the hand's order."""
    return tuple([_SINGLES[c] for c in dict.fromkeys(hand)])


# ---------------------------------------------------------------------------
# Scoring: pure functions over what lies in front of each seat.


def score_round(
    tableaux: Sequence[Sequence[str]], *, soy_sauce: bool = True
) -> list[dict[str, int]]:
    """Points of each seat for one round, by family (puddings excluded).

    ``tableaux[i]`` lists the cards seat ``i`` has in front of it at round end,
    in the order played (the order places nigiri on wasabi).

    >>> [sum(b.values()) for b in score_round([["wasabi", "squid-nigiri", "tempura"],
    ...                                         ["squid-nigiri", "wasabi", "maki-1"]])]
    [9, 9]
    """
    out = []
    icons = []
    for cards in tableaux:
        count = cards.count
        if "wasabi" in cards:
            free_wasabi = nigiri = 0
            for c in cards:
                if c == "wasabi":
                    free_wasabi += 1
                elif c in _NIGIRI:
                    if free_wasabi:
                        free_wasabi -= 1
                        nigiri += 3 * _NIGIRI[c]
                    else:
                        nigiri += _NIGIRI[c]
        else:
            nigiri = count("egg-nigiri") + 2 * count("salmon-nigiri") + 3 * count("squid-nigiri")
        icons.append(count("maki-1") + 2 * count("maki-2") + 3 * count("maki-3"))
        out.append(
            {
                "maki": 0,
                "tempura": 5 * (count("tempura") // 2),
                "sashimi": 10 * (count("sashimi") // 3),
                "dumpling": DUMPLING_POINTS[min(count("dumpling"), 5)],
                "nigiri": nigiri,
                "soy-sauce": 0,
            }
        )
    for i, pts in enumerate(maki_points(icons)):
        out[i]["maki"] = pts
    if soy_sauce:
        colours = [len({_COLOUR[c] for c in cards}) for cards in tableaux]
        best = max(colours, default=0)
        tied = colours.count(best)
        for i, cards in enumerate(tableaux):
            if colours[i] == best and "soy-sauce" in cards:
                out[i]["soy-sauce"] = split_award(4, tied)
    return out


def free_wasabi(cards: Iterable[str]) -> int:
    """Wasabi with no nigiri on them, among cards in the order played.

    >>> free_wasabi(["wasabi", "egg-nigiri", "wasabi", "tempura"])
    1
    """
    free = 0
    for c in cards:
        if c == "wasabi":
            free += 1
        elif free and c in _NIGIRI:
            free -= 1
    return free


def maki_points(icons: Sequence[int]) -> list[int]:
    """Classic maki: 6 for most, 3 for second, ties split (round down).

    A tie for most splits the 6 and awards no second place; 0 icons never places.

    >>> maki_points([5, 3, 2, 3])
    [6, 1, 0, 1]
    >>> maki_points([4, 4, 1])
    [3, 3, 0]
    """
    out = [0] * len(icons)
    levels = sorted({v for v in icons if v > 0}, reverse=True)
    if not levels:
        return out
    first = [i for i, v in enumerate(icons) if v == levels[0]]
    for i in first:
        out[i] = split_award(6, len(first))
    if len(first) == 1 and len(levels) > 1:
        second = [i for i, v in enumerate(icons) if v == levels[1]]
        for i in second:
            out[i] = split_award(3, len(second))
    return out


def pudding_points(puddings: Sequence[int], *, penalty: bool) -> list[int]:
    """Dessert: +6 for most, -6 for fewest (0 counts), ties split, none if all equal.

    >>> pudding_points([4, 3, 0, 0], penalty=True)
    [6, 0, -3, -3]
    >>> pudding_points([3, 1], penalty=False)
    [6, 0]
    """
    return most_and_fewest(puddings, 6, -6 if penalty else None)


def winners(totals: Sequence[int], puddings: Sequence[int], eligible: int) -> list[int]:
    """Seats that win: most points, then most puddings; still tied, all of them.

    Only seats below ``eligible`` (the players, not a dummy) can win.
    """
    seats = range(eligible)
    best = max(totals[s] for s in seats)
    top = [s for s in seats if totals[s] == best]
    most = max(puddings[s] for s in top)
    return [s for s in top if puddings[s] == most]


# ---------------------------------------------------------------------------
# Chance outcomes.


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


# ---------------------------------------------------------------------------
# The ruleset.


class ClassicRuleset(Ruleset["ClassicState", PlayerView, Pick]):
    """Sushi Go!: ``sushigo.make("sushi-go", players=4, pass_both_ways=True)``."""

    name: ClassVar[str] = "sushi-go"
    title: ClassVar[str] = "Sushi Go!"
    cards: ClassVar[CardTable] = CLASSIC_CARDS

    def __init__(self, players: object = 4, **options: Any) -> None:
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise OptionsError(
                f"unknown variant {', '.join(map(repr, unknown))} for Sushi Go!; "
                f"variants are: {', '.join(OPTIONS)}"
            )
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionsError(f"players must be a whole number, not {players!r}")
        if players not in HAND_SIZES:
            raise OptionsError(f"Sushi Go! is for 2 to 5 players, not {players}")
        opts = {k: bool(options.get(k, False)) for k in OPTIONS}
        for k, v in options.items():
            if not isinstance(v, bool):
                raise OptionsError(f"variant {k!r} is on or off (true/false), not {v!r}")
        if opts["dummy"] and players != 2:
            raise OptionsError(f"the dummy variant is for 2 players, not {players}")
        self.players = players
        self.options = opts
        self.dummy = opts["dummy"]
        self.seats = 3 if self.dummy else players
        self.hand_size = DUMMY_HAND_SIZE if self.dummy else HAND_SIZES[players]
        self.deciders: tuple[int, ...] = (0, 1) if self.dummy else tuple(range(players))
        """Seats that pick each turn (every player; the dummy never decides)."""
        deck = CLASSIC_CARDS.deck()
        if not opts["soy_sauce"]:
            del deck["soy-sauce"]
        self.deck: dict[str, int] = deck
        """The full deck as a multiset."""
        self.penalty = self.seats > 2
        """Whether fewest puddings loses points (not with 2 players, unless the dummy plays)."""

    def __repr__(self) -> str:
        on = ", ".join(f"{k}=True" for k, v in self.options.items() if v)
        return f"make({self.name!r}, players={self.players}{', ' + on if on else ''})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ClassicRuleset)
            and other.players == self.players
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players, tuple(self.options.items())))

    def pass_step(self, round_index: int) -> int:
        """+1 when round ``round_index`` passes left, -1 when it passes right."""
        return -1 if self.options["pass_both_ways"] and round_index == 1 else 1

    def new_game(self) -> ClassicState:
        return ClassicState(self)

    def parse_action(self, text: str) -> Pick:
        return Pick.parse(text, CLASSIC_CARDS)

    def action_id(self, action: Pick) -> int:
        o = _ORDER
        c = action.cards
        if len(c) == 1:
            base = o[c[0]]
        elif len(c) == 2:
            base = _N + o[c[0]] * _N + o[c[1]]
        else:
            raise ParseError(f"{action}: a pick is one card, or two with chopsticks")
        if action.dummy is None:
            return base
        return base + (_N + _N * _N) * (1 + o[action.dummy])

    def action_from_id(self, action_id: int) -> Pick:
        block = _N + _N * _N
        if not 0 <= action_id < block * (_N + 1):
            raise ParseError(f"no action has id {action_id}")
        d, base = divmod(action_id, block)
        ids = CLASSIC_CARDS.ids
        cards = (ids[base],) if base < _N else (ids[(base - _N) // _N], ids[(base - _N) % _N])
        return Pick(cards, ids[d - 1] if d else None)

    def determinize(self, view: PlayerView, rng: random.Random) -> ClassicState:
        return determinize(view, rng)

    def record_body(self, state: ClassicState) -> dict[str, Any]:
        assert isinstance(state, ClassicState)
        rounds: list[dict[str, Any]] = []
        for res in state.results:
            entry: dict[str, Any] = {
                "hands": [list(h) for h in res.hands],
                "turns": [[list(p) for p in turn] for turn in res.turns],
                "scores": list(res.scores),
                "breakdown": [dict(b) for b in res.breakdown],
            }
            if self.dummy:
                entry["draws"] = list(res.draws)
            rounds.append(entry)
        body: dict[str, Any] = {"rounds": rounds}
        if state.is_terminal():
            body.update(final_fields(state, puddings=list(state.desserts)))
        return body

    def replay(self, record: dict[str, Any], where: str = "record") -> ClassicState:
        state = self.new_game()
        for r, (at, entry) in enumerate(record_rounds(record, where, ROUNDS)):
            hands = _cards_lists(entry.get("hands"), f"{at}, hands")
            guard(state.apply_chance, Deal(tuple(map(tuple, hands))), at)
            turns = entry.get("turns")
            if not isinstance(turns, list):
                raise RecordError(f"{at}: 'turns' must be a list")
            draws = entry.get("draws", [])
            if self.dummy and (not isinstance(draws, list) or len(draws) < len(turns)):
                raise RecordError(f"{at}: the dummy variant records one draw per turn")
            for t, turn in enumerate(turns):
                at_t = f"{at}, turn {t + 1}"
                if state.round != r:
                    # The last card of each hand is placed without a decision.
                    done = state.results[r].turns
                    if t != len(done) - 1:
                        raise RecordError(f"{at_t}: the round was already over")
                    placed = [list(p) for p in done[t]]
                    if _cards_lists(turn, at_t) != placed:
                        raise RecordError(
                            f"{at_t}: the last card of each hand is placed as passed: "
                            f"the rules give {placed}, the record says {turn}"
                        )
                    continue
                if self.dummy:
                    if not isinstance(draws[t], str):
                        raise RecordError(f"{at_t}: a draw is a card id")
                    guard(state.apply_chance, Draw(draws[t]), at_t)
                picks = _cards_lists(turn, at_t)
                if len(picks) != self.seats:
                    raise RecordError(
                        f"{at_t}: a turn lists one pick for each of {self.seats} seats"
                    )
                ctrl = state.controller()
                actions: dict[int, Pick] = {}
                for seat in state.to_act():
                    give: str | None = None
                    if seat == ctrl:
                        if len(picks[2]) != 1:
                            raise RecordError(f"{at_t}: the dummy takes exactly one card")
                        give = picks[2][0]
                    actions[seat] = Pick(tuple(picks[seat]), give)
                guard(state.apply, actions, at_t)
            if state.round == r or len(turns) != self.hand_size:
                raise RecordError(
                    f"{at}: a round has {self.hand_size} turns, the record has {len(turns)}"
                )
            result = state.results[r]
            compare(entry.get("scores"), list(result.scores), f"{at}: scores")
            compare(entry.get("breakdown"), list(result.breakdown), f"{at}: breakdown")
        if state.is_terminal():
            compare_fields(record, final_fields(state, puddings=list(state.desserts)), where)
        return state

    def score_round(self, tableaux: Sequence[Sequence[str]]) -> list[dict[str, int]]:
        """Round points by family for every seat."""
        return score_round(tableaux, soy_sauce=self.options["soy_sauce"])

    def dessert(self, puddings: Sequence[int]) -> list[int]:
        """Pudding points at game end."""
        return pudding_points(puddings, penalty=self.penalty)


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
        for seat in range(n):
            act = actions.get(seat)
            if act is None or act.__class__ is not Pick or act.dummy is not None:
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


def _cards_lists(value: object, where: str) -> list[list[str]]:
    return card_lists(value, where, CLASSIC_CARDS.by_id)


def _not_in_hand(seat: int, card: str, hand: Iterable[str], n: int = 1) -> str:
    held = ", ".join(hand) or "nothing"
    what = card if n == 1 else f"{n} x {card}"
    return f"seat {seat} cannot take {what}: their hand holds {held}"


def _maki_icons(tab: Sequence[str]) -> int:
    total = 0
    for c in tab:
        if c in _MAKI:
            total += _MAKI[c]
    return total


def _maki_gain(icons: list[int], seat: int, more: int) -> float:
    """Maki points ``more`` icons would win ``seat`` if the race ended now."""
    now = icons[seat]
    return float(_maki_share(icons, seat, now + more) - _maki_share(icons, seat, now))


def _maki_share(icons: list[int], seat: int, mine: int) -> int:
    """``seat``'s maki points with ``mine`` icons against the others' (as maki_points)."""
    if mine == 0:
        return 0
    above = 0
    tied = 1
    for s, v in enumerate(icons):
        if s == seat:
            continue
        if v > mine:
            above += 1
        elif v == mine:
            tied += 1
    if above == 0:
        return 6 // tied
    if above == 1:
        return 3 // tied
    return 0


def _quick_value(card: str, tab: Sequence[str], left: int) -> float:
    """Rough worth of one more ``card`` for a tableau with ``left`` turns to come."""
    if card == "tempura":
        return 5.0 if tab.count("tempura") % 2 else (2.5 if left else 0.0)
    if card == "sashimi":
        have = tab.count("sashimi") % 3
        if have == 2:
            return 10.0
        return (3.3 * (have + 1)) if left >= 2 - have else 0.0
    if card == "dumpling":
        return float(min(tab.count("dumpling") + 1, 5)) if tab.count("dumpling") < 5 else 0.0
    if card in _NIGIRI:
        base = _NIGIRI[card]
        return float(3 * base) if free_wasabi(tab) else float(base)
    if card == "wasabi":
        return 3.5 if left >= 2 else 0.0
    if card.startswith("maki-"):
        return 1.2 * int(card[-1])
    if card == "pudding":
        return 2.5
    if card == "chopsticks":
        return 2.0 if left >= 3 else 0.0
    return 1.5  # soy sauce


def determinize(view: PlayerView, rng: random.Random) -> ClassicState:
    """A whole position consistent with ``view``, for search: the viewer's hand and
    the hands it saw earlier this round as they are now; every other hand (in the
    two-player dummy variant, the card the other player drew and the dummy's pile)
    and the undealt cards dealt at random from the cards the viewer has not seen.
    It reads nothing but the view, and ``world.observe(view.seat) == view``.

    >>> import sushigo
    >>> state = sushigo.make("sushi-go", players=3).new_game()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> world = determinize(state.observe(0), random.Random(2))
    >>> world.hand(0) == state.hand(0), len(world.hand(1)), world.to_act()
    (True, 9, (0, 1, 2))
    """
    rs = view.ruleset
    if not isinstance(rs, ClassicRuleset):
        raise ValueError("a Sushi Go! world needs a Sushi Go! view")
    n = view.seats
    seat = view.seat
    players = rs.players
    unseen: dict[str, int] = dict(rs.deck)
    for c in view.discards:
        unseen[c] -= 1
    for tab in view.tableaux:
        for c in tab:
            unseen[c] -= 1
    for hand in view.hands:
        if hand is not None:
            for c in hand:
                unseen[c] -= 1
    unseen["pudding"] = unseen.get("pudding", 0) - sum(view.desserts)
    pool = [c for c, k in unseen.items() for _ in range(k)]
    # Cards the viewer cannot see in each player's hand: a whole hand not seen this
    # round, or (dummy variant) the card the other player drew from the dummy's pile.
    hidden = [0] * players
    for s in range(players):
        rel = (s - seat) % n
        known = view.hands[rel]
        hidden[s] = view.hand_sizes[rel] - (len(known) if known is not None else 0)
    drawn = False
    pile = 0
    if rs.dummy:
        # Each turn the controller draws one card from the pile, then gives the
        # dummy one: the hands hold an odd number of cards between the two.
        drawn = sum(view.hand_sizes) % 2 == 1
        pile = DUMMY_HAND_SIZE - view.turn - (1 if drawn else 0)
    need = sum(hidden) + pile
    rand = rng.random
    size = len(pool)
    for i in range(min(need, size)):  # a partial Fisher-Yates draw of what is hidden
        j = i + int(rand() * (size - i))
        pool[i], pool[j] = pool[j], pool[i]
    hands: list[list[str]] = [[] for _ in range(players)]
    ctrl = None if view.controller is None else (seat + view.controller) % n
    world_drawn: str | None = None
    for s in range(players):
        known = view.hands[(s - seat) % n]
        dealt = pool[: hidden[s]]
        del pool[: hidden[s]]
        hands[s] = sorted([*(known or ()), *dealt], key=_ORDER.__getitem__)
        if drawn and s == ctrl:
            world_drawn = view.drawn if s == seat else dealt[0]
    state = ClassicState(rs)
    state._phase = _PICK if not rs.dummy or drawn else _DRAW
    state._round = view.round
    state._turn = view.turn
    state._hands = hands
    state._singles = [_singles_of(h) for h in hands]
    state._tabs = [tuple(view.tableaux[(s - seat) % n]) for s in range(n)]
    state._pile = tuple(sorted(pool[:pile], key=_ORDER.__getitem__))
    del pool[:pile]
    state._drawn = world_drawn
    left: dict[str, int] = {}
    for c in pool:
        left[c] = left.get(c, 0) + 1
    state._deck = left
    state._next_deck = left
    state._pass_right = rs.pass_step(view.round) == -1
    state._dealt = tuple(tuple(h) for h in hands)
    state._desserts = [view.desserts[(s - seat) % n] for s in range(n)]
    state._discards = tuple(view.discards)
    scores = tuple(view.scores[(s - seat) % n] for s in range(n))
    state._results = (RoundResult((), (), (), (), (), scores),) if any(scores) else ()
    return state


register("sushi-go", ClassicRuleset)
