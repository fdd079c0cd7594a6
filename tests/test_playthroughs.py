"""Golden playthroughs (OpenSpiel's manner): one seeded random game per game and a
few player counts, written step by step by :func:`sushigo.testing.playthrough` and
diffed against tests/golden/playthroughs/. At every step the file says who decides,
every legal action in notation, a digest of each seat's view and the scores, so a
change to a view, a legal-action order or the notation is a readable diff.

When a change is intended (and only then), regenerate the files and review the diff:

    SUSHIGO_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_playthroughs.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

import pytest

import sushigo
from sushigo.testing.playthrough import playthrough

FILES = Path(__file__).parent / "golden" / "playthroughs"
REGEN = os.environ.get("SUSHIGO_REGEN_GOLDEN") == "1"

CONFIGS: list[tuple[str, str, dict[str, Any], int]] = [
    ("sushi-go-2p", "sushi-go", {"players": 2}, 1),
    ("sushi-go-4p", "sushi-go", {"players": 4}, 2),
    ("sushi-go-2p-dummy", "sushi-go", {"players": 2, "dummy": True}, 3),
    ("sushi-go-party-3p-master-menu", "sushi-go-party", {"players": 3, "menu": "master-menu"}, 4),
    (
        "sushi-go-party-2p-dinner-for-two",
        "sushi-go-party",
        {"players": 2, "menu": "dinner-for-two"},
        5,
    ),
    ("sushi-roll-2p", "sushi-roll", {"players": 2}, 6),
    ("sushi-roll-4p", "sushi-roll", {"players": 4}, 7),
]
"""(file stem, game, options, seed)."""


@pytest.mark.parametrize(("stem", "game", "options", "seed"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_the_playthrough_is_unchanged(
    stem: str, game: str, options: dict[str, Any], seed: int
) -> None:
    text = playthrough(sushigo.make(game, **options), seed)
    path = FILES / f"{stem}.txt"
    if REGEN:
        path.write_text(text, encoding="utf-8")
    golden = path.read_text(encoding="utf-8")
    if text != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), text.splitlines(), str(path), "now", n=2, lineterm=""
        )
        pytest.fail("the playthrough changed:\n" + "\n".join(list(diff)[:60]))


def test_a_playthrough_is_the_same_every_time() -> None:
    rules = sushigo.make("sushi-go", players=3)
    assert playthrough(rules, 9) == playthrough(rules, 9)
    assert playthrough(rules, 9) != playthrough(rules, 10)
