"""The hints' search of Sushi Go Party! and Sushi Roll in the batch engine
(sushigo.fast.hint_search): its sweeps end where the engine's do (batch_checks
.check_hint_sweeps, over positions of random games; every menu and player count under
``matrix``); a hint's budget gives every ranked option at least LEAST simulated rounds,
with the batch engine and without numba (the engine's sweeps, in a fresh interpreter
that cannot import numba)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from typing import Any

import pytest

import sushigo
from batch_checks import check_hint_sweeps, positions
from sushigo.agents.hints import LEAST, hints, search_kind, sweeps
from sushigo.core.errors import OptionsError
from sushigo.games.party.cards import SUGGESTED_MENUS


def _plays(players: int, menu: str) -> bool:
    try:
        sushigo.make("sushi-go-party", players=players, menu=menu)
    except OptionsError:
        return False
    return True


COUNTS_AND_MENUS = [
    (n, m) for n, m in itertools.product((2, 3, 5, 8), SUGGESTED_MENUS) if _plays(n, m)
]
QUICK: list[tuple[str, int, dict[str, Any]]] = [
    ("sushi-go-party", 4, {"menu": "master-menu"}),
    ("sushi-go-party", 6, {}),
    ("sushi-roll", 3, {}),
]


def _some(game: str, players: int, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """``count`` decisions of a random game, spread over it (no takeout box's flips:
    they are searched by the engine)."""
    found = []
    for state, seat, legal in positions(game, players, options, seed, every=4):
        if not any(str(a).startswith("flip:") for a in legal):
            found.append((state, seat, legal))
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.parametrize(("game", "players", "options"), QUICK)
def test_the_batch_sweeps_end_where_the_engines_do(
    game: str, players: int, options: dict[str, Any]
) -> None:
    for state, seat, legal in _some(game, players, options, 2, seed=5):
        check_hint_sweeps(state.observe(seat), legal, worlds=150)


@pytest.mark.parametrize(("game", "players", "options"), QUICK[1:])
def test_played_to_the_games_end_they_agree_too(
    game: str, players: int, options: dict[str, Any]
) -> None:
    state, seat, legal = _some(game, players, options, 1, seed=7)[0]
    check_hint_sweeps(state.observe(seat), legal, worlds=120, whole=True)


@pytest.mark.matrix
@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("sushi-go-party", n, {"menu": m}) for n, m in COUNTS_AND_MENUS]
    + [("sushi-roll", n, {}) for n in (2, 3, 4, 5)],
)
def test_every_menu_and_count_sweeps_as_the_engine(
    game: str, players: int, options: dict[str, Any]
) -> None:
    for state, seat, legal in _some(game, players, options, 4, seed=players):
        check_hint_sweeps(state.observe(seat), legal, worlds=300)


@pytest.mark.parametrize(("game", "players", "options"), QUICK)
def test_a_hint_ranks_every_option_on_enough_rounds(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """The budget: at least LEAST simulated rounds an option, the same worlds for each,
    even when the time allowed is spent before (ms=1)."""
    state, seat, legal = _some(game, players, options, 1, seed=2)[0]
    view = state.observe(seat)
    swept = sweeps(view, legal, ms=1)
    assert swept.where == "batch"
    assert {s.visits for s in swept.stats} == {LEAST}
    ranked = hints(view, legal, ms=1)
    assert ranked and {h.games for h in ranked} == {LEAST}
    assert search_kind(view.ruleset) == "sweeps"
    assert ranked[0].gap_error == 0.0 and all(h.gap_error is not None for h in ranked)
    shares = [h.value for h in ranked]
    assert shares == sorted(shares, reverse=True)
    # any whole number is a seed (the CLI's --seed may be negative or large)
    for seed in (-1, 1 << 70):
        assert {h.games for h in hints(view, legal, iterations=1, seed=seed)} == {LEAST}


def test_without_numba_the_engine_sweeps_reach_the_budget() -> None:
    """With numba not installed (its import fails), Party and Sushi Roll hints sweep
    with the engine, still at least LEAST rounds an option (the engine reaches them
    in well under ENGINE_MS at these positions), and load no numpy."""
    script = (
        "import sys, json, random\n"
        "sys.modules['numba'] = None  # import numba raises ImportError\n"
        "import sushigo\n"
        "from sushigo.agents.hints import sweeps\n"
        "out = []\n"
        "for game, players in (('sushi-go-party', 4), ('sushi-roll', 3)):\n"
        "    state = sushigo.make(game, players=players).new_game()\n"
        "    rng = random.Random(1)\n"
        "    while state.is_chance():\n"
        "        state.apply_chance(state.sample_chance(rng))\n"
        "    seat, legal = state.decisions()[0]\n"
        "    swept = sweeps(state.observe(seat), legal, ms=1)\n"
        "    out.append([swept.where, min(s.visits for s in swept.stats)])\n"
        "print(json.dumps([out, 'numpy' in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    found, numpy = json.loads(done.stdout)
    assert found == [["engine", LEAST], ["engine", LEAST]]
    assert numpy is False


def test_hints_worked_out_at_once_in_threads_are_each_their_own() -> None:
    """The web server works hints out in threads: two at once on the same ruleset do not
    share the batch's rows (each gives what it gives alone, for a seed and a budget)."""
    from concurrent.futures import ThreadPoolExecutor

    found = _some("sushi-go-party", 4, {"menu": "master-menu"}, 2, seed=3)
    views = [(state.observe(seat), legal) for state, seat, legal in found]

    def numbers(i: int) -> list[tuple[str, float, float]]:
        view, legal = views[i % 2]
        return [(h.text, h.value, h.mean_score) for h in hints(view, legal, iterations=900, seed=i)]

    alone = [numbers(i) for i in range(4)]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(numbers, range(4)))
    assert together == alone
