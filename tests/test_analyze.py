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
from sushigo.games.party.cards import PARTY_CARDS, find_menu
from sushigo.games.roll.dice import FACE_IDS

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
        pytest.param(3, {"reshuffle": True}, "heuristic", marks=pytest.mark.matrix),
        pytest.param(4, {"pass_both_ways": True}, "random", marks=pytest.mark.matrix),
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


def _small(monkeypatch: pytest.MonkeyPatch, game: str = "sushi-go") -> list[Any]:
    monkeypatch.setattr(analyze, "CHUNK", 1000)
    return analyze.jobs(game, 3, {}, ["heuristic", "random", "random"], 2500, 7)


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
@pytest.mark.parametrize(
    "game",
    [
        pytest.param("sushi-go", marks=pytest.mark.matrix),  # Ray's start-up: 10-15 s
        pytest.param("sushi-roll", marks=pytest.mark.matrix),
        pytest.param("sushi-go-party", marks=pytest.mark.matrix),
    ],
)
def test_ray_gives_the_same_figures(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    import ray

    jobs = _small(monkeypatch, game)
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
        (["--game", "sushi-go-party", "--menu", "no-such-menu"], "unknown menu 'no-such-menu'"),
        (["--game", "sushi-go-party", "--players", "2", "--menu", "master-menu"], "spoon may only"),
        (["--game", "sushi-go-party", "--agents", "greedy"], "plays random, heuristic"),
        (["--game", "sushi-roll", "--agents", "greedy"], "plays random, heuristic, not 'greedy'"),
        (["--game", "sushi-roll", "--players", "6"], "2 to 5 players"),
        (["--game", "sushi-roll", "--dice", "/no/such/dice.json"], "cannot read the dice file"),
        (["--dice", "/no/such/dice.json"], "--dice goes with --game sushi-roll"),
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


# -- Sushi Roll --


@pytest.mark.parametrize(
    ("players", "custom", "policy"),
    [
        (2, False, "random"),
        pytest.param(3, False, "heuristic", marks=pytest.mark.matrix),
        (5, True, "random"),
    ],
)
def test_roll_counts_agree_with_the_engine_replay(players: int, custom: bool, policy: str) -> None:
    """What was on each seat's belt at each of its takes, what it took and passed up,
    read from the batch's log, equals what the engine's states show when the game's
    record is walked (spending a token is no take); the points given to the faces add
    up to every seat's score but its leftover tokens' points (and the pudding points
    of a seat with no pudding die, which no die earned); one face on a tray for each
    die taken."""
    from batch_checks import DICE

    games = 100
    options = {"dice": DICE} if custom else {}
    g = fast.make("sushi-roll", players=players, batch=games, seed=players, **options)
    final = g.rollout(policy)
    offered, taken, over, points, cards = _stats(g)
    nf = len(FACE_IDS)
    pudding = [FACE_IDS.index(f) for f in ("pudding-1", "pudding-2", "pudding-3")]
    for i in range(games):
        record = g.export_record(i)
        unearned = [
            record["dessert_scores"][s] if cards[i, s, pudding].sum() == 0 else 0
            for s in range(players)
        ]
        want = final[i] - np.array(record["token_scores"]) - unearned
        assert np.allclose(points[i].sum(axis=1), want), i
        want_offered = np.zeros((players, nf), np.int64)
        want_taken = np.zeros((players, nf), np.int64)
        want_over = np.zeros((players, nf, nf), np.int64)
        for decision in walk(record):
            ((seat, action),) = decision.actions.items()
            if str(action) not in FACE_IDS:
                continue  # a token spent
            belt = {FACE_IDS.index(f) for f in decision.state.belt(seat)}
            f = FACE_IDS.index(str(action))
            want_taken[seat, f] += 1
            for d in belt:
                want_offered[seat, d] += 1
                if d != f:
                    want_over[seat, f, d] += 1
        assert (offered[i] == want_offered).all(), i
        assert (taken[i] == want_taken).all(), i
        assert (over[i] == want_over).all(), i
        assert (cards[i] == want_taken).all(), i  # every die taken lies on a tray
    per = g.ruleset.per_player
    assert (taken.sum(axis=2) == 3 * per).all()


def test_roll_points_go_to_the_faces_that_earned_them() -> None:
    """Dumplings, tempura and sashimi earn their family's points, a nigiri its printed
    value, a wasabi what it tripled, maki share by icons, the pudding dice the end's
    pudding points by icons; tokens earn nothing."""
    g = fast.make("sushi-roll", players=4, batch=400, seed=1)
    final = g.rollout("heuristic")
    _, _, _, points, cards = _stats(g)
    f = {face: i for i, face in enumerate(FACE_IDS)}
    for nigiri, value in (("egg-nigiri", 1), ("salmon-nigiri", 2), ("squid-nigiri", 3)):
        assert (points[:, :, f[nigiri]] == value * cards[:, :, f[nigiri]]).all()
    assert (points[:, :, f["wasabi"]] >= 0).all() and (points[:, :, f["wasabi"]] > 0).any()
    for token in ("menu", "menu-2", "chopsticks", "chopsticks-2"):
        assert (points[:, :, f[token]] == 0).all()
    k = fast.roll
    for face, family in (("dumpling", 2), ("tempura", 3), ("sashimi", 4)):
        per_round = sum(
            g._rows[:, k.BREAK + r * k.S * k.FAMILIES + family :][:, : 4 * k.FAMILIES : k.FAMILIES]
            for r in range(3)
        )
        assert (points[:, :, f[face]] == per_round).all()
    maki = points[:, :, [f["maki-1"], f["maki-2"], f["maki-3"]]].sum(axis=2)
    per_round = sum(
        g._rows[:, k.BREAK + r * k.S * k.FAMILIES :][:, : 4 * k.FAMILIES : k.FAMILIES]
        for r in range(3)
    )
    assert np.allclose(maki, per_round)
    puddings = points[:, :, [f["pudding-1"], f["pudding-2"], f["pudding-3"]]].sum(axis=2)
    dessert = g._rows[:, k.DESSERT_PTS : k.DESSERT_PTS + 4]
    took = cards[:, :, [f["pudding-1"], f["pudding-2"], f["pudding-3"]]].sum(axis=2) > 0
    assert np.allclose(puddings, np.where(took, dessert, 0))
    assert (~took & (dessert < 0)).any()  # the fewest, with no pudding die: left out
    assert final.shape == (400, 4)


def test_roll_figures_do_not_depend_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analyze, "CHUNK", 1000)
    agents = ["heuristic", "random"]
    jobs = analyze.jobs("sushi-roll", 2, {}, agents, 2500, 7)
    one = analyze.run(jobs, workers=1)
    _same(one, analyze.run(jobs, workers=2))
    report = analyze.summarize(one, 2, agents, "sushi-roll")
    assert report["unit"] == "face" and len(report["cards"]) == len(FACE_IDS)
    heuristic, rand = report["agents"]
    assert heuristic["win_share"]["ci95"][0] > 0.85  # about 91% of these games
    by_face = {c["card"]: c for c in report["cards"]}
    assert by_face["squid-nigiri"]["points_per_card"] == 3.0
    assert by_face["menu"]["points_per_card"] == 0.0


def test_the_command_reads_a_dice_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from batch_checks import DICE

    dice = tmp_path / "dice.json"
    dice.write_text(json.dumps(DICE))
    argv = ["analyze", "--game", "sushi-roll", "--players", "2", "--dice", str(dice)]
    assert main([*argv, "--agents", "heuristic", "--games", "2000", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["title"] == "Sushi Roll, 2 players (own dice): heuristic, heuristic"
    assert report["options"]["dice"]["maki"][0] == "maki-1"
    by_face = {c["card"]: c for c in report["cards"]}
    assert by_face["pudding-3"]["offered"] == 0  # no such face on these dice
    assert by_face["menu"]["offered"] == 0 and by_face["menu-2"]["offered"] > 0
    assert main([*argv, "--games", "500"]) == 0
    text = capsys.readouterr().out
    assert "face" in text and "500 games" in text


# -- Sushi Go Party! --


@pytest.mark.matrix  # the workers' independence is the same code for every game
def test_party_figures_do_not_depend_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Master Menu with the heuristic in one seat of four: the same sums on one worker and
    on two; every card on the menu and no other; the points given to the cards add up
    to the scores."""
    monkeypatch.setattr(analyze, "CHUNK", 1000)
    agents = ["heuristic", "random", "random", "random"]
    jobs = analyze.jobs("sushi-go-party", 4, {"menu": "master-menu"}, agents, 2500, 7)
    one = analyze.run(jobs, workers=1)
    _same(one, analyze.run(jobs, workers=2))
    assert np.isclose(one["points"].sum(), one["score"].sum())
    report = analyze.summarize(one, 4, agents, "sushi-go-party")
    kinds = {PARTY_CARDS.by_id[c["card"]].family for c in report["cards"]}
    menu = set(find_menu("master-menu").kinds)
    assert kinds == menu
    heuristic = report["agents"][0]
    assert heuristic["agent"] == "heuristic" and heuristic["win_share"]["ci95"][0] > 0.45
    shares = sum(s["win_share"]["rate"] for s in report["seats"])
    assert shares == pytest.approx(1.0, abs=1e-3)


@pytest.mark.matrix  # the Party analysis itself runs above; this is the command's way in
def test_the_command_analyses_a_party_menu(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["analyze", "--game", "sushi-go-party", "--menu", "points-platter", "--players", "6"]
    assert main([*argv, "--games", "2000", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"] == {"menu": "points-platter"} and len(report["seats"]) == 6
    assert report["title"].startswith("Sushi Go Party!, 6 players (Points Platter): random")
    by_card = {c["card"]: c for c in report["cards"]}
    assert by_card["squid-nigiri"]["points_per_card"] == 3.0  # no wasabi on this menu
    assert by_card["special-order"]["taken"] > 0  # it scores as what it copies
