"""The command line with Sushi Roll: rules, --dice, simulate, replay and bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sushigo.cli import main
from sushigo.games.roll import RULINGS
from sushigo.games.roll.dice import DEFAULT_DICE

Capsys = pytest.CaptureFixture[str]


def dice_file(tmp_path: Path, **changes: list[str]) -> str:
    table = {k: list(v) for k, v in DEFAULT_DICE.items()}
    table.update(changes)
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    return str(path)


def test_rules_show_every_ruling_and_the_faces_as_a_reconstruction(capsys: Capsys) -> None:
    assert main(["rules", "--game", "sushi-roll"]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    for ruling in RULINGS:
        assert " ".join(ruling.split()) in flat
    assert "the project's reconstruction, not printed in the rulebook" in flat
    assert "appetizer die (x10): dumpling, dumpling, dumpling, tempura, tempura, sashimi" in flat
    assert (
        "pudding die (x4): pudding-1, pudding-1, pudding-1, pudding-2, pudding-2, pudding-3" in flat
    )


def test_rules_show_the_faces_of_a_dice_file(tmp_path: Path, capsys: Capsys) -> None:
    path = dice_file(tmp_path, nigiri=["squid-nigiri"] * 6)
    assert main(["rules", "--game", "sushi-roll", "--dice", path]) == 0
    flat = " ".join(capsys.readouterr().out.split())
    assert f"Dice faces from {path}:" in flat
    assert "nigiri die (x5): " + ", ".join(["squid-nigiri"] * 6) in flat


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "--game", "sushi-go", "--dice", "x.json"], "--dice goes with --game sushi-roll"),
        (
            ["simulate", "--game", "sushi-go", "--agents", "random,random", "--dice", "x.json"],
            "--dice goes with --game sushi-roll",
        ),
        (
            ["simulate", "--game", "sushi-roll", "--agents", "random", "--games", "1"],
            "Sushi Roll is for 2 to 5 players, not 1",
        ),
        (
            ["rules", "--game", "sushi-roll", "--dice", "/nonexistent/dice.json"],
            "cannot read the dice file: no such file: /nonexistent/dice.json",
        ),
        (["rules", "--game", "sushi-roll", "--menu", "master-menu"], "--menu goes with"),
        (
            ["simulate", "--game", "sushi-roll", "--menu", "x", "--agents", "random,random"],
            "sushi-roll has no option 'menu'; its options are: dice",
        ),
        (
            ["simulate", "--game", "sushi-roll", "--variant", "dummy", "--agents", "random,random"],
            "sushi-roll has no option 'dummy'; its options are: dice",
        ),
        (
            [
                "simulate",
                "--game",
                "sushi-go-party",
                "--variant",
                "soy-sauce",
                "--agents",
                "random,random",
            ],
            "sushi-go-party has no option 'soy-sauce'; its options are: menu",
        ),
    ],
)
def test_mistakes_get_one_line(argv: list[str], message: str, capsys: Capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_bad_dice_file_says_what_is_wrong(tmp_path: Path, capsys: Capsys) -> None:
    path = dice_file(tmp_path, maki=["maki-1", "maki-2", "maki-3", "tempura", "maki-1", "maki-2"])
    assert main(["rules", "--game", "sushi-roll", "--dice", path]) == 2
    err = capsys.readouterr().err
    assert f"{path}: 'tempura' cannot be a face of the maki die" in err
    bad = tmp_path / "broken.json"
    bad.write_text('{"maki": [', encoding="utf-8")
    assert main(["rules", "--game", "sushi-roll", "--dice", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def simulate(tmp_path: Path, *extra: str) -> Path:
    records = tmp_path / "games.jsonl"
    argv = ["simulate", "--game", "sushi-roll", "--agents", "random,random,random"]
    assert main([*argv, "--games", "4", "--records", str(records), *extra]) == 0
    return records


def test_simulate_writes_records_that_verify_and_show(tmp_path: Path, capsys: Capsys) -> None:
    records = simulate(tmp_path)
    capsys.readouterr()
    assert main(["replay", "--verify", str(records)]) == 0
    assert "4 verified, 0 failed" in capsys.readouterr().out
    assert main(["replay", str(records), "--game-index", "2"]) == 0
    out = capsys.readouterr().out
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[1])
    names = record["names"]
    assert out.startswith("Sushi Roll, 3 players (seed 1)")
    deal, first = record["rounds"][0]["steps"][:2]  # the deal, then the first decision
    assert f"Round 1 (red belt: {names[deal['red']]})" in out
    assert f"{names[first['seat']]}" in out and first["action"] in out
    assert "belts slide left (cycle 2)" in out
    assert "Game end" in out and "pudding tokens" in out


def test_verify_finds_a_changed_roll(tmp_path: Path, capsys: Capsys) -> None:
    records = simulate(tmp_path)
    lines = records.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[0])
    steps = record["rounds"][1]["steps"]
    slide = next(i for i, s in enumerate(steps) if "slide" in s)
    belt = steps[slide]["slide"][0]
    belt[0] = "dumpling" if belt[0].startswith("pudding") else "pudding-3"  # another die
    lines[0] = json.dumps(record)
    records.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", "--verify", str(records)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {records}:1, round 2, step {slide + 1}: " in out
    assert "3 verified, 1 failed" in out


def test_a_game_with_own_dice_keeps_them_in_its_record(tmp_path: Path, capsys: Capsys) -> None:
    path = dice_file(tmp_path, nigiri=["egg-nigiri"] * 6)
    records = simulate(tmp_path, "--dice", path)
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    assert record["options"]["dice"]["nigiri"] == ["egg-nigiri"] * 6
    faces = {f for rnd in record["rounds"] for belt in rnd["steps"][0]["deal"] for f in belt}
    assert not faces & {"salmon-nigiri", "squid-nigiri"}
    capsys.readouterr()
    assert main(["replay", "--verify", str(records)]) == 0


def test_bench_measures_sushi_roll(capsys: Capsys) -> None:
    assert main(["bench", "--only", "sushi-roll 2p", "--seconds", "0.2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (row,) = report["results"]
    assert row["case"] == "sushi-roll 2p random" and row["games"] > 0
