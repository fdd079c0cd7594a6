"""``sushigo play --game sushi-go-party``: a person (seat 0) against bots.

The game runs through :func:`sushigo.play.loop.play_game` like every other game;
the human is a :class:`~sushigo.tui.party_human.PartyHumanAgent` that sees only
its view. :class:`PartyTable`, the loop's watcher, is given the human's view
after every step and tells the human what happens at the table: after each
turn, what everyone revealed and what happened after the reveal; at the end of
each round, the scoring; at the end, the final scores.

What happened is read from the view's log of the round (``view.log``, and
``view.rounds[r].log`` once a round is over), which holds what everyone at a
real table sees: cards revealed or played face-up, who gave a card to a spoon,
what a takeout box flipped, how many cards a menu drew. The cards the human's
own menus drew are in the human's view (``view.draws``); nobody else's are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rich.console import Console, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from sushigo.agents.base import Agent
from sushigo.core.scoring import winners
from sushigo.games.party import Happening, PartyRuleset, PartyState, PartyView
from sushigo.games.party.actions import PartyPick, parse_party_action
from sushigo.games.party.scoring import dessert_points, parse_played
from sushigo.play.loop import play_game
from sushigo.present.base import names_list
from sushigo.present.party import ask_name, card_name, target_name
from sushigo.tui.human import InputFn
from sushigo.tui.party_human import PartyHumanAgent
from sushigo.tui.party_screen import (
    party_final_table,
    party_round_table,
    pick_text,
    played_label,
    tableau_text,
    turn_screen,
)
from sushigo.tui.screen import cards_grid, winner_sentence

HUMAN = 0
"""The human's seat."""

T = TypeVar("T")

_PLAYED_LATER = ("take", "give", "order")
"""Log entries that play a card after the reveal (a special order's copy follows them)."""


class PartyTable:
    """Shows the game to the human: the table at each decision, a summary of every
    turn, each round's scoring and the end. Used as the :func:`play_game` watcher.

    It reads the log in the human's view: at each call it tells the entries it has
    not told yet.
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
        self._draws_before = 0
        """The viewer's menu draws in the rounds before the log being told."""
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

    # -- the watcher ----------------------------------------------------------------

    def __call__(self, event: str, view: PartyView) -> None:
        if event == "end":
            self.show_end(view)
            return
        if len(view.rounds) > self.round:
            # The round is over: the rest of its log is in the view's finished rounds
            # (``view.log`` is the log of the round being played).
            while len(view.rounds) > self.round:
                self._tell(view.rounds[self.round].log, view)
                self._end_turn()
                self.show_round(view, self.round)
                self.round += 1
                self.told = 0
            return
        self._tell(view.log, view)
        if view.turn > self.turn:
            self._end_turn()

    def _tell(self, log: Sequence[Happening], view: PartyView) -> None:
        """Tell the entries of ``log`` (a log of ``view``) not told yet: those of the
        step just taken."""
        told = [_absolute(h, view.seat, view.seats) for h in log]
        self._draws_before = sum(
            1 for r in view.rounds[: self.round] for h in r.log if h.what == "draw" and h.seat == 0
        )
        start, i = self.told, self.told
        while i < len(told):
            i += self._happened(told, i, start, view)
        self.told = len(told)

    def _happened(self, log: Sequence[Happening], i: int, start: int, view: PartyView) -> int:
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
            pending = view.pending  # the asked player holds more than one
            if pending is not None and pending.kind == "give":
                giver = (view.seat + pending.seat) % view.seats
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
            return self._draw(log, i, view)
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

    def _draw(self, log: Sequence[Happening], i: int, view: PartyView) -> int:
        """A menu's draw, ``log[i]``, with what came of it when the rules decided it alone."""
        h = log[i]
        after = log[i + 1] if i + 1 < len(log) else None
        who = self.who(h.seat)
        menu = _label(h.cards[0])
        then = after.what if after is not None else ""
        drawn: tuple[str, ...] = ()
        if h.seat == view.seat:  # the viewer's own draw: its view holds the cards
            mine = self._draws_before
            mine += sum(1 for e in log[:i] if e.what == "draw" and e.seat == view.seat)
            drawn = view.draws[mine]
        if h.other == 0:
            self.say(f"The deck was empty, so {self.whose(h.seat)} {menu} drew nothing.")
            return 2 if then == "unused" else 1
        text = f"{who} used {menu} and drew {h.other} card{'s' if h.other != 1 else ''}"
        if drawn:
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

    def show_round(self, view: PartyView, r: int) -> None:
        """Print the end of round ``r`` (0-based), a finished round of the view."""
        result = view.rounds[r]
        menu = view.ruleset.menu
        tableaux = _seats(view, result.tableaux)
        self.console.print()
        self.console.rule(f"End of round {r + 1}")
        self.console.print(cards_grid(self.names, [tableau_text(t) for t in tableaux]))
        kept = [sum(1 for p in tab if p.kind == menu.dessert) for tab in tableaux]
        rounds = [_seats(view, res.scores) for res in view.rounds[: r + 1]]
        self.console.print(
            party_round_table(
                f"Round {r + 1} scoring",
                self.names,
                menu,
                _seats(view, result.breakdown),
                rounds[-1],
                kept,
                [sum(scores[s] for scores in rounds) for s in range(view.seats)],
            )
        )
        if any(kept):
            self.console.print(
                Text("Desserts in front of a player are kept for the end of the game.", style="dim")
            )

    def show_end(self, view: PartyView) -> None:
        """Print the desserts kept, the final scores and the winner, from the view of
        the finished game."""
        dessert = view.ruleset.menu.dessert
        totals = _seats(view, view.scores)  # the final scores, desserts included
        desserts = _seats(view, view.desserts)
        kept = [len(d) for d in desserts]
        self.console.print()
        self.console.rule("Game over")
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for s, cards in enumerate(desserts):
            grid.add_row(self.names[s], tableau_text(cards))
        self.console.print(Text(f"Desserts kept ({card_name(dessert)}):", style="bold"))
        self.console.print(grid)
        self.console.print(
            party_final_table(
                self.names,
                [_seats(view, res.scores) for res in view.rounds],
                kept,
                dessert_points(desserts, dessert),
                totals,
            )
        )
        line = winner_sentence(
            self.names, totals, kept, winners(totals, kept), view.seats, kept="dessert cards"
        )
        self.console.print(Text(line, style="bold green"))


def _seats(view: PartyView, values: Sequence[T]) -> list[T]:
    """A seat-relative tuple of the view, indexed by absolute seat."""
    n = view.seats
    return [values[(s - view.seat) % n] for s in range(n)]


def _absolute(h: Happening, seat: int, n: int) -> Happening:
    """A happening of ``seat``'s view with absolute seats (the log in a view counts
    seats from the viewer)."""
    if h.what == "reveal":
        return Happening(h.turn, h.what, -1, h.cards[n - seat :] + h.cards[: n - seat])
    other = (h.other + seat) % n if h.what == "give" else h.other
    return Happening(h.turn, h.what, (h.seat + seat) % n, h.cards, other)


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
    state = play_game(ruleset, [human, *bots], seed, watcher=table, watch_seat=HUMAN)
    assert isinstance(state, PartyState)
    return state
