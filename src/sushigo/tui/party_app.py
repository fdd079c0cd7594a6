"""``sushigo play --game sushi-go-party``: a person (seat 0) against bots.

The game runs through :func:`sushigo.play.loop.play_game` like every other game;
the human is a :class:`~sushigo.tui.party_human.PartyHumanAgent` that sees only
its view. :class:`PartyTable`, the loop's observer, tells the human what
happens at the table: after each turn, what everyone revealed and what
happened after the reveal; at the end of each round, the scoring.

The observer is handed the whole state, so it takes care to say only what
everyone at a real table sees: cards revealed or played face-up, who gave a
card to a spoon, what a takeout box flipped. It never shows a hand, nor the
cards another player's menu drew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from sushigo.agents.base import Agent
from sushigo.core.state import State
from sushigo.games.party import MenuDraw, PartyDeal, PartyRuleset, PartyState, PartyView
from sushigo.games.party_actions import Choice, PartyPick, parse_party_action
from sushigo.games.party_cards import KINDS, PARTY_CARDS
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
from sushigo.tui.screen import winner_sentence

HUMAN = 0
"""The human's seat."""


def _matching(hand: Sequence[str], name: str) -> list[str]:
    """The different cards of ``hand`` a spoon's request matches: every card of a kind
    (``nigiri``), or the exact card asked for (the card guide's spoon note)."""
    if name in KINDS:
        return [c for c in dict.fromkeys(hand) if PARTY_CARDS.by_id[c].family == name]
    return [name] if name in hand else []


class PartyTable:
    """Shows the game to the human: the table at each decision, a summary of every
    turn, and each round's scoring. Used as the :func:`play_game` observer."""

    def __init__(self, console: Console, names: Sequence[str], human: int = HUMAN) -> None:
        self.console = console
        self.names = list(names)
        self.human = human
        self.prev: PartyState | None = None
        self.rounds_shown = 0
        self.summaries: list[tuple[int, int, tuple[str, ...]]] = []
        """Every turn summarised so far: ``(round, turn, each seat's pick)``, 0-based."""
        self._last_turn_lines: list[Text] = []
        """Lines about the last turn, told in the step that also ended the turn before."""
        self._reset(0, 0)

    def _reset(self, round_: int, turn: int) -> None:
        self.round = round_
        self.turn = turn
        self.picks: dict[int, PartyPick] = {}
        self.lines: list[Text] = []
        self.later: list[tuple[int, str]] = []
        """Cards played after the reveal this turn: ``(seat, card)``."""
        self.used: set[tuple[int, str]] = set()
        """Menus that drew and takeout boxes that flipped this turn: ``(seat, token)``."""

    # -- naming -------------------------------------------------------------------

    def who(self, seat: int) -> str:
        """A seat's name in a sentence (``You`` for the human)."""
        return "You" if seat == self.human else self.names[seat]

    def whom(self, seat: int) -> str:
        return "you" if seat == self.human else self.names[seat]

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

    def __call__(self, event: str, state: State, detail: Any) -> None:
        if not isinstance(state, PartyState):
            return
        prev = self.prev
        if event == "chance" and isinstance(detail, PartyDeal):
            self._reset(state.round, 0)
        elif event == "chance" and isinstance(detail, MenuDraw) and prev is not None:
            self._drawn(prev, state, detail)
        elif event == "turn" and isinstance(detail, Mapping) and prev is not None:
            acts = list(detail.items())
            if acts and isinstance(acts[0][1], PartyPick):
                self._picked(prev, state, {s: a for s, a in acts if isinstance(a, PartyPick)})
            elif len(acts) == 1 and isinstance(acts[0][1], Choice):
                self._chose(prev, state, acts[0][0], acts[0][1])
        if prev is not None and event in ("chance", "turn"):
            self._uramaki(prev, state)
            self._flush(state)
        self.prev = state.copy()
        if len(state.results) > self.rounds_shown:
            self.rounds_shown = len(state.results)
            self.show_round(state)

    def _picked(self, prev: PartyState, state: PartyState, picks: dict[int, PartyPick]) -> None:
        self.picks = dict(picks)
        order = sorted(
            (s for s, p in picks.items() if p.call is not None),
            key=lambda s: _call_key(picks[s].call or ""),
        )
        for seat in order:
            pick = picks[seat]
            called = parse_played(pick.call or "")
            if called.kind != "chopsticks":
                continue
            rest = list(prev.hand(seat))
            rest.remove(pick.card)
            options = list(dict.fromkeys(rest))
            if len(options) == 1:  # the engine plays the only card there is
                self.say(
                    f"{self.who(seat)} used {played_label(called)} and played "
                    f"{card_name(options[0])}."
                )
                self._later(prev, state, seat, options[0])

    def _chose(self, prev: PartyState, state: PartyState, seat: int, choice: Choice) -> None:
        pending = prev.pending
        if pending is None:
            return
        used = played_label(parse_played(pending.card))
        who = self.who(seat)
        card = choice.cards[0] if choice.cards else ""
        if choice.kind == "take":
            self.say(f"{who} used {used} and played {card_name(card)}.")
            self._later(prev, state, seat, card)
        elif choice.kind == "ask":
            self._asked(prev, state, seat, used, card)
        elif choice.kind == "give":
            owner = pending.owner
            self.say(f"{who} gave {card_name(card)} to {self.whom(owner)}.")
            self._later(prev, state, owner, card)
        elif choice.kind == "order":
            self.say(f"{who} played {card_name(card)} from the cards drawn.")
            self._later(prev, state, seat, card)
        elif choice.kind == "copy":
            self.say(f"{who} made the special order a copy of {target_name(card)}.")
        else:
            self.used.add((seat, pending.card))
            flipped = [played_label(parse_played(t)) for t in choice.cards]
            if flipped:
                self.say(f"{who} used {used} to flip {', '.join(flipped)} face-down.")
            else:
                self.say(f"{who} used {used} and flipped nothing.")

    def _asked(self, prev: PartyState, state: PartyState, seat: int, spoon: str, name: str) -> None:
        """A spoon's request, and who answers it (public: each player says if they have it)."""
        text = f"{self.who(seat)} used {spoon} and asked for {ask_name(name)}"
        n = prev.rules.players
        for k in range(1, n):
            giver = (seat + k) % n
            matches = _matching(prev.hand(giver), name)
            if len(matches) == 1:
                self.say(f"{text}: {self.whom(giver)} gave {card_name(matches[0])}.")
                self._later(prev, state, seat, matches[0])
                return
            if matches:
                verb = (
                    "hold more than one and choose"
                    if giver == self.human
                    else ("holds more than one and chooses")
                )
                self.say(f"{text}: {self.whom(giver)} {verb}.")
                return
        self.say(f"{text}: nobody had one, so the spoon is discarded.")

    def _drawn(self, prev: PartyState, state: PartyState, draw: MenuDraw) -> None:
        pending = prev.pending
        if pending is None:
            return
        seat = pending.seat
        self.used.add((seat, pending.card))
        menu = played_label(parse_played(pending.card))
        text = f"{self.who(seat)} used {menu} and drew {len(draw.cards)} cards"
        if seat == self.human:  # only the drawer sees them
            text += f" ({', '.join(card_name(c) for c in draw.cards)})"
        now = state.pending
        if now is not None and now.seat == seat and now.kind == "order":
            self.say(text + ".")
            return
        options = [c for c in dict.fromkeys(draw.cards) if PARTY_CARDS.by_id[c].family != "menu"]
        if len(options) == 1:
            self.say(f"{text}, and played {card_name(options[0])}, the only card it could.")
            self._later(prev, state, seat, options[0])
        else:
            self.say(f"{text}: only menus, so the menu is discarded.")

    def _later(self, prev: PartyState, state: PartyState, seat: int, card: str) -> None:
        """A card played after the reveal; a special order's copy is told when the engine
        chose it alone (only one card to copy)."""
        self.later.append((seat, card))
        if card != "special-order":
            return
        now = state.pending
        if now is not None and now.seat == seat and now.kind == "copy":
            return  # its player chooses next
        if state.round != prev.round:
            return
        before = [p.token for p in prev.tableau(seat)]
        for p in state.tableau(seat):
            if p.token in before:
                before.remove(p.token)
            elif p.card == "special-order":
                what = "a face-down card" if p.flipped else card_name(p.counts_as)
                self.say(f"{self.who(seat)}'s special order copies {what}, the only card it could.")
                return

    def _uramaki(self, prev: PartyState, state: PartyState) -> None:
        if state.round != prev.round or state.is_terminal():
            return
        for seat in range(state.rules.players):
            gained = state.uramaki_scored[seat] - prev.uramaki_scored[seat]
            if gained > 0:
                line = Text(
                    f"  {self.who(seat)} reached 10 uramaki icons and scored {gained}; "
                    "those uramaki are discarded."
                )
                if state.turn != prev.turn and state.turn == state.rules.hand_size - 1:
                    self._last_turn_lines.append(line)  # the last turn's reveal
                else:
                    self.lines.append(line)

    # -- turn summaries -----------------------------------------------------------

    def _revealed(self, picks: Mapping[int, PartyPick]) -> RenderableType:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for seat in sorted(picks):
            grid.add_row("  " + self.names[seat], pick_text(picks[seat]))
        return grid

    def _flush(self, state: PartyState) -> None:
        """Print the summary of every turn that is over."""
        done_round = state.round != self.round or state.is_terminal()
        if not done_round and state.turn == self.turn:
            return
        rs = state.rules
        last = rs.hand_size - 1
        if done_round:
            turns = state.results[self.round].turns
            picks = {s: _pick(t) for s, t in enumerate(turns[self.turn])}
            self._print_turn(self.turn, picks)
            if self.turn < last:  # the last turn was played at once
                self._reset(self.round, last)
                self._print_turn(last, {s: _pick(t) for s, t in enumerate(turns[last])})
            self._reset(state.round, 0)
            return
        self._print_turn(self.turn, self.picks)
        carried, self._last_turn_lines = self._last_turn_lines, []
        self._reset(state.round, state.turn)
        self.lines.extend(carried)

    def _print_turn(self, turn: int, picks: Mapping[int, PartyPick]) -> None:
        self.summaries.append((self.round, turn, tuple(str(picks[s]) for s in sorted(picks))))
        self.console.print(Text(f"Turn {turn + 1}: everyone revealed", style="bold"))
        self.console.print(self._revealed(picks))
        for line in self.lines:
            self.console.print(line)
        for text in self._afterwards(picks):
            self.console.print(Text("  " + text))

    def _afterwards(self, picks: Mapping[int, PartyPick]) -> list[str]:
        """What the rules did without anyone deciding: miso soups discarded together,
        takeout boxes with nothing to flip, menus that found no deck."""
        out: list[str] = []
        played = [(s, p.card, p.copy) for s, p in picks.items()]
        played += [(s, c, None) for s, c in self.later]
        misos = [s for s, c, copy in played if "miso-soup" in (c, copy)]
        if len(misos) > 1:
            who = sorted(set(misos))
            out.append(
                f"More than one miso soup was played this turn ({_names(self, who)}): "
                "all of them are discarded."
            )
        for s, card, _ in played:
            kind = PARTY_CARDS.by_id[card].family
            if kind == "takeout-box" and (s, card) not in self.used:
                out.append(
                    f"{self.who(s)} had nothing to flip with {card_name(card)}; it is discarded."
                )
            elif kind == "menu" and (s, card) not in self.used:
                out.append(
                    f"The deck was empty, so {self.who(s)}'s {card_name(card)} drew nothing."
                )
        return out

    # -- rounds and the end -------------------------------------------------------

    def show_round(self, state: PartyState) -> None:
        r = len(state.results) - 1
        result = state.results[r]
        rs = state.rules
        dessert = rs.menu.dessert
        self.console.print()
        self.console.rule(f"End of round {r + 1}")
        cards = RichTable.grid(padding=(0, 2))
        cards.add_column(no_wrap=True)
        cards.add_column()
        for s, tab in enumerate(result.tableaux):
            cards.add_row(self.names[s], tableau_text(tab))
        self.console.print(cards)
        kept = [sum(1 for p in tab if p.kind == dessert) for tab in result.tableaux]
        self.console.print(
            party_round_table(
                f"Round {r + 1} scoring",
                self.names,
                rs.menu,
                result.breakdown,
                result.scores,
                kept,
                [sum(res.scores[s] for res in state.results) for s in range(rs.players)],
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


def _pick(text: str) -> PartyPick:
    action = parse_party_action(text)
    assert isinstance(action, PartyPick)
    return action


def _call_key(token: str) -> tuple[int, int]:
    p = parse_played(token) if token else None
    if p is None:
        return (0, 0)
    return int(p.counts_as.rsplit("-", 1)[1]), 1 if p.copies is not None else 0


def play_party_session(
    ruleset: PartyRuleset,
    bots: Sequence[Agent],
    names: Sequence[str],
    seed: int | None,
    *,
    console: Console,
    input_fn: InputFn,
) -> PartyState:
    """Play one game with the human in seat 0; prints every turn, round and the end.

    Raises :class:`~sushigo.tui.human.Quit`, :class:`EOFError` or
    :class:`KeyboardInterrupt` when the human leaves.
    """
    table = PartyTable(console, names)
    human = PartyHumanAgent(console, input_fn, names, show=table.screen)
    state = play_game(ruleset, [human, *bots], seed, observer=table)
    assert isinstance(state, PartyState)
    table.show_end(state)
    return state
