"""``sushigo play --game sushi-go-party``: a person (seat 0) against bots.

The game runs through :func:`sushigo.play.loop.play_game` like every other game;
the human is a :class:`~sushigo.tui.party_human.PartyHumanAgent` that sees only
its view. :class:`PartyTable`, the loop's observer, tells the human what
happens at the table: after each turn, what everyone revealed and what
happened after the reveal; at the end of each round, the scoring.

What happened is read from the engine's public log (``state.log``, and
``results[r].log`` once a round is over), so the table says only what everyone
at a real table sees: cards revealed or played face-up, who gave a card to a
spoon, what a takeout box flipped, how many cards a menu drew. It never shows
a hand, nor the cards another player's menu drew.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from sushigo.agents.base import Agent
from sushigo.core.state import AnyState
from sushigo.games.party import Happening, MenuDraw, PartyRuleset, PartyState, PartyView
from sushigo.games.party_actions import PartyPick, parse_party_action
from sushigo.games.party_scoring import parse_played
from sushigo.play.loop import play_game
from sushigo.tui.cards import names_list
from sushigo.tui.human import InputFn
from sushigo.tui.party_human import PartyHumanAgent
from sushigo.tui.party_screen import (
    ask_name,
    card_name,
    party_final_table,
    party_round_table,
    pick_text,
    played_label,
    tableau_text,
    target_name,
    turn_screen,
)
from sushigo.tui.screen import cards_grid, winner_sentence

HUMAN = 0
"""The human's seat."""

_PLAYED_LATER = ("take", "give", "order")
"""Log entries that play a card after the reveal (a special order's copy follows them)."""


class PartyTable:
    """Shows the game to the human: the table at each decision, a summary of every
    turn, and each round's scoring. Used as the :func:`play_game` observer.

    It reads the engine's log: at each call it tells the entries it has not told yet.
    """

    def __init__(self, console: Console, names: Sequence[str], human: int = HUMAN) -> None:
        self.console = console
        self.names = list(names)
        self.human = human
        self.round = 0
        """The round being told (0-based)."""
        self.told = 0
        """How many entries of that round's log have been told."""
        self.summaries: list[tuple[int, int, tuple[str, ...]]] = []
        """Every turn summarised so far: ``(round, turn, each seat's pick)``, 0-based."""
        self._reset(0, ())

    def _reset(self, turn: int, picks: tuple[str, ...]) -> None:
        self.turn = turn
        """The turn being told (0-based)."""
        self.picks = picks
        """Its revealed picks, one per seat, in pick notation (none yet: empty)."""
        self.lines: list[Text] = []
        """What happened after its reveal."""

    # -- naming -------------------------------------------------------------------

    def who(self, seat: int) -> str:
        """A seat's name in a sentence (``You`` for the human)."""
        return "You" if seat == self.human else self.names[seat]

    def whom(self, seat: int) -> str:
        return "you" if seat == self.human else self.names[seat]

    def whose(self, seat: int) -> str:
        """A seat's name as an owner, inside a sentence (``your`` for the human)."""
        return "your" if seat == self.human else self.names[seat] + "'s"

    def say(self, text: str) -> None:
        self.lines.append(Text("  " + text))

    # -- the screen at a decision -----------------------------------------------

    def recent(self) -> list[RenderableType]:
        """This turn so far: the picks revealed and what happened after."""
        out: list[RenderableType] = []
        if self.picks:
            out.append(self._revealed(self.picks))
        out.extend(self.lines)
        return out

    def screen(self, view: PartyView) -> RenderableType:
        return turn_screen(view, self.names, self.recent())

    # -- the observer ---------------------------------------------------------------

    def __call__(self, event: str, state: AnyState, detail: Any) -> None:
        if not isinstance(state, PartyState):
            return
        drawn = detail.cards if isinstance(detail, MenuDraw) else ()
        if len(state.results) > self.round:
            # The round is over: the rest of its log is in results (``state.log`` keeps
            # it only until the next deal).
            while len(state.results) > self.round:
                self._tell(state.results[self.round].log, state, drawn)
                self._end_turn()
                self.show_round(state, self.round)
                self.round += 1
                self.told = 0
            return
        if state.is_terminal():
            return
        self._tell(state.log, state, drawn)
        if state.turn > self.turn:
            self._end_turn()

    def _tell(self, log: Sequence[Happening], state: PartyState, drawn: Sequence[str]) -> None:
        """Tell the entries of ``log`` not told yet (those of the step just taken)."""
        start, i = self.told, self.told
        while i < len(log):
            i += self._happened(log, i, start, state, drawn)
        self.told = len(log)

    def _happened(
        self,
        log: Sequence[Happening],
        i: int,
        start: int,
        state: PartyState,
        drawn: Sequence[str],
    ) -> int:
        """Tell ``log[i]``; return how many entries the sentence told (a spoon's request
        and its answer, a menu's draw and what it played, miso soups discarded together).

        ``log[start:]`` came from one step: when it was a player's choice, ``log[start]``
        is what they chose; the entries after it the rules did alone.
        """
        h = log[i]
        after = log[i + 1] if i + 1 < len(log) else None
        then = after.what if after is not None else ""
        who = self.who(h.seat)
        what = h.what
        if what == "reveal":
            self._end_turn()
            self._reset(h.turn - 1, h.cards)
        elif what == "take":
            self.say(f"{who} used {_label(h.cards[0])} and played {card_name(h.cards[1])}.")
        elif what == "ask":
            text = f"{who} used {_label(h.cards[0])} and asked for {ask_name(h.cards[1])}"
            if after is not None and then == "give":
                self.say(f"{text}: {self.whom(after.seat)} gave {card_name(after.cards[0])}.")
                return 2
            if then == "unanswered":
                self.say(f"{text}: nobody had one, so the spoon is discarded.")
                return 2
            pending = state.pending  # public: the asked player holds more than one
            if pending is not None and pending.kind == "give":
                giver = pending.seat
                verb = "hold" if giver == self.human else "holds"
                choose = "choose" if giver == self.human else "chooses"
                self.say(f"{text}: {self.whom(giver)} {verb} more than one and {choose}.")
            else:
                self.say(text + ".")
        elif what == "give":
            self.say(f"{who} gave {card_name(h.cards[0])} to {self.whom(h.other)}.")
        elif what == "unanswered":
            self.say(f"Nobody had what {self.whom(h.seat)} asked for: the spoon is discarded.")
        elif what == "draw":
            return self._draw(h, after, drawn)
        elif what == "order":
            self.say(f"{who} played {card_name(h.cards[0])} from the cards drawn.")
        elif what == "unused":
            token = h.cards[0]
            if parse_played(token).kind == "menu":
                self.say(f"{who} could play nothing with {_label(token)}; it is discarded.")
            else:
                self.say(f"{who} had nothing to flip with {_label(token)}; it is discarded.")
        elif what == "copy":
            target = target_name(h.cards[0])
            if i == start:  # the step was this choice
                self.say(f"{who} made the special order a copy of {target}.")
            else:
                self.say(
                    f"{_cap(self.whose(h.seat))} special order copies {target}, "
                    "the only card it could."
                )
        elif what == "uncopied":
            # At the reveal, the pick already says so.
            if i > 0 and log[i - 1].what in _PLAYED_LATER:
                self.say(
                    f"{_cap(self.whose(h.seat))} special order had nothing to copy; "
                    "it is discarded."
                )
        elif what == "flip":
            used = _label(h.cards[0])
            flipped = [_label(t) for t in h.cards[1:]]
            if flipped:
                self.say(f"{who} used {used} to flip {', '.join(flipped)} face-down.")
            else:
                self.say(f"{who} used {used} and flipped nothing.")
        elif what == "miso":
            seats = [h.seat]
            while i + len(seats) < len(log) and log[i + len(seats)].what == "miso":
                seats.append(log[i + len(seats)].seat)
            if len(set(seats)) > 1:
                self.say(
                    "More than one miso soup was played this turn "
                    f"({_names(self, sorted(set(seats)))}): all of them are discarded."
                )
            elif len(seats) > 1:
                self.say(f"{who} played more than one miso soup this turn: all are discarded.")
            else:
                self.say(
                    f"Another miso soup was played this turn, so {self.whose(h.seat)} "
                    "miso soup is discarded too."
                )
            return len(seats)
        elif what == "uramaki":
            self.say(
                f"{who} reached 10 uramaki icons and scored {h.other}; those uramaki are discarded."
            )
        return 1

    def _draw(self, h: Happening, after: Happening | None, drawn: Sequence[str]) -> int:
        """A menu's draw, with what came of it when the rules decided it alone."""
        who = self.who(h.seat)
        menu = _label(h.cards[0])
        then = after.what if after is not None else ""
        if h.other == 0:
            self.say(f"The deck was empty, so {self.whose(h.seat)} {menu} drew nothing.")
            return 2 if then == "unused" else 1
        text = f"{who} used {menu} and drew {h.other} card{'s' if h.other != 1 else ''}"
        if h.seat == self.human and len(drawn) == h.other:  # only the drawer sees them
            text += f" ({', '.join(card_name(c) for c in drawn)})"
        if after is not None and then == "order":
            self.say(f"{text}, and played {card_name(after.cards[0])}, the only card it could.")
            return 2
        if then == "unused":
            self.say(f"{text}: only menus, so the menu is discarded.")
            return 2
        self.say(text + ".")  # its player chooses next
        return 1

    # -- turn summaries -----------------------------------------------------------

    def _revealed(self, picks: Sequence[str]) -> RenderableType:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for seat, pick in enumerate(picks):
            grid.add_row("  " + self.names[seat], pick_text(_pick(pick)))
        return grid

    def _end_turn(self) -> None:
        """Print the summary of the turn being told, if any."""
        if not self.picks:
            return
        self.summaries.append((self.round, self.turn, self.picks))
        self.console.print(Text(f"Turn {self.turn + 1}: everyone revealed", style="bold"))
        self.console.print(self._revealed(self.picks))
        for line in self.lines:
            self.console.print(line)
        self._reset(self.turn, ())

    # -- rounds and the end -------------------------------------------------------

    def show_round(self, state: PartyState, r: int | None = None) -> None:
        """Print the end of round ``r`` (the last finished round by default)."""
        if r is None:
            r = len(state.results) - 1
        result = state.results[r]
        rs = state.rules
        dessert = rs.menu.dessert
        self.console.print()
        self.console.rule(f"End of round {r + 1}")
        self.console.print(cards_grid(self.names, [tableau_text(t) for t in result.tableaux]))
        kept = [sum(1 for p in tab if p.kind == dessert) for tab in result.tableaux]
        self.console.print(
            party_round_table(
                f"Round {r + 1} scoring",
                self.names,
                rs.menu,
                result.breakdown,
                result.scores,
                kept,
                [sum(res.scores[s] for res in state.results[: r + 1]) for s in range(rs.players)],
            )
        )
        if any(kept):
            self.console.print(
                Text("Desserts in front of a player are kept for the end of the game.", style="dim")
            )

    def show_end(self, state: PartyState) -> None:
        rs = state.rules
        totals = state.returns()
        kept = [len(d) for d in state.desserts]
        self.console.print()
        self.console.rule("Game over")
        desserts = RichTable.grid(padding=(0, 2))
        desserts.add_column(no_wrap=True)
        desserts.add_column()
        for s, cards in enumerate(state.desserts):
            desserts.add_row(self.names[s], tableau_text(cards))
        self.console.print(Text(f"Desserts kept ({card_name(rs.menu.dessert)}):", style="bold"))
        self.console.print(desserts)
        self.console.print(
            party_final_table(
                self.names,
                [res.scores for res in state.results],
                kept,
                state.dessert_scores(),
                totals,
            )
        )
        line = winner_sentence(
            self.names, totals, kept, state.winners(), rs.players, kept="dessert cards"
        )
        self.console.print(Text(line, style="bold green"))


def _names(table: PartyTable, seats: Sequence[int]) -> str:
    return names_list([table.whom(s) for s in seats])


def _cap(text: str) -> str:
    """``text`` starting a sentence."""
    return text[:1].upper() + text[1:]


def _label(token: str) -> str:
    """A card in Played notation, as a player sees it (``Special order (as Menu (7))``)."""
    return played_label(parse_played(token))


def _pick(text: str) -> PartyPick:
    action = parse_party_action(text)
    assert isinstance(action, PartyPick)
    return action


def play_party_session(
    ruleset: PartyRuleset,
    bots: Sequence[Agent],
    names: Sequence[str],
    seed: int | None,
    *,
    console: Console,
    input_fn: InputFn,
    hint_ms: float | None = None,
) -> PartyState:
    """Play one game with the human in seat 0; prints every turn, round and the end.

    With ``hint_ms``, typing ``hint`` at a question shows hints searched for that long.
    Raises :class:`~sushigo.tui.human.Quit`, :class:`EOFError` or
    :class:`KeyboardInterrupt` when the human leaves.
    """
    table = PartyTable(console, names)
    human = PartyHumanAgent(console, input_fn, names, show=table.screen, hint_ms=hint_ms)
    state = play_game(ruleset, [human, *bots], seed, observer=table)
    assert isinstance(state, PartyState)
    table.show_end(state)
    return state
