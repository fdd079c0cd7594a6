"""What a person is shown of a game: names, card texts, score breakdowns, the frames
a browser is sent, score-sheet readers, option parsers and rules texts.

Plain text and plain data, free of rich and Starlette, so that every front end
(the terminal in :mod:`sushigo.tui`, the browser in :mod:`sushigo.web`) shows
the same thing. This layer imports ``core``, ``games``, ``agents`` and ``play``
only, and no third-party package (tests/test_layers.py checks it).

Each game has one module here (:mod:`.classic`, :mod:`.party`, :mod:`.roll`), and
each builds a :class:`~sushigo.present.base.Presenter`: the same questions answered
for every game. :func:`presenter_for` finds a ruleset's by its name.
"""

from __future__ import annotations

from sushigo.core.ruleset import AnyRuleset
from sushigo.present import classic, party, roll
from sushigo.present.base import Presenter

PRESENTERS: dict[str, Presenter] = {
    p.game: p for p in (classic.PRESENTER, party.PRESENTER, roll.PRESENTER)
}
"""Every game's presenter by its ruleset's name: a new game adds its own."""


def presenter_for(ruleset: AnyRuleset) -> Presenter:
    """The presenter of a ruleset's game; TypeError for a game none presents.

    >>> import sushigo
    >>> presenter_for(sushigo.make("sushi-roll", players=2)).card_name("menu-2")
    'Menu 2'
    """
    presenter = PRESENTERS.get(ruleset.name)
    if presenter is None:
        raise TypeError(f"nothing presents {ruleset.title}")
    return presenter


__all__ = ["PRESENTERS", "Presenter", "presenter_for"]
