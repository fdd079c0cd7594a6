"""Hints in plain words (``sushigo.present.hints``): the order agrees with the
numbers shown, the summary names cards in the right plural, "too close to call" only
when both choices rest on enough simulated rounds and are apart by less than chance,
and a short search says it could not tell."""

from __future__ import annotations

import math

import pytest

from sushigo.agents.hints import Hint
from sushigo.present.hints import FEW, plain_hints, plain_line, ranked


def hint(name: str, value: float, mean: float, games: int, gap: float | None = None) -> Hint:
    return Hint(
        action=name, text=name, value=value, mean_score=mean, reason="", games=games,
        gap_error=gap,
    )  # fmt: skip


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
        # one point: singular
        (
            [hint("sashimi", 0.60, 31.0, 400), hint("tempura", 0.40, 30.0, 400)],
            "Best: Sashimi, about 1 point more than Tempura.",
            "sure",
        ),
        # 2-3 games each (a six-player search at 300 ms): not "close", too few to tell
        (
            [hint("sashimi", 0.0, 20.0, 3), hint("tempura", 0.0, 21.0, 2)],
            "Tempura or Sashimi: the search could not separate them.",
            "few",
        ),
        # the same gap as "close" below, one round short of FEW behind one of them
        (
            [hint("sashimi", 0.51, 30.0, FEW), hint("tempura", 0.50, 30.2, FEW - 1)],
            "Sashimi or Tempura: the search could not separate them.",
            "few",
        ),
        # FEW each, tiny gap: truly too close to call
        (
            [hint("sashimi", 0.51, 30.0, FEW), hint("tempura", 0.50, 30.2, FEW)],
            "Sashimi or Tempura: too close to call.",
            "close",
        ),
        # many games, tiny gap
        (
            [hint("sashimi", 0.51, 30.0, 200), hint("tempura", 0.50, 30.2, 200)],
            "Sashimi or Tempura: too close to call.",
            "close",
        ),
        # the same shares on the same worlds (paired): the difference's own error is
        # small, so the gap that independent shares could not tell apart is sure
        (
            [hint("sashimi", 0.55, 30.0, 200), hint("tempura", 0.50, 30.2, 200, 0.01)],
            "Best: Sashimi, ahead in 55% of its simulated rounds against 50% for Tempura.",
            "sure",
        ),
        # paired, but the difference is noise: close
        (
            [hint("sashimi", 0.55, 30.0, 200), hint("tempura", 0.50, 30.2, 200, 0.04)],
            "Sashimi or Tempura: too close to call.",
            "close",
        ),
        # a far worse choice the search left early (few rounds) is still told apart
        (
            [hint("sashimi", 0.70, 36.0, 900), hint("tempura", 0.10, 24.0, 20)],
            "Best: Sashimi, about 12 points more than Tempura.",
            "sure",
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
        assert plain.note.startswith("Too close to call: as far apart as chance")
    if confidence == "few":
        assert plain.note.startswith("Not enough simulated rounds to tell them apart")
        assert f"{FEW} each are needed" in plain.note


def test_close_needs_few_rounds_each_and_a_gap_under_two_errors() -> None:
    """The rule itself, over a grid: "close" exactly when both rest on FEW rounds or
    more and the gap in win shares is under two standard errors."""
    for games in (1, 10, FEW - 1, FEW, 400):
        for gap in (0.0, 0.02, 0.05, 0.1, 0.3):
            best, second = (
                hint("sashimi", 0.5 + gap, 30.0, games),
                hint("tempura", 0.5, 30.0, games),
            )
            error = math.sqrt(((0.5 + gap) * (0.5 - gap) + 0.25) / games)
            got = plain_hints([best, second], label).confidence
            assert (got == "close") == (games >= FEW and gap < 2 * error), (games, gap, got)
            assert (got == "few") == (games < FEW and gap < 2 * error), (games, gap, got)


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
    assert plain_line(hint("sashimi", 1.0, 1.2, 1)) == (
        "Ahead in 100% of 1 simulated round; about 1 point by the round's end."
    )
    assert plain_line(hint("sashimi", 0.0, 0.2, 2)).endswith("about 0 points by the round's end.")
