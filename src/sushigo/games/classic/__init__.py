"""Sushi Go! (the classic card game, 2-5 players) with its variants.

One module a concern: :mod:`.cards` (the cards, variants and rulings),
:mod:`.actions` (:class:`Pick`), :mod:`.scoring`, :mod:`.views`
(:class:`PlayerView`), :mod:`.state` (:class:`ClassicState`, its chance outcomes and
finished rounds), :mod:`.playout` (search's quick heuristic), :mod:`.determinize`,
:mod:`.records` and :mod:`.ruleset` (:class:`ClassicRuleset`, registered as
``"sushi-go"``).
"""

from sushigo.core.ruleset import register
from sushigo.core.scoring import winners
from sushigo.games.classic.actions import Pick
from sushigo.games.classic.cards import (
    CLASSIC_CARDS,
    DUMMY_HAND_SIZE,
    DUMPLING_POINTS,
    FAMILIES,
    HAND_SIZES,
    OPTIONS,
    ROUNDS,
    RULINGS,
    SUMMARY,
)
from sushigo.games.classic.determinize import determinize
from sushigo.games.classic.ruleset import ClassicRuleset
from sushigo.games.classic.scoring import (
    free_wasabi,
    maki_points,
    pudding_points,
    score_round,
)
from sushigo.games.classic.state import ClassicState, Deal, Draw, RoundResult
from sushigo.games.classic.views import PlayerView, RoundView

register("sushi-go", ClassicRuleset)

__all__ = [
    "CLASSIC_CARDS",
    "DUMMY_HAND_SIZE",
    "DUMPLING_POINTS",
    "FAMILIES",
    "HAND_SIZES",
    "OPTIONS",
    "ROUNDS",
    "RULINGS",
    "SUMMARY",
    "ClassicRuleset",
    "ClassicState",
    "Deal",
    "Draw",
    "Pick",
    "PlayerView",
    "RoundResult",
    "RoundView",
    "determinize",
    "free_wasabi",
    "maki_points",
    "pudding_points",
    "score_round",
    "winners",
]
