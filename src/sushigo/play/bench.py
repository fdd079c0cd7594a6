"""``sushigo bench``: throughput of full random games through the public engine.

Each game is a complete :func:`sushigo.play.play_game` with random agents: the
same loop, checks and views every other front end uses. Figures vary with the
machine and its load; they are reported, never asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from sushigo.agents import make_agent
from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import make
from sushigo.play.loop import play_game

CASES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("sushi-go 4p random", "sushi-go", 4, {}),
    ("sushi-go 2p random", "sushi-go", 2, {}),
    ("sushi-go 5p random", "sushi-go", 5, {}),
    ("sushi-go 2p dummy random", "sushi-go", 2, {"dummy": True}),
    ("party 8p big-banquet random", "sushi-go-party", 8, {"menu": "big-banquet"}),
    ("party 4p master-menu random", "sushi-go-party", 4, {"menu": "master-menu"}),
    ("party 6p party-sampler random", "sushi-go-party", 6, {"menu": "party-sampler"}),
    ("party 5p points-platter random", "sushi-go-party", 5, {"menu": "points-platter"}),
    ("party 2p dinner-for-two random", "sushi-go-party", 2, {"menu": "dinner-for-two"}),
    ("sushi-roll 4p random", "sushi-roll", 4, {}),
    ("sushi-roll 2p random", "sushi-roll", 2, {}),
    ("sushi-roll 5p random", "sushi-roll", 5, {}),
)
"""(label, game, players, options). The issues' targets: >= 1,000 random 8-player
games/s on Big Banquet, >= 2,000 random 4-player games/s on Master Menu and >= 1,500
random 4-player Sushi Roll games/s."""


def measure(
    game: str, players: int, options: dict[str, Any], seconds: float, repeats: int = 5
) -> dict[str, Any]:
    """Play seeded random games in ``repeats`` timed batches of about
    ``seconds / repeats`` each; the median and best batch in games per second.

    Shared machines are noisy: the best batch is the closest to what the
    engine does on a quiet machine, the median to what a user sees.
    """
    ruleset = make(game, players=players, **options)
    agents = [make_agent("random", seat) for seat in range(players)]
    play_game(ruleset, agents, -1)  # warm-up
    rates = []
    games = 0
    for _ in range(repeats):
        start = time.perf_counter()
        deadline = start + seconds / repeats
        batch = 0
        while True:
            play_game(ruleset, agents, games)
            games += 1
            batch += 1
            if batch % 16 == 0 and time.perf_counter() >= deadline:
                break
        rates.append(batch / (time.perf_counter() - start))
    return {
        "games": games,
        "median_games_per_s": round(statistics.median(rates), 1),
        "best_games_per_s": round(max(rates), 1),
    }


_QUICK = {"rollout": "heuristic", "opponents": "rollout"}
_ENGINE = {"search": "engine"}
_GREEDY_MODEL = {"rollout": "heuristic", "opponents": "greedy"}
MCTS_CASES: tuple[tuple[str, str, int, dict[str, Any], dict[str, Any]], ...] = (
    ("mcts sushi-go 2p", "sushi-go", 2, {}, {}),
    ("mcts-engine sushi-go 2p", "sushi-go", 2, {}, _ENGINE),
    ("mcts sushi-go 2p quick playouts", "sushi-go", 2, {}, _QUICK),
    ("mcts-engine sushi-go 2p quick playouts", "sushi-go", 2, {}, {**_ENGINE, **_QUICK}),
    ("mcts sushi-go 2p greedy model", "sushi-go", 2, {}, _GREEDY_MODEL),
    ("mcts-engine sushi-go 2p greedy model", "sushi-go", 2, {}, {**_ENGINE, **_GREEDY_MODEL}),
    ("mcts sushi-go 4p", "sushi-go", 4, {}, {}),
    ("mcts-engine sushi-go 4p", "sushi-go", 4, {}, _ENGINE),
    ("mcts sushi-go-party 4p", "sushi-go-party", 4, {"menu": "master-menu"}, {}),
    ("mcts sushi-roll 3p", "sushi-roll", 3, {}, {}),
)
"""Search speed: iterations the mcts bot makes in a 100 ms decision, over the decisions
of whole games: its defaults (the other seats modelled as greedy, greedy playouts),
quick playouts (the quick heuristic plays out and models the other seats), and quick
playouts with greedy as the model (``greedy model``). In Sushi
Go! mcts searches in the batch engine when numba is installed (``mcts-engine``: in the
engine, as before); each ``mcts`` case is reported beside its ``mcts-engine`` case,
measured in the same run. Issue 16's target: at least 30,000 iterations a second with
quick playouts at 2 players."""


def measure_mcts(
    game: str, players: int, options: dict[str, Any], agent_options: dict[str, Any], seconds: float
) -> dict[str, Any]:
    """Run 100 ms mcts decisions at the first seat's decisions of seeded random games,
    for about ``seconds``; the median iterations per decision and per second."""
    import random

    from sushigo.agents.mcts import MCTSAgent

    rules = make(game, players=players, **options)
    agent = MCTSAgent(0, ms=100, **agent_options)
    first = rules.new_game()
    while first.is_chance():
        first.apply_chance(first.sample_chance(random.Random(-1)))
    seat, legal = first.decisions()[0]
    agent.analyze(first.observe(seat), legal)  # load what it searches with, untimed
    counts: list[int] = []
    spent = 0.0
    seed = 0
    while spent < seconds or len(counts) < 3:
        state = rules.new_game()
        rng = random.Random(seed)
        seed += 1
        while not state.is_terminal() and (spent < seconds or len(counts) < 3):
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            joint = {}
            for seat, legal in state.decisions():
                if seat == 0 and len(legal) > 1:
                    start = time.perf_counter()
                    agent.analyze(state.observe(seat), legal)
                    spent += time.perf_counter() - start
                    counts.append(agent.last_iterations)
                joint[seat] = legal[int(rng.random() * len(legal))]
            state.apply(joint)
    return {
        "decisions": len(counts),
        "search": agent.last_search,
        "median_iterations_per_100ms": int(statistics.median(counts)),
        "iterations_per_s": round(sum(counts) / spent, 1),
    }


def engine_build() -> str:
    """Which engine is loaded: ``"compiled"`` (mypyc) or ``"source"``."""
    from sushigo.games import COMPILED

    return "compiled" if COMPILED else "source"


Extra = tuple[str, str, Callable[[float], dict[str, Any]], Callable[[str, dict[str, Any]], str]]
"""A case measured by a layer above this one (the environments of ``sushigo.rl``, the
batch engine of ``sushigo.fast``): the JSON key of its group, its label, what measures
it for so many seconds, and how its row is printed."""


def run_bench(args: argparse.Namespace, extra: Sequence[Extra] = (), missing: str = "") -> int:
    """Measure every case whose label holds ``args.only`` (all without it); ``extra``
    cases go in the JSON under their group's key. ``missing`` says why some extra
    cases could not be offered (their optional packages), when a case asked for is
    not found."""
    results = []
    build = engine_build()
    if not args.json:
        note = "" if build == "compiled" else " (run 'make bench' for the compiled one)"
        print(
            f"engine: {build}{note}; {platform.python_implementation()} {platform.python_version()}"
        )
    cases = [c for c in CASES if not args.only or args.only in c[0]]
    searches = [c for c in MCTS_CASES if not args.only or args.only in c[0]]
    more = [c for c in extra if not args.only or args.only in c[1]]
    if not cases and not searches and not more:
        names = [c[0] for c in CASES] + [c[0] for c in MCTS_CASES] + [c[1] for c in extra]
        why = f" ({missing})" if missing else ""
        raise OptionsError(f"no case matches {args.only!r}{why}; cases are: {', '.join(names)}")
    for label, game, players, options in cases:
        row = {"case": label, **measure(game, players, options, args.seconds)}
        results.append(row)
        if not args.json:
            print(
                f"{label:31s} {row['median_games_per_s']:>7,.0f} games/s median, "
                f"{row['best_games_per_s']:>7,.0f} best  ({row['games']} games)"
            )
    search_rows = []
    measured: dict[str, dict[str, Any]] = {}
    for label, game, players, options, agent_options in searches:
        row = {"case": label, **measure_mcts(game, players, options, agent_options, args.seconds)}
        measured[label] = row
        case = label.split(" ", 1)[1]  # the same case searched by mcts and mcts-engine
        batch, engine = measured.get(f"mcts {case}"), measured.get(f"mcts-engine {case}")
        search_rows.append(row)
        if not args.json:
            print(
                f"{label:39s} {row['median_iterations_per_100ms']:>7,} iterations per 100 ms "
                f"decision, {row['iterations_per_s']:>9,.0f} per s  ({row['decisions']} "
                f"decisions, {row['search']})"
            )
        if batch is not None and engine is not None and batch["search"] != engine["search"]:
            ratio = batch["iterations_per_s"] / engine["iterations_per_s"]
            batch["over_engine"] = round(ratio, 2)
            if not args.json:
                print(f"{'':39s} mcts x {ratio:.1f} the iterations a second of mcts-engine")
    groups: dict[str, list[dict[str, Any]]] = {group: [] for group, *_ in extra}
    for group, label, run, show in more:
        row = {"case": label, **run(args.seconds)}
        groups[group].append(row)
        if not args.json:
            print(show(label, row))
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "machine": platform.machine(),
                    "engine": build,
                    "results": results,
                    "mcts": search_rows,
                    **groups,
                },
                indent=2,
            )
        )
    return 0
