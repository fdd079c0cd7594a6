"""Sushi Roll, the dice game (2-5 players): ``sushigo.make("sushi-roll", players=3)``.

One module a concern: :mod:`.dice` (the dice, their faces, tokens, scoring and the
rulings), :mod:`.actions` (:class:`RollAction`, its notation and ids), :mod:`.ruleset`
(:class:`RollRuleset`, registered as ``"sushi-roll"``), :mod:`.views` (:class:`RollView`),
:mod:`.state` (:class:`RollState` and its chance outcomes: every roll), :mod:`.records`
and :mod:`.determinize`.
"""

from sushigo.core.ruleset import register
from sushigo.games.roll.actions import (
    CHOPSTICKS,
    MENU,
    TAKE,
    RollAction,
    TurnChoices,
    action_from_id,
    action_id,
    parse_roll_action,
    reroll,
    swap,
    take,
)
from sushigo.games.roll.determinize import (
    determinize,
)
from sushigo.games.roll.dice import (
    ROUNDS,
    RULINGS,
    SUMMARY,
)
from sushigo.games.roll.ruleset import (
    RollRuleset,
    faces_text,
)
from sushigo.games.roll.state import (
    BeltRoll,
    Codes,
    Reroll,
    RollChance,
    RollDeal,
    RollRound,
    RollState,
    Step,
)
from sushigo.games.roll.views import (
    RollRoundView,
    RollView,
)

register("sushi-roll", RollRuleset)

__all__ = [
    "BeltRoll",
    "CHOPSTICKS",
    "Codes",
    "MENU",
    "ROUNDS",
    "RULINGS",
    "Reroll",
    "RollAction",
    "RollChance",
    "RollDeal",
    "RollRound",
    "RollRoundView",
    "RollRuleset",
    "RollState",
    "RollView",
    "SUMMARY",
    "Step",
    "TAKE",
    "TurnChoices",
    "action_from_id",
    "action_id",
    "determinize",
    "faces_text",
    "parse_roll_action",
    "reroll",
    "swap",
    "take",
]
