"""The pure rules core: standard library only, no I/O."""

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

__all__ = [
    "CardTable",
    "CardType",
    "IllegalActionError",
    "OptionsError",
    "ParseError",
    "RecordError",
    "Ruleset",
    "State",
    "SushiGoError",
    "game_names",
    "make",
    "register",
]
