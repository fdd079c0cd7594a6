"""``sushigo bench --only fast``: the batch engine's cases, measured beside the engine."""

from __future__ import annotations

import json

import pytest

from sushigo.cli import main


def test_bench_measures_the_batch_engine_beside_the_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--only", "fast sushi-go 2p random", "--seconds", "0.3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (row,) = report["fast"]
    assert row["case"] == "fast sushi-go 2p random" and row["how"] == "random"
    for key in ("one_core", "all_cores"):
        rate = row[f"{key}_games_per_s"]
        assert rate > 0
        assert row[f"{key}_over_engine"] == pytest.approx(
            rate / row["engine_games_per_s"], abs=0.051
        )
    assert report["results"] == [] and report["rl"] == []  # only the case asked for


def test_bench_prints_a_line_per_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "fast sushi-go 4p observed", "--seconds", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "fast sushi-go 4p observed" in out and "x the engine's" in out
