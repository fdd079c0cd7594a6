"""The environments against PettingZoo's and Gymnasium's own conformance tests, over
every configuration of every game, and what the project promises beyond them:
masks equal to legality, no leaks, determinism, rewards that add up.

One configuration per game runs in every suite (make test); the whole matrix is
marked ``matrix`` and runs once, with the compiled engine (make test-matrix, which
CI runs after make test)."""

from __future__ import annotations

import json
import random
import types
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)

import sushigo
import sushigo.rl
from batch_checks import DICE
from rl_checks import check_codec
from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.games import COMPILED
from sushigo.games.party.cards import SUGGESTED_MENUS, check_menu
from sushigo.rl import SushiGoEnv, env, parallel_env

CUSTOM_MENU = [
    "nigiri", "uramaki", "tofu", "eel", "onigiri",
    "takeout-box", "special-order", "green-tea-ice-cream",
]  # fmt: skip
"""A custom Party menu with the specials that ask mid-turn questions."""


def _party_menus() -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count (2-8) and every suggested menu, each at least once: each
    count with a menu that allows it, a menu not yet played where one does; then the
    random menu at 2, 5 and 8 players and a custom menu."""
    legal = {
        key: [p for p in range(2, 9) if _allows(menu, p)] for key, menu in SUGGESTED_MENUS.items()
    }
    played: set[str] = set()
    for players in range(2, 9):
        fits = [k for k, counts in legal.items() if players in counts]
        key = next((k for k in fits if k not in played), fits[0])
        played.add(key)
        yield players, {"menu": key}
    for key, counts in legal.items():
        if key not in played:
            yield counts[-1], {"menu": key}
    for players in (2, 5, 8):
        yield players, {"menu": "random"}
    yield 4, {"menu": CUSTOM_MENU}


def _allows(menu: Any, players: int) -> bool:
    try:
        check_menu(menu, players)
    except OptionsError:
        return False
    return True


CLASSIC = [(p, {}) for p in (2, 3, 4, 5)] + [
    (2, {"dummy": True}),
    (4, {"pass_both_ways": True}),
    (3, {"reshuffle": True}),
    (5, {"soy_sauce": True}),
]
CONFIGS: list[tuple[str, int, dict[str, Any]]] = (
    [("sushi-go", p, o) for p, o in CLASSIC]
    + [("sushi-go-party", p, o) for p, o in _party_menus()]
    + [("sushi-roll", p, {}) for p in (2, 3, 4, 5)]
    + [("sushi-roll", p, {"dice": "CUSTOM"}) for p in (2, 5)]
)
QUICK = {"sushi-go-4", "sushi-go-party-5-menu=master-menu", "sushi-roll-3"}
"""One configuration per game, run in every suite."""


def _id(config: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = config
    extra = ",".join(
        f"{k}={v if isinstance(v, (str, bool)) else 'custom'}" for k, v in options.items()
    )
    return f"{game}-{players}" + (f"-{extra}" if extra else "")


def _marks(config: tuple[str, int, dict[str, Any]]) -> Any:
    name = _id(config)
    return pytest.param(config, id=name, marks=() if name in QUICK else pytest.mark.matrix)


PARAMS = [_marks(c) for c in CONFIGS]


@pytest.fixture(scope="module")
def dice_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("dice") / "dice.json"
    path.write_text(json.dumps(DICE))
    return str(path)


def _options(config: tuple[str, int, dict[str, Any]], dice_file: str) -> dict[str, Any]:
    game, players, options = config
    if options.get("dice") == "CUSTOM":
        options = {**options, "dice": dice_file}
    return {"game": game, "players": players, **options}


@pytest.fixture
def strict() -> Iterator[None]:
    """Every warning of the libraries' checks is an error, but the two a dict
    observation always draws (the issue asks for {"observation", "action_mask"},
    as PettingZoo's own card games have)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        yield


@pytest.mark.parametrize("config", PARAMS)
def test_pettingzoo_conformance(config: Any, dice_file: str, strict: None) -> None:
    kw = _options(config, dice_file)
    api_test(env(**kw), num_cycles=300)
    parallel_api_test(parallel_env(**kw), num_cycles=300)
    seed_test(lambda: env(**kw), num_cycles=100)
    parallel_seed_test(lambda: parallel_env(**kw), num_cycles=100)
    mod = types.SimpleNamespace(
        env=lambda **more: env(**kw, **more), parallel_env=lambda **more: parallel_env(**kw, **more)
    )
    max_cycles_test(mod)
    render_test(lambda render_mode=None: env(**kw, render_mode=render_mode))
    state_test(env(**kw), parallel_env(**kw))


@pytest.mark.parametrize("config", PARAMS)
def test_gymnasium_conformance(config: Any, dice_file: str, strict: None) -> None:
    kw = _options(config, dice_file)
    game = kw.pop("game")
    env_id = {v: k for k, v in sushigo.rl.IDS.items()}[game]
    made = gymnasium.make(env_id, **kw, opponents="greedy", seat="rotate")
    check_env(made.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("config", PARAMS)
def test_masks_are_exactly_the_legal_actions(config: Any, dice_file: str) -> None:
    """1,000 random games, every decision checked both ways through the codec (200
    with the source engine, which runs the quick configurations only)."""
    games = 1000 if COMPILED else 200
    kw = _options(config, dice_file)
    game, players = kw.pop("game"), kw.pop("players")
    if kw.get("menu") == "random":
        rng = random.Random(players)
        for i in range(20):  # a new menu every games / 20 games
            m = sushigo.rl.Match(game, players, **kw)
            m.reset(rng.randrange(10**9))
            check_codec(m.ruleset, games // 20, seed=i)
        return
    ruleset = sushigo.rl.Match(game, players, **kw).ruleset  # (reads a dice file)
    assert check_codec(ruleset, games, seed=players) > 0


def _play(e: Any, seed: int, choose: Any) -> list[Any]:
    """Every (agent, observation, reward, termination, info) of an AEC game."""
    out = []
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        out.append(
            (agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, info)
        )
        e.step(None if term or trunc else choose(agent, obs))
    return out


def test_aec_and_parallel_play_the_same_game() -> None:
    """The same seed and slots give the same observations and rewards in both envs."""
    for game, players in (("sushi-go", 3), ("sushi-go-party", 4), ("sushi-roll", 2)):
        rng = random.Random(5)
        par = parallel_env(game, players)
        obs, infos = par.reset(seed=11)
        aec = env(game, players)
        aec.reset(seed=11)
        total = {a: 0.0 for a in par.possible_agents}
        while par.agents:
            actions = {}
            for agent in par.agents:
                mask = obs[agent]["action_mask"]
                a_obs = aec.observe(agent)
                assert a_obs["observation"].tobytes() == obs[agent]["observation"].tobytes()
                assert a_obs["action_mask"].tobytes() == mask.tobytes()
                actions[agent] = rng.choice(np.flatnonzero(mask).tolist())
            for agent in par.agents:
                assert aec.agent_selection == agent
                aec.step(actions[agent])
            obs, rewards, terms, truncs, infos = par.step(actions)
            for agent, r in rewards.items():
                assert aec.rewards[agent] == r
                total[agent] += r
        assert all(aec.terminations.values())
        assert infos["player_0"]["scores"] == aec.infos["player_0"]["scores"]


def test_runs_are_deterministic_and_duplicate_deals_do_not_depend_on_play() -> None:
    first = _play(env("sushi-go-party", 3, menu="random"), 3, lambda a, o: _first(o))
    again = _play(env("sushi-go-party", 3, menu="random"), 3, lambda a, o: _first(o))
    assert first == again
    # duplicate: the same seed deals the same first hands, whatever is played
    hands = []
    for pick in (_first, _last):
        e = env("sushi-go", 2, duplicate=True)
        e.reset(seed=9)
        deals = []
        for agent in e.agent_iter():
            obs, _r, term, trunc, _i = e.last()
            state = e.unwrapped.match.state
            if agent == "player_0" and state.turn == 0 and not term:
                deals.append(state.hand(0))
            e.step(None if term or trunc else pick(obs))
        hands.append(deals)
    assert len(hands[0]) == 3 and hands[0] == hands[1]


def _first(obs: Any) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


def _last(obs: Any) -> int:
    return int(np.flatnonzero(obs["action_mask"])[-1])


@pytest.mark.parametrize("reward", ["margin", "score", "win"])
@pytest.mark.parametrize(
    ("game", "players"), [("sushi-go", 4), ("sushi-go-party", 5), ("sushi-roll", 3)]
)
def test_rewards_add_up_to_the_final_value(reward: str, game: str, players: int) -> None:
    rng = random.Random(1)
    for seed in range(5):
        par = parallel_env(game, players, reward=reward)
        obs, _ = par.reset(seed=seed)
        total = dict.fromkeys(par.possible_agents, 0.0)
        while par.agents:
            actions = {
                a: rng.choice(np.flatnonzero(obs[a]["action_mask"]).tolist()) for a in par.agents
            }
            obs, rewards, _t, _u, infos = par.step(actions)
            for a, r in rewards.items():
                total[a] += r
        match = par.unwrapped.match if hasattr(par, "unwrapped") else par.match
        scores = infos["player_0"]["scores"]
        assert scores == match.scores()
        for i, agent in enumerate(par.possible_agents):
            assert total[agent] == pytest.approx(match.final_value(i), abs=1e-9)
        if reward == "margin":
            assert sum(total.values()) == pytest.approx(0.0, abs=1e-9)
        if reward == "win":
            assert sum(total.values()) == pytest.approx(1.0)


def test_only_the_seats_that_decide_have_slots() -> None:
    """In Sushi Roll one seat decides at a time: the others have only the no-op."""
    par = parallel_env("sushi-roll", 4)
    obs, infos = par.reset(seed=2)
    noop = par.action_space("player_0").n - 1
    for _ in range(30):
        active = [a for a in par.agents if infos[a]["active"]]
        assert len(active) == 1
        for a in par.agents:
            mask = obs[a]["action_mask"]
            assert mask.any()
            if a in active:
                assert not mask[noop]
            else:
                assert np.flatnonzero(mask).tolist() == [noop]
        actions = {a: _first(obs[a]) for a in par.agents}
        obs, _r, _t, _u, infos = par.step(actions)


def test_illegal_slots() -> None:
    par = parallel_env("sushi-go", 2)
    obs, _ = par.reset(seed=1)
    illegal = {a: int(np.flatnonzero(obs[a]["action_mask"] == 0)[0]) for a in par.agents}
    _o, rewards, terms, _u, infos = par.step(illegal)
    assert infos["player_0"]["illegal"] and infos["player_1"]["illegal"]
    assert not any(terms.values())  # fallback: a legal pick was played instead
    assert par.unwrapped.match.state.turn == 1 if hasattr(par, "unwrapped") else True

    stop = parallel_env("sushi-go", 2, illegal="terminate")
    obs, _ = stop.reset(seed=1)
    legal = _first(obs["player_1"])
    _o, rewards, terms, _u, infos = stop.step({"player_0": "tempura", "player_1": legal})
    assert rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(terms.values()) and infos["player_0"]["illegal"]
    assert stop.agents == []

    strict_env = parallel_env("sushi-go", 2, illegal="raise")
    strict_env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="not a legal decision of player_0"):
        strict_env.step({"player_0": 10**6, "player_1": 0})
    with pytest.raises(OptionsError, match="illegal must be one of"):
        parallel_env("sushi-go", 2, illegal="ignore")
    with pytest.raises(OptionsError, match="reward must be one of"):
        parallel_env("sushi-go", 2, reward="points")


def test_slot_of_and_action_of_agree_with_the_legal_actions() -> None:
    e = env("sushi-go-party", 4, menu="master-menu")
    e.reset(seed=4)
    checked = 0
    for agent in e.agent_iter():
        obs, _r, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        slots = np.flatnonzero(obs["action_mask"]).tolist()
        if info["active"]:
            legal = e.legal_actions(agent)
            decoded = [e.action_of(agent, s) for s in slots]
            assert all(a in legal for a in decoded)
            assert [e.slot_of(agent, a) for a in decoded] == slots
            checked += 1
        else:
            assert len(e.legal_actions(agent)) == 0
            with pytest.raises(IllegalActionError):
                e.slot_of(agent, "tempura")
        e.step(slots[0])
    assert checked > 20


def test_no_observation_shows_a_pick_before_the_reveal() -> None:
    """In the AEC env the later seats' observations are the same whatever the earlier
    seats picked this turn."""
    a, b = env("sushi-go", 3), env("sushi-go", 3)
    a.reset(seed=8)
    b.reset(seed=8)
    a.step(_first(a.observe("player_0")))
    b.step(_last(b.observe("player_0")))
    assert _first(a.observe("player_0")) != _last(b.observe("player_0"))
    for agent in ("player_1", "player_2"):
        assert (
            a.observe(agent)["observation"].tobytes() == b.observe(agent)["observation"].tobytes()
        )


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("sushi-go", 3, {}), ("sushi-go-party", 4, {"menu": "master-menu"}), ("sushi-roll", 3, {})],
)
def test_no_leak_from_unseen_cards(game: str, players: int, options: dict[str, Any]) -> None:
    """A world sampled from a seat's view (other unseen hands and deck) gives that seat
    byte-identical observations."""
    ruleset = sushigo.make(game, players, **options)
    codec = sushigo.rl.codec_for(ruleset)
    rng = random.Random(6)
    checked = 0
    for _ in range(10):
        state = ruleset.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            for seat in state.to_act():
                view = state.observe(seat)
                world = ruleset.determinize(view, random.Random(rng.random()))
                mine = np.asarray(codec.observe(view), np.float32)
                other = np.asarray(codec.observe(world.observe(seat)), np.float32)
                assert mine.tobytes() == other.tobytes()
                checked += 1
            state.apply(
                {s: rng.choice(list(a)) if len(a) < 500 else a[0] for s, a in state.decisions()}
            )
    assert checked > 100


def test_gymnasium_env_plays_a_learner_among_bots() -> None:
    env_ = SushiGoEnv(
        "sushi-go", 3, seat="rotate", opponents=["greedy", lambda view, legal: legal[0]]
    )
    seats = []
    for game in range(3):
        obs, info = env_.reset(seed=None if game else 4)
        seats.append(info["seat"])
        done = False
        total = 0.0
        while not done:
            mask = env_.action_masks()
            assert mask.dtype == bool and mask.any() and (mask == info["action_mask"]).all()
            slot = int(np.flatnonzero(mask)[0])
            assert env_.slot_of(env_.action_of(slot)) == slot
            obs, reward, done, trunc, info = env_.step(slot)
            total += reward
        assert total == pytest.approx(env_.match.final_value(info["seat"]))
        assert len(info["scores"]) == 3
    assert seats == [0, 1, 2]
    with pytest.raises(OptionsError, match="one for every other seat"):
        SushiGoEnv("sushi-go", 3, opponents=["greedy"])
    with pytest.raises(OptionsError, match="unknown agent"):
        SushiGoEnv("sushi-go", 3, opponents="nobody")


def test_ids_and_menus() -> None:
    made = gymnasium.make("sushigo/sushi-roll-v0", players=3)
    assert made.unwrapped.ruleset.name == "sushi-roll"
    assert sushigo.rl.make("sushigo/sushi-go-party-v0", players=3).ruleset.players == 3
    with pytest.raises(ValueError, match="unknown environment"):
        sushigo.rl.make("sushigo/sushi-go-v9")
    e = parallel_env("sushi-go-party", 5, menu="random")
    menus = set()
    for seed in range(6):
        e.reset(seed=seed)
        menus.add(e.ruleset.options["menu"])
    assert len(menus) > 1
    e.reset(seed=3)
    first = e.ruleset.options["menu"]
    e.reset(seed=3)
    assert e.ruleset.options["menu"] == first


def test_render_shows_the_seat_view_only(dice_file: str) -> None:
    e = env("sushi-go", 2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "player_0 (you)" in text and "your hand:" in text
    hand = e.unwrapped.match.state.hand(1) if hasattr(e, "unwrapped") else ()
    assert "player_1 (you)" not in text
    r = env("sushi-roll", 2, render_mode="ansi", dice=dice_file)
    r.reset(seed=1)
    assert "your belt:" in r.render()
    del hand
