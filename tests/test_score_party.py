"""The score calculator (``sushigo score``) for Sushi Go Party! games played with real
cards. Every expected total is worked out by hand from the rulebook's card guide."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import pytest

from sushigo.cli import main
from sushigo.games.party.scoring import ROUND_FAMILIES
from sushigo.tui.score import run_score

Capsys = pytest.CaptureFixture[str]
PARTY = "sushi-go-party"


def score_json(tmp_path: Path, capsys: Capsys, doc: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path), "--json"]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def fail(tmp_path: Path, capsys: Capsys, doc: dict[str, Any]) -> str:
    """Run on a file holding ``doc``; expect exit 2 and one line on stderr."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("sushigo score: ")
    return lines[0]


# Master Menu (temaki; onigiri, tofu, sashimi; spoon, takeout box; fruit), 3 players.
# Round 1  Ann: 2 temaki (most) 4, onigiri circle+triangle+square 9, 2 flipped 4,
#               unused spoon 0 = 17; keeps 1 fruit
#          Ben: 1 temaki 0, 3 sashimi 10, 1 tofu 2, squid 3 = 15; keeps 2 fruit
#          Cat: no temaki (fewest) -4, 2 tofu 6, salmon 2 + egg 1, two rectangles:
#               two sets of one shape 1 + 1, 2 sashimi 0 = 7
# Round 2  Ann: 3 tofu 0, squid 3, 1 temaki (tied fewest) -4 = -1; keeps 1 fruit
#          Ben: 2 temaki (most) 4, 4 shapes 16, egg 1 = 21
#          Cat: 1 temaki (tied fewest) -4, 2 salmon 4, 2 flipped 4, 3 sashimi 10 = 14
# Round 3  temaki 1 each: nobody scores (ruling); Ann 1 sashimi 0 = 0; Ben tofu 2;
#          Cat: a flipped onigiri 2 + a flipped tofu 2 = 4
# Fruit    Ann: watermelon 2+1+1 = 4 -> 6, pineapple 1+2 = 3 -> 3, orange 1 -> 0: 9
#          Ben: pineapple 1 -> 0, orange 1+2 = 3 -> 3, watermelon 0 -> -2: 1
#          Cat: pineapple 2 -> 1, watermelon 0 -> -2, orange 0 -> -2: -3
# Totals   Ann 17 - 1 + 0 + 9 = 25, Ben 15 + 21 + 2 + 1 = 39, Cat 7 + 14 + 4 - 3 = 22
MASTER_MENU = {
    "game": PARTY,
    "menu": "master-menu",
    "names": ["Ann", "Ben", "Cat"],
    "rounds": [
        [
            [
                "temaki x2",
                "onigiri-circle",
                "onigiri-triangle",
                "onigiri-square",
                "flipped:tofu",
                "flipped:sashimi",
                "spoon-4",
                "fruit-watermelon-watermelon",
            ],
            ["temaki", "sashimi x3", "tofu", "squid", "fruit-pineapple-orange", "fruit 2 orange"],
            "tofu x2, salmon, egg, onigiri rectangle x2, sashimi, sashimi",
        ],
        {
            "cards": [
                ["tofu x3", "squid", "temaki", "fruit-watermelon-pineapple"],
                [
                    "temaki x2",
                    "onigiri-rectangle",
                    "onigiri-square",
                    "onigiri-triangle",
                    "onigiri-circle",
                    "egg",
                ],
                ["temaki", "salmon", "salmon", "flipped:temaki", "flipped:salmon", "sashimi x3"],
            ],
        },
        [
            ["temaki", "fruit-pineapple-pineapple", "fruit-watermelon-orange", "sashimi"],
            ["temaki", "tofu"],
            ["temaki", "flipped:onigiri-triangle", "face-down:tofu", "fruit-pineapple-pineapple"],
        ],
    ],
}


def test_master_menu_game_by_hand(tmp_path: Path, capsys: Capsys) -> None:
    doc = dict(
        MASTER_MENU, menu=["temaki", "onigiri", "tofu", "sashimi", "spoon", "takeout-box", "fruit"]
    )
    for sheet in (MASTER_MENU, doc):
        result = score_json(tmp_path, capsys, sheet)
        assert [r["scores"] for r in result["rounds"]] == [[17, 15, 7], [-1, 21, 14], [0, 2, 4]]
        r1 = result["rounds"][0]["breakdown"]
        assert (r1[0]["temaki"], r1[0]["onigiri"], r1[0]["flipped"]) == (4, 9, 4)
        assert (r1[2]["temaki"], r1[2]["onigiri"], r1[2]["nigiri"]) == (-4, 2, 3)
        assert [b["temaki"] for b in result["rounds"][2]["breakdown"]] == [0, 0, 0]
        assert result["rounds"][2]["breakdown"][2]["flipped"] == 4
        assert result["puddings"] == [4, 2, 1]  # dessert cards kept
        assert result["dessert_scores"] == [9, 1, -3]
        assert result["totals"] == [25, 39, 22]
        assert result["winners"] == ["Ben"] and result["complete"] is True
        assert result["warnings"] == []
    assert result["options"] == {"menu": "temaki,onigiri,tofu,sashimi,spoon,takeout-box,fruit"}
    assert result["rounds"][2]["cards"][2] == [
        "temaki",
        "flipped:onigiri-triangle",
        "flipped:tofu",
        "fruit-pineapple-pineapple",
    ]
    assert result["desserts"][1] == ["fruit-pineapple-orange", "fruit-orange-orange"]


def test_text_output(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(MASTER_MENU))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Sushi Go Party! - Master Menu" in out
    assert "Winner: Ben with 39 points." in out
    assert "Face-down [Tofu], Face-down [Sashimi]" in out
    assert "Face-down [Onigiri (triangle)]" in out
    assert "Final scores" in out and "Dessert cards" in out
    for title in ("Nigiri", "Temaki", "Tofu", "Onig.", "Sash.", "Flip."):
        assert title in out
    assert "Maki" not in out and "Uram." not in out


# Points Platter (uramaki; onigiri, dumpling, edamame; special order, tea; green tea
# ice cream), 3 players.
# Round 1: Ben scored 8 for uramaki during the round (place 1 taken).
#   Ann: squid 3; uramaki 4 + a copy = 8 icons left, the most: next place 5; tea: her
#        biggest colour is the uramaki (2 cards, the copy counts as uramaki) 2;
#        edamame: Ann and Ben have some, 1 per opponent with any: 1 = 11
#   Ben: uramaki 8; 2 onigiri shapes 4; 2 edamame 2; 1 dumpling 1 = 15
#   Cat: egg 1 + a special order copying it 1 = 2; keeps 2 ice creams
# Round 2: Ann and Ben reached 10 on the same turn (8 each, second place skipped),
#   Cat later took the third place (2); at round end no place is left: Ann's 8 icons
#   score nothing more. Ann 8, Ben 8 + 5 dumplings 15 = 23, Cat 2 + 4 ice creams
# Round 3 empty. Ice cream: Cat 6 cards: one set of 4, 12.
# Totals: Ann 19, Ben 38, Cat 2 + 2 + 12 = 16.
POINTS_PLATTER = {
    "game": PARTY,
    "menu": "Points Platter",
    "names": ["Ann", "Ben", "Cat"],
    "rounds": [
        {
            "cards": [
                ["squid", "uramaki-4", "special-order=uramaki-4", "tea", "edamame"],
                ["onigiri-circle", "onigiri-square", "edamame x2", "dumpling"],
                "green tea x2, egg, special-order=egg",
            ],
            "uramaki": [0, 8, 0],
        },
        {
            "cards": [["uramaki-5", "uramaki-3"], ["dumpling x5"], ["green-tea-ice-cream x4"]],
            "uramaki": [8, 8, 2],
            "uramaki_places": 3,
        },
        {"cards": [[], [], []]},
    ],
}


def test_points_platter_uramaki_during_the_round(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, POINTS_PLATTER)
    r1, r2, r3 = result["rounds"]
    assert r1["scores"] == [11, 15, 2]
    assert [b["uramaki"] for b in r1["breakdown"]] == [5, 8, 0]
    assert [b["tea"] for b in r1["breakdown"]] == [2, 0, 0]
    assert [b["edamame"] for b in r1["breakdown"]] == [1, 2, 0]
    assert r1["uramaki_scored"] == [0, 8, 0] and r1["uramaki_places"] == 1
    assert r2["scores"] == [8, 23, 2] and r2["uramaki_places"] == 3
    assert r3["scores"] == [0, 0, 0]
    assert result["puddings"] == [0, 0, 6]
    assert result["dessert_scores"] == [0, 0, 12]
    assert result["totals"] == [19, 38, 16]
    assert result["winners"] == ["Ben"]
    # The uramaki places are worked out when not given.
    doc = json.loads(json.dumps(POINTS_PLATTER))
    del doc["rounds"][1]["uramaki_places"]
    assert score_json(tmp_path, capsys, doc)["totals"] == [19, 38, 16]


# My First Meal (maki; tempura, sashimi, miso soup; wasabi, tea; green tea ice cream),
# 2 players, one round.
#   Ann: wasabi+squid 9, a second wasabi then salmon (on it) 6, egg 1 = nigiri 16;
#        tea: 5 yellow cards (2 wasabi, 3 nigiri) 5; miso soup 3; 3 maki icons: second 3
#        = 27
#   Ben: squid on a wasabi (token forms) 9; 4 maki icons: most 6; 3 tempura: one pair
#        5; 2 sashimi 0 = 20
FIRST_MEAL = {
    "game": PARTY,
    "menu": "my-first-meal",
    "names": ["Ann", "Ben"],
    "rounds": [
        [
            ["wasabi+squid", "wasabi", "salmon", "egg", "tea", "miso soup", "maki 3"],
            [
                "wasabi/covered",
                "squid-nigiri/on-wasabi",
                "maki-2",
                "maki-2",
                "tempura x3",
                "sashimi x2",
            ],
        ]
    ],
}


def test_wasabi_forms_tea_and_maki(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, FIRST_MEAL)
    rnd = result["rounds"][0]
    assert rnd["scores"] == [27, 20]
    assert [b["nigiri"] for b in rnd["breakdown"]] == [16, 9]
    assert [b["tea"] for b in rnd["breakdown"]] == [5, 0]
    assert [b["maki"] for b in rnd["breakdown"]] == [3, 6]
    assert rnd["cards"][0][:4] == [
        "wasabi/covered",
        "squid-nigiri/on-wasabi",
        "wasabi/covered",
        "salmon-nigiri/on-wasabi",
    ]
    assert result["complete"] is False and result["dessert_scores"] is None
    assert result["leaders"] == ["Ann"] and result["winners"] is None
    path = tmp_path / "g.json"
    path.write_text(json.dumps(FIRST_MEAL))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Wasabi+Squid nigiri, Wasabi+Salmon nigiri, Egg nigiri" in out
    assert "Dessert is not scored yet: desserts score after round 3" in out
    assert "Leading: Ann with 27 points." in out


# Big Banquet, 6 players: maki pays 6/4/2 with 6-8 players, ties take full points.
#   P1: 6 maki icons (most) 6, 1 eel -3, 5 dumplings 15 = 18
#   P2: 5 icons (second) 4, 2 eels 7, 2 tempura 5 = 16
#   P3: 4 icons (tied third) 2, unused chopsticks and spoon 0 = 2; keeps 4 ice creams
#   P4: 1 icon 0, 1 tempura 0, 2 dumplings 3 = 3
#   P5: 4 icons (tied third) 2
#   P6: nothing 0
# Rounds 2 and 3 empty; game end: P3's 4 ice creams 12.
def test_big_banquet_six_players(tmp_path: Path, capsys: Capsys) -> None:
    doc = {
        "game": PARTY,
        "menu": "big-banquet",
        "rounds": [
            [
                ["maki-3 x2", "eel", "dumpling x5"],
                ["maki-3", "maki-2", "eel x2", "tempura x2"],
                ["maki-2", "maki-2", "chopsticks-1", "spoon-4", "green-tea-ice-cream x4"],
                ["maki-1", "tempura", "dumpling x2"],
                ["maki-2", "maki-2"],
                [],
            ],
            [[]] * 6,
            [[]] * 6,
        ],
    }
    result = score_json(tmp_path, capsys, doc)
    assert result["names"] == [f"Player {i}" for i in range(1, 7)]
    rnd = result["rounds"][0]
    assert [b["maki"] for b in rnd["breakdown"]] == [6, 4, 2, 0, 2, 0]
    assert rnd["scores"] == [18, 16, 2, 3, 2, 0]
    assert result["dessert_scores"] == [0, 0, 12, 0, 0, 0]
    assert result["totals"] == [18, 16, 14, 3, 2, 0]
    assert result["winners"] == ["Player 1"]
    assert result["warnings"] == []


# Cutthroat Combo (temaki; eel, tofu, miso soup; spoon, soy sauce; pudding), 3 players.
# Round 1  A: soy sauce with the most colours (soy, tofu, eel, temaki: 4; pudding is
#             set aside, no colour) 4, 1 tofu 2, 1 eel -3 = 3
#          B: 2 eels 7, miso soup 3, no temaki (fewest) -4 = 6
#          C: 2 temaki (most) 4, 2 tofu 6 = 10
# Round 2  A: 2 temaki (most) 4, 2 tofu 6 = 10; B: 1 temaki 0, miso 3 = 3;
#          C: no temaki -4, 2 eels 7 = 3
# Round 3  A: 1 tofu 2; B: 2 tofu 6; nobody has temaki: nobody scores for it
# Pudding  A 1+2 = 3, B 2+1 = 3 tie for most: +6 each; C 0: -6
# Totals   A 3 + 10 + 2 + 6 = 21, B 6 + 3 + 6 + 6 = 21, C 10 + 3 - 6 = 7
#          A and B tie on points and on dessert cards: the win is shared.
CUTTHROAT = {
    "game": PARTY,
    "menu": "cutthroat-combo",
    "names": ["A", "B", "C"],
    "rounds": [
        [
            ["soy-sauce", "tofu", "eel", "temaki", "pudding"],
            ["eel", "eel", "pudding", "pudding", "miso-soup"],
            ["temaki", "temaki", "tofu", "tofu"],
        ],
        [
            ["temaki x2", "tofu x2", "pudding", "pudding"],
            ["temaki", "miso-soup", "pudding"],
            ["eel x2"],
        ],
        [["tofu"], ["tofu x2"], []],
    ],
}


def test_soy_sauce_pudding_and_a_shared_win(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, CUTTHROAT)
    assert [r["scores"] for r in result["rounds"]] == [[3, 6, 10], [10, 3, 3], [2, 6, 0]]
    assert [b["soy-sauce"] for b in result["rounds"][0]["breakdown"]] == [4, 0, 0]
    assert result["puddings"] == [3, 3, 0]
    assert result["dessert_scores"] == [6, 6, -6]
    assert result["totals"] == [21, 21, 7]
    assert result["winners"] == ["A", "B"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(CUTTHROAT))
    assert main(["score", str(path)]) == 0
    assert "Shared win: A and B with 21 points and 3 dessert cards each." in capsys.readouterr().out


def test_a_tie_is_broken_by_dessert_cards(tmp_path: Path, capsys: Capsys) -> None:
    # My First Meal, 2 players: a tempura pair each (5); A kept one ice cream (0 points).
    doc = {
        "game": PARTY,
        "menu": "my-first-meal",
        "names": ["A", "B"],
        "rounds": [[["tempura x2", "green-tea-ice-cream"], ["tempura x2"]], [[], []], [[], []]],
    }
    result = score_json(tmp_path, capsys, doc)
    assert result["totals"] == [5, 5] and result["winners"] == ["A"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    assert (
        "Winner: A with 5 points, tied with B but with more dessert cards (1)."
        in capsys.readouterr().out
    )


# Dinner for Two (uramaki; onigiri, tofu, miso soup; menu, special order; fruit), 2p.
# Round 1: B scored 8 for uramaki during the round.
#   A: 9 uramaki icons left, the most: next place 5; a miso soup and a special order
#      copying it (played on different turns) 3 + 3; onigiri circle and a copy of it:
#      two sets of one shape 1 + 1 = 13
#   B: 8 + tofu 2 + one onigiri 1 = 11; keeps a fruit
# Rounds 2, 3 empty. Fruit: A none: -2 x 3 = -6; B 2 oranges 1, -2, -2 = -3.
# Totals A 7, B 8.
DINNER = {
    "game": PARTY,
    "menu": "dinner-for-two",
    "names": ["A", "B"],
    "rounds": [
        {
            "cards": [
                [
                    "uramaki-5",
                    "uramaki-4",
                    "miso-soup",
                    "special-order=miso-soup",
                    "onigiri-circle",
                    "special-order=onigiri-circle",
                ],
                ["tofu", "onigiri-square", "fruit-orange-orange"],
            ],
            "uramaki": [0, 8],
        },
        [[], []],
        [[], []],
    ],
}


def test_dinner_for_two_by_hand(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, DINNER)
    assert result["rounds"][0]["scores"] == [13, 11]
    assert [b["miso-soup"] for b in result["rounds"][0]["breakdown"]] == [6, 0]
    assert result["dessert_scores"] == [-6, -3]
    assert result["totals"] == [7, 8]
    assert result["winners"] == ["B"]


def test_json_shape(tmp_path: Path, capsys: Capsys) -> None:
    result = score_json(tmp_path, capsys, MASTER_MENU)
    classic = {
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
    assert set(result) == classic | {"menu", "desserts"}
    assert result["game"] == PARTY and result["players"] == 3
    assert result["menu"]["name"] == "Master Menu"
    assert result["menu"]["kinds"][0] == "nigiri" and len(result["menu"]["kinds"]) == 8
    for r, entry in enumerate(result["rounds"], 1):
        assert set(entry) == {
            "round",
            "cards",
            "breakdown",
            "scores",
            "puddings",
            "desserts",
            "uramaki_scored",
            "uramaki_places",
        }
        assert entry["round"] == r
        for b, s in zip(entry["breakdown"], entry["scores"], strict=True):
            assert list(b) == list(ROUND_FAMILIES)
            assert sum(b.values()) == s


def test_docs_example(capsys: Capsys) -> None:
    path = Path(__file__).parent.parent / "docs" / "examples" / "party-game.json"
    assert main(["score", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    # The same game as MASTER_MENU above, worked out by hand there.
    assert result["totals"] == [25, 39, 22] and result["winners"] == ["Ben"]
    assert result["warnings"] == []


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            {"menu": "master-menu", "names": ["A", "B"], "rounds": [[[], []]]},
            "spoon may only be used with 3 to 8 players, so the menu 'Master Menu' cannot be "
            "played by 2",
        ),
        (
            {"menu": "dinner-for-two", "names": list("ABCDEFG"), "rounds": [[[]] * 7]},
            "menu may only be used with 2 to 6 players",
        ),
        (
            {"menu": "my-first-meal", "names": list("ABCDEFGHI"), "rounds": [[[]] * 9]},
            "Sushi Go Party! is for 2 to 8 players, not 9",
        ),
        ({"menu": "mastr-menu", "rounds": [[[], []]]}, "unknown menu 'mastr-menu'; menus are: "),
        ({"menu": "temaki, eel", "rounds": [[[], []]]}, "a custom menu has nigiri, 1 roll"),
        ({"names": ["A", "B"], "rounds": [[[], []]]}, "no 'menu'"),
        (
            {"menu": "master-menu", "names": ["A", "B", "C"], "rounds": [[["tofuu"], [], []]]},
            "round 1, A, card 1: unknown card 'tofuu' (did you mean tofu?); the cards on this "
            "menu are: egg-nigiri",
        ),
        (
            {"menu": "master-menu", "names": ["A", "B", "C"], "rounds": [[["onigiri"], [], []]]},
            "'onigiri' could be onigiri-circle or onigiri-triangle",
        ),
        (
            {"menu": "master-menu", "names": ["A", "B", "C"], "rounds": [[[], ["eel"], []]]},
            "round 1, B, card 1: Eel is not on the menu (Master Menu: nigiri, temaki",
        ),
        (
            {
                "menu": "points-platter",
                "names": ["A", "B", "C"],
                "rounds": [[["special-order=tempura"], [], []]],
            },
            "Tempura is not on the menu",
        ),
        (
            {
                "menu": "points-platter",
                "names": ["A", "B", "C"],
                "rounds": [[["flipped:tea"], [], []]],
            },
            "a card is flipped face-down only by a takeout box",
        ),
        (
            {
                "menu": "dinner-for-two",
                "names": ["A", "B"],
                "rounds": [[["special-order=menu-7"], []]],
            },
            "a special order cannot copy a Menu (7)",
        ),
        (
            {
                "menu": "dinner-for-two",
                "names": ["A", "B"],
                "rounds": [[["special-order=special-order"], []]],
            },
            "a copy of a special order counts as what that one copies",
        ),
        (
            {"menu": "my-first-meal", "names": ["A", "B"], "rounds": [[["wasabi+tempura"], []]]},
            "the card after '+' must be a nigiri",
        ),
        (
            {"menu": "my-first-meal", "names": ["A", "B"], "rounds": [[["tea/covered"], []]]},
            "only a wasabi is covered by a nigiri",
        ),
        (
            {
                "menu": "points-platter",
                "names": ["A", "B", "C"],
                "rounds": [{"cards": [[], [], []], "uramaki": [5, 0, 0]}],
            },
            "round 1: uramaki points [5, 0, 0] cannot all have been scored during one round",
        ),
        (
            {
                "menu": "points-platter",
                "names": ["A", "B", "C"],
                "rounds": [{"cards": [[], [], []], "uramaki": [8, 3, 0]}],
            },
            "player 2 cannot have scored 3 for uramaki during a round",
        ),
        (
            {
                "menu": "points-platter",
                "names": ["A", "B", "C"],
                "rounds": [{"cards": [[], [], []], "uramaki": [8, 0]}],
            },
            "round 1, uramaki: give one number (0 or more) per player, 3 in all",
        ),
        (
            {
                "menu": "points-platter",
                "names": ["A", "B", "C"],
                "rounds": [{"cards": [[], [], []], "uramaki": [8, 5, 0], "uramaki_places": 1}],
            },
            "uramaki points [8, 5, 0] mean 2 place(s) taken during the round, not 1",
        ),
        (
            {
                "menu": "master-menu",
                "names": ["A", "B", "C"],
                "rounds": [{"cards": [[], [], []], "uramaki": [8, 0, 0]}],
            },
            "uramaki points given, but uramaki is not on the menu",
        ),
        (
            {
                "menu": "master-menu",
                "names": ["A", "B", "C"],
                "rounds": [{"cards": [[], [], []], "uramak": [0, 0, 0]}],
            },
            "round 1: unknown key 'uramak'",
        ),
        (
            {"menu": "master-menu", "names": ["A", "B", "C"], "rounds": [[[], []]]},
            "round 1 lists the cards of 2 seats, but there are 3 (A, B, C)",
        ),
        (
            {"menu": "master-menu", "names": ["A", "B", "C"], "rounds": [[[], [], []]] * 4},
            "4 rounds given, but Sushi Go Party! has only 3",
        ),
        (
            {
                "menu": "master-menu",
                "names": ["A", "B", "C"],
                "rounds": [[[], [], []]],
                "options": {},
            },
            "unknown key 'options'; the keys for sushi-go-party are: game, menu, names, rounds",
        ),
        ({"menu": "master-menu", "names": ["A", "A", "C"], "rounds": [[[], [], []]]}, "same name"),
        (
            {"menu": "master-menu", "names": ["A", "B", "C"], "rounds": [[[7], [], []]]},
            "a card is a name in quotes",
        ),
    ],
)
def test_errors(tmp_path: Path, capsys: Capsys, doc: dict[str, Any], message: str) -> None:
    assert message in fail(tmp_path, capsys, {"game": PARTY, **doc})


def test_warnings(tmp_path: Path, capsys: Capsys) -> None:
    doc = {
        "game": PARTY,
        "menu": "dinner-for-two",
        "names": ["A", "B"],
        "rounds": [
            [
                ["tofu x11"],
                [
                    "uramaki-5",
                    "uramaki-5",
                    "menu-7",
                    "fruit-orange-orange x3",
                    "fruit-pineapple-pineapple x3",
                ],
            ]
        ],
    }
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    err = capsys.readouterr().err
    assert "warning: round 1, A: 11 cards listed, but a player ends a round with at most 10" in err
    assert "11 x tofu listed, but the deck holds only 8" in err
    assert "B: 10 uramaki icons in front at round end" in err
    assert "B: a menu is discarded once used" in err
    assert "round 1: 6 dessert cards listed, but the deck holds at most 5 in round 1" in err
    assert "3 x fruit-orange-orange listed, but the deck holds only 2" in err


def test_game_and_menu_from_the_command_line(tmp_path: Path, capsys: Capsys) -> None:
    doc = {"names": ["A", "B"], "rounds": [[["tofu"], ["tofu x2"]]]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path), "--json", "--menu", "dinner-for-two"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == PARTY and result["totals"] == [2, 6]
    # A file naming its menu needs no --game.
    path.write_text(json.dumps(dict(doc, menu="dinner-for-two")))
    assert main(["score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == [2, 6]
    assert main(["score", str(path), "--menu", "master-menu"]) == 2
    assert "the file says menu 'dinner-for-two', but --menu says 'master-menu'" in (
        capsys.readouterr().err
    )
    assert main(["score", str(path), "--game", "sushi-go", "--menu", "x"]) == 2
    assert "--menu goes with --game sushi-go-party" in capsys.readouterr().err


def test_interactive(capsys: Capsys) -> None:
    answers = iter(
        [
            "dinner for 3",  # unknown menu
            "list",
            "dinner-for-two",
            "Ann, Ben, Cat, Dan, Eve, Fay, Gus",  # 7: menu is for 2 to 6
            "Ann, Ben",
            "uramaki-5, uramaki-4, miso-soup, special-order=miso-soup, onigiri-circle, "
            "special-order=onigiri-circle",
            "tofu, onigri-square",  # typo: asked again
            "tofu, onigiri-square, fruit-orange-orange",
            "8",  # one number for two players
            "0, 3",  # impossible
            "0, 8",
            "y",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
        ]
    )
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    args = argparse.Namespace(command="score", file=None, json=True, game=PARTY, menu=None)
    assert run_score(args, input_fn=ask, interactive=True) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert result["names"] == ["Ann", "Ben"]
    assert result["totals"] == [7, 8] and result["winners"] == ["Ben"]
    assert prompts[0].startswith("Menu (a suggested menu's name")
    assert "unknown menu 'dinner for 3'" in captured.err
    assert "master-menu: Master Menu: nigiri; temaki" in captured.err  # the list
    assert "Menu: Dinner for Two" in captured.err  # the menu, once chosen
    assert "menu may only be used with 2 to 6 players" in captured.err
    assert "unknown card 'onigri-square'" in captured.err
    assert "give 2 numbers, one per player" in captured.err
    assert "cannot have scored 3" in captured.err
    assert prompts.count("Round 1, cards in front of Ben: ") == 2
    assert any(p.startswith("Round 1, uramaki points scored during the round") for p in prompts)


def test_interactive_menu_from_the_command_line(capsys: Capsys) -> None:
    answers = iter(["A, B, C", "temaki x2", "temaki", "", "n"])

    def ask(prompt: str) -> str:
        return next(answers)

    args = argparse.Namespace(command="score", file=None, json=True, game=None, menu="master")
    # 'master' is not a menu: a one-line error before anything is asked.
    from sushigo.core.errors import OptionsError

    with pytest.raises(OptionsError, match="unknown menu 'master'"):
        run_score(args, input_fn=ask, interactive=True)
    args.menu = "master-menu"
    assert run_score(args, input_fn=ask, interactive=True) == 0
    result = json.loads(capsys.readouterr().out)
    # Temaki: A 2 (most) +4, B 1, C 0 (fewest) -4.
    assert result["totals"] == [4, 0, -4] and result["complete"] is False


def test_special_order_copying_a_flipped_card(tmp_path: Path, capsys: Capsys) -> None:
    # A custom menu with both special order and takeout box, 2 players.
    # A: a flipped eel 2 + a special order copying a flipped card 2 (flipped 4); a tofu
    #    and a special order copying it: 2 tofu 6. B: 1 eel -3.
    doc = {
        "game": PARTY,
        "menu": "temaki, eel, tofu, miso-soup, special-order, takeout-box, pudding",
        "names": ["A", "B"],
        "rounds": [
            [["flipped:eel", "special-order=flipped", "tofu", "special order = tofu"], ["eel"]]
        ],
    }
    result = score_json(tmp_path, capsys, doc)
    rnd = result["rounds"][0]
    assert rnd["cards"][0] == ["flipped:eel", "flipped:special-order", "tofu", "special-order=tofu"]
    assert [b["flipped"] for b in rnd["breakdown"]] == [4, 0]
    assert [b["tofu"] for b in rnd["breakdown"]] == [6, 0]
    # Temaki with 2 players: the fewest lose nothing (neither has any: nobody scores).
    assert rnd["scores"] == [10, -3]


# ---------------------------------------------------------------------------
# A special order copies a card its player played before it in the round (card
# guide: "copies any other card you previously played in the current round"; with
# nothing to copy it is discarded). Copying a wasabi gives an empty wasabi, placed
# beside it (card guide), so a wasabi must come before it too.

WASABI_MENU = "maki, tempura, sashimi, eel, wasabi, special-order, pudding"
CHOP_MENU = "maki, tempura, sashimi, miso-soup, chopsticks, special-order, pudding"
TAKEOUT_MENU = "temaki, eel, tofu, miso-soup, special-order, takeout-box, pudding"
NOTHING_BEFORE = (
    "but no card it may copy is listed before it: a special order copies a card its "
    "player played earlier in the round (list the cards in the order played; a special "
    "order with nothing to copy is discarded, so leave it out)"
)

# (id, menu, every seat's cards in round 1 [and round 2], the one-line message)
COPY_ERRORS: list[tuple[str, str, list[Any], str]] = [
    (
        "dumpling, nothing before",
        "points-platter",
        [[["special-order=dumpling", "dumpling"], [], []]],
        f"round 1, A, card 1: special-order=dumpling, {NOTHING_BEFORE}",
    ),
    (
        "dumpling, other cards before",
        "points-platter",
        [[["onigiri-circle", "tea", "special-order=dumpling", "dumpling"], [], []]],
        "round 1, A, card 3: special-order=dumpling, but no dumpling is listed before it: "
        "a special order copies a card its player played earlier in the round (here it may "
        "copy onigiri-circle, tea; list the cards in the order played)",
    ),
    (
        "another player's card",
        "points-platter",
        [[["special-order=dumpling"], ["dumpling"], []]],
        f"round 1, A, card 1: special-order=dumpling, {NOTHING_BEFORE}",
    ),
    (
        "a card of an earlier round",
        "points-platter",
        [[["dumpling"], [], []], [["special-order=dumpling"], [], []]],
        f"round 2, A, card 1: special-order=dumpling, {NOTHING_BEFORE}",
    ),
    (
        "two copies, nothing before",
        "points-platter",
        [[["special-order=dumpling x2"], [], []]],
        "round 1, A, card 1: special-order=dumpling, but no card",
    ),
    (
        "a wasabi, nothing before",
        WASABI_MENU,
        [[["special-order=wasabi", "squid"], [], []]],
        f"round 1, A, card 1: special-order=wasabi, {NOTHING_BEFORE}",
    ),
    (
        "a wasabi under a nigiri, nothing before",
        WASABI_MENU,
        [[["special-order=wasabi+squid"], [], []]],
        f"round 1, A, card 1: special-order=wasabi, {NOTHING_BEFORE}",
    ),
    (
        "a wasabi, only a nigiri before",
        WASABI_MENU,
        [[["squid", "special-order=wasabi+egg"], [], []]],
        "round 1, A, card 2: special-order=wasabi, but no wasabi is listed before it: a "
        "special order copies a card its player played earlier in the round (here it may "
        "copy squid-nigiri;",
    ),
    (
        "a nigiri on a wasabi, no nigiri before",
        WASABI_MENU,
        [[["wasabi+special-order=squid"], [], []]],
        "round 1, A, card 1: special-order=squid-nigiri, but no squid-nigiri is listed "
        "before it: a special order copies a card its player played earlier in the round "
        "(here it may copy wasabi;",
    ),
    (
        "the copied card listed after it",
        WASABI_MENU,
        [[["special-order=eel", "eel"], [], []]],
        f"round 1, A, card 1: special-order=eel, {NOTHING_BEFORE}",
    ),
    (
        "no copy named",
        "points-platter",
        [[["dumpling", "tea", "special-order"], [], []]],
        "round 1, A, card 3: say what the special order copies, e.g. special-order=dumpling "
        "(it may copy dumpling, tea)",
    ),
    (
        "no copy named, nothing before",
        "points-platter",
        [[["special-order"], [], []]],
        f"round 1, A, card 1: special-order, {NOTHING_BEFORE}",
    ),
    (
        "a face-down special order, nothing before",
        TAKEOUT_MENU,
        [[["special-order=flipped", "eel"], [], []]],
        f"round 1, A, card 1: flipped:special-order, {NOTHING_BEFORE}",
    ),
    (
        "a copy of a face-down special order's card",
        TAKEOUT_MENU,
        [[["eel", "flipped:special-order", "special-order=tofu"], [], []]],
        "round 1, A, card 3: special-order=tofu, but no tofu is listed before it",
    ),
]


@pytest.mark.parametrize(
    ("menu", "rounds", "message"), [c[1:] for c in COPY_ERRORS], ids=[c[0] for c in COPY_ERRORS]
)
def test_special_order_copies_a_card_played_before_it(
    tmp_path: Path, capsys: Capsys, menu: str, rounds: list[Any], message: str
) -> None:
    doc = {"game": PARTY, "menu": menu, "names": ["A", "B", "C"], "rounds": rounds}
    assert message in fail(tmp_path, capsys, doc)
    # The same with --json: nothing on stdout.
    path = tmp_path / "bad.json"
    assert main(["score", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


# (id, menu, A's cards, A's cards as scored, A's points by family)
COPY_ACCEPTED: list[tuple[str, str, list[str], list[str], dict[str, int]]] = [
    (
        "copies, and a copy of a copy",
        "points-platter",
        ["dumpling", "special-order=dumpling", "special-order=dumpling"],
        ["dumpling", "special-order=dumpling", "special-order=dumpling"],
        {"dumpling": 6},
    ),
    (
        # Copying a wasabi gives an empty wasabi: the next nigiri goes on it.
        "a wasabi, then two nigiri",
        WASABI_MENU,
        ["wasabi", "special-order=wasabi", "squid", "egg"],
        [
            "wasabi/covered",
            "special-order=wasabi/covered",
            "squid-nigiri/on-wasabi",
            "egg-nigiri/on-wasabi",
        ],
        {"nigiri": 12},
    ),
    (
        # A wasabi with a nigiri on it may be copied; the copy has no nigiri on it.
        "a covered wasabi",
        WASABI_MENU,
        ["wasabi+squid", "special-order=wasabi+egg"],
        [
            "wasabi/covered",
            "squid-nigiri/on-wasabi",
            "special-order=wasabi/covered",
            "egg-nigiri/on-wasabi",
        ],
        {"nigiri": 12},
    ),
    (
        # A copy of a nigiri goes on a free wasabi.
        "a nigiri, onto a free wasabi",
        WASABI_MENU,
        ["squid", "wasabi", "special-order=squid"],
        ["squid-nigiri", "wasabi/covered", "special-order=squid-nigiri/on-wasabi"],
        {"nigiri": 12},
    ),
    (
        # A card flipped after it was copied: the copy still counts as the card.
        "a card flipped later",
        TAKEOUT_MENU,
        ["flipped:tofu", "special-order=tofu"],
        ["flipped:tofu", "special-order=tofu"],
        {"tofu": 2, "flipped": 2},
    ),
    (
        "a face-down special order after a card",
        TAKEOUT_MENU,
        ["eel", "special-order=flipped", "special-order=eel"],
        ["eel", "flipped:special-order", "special-order=eel"],
        {"eel": 7, "flipped": 2},
    ),
    (
        # The chopsticks may have been used later and gone back into a hand.
        "chopsticks no longer in front",
        CHOP_MENU,
        ["special-order=chopsticks-2", "tempura"],
        ["special-order=chopsticks-2", "tempura"],
        {"tempura": 0},
    ),
]


@pytest.mark.parametrize(
    ("menu", "cards", "tokens", "points"),
    [c[1:] for c in COPY_ACCEPTED],
    ids=[c[0] for c in COPY_ACCEPTED],
)
def test_special_order_copies_accepted(
    tmp_path: Path,
    capsys: Capsys,
    menu: str,
    cards: list[str],
    tokens: list[str],
    points: dict[str, int],
) -> None:
    doc = {"game": PARTY, "menu": menu, "names": ["A", "B", "C"], "rounds": [[cards, [], []]]}
    result = score_json(tmp_path, capsys, doc)
    rnd = result["rounds"][0]
    assert rnd["cards"][0] == tokens
    breakdown = rnd["breakdown"][0]
    assert {k: breakdown[k] for k in points} == points
    assert rnd["scores"][0] == sum(points.values())


def test_interactive_special_order_with_nothing_to_copy(capsys: Capsys) -> None:
    answers = iter(
        [
            "Ann, Ben",
            "special-order=tofu, tofu",  # nothing before it: asked again
            "tofu, miso-soup, special-order=onigiri-circle",  # no onigiri before it
            "tofu, special-order=tofu, miso-soup",
            "tofu",
            "",  # no uramaki
            "n",
        ]
    )
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    args = argparse.Namespace(
        command="score", file=None, json=True, game=PARTY, menu="dinner-for-two"
    )
    assert run_score(args, input_fn=ask, interactive=True) == 0
    captured = capsys.readouterr()
    err = captured.err.replace("\n", " ")  # rich wraps long lines
    err = " ".join(err.split())
    assert f"round 1, Ann, card 1: special-order=tofu, {NOTHING_BEFORE}" in err
    assert (
        "round 1, Ann, card 3: special-order=onigiri-circle, but no onigiri-circle is listed "
        "before it: a special order copies a card its player played earlier in the round "
        "(here it may copy tofu, miso-soup; list the cards in the order played)" in err
    )
    assert "Traceback" not in err
    assert prompts.count("Round 1, cards in front of Ann: ") == 3
    result = json.loads(captured.out)
    # Ann: 2 tofu (the copy counts as one) 6, miso soup 3; Ben: 1 tofu 2.
    assert result["rounds"][0]["cards"][0] == ["tofu", "special-order=tofu", "miso-soup"]
    assert result["totals"] == [9, 2]


# ---------------------------------------------------------------------------
# Dessert counts. Before each round 5, 3, 2 desserts are shuffled into the deck
# (7, 5, 3 with 6-8 players); desserts kept leave it, the rest (flipped ones too)
# go back. The deck then holds at most what was shuffled in less what was kept.

TEN_FRUIT = [  # 10 fruit cards, no more of any card than the game has
    "fruit-watermelon-pineapple x3",
    "fruit-pineapple-orange x3",
    "fruit-watermelon-orange x3",
    "fruit-orange-orange",
]
NO_CARDS: list[list[str]] = [[], [], []]

# (id, menu, rounds, the warnings)
DESSERT_CASES: list[tuple[str, str, list[Any], list[str]]] = [
    (
        "five in round 1",
        "master-menu",
        [[["fruit-pineapple-orange x3"], ["fruit 2 orange x2"], []]],
        [],
    ),
    (
        "six in round 1",
        "master-menu",
        [[["fruit-pineapple-orange x3"], ["fruit-watermelon-orange x3"], []]],
        ["round 1: 6 dessert cards listed, but the deck holds at most 5 in round 1 "
         "(5 shuffled in by round 1)"],
    ),
    (
        "four in round 2 after five kept",
        "master-menu",
        [
            [["fruit-pineapple-orange x3"], ["fruit 2 orange x2"], []],
            [["fruit-watermelon-orange x3"], ["fruit-watermelon-watermelon"], []],
        ],
        ["round 2: 4 dessert cards listed, but the deck holds at most 3 in round 2 "
         "(5 + 3 shuffled in by round 2, 5 kept in earlier rounds)"],
    ),
    (
        # Flipped desserts go back into the deck: all 5 + 3 may come in round 2.
        "eight in round 2 after five flipped",
        "master-menu",
        [
            [["flipped:fruit-pineapple-orange x3", "flipped:fruit 2 orange x2"], [], []],
            [TEN_FRUIT[:2] + ["fruit-watermelon-orange x2"], [], []],
        ],
        [],
    ),
    (
        # Ten kept in round 1 (warned); round 2 is not checked against a limit
        # below zero (it used to say "0 dessert cards listed, but the deck holds at
        # most -2").
        "too many kept before",
        "master-menu",
        [[TEN_FRUIT, [], []], NO_CARDS, [["fruit-watermelon-watermelon"], [], []]],
        ["round 1: 10 dessert cards listed, but the deck holds at most 5 in round 1 "
         "(5 shuffled in by round 1)"],
    ),
    (
        "one card, too many kept before",
        "master-menu",
        [[["fruit-orange-orange x3"], [], []], [["fruit-orange-orange"], [], []]],
        ["round 1: 3 x fruit-orange-orange listed, but the deck holds only 2"],
    ),
    (
        "one card, all kept before",
        "master-menu",
        [[["fruit-orange-orange x2"], [], []], [["fruit-orange-orange"], [], []]],
        ["round 2: 1 x fruit-orange-orange listed, but the game has 2 and 2 were kept "
         "before round 2"],
    ),
    (
        # Copies of a dessert by a special order come from no dessert pile.
        "special order copies",
        "points-platter",
        [[["green-tea-ice-cream x5", "special-order=green-tea-ice-cream x3"], [], []]],
        [],
    ),
    (
        "6 players: 7 in round 1",
        "big-banquet",
        [[["green-tea-ice-cream x7"]] + [[]] * 5],
        [],
    ),
    (
        "6 players: 8 in round 1",
        "big-banquet",
        [[["green-tea-ice-cream x8"]] + [[]] * 5],
        ["round 1: 8 dessert cards listed, but the deck holds at most 7 in round 1 "
         "(7 shuffled in by round 1)"],
    ),
    (
        "6 players: 13 in round 2 after none kept",
        "big-banquet",
        [[[]] * 6, [["green-tea-ice-cream x8"], ["green-tea-ice-cream x5"]] + [[]] * 4],
        ["round 2: 13 dessert cards listed, but the deck holds at most 12 in round 2 "
         "(7 + 5 shuffled in by round 2)"],
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("menu", "rounds", "warnings"),
    [c[1:] for c in DESSERT_CASES],
    ids=[c[0] for c in DESSERT_CASES],
)
def test_dessert_count_warnings(
    tmp_path: Path, capsys: Capsys, menu: str, rounds: list[Any], warnings: list[str]
) -> None:
    doc = {"game": PARTY, "menu": menu, "rounds": rounds}
    result = score_json(tmp_path, capsys, doc)
    assert result["warnings"] == warnings
    assert not any(re.search(r"at most -|only -", w) for w in result["warnings"])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    assert main(["score", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.splitlines() == [f"sushigo score: warning: {w}" for w in warnings]
