"""The Gymnasium vector environment over the Sushi Go Party! batch engine: the learner
is asked at every one of its decisions (the picks, taken with the other seats', and
its mid-turn decisions, a takeout box's flips a token at a time), the other seats
play in compiled loops up to its next decision, and each sub-environment restarts on
its own. Checked against the engine's re-play of every game's record."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import sushigo.rl  # noqa: F401  (registers the ids)
from sushigo.core.records import walk
from sushigo.games.party.actions import Choice
from sushigo.rl import codec_for
from sushigo.rl import party as layout
from sushigo.rl.vector import SushiGoVectorEnv
from test_rl_vector import _random_legal, _value


def _run(env: SushiGoVectorEnv, rng: np.random.Generator, games: int) -> list[list[Any]]:
    """Step every learner with random legal slots until every sub-environment has
    finished ``games`` games; each finished game's record, seat, and every step's
    observation, mask, slot and reward."""
    n = env.num_envs
    obs, infos = env.reset(seed=5)

    def new(i: int) -> dict[str, Any]:
        mask = infos["action_mask"][i]
        assert mask[:-1].any()  # the learner decides
        return {"obs": [obs[i].copy()], "mask": [mask.copy()], "slots": [], "rewards": [],
                "seat": int(env.seats[i])}  # fmt: skip

    finished: list[list[Any]] = [[] for _ in range(n)]
    current = [new(i) for i in range(n)]
    while min(len(f) for f in finished) < games:
        action = _random_legal(infos["action_mask"], rng)
        restarting = env._restart.copy()
        obs, reward, term, trunc, infos = env.step(action)
        assert not trunc.any() and (reward[restarting] == 0).all()
        for i in range(n):
            if restarting[i]:
                current[i] = new(i)
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
                assert infos["action_mask"][i][:-1].any()  # its decision again
    return finished


@pytest.mark.parametrize(
    ("menu", "players", "opponents", "reward"),
    [
        ("master-menu", 4, "heuristic", "margin"),
        pytest.param("big-banquet", 3, "random", "win", marks=pytest.mark.matrix),
        pytest.param("dinner-for-two", 2, "heuristic", "score", marks=pytest.mark.matrix),
    ],
)
def test_party_learners_see_their_seat_and_are_paid_the_replayed_value(
    menu: str, players: int, opponents: str, reward: str
) -> None:
    """Seats rotating, two games in every sub-environment: at each of the learner's
    decisions in the engine's re-play (each flip of a takeout box one), its observation
    and mask are the rl codec's of its view and its slot the record's; the rewards add
    up to the game's value; the game is the seed's game of the row's number."""
    n = 5
    env = SushiGoVectorEnv("sushi-go-party", players=players, num_envs=n, seat="rotate",
                           opponents=opponents, reward=reward, menu=menu)  # fmt: skip
    finished = _run(env, np.random.default_rng(players), 2)
    ends = set()
    for i in range(n):
        for j, game in enumerate(finished[i][:2]):
            record = game["record"]
            number = i + j * n
            assert record["batch"] == {"seed": 5, "game": number}
            seat = game["seat"]
            assert seat == number % players
            codec = codec_for(env.batch.ruleset)
            t = 0
            walker = walk(record)
            while True:
                try:
                    decision = next(walker)
                except StopIteration as stop:
                    state = stop.value
                    break
                action = decision.actions.get(seat)
                if action is None:
                    continue
                st = decision.state
                if isinstance(action, Choice) and action.kind == "flip":
                    # the record keeps the flips sorted; the learner made them in its order
                    steps = [*game["slots"][t : t + len(action.cards)], layout._DONE]
                    made = [layout._FLIP_TOKENS[x - layout._FLIP] for x in steps[:-1]]
                    assert sorted(made) == sorted(action.cards), (i, j, t)
                else:
                    steps = [codec.slot_of(st, seat, action)]
                for slot in steps:
                    want = np.asarray(codec.observe(st.observe(seat)), np.float32)
                    assert game["obs"][t].tobytes() == want.tobytes(), (i, j, t)
                    legal = codec.legal_slots(st, seat)
                    assert np.flatnonzero(game["mask"][t]).tolist() == legal, (i, j, t)
                    assert game["slots"][t] == slot, (i, j, t)
                    codec.play(st, seat, slot)
                    t += 1
            assert t == len(game["slots"])  # every step was one of its decisions
            want = np.asarray(codec.observe(state.observe(seat)), np.float32)
            assert game["obs"][t].tobytes() == want.tobytes()
            assert state.returns() == game["scores"]
            kept = [len(d) for d in state.desserts]
            value = _value(reward, state.returns(), kept, seat)
            assert sum(game["rewards"]) == pytest.approx(value), (i, j)
            ends.add(len(game["slots"]))
    assert len(ends) > 1  # the games ended after different numbers of steps


def test_party_runs_are_deterministic() -> None:
    """The same seed and actions give the same observations, rewards and ends, past
    several autoresets (Gymnasium's data_equivalence)."""
    from gymnasium.utils.env_checker import data_equivalence

    def run() -> list[Any]:
        env = gymnasium.make_vec("sushigo/sushi-go-party-v0", num_envs=6, players=3,
                                 vectorization_mode="vector_entry_point", menu="cutthroat-combo",
                                 opponents="heuristic", seat="rotate")  # fmt: skip
        obs, infos = env.reset(seed=3)
        assert env.observation_space.contains(obs) and obs.shape == (6, 1304)
        rng = np.random.default_rng(1)
        out: list[Any] = [obs]
        for _ in range(90):
            action = _random_legal(infos["action_mask"], rng)
            assert env.action_space.contains(action)
            step = env.step(action)
            out.append(step)
            infos = step[-1]
        env.close()
        return out

    a, b = run(), run()
    assert data_equivalence(a, b, exact=True)
    assert sum(int(s[2].sum()) for s in a[1:]) > 0  # some games ended (and restarted)
