"""sushigo: exact rules, bots and tools for Sushi Go!, Sushi Go Party! and Sushi Roll.

>>> import sushigo
>>> rules = sushigo.make("sushi-go", players=4)
>>> rules.hand_size
8
"""

from sushigo import games as _games  # noqa: F401  (registers the rulesets)
from sushigo.core import (
    IllegalActionError,
    OptionsError,
    ParseError,
    RecordError,
    Ruleset,
    State,
    SushiGoError,
    game_names,
    make,
)
from sushigo.games.classic import Pick, PlayerView

__version__ = "0.1.0"

__all__ = [
    "IllegalActionError",
    "OptionsError",
    "ParseError",
    "Pick",
    "PlayerView",
    "RecordError",
    "Ruleset",
    "State",
    "SushiGoError",
    "__version__",
    "game_names",
    "make",
]
