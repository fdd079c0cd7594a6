"""sushigo tournament: seating, duplicate deals, parallel runs, ratings, files, errors."""

from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import sushigo
from sushigo.agents import base, make_agent
from sushigo.cli import main
from sushigo.play.replay import verify
from sushigo.play.tournament import (
    GameResult,
    Summary,
    block_size,
    games_to_play,
    plan,
    run_tournament,
    seat_counts,
    seating,
)

PNG = b"\x89PNG\r\n\x1a\n"
RAY_MISSING = importlib.util.find_spec("ray") is None


def figures(summary: Summary) -> dict[str, Any]:
    """The parts of a summary that must not depend on how the games were run."""
    data = summary.to_json()
    timing = ("decisions_per_second", "decision_seconds")
    return {
        "results": [{k: v for k, v in r.items() if k not in timing} for r in data["results"]],
        "win_rate": data["win_rate"],
        "win_share": data["win_share"],
        "met": data["met"],
        "seating": data["seating"],
        "games": data["games"],
    }


def records(results: list[GameResult]) -> list[dict[str, Any]]:
    return [json.loads(r.record) for r in results]


# --- seating -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("agents", "seats"),
    [(1, 3), (2, 3), (2, 4), (3, 5), (2, 2), (3, 3), (5, 5), (3, 2), (4, 2), (5, 3), (6, 4)],
)
def test_every_agent_plays_every_seat_equally_often(agents: int, seats: int) -> None:
    block = block_size(agents, seats)
    for blocks in (1, 3):
        table = seating(agents, seats, block * blocks)
        counts = seat_counts(table, agents, seats)
        expected = block * blocks * seats // (agents * seats)
        assert counts == [[expected] * seats for _ in range(agents)]
    # every pair of agents meets, and equally often
    pairs = {
        (a, b): sum(1 for game in table if a in game and b in game)
        for a, b in itertools.combinations(range(agents), 2)
    }
    assert all(pairs.values())
    assert len(set(pairs.values())) <= 1
    # a set is one lineup rotated a seat at a time
    for start in range(0, len(table), seats):
        first = table[start]
        for k in range(seats):
            assert table[start + k] == first[k:] + first[:k]


def test_games_are_rounded_up_to_whole_blocks() -> None:
    assert games_to_play(2, 2, 40) == 40
    assert games_to_play(2, 3, 7) == 12  # blocks of lcm(2, 3) = 6
    assert games_to_play(4, 2, 1) == 12  # 6 pairs, 2 games each
    rules = sushigo.make("sushi-go", players=2)
    the_plan = plan(rules, ["greedy", "random", "greedy"], 5, seed=9)
    assert len(the_plan.jobs) == 6
    assert the_plan.labels == ("greedy#1", "random", "greedy#2")
    assert [j.deal_seed for j in the_plan.jobs] == [9, 9, 10, 10, 11, 11]


# --- duplicate deals ---------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options", "deal"),
    [
        ("sushi-go", {}, ("deal",)),
        ("sushi-go-party", {"menu": "party-sampler"}, ("deal", "desserts_added")),
        ("sushi-roll", {}, ("deal", "red")),
    ],
)
def test_a_duplicate_set_shares_its_first_deal(
    game: str, options: dict[str, Any], deal: tuple[str, ...]
) -> None:
    rules = sushigo.make(game, players=3, **options)
    _, results = run_tournament(rules, ["greedy", "random"], 12, seed=4, workers=1)
    recs = records(results)
    assert len(recs) == 12
    # the first step of a round is its deal
    first_deal = [tuple(json.dumps(r["rounds"][0]["steps"][0][k]) for k in deal) for r in recs]
    for s in range(4):
        in_set = recs[3 * s : 3 * s + 3]
        assert {r["tournament"]["set"] for r in in_set} == {s}
        assert {r["seed"] for r in in_set} == {4 + s}
        assert len(set(first_deal[3 * s : 3 * s + 3])) == 1
        # the seats are permuted: seat 0 is held by a different listed agent each game
        lineups = [tuple(r["tournament"]["lineup"]) for r in in_set]
        assert lineups[1] == lineups[0][1:] + lineups[0][:1]
        assert lineups[2] == lineups[0][2:] + lineups[0][:2]
    assert len(set(first_deal[::3])) == 4  # each set has a deal of its own


# --- running -----------------------------------------------------------------


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    rules = sushigo.make("sushi-go", players=3)
    specs = ["greedy", "random", "greedy", "random"]
    seen: list[int] = []
    one, r1 = run_tournament(rules, specs, 24, seed=5, workers=1, progress=seen.append)
    two, r2 = run_tournament(rules, specs, 24, seed=5, workers=2)
    assert [r.record for r in r1] == [r.record for r in r2]
    assert [r.index for r in r2] == list(range(24))
    assert figures(one) == figures(two)
    assert seen[-1] == 24 and seen == sorted(seen)
    # decisions are counted (timing varies; the count does not)
    assert [a.decisions for a in one.agents] == [a.decisions for a in two.agents]
    assert all(a.decisions > 0 for a in one.agents)


def test_ratings_put_greedy_above_random() -> None:
    rules = sushigo.make("sushi-go", players=2)
    summary, _ = run_tournament(rules, ["random", "greedy"], 40, seed=1, workers=1)
    rnd, greedy = summary.agents
    assert greedy.spec == "greedy"
    # the intervals (mu +/- 2 sigma) do not even overlap
    assert greedy.interval[0] > rnd.interval[1] + 5
    assert greedy.stats["mean_score"] > rnd.stats["mean_score"]


def test_win_rate_matrix_sums_with_shared_wins() -> None:
    rules = sushigo.make("sushi-go", players=2)
    specs = ["greedy", "random", "greedy"]
    summary, results = run_tournament(rules, specs, 60, seed=100, workers=1)
    w = summary.win_rate
    outright = [[0] * 3 for _ in range(3)]
    ties = [[0] * 3 for _ in range(3)]
    for r in results:
        a, b = r.lineup
        if len(r.winners) == 2:
            ties[a][b] += 1
            ties[b][a] += 1
        else:
            outright[r.lineup[r.winners[0]]][r.lineup[1 - r.winners[0]]] += 1
    assert sum(map(sum, ties)) > 0  # this seed has shared wins
    for a, b in itertools.permutations(range(3), 2):
        met = summary.met[a][b]
        assert met == 20
        x, y = w[a][b], w[b][a]
        assert x is not None and y is not None
        assert x == pytest.approx((outright[a][b] + ties[a][b] / 2) / met)
        assert x + y == pytest.approx(1.0)
        assert (outright[a][b] + outright[b][a] + ties[a][b]) == met
    assert w[0][0] is None


def test_a_spec_with_options_passes_through_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    def probe(seed: int | None, ms: int = 0, rollout: str = "random") -> base.Agent:
        assert (ms, rollout) == (100, "greedy")
        return make_agent("random", seed)

    monkeypatch.setitem(base._AGENTS, "probe", probe)
    spec = "probe:ms=100:rollout=greedy"
    rules = sushigo.make("sushi-go", players=2)
    summary, results = run_tournament(rules, [spec, "greedy"], 2, seed=0, workers=1)
    assert summary.plan.specs == (spec, "greedy")
    assert {tuple(r["agents"]) for r in records(results)} == {(spec, "greedy"), ("greedy", spec)}


# --- the command -------------------------------------------------------------


def test_out_dir_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    argv = ["tournament", "--players", "3", "--agents", "greedy,random", "--games", "6"]
    argv += ["--seed", "3", "--jobs", "1", "--out", str(out), "--json"]
    assert main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    assert sorted(p.name for p in out.iterdir()) == [
        "games.jsonl",
        "ratings.png",
        "summary.json",
        "winrate.png",
    ]
    summary = json.loads((out / "summary.json").read_text())
    assert summary == printed
    assert summary["command"] == ["sushigo", *argv]
    assert summary["seed"] == 3 and summary["games"] == 6
    assert summary["versions"]["openskill"]
    # lineups greedy-random-greedy and random-greedy-random, each rotated 3 times
    assert summary["seating"] == [[3, 3, 3], [3, 3, 3]]
    assert [r["agent"] for r in summary["results"]] == ["greedy", "random"]
    lines = (out / "games.jsonl").read_text().splitlines()
    assert len(lines) == 6
    assert verify(str(out / "games.jsonl")) == 0
    assert "6 verified, 0 failed" in capsys.readouterr().out
    for name in ("ratings.png", "winrate.png"):
        data = (out / name).read_bytes()
        assert data[:8] == PNG and len(data) > 1000


def test_printed_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--players", "2", "--agents", "random,greedy", "--games", "4"]
    assert main([*argv, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.index("greedy") < out.index("random")  # best rating first
    assert "4 games" in out and "PlackettLuce" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "greedy,nobody"], "unknown agent 'nobody'"),
        (["--agents", "greedy:depth=3,random"], "no option 'depth'"),
        (["--agents", "greedy,random", "--games", "0"], "--games must be at least 1"),
        (["--agents", "greedy,random", "--players", "9"], "2 to 5 players, not 9"),
        (["--agents", "greedy,random", "--players", "1"], "2 to 5 players, not 1"),
        (["--agents", "greedy,random", "--jobs", "0"], "--jobs must be at least 1"),
        (["--agents", "greedy,random", "--backend", "cloud"], "unknown backend 'cloud'"),
        (["--agents", "greedy,random", "--address", "auto"], "--address goes with"),
        (["--agents", " , "], "no agent"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sushigo tournament: ")
    assert err.count("\n") == 1
    assert message in err


def test_ray_backend_without_ray_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    argv = ["tournament", "--agents", "greedy,random", "--backend", "ray"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sushigo[ray]" in err


@pytest.mark.parametrize(
    ("modules", "extra", "install"),
    [
        (("openskill", "openskill.models"), [], "sushigo[cli]"),
        (("matplotlib", "matplotlib.figure"), ["--out", "OUT"], "sushigo[plots]"),
    ],
)
def test_a_missing_package_is_named_before_playing(
    modules: tuple[str, ...],
    extra: list[str],
    install: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError
    out = tmp_path / "run"
    extra = [str(out) if x == "OUT" else x for x in extra]
    assert main(["tournament", "--agents", "greedy,random", "--jobs", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and install in err
    assert not out.exists()


@pytest.mark.skipif(RAY_MISSING, reason="ray is not installed (pip install 'sushigo[ray]')")
def test_ray_backend_gives_the_same_summary() -> None:
    import ray

    rules = sushigo.make("sushi-go", players=2)
    specs = ["greedy", "random", "greedy"]
    local, local_results = run_tournament(rules, specs, 12, seed=8, workers=1)
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        remote, remote_results = run_tournament(rules, specs, 12, seed=8, backend="ray")
        assert ray.is_initialized()  # a cluster it did not start is left running
    finally:
        ray.shutdown()
    assert figures(remote) == figures(local)
    assert [r.record for r in remote_results] == [r.record for r in local_results]
