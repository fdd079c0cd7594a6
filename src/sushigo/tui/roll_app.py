"""``sushigo play --game sushi-roll``: a person (seat 0) against bots.

The game runs through :func:`sushigo.play.loop.play_game` like every other game;
the human is a :class:`~sushigo.tui.roll_human.RollHumanAgent` that sees only
its view. :class:`RollTable`, the loop's observer, tells the human what happens
at the table as it happens: each round's roll and who holds the red belt, every
menu re-roll with the new faces, every chopsticks swap, every die taken (with
the tokens it gave, and a nigiri landing on a wasabi), the belts sliding and
being re-rolled, and each round's scoring. In Sushi Roll everything but the
future rolls is public, so the table may read it all from the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from sushigo.agents.base import Agent
from sushigo.core.state import AnyState
from sushigo.games.roll import (
    CHOPSTICKS,
    MENU,
    ROUNDS,
    BeltRoll,
    Reroll,
    RollAction,
    RollDeal,
    RollRuleset,
    RollState,
    RollView,
)
from sushigo.games.roll_dice import NIGIRI_POINTS, token_points
from sushigo.play.loop import play_game
from sushigo.tui.human import InputFn
from sushigo.tui.roll_human import RollHumanAgent
from sushigo.tui.roll_screen import (
    dice_text,
    face_name,
    roll_final_table,
    roll_round_table,
    turn_screen,
)
from sushigo.tui.screen import cards_grid, winner_sentence

HUMAN = 0
"""The human's seat."""

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
    table at each of the human's decisions, and each round's scoring. Used as the
    :func:`play_game` observer."""

    def __init__(self, console: Console, names: Sequence[str], human: int = HUMAN) -> None:
        self.console = console
        self.names = list(names)
        self.human = human
        self.rounds_shown = 0
        """How many finished rounds have been shown."""
        self.lines: list[str] = []
        """Every sentence told so far, in order (what the console was given)."""
        self._rerolling: tuple[int, tuple[str, ...]] | None = None
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

    # -- the observer -------------------------------------------------------------

    def __call__(self, event: str, state: AnyState, detail: Any) -> None:
        if not isinstance(state, RollState):
            return
        if event == "chance":
            if isinstance(detail, RollDeal):
                self._deal(state, detail)
            elif isinstance(detail, Reroll):
                self._reroll(state, detail)
            elif isinstance(detail, BeltRoll):
                self._slide(state)
            self.remember(state)
        elif event == "turn" and isinstance(detail, Mapping):
            for seat, action in detail.items():
                if isinstance(action, RollAction):
                    self._action(state, seat, action)
            if len(state.results) > self.rounds_shown:
                while self.rounds_shown < len(state.results):
                    self.show_round(state, self.rounds_shown)
                    self.rounds_shown += 1
            self.remember(state)

    def remember(self, state: RollState) -> None:
        """Note every tray, belt and token count, to tell what the next step changes."""
        n = state.rules.players
        self._trays = [state.tray(s) for s in range(n)]
        self._belts = [state.belt(s) for s in range(n)]
        self._tokens = [(state.menus[s], state.chopsticks[s], state.puddings[s]) for s in range(n)]

    def _deal(self, state: RollState, deal: RollDeal) -> None:
        rs = state.rules
        r = state.round
        self._puddings_at_round_start = list(state.puddings)
        self.console.print()
        self.console.rule(f"Round {r + 1} of {ROUNDS}")
        self.say(
            f"Everyone draws {rs.per_player} dice from the bag onto their belt and rolls them."
        )
        if r == 0:
            text = f"{self.red_sentence(deal.red)}."
        elif rs.players == 3:
            text = (
                "With 3 players the belts slid left at the end of the round, so "
                f"{self.red_sentence(deal.red, lower=True)}."
            )
        else:
            text = (
                "The belts stayed where they were at the end of the round, so "
                f"{self.red_sentence(deal.red, lower=True)}."
            )
        self.say(text)

    def _reroll(self, state: RollState, outcome: Reroll) -> None:
        if self._rerolling is None:
            return
        seat, old = self._rerolling
        self._rerolling = None
        left = state.menus[seat]
        change = ", ".join(
            f"{face_name(a)} -> {face_name(b)}" for a, b in zip(old, outcome.faces, strict=True)
        )
        dice = "die" if len(old) == 1 else "dice"
        self.say(
            f"{self.who(seat)} used a menu token ({left} left) to re-roll {len(old)} "
            f"{dice}: {change}."
        )

    def _slide(self, state: RollState) -> None:
        self.say(
            "Everyone has taken a die: the belts slide left and every die on them is "
            f"re-rolled. {self.red_sentence(state.red)}.",
            style="bold",
        )

    def _action(self, state: RollState, seat: int, action: RollAction) -> None:
        who = self.who(seat)
        if action.kind == MENU:
            self._rerolling = (seat, action.faces)
            return
        if action.kind == CHOPSTICKS:
            mine, theirs = action.faces
            left = state.chopsticks[seat]
            self.say(
                f"{who} used a chopsticks token ({left} left) to swap {self.their(seat)} "
                f"{face_name(mine)} with {self.whose(action.seat)} {face_name(theirs)}."
            )
            return
        face = action.faces[0]
        before = self._tokens[seat] if self._tokens else (0, 0, 0)
        after = (state.menus[seat], state.chopsticks[seat], state.puddings[seat])
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
            tray = self._tray_after(state, seat)
            had = self._trays[seat] if self._trays else ()
            if len(tray) == len(had):
                text += f", onto {self.their(seat)} wasabi (x3)"
        self.say(text + ".")

    def _tray_after(self, state: RollState, seat: int) -> tuple[str, ...]:
        """A seat's tray just after a take (the round may have just ended)."""
        if len(state.results) > self.rounds_shown:
            return state.results[-1].trays[seat]
        return state.tray(seat)

    # -- rounds and the end -------------------------------------------------------

    def show_round(self, state: RollState, r: int | None = None) -> None:
        """Print the end of round ``r`` (the last finished round by default)."""
        if r is None:
            r = len(state.results) - 1
        result = state.results[r]
        n = state.rules.players
        self.console.print()
        self.console.rule(f"End of round {r + 1}")
        self.console.print(cards_grid(self.names, [dice_text(t) for t in result.trays]))
        start = self._puddings_at_round_start or [0] * n
        gained = [state.puddings[s] - start[s] for s in range(n)]
        self.console.print(
            roll_round_table(
                f"Round {r + 1} scoring",
                self.names,
                result.breakdown,
                result.scores,
                gained,
                [sum(res.scores[s] for res in state.results[: r + 1]) for s in range(n)],
            )
        )
        if any(gained):
            self.console.print(Text("Pudding tokens score at the end of the game.", style="dim"))

    def show_end(self, state: RollState) -> None:
        """Print the final table and the winner."""
        n = state.rules.players
        totals = state.returns()
        self.console.print()
        self.console.rule("Game over")
        left = [state.menus[s] + state.chopsticks[s] for s in range(n)]
        self.console.print(
            roll_final_table(
                self.names,
                [res.scores for res in state.results],
                state.puddings,
                state.dessert_scores(),
                left,
                token_points(state.menus, state.chopsticks),
                totals,
            )
        )
        line = winner_sentence(
            self.names, totals, state.puddings, state.winners(), n, kept="pudding tokens"
        )
        self.console.print(Text(line, style="bold green"))


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
    state = play_game(ruleset, [human, *bots], seed, observer=table)
    assert isinstance(state, RollState)
    table.show_end(state)
    return state
