"""``sushigo analyze`` (sushigo.fast.analyze): the counts read back from batch games
agree with the engine's re-play of the same games, every point of a score is given
to one card type, the figures do not depend on how the games are split or where they
run, and the command reports them as tables, JSON and plots."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import sushigo.fast as fast
from sushigo.cli import main
from sushigo.core.records import walk
from sushigo.fast import analyze
from sushigo.games.classic.cards import CLASSIC_CARDS

IDS = CLASSIC_CARDS.ids
N = len(IDS)
RAY_MISSING = importlib.util.find_spec("ray") is None


def _stats(g: Any) -> tuple[np.ndarray, ...]:
    a = g.card_stats()
    return tuple(a[key].copy() for key in ("offered", "taken", "over", "points", "cards"))


@pytest.mark.parametrize(
    ("players", "options", "policy"),
    [
        (2, {}, "random"),
        (3, {"reshuffle": True}, "heuristic"),
        (4, {"pass_both_ways": True}, "random"),
        (5, {"soy_sauce": True}, "heuristic"),
    ],
)
def test_counts_agree_with_the_engine_replay(
    players: int, options: dict[str, bool], policy: str
) -> None:
    """What each seat was offered, took and passed up at every decision, read from the
    batch's rows, equals what the engine's views show when the game's record is
    walked; the points given to card types add up to every seat's final score."""
    games = 150
    g = fast.make("sushi-go", players=players, batch=games, seed=players, **options)
    final = g.rollout(policy)
    offered, taken, over, points, cards = _stats(g)
    assert np.allclose(points.sum(axis=2), final)  # every point goes to one card type
    assert (cards.sum(axis=2) == 3 * g.ruleset.hand_size).all()  # one card a seat a turn
    for i in range(games):
        want_offered = np.zeros((players, N), np.int64)
        want_taken = np.zeros((players, N), np.int64)
        want_over = np.zeros((players, N, N), np.int64)
        walker = walk(g.export_record(i))
        for decision in walker:
            for seat, action in decision.actions.items():
                hand = Counter(decision.state.observe(seat).hand)
                picked = {IDS.index(c) for c in action.cards}
                for card in hand:
                    c = IDS.index(card)
                    want_offered[seat, c] += 1
                    if c in picked:
                        want_taken[seat, c] += 1
                for a in picked:
                    for card in hand:
                        d = IDS.index(card)
                        if d not in picked:
                            want_over[seat, a, d] += 1
        assert (offered[i] == want_offered).all(), i
        assert (taken[i] == want_taken).all(), i
        assert (over[i] == want_over).all(), i


def test_points_go_to_the_cards_that_earned_them() -> None:
    """Tempura, sashimi and dumplings earn their family's points, a nigiri its printed
    value, a wasabi what it tripled; maki share by icons; puddings the dessert points."""
    g = fast.make("sushi-go", players=3, batch=400, seed=1)
    g.rollout()
    _, _, _, points, cards = _stats(g)
    t = {c: i for i, c in enumerate(IDS)}
    for nigiri, value in (("egg-nigiri", 1), ("salmon-nigiri", 2), ("squid-nigiri", 3)):
        assert (points[:, :, t[nigiri]] == value * cards[:, :, t[nigiri]]).all()
    assert (points[:, :, t["wasabi"]] >= 0).all()
    assert (points[:, :, t["wasabi"]] > 0).any()
    assert (points[:, :, t["chopsticks"]] == 0).all()
    for card, family in (("tempura", 1), ("sashimi", 2), ("dumpling", 3)):
        per_round = np.zeros_like(points[:, :, 0])
        for r in range(3):
            at = fast.classic.BREAK + (r * fast.classic.S) * fast.classic.FAMILIES + family
            per_round += g._rows[:, at : at + 3 * fast.classic.FAMILIES : fast.classic.FAMILIES]
        assert (points[:, :, t[card]] == per_round).all()
    assert (points[:, :, t["pudding"]] == g._rows[:, fast.classic.DESSERT_PTS :][:, :3]).all()


def _small(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    monkeypatch.setattr(analyze, "CHUNK", 1000)
    return analyze.jobs("sushi-go", 3, {}, ["heuristic", "random", "random"], 2500, 7)


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def test_the_figures_do_not_depend_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    jobs = _small(monkeypatch)
    assert [j.count for j in jobs] == [1000, 1000, 500]
    seen: list[int] = []
    one = analyze.run(jobs, workers=1, progress=seen.append)
    assert seen == [1000, 2000, 2500]
    _same(one, analyze.run(jobs, workers=2))
    assert int(one["games"]) == 2500
    report = analyze.summarize(one, 3, ["heuristic", "random", "random"])
    heuristic, rand = report["agents"]
    assert heuristic["agent"] == "heuristic" and rand["seats"] == [1, 2]
    # the heuristic beats two random seats by far: 79.8% of these games (a third
    # would be even), by 12 points on average
    assert heuristic["win_share"]["ci95"][0] > 0.7
    assert heuristic["mean_score"] > rand["mean_score"] + 8
    shares = sum(s["win_share"]["rate"] for s in report["seats"])
    assert shares == pytest.approx(1.0, abs=1e-3)


@pytest.mark.skipif(RAY_MISSING, reason="ray is not installed (pip install 'sushigo[ray]')")
def test_ray_gives_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    import ray

    jobs = _small(monkeypatch)
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        remote = analyze.run(jobs, backend="ray")
    finally:
        ray.shutdown()
    _same(remote, analyze.run(jobs, workers=1))


def test_the_command_prints_writes_and_plots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    argv = ["analyze", "--players", "4", "--agents", "heuristic,random,random,random"]
    assert main([*argv, "--games", "3000", "--jobs", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "points" in text and "Seats" in text and "3,000 games" in text
    assert {p.name for p in out.iterdir()} == {"analysis.json", "cards.png", "seats.png"}
    report = json.loads((out / "analysis.json").read_text())
    assert report["games"] == 3000 and report["players"] == 4
    by_card = {c["card"]: c for c in report["cards"]}
    assert by_card["squid-nigiri"]["points_per_card"] == 3.0
    assert by_card["soy-sauce"]["offered"] == 0  # not in the deck without the variant
    assert main([*argv, "--games", "3000", "--jobs", "1", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    for key in ("cards", "seats", "agents", "scores", "histogram"):
        assert again[key] == report[key]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--game", "sushi-roll", "--players", "3"], "plays Sushi Go! so far"),
        (["--players", "2", "--variant", "dummy"], "dummy variant"),
        (["--agents", "greedy"], "plays random, heuristic"),
        (["--agents", "random,random"], "one per player (4)"),
        (["--games", "0"], "--games must be at least 1"),
        (["--backend", "cloud"], "unknown backend"),
        (["--address", "x:1"], "--address goes with --backend ray"),
        (["--seed", "-1"], "--seed must be 0 or more"),
    ],
)
def test_bad_options_get_a_reason(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_an_out_folder_that_cannot_be_made_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(["analyze", "--games", "10", "--out", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sushigo analyze: cannot write to {blocker}") and err.count("\n") == 1
