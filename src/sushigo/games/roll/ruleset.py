"""Sushi Roll: the ruleset, ``sushigo.make("sushi-roll", players=3)``, with its dice."""

from __future__ import annotations

import random
import textwrap
from typing import TYPE_CHECKING, Any, ClassVar

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import Ruleset
from sushigo.games.roll.actions import RollAction, action_from_id, action_id, parse_roll_action
from sushigo.games.roll.dice import (
    _F,
    DEFAULT_DICE,
    DICE_COUNTS,
    DICE_PER_PLAYER,
    FACE_IDS,
    KINDS,
    check_dice,
)

if TYPE_CHECKING:
    from sushigo.games.roll.state import RollChance, RollState
    from sushigo.games.roll.views import RollView

# The state, its view and the records name the ruleset, so this module imports
# them where they are used, not at its top.


def _dice_option(dice: object) -> tuple[str | dict[str, list[str]], tuple[tuple[int, ...], ...]]:
    """The ``dice`` option as a record stores it, and each die's faces as face indices."""
    if dice is None or dice == "default":
        table = dict(DEFAULT_DICE)
        option: str | dict[str, list[str]] = "default"
    else:
        table = check_dice(dice)
        option = "default" if table == DEFAULT_DICE else {k: list(v) for k, v in table.items()}
    faces = tuple(tuple(_F[f] for f in table[k]) for k in KINDS)
    return option, faces


class RollRuleset(Ruleset["RollState", "RollView", RollAction]):
    """Sushi Roll with one face table."""

    name: ClassVar[str] = "sushi-roll"
    title: ClassVar[str] = "Sushi Roll"

    def __init__(self, players: object = 4, dice: object = "default") -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionsError(f"players must be a whole number, not {players!r}")
        if players not in DICE_PER_PLAYER:
            raise OptionsError(f"Sushi Roll is for 2 to 5 players, not {players}")
        self.players = players
        self.seats = players
        option, faces = _dice_option(dice)
        self.options = {"dice": option}
        self.dice: tuple[tuple[int, ...], ...] = faces
        """Each die kind's six faces (face indices), in KINDS order."""
        self.per_player: int = DICE_PER_PLAYER[players]
        self.bag: list[int] = [k for k, n in enumerate(DICE_COUNTS) for _ in range(n)]
        """Every die in the bag, as its kind."""
        self.face_masks: tuple[int, ...] = tuple(sum(1 << f for f in set(fs)) for fs in faces)
        """For each die kind, a bit set of the faces it can show."""

    def __repr__(self) -> str:
        return f"make({self.name!r}, players={self.players}, dice={self.options['dice']!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, RollRuleset)
            and other.players == self.players
            and other.dice == self.dice
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.dice))

    def describe(self) -> str:
        faces = "" if self.options["dice"] == "default" else ", own dice faces"
        return f"{self.title}, {self.players} players{faces}"

    def faces_of(self, kind: str) -> tuple[str, ...]:
        """The six faces of a die kind under this ruleset."""
        return tuple(FACE_IDS[f] for f in self.dice[KINDS.index(kind)])

    def new_game(self) -> RollState:
        from sushigo.games.roll.state import RollState

        return RollState(self)

    def parse_action(self, text: str) -> RollAction:
        return parse_roll_action(text)

    def action_id(self, action: RollAction) -> int:
        return action_id(action)

    def action_from_id(self, action_id: int) -> RollAction:
        return action_from_id(action_id)

    def determinize(self, view: RollView, rng: random.Random) -> RollState:
        from sushigo.games.roll.determinize import determinize

        return determinize(view, rng)

    def record_rounds(self, state: RollState) -> list[dict[str, Any]]:
        from sushigo.games.roll.records import record_rounds

        return record_rounds(self, state)

    def end_fields(self, state: RollState) -> dict[str, Any]:
        from sushigo.games.roll.records import end_fields

        return end_fields(state)

    def parse_chance(self, step: dict[str, Any], where: str) -> RollChance:
        from sushigo.games.roll.records import parse_chance

        return parse_chance(step, where)

    def replay_v1(self, record: dict[str, Any], where: str = "record") -> RollState:
        from sushigo.games.roll.records import replay_v1

        return replay_v1(self, record, where)


def faces_text(ruleset: RollRuleset | None = None) -> str:
    """Each die's six faces, one line per die (for ``sushigo rules``)."""
    rs = ruleset if ruleset is not None else RollRuleset(2)
    lines = []
    for kind, count in zip(KINDS, DICE_COUNTS, strict=True):
        faces = ", ".join(rs.faces_of(kind))
        lines.append(
            textwrap.fill(
                faces,
                78,
                initial_indent=f"  {kind} die (x{count}): ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)
