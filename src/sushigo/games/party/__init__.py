"""Sushi Go Party! (2-8 players, menus): ``sushigo.make("sushi-go-party", players=5,
menu="master-menu")``.

Rules: ../shared/rules/sushi-go-party-rulebook.md (its card guide is the authority)
and FACTS.md. One module a concern: :mod:`.cards` (the cards, menus and set-up
tables, as data), :mod:`.scoring` (:class:`Played` and the scoring functions),
:mod:`.actions` (:class:`PartyPick`, :class:`Choice`, their notation and ids),
:mod:`.ruleset` (:class:`PartyRuleset`, registered as ``"sushi-go-party"``, with the
rules summary and the rulings), :mod:`.views` (:class:`PartyView`, :class:`Pending`,
:class:`Happening`), :mod:`.state` (:class:`PartyState`, its chance outcomes and
finished rounds), :mod:`.turn` (a turn once the picks are in: the reveal, the cards
placed and the mid-turn decisions), :mod:`.playout` (search's quick heuristic),
:mod:`.determinize` and :mod:`.records`.
"""

from sushigo.core.ruleset import register
from sushigo.core.scoring import winners
from sushigo.games.party.actions import (
    CHOICE_KINDS,
    SPECIAL_ORDER,
    Choice,
    PartyAction,
    PartyPick,
    action_from_id,
    action_id,
    parse_party_action,
)
from sushigo.games.party.cards import HAND_SIZES, KINDS, PARTY_CARDS, ROUNDS, Menu
from sushigo.games.party.determinize import determinize
from sushigo.games.party.ruleset import RULINGS, SUMMARY, PartyRuleset
from sushigo.games.party.scoring import Played, dessert_points, score_round
from sushigo.games.party.state import MenuDraw, PartyDeal, PartyRound, PartyState
from sushigo.games.party.views import Happening, PartyView, Pending

register("sushi-go-party", PartyRuleset)

__all__ = [
    "CHOICE_KINDS",
    "HAND_SIZES",
    "KINDS",
    "PARTY_CARDS",
    "ROUNDS",
    "RULINGS",
    "SPECIAL_ORDER",
    "SUMMARY",
    "Choice",
    "Happening",
    "Menu",
    "MenuDraw",
    "PartyAction",
    "PartyDeal",
    "PartyPick",
    "PartyRound",
    "PartyRuleset",
    "PartyState",
    "PartyView",
    "Pending",
    "Played",
    "action_from_id",
    "action_id",
    "determinize",
    "dessert_points",
    "parse_party_action",
    "score_round",
    "winners",
]
