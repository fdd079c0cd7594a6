"""``sushigo play --game sushi-roll``: a person (seat 0) against bots.

The game runs through :func:`sushigo.play.loop.play_game` like every other game;
the human is a :class:`~sushigo.tui.roll_human.RollHumanAgent` that sees only
its view. :class:`RollTable`, the loop's watcher, is given the human's view after
every step and tells the human what happens at the table as it happens: each
round's roll and who holds the red belt, every menu re-roll with the new faces,
every chopsticks swap, every die taken (with the tokens it gave, and a nigiri
landing on a wasabi), the belts sliding and being re-rolled, each round's
scoring and the end. It reads the round's steps in the view (``view.steps``, and
``view.rounds[r].steps`` once a round is over) and what changed since the view
before: tokens, belts and trays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from sushigo.agents.base import Agent
from sushigo.games.roll import (
    CHOPSTICKS,
    MENU,
    ROUNDS,
    BeltRoll,
    Reroll,
    RollAction,
    RollRuleset,
    RollState,
    RollView,
    Step,
)
from sushigo.games.roll.dice import NIGIRI_POINTS, pudding_points, roll_winners, token_points
from sushigo.play.loop import play_game
from sushigo.present.roll import face_name
from sushigo.tui.human import InputFn
from sushigo.tui.roll_human import RollHumanAgent
from sushigo.tui.roll_screen import (
    dice_text,
    roll_final_table,
    roll_round_table,
    turn_screen,
)
from sushigo.tui.screen import cards_grid, winner_sentence

HUMAN = 0
"""The human's seat."""

T = TypeVar("T")

_GAINS: dict[str, tuple[int, str]] = {
    "menu": (1, "menu"),
    "menu-2": (2, "menu"),
    "chopsticks": (1, "chopsticks"),
    "chopsticks-2": (2, "chopsticks"),
    "pudding-1": (1, "pudding"),
    "pudding-2": (2, "pudding"),
    "pudding-3": (3, "pudding"),
}
"""Tokens a taken face gives: ``(how many, which)``."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word} token{'s' if n != 1 else ''}"


class RollTable:
    """Shows the game to the human: every step at the table as it happens, the
    table at each of the human's decisions, each round's scoring and the end. Used
    as the :func:`play_game` watcher: it is given the human's view after every step."""

    def __init__(self, console: Console, names: Sequence[str], human: int = HUMAN) -> None:
        self.console = console
        self.names = list(names)
        self.human = human
        self.rounds_shown = 0
        """How many finished rounds have been shown."""
        self.lines: list[str] = []
        """Every sentence told so far, in order (what the console was given)."""
        self.dealt = -1
        """The last round whose deal was told."""
        self.told = 0
        """How many steps of the round being played have been told."""
        self._trays: list[tuple[str, ...]] = []
        self._belts: list[tuple[str, ...]] = []
        self._tokens: list[tuple[int, int, int]] = []
        self._puddings_at_round_start: list[int] = []

    # -- naming -------------------------------------------------------------------

    def who(self, seat: int) -> str:
        """A seat's name starting a sentence (``You`` for the human)."""
        return "You" if seat == self.human else self.names[seat]

    def whose(self, seat: int) -> str:
        """A seat's name as an owner inside a sentence (``your`` for the human)."""
        return "your" if seat == self.human else self.names[seat] + "'s"

    def their(self, seat: int) -> str:
        return "your" if seat == self.human else "their"

    def red_sentence(self, seat: int, lower: bool = False) -> str:
        """``X has the red belt and goes first`` (no full stop)."""
        if seat == self.human:
            return f"{'y' if lower else 'Y'}ou have the red belt and go first"
        return f"{self.names[seat]} has the red belt and goes first"

    def say(self, text: str, style: str = "") -> None:
        self.lines.append(text)
        self.console.print(Text(text, style=style))

    # -- the screen at a decision -----------------------------------------------

    def screen(self, view: RollView) -> RenderableType:
        """The table at one of the human's decisions."""
        return turn_screen(view, self.names)

    # -- the watcher ----------------------------------------------------------------

    def __call__(self, event: str, view: RollView) -> None:
        if event == "end":
            self.show_end(view)
            return
        while len(view.rounds) > self.rounds_shown:
            # The round is over: the rest of its steps are in the view's finished rounds.
            done = view.rounds[self.rounds_shown]
            self._tell(view, done.steps, _seats(view, done.trays))
            self.show_round(view, self.rounds_shown)
            self.rounds_shown += 1
            self.told = 0
        if view.round < ROUNDS and view.round > self.dealt and not view.steps and any(view.belts):
            self._deal(view)
        else:
            self._tell(view, view.steps, _seats(view, view.trays))
        self.remember(view)

    def remember(self, view: RollView) -> None:
        """Note every tray, belt and token count, to tell what the next step changes."""
        self._trays = _seats(view, view.trays)
        self._belts = _seats(view, view.belts)
        self._tokens = list(
            zip(
                _seats(view, view.menus),
                _seats(view, view.chopsticks),
                _seats(view, view.puddings),
                strict=True,
            )
        )

    def _tell(self, view: RollView, steps: Sequence[Step], trays: list[tuple[str, ...]]) -> None:
        """Tell the steps not told yet (the one just taken); ``trays``: every tray
        after it, by seat."""
        for i in range(self.told, len(steps)):
            who, what = steps[i]
            if isinstance(what, RollAction):
                self._action(view, view.absolute(who), what, trays)
            elif isinstance(what, Reroll):
                before = steps[i - 1] if i > 0 else None
                if before is not None and isinstance(before[1], RollAction):
                    self._reroll(view, view.absolute(before[0]), before[1], what)
            elif isinstance(what, BeltRoll):
                self._slide(view)
        self.told = len(steps)

    def _deal(self, view: RollView) -> None:
        rs = view.ruleset
        r = view.round
        red = view.absolute(view.red)
        self.dealt = r
        self._puddings_at_round_start = _seats(view, view.puddings)
        self.console.print()
        self.console.rule(f"Round {r + 1} of {ROUNDS}")
        self.say(
            f"Everyone draws {rs.per_player} dice from the bag onto their belt and rolls them."
        )
        if r == 0:
            text = f"{self.red_sentence(red)}."
        elif rs.players == 3:
            text = (
                "With 3 players the belts slid left at the end of the round, so "
                f"{self.red_sentence(red, lower=True)}."
            )
        else:
            text = (
                "The belts stayed where they were at the end of the round, so "
                f"{self.red_sentence(red, lower=True)}."
            )
        self.say(text)

    def _reroll(self, view: RollView, seat: int, action: RollAction, outcome: Reroll) -> None:
        old = action.faces
        left = _seats(view, view.menus)[seat]
        change = ", ".join(
            f"{face_name(a)} -> {face_name(b)}" for a, b in zip(old, outcome.faces, strict=True)
        )
        dice = "die" if len(old) == 1 else "dice"
        self.say(
            f"{self.who(seat)} used a menu token ({left} left) to re-roll {len(old)} "
            f"{dice}: {change}."
        )

    def _slide(self, view: RollView) -> None:
        self.say(
            "Everyone has taken a die: the belts slide left and every die on them is "
            f"re-rolled. {self.red_sentence(view.absolute(view.red))}.",
            style="bold",
        )

    def _action(
        self, view: RollView, seat: int, action: RollAction, trays: list[tuple[str, ...]]
    ) -> None:
        who = self.who(seat)
        if action.kind == MENU:
            return  # told with its re-roll
        if action.kind == CHOPSTICKS:
            mine, theirs = action.faces
            left = _seats(view, view.chopsticks)[seat]
            other = view.absolute(action.seat)
            self.say(
                f"{who} used a chopsticks token ({left} left) to swap {self.their(seat)} "
                f"{face_name(mine)} with {self.whose(other)} {face_name(theirs)}."
            )
            return
        face = action.faces[0]
        before = self._tokens[seat] if self._tokens else (0, 0, 0)
        after = (
            _seats(view, view.menus)[seat],
            _seats(view, view.chopsticks)[seat],
            _seats(view, view.puddings)[seat],
        )
        text = f"{who} took {face_name(face)}"
        if self._belts and len(self._belts[seat]) == 1:
            text += f" (the last die on {self.their(seat)} belt)"
        gain = _GAINS.get(face)
        if gain is not None:
            want, kind = gain
            k = ("menu", "chopsticks", "pudding").index(kind)
            got = after[k] - before[k]
            text += f" and {'get' if seat == self.human else 'gets'} {_plural(got, kind)}"
            if got < want:
                text += " (all the supply had left)" if got else " (the supply is empty)"
        elif face in NIGIRI_POINTS:
            had = self._trays[seat] if self._trays else ()
            if len(trays[seat]) == len(had):
                text += f", onto {self.their(seat)} wasabi (x3)"
        self.say(text + ".")

    # -- rounds and the end -------------------------------------------------------

    def show_round(self, view: RollView, r: int) -> None:
        """Print the end of round ``r`` (0-based), a finished round of the view."""
        result = view.rounds[r]
        n = view.seats
        self.console.print()
        self.console.rule(f"End of round {r + 1}")
        trays = _seats(view, result.trays)
        self.console.print(cards_grid(self.names, [dice_text(t) for t in trays]))
        start = self._puddings_at_round_start or [0] * n
        puddings = _seats(view, view.puddings)
        gained = [puddings[s] - start[s] for s in range(n)]
        rounds = [_seats(view, res.scores) for res in view.rounds[: r + 1]]
        self.console.print(
            roll_round_table(
                f"Round {r + 1} scoring",
                self.names,
                _seats(view, result.breakdown),
                rounds[-1],
                gained,
                [sum(scores[s] for scores in rounds) for s in range(n)],
            )
        )
        if any(gained):
            self.console.print(Text("Pudding tokens score at the end of the game.", style="dim"))

    def show_end(self, view: RollView) -> None:
        """Print the final table and the winner, from the view of the finished game."""
        n = view.seats
        totals = _seats(view, view.scores)  # the final scores, puddings and tokens included
        puddings = _seats(view, view.puddings)
        menus = _seats(view, view.menus)
        chopsticks = _seats(view, view.chopsticks)
        self.console.print()
        self.console.rule("Game over")
        left = [menus[s] + chopsticks[s] for s in range(n)]
        self.console.print(
            roll_final_table(
                self.names,
                [_seats(view, res.scores) for res in view.rounds],
                puddings,
                pudding_points(puddings),
                left,
                token_points(menus, chopsticks),
                totals,
            )
        )
        line = winner_sentence(
            self.names, totals, puddings, roll_winners(totals, puddings), n, kept="pudding tokens"
        )
        self.console.print(Text(line, style="bold green"))


def _seats(view: RollView, values: Sequence[T]) -> list[T]:
    """A seat-relative tuple of the view, indexed by absolute seat."""
    n = view.seats
    return [values[(s - view.seat) % n] for s in range(n)]


def play_roll_session(
    ruleset: RollRuleset,
    bots: Sequence[Agent],
    names: Sequence[str],
    seed: int | None,
    *,
    console: Console,
    input_fn: InputFn,
    hint_ms: float | None = None,
) -> RollState:
    """Play one game with the human in seat 0; tells every step, round and the end.

    With ``hint_ms``, typing ``hint`` at a question shows hints searched for that long.
    Raises :class:`~sushigo.tui.human.Quit`, :class:`EOFError` or
    :class:`KeyboardInterrupt` when the human leaves.
    """
    table = RollTable(console, names)
    human = RollHumanAgent(console, input_fn, names, show=table.screen, hint_ms=hint_ms)
    state = play_game(ruleset, [human, *bots], seed, watcher=table, watch_seat=HUMAN)
    assert isinstance(state, RollState)
    return state
