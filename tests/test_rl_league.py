"""Sushi Go! against a league in the batch engine (sushigo.rl.league): what ``sushigo
train`` learns from. The learner's seat, observations and legal slots, the rewards,
the opponents, and greedy's decisions to clone."""

from __future__ import annotations

import numpy as np
import pytest

import sushigo.fast as fast
from sushigo.core.errors import OptionsError
from sushigo.fast import classic as k
from sushigo.rl.league import (
    KINDS,
    MARGIN,
    OBS,
    SLOTS,
    League,
    draw_slots,
    greedy_decisions,
    outcome,
)
from sushigo.rl.policy import PolicyNet

# (points, winners, seat, reward): outright win, loss, shared win, 3 players
OUTCOMES = [
    ([40, 30], [True, False], 0, 1 + 10 * MARGIN),
    ([40, 30], [True, False], 1, -1 - 10 * MARGIN),
    ([35, 35], [True, True], 1, 0.0),
    ([35, 35], [False, True], 0, -1.0),  # equal points, fewer puddings
    ([20, 41, 39], [False, True, False], 2, -1 - 2 * MARGIN),
    ([20, 41, 39], [False, True, False], 1, 1 + 2 * MARGIN),
]


@pytest.mark.parametrize(("points", "won", "seat", "want"), OUTCOMES)
def test_a_game_is_rewarded_by_its_result_and_margin(
    points: list[int], won: list[bool], seat: int, want: float
) -> None:
    got = outcome(np.array([points]), np.array([won]), np.array([seat]))
    assert got.tolist() == pytest.approx([want])


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def test_the_learner_plays_its_seat_and_is_rewarded_at_the_end() -> None:
    """Every step applies the learner's slot in its seat; the observations and masks
    are the batch engine's for that seat; the reward comes once a game, when all end,
    and is the game's outcome; then new games are dealt."""
    league = League(players=3, batch=32, seed=5)
    rng = np.random.default_rng(0)
    obs = league.reset()
    g = league.games
    rows = np.arange(32)
    for _ in range(2):
        steps = 0
        over = False
        while not over:
            masks = league.action_masks()
            assert obs.shape == (32, OBS) and masks.shape == (32, SLOTS)
            assert (obs == g.observe()[rows, league.seat]).all()
            assert (masks == g.legal_mask()[rows, league.seat, :SLOTS]).all()
            assert masks.any(axis=1).all()
            seat = league.seat.copy()
            at = k.PICKS + (g._rows[:, k.ROUND] * k.MAX_HAND + g._rows[:, k.TURN]) * k.S + seat
            actions = _random_actions(masks, rng)
            obs, rewards, over, last = league.step(actions)
            steps += 1
            if not over:
                assert (g._rows[rows, at] == actions).all()
                assert (rewards == 0).all()
        assert steps == 3 * 8  # 3 players: 9 cards, 8 decisions a round
        assert (rewards != 0).any() and np.abs(rewards).max() <= 1 + 60 * MARGIN
        assert len(league.take_results()) >= 1
        assert not g.done.any()  # dealt again
        assert last.shape == (32, OBS)


def test_each_kind_of_opponent_plays_as_it_should() -> None:
    """Random play loses almost every game to greedy and wins about half against
    random; a snapshot's slots are legal (the step would refuse them) and it plays
    its seats."""
    league = League(players=2, batch=256, seed=1, mix=(0.5, 0.5, 0.0))
    rng = np.random.default_rng(1)
    league.reset()
    for _ in range(4 * 27):
        league.step(_random_actions(league.action_masks(), rng))
    won = league.take_results()
    assert won["greedy"][0] + won["random"][0] == 4 * 256
    assert won["greedy"][1] < 0.05
    assert 0.35 < won["random"][1] < 0.65
    net = PolicyNet("sushi-go", [(np.zeros((OBS, SLOTS)), np.arange(SLOTS, dtype=float))])
    league = League(players=2, batch=64, seed=2, mix=(0, 0, 1))
    league.add_snapshot(net)
    league.reset()
    assert (league.kind == KINDS.index("snapshot")).all()
    slots = league.opponents()
    mask = league.games.legal_mask()
    for i in range(64):
        other = 1 - league.seat[i]
        assert mask[i, other, slots[i, other]]


def test_a_snapshot_must_fit_the_learner() -> None:
    league = League(players=2, batch=4, seed=0)
    with pytest.raises(OptionsError, match="takes 233 numbers and rates 182 slots"):
        league.add_snapshot(PolicyNet("sushi-go", [(np.zeros((OBS, 2549)), np.zeros(2549))]))
    with pytest.raises(OptionsError, match="mix is 3 shares"):
        League(mix=(1, 0))
    for i in range(10):
        league.add_snapshot(PolicyNet("sushi-go", [(np.zeros((OBS, SLOTS)), np.full(SLOTS, i))]))
    assert len(league.snapshots) == league.keep == 8


def test_drawn_slots_are_legal_and_the_best_at_temperature_zero() -> None:
    rng = np.random.default_rng(0)
    ratings = rng.normal(size=(500, 20))
    legal = rng.random((500, 20)) < 0.3
    legal[:, 7] = True
    drawn = draw_slots(ratings, legal, rng)
    assert legal[np.arange(500), drawn].all()
    best = draw_slots(ratings, legal, rng, temperature=0)
    assert (best == np.where(legal, ratings, -np.inf).argmax(axis=1)).all()


def test_greedys_decisions_are_legal_and_its_results_add_up() -> None:
    """Every label is a legal slot; greedy's slot is what greedy_slots gives in that
    position (greedy plays all seats but for the random tenth); in a 2-player game
    the two seats' rewards cancel."""
    obs, masks, labels, values = greedy_decisions(2, 64, seed=3, batch=64)
    assert obs.shape == (64 * 2 * 27, OBS) and masks.shape == (64 * 2 * 27, SLOTS)
    assert masks[np.arange(len(labels)), labels].all()
    pairs = values.reshape(27, 64, 2)
    assert np.allclose(pairs.sum(axis=2), 0.0)
    assert (pairs == pairs[0]).all()
    g = fast.make("sushi-go", players=2, batch=2048, seed=4)
    g.reset()
    while not g.done.all():
        slots = g.greedy_slots()
        slots[:, 1] = g.sample_slots()[:, 1]
        g.step(slots)
    assert g.winners()[:, 0].mean() > 0.99  # greedy against random
