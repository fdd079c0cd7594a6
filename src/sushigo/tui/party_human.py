"""The human player of Sushi Go Party!: shows the table and asks for every decision.

The pick (every turn):

* a number from your hand as listed (``3``), or a card name (``tempura``, ``maki 2``,
  a unique prefix);
* a special order asks what it copies next, or say it at once: ``3=maki 3``,
  ``special order as tempura`` (``flipped`` copies a face-down card);
* with a chopsticks or spoon in front of you from an earlier turn you are asked
  whether to use it this turn, or add ``call`` at once: ``3 call``, ``3 call spoon``.

In the middle of a turn you are asked only what you must decide: the second card
for your chopsticks, the card your spoon asks for, the card you give to a spoon,
the card you play from your menu, what a special order copies, the cards your
takeout box flips (``1,3``, ``all`` or ``none``).

At any question: ``help`` explains it, ``menu`` shows the menu, ``table`` the
table again, ``hint`` the greedy bot's choice (with ``--hints``), ``quit`` leaves
the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from sushigo.agents.base import View
from sushigo.core.cards import CardTable
from sushigo.core.errors import IllegalActionError, ParseError
from sushigo.games.party import PartyView, Pending
from sushigo.games.party.actions import Choice, PartyPick, parse_ask
from sushigo.games.party.cards import PARTY_CARDS
from sushigo.games.party.scoring import FLIPPED, Played, parse_played
from sushigo.present.party import ask_name, card_name, target_name
from sushigo.tui.human import HINT_WORDS, KeyboardPlayer, Quit, card_from
from sushigo.tui.party_screen import (
    ask_text,
    card_text,
    menu_table,
    played_label,
    played_text,
    seat_name,
    turn_screen,
)
from sushigo.tui.screen import numbered

SPECIAL_ORDER = "special-order"

HELP: dict[str, str] = {
    "pick": (
        "Type the number of a card in your hand, or its name (a unique prefix will do: "
        "'squid', 'maki 2'). A special order asks what it copies next; or say it at once: "
        "'3=maki 3', 'special order as tempura', '3=flipped' for a face-down card. With a "
        "chopsticks or spoon in front of you from an earlier turn, you are asked whether "
        "to use it; or add 'call' at once: '3 call', '3 call spoon-5'. ('menu' alone shows "
        "the menu: for a menu card type its number or 'menu 7'.)"
    ),
    "copy": (
        "Your special order counts as a copy of one card you played earlier this round. "
        "Type its number in the list, or its name; 'flipped' copies a face-down card "
        "(worth 2)."
    ),
    "call": (
        "A chopsticks or spoon you played on an earlier turn may be used now, once per "
        "turn. Chopsticks: after the reveal you play a second card from your hand. Spoon: "
        "you name a card; the first player to your left holding it gives it to you. "
        "Answer y or n (or the number of the card to use)."
    ),
    "take": (
        "Your chopsticks let you play a second card from your hand now. Type its number "
        "in your hand, or its name. The chopsticks go into your hand."
    ),
    "ask": (
        "Your spoon asks for a card. Name a kind (any nigiri, any maki...) or an exact "
        "card (salmon nigiri): type its number in the list or its name. The first player "
        "to your left holding one gives it to you; nobody has it: the spoon is discarded."
    ),
    "give": (
        "A spoon asks you for a card and you hold more than one that matches. Type the "
        "number or the name of the one you give; you get the spoon in exchange."
    ),
    "order": (
        "Your menu drew these cards (only you see them). Type the number or the name of "
        "the one you play now; a menu cannot be played. The others go back into the deck."
    ),
    "flip": (
        "Your takeout box may flip any of the cards you played on earlier turns this round "
        "face-down: each is then worth 2 and nothing else. Type their numbers separated by "
        "commas ('1,3'), 'all', or 'none'."
    ),
}
"""What each question means and how to answer it."""

_YES = ("y", "yes")
_NO = ("", "n", "no")


class Back(Exception):
    """The human typed ``back`` at a follow-up question."""


def flippable(view: PartyView) -> list[Played]:
    """The viewer's cards a takeout box may flip: played on earlier turns, face-up."""
    return [p for p in view.tableaux[0][: view.earlier[0]] if not p.flipped]


class PartyHumanAgent(KeyboardPlayer[PartyView]):
    """A person at the keyboard playing Sushi Go Party! (the Agent protocol)."""

    # -- helpers ----------------------------------------------------------------

    def _screen(self, view: PartyView) -> RenderableType:
        if self.show is not None:
            return self.show(view)
        return turn_screen(view, self._names(view))

    def _read(self, prompt: str, help_key: str, *, back: bool = False) -> str:
        """One answer; handles help, menu, table, quit (and back when allowed)."""
        view = self.view
        while True:
            text = self.input_fn(prompt)
            command = text.strip().lower()
            if command in ("help", "?", "h"):
                self.console.print(HELP[help_key])
                self.console.print(
                    "Any time: 'menu' shows the menu, 'table' the table, 'quit' leaves."
                    + (" 'back' goes back to your pick." if back else "")
                )
                continue
            if command == "menu" and view is not None:
                self.console.print(menu_table(view.ruleset.menu, view.seats))
                continue
            if command == "table" and view is not None:
                self.console.print(self._screen(view))
                continue
            if command in ("quit", "exit", "q"):
                raise Quit
            if command in HINT_WORDS:
                self._hint()
                continue
            if back and command in ("back", "b"):
                raise Back
            return text

    def _choose(
        self,
        prompt: str,
        help_key: str,
        items: Sequence[str],
        parse: Callable[[str], str],
        allowed: Callable[[str], str | None],
        *,
        back: bool = False,
    ) -> str:
        """Ask until the answer names one of ``items`` (by number) or an allowed item
        (by name): ``parse`` reads a name, ``allowed`` says why an item is refused."""
        while True:
            text = self._read(prompt, help_key, back=back).strip()
            try:
                if text.isdigit():
                    n = int(text)
                    if not 1 <= n <= len(items):
                        raise ParseError(f"there is no {n}: choose from 1 to {len(items)}")
                    item = items[n - 1]
                else:
                    if not text:
                        raise ParseError(
                            f"type a number from 1 to {len(items)} or a name ('help' for more)"
                        )
                    item = parse(text)
                why = allowed(item)
                if why is not None:
                    raise IllegalActionError(why)
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))
                continue
            return item

    # -- the Agent protocol -------------------------------------------------------

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if not isinstance(view, PartyView):
            raise ValueError("the Party human player needs a Party view")
        self.view = view
        self.asking = (view, legal)
        self.console.print(self._screen(view))
        pending = view.pending
        if pending is None:
            return self._pick(view, list(legal))
        choices: list[Choice] = [c for c in legal if isinstance(c, Choice)]
        if pending.kind == "flip":
            return self._flip(view, pending, legal)
        if pending.kind == "take":
            return self._take(view, pending, choices)
        if pending.kind == "ask":
            return self._ask(view, pending, choices)
        if pending.kind == "give":
            return self._give(view, pending, choices)
        if pending.kind == "order":
            return self._order(view, pending, choices)
        return self._copy_choice(view, choices)

    # -- the pick -----------------------------------------------------------------

    def _pick(self, view: PartyView, legal: list[PartyPick]) -> PartyPick:
        hand = view.hand
        if len(hand) == 1 and all(p.card == SPECIAL_ORDER for p in legal):
            # The last card is a special order: only its copy is chosen.
            last = [p.copy for p in legal if p.copy is not None]
            self.console.print(Text("Your last card is a special order.", style="bold"))
            return _only(legal, SPECIAL_ORDER, self._copy_target(last, back=False), None)
        calls = sorted({p.call for p in legal if p.call is not None}, key=_call_order)
        prompt = f"Your card (1-{len(hand)} or a name"
        if calls:
            prompt += "; add 'call' to use " + " or ".join(
                played_label(parse_played(c)) for c in calls
            )
        prompt += "; help): "
        while True:
            text = self._read(prompt, "pick")
            try:
                card, target, call_spec = self._parse_pick(text, hand)
                if card not in hand:
                    raise IllegalActionError(f"you have no {card_name(card)} in your hand")
                targets = [p.copy for p in legal if p.card == card and p.copy is not None]
                copy: str | None = None
                if target is not None:
                    if card != SPECIAL_ORDER:
                        raise IllegalActionError("only a special order copies a card")
                    copy = _target(target, targets)
                call: str | None = None
                if call_spec is not None:
                    call = _call(call_spec, calls)
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))
                continue
            try:
                if card == SPECIAL_ORDER and copy is None:
                    copy = self._special_order_target(list(dict.fromkeys(targets)))
                if call_spec is None and calls:
                    call = self._ask_call(calls)
            except Back:
                continue
            pick = PartyPick(card, copy, call)
            if pick not in legal:  # the checks above should make this impossible
                self._say_error("that pick is not allowed now; type 'help' for the notation")
                continue
            return pick

    def _parse_pick(self, text: str, hand: Sequence[str]) -> tuple[str, str | None, str | None]:
        """``(card, copy target text or None, call text or None)`` of a typed pick."""
        raw = " ".join(text.strip().split())
        if not raw:
            raise ParseError("type the number or the name of the card you take ('help' for more)")
        call_spec: str | None = None
        m = re.search(r"(?:^|\s)call\b:?\s*(.*)$", raw, re.IGNORECASE)
        if m:
            call_spec = m.group(1).strip()
            raw = raw[: m.start()].strip()
            if not raw:
                raise ParseError("name your card before 'call', e.g. '3 call'")
        target: str | None = None
        m = re.search(r"\s*(?:=|\bas\b)\s*", raw, re.IGNORECASE)
        if m and m.start() > 0:
            target = raw[m.end() :].strip()
            raw = raw[: m.start()].strip()
            if not target:
                raise ParseError("say what the special order copies after '=', e.g. '3=tempura'")
        return card_from(raw, hand, PARTY_CARDS), target, call_spec

    def _special_order_target(self, targets: list[str]) -> str | None:
        if not targets:
            answer = self._read(
                "Your special order has nothing to copy yet and will be discarded. "
                "Play it anyway? [y/N]: ",
                "copy",
                back=True,
            )
            if answer.strip().lower() in _YES:
                return None
            raise Back
        return self._copy_target(targets, back=True)

    def _copy_target(self, targets: list[str], *, back: bool) -> str:
        if len(targets) == 1:
            self.console.print(
                f"Your special order copies {target_name(targets[0])} (the only card it can)."
            )
            return targets[0]
        self.console.print(Text("Your special order may copy:", style="bold"))
        self.console.print(numbered(targets, _target_text))
        return self._choose(
            f"Copy which card? (1-{len(targets)} or a name" + ("; back" if back else "") + "): ",
            "copy",
            targets,
            lambda text: _target(text, targets),
            lambda t: None,
            back=back,
        )

    def _ask_call(self, calls: list[str]) -> str | None:
        if len(calls) == 1:
            name = played_label(parse_played(calls[0]))
            kind = parse_played(calls[0]).kind
            what = (
                "play a second card after the reveal"
                if kind == "chopsticks"
                else "ask a player for a card"
            )
            while True:
                answer = self._read(
                    f"Use {name} this turn ({what})? [y/N]: ", "call", back=True
                ).strip()
                if answer.lower() in _YES or answer == "1":
                    return calls[0]
                if answer.lower() in _NO or answer == "0":
                    return None
                self._say_error("answer y or n")
        self.console.print(Text("You may use one bonus card this turn:", style="bold"))
        self.console.print(Text(" 0 no bonus card"))
        self.console.print(numbered(calls, lambda c: played_text(parse_played(c))))
        while True:
            answer = self._read(
                f"Use one this turn? (0-{len(calls)}) [0]: ", "call", back=True
            ).strip()
            if answer.lower() in _NO or answer == "0":
                return None
            try:
                return _call(answer, calls)
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))

    # -- mid-turn decisions -------------------------------------------------------------

    def _take(self, view: PartyView, pending: Pending, choices: list[Choice]) -> Choice:
        cards = [c.cards[0] for c in choices]
        hand = view.hand
        chopsticks = played_label(parse_played(pending.card))

        def allowed(card: str) -> str | None:
            return None if card in cards else f"you have no {card_name(card)} in your hand"

        card = self._choose(
            f"{chopsticks}: your second card (1-{len(hand)} or a name): ",
            "take",
            hand,
            lambda text: card_from(text, hand, PARTY_CARDS),
            allowed,
        )
        return _choice(choices, "take", card)

    def _ask(self, view: PartyView, pending: Pending, choices: list[Choice]) -> Choice:
        names = [c.cards[0] for c in choices]
        spoon = played_label(parse_played(pending.card))
        self.console.print(Text(f"{spoon}: you may ask for", style="bold"))
        self.console.print(numbered(names, ask_text))

        def allowed(name: str) -> str | None:
            if name in names:
                return None
            return f"{ask_name(name)} is not on the menu; ask for one of the cards listed"

        name = self._choose(
            f"Ask for which card? (1-{len(names)} or a name): ", "ask", names, parse_ask, allowed
        )
        return _choice(choices, "ask", name)

    def _give(self, view: PartyView, pending: Pending, choices: list[Choice]) -> Choice:
        cards = [c.cards[0] for c in choices]
        owner = seat_name(self._names(view), view, pending.owner)
        spoon = played_label(parse_played(pending.card))
        self.console.print(
            Text(
                f"{owner}'s {spoon} asks for {ask_name(pending.detail)}, and you hold "
                "more than one. You give one of:",
                style="bold",
            )
        )
        self.console.print(numbered(cards, card_text))

        def allowed(card: str) -> str | None:
            if card in cards:
                return None
            return f"you cannot give {card_name(card)}: give one of the cards listed"

        card = self._choose(
            f"Give which card? (1-{len(cards)} or a name): ",
            "give",
            cards,
            lambda text: card_from(text, cards, PARTY_CARDS),
            allowed,
        )
        return _choice(choices, "give", card)

    def _order(self, view: PartyView, pending: Pending, choices: list[Choice]) -> Choice:
        cards = [c.cards[0] for c in choices]
        drawn = list(view.drawn) or cards
        menu = played_label(parse_played(pending.card))
        self.console.print(Text(f"Your {menu} drew (only you see them):", style="bold"))
        self.console.print(numbered(cards, card_text))
        menus = [c for c in drawn if c not in cards]
        if menus:
            line = Text("Also drawn, but a menu cannot be played from a menu: ", style="dim")
            line.append_text(Text(", ".join(card_name(c) for c in menus), style="dim"))
            self.console.print(line)

        def allowed(card: str) -> str | None:
            if card in cards:
                return None
            if card in drawn:
                return "a menu cannot be played from a menu: choose another card"
            return f"{card_name(card)} was not drawn: choose one of the cards listed"

        card = self._choose(
            f"Play which card? (1-{len(cards)} or a name): ",
            "order",
            cards,
            lambda text: card_from(text, drawn, PARTY_CARDS),
            allowed,
        )
        return _choice(choices, "order", card)

    def _copy_choice(self, view: PartyView, choices: list[Choice]) -> Choice:
        targets = [c.cards[0] for c in choices]
        self.console.print(Text("You play a special order.", style="bold"))
        return _choice(choices, "copy", self._copy_target(targets, back=False))

    def _flip(self, view: PartyView, pending: Pending, legal: Sequence[Any]) -> Choice:
        cards = flippable(view)
        box_name = played_label(parse_played(pending.card))
        self.console.print(
            Text(f"Your {box_name} may flip any of these face-down (2 points each):", style="bold")
        )
        self.console.print(
            numbered([p.token for p in cards], lambda t: played_text(parse_played(t)))
        )
        prompt = "Flip which? (numbers like 1,3; all; none): "
        while True:
            text = self._read(prompt, "flip").strip().lower()
            try:
                chosen = _flip_selection(text, cards)
            except ParseError as exc:
                self._say_error(str(exc))
                continue
            choice = Choice("flip", tuple(sorted(p.token for p in chosen)))
            if choice not in legal:
                self._say_error("those cards cannot be flipped; 'help' explains")
                continue
            return choice


# ---------------------------------------------------------------------------
# Reading answers


def _call_order(token: str) -> tuple[int, int]:
    p = parse_played(token)
    number = int(p.counts_as.rsplit("-", 1)[1])
    return number, 1 if p.copies is not None else 0


def _target_text(target: str) -> Text:
    if target == FLIPPED:
        return Text("a face-down card (worth 2)", style="dim")
    return card_text(target)


def _target(text: str, targets: Sequence[str]) -> str:
    """What a special order copies, read from a name: one of ``targets``."""
    key = text.strip().lower()
    if key in (FLIPPED, "face-down", "face down", "facedown"):
        card = FLIPPED
    else:
        try:
            card = PARTY_CARDS.parse(key)
        except ParseError as exc:
            if "could be" not in str(exc):
                raise
            real = [t for t in dict.fromkeys(targets) if t != FLIPPED]
            card = CardTable(PARTY_CARDS.by_id[t] for t in real).parse(key)
    if card not in targets:
        if not targets:
            raise IllegalActionError("there is nothing in front of you to copy yet")
        have = ", ".join(target_name(t) for t in dict.fromkeys(targets))
        raise IllegalActionError(
            f"your special order can copy only a card you played earlier this round: {have}"
        )
    return card


def _call(spec: str, calls: Sequence[str]) -> str:
    """The bonus card to call: ``""`` (the only one), a number, a kind or a card."""
    if not calls:
        raise IllegalActionError(
            "you have no chopsticks or spoon from an earlier turn to call (or only one card "
            "left in your hand)"
        )
    text = spec.strip().lower()
    if not text:
        if len(calls) == 1:
            return calls[0]
        names = " or ".join(played_label(parse_played(c)) for c in calls)
        raise ParseError(f"say which card you call: {names} (e.g. 'call 2')")
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(calls):
            raise ParseError(f"there is no bonus card {n}: choose from 1 to {len(calls)}")
        return calls[n - 1]
    if text in ("chopsticks", "spoon"):
        found = [c for c in calls if parse_played(c).kind == text]
    else:
        token = parse_played(text).token
        found = [c for c in calls if c == token]
    if len(found) == 1:
        return found[0]
    names = " or ".join(played_label(parse_played(c)) for c in calls)
    if not found:
        raise IllegalActionError(f"you can call {names} this turn, not {spec.strip()}")
    raise ParseError(f"say which one: {names}")


def _flip_selection(text: str, cards: Sequence[Played]) -> list[Played]:
    """The cards chosen for a takeout box: numbers, names, ``all`` or ``none``."""
    if text in ("none", "nothing", "0", "-"):
        return []
    if text == "all":
        return list(cards)
    if not text:
        raise ParseError("type the numbers of the cards to flip (e.g. 1,3), 'all' or 'none'")
    parts = [p.strip() for p in re.split(r"[,\s]+", text) if p.strip()]
    chosen: list[int] = []
    for part in parts:
        if part.isdigit():
            n = int(part)
            if not 1 <= n <= len(cards):
                raise ParseError(f"there is no card {n}: they are numbered 1 to {len(cards)}")
            if n - 1 in chosen:
                raise ParseError(f"card {n} is named twice")
            chosen.append(n - 1)
            continue
        try:
            card = PARTY_CARDS.parse(part)
        except ParseError:
            raise ParseError(
                f"unknown card {part!r}: type numbers from the list, 'all' or 'none'"
            ) from None
        free = [i for i, p in enumerate(cards) if p.card == card and i not in chosen]
        if not free:
            raise ParseError(f"no other {card_name(card)} can be flipped")
        chosen.append(free[0])
    return [cards[i] for i in sorted(chosen)]


def _only(legal: Sequence[PartyPick], card: str, copy: str | None, call: str | None) -> PartyPick:
    pick = PartyPick(card, copy, call)
    assert pick in legal, pick
    return pick


def _choice(choices: Sequence[Choice], kind: str, card: str) -> Choice:
    for c in choices:
        if c.kind == kind and c.cards == (card,):
            return c
    raise AssertionError(f"{kind}:{card} is not legal")
