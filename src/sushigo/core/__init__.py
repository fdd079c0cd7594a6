"""The pure rules core: standard library only, no I/O."""

from sushigo.core.actions import Pick
from sushigo.core.cards import CardTable, CardType
from sushigo.core.errors import (
    IllegalActionError,
    OptionsError,
    ParseError,
    RecordError,
    SushiGoError,
)
from sushigo.core.ruleset import Ruleset, game_names, make, register
from sushigo.core.state import State
from sushigo.core.views import PlayerView

__all__ = [
    "CardTable",
    "CardType",
    "IllegalActionError",
    "OptionsError",
    "ParseError",
    "Pick",
    "PlayerView",
    "RecordError",
    "Ruleset",
    "State",
    "SushiGoError",
    "game_names",
    "make",
    "register",
]
