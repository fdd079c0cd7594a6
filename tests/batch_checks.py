"""What the batch engine's and the environments' tests share: a dice file's faces, and
engine games as records (to re-play in the batch)."""

from __future__ import annotations

from typing import Any

import pytest

import sushigo
import sushigo.fast as fast
from sushigo.agents import make_agent
from sushigo.play.loop import play_game, record_game

CLASSIC_CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (4, {"pass_both_ways": True}),
    (3, {"reshuffle": True}),
    (5, {"soy_sauce": True}),
    (2, {"dummy": True}),
]
"""Sushi Go!'s configurations the batch engine is checked in: every player count and
every variant."""

DICE = {
    "appetizer": ["dumpling", "dumpling", "tempura", "tempura", "sashimi", "sashimi"],
    "maki": ["maki-1", "maki-2", "maki-3", "maki-3", "maki-2", "maki-1"],
    "nigiri": [
        "egg-nigiri",
        "salmon-nigiri",
        "squid-nigiri",
        "squid-nigiri",
        "egg-nigiri",
        "salmon-nigiri",
    ],
    "special": ["wasabi", "menu-2", "chopsticks-2", "wasabi", "menu-2", "chopsticks-2"],
    "pudding": ["pudding-1", "pudding-2", "pudding-1", "pudding-2", "pudding-1", "pudding-2"],
}
"""A custom Sushi Roll face table: every kind of decision, other odds than the printed
dice, two-token specials only, no pudding-3."""


QUICK_GAMES = 400
"""Random engine games re-played in the batch by make test, in the one configuration
it checks; the matrix re-plays the full count there and in every other one."""


def replay_params(configs: list[Any], games: int) -> list[Any]:
    """The parameters of an engine-games-in-the-batch test: each configuration of
    ``configs`` (pytest params, the matrix ones marked) with ``("random", games)`` and
    ``("greedy", 100)``; the configuration make test runs (unmarked) re-plays
    ``QUICK_GAMES`` random games there, and ``games`` in the matrix."""
    out = []
    for config in configs:
        marks = tuple(config.marks)
        plans = [("random", games, marks), ("greedy", 100, marks)]
        if not marks:
            plans[0] = ("random", QUICK_GAMES, ())
            plans.append(("random", games, (pytest.mark.matrix,)))
        for spec, count, how in plans:
            name = f"{spec}-{count}-{config.id}"
            out.append(pytest.param(*config.values, spec, count, id=name, marks=how))
    return out


def engine_records(
    game: str, players: int, options: dict[str, Any], spec: str, games: int, first: int = 0
) -> list[Any]:
    """Engine games ``first`` to ``first + games - 1`` (their seeds) of ``spec`` agents
    in every seat, as records."""
    ruleset = sushigo.make(game, players=players, **options)
    out = []
    for n in range(first, first + games):
        agents = [make_agent(spec, seed=n * 8 + s) for s in range(players)]
        state = play_game(ruleset, agents, n)
        out.append(record_game(state, [f"p{s}" for s in range(players)], [spec] * players, n))
    return out


def check_batch_independence(game: str, players: int, options: dict[str, Any]) -> None:
    """Game ``g`` of a seed is the same whatever the batch: batches of 8 and of 64 play
    the same games, the next batch plays the seed's next games, a seed starts again
    from its game 0, and ``first`` from any game of it."""
    small = fast.make(game, players=players, batch=8, seed=42, **options)
    large = fast.make(game, players=players, batch=64, seed=42, **options)
    a, b = small.rollout(), large.rollout()
    assert (a == b[:8]).all()
    assert small.export_record(5) == large.export_record(5)
    second = small.rollout()  # the next 8 games of the seed
    assert (second == b[8:16]).all()
    assert small.export_record(0)["batch"] == {"seed": 42, "game": 8}
    assert small.export_record(3)["rounds"] == large.export_record(11)["rounds"]
    again = small.rollout(seed=42)  # a seed starts again from its game 0
    assert (again == a).all() and small.export_record(3) == large.export_record(3)
    later = small.rollout(first=16)  # or from any game of it
    assert (later == b[16:24]).all()
    assert small.export_record(0)["batch"] == {"seed": 42, "game": 16}
    later = small.rollout(first=40)
    assert (later == b[40:48]).all() and small.export_record(7) == large.export_record(47)


def positions(game: str, players: int, options: dict[str, Any], seed: int, every: int = 3) -> Any:
    """Decisions of one engine game of random play (``seed``), every ``every``-th one:
    ``(state, seat, legal)``, the state a copy."""
    import random

    state = sushigo.make(game, players=players, **options).new_game()
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        decisions = state.decisions()
        if step % every == 0:
            seat, legal = decisions[0]
            yield state.copy(), seat, list(legal)
        step += 1
        state.apply({s: legal[int(rng.random() * len(legal))] for s, legal in decisions})


def check_hint_sweeps(
    view: Any, legal: list[Any], worlds: int, seed: int = 0, whole: bool = False
) -> None:
    """The hints' paired sweeps in the batch engine (sushigo.fast.hint_search) end
    where the engine's (agents.hints.sweep_engine) end, option by option: every seat's
    mean points at the round's end, and the viewer's mean share of the win, within
    4.5 standard errors of the difference (the two draw their worlds from different
    generators: the same distribution, not the same worlds). Each option's slot is the
    one the environment's codec gives it, and the batch's sweeps are the same however
    they are cut into chunks. ``whole``: played to the end of the game instead."""
    import numpy as np

    from sushigo.agents.hints import options, sweep_engine
    from sushigo.agents.mcts import _value
    from sushigo.fast.hint_search import HintSearch
    from sushigo.rl import codec_for

    chosen = options(view, legal, seed)
    search = HintSearch(view.ruleset)
    slots = search.slots(view, chosen)
    assert slots is not None
    codec = codec_for(view.ruleset)
    assert slots == [codec.slot_for(view, a) for a in chosen]
    fast_points = search.sweep(view, slots, seed, 0, worlds, whole)
    half = worlds // 2
    parts = [search.sweep(view, slots, seed, 0, half, whole)]
    parts.append(search.sweep(view, slots, seed, half, worlds - half, whole))
    again = np.concatenate(parts, axis=1)
    assert (again == fast_points).all(), "the batch's worlds depend on the chunks"
    engine_points = np.asarray(sweep_engine(view, chosen, seed + 1, 0, worlds, whole), np.float64)
    me = view.seat
    for i, action in enumerate(chosen):
        for name, a, b in (
            ("points", fast_points[i].astype(np.float64), engine_points[i]),
            (
                "wins",
                np.array([_value(list(r), me)[1] for r in fast_points[i]]),
                np.array([_value(list(r), me)[1] for r in engine_points[i]]),
            ),
        ):
            gap = np.abs(a.mean(axis=0) - b.mean(axis=0))
            error = np.sqrt(a.var(axis=0, ddof=1) / len(a) + b.var(axis=0, ddof=1) / len(b))
            allowed = 4.5 * error + 1e-9
            assert (gap <= allowed).all(), (
                f"{action}: {name} batch {a.mean(axis=0)} engine {b.mean(axis=0)} "
                f"(allowed {allowed})"
            )
