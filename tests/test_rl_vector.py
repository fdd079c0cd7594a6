"""The Gymnasium vector env over the batch engine (sushigo.rl.vector): what a learner
sees is its seat of the batch, the rewards of a game add up to the value the engine
gives its replayed record, next-step autoreset, rotating seats, illegal slots; for
Sushi Go! (every game ends at the same step) and Sushi Roll (one seat decides at a
time, games end at different steps and restart one by one)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import sushigo.fast as fast
import sushigo.rl  # noqa: F401  (registers the ids)
from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.core.records import replay, walk
from sushigo.core.scoring import winners
from sushigo.fast import roll as rollk
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


# -- Sushi Roll: one seat at a time, games ending at different steps --


def _new_game(env: SushiGoVectorEnv, obs: np.ndarray, infos: Any, i: int) -> dict[str, Any]:
    return {
        "obs": [obs[i].copy()],
        "mask": [infos["action_mask"][i].copy()],
        "slots": [],
        "rewards": [],
        "seat": int(env.seats[i]),
    }


def _roll_run(
    env: SushiGoVectorEnv, rng: np.random.Generator, games: int
) -> tuple[list[list[dict[str, Any]]], int]:
    """Step every learner with random legal slots until every sub-environment has
    finished ``games`` games. For each sub-environment, each finished game: its record
    (exported at the step that ended it), the learner's seat, and every step's
    observation, mask, slot and reward (the first entry: the reset's or autoreset's
    observation). Also the number of env steps."""
    n = env.num_envs
    obs, infos = env.reset(seed=17)
    assert (obs[:, rollk.O_TO_MOVE] == 1.0).all()  # the learner decides in every game
    finished: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    current = [_new_game(env, obs, infos, i) for i in range(n)]
    steps = 0
    while min(len(f) for f in finished) < games:
        action = _random_legal(infos["action_mask"], rng)
        restarting = env._restart.copy()
        action[restarting] = -7  # ignored: a new game starts there
        obs, reward, term, trunc, infos = env.step(action)
        steps += 1
        assert not trunc.any()
        assert (reward[restarting] == 0).all() and not term[restarting].any()
        for i in range(n):
            if restarting[i]:
                current[i] = _new_game(env, obs, infos, i)
                assert obs[i, rollk.O_TO_MOVE] == 1.0 and infos["seat"][i] == current[i]["seat"]
                continue
            game = current[i]
            game["slots"].append(int(action[i]))
            game["rewards"].append(float(reward[i]))
            game["obs"].append(obs[i].copy())
            game["mask"].append(infos["action_mask"][i].copy())
            if term[i]:
                game["record"] = env.batch.export_record(i)
                game["scores"] = infos["scores"][i].tolist()
                finished[i].append(game)
            else:
                assert obs[i, rollk.O_TO_MOVE] == 1.0  # its turn again
    return finished, steps


@pytest.mark.parametrize(
    ("players", "opponents", "reward"),
    [
        (3, "random", "margin"),
        (2, "heuristic", "win"),
        pytest.param(5, "heuristic", "score", marks=pytest.mark.matrix),
    ],
)
def test_roll_learners_see_their_seat_and_are_paid_the_replayed_value(
    players: int, opponents: str, reward: str
) -> None:
    """Sushi Roll, seats rotating, two games in every sub-environment: at each of the
    learner's decisions in the engine's replay of the game's record, its observation and
    mask are the rl codec's of its view, the slot it gave is the record's decision; the
    step that ends the game shows the end; the rewards add up to the replayed game's
    value; the game is the seed's game of that row's number (``i``, then ``i +
    num_envs``), and its first deal is that game's whatever was played."""
    n = 6
    env = SushiGoVectorEnv("sushi-roll", players=players, num_envs=n, seat="rotate",
                           opponents=opponents, reward=reward)  # fmt: skip
    finished, steps = _roll_run(env, np.random.default_rng(players), 2)
    codec = codec_for(env.batch.ruleset)
    fresh = fast.make("sushi-roll", players=players, batch=2 * n, seed=17)
    fresh.rollout()
    ends = set()
    for i in range(n):
        for j, game in enumerate(finished[i][:2]):
            record = game["record"]
            number = i + j * n
            assert record["batch"] == {"seed": 17, "game": number}
            assert game["seat"] == number % players
            deal = fresh.export_record(number)["rounds"][0]["steps"][0]
            assert record["rounds"][0]["steps"][0] == deal
            seat = game["seat"]
            walker = walk(record)
            t = 0
            while True:
                try:
                    decision = next(walker)
                except StopIteration as stop:
                    state = stop.value
                    break
                ((who, action),) = decision.actions.items()
                if who != seat:
                    continue
                want = np.asarray(codec.observe(decision.state.observe(seat)), np.float32)
                assert game["obs"][t].tobytes() == want.tobytes(), (i, j, t)
                assert np.flatnonzero(game["mask"][t]).tolist() == codec.legal_slots(
                    decision.state, seat
                )
                assert codec.slot_of(decision.state, seat, action) == game["slots"][t]
                t += 1
            assert t == len(game["slots"])  # every step was one of its decisions
            want = np.asarray(codec.observe(state.observe(seat)), np.float32)
            assert game["obs"][t].tobytes() == want.tobytes()
            assert state.returns() == game["scores"]
            value = _value(reward, state.returns(), list(state.puddings), seat)
            assert sum(game["rewards"]) == pytest.approx(value), (i, j)
            ends.add(len(game["slots"]))
    assert len(ends) > 1  # the games ended after different numbers of steps
    assert steps < 3 * max(ends)  # ... and restarted one by one


def test_roll_runs_are_deterministic_and_masks_are_gymnasiums_spaces() -> None:
    """The same seed and actions give the same observations, rewards and ends (past
    several autoresets), compared with Gymnasium's own data_equivalence; observations
    and actions lie in the spaces; returned arrays are not reused."""
    from gymnasium.utils.env_checker import data_equivalence

    def run() -> list[Any]:
        env = gymnasium.make_vec("sushigo/sushi-roll-v0", num_envs=8, players=4,
                                 vectorization_mode="vector_entry_point",
                                 opponents="heuristic", seat="rotate")  # fmt: skip
        obs, infos = env.reset(seed=3)
        assert env.observation_space.contains(obs)
        rng = np.random.default_rng(1)
        out: list[Any] = [obs]
        for _ in range(80):
            action = _random_legal(infos["action_mask"], rng)
            assert env.action_space.contains(action)
            step = env.step(action)
            assert step[0] is not out[-2 if len(out) > 1 else 0]
            out.append(step)
            infos = step[-1]
        env.close()
        return out

    a, b = run(), run()
    assert data_equivalence(a, b, exact=True)
    assert sum(int(s[2].sum()) for s in a[1:]) > 0  # some games ended (and restarted)
    assert a[0].shape == (8, 282)


def test_roll_rows_restart_as_the_batch_numbers_games() -> None:
    """Batch.restart: restarting some rows at any step plays the same games as a batch
    reset at those numbers; restarting every row of a batch just reset is a reset;
    other rows stay as they stand."""
    g = fast.make("sushi-roll", players=3, batch=8, seed=4)
    g.reset()
    for _ in range(40):
        g.step(g.sample_slots())
    before = g._rows[[0, 2, 3, 4, 6, 7]].copy()
    g.restart([5, 1])
    assert (g._rows[[0, 2, 3, 4, 6, 7]] == before).all()
    g.restart([1])  # row 1 again: game 17
    assert g._games.tolist() == [0, 17, 2, 3, 4, 13, 6, 7]
    g.playout()
    other = fast.make("sushi-roll", players=3, batch=8, seed=4)
    other.rollout(first=8)
    assert g.export_record(5) == other.export_record(5)
    other.rollout(first=16)
    assert g.export_record(1)["rounds"] == other.export_record(1)["rounds"]
    h = fast.make("sushi-roll", players=3, batch=8, seed=4)
    h.reset()
    h.restart(range(8))  # every row: as reset numbers them
    assert h._games.tolist() == list(range(8, 16)) and h._first == 8
    with pytest.raises(IndexError):
        h.restart([8])
    classic = fast.make("sushi-go", players=2, batch=4, seed=0)
    classic.reset()
    with pytest.raises(OptionsError, match="restarts every game at once"):
        classic.restart([1])


def test_roll_illegal_slots_and_heuristic_opponents() -> None:
    """An illegal slot plays a legal one (fallback) or raises, nothing applied; the
    heuristic opponents outplay a random learner by far more than random ones
    (measured: -12.5 and +0.8 points of margin a game at 2 players, standard errors
    0.8)."""
    env = SushiGoVectorEnv("sushi-roll", players=2, num_envs=3)
    _, infos = env.reset(seed=0)
    legal = _random_legal(infos["action_mask"], np.random.default_rng(0))
    bad = legal.copy()
    bad[1] = fast.roll.NOOP  # the no-op is no decision on the learner's turn
    _, _, _, _, infos = env.step(bad)
    assert infos["illegal"].tolist() == [False, True, False]
    strict = SushiGoVectorEnv("sushi-roll", players=2, num_envs=3, illegal="raise")
    _, infos = strict.reset(seed=0)
    before = strict.batch.observe().copy()
    with pytest.raises(IllegalActionError, match="sub-environment 1"):
        strict.step(bad)
    assert (strict.batch.observe() == before).all()
    margins = {}
    for opponents in ("random", "heuristic"):
        env = SushiGoVectorEnv("sushi-roll", players=2, num_envs=128, opponents=opponents)
        finished, _ = _roll_run(env, np.random.default_rng(0), 1)
        margins[opponents] = float(
            np.mean([f[0]["rewards"] and sum(f[0]["rewards"]) for f in finished])
        )
    assert margins["heuristic"] < margins["random"] - 6, margins
