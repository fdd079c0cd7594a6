"""Sushi Go!: the ruleset, ``sushigo.make("sushi-go", players=4, pass_both_ways=True)``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from sushigo.core.cards import CardTable
from sushigo.core.errors import OptionsError, ParseError
from sushigo.core.ruleset import Ruleset
from sushigo.games.classic.actions import Pick
from sushigo.games.classic.cards import (
    _N,
    _ORDER,
    CLASSIC_CARDS,
    DUMMY_HAND_SIZE,
    HAND_SIZES,
    OPTIONS,
)
from sushigo.games.classic.scoring import pudding_points, score_round

if TYPE_CHECKING:
    from sushigo.games.classic.state import ClassicState, Deal, Draw
    from sushigo.games.classic.views import PlayerView

# The state, its view and the records name the ruleset, so this module imports
# them where they are used, not at its top.


class ClassicRuleset(Ruleset["ClassicState", "PlayerView", Pick]):
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
        from sushigo.games.classic.state import ClassicState

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
        from sushigo.games.classic.determinize import determinize

        return determinize(view, rng)

    def record_rounds(self, state: ClassicState) -> list[dict[str, Any]]:
        from sushigo.games.classic.records import record_rounds

        return record_rounds(self, state)

    def end_fields(self, state: ClassicState) -> dict[str, Any]:
        from sushigo.games.classic.records import end_fields

        return end_fields(state)

    def parse_chance(self, step: dict[str, Any], where: str) -> Deal | Draw:
        from sushigo.games.classic.records import parse_chance

        return parse_chance(step, where)

    def replay_v1(self, record: dict[str, Any], where: str = "record") -> ClassicState:
        from sushigo.games.classic.records import replay_v1

        return replay_v1(self, record, where)

    def score_round(self, tableaux: Sequence[Sequence[str]]) -> list[dict[str, int]]:
        """Round points by family for every seat."""
        return score_round(tableaux, soy_sauce=self.options["soy_sauce"])

    def dessert(self, puddings: Sequence[int]) -> list[int]:
        """Pudding points at game end."""
        return pudding_points(puddings, penalty=self.penalty)
