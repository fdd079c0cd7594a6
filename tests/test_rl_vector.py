"""The Gymnasium vector env over the batch engine (sushigo.rl.vector): what a learner
sees is its seat of the batch, the rewards of a game add up to the value the engine
gives its replayed record, next-step autoreset, rotating seats, illegal slots."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import sushigo.rl  # noqa: F401  (registers the ids)
from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.core.records import replay
from sushigo.core.scoring import winners
from sushigo.rl import codec_for
from sushigo.rl.vector import SushiGoVectorEnv


def _random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in mask], np.int64)


def _play_one_game(env: SushiGoVectorEnv, rng: np.random.Generator) -> tuple[np.ndarray, Any]:
    """Step every learner with random legal slots to the end of the batch's games;
    each learner's summed reward and the last step's infos."""
    total = np.zeros(env.num_envs)
    mask = env.action_masks()
    while True:
        _, reward, term, trunc, infos = env.step(_random_legal(mask, rng))
        total += reward
        assert not trunc.any()
        assert (infos["action_mask"] == env.action_masks()).all()
        mask = infos["action_mask"]
        if term.all():
            return total, infos
        assert not term.any()


def _value(reward: str, scores: list[int], puddings: list[int], seat: int) -> float:
    players = len(scores)
    if reward == "win":
        won = winners(scores, puddings, players)
        return 1.0 / len(won) if seat in won else 0.0
    if reward == "score":
        return float(scores[seat])
    return scores[seat] - (sum(scores) - scores[seat]) / (players - 1)


@pytest.mark.parametrize("reward", ["margin", "score", "win"])
@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {"opponents": "heuristic"}), (2, {"dummy": True})]
)
def test_rewards_add_up_to_the_value_of_the_replayed_game(
    reward: str, players: int, options: dict[str, Any]
) -> None:
    env = SushiGoVectorEnv(players=players, num_envs=64, seat="rotate", reward=reward, **options)
    env.reset(seed=3)
    seats = env.seats.copy()
    assert seats.tolist() == [i % players for i in range(64)]
    total, infos = _play_one_game(env, np.random.default_rng(players))
    for i in range(64):
        state = replay(env.batch.export_record(i), f"game {i}")  # the engine agrees
        scores = state.returns()[:players]  # (the dummy's points are not a player's)
        assert infos["scores"][i].tolist() == scores
        puddings = env.batch.export_record(i)["puddings"]
        assert total[i] == pytest.approx(_value(reward, scores, puddings, int(seats[i])))


def test_a_learner_sees_its_seat_of_the_batch_and_its_picks_are_played() -> None:
    """Every observation and mask is the rl codec's for the learner's view in the
    engine's replay of the game, and the learner's slots are the record's picks."""
    env = SushiGoVectorEnv(players=3, num_envs=8, seat=2)
    obs, infos = env.reset(seed=5)
    rng = np.random.default_rng(0)
    seen, chosen = [], []
    while True:
        action = _random_legal(infos["action_mask"], rng)
        seen.append((obs.copy(), infos["action_mask"].copy()))
        chosen.append(action)
        obs, _, term, _, infos = env.step(action)
        if term.all():
            break
    codec = codec_for(env.batch.ruleset)
    from sushigo.core.records import walk

    for i in range(8):
        walker = walk(env.batch.export_record(i))
        for k, decision in enumerate(walker):
            want = np.asarray(codec.observe(decision.state.observe(2)), np.float32)
            assert seen[k][0][i].tobytes() == want.tobytes()
            assert np.flatnonzero(seen[k][1][i]).tolist() == codec.legal_slots(decision.state, 2)
            assert codec.slot_of(decision.state, 2, decision.actions[2]) == chosen[k][i]


def test_next_step_autoreset_starts_the_next_games_and_ignores_the_actions() -> None:
    env = SushiGoVectorEnv(players=2, num_envs=4, seat="rotate")
    first, _ = env.reset(seed=9)
    _play_one_game(env, np.random.default_rng(1))
    assert env.batch.export_record(0)["batch"] == {"seed": 9, "game": 0}
    obs, reward, term, trunc, infos = env.step(np.full(4, -7))  # ignored: no error
    assert (reward == 0).all() and not term.any() and not trunc.any()
    assert not infos["illegal"].any()
    assert env.batch.export_record(0)["batch"] == {"seed": 9, "game": 4}
    assert env.seats.tolist() == [0, 1, 0, 1]  # games 4-7 seat the learner at g % 2
    assert obs[:, 11].tolist() == [0.0] * 4  # turn 0 of a new game
    again, _ = env.reset(seed=9)  # a seed starts again from its game 0
    assert again.tobytes() == first.tobytes()


def test_runs_are_deterministic() -> None:
    def run() -> list[bytes]:
        env = SushiGoVectorEnv(players=4, num_envs=16, opponents="heuristic")
        obs, infos = env.reset(seed=21)
        rng = np.random.default_rng(2)
        out = [obs.tobytes()]
        for _ in range(30):  # past the end of the first games: autoreset included
            obs, reward, *_ = env.step(_random_legal(infos["action_mask"], rng))
            infos = _[-1]
            out += [obs.tobytes(), reward.tobytes()]
        return out

    assert run() == run()


def test_illegal_slots() -> None:
    env = SushiGoVectorEnv(players=2, num_envs=3)
    _, infos = env.reset(seed=0)
    legal = _random_legal(infos["action_mask"], np.random.default_rng(0))
    bad = legal.copy()
    bad[1] = env.batch.slots - 1  # the no-op is no pick while a game goes on
    bad[2] = 10**6
    _, _, _, _, infos = env.step(bad)
    assert infos["illegal"].tolist() == [False, True, True]
    record = env.batch.export_record(1)  # a legal pick was played instead
    assert replay(record, "game 1") is not None
    strict = SushiGoVectorEnv(players=2, num_envs=3, illegal="raise")
    _, infos = strict.reset(seed=0)
    before = strict.batch.observe().copy()
    with pytest.raises(IllegalActionError, match="sub-environment 1"):
        strict.step(bad)
    assert (strict.batch.observe() == before).all()
    with pytest.raises(IllegalActionError, match="3 integers"):
        strict.step(np.zeros(2, np.int64))


def test_bad_options_are_refused_with_a_reason() -> None:
    for kwargs, words in [
        ({"seat": 2}, "seat must be"),
        ({"reward": "glory"}, "reward must be"),
        ({"illegal": "ignore"}, "illegal must be"),
        ({"opponents": "mcts"}, "opponents must be"),
        ({"num_envs": 0}, "batch must be"),
        ({"game": "sushi-roll"}, "plays Sushi Go! so far, not Sushi Roll"),
    ]:
        with pytest.raises(OptionsError, match=words):
            SushiGoVectorEnv(players=2, **kwargs)
    with pytest.raises(IllegalActionError, match="reset"):
        SushiGoVectorEnv(players=2, num_envs=2).step(np.zeros(2, np.int64))


def test_make_vec_builds_it_by_the_registered_id() -> None:
    envs = gymnasium.make_vec(
        "sushigo/sushi-go-v0", num_envs=8, vectorization_mode="vector_entry_point", players=5
    )
    obs, infos = envs.reset(seed=1)
    assert obs.shape == (8, 233) and obs.dtype == np.float32
    assert envs.observation_space.contains(obs)
    assert infos["action_mask"].shape == (8, 2549)
    action = _random_legal(infos["action_mask"], np.random.default_rng(3))
    assert envs.action_space.contains(action)
    envs.step(action)
    envs.close()


def test_heuristic_opponents_outplay_a_random_learner() -> None:
    """The opponents really play the batch's heuristic: a learner choosing at random
    loses by far more to it than to random opponents (measured: -11.3 and -0.3
    points of margin a game at 2 players)."""
    margins = {}
    for opponents in ("random", "heuristic"):
        env = SushiGoVectorEnv(players=2, num_envs=512, opponents=opponents)
        env.reset(seed=4)
        total, _ = _play_one_game(env, np.random.default_rng(0))
        margins[opponents] = float(total.mean())
    assert margins["heuristic"] < margins["random"] - 6, margins
