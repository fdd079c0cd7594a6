"""The score calculator (``sushigo score``), through the command line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from sushigo.cli import main
from sushigo.tui.score import run_score

Capsys = pytest.CaptureFixture[str]


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


def test_rulebook_maki_example(tmp_path: Path, capsys: Capsys) -> None:
    # 5, 3, 2 and 3 icons -> 6, 1, 0, 1 points.
    doc = {
        "names": ["A", "B", "C", "D"],
        "rounds": [[["maki-3", "maki-2"], ["maki-3"], ["maki-2"], ["maki-2", "maki-1"]]],
    }
    result = score_json(tmp_path, capsys, doc)
    rnd = result["rounds"][0]
    assert [b["maki"] for b in rnd["breakdown"]] == [6, 1, 0, 1]
    assert rnd["scores"] == [6, 1, 0, 1]
    assert result["totals"] == [6, 1, 0, 1]
    assert result["complete"] is False
    assert result["dessert_scores"] is None


def test_rulebook_pudding_example(tmp_path: Path, capsys: Capsys) -> None:
    # 4, 3, 0 and 0 puddings -> +6, 0, -3, -3.
    doc = {
        "names": ["A", "B", "C", "D"],
        "rounds": [
            [["pudding x2"], ["pudding"], [], []],
            [["pudding"], ["pudding", "pudding"], [], []],
            [["pudding"], [], [], []],
        ],
    }
    result = score_json(tmp_path, capsys, doc)
    assert result["puddings"] == [4, 3, 0, 0]
    assert result["dessert_scores"] == [6, 0, -3, -3]
    assert result["totals"] == [6, 0, -3, -3]
    assert result["winners"] == ["A"]


FULL_GAME = {
    "game": "sushi-go",
    "names": ["Ann", "Ben", "Cat"],
    "options": {},
    "rounds": [
        [
            [
                "tempura",
                "tempura",
                "sashimi",
                "sashimi",
                "sashimi",
                "maki-3",
                "pudding",
                "wasabi",
                "squid-nigiri",
            ],
            [
                "dumpling",
                "dumpling",
                "dumpling",
                "maki-2",
                "maki-2",
                "salmon-nigiri",
                "wasabi",
                "egg-nigiri",
                "tempura",
            ],
            [
                "maki-1",
                "chopsticks",
                "tempura",
                "egg-nigiri",
                "salmon-nigiri",
                "squid-nigiri",
                "pudding",
                "pudding",
                "dumpling",
            ],
        ],
        [
            ["dumpling x5", "tempura", "maki-1", "maki-1", "egg"],
            [
                "sashimi",
                "sashimi",
                "tempura",
                "tempura",
                "tempura",
                "maki-3",
                "wasabi",
                "wasabi",
                "salmon",
            ],
            [
                "maki-3",
                "maki-2",
                "pudding",
                "squid",
                "wasabi",
                "sashimi",
                "sashimi",
                "sashimi",
                "egg",
            ],
        ],
        [
            [
                "pudding",
                "pudding",
                "maki 2",
                "maki 2",
                "tempura",
                "tempura",
                "tempura",
                "tempura",
                "salmon",
            ],
            [
                "maki-2",
                "maki-2",
                "sashimi",
                "sashimi",
                "sashimi",
                "sashimi",
                "dumpling",
                "dumpling",
                "chopsticks",
            ],
            "maki-1, egg, salmon, tempura, sashimi, dumpling x3, wasabi",
        ],
    ],
}


def test_full_game_by_hand(tmp_path: Path, capsys: Capsys) -> None:
    # Computed from the rulebook:
    # Round 1  Ann: tempura pair 5, sashimi set 10, maki 3 icons (2nd) 3, wasabi+squid 9 = 27
    #          Ben: 3 dumplings 6, maki 4 icons (most) 6, salmon 2 + wasabi+egg 3, 1 tempura = 17
    #          Cat: maki 1 icon 0, 1 tempura 0, egg 1 + salmon 2 + squid 3, 1 dumpling 1 = 7
    # Round 2  Ann: 5 dumplings 15, maki 2 icons 0, 1 tempura 0, egg 1 = 16
    #          Ben: 2 sashimi 0, 3 tempura 5, maki 3 (2nd) 3, salmon on 1st wasabi 6 = 14
    #          Cat: maki 5 (most) 6, squid before wasabi 3 + egg on it 3, sashimi set 10 = 22
    # Round 3  Ann: maki 4 (tied most: 6/2) 3, 4 tempura 10, salmon 2 = 15
    #          Ben: maki 4 (tied) 3, 4 sashimi 10, 2 dumplings 3 = 16
    #          Cat: maki 1 (no 2nd after a tie) 0, egg 1 + salmon 2 (wasabi last), 3 dumplings 6 = 9
    # Puddings Ann 3, Ben 0, Cat 3: Ann and Cat split 6 (+3 each), Ben -6.
    result = score_json(tmp_path, capsys, FULL_GAME)
    assert [r["scores"] for r in result["rounds"]] == [[27, 17, 7], [16, 14, 22], [15, 16, 9]]
    assert result["rounds"][0]["breakdown"][0] == {
        "maki": 3,
        "tempura": 5,
        "sashimi": 10,
        "dumpling": 0,
        "nigiri": 9,
        "soy-sauce": 0,
    }
    assert result["puddings"] == [3, 0, 3]
    assert result["dessert_scores"] == [3, -6, 3]
    assert result["totals"] == [61, 41, 41]
    assert result["winners"] == ["Ann"]
    assert result["complete"] is True
    assert result["warnings"] == []


def test_full_game_text_output(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(FULL_GAME))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Final scores" in out
    assert "Winner: Ann with 61 points." in out
    assert "Wasabi+Squid nigiri" in out
    for family in ("Maki", "Tempura", "Sashimi", "Dumpl.", "Nigiri"):
        assert family in out
    assert "Soy" not in out


def test_partial_game_says_dessert_not_scored(tmp_path: Path, capsys: Capsys) -> None:
    doc = dict(FULL_GAME, rounds=FULL_GAME["rounds"][:2])  # type: ignore[index]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Dessert is not scored yet" in out
    assert "Leading: Ann with 43 points." in out
    result = score_json(tmp_path, capsys, doc)
    assert result["totals"] == [43, 31, 29]
    assert result["winners"] is None and result["leaders"] == ["Ann"]


def test_wasabi_order(tmp_path: Path, capsys: Capsys) -> None:
    doc = {"names": ["A", "B"], "rounds": [[["wasabi", "squid"], ["squid", "wasabi"]]]}
    result = score_json(tmp_path, capsys, doc)
    assert [b["nigiri"] for b in result["rounds"][0]["breakdown"]] == [9, 3]


def test_two_players_no_pudding_penalty(tmp_path: Path, capsys: Capsys) -> None:
    doc = {"names": ["A", "B"], "rounds": [[["pudding"], []], [["pudding"], []], [[], []]]}
    assert score_json(tmp_path, capsys, doc)["dessert_scores"] == [6, 0]
    # With three players the fewest puddings lose 6.
    doc = {
        "names": ["A", "B", "C"],
        "rounds": [[["pudding"], [], ["pudding"]], [[], [], []], [[], [], []]],
    }
    assert score_json(tmp_path, capsys, doc)["dessert_scores"] == [3, -6, 3]


def test_dummy_variant(tmp_path: Path, capsys: Capsys) -> None:
    # The dummy is a third seat: it places for maki and puddings (with the penalty)
    # but cannot win even with the most points.
    doc = {
        "names": ["A", "B"],
        "options": {"dummy": True},
        "rounds": [
            [["pudding"], ["maki-1"], ["maki-3", "sashimi x3"]],
            [[], [], []],
            [[], [], []],
        ],
    }
    result = score_json(tmp_path, capsys, doc)
    assert result["names"] == ["A", "B", "Dummy"]
    assert result["rounds"][0]["scores"] == [0, 3, 16]
    assert result["dessert_scores"] == [6, -3, -3]
    assert result["totals"] == [6, 0, 13]
    assert result["winners"] == ["A"]
    doc["names"] = ["A", "B", "Robot"]
    assert score_json(tmp_path, capsys, doc)["names"] == ["A", "B", "Robot"]


def test_soy_sauce_option(tmp_path: Path, capsys: Capsys) -> None:
    doc = {
        "names": ["A", "B"],
        "options": {"soy-sauce": True},
        "rounds": [[["soy-sauce", "tempura", "maki-1"], ["soy", "tempura"]]],
    }
    result = score_json(tmp_path, capsys, doc)
    # A has 3 colours, B 2: only A's soy sauce scores.
    assert [b["soy-sauce"] for b in result["rounds"][0]["breakdown"]] == [4, 0]


def test_json_shape(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, FULL_GAME)
    assert set(result) == {
        "game",
        "players",
        "names",
        "options",
        "rounds",
        "puddings",
        "dessert_scores",
        "totals",
        "complete",
        "leaders",
        "winners",
        "warnings",
    }
    assert result["game"] == "sushi-go" and result["players"] == 3
    assert set(result["options"]) == {"pass_both_ways", "dummy", "reshuffle", "soy_sauce"}
    for r, entry in enumerate(result["rounds"], 1):
        assert set(entry) == {"round", "cards", "breakdown", "scores", "puddings"}
        assert entry["round"] == r
        assert len(entry["cards"]) == len(entry["breakdown"]) == 3
        for b, s in zip(entry["breakdown"], entry["scores"], strict=True):
            assert sum(b.values()) == s
    assert result["rounds"][1]["cards"][1][-1] == "salmon-nigiri"
    assert result["rounds"][1]["cards"][0][:5] == ["dumpling"] * 5


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: Capsys) -> None:
    import io

    doc = {"rounds": [[["tempura x2"], ["egg"]]]}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(doc)))
    assert main(["score", "-", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["names"] == ["Player 1", "Player 2"]
    assert result["totals"] == [5, 1]


def test_card_count_warnings(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"names": ["A", "B"], "rounds": [[["squid x6"], []]]}))
    assert main(["score", str(path)]) == 0
    err = capsys.readouterr().err
    assert "warning: round 1, A: 6 cards listed" in err
    assert "6 x squid-nigiri listed, but the deck holds only 5" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON (Expecting property name enclosed in double quotes"),
        ("[1, 2]", "must be a JSON object"),
        (
            {"names": ["A", "B"], "rounds": [[["tempra"], []]]},
            "round 1, A, card 1: unknown card 'tempra' (did you mean tempura?); cards are: ",
        ),
        ({"names": ["A", "B"], "rounds": [[["maki"], []]]}, "could be maki-1 or maki-2"),
        (
            {"names": ["A", "B", "C"], "rounds": [[[], []]]},
            "round 1 lists the cards of 2 seats, but there are 3 (A, B, C)",
        ),
        ({"names": ["A", "B"], "rounds": [[[], []]] * 4}, "4 rounds given"),
        (
            {"names": ["A", "B"], "options": {"turbo": True}, "rounds": [[[], []]]},
            "unknown variant 'turbo'",
        ),
        (
            {"names": ["A", "B"], "options": {"dummy": 1}, "rounds": [[[], []]]},
            "on or off (true/false)",
        ),
        ({"names": ["A", "B"], "rounds": [[[], []]], "round": []}, "unknown key 'round'"),
        ({"names": ["A", "B"], "rounds": [[["soy sauce"], []]]}, "soy sauce promo"),
        ({"names": ["A"], "rounds": [[[]]]}, "2 to 5 players, not 1"),
        ({"names": ["A", "A"], "rounds": [[[], []]]}, "same name"),
        ({"names": ["A", "B"]}, "no 'rounds'"),
        ({"names": ["A", "B"], "rounds": []}, "'rounds' is empty"),
        ({"names": ["A", "B"], "rounds": [[[3], []]]}, "a card is a name in quotes"),
        ({"game": "sushi-bowl", "rounds": [[[], []]]}, "knows only the game 'sushi-go'"),
        (
            {"names": ["A", "B"], "options": {"dummy": True}, "rounds": [[[], []]]},
            "list the dummy's cards third",
        ),
    ],
)
def test_errors(
    tmp_path: Path, capsys: Capsys, content: str | dict[str, Any], message: str
) -> None:
    assert message in fail(tmp_path, capsys, content)


def test_file_not_found(tmp_path: Path, capsys: Capsys) -> None:
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"sushigo score: no such file: {tmp_path / 'nope.json'}"


def test_interactive(capsys: Capsys) -> None:
    answers = iter(
        [
            "Ann",  # too few players
            "Ann, Ben",
            "turbo",  # unknown variant
            "",
            "wasabi, squid, tempura x2",
            "banana",  # unknown card: asked again
            "squid, wasabi",
            "y",
            "pudding",
            "",
            "n",
        ]
    )
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    args = argparse.Namespace(command="score", file=None, json=True)
    assert run_score(args, input_fn=ask, interactive=True) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert result["names"] == ["Ann", "Ben"]
    assert [r["scores"] for r in result["rounds"]] == [[14, 3], [0, 0]]
    assert result["puddings"] == [1, 0]
    assert result["complete"] is False
    assert "2 to 5 players" in captured.err
    assert "unknown variant 'turbo'" in captured.err
    assert "unknown card 'banana'" in captured.err
    assert prompts.count("Round 1, cards in front of Ben: ") == 2
    assert "Enter round 3? [Y/n]: " in prompts


def test_interactive_eof(capsys: Capsys) -> None:
    def ask(prompt: str) -> str:
        raise EOFError

    args = argparse.Namespace(command="score", file=None, json=False)
    assert run_score(args, input_fn=ask, interactive=True) == 1
    assert "input ended" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "written", "read"),
    [
        (
            "sushi-go",
            ["tempuras", "2 dumplings", "squid nigiris", "eggs", "puddings x2"],
            ["tempura", "dumpling x2", "squid", "egg", "pudding x2"],
        ),
        ("sushi-go", ["3 x sashimi", "maki 3s", "Dumplings"], ["sashimi x3", "maki-3", "dumpling"]),
        (
            "sushi-go-party",
            ["temakis", "2 tofus", "sashimis x3"],
            ["temaki", "tofu x2", "sashimi x3"],
        ),
        ("sushi-roll", ["tempuras", "2 dumplings", "squids"], ["tempura", "dumpling x2", "squid"]),
    ],
)
def test_plurals_and_counts_first_read_as_the_cards(
    game: str, written: list[str], read: list[str]
) -> None:
    """A person counting cards writes plurals and counts first; they score as the same
    cards written as ids with counts after."""
    from sushigo.present.sheets import score_document

    def doc(cards: list[str]) -> dict[str, Any]:
        base: dict[str, Any] = {"game": game, "names": ["A", "B", "C"]}
        if game == "sushi-go-party":
            base["menu"] = "master-menu"
        base["rounds"] = [[cards, [], []]]
        return base

    assert score_document(doc(written))[1] == score_document(doc(read))[1]


def test_every_mistake_is_reported_with_its_round_and_seat() -> None:
    """A sheet with several mistakes names each of them in one go (the page marks each
    field), not just the first; a plural of a name several cards share is still
    ambiguous, not unknown."""
    from sushigo.present.sheets import score_document
    from sushigo.present.sheets.common import SheetMistakes

    sheet = {
        "names": ["Ann", "Ben"],
        "rounds": [
            [["tempura", "tempra", "wasabii"], ["sashimi"]],
            [["dumpling"], ["makis"]],
        ],
    }
    with pytest.raises(SheetMistakes) as caught:
        score_document(sheet)
    where = [(m.round, m.seat) for m in caught.value.mistakes]
    assert where == [(1, 0), (1, 0), (2, 1)]
    text = str(caught.value)
    assert text.startswith("3 mistakes: round 1, Ann, card 2: unknown card 'tempra'")
    assert "round 1, Ann, card 3: unknown card 'wasabii'" in text
    assert "round 2, Ben, card 1: 'maki' could be maki-1 or maki-2 or maki-3" in text


def test_the_command_line_says_every_mistake_on_one_line(tmp_path: Path, capsys: Capsys) -> None:
    sheet = {"names": ["A", "B"], "rounds": [[["tempra"], ["sashimmi"]]]}
    line = fail(tmp_path, capsys, sheet)
    assert "2 mistakes: round 1, A, card 1: unknown card 'tempra'" in line
    assert "round 1, B, card 1: unknown card 'sashimmi'" in line
