"""The command line with Sushi Go Party!: rules, simulate, replay and bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sushigo.cli import main
from sushigo.games.party import RULINGS
from sushigo.games.party.cards import PARTY_CARDS, SUGGESTED_MENUS


def test_rules_print_every_ruling_the_menus_and_every_card_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--game", "sushi-go-party"]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    for ruling in RULINGS:
        assert " ".join(ruling.split()) in flat
    for key in SUGGESTED_MENUS:
        assert f"  {key} " in out
    for card in PARTY_CARDS.ids:
        assert card in flat


def test_rules_with_a_menu_show_only_its_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "sushi-go-party", "--menu", "Master Menu"]) == 0
    out = capsys.readouterr().out
    assert "Menu - Master Menu: nigiri; temaki; onigiri, tofu, sashimi; spoon, takeout-box" in out
    assert "(3-8 players)" in out
    tail = out[out.index("Card ids on this menu:") :]
    assert "spoon-4" in tail and "fruit-orange-orange" in tail
    assert "maki-1" not in tail and "pudding" not in tail


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "--menu", "master-menu"], "--menu goes with --game sushi-go-party"),
        (["rules", "--game", "sushi-go-party", "--menu", "tapas"], "unknown menu 'tapas'"),
        (
            [
                "simulate",
                "--game",
                "sushi-go-party",
                "--menu",
                "master-menu",
                "--agents",
                "random,random",
            ],
            "spoon may only be used with 3 to 8 players",
        ),
        (
            [
                "simulate",
                "--game",
                "sushi-go-party",
                "--menu",
                "maki,tempura,sashimi,eel,tofu,wasabi,pudding",
                "--agents",
                "random,random,random",
            ],
            "a custom menu has nigiri, 1 roll, 3 appetizers, 2 specials and 1 dessert",
        ),
        (["bench", "--only", "no-such-case"], "no case matches 'no-such-case'"),
    ],
)
def test_mistakes_get_one_line_and_exit_code_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_simulate_writes_records_that_replay_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "games.jsonl"
    argv = ["simulate", "--game", "sushi-go-party", "--menu", "dinner-for-two"]
    argv += ["--agents", "random,random", "--games", "4", "--json", "--records", str(records)]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "sushi-go-party"
    assert summary["options"] == {"menu": "dinner-for-two"}
    assert sum(a["games"] for a in summary["agents"]) == 8
    lines = records.read_text().splitlines()
    assert len(lines) == 4
    assert main(["replay", "--verify", str(records)]) == 0
    assert capsys.readouterr().out.strip().endswith("4 verified, 0 failed")
    bad = json.loads(lines[0])
    first = bad["rounds"][0]["steps"][1]  # after the deal: seat 0's first pick
    assert first["seat"] == 0
    first["action"] = "special-order=flipped"
    records.write_text(json.dumps(bad) + "\n")
    assert main(["replay", "--verify", str(records)]) == 1
    assert "round 1, step 2" in capsys.readouterr().out  # the step of seat 0's first pick


def test_bench_measures_the_party_cases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "party 4p", "--seconds", "0.2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["engine"] in ("compiled", "source")
    (row,) = report["results"]
    assert row["case"] == "party 4p master-menu random"
    assert row["games"] > 0 and row["best_games_per_s"] >= row["median_games_per_s"] > 0


@pytest.mark.parametrize("players", [2, 7])
def test_a_random_menu_is_legal_and_the_seed_draws_it(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    from sushigo.games.party.cards import PLAYER_LIMITS, check_menu, find_menu

    agents = ",".join(["random"] * players)
    menus = []
    for seed in (1, 1, 2, 3, 4, 5):
        argv = ["simulate", "--game", "sushi-go-party", "--menu", "random", "--agents", agents]
        assert main([*argv, "--games", "1", "--seed", str(seed), "--json"]) == 0
        menu = json.loads(capsys.readouterr().out)["options"]["menu"]
        check_menu(find_menu(menu), players)  # raises if it may not be played
        for kind in menu.split(","):
            low, high = PLAYER_LIMITS.get(kind, (2, 8))
            assert low <= players <= high
        menus.append(menu)
    assert menus[0] == menus[1]  # the same seed, the same menu
    assert len(set(menus)) > 2
