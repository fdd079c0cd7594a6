"""``sushigo play``: a person (seat 0) against bots, in the terminal (Sushi Go!,
Sushi Go Party! through :mod:`sushigo.tui.party_app`, and Sushi Roll through
:mod:`sushigo.tui.roll_app`).

The game runs through :func:`sushigo.play.loop.play_game`; the human is a
:class:`~sushigo.tui.human.HumanAgent` that sees only its view, and the table that
tells the game is the loop's watcher, given the human's view after every step:
the terminal shows nothing the human's view does not hold. Output goes to
a rich console and input comes from an input function, both injectable so
tests can script a whole game.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

import sushigo
from sushigo.agents import make_agent
from sushigo.agents.base import Agent, agent_title
from sushigo.agents.hints import HINT_MS
from sushigo.agents.mcts import MCTSAgent
from sushigo.core.errors import OptionsError, SushiGoError
from sushigo.core.records import dumps
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState
from sushigo.games.classic import ClassicRuleset, ClassicState, Pick, PlayerView, winners
from sushigo.play.loop import play_game, record_game, seat_names
from sushigo.present.options import dice_table, parse_list, parse_variants, resolve_menu
from sushigo.tui.cards import tableau_text
from sushigo.tui.human import HumanAgent, InputFn, Quit, console_input
from sushigo.tui.party_app import play_party_session
from sushigo.tui.party_screen import menu_table
from sushigo.tui.roll_app import play_roll_session
from sushigo.tui.screen import (
    cards_grid,
    final_table,
    round_table,
    turn_screen,
    winner_sentence,
)

PARTY = "sushi-go-party"
ROLL = "sushi-roll"
DEFAULT_BOT = "greedy"
FALLBACK_BOT = "random"
HUMAN = 0
"""The human's seat."""

T = TypeVar("T")


def seats_and_bots(players: int | None, bots: Sequence[str], dummy: bool) -> tuple[int, list[str]]:
    """Number of players and one bot spec for every seat but the human's.

    No ``--players``: one more than the bots named, else 4 (2 with the dummy).
    No ``--bots``: the default bot everywhere; one bot named: that bot everywhere.
    """
    if players is None:
        players = 1 + len(bots) if bots else (2 if dummy else 4)
    others = max(players - 1, 0)
    if not bots:
        return players, [DEFAULT_BOT] * others
    if len(bots) == 1:
        return players, list(bots) * others
    if len(bots) != others:
        raise OptionsError(
            f"{players} players need {others} bot{'s' if others != 1 else ''}, "
            f"but --bots names {len(bots)}"
        )
    return players, list(bots)


def make_bots(
    specs: Sequence[str], seeds: Sequence[int | None]
) -> tuple[list[Agent], list[str], list[str]]:
    """Build the bots: ``(agents, specs actually used, notes for the player)``.

    The greedy bot falls back to the random bot if it is not available.
    """
    agents: list[Agent] = []
    used: list[str] = []
    notes: list[str] = []
    for spec, seed in zip(specs, seeds, strict=True):
        try:
            agent = make_agent(spec, seed)
        except OptionsError:
            if spec.strip().lower() != DEFAULT_BOT:
                raise
            agent = make_agent(FALLBACK_BOT, seed)
            note = f"The {DEFAULT_BOT} bot is not available here; playing {FALLBACK_BOT} bots."
            if note not in notes:
                notes.append(note)
            spec = FALLBACK_BOT
        agents.append(agent)
        used.append(spec.strip().lower())
    return agents, used, notes


def bot_names(specs: Sequence[str], human: str) -> list[str]:
    """Display names of the bots, e.g. ``Greedy 1``, ``Learned 2``."""
    out = []
    for i, spec in enumerate(specs, 1):
        name = f"{agent_title(spec)} {i}"
        out.append(name if name != human else f"{name} (bot)")
    return out


class Table:
    """Shows the game to the human: the screen at their turns, each round's scoring
    and the end.

    Used as the :func:`play_game` watcher: after every step it is given the human's
    view, never the state, and tells what the view shows (the picks revealed this
    round, the finished rounds, the final scores).
    """

    def __init__(self, console: Console, names: Sequence[str]) -> None:
        self.console = console
        self.names = list(names)
        self.reveal: dict[int, Pick] | None = None
        """The picks revealed on the last turn, by seat (the dummy's card in its
        controller's pick)."""
        self.rounds_shown = 0
        self.controller: int | None = None
        """The seat controlling the dummy in the last view (two-player dummy variant)."""

    def screen(self, view: PlayerView) -> RenderableType:
        return turn_screen(view, self.names, self.reveal)

    def __call__(self, event: str, view: PlayerView) -> None:
        if event == "end":
            self.show_end(view)
            return
        if event == "turn" and view.turns:
            self.reveal = self._revealed(view, view.turns[-1])
        while len(view.rounds) > self.rounds_shown:
            self.show_round(view, self.rounds_shown)
            self.rounds_shown += 1
        self.controller = None if view.controller is None else view.absolute(view.controller)

    def _revealed(self, view: PlayerView, turn: Sequence[tuple[str, ...]]) -> dict[int, Pick]:
        """One turn of the view's ``turns`` as picks by absolute seat."""
        players = view.ruleset.players
        picks = {view.absolute(rel): cards for rel, cards in enumerate(turn)}
        reveal = {s: Pick(cards) for s, cards in picks.items() if s < players}
        given = picks.get(players, ())  # the dummy's card, given by the controller
        if given and self.controller is not None:
            reveal[self.controller] = Pick(reveal[self.controller].cards, given[0])
        return reveal

    def show_round(self, view: PlayerView, r: int) -> None:
        """Print the end of round ``r`` (0-based), a finished round of the view."""
        result = view.rounds[r]
        tableaux = _absolute(view, result.tableaux)
        self.console.print()
        self.console.rule(f"End of round {r + 1}")
        self.console.print(cards_grid(self.names, [tableau_text(t) for t in tableaux]))
        kept = [tab.count("pudding") for tab in tableaux]
        rounds = [_absolute(view, res.scores) for res in view.rounds[: r + 1]]
        self.console.print(
            round_table(
                f"Round {r + 1} scoring",
                self.names,
                _absolute(view, result.breakdown),
                rounds[-1],
                kept,
                [sum(scores[s] for scores in rounds) for s in range(view.seats)],
                bool(view.ruleset.options["soy_sauce"]),
            )
        )

    def show_end(self, view: PlayerView) -> None:
        """Print the final scores and the winner, from the view of the finished game."""
        rs = view.ruleset
        totals = _absolute(view, view.scores)  # the final scores, desserts included
        desserts = _absolute(view, view.desserts)
        self.console.print()
        self.console.rule("Game over")
        self.console.print(
            final_table(
                self.names,
                [_absolute(view, res.scores) for res in view.rounds],
                desserts,
                rs.dessert(desserts),
                totals,
            )
        )
        win = winners(totals, desserts, rs.players)
        line = winner_sentence(self.names, totals, desserts, win, rs.players)
        self.console.print(Text(line, style="bold green"))
        if rs.dummy:
            self.console.print("(The dummy's points count for places, but the dummy cannot win.)")


def _absolute(view: PlayerView, values: Sequence[T]) -> list[T]:
    """A seat-relative tuple of the view, indexed by absolute seat."""
    n = view.seats
    return [values[(s - view.seat) % n] for s in range(n)]


def play_session(
    ruleset: ClassicRuleset,
    bots: Sequence[Agent],
    names: Sequence[str],
    seed: int | None,
    *,
    console: Console,
    input_fn: InputFn,
    hint_ms: float | None = None,
) -> ClassicState:
    """Play one game with the human in seat 0; prints every round and the end.
    With ``hint_ms``, typing ``hint`` at a question shows hints searched for that long.

    Raises :class:`Quit`, :class:`EOFError` or :class:`KeyboardInterrupt` when
    the human leaves.
    """
    all_names = seat_names(ruleset, names)
    table = Table(console, all_names)
    human = HumanAgent(console, input_fn, all_names, show=table.screen, hint_ms=hint_ms)
    state = play_game(ruleset, [human, *bots], seed, watcher=table, watch_seat=HUMAN)
    assert isinstance(state, ClassicState)
    return state


def _check_records_path(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OptionsError(f"cannot write records to {path}: there is no folder {folder}")
    if os.path.isdir(path):
        raise OptionsError(f"cannot write records to {path}: it is a folder")


def run_play(
    args: argparse.Namespace,
    *,
    console: Console | None = None,
    input_fn: InputFn | None = None,
) -> int:
    """The ``sushigo play`` command. 0 when the game ends or you quit, 1 on end of
    input, 130 on Ctrl-C; bad options raise :class:`OptionsError`."""
    console = console if console is not None else Console(highlight=False)
    ask = input_fn if input_fn is not None else console_input(console)
    options: dict[str, Any] = dict(parse_variants(args.variant))
    menu = getattr(args, "menu", None)
    dice = getattr(args, "dice", None)
    if args.game == ROLL:
        if options:
            raise OptionsError("--variant is for sushi-go; Sushi Roll has no variants")
        if menu:
            raise OptionsError(f"--menu goes with --game {PARTY}; Sushi Roll has no menu")
        if dice:
            options["dice"] = dice_table(args.game, dice)
    elif dice:
        dice_table(args.game, dice)  # says --dice goes with sushi-roll
    elif args.game == PARTY:
        if options:
            raise OptionsError("--variant is for sushi-go; Sushi Go Party! is played with a --menu")
    elif menu:
        raise OptionsError(f"--menu goes with --game {PARTY}")
    dummy = options.get("dummy", False) is True
    players, specs = seats_and_bots(args.players, parse_list(args.bots), dummy)
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.game == PARTY and menu:
        options["menu"] = resolve_menu(menu, players, seed)
    ruleset = sushigo.make(args.game, players=players, **options)
    terminal = TERMINALS.get(ruleset.name)
    if terminal is None:
        raise OptionsError(f"the terminal game plays {', '.join(TERMINALS)}, not {args.game!r}")
    if args.records:
        _check_records_path(args.records)
    seeder = random.Random(f"sushigo-bots-{seed}")
    bot_seeds: list[int | None] = [seeder.randrange(2**31) for _ in specs]
    bots, used, notes = make_bots(specs, bot_seeds)
    human_name = args.name or "You"
    names = [human_name, *bot_names(used, human_name)]

    console.print(Text(f"{ruleset.describe()} - seed {seed}", style="bold"))
    for note in notes:
        console.print(Text(note, style="yellow"))
    for line in terminal.intro(ruleset, f"You are {human_name}, against {', '.join(names[1:])}."):
        console.print(line)
    hint_ms = HINT_MS if getattr(args, "hints", False) else None
    if hint_ms is not None:
        console.print("Type 'hint' at any question for the best options found by a short search.")
    prepare(console, ruleset, bots, hint_ms is not None)
    state: AnyState
    try:
        state = terminal.session(
            ruleset, bots, names, seed, console=console, input_fn=ask, hint_ms=hint_ms
        )
    except KeyboardInterrupt:
        console.print()
        console.print(Text("Interrupted: the game was abandoned.", style="yellow"))
        return 130
    except EOFError:
        console.print()
        console.print(Text("End of input: the game was abandoned.", style="yellow"))
        return 1
    except Quit:
        console.print(Text("You left the game.", style="yellow"))
        return 0
    if args.records:
        record = record_game(state, names, ["human", *used], seed, [None, *bot_seeds])
        try:
            with open(args.records, "a", encoding="utf-8") as f:
                f.write(dumps(record) + "\n")
        except OSError as exc:
            raise SushiGoError(
                f"cannot write the record to {args.records}: {exc.strerror}"
            ) from None
        console.print(f"The game's record was added to {args.records}.")
    return 0


def prepare(console: Console, ruleset: AnyRuleset, bots: Sequence[Agent], hints: bool) -> None:
    """Have the bots (and the hints' search) load what they need before the game, while
    the player is told why it waits: mcts's compiled search takes some 40 seconds to
    compile on its first use on a machine, and would otherwise hold up its first move."""
    ready = [bot for bot in bots if callable(getattr(bot, "prepare", None))]
    if hints and not ready:
        ready.append(MCTSAgent(0, ms=HINT_MS))
    if not ready:
        return
    with console.status("Preparing the bots' search (compiled on its first use: up to a minute)"):
        for bot in ready:
            bot.prepare(ruleset)  # type: ignore[attr-defined]


def _classic_intro(ruleset: Any, who: str) -> list[RenderableType]:
    return [f"{who} Type 'help' at the prompt for how to pick, 'quit' to leave."]


def _party_intro(ruleset: Any, who: str) -> list[RenderableType]:
    return [
        menu_table(ruleset.menu, ruleset.players),
        f"{who} Type 'help' at any question for how to answer, 'menu' to see the menu "
        "again, 'quit' to leave.",
    ]


def _roll_intro(ruleset: Any, who: str) -> list[RenderableType]:
    return [
        f"{who} On your turn use tokens ('m' menu re-roll, 'c' chopsticks swap) as often "
        "as you like, then take a die. Type 'help' at any question, 'table' to see the "
        "table again, 'quit' to leave."
    ]


@dataclass(frozen=True)
class Terminal:
    """How the terminal plays one game: what it says first, then the session."""

    intro: Callable[[Any, str], list[RenderableType]]
    """The lines shown before the first turn, given the ruleset and "You are ..."."""
    session: Callable[..., AnyState]
    """Plays the game: ``session(ruleset, bots, names, seed, console=, input_fn=,
    hint_ms=)`` returns the finished state."""


TERMINALS: dict[str, Terminal] = {
    "sushi-go": Terminal(_classic_intro, play_session),
    PARTY: Terminal(_party_intro, play_party_session),
    ROLL: Terminal(_roll_intro, play_roll_session),
}
"""The games the terminal plays, by ruleset name; a new game adds one line."""
