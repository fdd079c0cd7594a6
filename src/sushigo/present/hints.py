"""Hints in plain words: the search's ranking (:func:`sushigo.agents.hints.hints`)
said as a player says it, for the browser (and any front end).

``Best: Sashimi, about 4 points more than Tempura``, how sure that is, and a plain
"too close to call" when the search, with enough simulated rounds behind both, found
the first two no further apart than chance would put them. The hints are listed best
first by the numbers shown with them: the share of simulated rounds won, then the
average points.

How sure: the difference between the first two win shares, against its standard
error: the paired one when both were played on the same worlds (Sushi Go Party! and
Sushi Roll, :attr:`Hint.gap_error`), else that of two independent shares,
``sqrt(p1 q1 / n1 + p2 q2 / n2)``. From four standard errors, sure; from two, likely;
under two, too close to call, but only with at least :data:`FEW` simulated rounds
behind each (``close``): with fewer, the search could not tell them apart in its time,
and says so (``few``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from sushigo.agents.hints import LEAST, Hint, plural

Confidence = Literal["sure", "likely", "close", "few", "only"]
"""``only``: a single choice was searched (nothing to compare); ``few``: not apart, but
on fewer simulated rounds than :data:`FEW`, too few to call them close."""

FEW = LEAST
"""Two choices are called too close only when each rests on this many simulated rounds
at least (the hints' least budget an option, :data:`sushigo.agents.hints.LEAST`)."""


@dataclass(frozen=True)
class PlainHints:
    """The hints, best first, and what they say together."""

    ranked: list[Hint]
    """Best first: by win share, then average points, then rounds simulated (a hint the
    search kept first stays first: :attr:`Hint.kept`)."""
    summary: str
    """``Best: Sashimi, about 4 points more than Tempura.``"""
    confidence: Confidence
    note: str
    """How sure, in a sentence: ``Too close to call in the time allowed (12 and 9
    rounds simulated).``"""


def ranked(hints: Sequence[Hint]) -> list[Hint]:
    """Best first by the numbers a player is shown: win share, then average points,
    then how many rounds the estimate rests on; a hint the search kept first (greedy's
    choice it did not clearly beat, :attr:`Hint.kept`) stays first."""
    return sorted(hints, key=lambda h: (not h.kept, -h.value, -h.mean_score, -h.games))


def plain_line(hint: Hint) -> str:
    """One hint's numbers in words: ``Ahead in 64% of 410 simulated rounds; about 38
    points by the round's end.``"""
    return (
        f"Ahead in {100 * hint.value:.0f}% of {plural(hint.games, 'simulated round')}; "
        f"about {plural(round(hint.mean_score), 'point')} by the round's end."
    )


def plain_hints(hints: Sequence[Hint], label: Callable[[Hint], str]) -> PlainHints:
    """The hints best first, with a summary naming choices by ``label`` (a card
    name, never an id) and how sure the search is."""
    order = ranked(hints)
    if not order:
        return PlainHints(order, "No hints for this decision.", "only", "")
    best = order[0]
    if len(order) == 1:
        return PlainHints(order, f"Only choice: {label(best)}.", "only", "")
    second = order[1]
    points = round(best.mean_score - second.mean_score)
    if points >= 1:
        summary = f"Best: {label(best)}, about {plural(points, 'point')} more than {label(second)}."
    else:
        summary = (
            f"Best: {label(best)}, ahead in {100 * best.value:.0f}% of its simulated rounds "
            f"against {100 * second.value:.0f}% for {label(second)}."
        )
    confidence = _confidence(best, second)
    games = f"{best.games} and {second.games} rounds simulated"
    note = {
        "sure": f"The search is sure of it ({games}).",
        "likely": f"Likely, not certain ({games}).",
        "close": f"Too close to call: as far apart as chance alone would put them ({games}).",
        "few": (
            f"Not enough simulated rounds to tell them apart in the time allowed ({games}; "
            f"{FEW} each are needed to call it)."
        ),
    }[confidence]
    if confidence == "close":
        summary = f"{label(best)} or {label(second)}: too close to call."
    elif confidence == "few":
        summary = f"{label(best)} or {label(second)}: the search could not separate them."
    return PlainHints(order, summary, confidence, note)


def _confidence(best: Hint, second: Hint) -> Confidence:
    """How sure the search is that ``best`` is better than ``second`` (see the module
    docstring)."""
    gap = best.value - second.value
    error = second.gap_error
    if error is None:
        error = math.sqrt(
            best.value * (1 - best.value) / best.games
            + second.value * (1 - second.value) / second.games
        )
    enough = min(best.games, second.games) >= FEW
    if error == 0:  # every simulated round won (or lost) alike after both
        if not enough:
            return "few"
        if gap > 0:
            return "sure"
        return "likely" if round(best.mean_score - second.mean_score) >= 1 else "close"
    if gap >= 2 * error:
        return "sure" if gap >= 4 * error else "likely"
    return "close" if enough else "few"
