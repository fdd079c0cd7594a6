"""Hints in plain words: the search's ranking (:func:`sushigo.agents.hints.hints`)
said as a player says it, for the browser (and any front end).

``Best: Sashimi, about 4 points more than Tempura``, how sure that is, and a plain
"too close to call in the time allowed" when the search could not separate the
first two. The hints are listed best first by the numbers shown with them: the
share of simulated rounds won, then the average points.

How sure: the difference between the first two win shares, against its standard
error (two independent shares, ``sqrt(p1 q1 / n1 + p2 q2 / n2)``). Under two
standard errors, or with fewer than :data:`FEW` simulated rounds behind either,
it is too close to call; from four, sure; between, likely.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from sushigo.agents.hints import Hint

Confidence = Literal["sure", "likely", "close", "only"]
"""``only``: a single choice was searched (nothing to compare)."""

FEW = 10
"""Fewer simulated rounds than this behind a choice: it cannot be told apart."""


@dataclass(frozen=True)
class PlainHints:
    """The hints, best first, and what they say together."""

    ranked: list[Hint]
    """Best first: by win share, then average points, then rounds simulated."""
    summary: str
    """``Best: Sashimi, about 4 points more than Tempura.``"""
    confidence: Confidence
    note: str
    """How sure, in a sentence: ``Too close to call in the time allowed (12 and 9
    rounds simulated).``"""


def ranked(hints: Sequence[Hint]) -> list[Hint]:
    """Best first by the numbers a player is shown: win share, then average points,
    then how many rounds the estimate rests on."""
    return sorted(hints, key=lambda h: (-h.value, -h.mean_score, -h.games))


def plain_line(hint: Hint) -> str:
    """One hint's numbers in words: ``Ahead in 64% of 410 simulated rounds; about 38
    points by the round's end.``"""
    rounds = "round" if hint.games == 1 else "rounds"
    return (
        f"Ahead in {100 * hint.value:.0f}% of {hint.games} simulated {rounds}; "
        f"about {hint.mean_score:.0f} points by the round's end."
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
    points = best.mean_score - second.mean_score
    if round(points) >= 1:
        summary = f"Best: {label(best)}, about {points:.0f} points more than {label(second)}."
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
        "close": f"Too close to call in the time allowed ({games}).",
    }[confidence]
    if confidence == "close":
        summary = f"{label(best)} or {label(second)}: too close to call."
    return PlainHints(order, summary, confidence, note)


def _confidence(best: Hint, second: Hint) -> Confidence:
    if min(best.games, second.games) < FEW:
        return "close"
    error = math.sqrt(
        best.value * (1 - best.value) / best.games
        + second.value * (1 - second.value) / second.games
    )
    gap = best.value - second.value
    if error == 0:  # every simulated round won (or lost) after both
        if gap > 0:
            return "sure"
        return "likely" if round(best.mean_score - second.mean_score) >= 1 else "close"
    if gap < 2 * error:
        return "close"
    return "sure" if gap >= 4 * error else "likely"
