"""Hints in plain words (``sushigo.present.hints``): the order agrees with the
numbers shown, the summary names cards, and a short search says it cannot tell."""

from __future__ import annotations

import pytest

from sushigo.agents.hints import Hint
from sushigo.present.hints import plain_hints, plain_line, ranked


def hint(name: str, value: float, mean: float, games: int) -> Hint:
    return Hint(action=name, text=name, value=value, mean_score=mean, reason="", games=games)


NAMES = {"sashimi": "Sashimi", "tempura": "Tempura", "egg-nigiri": "Egg nigiri"}


def label(h: Hint) -> str:
    return NAMES[h.text]


@pytest.mark.parametrize(
    ("hints", "summary", "confidence"),
    [
        # far apart on many games: sure, and the points difference is named
        (
            [hint("tempura", 0.40, 30.0, 400), hint("sashimi", 0.70, 34.2, 400)],
            "Best: Sashimi, about 4 points more than Tempura.",
            "sure",
        ),
        # apart, but not by four standard errors
        (
            [hint("sashimi", 0.60, 33.0, 100), hint("tempura", 0.45, 30.0, 100)],
            "Best: Sashimi, about 3 points more than Tempura.",
            "likely",
        ),
        # 2-3 games each (a six-player search at 300 ms): too close to call
        (
            [hint("sashimi", 0.0, 20.0, 3), hint("tempura", 0.0, 21.0, 2)],
            "Tempura or Sashimi: too close to call.",
            "close",
        ),
        # many games, tiny gap
        (
            [hint("sashimi", 0.51, 30.0, 200), hint("tempura", 0.50, 30.2, 200)],
            "Sashimi or Tempura: too close to call.",
            "close",
        ),
        # more wins but fewer points: the summary speaks of wins, not of points
        (
            [hint("sashimi", 0.30, 28.0, 500), hint("tempura", 0.80, 25.0, 500)],
            "Best: Tempura, ahead in 80% of its simulated rounds against 30% for Sashimi.",
            "sure",
        ),
        ([hint("egg-nigiri", 1.0, 3.0, 50)], "Only choice: Egg nigiri.", "only"),
    ],
)
def test_the_summary_and_how_sure(hints: list[Hint], summary: str, confidence: str) -> None:
    plain = plain_hints(hints, label)
    assert plain.summary == summary
    assert plain.confidence == confidence
    if confidence == "close":
        assert plain.note.startswith("Too close to call in the time allowed")


def test_the_order_agrees_with_the_numbers_shown() -> None:
    hints = [
        hint("a", 0.5, 10.0, 5),
        hint("b", 0.5, 12.0, 1),
        hint("c", 0.7, 9.0, 3),
        hint("d", 0.5, 12.0, 9),
    ]
    order = [h.text for h in ranked(hints)]
    assert order == ["c", "d", "b", "a"]
    shown = [(h.value, h.mean_score) for h in ranked(hints)]
    assert shown == sorted(shown, reverse=True)


def test_a_line_in_words() -> None:
    assert plain_line(hint("sashimi", 0.64, 37.6, 410)) == (
        "Ahead in 64% of 410 simulated rounds; about 38 points by the round's end."
    )
    assert "1 simulated round;" in plain_line(hint("sashimi", 1.0, 3.0, 1))
