"""The score calculator (``sushigo score``) for Sushi Roll games played with real dice.

Every expected score is worked out by hand from the rulebook
(../shared/rules/sushi-roll-rulebook.md): maki 6/3 with full points for ties;
egg 1, salmon 2, squid 3, tripled on a wasabi; dumpling 2/4/8, tempura 1/5/10,
sashimi 0/6/13 per set of up to 3; game end: pudding tokens most +6, fewest -6
(no -6 with 2 players), 1 point per 2 unused menu/chopsticks tokens; a tie goes
to the most pudding tokens.
"""

from __future__ import annotations

import argparse
import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sushigo
from sushigo.cli import main
from sushigo.games.roll import RollState
from sushigo.present.sheets.roll import load_roll_sheet, score_roll_sheet
from sushigo.tui.score import run_score

Capsys = pytest.CaptureFixture[str]
ROLL = "sushi-roll"


def score_json(tmp_path: Path, capsys: Capsys, doc: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path), "--json"]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def fail(tmp_path: Path, capsys: Capsys, content: str | dict[str, Any]) -> str:
    """Run on a file holding ``content``; expect exit 2 and one line on stderr."""
    path = tmp_path / "bad.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("sushigo score: ")
    return lines[0]


def warnings_of(tmp_path: Path, capsys: Capsys, doc: dict[str, Any]) -> list[str]:
    """Run on ``doc`` (exit 0) and return the warning lines on stderr."""
    path = tmp_path / "warn.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    err = capsys.readouterr().err
    prefix = "sushigo score: warning: "
    lines = [line for line in err.splitlines() if line.startswith(prefix)]
    return [line[len(prefix) :] for line in lines]


# ---------------------------------------------------------------------------
# One round, table-driven: (trays, expected round scores).

ROUND_CASES: list[tuple[str, list[list[str]], list[int]]] = [
    # Rulebook: Chris has 4 tempura and 2 sashimi: 10 + 1 + 6 = 17.
    ("rulebook appetizers", [["tempura x4", "sashimi x2"], []], [17, 0]),
    # Rulebook: Andrew and Chris 4 maki icons, Karen and Meredith 3: 6, 6, 3, 3.
    (
        "rulebook maki",
        [["maki-3", "maki-1"], ["maki-2", "maki-2"], ["maki-3"], ["maki 1 x3"]],
        [6, 6, 3, 3],
    ),
    # Nigiri on a wasabi is tripled: egg 3, salmon 6, squid 9, in each notation.
    ("egg on wasabi", [["wasabi+egg-nigiri"], []], [3, 0]),
    ("salmon on wasabi", [["salmon-nigiri/on-wasabi"], []], [6, 0]),
    ("squid on wasabi", [["wasabi + squid"], []], [9, 0]),
    ("on wasabi, words", [["squid on wasabi", "egg/on wasabi"], []], [12, 0]),
    # A wasabi alone scores nothing; a nigiri beside it (taken first) is not tripled.
    ("wasabi alone", [["wasabi"], ["wasabi x2"]], [0, 0]),
    ("nigiri beside a wasabi", [["salmon", "wasabi"], ["egg", "squid"]], [2, 4]),
    # Sets of up to 3, several sets score.
    ("dumplings", [["dumpling"], ["dumpling x2"], ["dumpling x3"], ["dumpling x4"]], [2, 4, 8, 10]),
    ("tempura", [["tempura"], ["tempura x2"], ["tempura x3"], ["tempura x6"]], [1, 5, 10, 20]),
    ("sashimi", [["sashimi"], ["sashimi x2"], ["sashimi x3"], ["sashimi x5"]], [0, 6, 13, 19]),
    # Maki: 5, 2, 0 icons -> 6, 3, 0; nobody without icons places.
    ("maki second", [["maki-3", "maki-2"], ["maki-2"], ["dumpling"]], [6, 3, 2]),
    ("maki all tied", [["maki-2"], ["maki-1", "maki-1"]], [6, 6]),
    # Pudding, menu and chopsticks dice score nothing on the tray.
    ("token dice", [["pudding-3", "menu-2", "chopsticks-2"], ["Puddings (2)"]], [0, 0]),
]


@pytest.mark.parametrize(
    ("trays", "scores"), [c[1:] for c in ROUND_CASES], ids=[c[0] for c in ROUND_CASES]
)
def test_round_scores(
    tmp_path: Path, capsys: Capsys, trays: list[list[str]], scores: list[int]
) -> None:
    names = ["Andrew", "Chris", "Karen", "Meredith", "Pat"][: len(trays)]
    result = score_json(tmp_path, capsys, {"game": ROLL, "names": names, "rounds": [trays]})
    entry = result["rounds"][0]
    assert entry["scores"] == scores
    assert result["totals"] == scores
    for b, s in zip(entry["breakdown"], entry["scores"], strict=True):
        assert sum(b.values()) == s
    assert result["complete"] is False and result["winners"] is None
    assert result["dessert_scores"] is None and result["token_scores"] is None


def test_rulebook_breakdowns(tmp_path: Path, capsys: Capsys) -> None:
    doc = {"game": ROLL, "rounds": [[["tempura x4", "sashimi x2", "wasabi+squid"], ["maki-3"]]]}
    b = score_json(tmp_path, capsys, doc)["rounds"][0]["breakdown"]
    assert b[0] == {"maki": 0, "nigiri": 9, "dumpling": 0, "tempura": 11, "sashimi": 6}
    assert b[1] == {"maki": 6, "nigiri": 0, "dumpling": 0, "tempura": 0, "sashimi": 0}


# ---------------------------------------------------------------------------
# Game end, table-driven: (round points per tray, puddings, menus, chopsticks,
# expected pudding points, token points).


def one_tray_game(rounds: list[list[str]], **tokens: list[int]) -> dict[str, Any]:
    """Three rounds in which each player's tray is the given one every round."""
    return {"game": ROLL, "rounds": [rounds] * 3, **tokens}


END_CASES: list[tuple[str, int, list[int], list[int], list[int], list[int], list[int]]] = [
    # Rulebook: Andrew and Chris 6 pudding tokens, Karen and Meredith 0: +6 +6 -6 -6.
    ("rulebook puddings", 4, [6, 6, 0, 0], [0] * 4, [0] * 4, [6, 6, -6, -6], [0] * 4),
    # Two players: the fewest does not lose 6.
    ("two players", 2, [3, 1], [0, 0], [0, 0], [6, 0], [0, 0]),
    # Three players: most +6, fewest -6, the middle nothing.
    ("three players", 3, [5, 2, 0], [0] * 3, [0] * 3, [6, 0, -6], [0] * 3),
    # Everyone equal: nobody scores (the project's ruling, as in the card games).
    ("all equal", 3, [2, 2, 2], [0] * 3, [0] * 3, [0, 0, 0], [0] * 3),
    # 1 point for every 2 unused tokens, menus and chopsticks together.
    ("tokens", 4, [1] * 4, [3, 1, 0, 2], [2, 0, 2, 1], [0] * 4, [2, 0, 1, 1]),
]


@pytest.mark.parametrize(
    ("players", "puddings", "menus", "chopsticks", "dessert", "token"),
    [c[1:] for c in END_CASES],
    ids=[c[0] for c in END_CASES],
)
def test_game_end(
    tmp_path: Path,
    capsys: Capsys,
    players: int,
    puddings: list[int],
    menus: list[int],
    chopsticks: list[int],
    dessert: list[int],
    token: list[int],
) -> None:
    trays = [["tempura"]] * players  # 1 point a round each
    doc = one_tray_game(trays, puddings=puddings, menus=menus, chopsticks=chopsticks)
    result = score_json(tmp_path, capsys, doc)
    assert result["complete"] is True
    assert result["dessert_scores"] == dessert
    assert result["token_scores"] == token
    assert result["totals"] == [3 + d + t for d, t in zip(dessert, token, strict=True)]


# ---------------------------------------------------------------------------
# A whole game, worked out by hand (the example in docs/score-calculator.md).
#
# Round 1  Ann: tempura 3 = 10, sashimi 2 = 6, 3 maki icons (second) 3 = 19
#          Ben: squid on wasabi 9, 4 maki icons (most) 6, dumpling 2 = 4 = 19
#          Cat: wasabi alone 0, egg 1 + salmon 2, dumpling 3 = 8, no maki = 11
# Round 2  Ann: sashimi 3 = 13, 1 maki icon (tied second) 3 = 16
#          Ben: tempura 2 = 5, salmon on wasabi 6 + egg 1, 5 maki icons 6 = 18
#          Cat: dumpling 4 = 8 + 2, squid 3, 1 maki icon 3 = 16
# Round 3  Ann: dumpling 2, tempura 1, 4 maki icons (tied most) 6, wasabi 0 = 9
#          Ben: sashimi 0, 4 maki icons 6, squid 3 + salmon 2, dumpling 2 = 13
#          Cat: tempura 3 = 10, egg on wasabi 3, no maki = 13
# Rounds   Ann 44, Ben 50, Cat 40
# Puddings Ann 1 + 3 + 2 = 6 (most) +6, Ben 1 (fewest) -6, Cat 1 + 2 = 3: 0
# Tokens   Ann 2 + 1 = 3: 1, Ben 4 + 2 = 6: 3, Cat 0 + 5 = 5: 2
# Totals   Ann 51, Ben 47, Cat 42: Ann wins.
FULL_GAME: dict[str, Any] = {
    "game": ROLL,
    "names": ["Ann", "Ben", "Cat"],
    "rounds": [
        [
            ["tempura x3", "sashimi x2", "maki-3", "pudding-1"],
            ["wasabi+squid", "maki-2 x2", "dumpling x2", "menu"],
            ["wasabi", "egg", "salmon", "dumpling x3", "chopsticks-2"],
        ],
        [
            ["sashimi x3", "maki-1", "pudding-3", "pudding-2", "menu-2"],
            ["tempura x2", "salmon/on-wasabi", "maki-3", "maki-2", "egg"],
            "dumpling x4, maki 1, squid, pudding 1",
        ],
        [
            ["dumpling", "tempura", "maki-2 x2", "wasabi", "chopsticks", "menu"],
            ["sashimi", "maki-3", "maki-1", "pudding-1", "squid", "salmon", "dumpling"],
            ["tempura x3", "wasabi+egg", "pudding-2", "chopsticks"],
        ],
    ],
    "puddings": [6, 1, 3],
    "menus": [2, 4, 0],
    "chopsticks": [1, 2, 5],
}


def test_full_game_by_hand(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, FULL_GAME)
    assert [r["scores"] for r in result["rounds"]] == [[19, 19, 11], [16, 18, 16], [9, 13, 13]]
    assert [b["maki"] for b in result["rounds"][1]["breakdown"]] == [3, 6, 3]
    assert [b["maki"] for b in result["rounds"][2]["breakdown"]] == [6, 6, 0]
    assert [r["puddings"] for r in result["rounds"]] == [[1, 0, 0], [5, 0, 1], [0, 1, 2]]
    assert result["puddings"] == [6, 1, 3] and result["puddings_from_trays"] is False
    assert result["dessert_scores"] == [6, -6, 0]
    assert result["token_scores"] == [1, 3, 2]
    assert result["totals"] == [51, 47, 42]
    assert result["complete"] is True
    assert result["winners"] == ["Ann"] and result["leaders"] == ["Ann"]
    assert result["warnings"] == []
    assert result["rounds"][1]["trays"][1][2] == "wasabi+salmon-nigiri"
    assert result["rounds"][1]["trays"][2] == [
        "dumpling",
        "dumpling",
        "dumpling",
        "dumpling",
        "maki-1",
        "squid-nigiri",
        "pudding-1",
    ]


def test_docs_example_is_this_game(tmp_path: Path, capsys: Capsys) -> None:
    docs = Path(__file__).parent.parent / "docs" / "score-calculator.md"
    section = docs.read_text(encoding="utf-8").split("## Sushi Roll", 1)[1]
    sheet = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    assert sheet == json.loads(json.dumps(FULL_GAME))
    assert score_json(tmp_path, capsys, sheet)["totals"] == [51, 47, 42]


def test_full_game_text_output(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(FULL_GAME))
    assert main(["score", str(path)]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert captured.err == ""
    assert "Sushi Roll - 3 players, 7 dice per tray" in out
    assert "Wasabi+Squid nigiri" in out and "Tempura x3" in out
    for title in ("Round 1 points", "Round 3 points", "Final scores", "Maki", "Sashimi"):
        assert title in out
    assert "Winner: Ann with 51 points." in out


def test_json_shape(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, FULL_GAME)
    assert set(result) == {
        "game", "players", "names", "options", "dice_per_tray", "rounds", "puddings",
        "puddings_from_trays", "menus", "chopsticks", "dessert_scores", "token_scores",
        "totals", "complete", "game_end_scored", "game_end_note", "leaders", "winners",
        "warnings",
    }  # fmt: skip
    assert result["game"] == ROLL and result["players"] == 3
    assert result["options"] == {"dice": "default"} and result["dice_per_tray"] == 7
    assert result["menus"] == [2, 4, 0] and result["chopsticks"] == [1, 2, 5]
    for r, entry in enumerate(result["rounds"], 1):
        assert set(entry) == {"round", "trays", "breakdown", "scores", "puddings"}
        assert entry["round"] == r
        for b in entry["breakdown"]:
            assert set(b) == {"maki", "nigiri", "dumpling", "tempura", "sashimi"}


# Tie-break (2 players, 8 dice a tray):
# Round 1  Ann: tempura 2 = 5, dumpling 2 = 4, 2 maki icons (tied) 6 = 15
#          Ben: the same 15 + sashimi 2 = 6: 21
# Rounds 2, 3: both dumpling 3 = 8, 1 maki icon (tied) 6, egg 1 = 15
# Puddings Ann 2 + 1 + 1 = 4 (+6), Ben 3 (two players: no -6); tokens 1 + 1: 1 each
# Totals   Ann 15 + 30 + 6 + 1 = 52, Ben 21 + 30 + 0 + 1 = 52: Ann, more pudding tokens.
TIE_ROUND_2 = "dumpling x3, maki-1, menu, wasabi, egg, pudding-1"
TIE_GAME: dict[str, Any] = {
    "game": ROLL,
    "names": ["Ann", "Ben"],
    "rounds": [
        [
            "tempura x2, dumpling x2, pudding-2, maki-2, chopsticks, wasabi",
            "tempura x2, dumpling x2, pudding-1, maki-2, sashimi x2",
        ],
        [TIE_ROUND_2, TIE_ROUND_2],
        [TIE_ROUND_2, TIE_ROUND_2],
    ],
    "menus": [1, 1],
    "chopsticks": [1, 1],
}


def test_tie_broken_by_pudding_tokens(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, TIE_GAME)
    assert [r["scores"] for r in result["rounds"]] == [[15, 21], [15, 15], [15, 15]]
    assert result["puddings"] == [4, 3] and result["puddings_from_trays"] is True
    assert result["dessert_scores"] == [6, 0]
    assert result["totals"] == [52, 52]
    assert result["winners"] == ["Ann"]
    assert result["warnings"] == []
    path = tmp_path / "tie.json"
    path.write_text(json.dumps(TIE_GAME))
    assert main(["score", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Winner: Ann with 52 points, tied with Ben but with more pudding tokens (4)." in out
    assert "Pudding tokens counted from the pudding dice on the trays." in out


def test_shared_when_pudding_tokens_tie(tmp_path: Path, capsys: Capsys) -> None:
    # Both 10 (tempura 3) and 2 pudding tokens each: the win is shared.
    doc = one_tray_game(
        [["tempura x3"], ["tempura x3"]], puddings=[2, 2], menus=[0, 0], chopsticks=[0, 0]
    )
    result = score_json(tmp_path, capsys, doc)
    assert result["totals"] == [30, 30] and result["winners"] == ["Player 1", "Player 2"]


def test_partial_game(tmp_path: Path, capsys: Capsys) -> None:
    doc = {**FULL_GAME, "rounds": FULL_GAME["rounds"][:2]}
    result = score_json(tmp_path, capsys, doc)
    # Rounds 1 and 2 only: 35, 37, 27; tokens given but no game-end points yet.
    assert result["totals"] == [35, 37, 27]
    assert result["complete"] is False and result["winners"] is None
    assert result["dessert_scores"] is None and result["token_scores"] is None
    assert result["leaders"] == ["Ben"]
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps long lines
    assert "Scores so far" in out
    assert "Game-end points are not scored yet" in out and "(2 of 3 rounds given)" in out
    assert "Leading: Ben with 37 points." in out


def test_three_rounds_without_tokens(tmp_path: Path, capsys: Capsys) -> None:
    doc = {k: v for k, v in FULL_GAME.items() if k not in ("menus", "chopsticks")}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    captured = capsys.readouterr()
    assert (
        "warning: all 3 rounds given, but not 'menus' and 'chopsticks': the game-end "
        "points are not scored" in captured.err
    )
    out = " ".join(captured.out.split())  # rich wraps long lines
    assert "give every player's unused menu and chopsticks tokens" in out
    # Ann 44 and Ben 50 from the rounds alone.
    assert "Leading: Ben with 50 points." in out


# The game end is not scored without all three rounds and the menu and chopsticks
# tokens; the tables and --json say so (not only a warning on stderr).
# (id, keys left out of FULL_GAME, rounds kept, the note, the totals table's title)
GAME_END_CASES: list[tuple[str, tuple[str, ...], int, str | None, str]] = [
    ("scored", (), 3, None, "Final scores"),
    (
        "no menus and chopsticks",
        ("menus", "chopsticks"),
        3,
        "Game-end points are not scored: give every player's unused menu and chopsticks "
        "tokens ('menus' and 'chopsticks'); the totals are the rounds' points only.",
        "Scores without the game end (not scored)",
    ),
    (
        "no menus",
        ("menus",),
        3,
        "Game-end points are not scored: give every player's unused menu tokens "
        "('menus'); the totals are the rounds' points only.",
        "Scores without the game end (not scored)",
    ),
    (
        "no chopsticks, no puddings",
        ("chopsticks", "puddings"),
        3,
        "Game-end points are not scored: give every player's unused chopsticks tokens "
        "('chopsticks'); the totals are the rounds' points only.",
        "Scores without the game end (not scored)",
    ),
    (
        "two rounds",
        (),
        2,
        "Game-end points are not scored yet: they come after round 3 (2 of 3 rounds given).",
        "Scores so far",
    ),
    (
        "two rounds, no tokens",
        ("menus", "chopsticks", "puddings"),
        2,
        "Game-end points are not scored yet: they come after round 3 (2 of 3 rounds given).",
        "Scores so far",
    ),
]


@pytest.mark.parametrize(
    ("left_out", "rounds", "note", "title"),
    [c[1:] for c in GAME_END_CASES],
    ids=[c[0] for c in GAME_END_CASES],
)
def test_game_end_not_scored_is_said(
    tmp_path: Path,
    capsys: Capsys,
    left_out: tuple[str, ...],
    rounds: int,
    note: str | None,
    title: str,
) -> None:
    doc = {k: v for k, v in FULL_GAME.items() if k not in left_out}
    doc["rounds"] = FULL_GAME["rounds"][:rounds]
    result = score_json(tmp_path, capsys, doc)
    scored = note is None
    assert result["game_end_scored"] is scored and result["complete"] is scored
    assert result["game_end_note"] == note
    # Without the game end the totals are the rounds' points (FULL_GAME: 44, 50, 40
    # after three rounds, 35, 37, 27 after two).
    by_rounds = [sum(r["scores"][s] for r in result["rounds"]) for s in range(3)]
    assert result["totals"] == ([51, 47, 42] if scored else by_rounds)
    if not scored:
        assert result["dessert_scores"] is None and result["token_scores"] is None
        assert result["winners"] is None
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps long lines
    assert title in out
    if scored:
        assert "not scored" not in out
        assert "Game end: pudding tokens most +6, fewest -6" in out
    else:
        assert note in out
        assert "Game end: pudding tokens" not in out


def test_game_option_and_a_bad_document(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "g.json"
    path.write_text("[1, 2]")
    assert main(["score", str(path), "--game", "sushi-roll"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "sushigo score: the input must be a JSON object with 'names', 'rounds' and the tokens"
    )


def test_game_from_option_and_stdin(monkeypatch: pytest.MonkeyPatch, capsys: Capsys) -> None:
    doc = {"rounds": [["tempura x4, sashimi x2", "maki 3"]]}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(doc)))
    assert main(["score", "-", "--game", "sushi-roll", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == ROLL and result["names"] == ["Player 1", "Player 2"]
    assert result["totals"] == [17, 6]


# ---------------------------------------------------------------------------
# Warnings: the scoring goes on, exit code 0.

EIGHT = "tempura x2, dumpling x2, maki-1, egg, wasabi, menu"  # 8 dice, 2 players


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            {"rounds": [[EIGHT + ", tempura", EIGHT]]},
            "round 1, Player 1: 9 dice on the tray, but with 2 players every tray ends a "
            "round with 8 (a wasabi with a nigiri on it counts 2)",
        ),
        ({"rounds": [["tempura", EIGHT]]}, "round 1, Player 1: 1 dice on the tray"),
        (
            {"rounds": [["maki-1 x4, tempura x4", "maki-2 x3, tempura x5"]]},
            "round 1: 7 maki dice on the trays, but the bag holds only 6",
        ),
        (
            {"rounds": [["dumpling x8", "sashimi x3, maki-1 x5"]]},
            "round 1: 11 appetizer dice on the trays, but the bag holds only 10",
        ),
        (
            {"rounds": [["squid x6, maki-1 x2", EIGHT]]},
            "round 1: 7 nigiri dice on the trays, but the bag holds only 5",
        ),
        (
            {"rounds": [["pudding-1 x5, maki-1 x3", EIGHT]]},
            "round 1: 5 pudding dice on the trays, but the bag holds only 4",
        ),
        (
            {"rounds": [["menu x5, maki-1 x3", EIGHT]]},
            "round 1: 7 special dice on the trays, but the bag holds only 5",
        ),
        (
            {"rounds": [[EIGHT, EIGHT]], "menus": [10, 9], "chopsticks": [0, 0]},
            "19 menus tokens given in all, but the box holds only 18",
        ),
        (
            {"rounds": [[EIGHT, EIGHT]], "chopsticks": [7, 6]},
            "13 chopsticks tokens given in all, but the box holds only 12",
        ),
        (
            {"rounds": [[EIGHT, EIGHT]], "puddings": [20, 13]},
            "33 puddings tokens given in all, but the box holds only 32 (counted in puddings)",
        ),
        (
            {**FULL_GAME, "puddings": [6, 2, 3]},
            "Ben: 2 pudding tokens given, but the pudding dice on their trays gave 1",
        ),
        (
            {**FULL_GAME, "puddings": [5, 1, 3]},
            "Ann: 5 pudding tokens given, but the pudding dice on their trays gave 6",
        ),
        (
            {**FULL_GAME, "menus": [2, 5, 0]},
            "Ben: 5 menus tokens left, but they started with 3 and their menus dice gave "
            "at most 1 more",
        ),
        (
            {**FULL_GAME, "chopsticks": [1, 3, 5]},
            "Ben: 3 chopsticks tokens left, but they started with 2 and their chopsticks "
            "dice gave at most 0 more",
        ),
        (
            {
                "dice": {
                    "appetizer": ["dumpling"] * 3 + ["tempura"] * 3,
                    "maki": ["maki-1", "maki-1", "maki-2", "maki-2", "maki-3", "maki-3"],
                    "nigiri": ["egg-nigiri"] * 2 + ["salmon-nigiri"] * 3 + ["squid-nigiri"],
                    "special": ["wasabi", "wasabi", "chopsticks", "chopsticks-2", "menu", "menu"],
                    "pudding": ["pudding-1"] * 3 + ["pudding-2"] * 3,
                },
                "rounds": [[EIGHT.replace("tempura x2", "sashimi x2"), EIGHT]],
            },
            "round 1, Player 1: sashimi listed, but no appetizer die of these dice shows it "
            "(its faces: dumpling, tempura)",
        ),
    ],
)
def test_warnings(tmp_path: Path, capsys: Capsys, doc: dict[str, Any], message: str) -> None:
    found = warnings_of(tmp_path, capsys, {"game": ROLL, **doc})
    assert any(message in w for w in found), found


def test_no_warning_for_faces_on_the_default_dice(tmp_path: Path, capsys: Capsys) -> None:
    # Every known face is on some default die; a well-formed round warns of nothing.
    assert warnings_of(tmp_path, capsys, {"game": ROLL, "rounds": [[EIGHT, EIGHT]]}) == []
    assert warnings_of(tmp_path, capsys, FULL_GAME) == []
    # A nigiri on a wasabi is 2 dice: 4 stacks fill a 2-player tray of 8.
    doc = {"game": ROLL, "rounds": [["wasabi+squid x4", "tempura x8"]]}
    assert warnings_of(tmp_path, capsys, doc) == []


# ---------------------------------------------------------------------------
# Errors: one line, exit code 2.


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON (Expecting property name enclosed in double quotes"),
        ({"game": ROLL, "rounds": [[["tempra"], []]]},
         "round 1, Player 1, die 1: unknown face 'tempra' (did you mean tempura?); faces are: "
         "dumpling, tempura, sashimi"),
        ({"game": ROLL, "rounds": [[["maki 4"], []]]}, "unknown face 'maki 4'"),
        ({"game": ROLL, "rounds": [[["pudding"], []]]},
         "round 1, Player 1, die 1: 'pudding' could be pudding-1 or pudding-2 or pudding-3"),
        ({"game": ROLL, "rounds": [[["wasabi+tempura"], []]]},
         "'wasabi+tempura': only a nigiri goes on a wasabi"),
        ({"game": ROLL, "rounds": [[["egg+salmon"], []]]},
         "the die before '+' must be a wasabi"),
        ({"game": ROLL, "rounds": [[["wasabi+"], []]]}, "write a nigiri on a wasabi as"),
        ({"game": ROLL, "rounds": [[["tempura/on-wasabi"], []]]},
         "only a nigiri goes on a wasabi"),
        ({"game": ROLL, "rounds": [[["tempura x0"], []]]}, "a count must be at least 1"),
        ({"game": ROLL, "rounds": [[[3], []]]}, "a die is a face name in quotes, not 3"),
        ({"game": ROLL, "rounds": [[{"a": 1}, []]]}, "round 1, Player 1: expected a list of dice"),
        ({"game": ROLL, "names": ["A"], "rounds": [[[]]]},
         "Sushi Roll is for 2 to 5 players, not 1"),
        ({"game": ROLL, "rounds": [[[]] * 6]}, "Sushi Roll is for 2 to 5 players, not 6"),
        ({"game": ROLL, "names": ["A", "A"], "rounds": [[[], []]]}, "same name"),
        ({"game": ROLL, "names": "A, B", "rounds": [[[], []]]}, "'names' must be a list"),
        ({"game": ROLL, "names": ["A", "B", "C"], "rounds": [[[], []]]},
         "round 1 lists 2 trays, but there are 3 players (A, B, C)"),
        ({"game": ROLL}, "no 'rounds'"),
        ({"game": ROLL, "rounds": []}, "'rounds' is empty"),
        ({"game": ROLL, "rounds": {"1": []}}, "'rounds' must be a list of rounds"),
        ({"game": ROLL, "rounds": [[[], []]] * 4}, "4 rounds given, but Sushi Roll has only 3"),
        ({"game": ROLL, "rounds": [[[], []]], "round": 1},
         "unknown key 'round'; the keys for sushi-roll are: "),
        ({"game": ROLL, "names": ["A", "B"], "rounds": [[[], []]], "menus": [1, -1]},
         "'menus': B cannot have -1 tokens; counts are 0 or more"),
        ({"game": ROLL, "rounds": [[[], []]], "puddings": [-2, 0]},
         "'puddings': Player 1 cannot have -2 tokens"),
        ({"game": ROLL, "rounds": [[[], []]], "chopsticks": [1]},
         "'chopsticks' gives one whole number per player, in the order of the names (2 in all"),
        ({"game": ROLL, "rounds": [[[], []]], "menus": [1, "2"]}, "'menus' gives one whole number"),
        ({"game": ROLL, "rounds": [[[], []]], "menus": [True, 0]},
         "'menus' gives one whole number"),
        ({"game": ROLL, "rounds": [[[], []]], "dice": {"maki": []}}, "dice: the appetizer die"),
        ({"game": ROLL, "rounds": [[[], []]], "dice": 7}, "'dice' is \"default\""),
        ({"game": ROLL, "rounds": [[[], []]], "dice": "/nonexistent/dice.json"},
         "cannot read the dice file: no such file: /nonexistent/dice.json"),
    ],
)  # fmt: skip
def test_errors(
    tmp_path: Path, capsys: Capsys, content: str | dict[str, Any], message: str
) -> None:
    assert message in fail(tmp_path, capsys, content)


def test_game_option_disagrees_with_file(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"game": "sushi-go", "rounds": [[[], []]]}))
    assert main(["score", str(path), "--game", "sushi-roll"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "sushigo score: the file says game 'sushi-go', but --game says 'sushi-roll'"


def test_unknown_game_names_sushi_roll(tmp_path: Path, capsys: Capsys) -> None:
    message = fail(tmp_path, capsys, {"game": "sushi-bowl", "rounds": [[[], []]]})
    assert "'sushi-roll'" in message and "not 'sushi-bowl'" in message
    assert main(["score", "--game", "sushi-bowl", str(tmp_path / "bad.json")]) == 2
    assert "sushi-go, sushi-go-party and sushi-roll" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# Typed in.


def test_interactive(capsys: Capsys) -> None:
    answers = iter(
        [
            "Ann",  # too few players
            "Ann, Ben",
            "tempura x4, sashimi x2",
            "banana",  # unknown face: asked again
            "wasabi+squid, maki 3",
            "y",
            "maki-2",
            "pudding-3",
            "",  # round 3 too
            "sashimi x2",
            "dumpling",
            "4 1",  # three numbers needed
            "0, 1, 2",
            "3 x 1",  # not numbers
            "3 -1 0",  # negative
            "3 3 2",
        ]
    )
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    args = argparse.Namespace(command="score", file=None, json=True, game="sushi-roll")
    assert run_score(args, input_fn=ask, interactive=True) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert result["names"] == ["Ann", "Ben"]
    # R1: Ann 17, Ben 9 + maki 6 = 15. R2: Ann maki 6, Ben 0. R3: Ann 6, Ben dumpling 2.
    assert [r["scores"] for r in result["rounds"]] == [[17, 15], [6, 0], [6, 2]]
    # Puddings 0 and 3: Ben +6 (two players: no -6); tokens 1 + 2 = 3: 1, 3 + 2 = 5: 2.
    assert result["puddings"] == [0, 3]
    assert result["dessert_scores"] == [0, 6] and result["token_scores"] == [1, 2]
    assert result["totals"] == [30, 25]
    assert result["winners"] == ["Ann"]
    assert "Sushi Roll is for 2 to 5 players; you named 1." in captured.err
    assert "unknown face 'banana'" in captured.err
    assert "Give three numbers" in captured.err
    assert "Give three whole numbers" in captured.err
    assert "Token counts are 0 or more." in captured.err
    assert prompts.count("Round 1, dice on Ben's tray: ") == 2
    assert "Enter round 3? [Y/n]: " in prompts


def test_interactive_partial_and_skipped_tokens(capsys: Capsys) -> None:
    for answers, rounds in (
        (["Ann, Ben", "tempura x2", "egg", "n"], 1),
        (["Ann, Ben", "tempura x2", "egg", "", "", "", "y", "", "", ""], 3),
    ):
        it = iter(answers)

        def ask(prompt: str, it: Iterator[str] = it) -> str:
            return next(it)

        args = argparse.Namespace(command="score", file=None, json=True, game="sushi-roll")
        assert run_score(args, input_fn=ask, interactive=True) == 0
        result = json.loads(capsys.readouterr().out)
        assert len(result["rounds"]) == rounds
        assert result["totals"] == [5, 1]
        assert result["complete"] is False and result["menus"] is None
        assert result["game_end_scored"] is False
        assert result["game_end_note"].startswith(
            "Game-end points are not scored: give every player's unused menu and chopsticks"
            if rounds == 3
            else "Game-end points are not scored yet: they come after round 3"
        )


def test_interactive_eof(capsys: Capsys) -> None:
    def ask(prompt: str) -> str:
        raise EOFError

    args = argparse.Namespace(command="score", file=None, json=False, game="sushi-roll")
    assert run_score(args, input_fn=ask, interactive=True) == 1
    assert "input ended" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# The calculator agrees with the engine on games it played.


def random_game(players: int, seed: int) -> RollState:
    rng = random.Random(seed)
    state = sushigo.make(ROLL, players=players).new_game()
    assert isinstance(state, RollState)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        ((seat, legal),) = state.decisions()
        # Mostly takes, sometimes a token: the game ends quickly.
        takes = [a for a in legal if a.what == "take"]
        pool = takes if rng.random() < 0.8 else list(legal)
        state.apply({seat: rng.choice(pool)})
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_engine_games_score_the_same(players: int) -> None:
    state = random_game(players, seed=players)
    doc = {
        "game": ROLL,
        "rounds": [[list(t) for t in res.trays] for res in state.results],
        "puddings": list(state.puddings),
        "menus": list(state.menus),
        "chopsticks": list(state.chopsticks),
    }
    sheet = load_roll_sheet(doc)
    assert sheet.warnings == []
    result = score_roll_sheet(sheet)
    assert [r["scores"] for r in result["rounds"]] == [list(r.scores) for r in state.results]
    assert result["totals"] == state.returns()
    assert result["winners"] == [f"Player {s + 1}" for s in state.winners()]
