"""Conformance checks shipped with the package, in the manner of PettingZoo's
``api_test``: a new game (or a change to one) passes :func:`check_ruleset`.

>>> import sushigo
>>> from sushigo.testing import check_ruleset
>>> report = check_ruleset(sushigo.make("sushi-go", players=3), games=2)
>>> report.games, report.decisions > 0, report.worlds > 0
(2, True, True)
"""

from sushigo.testing.conformance import ConformanceError, Report, check_ruleset

__all__ = ["ConformanceError", "Report", "check_ruleset"]
