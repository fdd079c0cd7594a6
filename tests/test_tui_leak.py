"""Nothing hidden reaches the terminal: the tables that tell a terminal game
(:class:`~sushigo.tui.app.Table`, :class:`~sushigo.tui.party_app.PartyTable`,
:class:`~sushigo.tui.roll_app.RollTable`) follow it through the game loop's watcher,
which hands them the human seat's view after every step and nothing else.

The method is the browser's (tests/test_web_frames.py): whole games are played, and
at every step a second table is told the same step from a world dealt anew from the
human seat's view (``ruleset.determinize(view, rng)``: other hands and the deck
dealt at random, and in Sushi Roll an emptied dice bag). Both tables must print the
very same text, step after step, and show the same screen at the human's
decisions; and the worlds must really hold other cards than the game. Whatever the
terminal shows, it could have shown without knowing any hidden card.
"""

from __future__ import annotations

import ast
import functools
import io
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import sushigo
from sushigo.agents import make_agent
from sushigo.agents.base import Agent, View
from sushigo.core.state import State
from sushigo.games.classic import ClassicState
from sushigo.games.party import Happening, PartyState
from sushigo.games.party.actions import PartyPick
from sushigo.games.party.cards import PARTY_CARDS
from sushigo.games.roll import RollState
from sushigo.play import play_game
from sushigo.play.loop import record_game, seat_names
from sushigo.tui.app import Table
from sushigo.tui.party_app import PartyTable
from sushigo.tui.roll_app import RollTable

HUMAN = 0
"""The seat the terminal shows the game to."""

SPECIALS = ("chopsticks", "spoon", "menu", "takeout-box", "special-order")

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("sushi-go", {"players": 2}),
    ("sushi-go", {"players": 3, "soy_sauce": True}),
    ("sushi-go", {"players": 4, "pass_both_ways": True}),
    ("sushi-go", {"players": 5}),
    ("sushi-go", {"players": 2, "dummy": True}),
    ("sushi-go-party", {"players": 2, "menu": "dinner-for-two"}),
    ("sushi-go-party", {"players": 5, "menu": "dinner-for-two"}),
    ("sushi-go-party", {"players": 3, "menu": "master-menu"}),
    ("sushi-go-party", {"players": 6, "menu": "master-menu"}),
    ("sushi-go-party", {"players": 4, "menu": "cutthroat-combo"}),
    ("sushi-go-party", {"players": 6, "menu": "big-banquet"}),
    (
        "sushi-go-party",
        {"players": 4, "menu": "uramaki,tempura,miso-soup,eel,menu,takeout-box,pudding"},
    ),
    ("sushi-roll", {"players": 2}),
    ("sushi-roll", {"players": 3}),
    ("sushi-roll", {"players": 4}),
    ("sushi-roll", {"players": 5}),
]


def _id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return name + "-" + "-".join(f"{k}={v}" for k, v in options.items())


class Eager:
    """The human seat's player: random, but in Sushi Go Party! it plays a special
    card (chopsticks, spoon, menu, takeout box, special order) whenever it holds one
    and calls every bonus card, so the human's own draws, requests and flips are told."""

    name = "eager"
    observes = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        picks = [a for a in legal if isinstance(a, PartyPick)]
        special = [a for a in picks if a.call or PARTY_CARDS.by_id[a.card].family in SPECIALS]
        if special and self.rng.random() < 0.8:
            return self.rng.choice(special)
        return self.rng.choice(list(legal))


def _console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=150, color_system=None, force_terminal=False), buf


class Told:
    """A table with its own console: what it printed at each step."""

    def __init__(self, game: str, names: list[str]) -> None:
        self.console, self.buf = _console()
        self.table: Table | PartyTable | RollTable
        if game == "sushi-go":
            self.table = Table(self.console, names)
        elif game == "sushi-go-party":
            self.table = PartyTable(self.console, names)
        else:
            self.table = RollTable(self.console, names)
        self.printed = 0

    def step(self, event: str, view: Any) -> str:
        """Tell the table one step; the text it printed."""
        self.table(event, view)
        text = self.buf.getvalue()[self.printed :]
        self.printed += len(text)
        return text

    def screen(self, view: Any) -> str:
        """The screen the human is shown at a decision."""
        console, buf = _console()
        console.print(self.table.screen(view))
        return buf.getvalue()


def _hidden_differs(state: State[Any, Any, Any], world: State[Any, Any, Any]) -> bool:
    """Whether the world holds other hidden cards (or dice to come) than the game."""
    if isinstance(state, RollState):
        assert isinstance(world, RollState)
        return world.bag != state.bag
    if isinstance(state, ClassicState):
        assert isinstance(world, ClassicState)
        n = state.rules.players
        if world.pile() != state.pile():  # the dummy's pile
            return True
        return any(world.hand(s) != state.hand(s) for s in range(n))
    assert isinstance(state, PartyState) and isinstance(world, PartyState)
    return any(world.hand(s) != state.hand(s) for s in range(state.rules.players))


def _world(ruleset: Any, view: Any, rng: random.Random) -> State[Any, Any, Any]:
    world: State[Any, Any, Any] = ruleset.determinize(view, rng)
    if isinstance(world, RollState):
        # Sushi Roll hides nothing but the rolls to come: the world's bag is emptied.
        world._bag = [0] * len(world._bag)
    return world


@functools.cache
def play_watched(config: int, seed: int) -> tuple[str, int, int, frozenset[str]]:
    """Play one game, a true table and a table of re-dealt worlds side by side; return
    the true table's text, the number of steps, how many worlds held other hidden
    cards than the game, and the kinds of happening the human's own seat took part in
    (Sushi Go Party!). ``config``: an index of :data:`CONFIGS`."""
    game, options = CONFIGS[config]
    rs = sushigo.make(game, **options)
    names = seat_names(rs, ["You"] + [f"Bot {i}" for i in range(1, rs.players)])
    true, dealt = Told(game, names), Told(game, names)
    rng = random.Random(seed)
    now: dict[str, State[Any, Any, Any]] = {}
    counts = {"steps": 0, "differ": 0}
    own: set[str] = set()

    def truth(event: str, state: State[Any, Any, Any], detail: Any) -> None:
        now["state"] = state  # the test's own record of the game, never the table's

    def watch(event: str, view: Any) -> None:
        state = now["state"]
        # The loop hands the watcher exactly the human seat's view.
        assert view == state.observe(HUMAN)
        world = _world(rs, view, rng)
        seen = world.observe(HUMAN)
        counts["steps"] += 1
        counts["differ"] += _hidden_differs(state, world)
        where = f"step {counts['steps']} ({event})"
        assert dealt.step(event, seen) == true.step(event, view), where
        if HUMAN in state.to_act():
            assert dealt.screen(seen) == true.screen(view), where
        for h in getattr(view, "log", ()):
            if isinstance(h, Happening) and h.seat == 0:  # the view counts seats from its own
                own.add(h.what)

    agents: list[Agent] = [Eager(seed)]
    agents += [make_agent("greedy" if i % 2 else "random", seed + i) for i in range(1, rs.players)]
    state = play_game(rs, agents, seed, observer=truth, watcher=watch, watch_seat=HUMAN)
    assert state.is_terminal()
    return true.buf.getvalue(), counts["steps"], counts["differ"], frozenset(own)


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=[_id(c) for c in CONFIGS])
def test_the_terminal_tells_nothing_a_re_dealt_world_would_not(config: int) -> None:
    differ = steps = 0
    for seed in (1, 2):
        text, n, d, _ = play_watched(config, seed)
        steps += n
        differ += d
        assert "Game over" in text and "Round 3 scoring" in text
        assert "Winner" in text or "Shared win" in text
    assert steps > 40
    # The worlds were dealt anew: they hold other hands (once every hand has been
    # seen, only the first turns of each round can differ) or other dice to come.
    assert differ >= 6, (differ, steps)


def test_the_human_seat_draws_asks_gives_and_flips() -> None:
    """The Party games above bring the human's own mid-turn decisions and menu
    draws, whose cards only the human's view holds."""
    own: set[str] = set()
    for config, (game, _) in enumerate(CONFIGS):
        if game == "sushi-go-party":
            for seed in (1, 2):
                own |= play_watched(config, seed)[3]
    assert {"draw", "order", "ask", "give", "flip", "take", "copy"} <= own, own


def test_a_watcher_changes_nothing_in_the_game() -> None:
    """Without a watcher or with one, the same seed deals the same cards and rolls
    the same dice, and the game is played the same way: the records are equal."""
    for game, options in CONFIGS[::3]:
        rs = sushigo.make(game, **options)
        finals = []
        for watched in (False, True):
            agents = [make_agent("random", 5 + i) for i in range(rs.players)]
            seen: list[str] = []

            def watch(event: str, view: Any, seen: list[str] = seen) -> None:
                seen.append(event)

            state = play_game(
                rs, agents, 7, watcher=watch if watched else None, watch_seat=rs.players - 1
            )
            names = [f"P{s}" for s in range(rs.players)]
            finals.append(record_game(state, names, ["random"] * rs.players, 7))
            if watched:
                assert seen[-1] == "end" and seen.count("end") == 1
        assert finals[0] == finals[1]


def test_the_watched_seat_must_be_a_player() -> None:
    rs = sushigo.make("sushi-go", players=3)
    agents = [make_agent("random", i) for i in range(3)]
    with pytest.raises(ValueError, match="no seat 3 to watch"):
        play_game(rs, agents, 1, watcher=lambda event, view: None, watch_seat=3)


def test_front_ends_follow_games_through_the_watcher_only() -> None:
    """No terminal or web module hands the state to anything through the loop's
    observer: they follow a game with a watcher, told views only."""
    root = Path(sushigo.__file__).parent
    calls = 0
    for folder in ("tui", "web"):
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name != "play_game":
                    continue
                calls += 1
                keywords = {k.arg for k in node.keywords}
                assert "observer" not in keywords, f"{path.name}:{node.lineno}"
    assert calls >= 3  # the three terminal games
