"""Score sheets: a game played with real cards or dice, written down as one JSON
document (docs/score-calculator.md), read, checked and scored.

One module per game (:mod:`.classic`, :mod:`.party`, :mod:`.roll`), what they share
in :mod:`.common`, and :func:`score_document` for a document of any game: the
terminal's ``sushigo score`` and the web server's score page (``POST /api/score``)
both use it. Showing the result and asking for a sheet line by line are the
terminal's (:mod:`sushigo.tui.score`).
"""

from __future__ import annotations

from typing import Any

from sushigo.present.sheets.classic import GAME, load_sheet, score_sheet
from sushigo.present.sheets.party import GAME as PARTY
from sushigo.present.sheets.party import is_party, load_party_sheet, score_party_sheet
from sushigo.present.sheets.roll import GAME as ROLL
from sushigo.present.sheets.roll import is_roll, load_roll_sheet, score_roll_sheet

GAMES = (GAME, PARTY, ROLL)
"""The games a score sheet may be for."""


def score_document(data: Any, *, roll: bool = False) -> tuple[str, dict[str, Any]]:
    """Score a score sheet document of any of the three games (docs/score-calculator.md):
    the game's name and the result ``--json`` prints (its ``warnings`` included).
    ParseError / OptionsError for a sheet that cannot be scored. ``roll``: read it as
    a Sushi Roll sheet whatever it says."""
    if is_roll(data) or roll:
        return ROLL, score_roll_sheet(load_roll_sheet(data))
    if is_party(data):
        return PARTY, score_party_sheet(load_party_sheet(data))
    return GAME, score_sheet(load_sheet(data))


__all__ = ["GAMES", "score_document"]
