"""The human player: an Agent that shows the table and reads a pick from the keyboard.

Input notation (any mix of the forms below):

* a number from the hand as listed (``3``), a card id (``squid-nigiri``), a card
  name (``Maki roll (2)``) or a unique prefix (``squid``, ``maki 2``);
* with chopsticks in front of you, two cards joined by ``+`` (``2+5``,
  ``wasabi+squid``), resolved left to right;
* when you control the dummy (two-player dummy variant) you are asked for the
  dummy's card next, or you may add it at once: ``2 dummy:5``;
* ``help`` shows the notation again, ``quit`` leaves the game;
* ``hint`` lists the three best picks found by a short search, when the game was
  started with ``--hints`` (:mod:`sushigo.agents.hints`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from sushigo.agents.base import View
from sushigo.core.cards import CardTable
from sushigo.core.errors import IllegalActionError, ParseError
from sushigo.games.classic import CLASSIC_CARDS, Pick, PlayerView
from sushigo.present.classic import card_name
from sushigo.tui.screen import numbered, turn_screen

InputFn = Callable[[str], str]
"""Reads one line after showing a prompt (like :func:`input`)."""

HINT_WORDS = ("hint", "hints")
"""What a person types to ask for hints, at any question."""
HINT_COUNT = 3
"""Hints shown for one request."""
NO_HINTS = "start the game with --hints to get hints"

HELP = (
    "Type the number of a card in your hand, or its name (a unique prefix will do: "
    "'squid', 'maki 2'). With chopsticks in front of you, take two cards with '+', "
    "e.g. '2+5' or 'wasabi+squid' (left first). When you control the dummy you are "
    "asked for its card next (or add it at once: '2 dummy:5'). 'quit' leaves the game."
)


class Quit(Exception):
    """The human typed ``quit``."""


def console_input(console: Console) -> InputFn:
    """An input function that prompts through ``console`` (plain text prompt)."""

    def ask(prompt: str) -> str:
        return console.input(escape(prompt))

    return ask


class _Seated(Protocol):
    @property
    def seats(self) -> int: ...


V = TypeVar("V", bound=_Seated)


class KeyboardPlayer(Generic[V]):
    """What every person at the keyboard has, whatever the game: where to print,
    how to read a line, the seats' names, and the screen to show (built from a view
    of type ``V``)."""

    name = "human"
    observes = True

    def __init__(
        self,
        console: Console | None = None,
        input_fn: InputFn | None = None,
        names: Sequence[str] | None = None,
        show: Callable[[V], RenderableType] | None = None,
        hint_ms: float | None = None,
    ) -> None:
        self.console = console if console is not None else Console()
        self.input_fn = input_fn if input_fn is not None else console_input(self.console)
        self.names = list(names) if names is not None else None
        self.show = show
        self.hint_ms = hint_ms
        """Search time of a hint in milliseconds; None when hints are off."""
        self.asking: tuple[View, Sequence[Any]] | None = None
        """The view and legal actions of the decision being asked (for ``hint``)."""
        self.view: V | None = None
        """The view of the decision being asked (None before the first)."""

    def _names(self, view: V) -> list[str]:
        if self.names is not None and len(self.names) >= view.seats:
            return self.names
        return [f"Seat {s + 1}" for s in range(view.seats)]

    def _say_error(self, message: str) -> None:
        self.console.print(Text(message, style="bold red"))

    def _hint(self) -> None:
        """Answer ``hint``: the best few actions of the decision being asked, each with
        its reason, or how to turn hints on."""
        if self.hint_ms is None:
            self.console.print(Text(NO_HINTS, style="yellow"))
            return
        if self.asking is None:
            return
        from sushigo.agents.hints import hints

        view, legal = self.asking
        ranked = hints(view, legal, ms=self.hint_ms)
        for i, h in enumerate(ranked[:HINT_COUNT], 1):
            line = Text(f"{i}. ", style="bold")
            line.append(h.text, style="bold cyan")
            line.append(f": {h.reason}")
            self.console.print(line)


class HumanAgent(KeyboardPlayer[PlayerView]):
    """A person at the keyboard. Implements the :class:`sushigo.agents.Agent` protocol."""

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if not isinstance(view, PlayerView):
            raise ValueError("the human player needs a view")
        picks: list[Pick] = list(legal)
        self.asking = (view, picks)
        screen = self.show(view) if self.show is not None else turn_screen(view, self._names(view))
        self.console.print(screen)
        chopsticks = "chopsticks" in view.tableaux[0] and len(view.hand) >= 2
        prompt = f"Your card (1-{len(view.hand)} or a name"
        prompt += ", two with +" if chopsticks else ""
        prompt += "; help): "
        while True:
            text = self.input_fn(prompt)
            command = text.strip().lower()
            if command in ("help", "?", "h"):
                self.console.print(HELP)
                self.console.print(numbered(view.hand))
                continue
            if command in ("quit", "exit", "q"):
                raise Quit
            if command in HINT_WORDS:
                self._hint()
                continue
            try:
                cards, dummy = parse_cards(text, view.hand)
                check_cards(cards, dummy, view)
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))
                continue
            if view.controller == 0 and dummy is None:
                dummy = self._ask_dummy(view.hand, cards)
                if dummy is None:
                    continue
            pick = match_legal(cards, dummy, picks)
            if pick is None:  # the checks above should make this impossible
                self._say_error("that pick is not allowed now; type 'help' for the notation")
                continue
            return pick

    def _ask_dummy(self, hand: Sequence[str], own: Sequence[str]) -> str | None:
        """The dummy's card from what is left; None to choose your own card again."""
        rest = list(hand)
        for c in own:
            rest.remove(c)
        self.console.print(Text("Cards left for the dummy:", style="bold"))
        self.console.print(numbered(rest))
        while True:
            text = self.input_fn(f"Card for the dummy (1-{len(rest)} or a name; back): ")
            command = text.strip().lower()
            if command in ("back", "b"):
                return None
            if command in ("quit", "exit", "q"):
                raise Quit
            if command in HINT_WORDS:
                self._hint()
                continue
            try:
                cards, extra = parse_cards(text, rest)
                if extra is not None or len(cards) != 1:
                    raise ParseError("the dummy takes exactly one card")
                if cards[0] not in rest:
                    raise IllegalActionError(
                        f"{card_name(cards[0])} is not among the cards left for the dummy"
                    )
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))
                continue
            return cards[0]


def card_from(word: str, hand: Sequence[str], table: CardTable) -> str:
    """One card: a number in ``hand`` (1-based), or a name."""
    if word.isdigit():
        n = int(word)
        if not 1 <= n <= len(hand):
            raise ParseError(f"there is no card {n}: your cards are numbered 1 to {len(hand)}")
        return hand[n - 1]
    try:
        return table.parse(word)
    except ParseError as exc:
        if "could be" in str(exc):
            # Ambiguous prefix: if exactly one of the candidates is in the hand, take it.
            in_hand = CardTable(table.by_id[c] for c in dict.fromkeys(hand))
            try:
                return in_hand.parse(word)
            except ParseError:
                pass
            raise
        raise ParseError(
            f"unknown card {word.strip()!r}: type a number from 1 to {len(hand)} "
            "or a card name such as "
            f"{', '.join(dict.fromkeys(hand[:3])) or 'tempura'} ('help' for more)"
        ) from None


def parse_cards(
    text: str, hand: Sequence[str], table: CardTable = CLASSIC_CARDS
) -> tuple[tuple[str, ...], str | None]:
    """Read a typed pick into card ids: ``(own cards in order, dummy card or None)``.

    Numbers refer to ``hand`` as listed (1-based); the same number may not be used twice.
    """
    words = text.replace("+", " + ").split()
    if not words:
        raise ParseError("type the number or the name of the card you take ('help' for more)")
    dummy_words: list[str] = []
    groups: list[list[str]] = [[]]
    in_dummy = False
    for word in words:
        if word.lower().startswith("dummy:"):
            if in_dummy:
                raise ParseError("name the dummy's card once, as dummy:CARD")
            in_dummy = True
            if word[6:]:
                dummy_words.append(word[6:])
        elif in_dummy:
            dummy_words.append(word)
        elif word == "+":
            groups.append([])
        else:
            groups[-1].append(word)
    if any(not g for g in groups):
        raise ParseError(f"{text.strip()!r}: '+' must stand between two cards, e.g. 2+5")
    for g in groups:
        if len(g) > 1 and all(w.isdigit() for w in g):
            raise ParseError(f"join two cards with '+', e.g. {'+'.join(g[:2])}")
    numbers = [g[0] for g in groups if len(g) == 1 and g[0].isdigit()]
    if len(numbers) != len(set(numbers)):
        raise ParseError(
            "you named the same card twice; to take two copies, use both of their numbers"
        )
    own = tuple(card_from(" ".join(g), hand, table) for g in groups)
    dummy: str | None = None
    if in_dummy:
        if not dummy_words:
            raise ParseError("name the dummy's card after 'dummy:', e.g. dummy:5")
        dummy = card_from(" ".join(dummy_words), hand, table)
        if dummy_words[0].isdigit() and dummy_words[0] in numbers:
            raise ParseError("the dummy's card must be another card than yours")
    return own, dummy


def check_cards(cards: Sequence[str], dummy: str | None, view: PlayerView) -> None:
    """Explain, in the player's terms, why a pick is not allowed (IllegalActionError)."""
    hand = view.hand
    held = Counter(hand)
    if len(cards) > 2:
        raise IllegalActionError("take one card, or two if you have chopsticks in front of you")
    for c, n in Counter(cards).items():
        if held[c] < n:
            if held[c] == 0:
                raise IllegalActionError(f"you have no {card_name(c)} in your hand")
            raise IllegalActionError(f"you have only {held[c]} {card_name(c)} in your hand")
    controls = view.controller == 0
    if len(cards) == 2:
        if "chopsticks" not in view.tableaux[0]:
            raise IllegalActionError(
                "you can take two cards only with a chopsticks card in front of you "
                "(played on an earlier turn)"
            )
        if len(hand) < (3 if controls else 2):
            raise IllegalActionError("too few cards left in your hand to use chopsticks")
    if dummy is not None:
        if not controls:
            raise IllegalActionError("you do not control the dummy this turn")
        rest = Counter(hand)
        rest.subtract(cards)
        if rest[dummy] <= 0:
            raise IllegalActionError(f"no {card_name(dummy)} is left in your hand for the dummy")


def match_legal(cards: Sequence[str], dummy: str | None, legal: Sequence[Pick]) -> Pick | None:
    """The legal action taking these cards (any order when the order cannot matter)."""
    exact = Pick(tuple(cards), dummy)
    if exact in legal:
        return exact
    want = sorted(cards)
    for pick in legal:
        if pick.dummy == dummy and sorted(pick.cards) == want:
            return pick
    return None
