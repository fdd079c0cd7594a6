"""Golden playthroughs: seeded games of the classic ruleset, diffed against files.

Each game is played by :func:`sushigo.play.play_game` with random agents (agent of
seat ``i`` seeded ``seed * 10 + i``) and written as a pretty-printed JSON record
with sorted keys under ``tests/golden/``. The test plays the same seeds again and
compares the new record with the file, character for character: any change in
dealing, legal actions, agent order, scoring or the record format shows up here.

When a change is intended (and only then), regenerate the files and review the diff:

    SUSHIGO_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_golden.py

Round 1 of ``sushi-go-4p-seed7.json`` was scored by hand from the rulebook; see
:func:`test_hand_checked_round_one`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.core.records import dumps, loads, replay
from sushigo.play import play_game, record_game

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("SUSHIGO_REGEN_GOLDEN") == "1"

GAMES: list[tuple[str, int, int, dict[str, bool]]] = [
    ("sushi-go-2p-seed1", 2, 1, {}),
    ("sushi-go-3p-seed2", 3, 2, {}),
    ("sushi-go-4p-seed7", 4, 7, {}),
    ("sushi-go-5p-seed5", 5, 5, {}),
    ("sushi-go-2p-dummy-seed3", 2, 3, {"dummy": True}),
    (
        "sushi-go-4p-both-ways-reshuffle-soy-sauce-seed11",
        4,
        11,
        {"pass_both_ways": True, "reshuffle": True, "soy_sauce": True},
    ),
]
"""(file stem, players, seed, variants)."""


def golden_record(players: int, seed: int, options: dict[str, bool]) -> dict[str, Any]:
    rules = sushigo.make("sushi-go", players=players, **options)
    seeds = [seed * 10 + i for i in range(players)]
    state = play_game(rules, [make_agent("random", s) for s in seeds], seed)
    names = [f"Random {i + 1}" for i in range(players)]
    return record_game(state, names, ["random"] * players, seed, seeds)


def render(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=2, sort_keys=True) + "\n"


def first_difference(old: Any, new: Any, path: str = "record") -> str:
    if type(old) is not type(new):
        return f"{path}: {old!r} -> {new!r}"
    if isinstance(old, dict):
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                return first_difference(old.get(key), new.get(key), f"{path}.{key}")
    if isinstance(old, list):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
        if len(old) != len(new):
            return f"{path}: length {len(old)} -> {len(new)}"
    return f"{path}: {old!r} -> {new!r}"


@pytest.mark.parametrize(
    ("stem", "players", "seed", "options"), GAMES, ids=[g[0] for g in GAMES]
)
def test_golden_game(stem: str, players: int, seed: int, options: dict[str, bool]) -> None:
    path = GOLDEN / f"{stem}.json"
    text = render(golden_record(players, seed, options))
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run SUSHIGO_REGEN_GOLDEN=1 pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        where = first_difference(json.loads(expected), json.loads(text))
        pytest.fail(
            f"{path.name} differs from a fresh game at {where}. If the change is "
            "intended, regenerate with SUSHIGO_REGEN_GOLDEN=1 and review the diff."
        )


@pytest.mark.parametrize(
    ("stem", "players", "seed", "options"), GAMES, ids=[g[0] for g in GAMES]
)
def test_golden_file_replays(stem: str, players: int, seed: int, options: dict[str, bool]) -> None:
    record = json.loads((GOLDEN / f"{stem}.json").read_text(encoding="utf-8"))
    assert record["players"] == players and record["seed"] == seed
    assert all(record["options"][k] is v for k, v in options.items())
    assert record["agent_seeds"] == [seed * 10 + i for i in range(players)]
    state = replay(loads(dumps(record), stem))
    assert state.is_terminal()
    assert state.returns() == record["final_scores"]
    assert len(record["rounds"]) == 3


def test_hand_checked_round_one() -> None:
    """Round 1 of the 4-player golden game (seed 7), scored by hand from the rulebook.

    seat 0: maki-3 (3 icons); tempura x3 = one pair, 5; sashimi x1, 0; dumpling x2, 3;
            squid with no wasabi, 3.                                  11 + maki
    seat 1: maki-1 + maki-2 (3 icons); tempura x2, 5; sashimi x1, 0; dumpling x1, 1;
            salmon played before the wasabi, 2; the wasabi stays empty, 0.  8 + maki
    seat 2: maki-2 + maki-1 (3 icons); tempura x2, 5; sashimi x1, 0; dumpling x1, 1;
            salmon 2 + egg 1, no wasabi, 3.                            9 + maki
    seat 3: maki-2 x2 (4 icons); tempura x2, 5; sashimi x2, 0; dumpling x1, 1;
            squid, 3.                                                  9 + maki
    Maki 3, 3, 3, 4: seat 3 has the most, 6; seats 0-2 tie for second and split 3
    (1 each). Round 1: 12, 9, 10, 15.
    """
    record = json.loads((GOLDEN / "sushi-go-4p-seed7.json").read_text(encoding="utf-8"))
    entry = record["rounds"][0]
    tableaux = [[c for turn in entry["turns"] for c in turn[s]] for s in range(4)]
    assert tableaux == HAND_CHECK_TABLEAUX
    assert entry["breakdown"] == HAND_CHECK_BREAKDOWN
    assert entry["scores"] == [12, 9, 10, 15]


HAND_CHECK_TABLEAUX = [
    ["maki-3", "dumpling", "sashimi", "tempura", "dumpling", "tempura", "tempura", "squid-nigiri"],
    ["dumpling", "maki-1", "tempura", "salmon-nigiri", "wasabi", "sashimi", "maki-2", "tempura"],
    ["tempura", "salmon-nigiri", "maki-2", "dumpling", "maki-1", "sashimi", "tempura"]
    + ["egg-nigiri"],
    ["sashimi", "dumpling", "maki-2", "sashimi", "maki-2", "tempura", "squid-nigiri", "tempura"],
]
HAND_CHECK_BREAKDOWN = [
    {"maki": 1, "tempura": 5, "sashimi": 0, "dumpling": 3, "nigiri": 3, "soy-sauce": 0},
    {"maki": 1, "tempura": 5, "sashimi": 0, "dumpling": 1, "nigiri": 2, "soy-sauce": 0},
    {"maki": 1, "tempura": 5, "sashimi": 0, "dumpling": 1, "nigiri": 3, "soy-sauce": 0},
    {"maki": 6, "tempura": 5, "sashimi": 0, "dumpling": 1, "nigiri": 3, "soy-sauce": 0},
]


def test_dummy_golden_game_the_dummy_scores_most_but_cannot_win() -> None:
    """FACTS.md ruling: only the two real players can win the dummy variant."""
    record = json.loads((GOLDEN / "sushi-go-2p-dummy-seed3.json").read_text(encoding="utf-8"))
    final = record["final_scores"]
    assert len(final) == 3 and final[2] > max(final[:2])
    assert record["winners"] == [final.index(max(final[:2]))]
    # scored as three players: the fewest puddings lose 6 even with two players
    assert min(record["dessert_scores"]) == -6
