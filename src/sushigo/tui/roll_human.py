"""The human player of Sushi Roll: shows the table and asks for one decision at a time.

Your turn is a series of decisions: any number of token uses, then the die you
take, which ends the turn. At the prompt:

* a die to take: its number on your belt as listed (``3``), its face (``tempura``,
  ``maki 3``, a unique prefix), or ``take tempura`` / ``take:tempura``;
* a menu token re-rolls dice of your belt: ``m`` (you are asked which), or at once
  ``m 1,3``, ``m tempura+maki 1``, ``m all``, ``menu:tempura+maki-1``;
* a chopsticks token swaps a die of your belt with a die of another player's belt:
  ``c`` (you are asked your die, whose belt, their die), or at once
  ``c tempura,2,maki 3`` / ``chopsticks:tempura,2,maki-3`` (your die, the other
  player's seat number or name, their die; numbers count along the belts);
* ``menu`` or ``chopsticks`` alone use a token when you have no such die to take,
  take the die when you have no token, and ask which you mean when both are possible.

At any question: ``help`` explains it, ``table`` shows the table again, ``hint``
ranks your options (with ``--hints``), ``quit`` leaves the game; ``back`` returns
from a follow-up question to your move.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.console import RenderableType
from rich.text import Text

from sushigo.core.cards import CardTable
from sushigo.core.errors import IllegalActionError, ParseError
from sushigo.games.roll import CHOPSTICKS, MENU, RollAction, RollView, reroll, swap, take
from sushigo.games.roll.dice import FACES
from sushigo.present.roll import face_name
from sushigo.tui.human import HINT_WORDS, KeyboardPlayer, Quit
from sushigo.tui.roll_screen import dice_text, face_text, turn_screen
from sushigo.tui.screen import numbered

HELP: dict[str, str] = {
    "move": (
        "Take one die from your belt: type its number as listed, or its face ('tempura', "
        "'maki 3', 'squid'). Taking a die ends your turn. Before that you may use tokens, "
        "as often as you have them: 'm' spends a menu token to re-roll dice of your belt "
        "(or at once: 'm 1,3', 'm tempura+maki 1', 'm all', 'menu:tempura+maki-1'); 'c' "
        "spends a chopsticks token to swap one die of your belt with one die of another "
        "player's belt, faces unchanged (or at once: 'c tempura,2,maki 3', "
        "'chopsticks:tempura,2,maki-3': your die, their seat number or name, their die). "
        "To take a die showing a menu or chopsticks, type its number or 'take menu'."
    ),
    "reroll": (
        "Your menu token re-rolls any dice of your belt: type their numbers as listed "
        "('1,3'), their faces ('tempura+maki 1'), or 'all'. 'back' keeps the token."
    ),
    "mine": (
        "Chopsticks: first, the die of your belt you give away. Type its number as listed "
        "or its face. 'back' keeps the token."
    ),
    "seat": (
        "Chopsticks: whose belt you take a die from. Type the player's seat number (shown "
        "in the table) or name. Dice on trays can never be swapped. 'back' keeps the token."
    ),
    "theirs": (
        "Chopsticks: the die you take from that belt, in exchange for yours. Type its "
        "number as listed or its face. 'back' keeps the token."
    ),
    "which": (
        "Answer 't' to take the die from your belt, or 'u' to spend a token. "
        "'back' returns to your move."
    ),
}
"""What each question means and how to answer it."""

_QUIT = ("quit", "exit", "q")
_HELP = ("help", "?", "h")
_TAKE_WORDS = ("take", "t")
_MENU_WORDS = ("m", "r", "reroll", "re-roll")
_CHOP_WORDS = ("c", "swap")

T = TypeVar("T")


class Back(Exception):
    """The human typed ``back`` at a follow-up question."""


class RollHumanAgent(KeyboardPlayer[RollView]):
    """A person at the keyboard playing Sushi Roll (the Agent protocol).

    Every answer is checked against the legal actions; a refused answer gets a
    one-line reason and the question again.
    """

    # -- helpers ------------------------------------------------------------------

    def _screen(self, view: RollView) -> RenderableType:
        if self.show is not None:
            return self.show(view)
        return turn_screen(view, self._names(view))

    def _read(self, prompt: str, help_key: str, *, back: bool = False) -> str:
        """One answer; handles help, table, quit (and back when allowed)."""
        while True:
            text = self.input_fn(prompt)
            command = text.strip().lower()
            if command in _HELP:
                self.console.print(HELP[help_key])
                self.console.print(
                    "Any time: 'table' shows the table, 'quit' leaves the game."
                    + (" 'back' returns to your move." if back else "")
                )
                continue
            if command == "table" and self.view is not None:
                self.console.print(self._screen(self.view))
                continue
            if command in _QUIT:
                raise Quit
            if command in HINT_WORDS:
                self._hint()
                continue
            if back and command in ("back", "b"):
                raise Back
            return text

    # -- the Agent protocol -------------------------------------------------------

    def act(self, view: object, legal: Sequence[Any]) -> RollAction:
        """Show the table and read one decision of the human's turn."""
        if not isinstance(view, RollView):
            raise ValueError("the Sushi Roll human player needs a Sushi Roll view")
        self.view = view
        self.asking = (view, legal)
        self.console.print(self._screen(view))
        belt = view.belts[0]
        numbers = "1" if len(belt) == 1 else f"1-{len(belt)}"
        prompt = f"Your move (take {numbers} or a face"
        if view.menus[0]:
            prompt += "; m = menu re-roll"
        if view.chopsticks[0]:
            prompt += "; c = chopsticks swap"
        prompt += "; help): "
        while True:
            text = self._read(prompt, "move")
            try:
                action = self._move(text, view)
                why = refusal(action, view, self._names(view))
                if why is not None:
                    raise IllegalActionError(why)
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))
                continue
            except Back:
                continue
            if action not in legal:  # the checks above should make this impossible
                self._say_error("that move is not allowed now; type 'help' for the notation")
                continue
            return action

    # -- reading a move -----------------------------------------------------------

    def _move(self, text: str, view: RollView) -> RollAction:
        """The action a typed move names (or ParseError, IllegalActionError, Back)."""
        belt = view.belts[0]
        raw = " ".join(text.strip().split())
        low = raw.lower()
        if not raw:
            raise ParseError(
                "type the number or the face of the die you take, 'm' or 'c' ('help' for more)"
            )
        head, colon, rest = raw.partition(":")
        if colon:
            word = head.strip().lower()
            if word in _TAKE_WORDS:
                return take(die_from(rest, belt, "your belt"))
            if word in ("menu", *_MENU_WORDS):
                return self._menu(rest, view)
            if word in ("chopsticks", "chop", *_CHOP_WORDS):
                return self._chopsticks(rest, view)
            raise ParseError(
                f"{raw!r}: write a die to take ('tempura'), 'menu:DICE' or "
                "'chopsticks:YOURS,SEAT,THEIRS' ('help' for more)"
            )
        first, _, rest = low.partition(" ")
        listed = bool(re.search(r"[+,]", rest))
        if first in _TAKE_WORDS:
            if not rest:
                raise ParseError("say which die to take, e.g. 'take tempura' or 'take 3'")
            return take(die_from(rest, belt, "your belt"))
        if first in _MENU_WORDS or (first == "menu" and listed):
            return self._menu(rest, view)
        if first in _CHOP_WORDS or (first == "chopsticks" and listed):
            return self._chopsticks(rest, view)
        if low in ("menu", "chopsticks"):
            return self._token_or_die(low, view)
        return take(die_from(raw, belt, "your belt"))

    def _token_or_die(self, word: str, view: RollView) -> RollAction:
        """``menu`` or ``chopsticks`` alone: the token, or the die with that face."""
        belt = view.belts[0]
        tokens = view.menus[0] if word == "menu" else view.chopsticks[0]
        faces = [f for f in dict.fromkeys(belt) if f.split("-")[0] == word]
        if not faces:
            if not tokens:
                raise IllegalActionError(
                    f"you have no {word} token left, and no {word} die on your belt"
                )
            return self._menu("", view) if word == "menu" else self._chopsticks("", view)
        if not tokens:
            if len(faces) == 1:
                return take(faces[0])
            raise ParseError(f"say which {word} die: " + " or ".join(face_name(f) for f in faces))
        while True:
            answer = self._read(
                f"Take a {word} die (t) or use a {word} token (u)? ", "which", back=True
            )
            key = answer.strip().lower()
            if key in ("t", "take"):
                if len(faces) == 1:
                    return take(faces[0])
                raise ParseError(
                    f"say which {word} die: " + " or ".join(face_name(f) for f in faces)
                )
            if key in ("u", "use", "token"):
                return self._menu("", view) if word == "menu" else self._chopsticks("", view)
            self._say_error("answer t (take the die) or u (use a token)")

    def _menu(self, rest: str, view: RollView) -> RollAction:
        if not view.menus[0]:
            raise IllegalActionError(
                "you have no menu token left (taking a menu die gives you more)"
            )
        belt = view.belts[0]
        if rest.strip():
            return reroll(*dice_list(rest, belt))
        self.console.print(Text("Your belt:", style="bold"))
        self.console.print(numbered(belt, face_text))
        while True:
            text = self._read(
                "Re-roll which dice? (numbers like 1,3, faces, or all; back): ",
                "reroll",
                back=True,
            )
            try:
                return reroll(*dice_list(text, belt))
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))

    def _chopsticks(self, rest: str, view: RollView) -> RollAction:
        names = self._names(view)
        if not view.chopsticks[0]:
            raise IllegalActionError(
                "you have no chopsticks token left (taking a chopsticks die gives you more)"
            )
        others = [view.absolute(r) for r in range(1, view.seats) if view.belts[r]]
        if not others:
            raise IllegalActionError("no other player has a die on their belt to swap with")
        belt = view.belts[0]
        if rest.strip():
            parts = [p.strip() for p in rest.split(",")]
            if len(parts) != 3 or not all(parts):
                raise ParseError(
                    "chopsticks: write your die, the other seat and their die, "
                    "e.g. 'c tempura,2,maki 3'"
                )
            mine = die_from(parts[0], belt, "your belt")
            seat = seat_from(parts[1], view, names)
            theirs = die_from(parts[2], belt_of(view, seat), f"{names[seat]}'s belt")
            return swap(mine, seat, theirs)
        self.console.print(Text("Your belt:", style="bold"))
        self.console.print(numbered(belt, face_text))
        mine = self._ask(
            f"Chopsticks: your die to give (1-{len(belt)} or a face; back): ",
            "mine",
            lambda text: die_from(text, belt, "your belt"),
        )
        if len(others) == 1:
            seat = others[0]
            self.console.print(f"You swap with {names[seat]}, the only other belt with dice.")
        else:
            for s in others:
                line = Text(f" seat {s}  {names[s]}: ")
                line.append_text(dice_text(belt_of(view, s)))
                self.console.print(line)
            seat = self._ask(
                "Chopsticks: swap with whose belt? (seat number or name; back): ",
                "seat",
                lambda text: seat_from(text, view, names),
            )
        theirs_belt = belt_of(view, seat)
        self.console.print(Text(f"{names[seat]}'s belt:", style="bold"))
        self.console.print(numbered(theirs_belt, face_text))

        def theirs_die(text: str) -> str:
            face = die_from(text, theirs_belt, f"{names[seat]}'s belt")
            if face == mine:
                raise IllegalActionError(
                    "swapping two dice with the same face changes nothing: choose another die"
                )
            return face

        theirs = self._ask(
            f"Chopsticks: the die you take from {names[seat]} (1-{len(theirs_belt)} "
            "or a face; back): ",
            "theirs",
            theirs_die,
        )
        return swap(mine, seat, theirs)

    def _ask(self, prompt: str, help_key: str, parse: Callable[[str], T]) -> T:
        """Ask until ``parse`` accepts the answer (it says why it refuses one)."""
        while True:
            text = self._read(prompt, help_key, back=True)
            try:
                return parse(text)
            except (ParseError, IllegalActionError) as exc:
                self._say_error(str(exc))


# ---------------------------------------------------------------------------
# Reading dice and seats


def belt_of(view: RollView, seat: int) -> tuple[str, ...]:
    """The dice on an absolute seat's belt."""
    return view.belts[(seat - view.seat) % view.seats]


def shows(belt: Sequence[str]) -> str:
    """What a belt shows, for a message."""
    return ", ".join(face_name(f) for f in belt) if belt else "nothing"


def face_from(text: str, among: Sequence[str] = ()) -> str:
    """A face id from a typed name; an ambiguous prefix is settled by ``among`` when only
    one of its candidates is there. ParseError for an unknown or ambiguous name."""
    word = text.strip()
    try:
        return FACES.parse(word)
    except ParseError as exc:
        if "could be" in str(exc):
            present = list(dict.fromkeys(among))
            if present:
                try:
                    return CardTable(FACES.by_id[f.split("+")[-1]] for f in present).parse(word)
                except ParseError:
                    pass
            raise ParseError(f"{word!r} could be several faces: say which (e.g. maki 3)") from None
        raise ParseError(
            f"unknown die {word!r}: type a face such as tempura, maki 3 or squid nigiri, "
            "or a number from the belt ('help' for more)"
        ) from None


def die_from(text: str, belt: Sequence[str], where: str) -> str:
    """One die of ``belt`` (a number as listed, 1-based, or a face); IllegalActionError
    when the belt has no such die."""
    word = text.strip()
    if not word:
        raise ParseError(f"name a die of {where}: its number as listed or its face")
    if word.isdigit():
        n = int(word)
        if not belt:
            raise IllegalActionError(f"{where} is empty")
        if not 1 <= n <= len(belt):
            raise ParseError(
                f"there is no die {n}: the dice of {where} are numbered 1 to {len(belt)}"
            )
        return belt[n - 1]
    face = face_from(word, belt)
    if face not in belt:
        raise IllegalActionError(
            f"there is no {face_name(face)} on {where} (it shows {shows(belt)})"
        )
    return face


def dice_list(text: str, belt: Sequence[str]) -> list[str]:
    """Dice of ``belt`` to re-roll: ``all``, numbers as listed, or faces, separated by
    ``+``, ``,`` or spaces. IllegalActionError when the belt has too few of a face."""
    raw = text.strip()
    if not raw:
        raise ParseError("name the dice to re-roll: numbers like 1,3, faces, or all")
    if raw.lower() == "all":
        return list(belt)
    if re.search(r"[+,]", raw):
        words = [w.strip() for w in re.split(r"[+,]", raw)]
        if not all(words):
            raise ParseError(f"{raw!r}: put one die between each '+' or ','")
    else:
        try:
            words = [raw] if not raw.isdigit() and face_from(raw, belt) else []
        except ParseError:
            words = []
        if not words:
            words = raw.split()
    chosen: list[int] = []
    faces: list[str] = []
    for w in words:
        if w.isdigit():
            n = int(w)
            if not 1 <= n <= len(belt):
                raise ParseError(
                    f"there is no die {n}: the dice of your belt are numbered 1 to {len(belt)}"
                )
            if n in chosen:
                raise ParseError(f"die {n} is named twice")
            chosen.append(n)
            faces.append(belt[n - 1])
        else:
            faces.append(face_from(w, belt))
    have = Counter(belt)
    for face, n in Counter(faces).items():
        if have[face] == 0:
            raise IllegalActionError(
                f"there is no {face_name(face)} on your belt (it shows {shows(belt)})"
            )
        if have[face] < n:
            raise IllegalActionError(f"your belt has only {have[face]} {face_name(face)}")
    return faces


def seat_from(text: str, view: RollView, names: Sequence[str]) -> int:
    """Another player's absolute seat, from its number or its name (a unique prefix)."""
    word = " ".join(text.strip().split()).lower()
    if not word:
        raise ParseError("name the other player: their seat number or name")
    if word.isdigit():
        seat = int(word)
        if not 0 <= seat < view.seats:
            raise IllegalActionError(f"there is no seat {seat}: seats are 0 to {view.seats - 1}")
    else:
        found = [s for s in range(view.seats) if names[s].lower() == word]
        if not found:
            found = [s for s in range(view.seats) if names[s].lower().startswith(word)]
        if len(found) != 1:
            who = ", ".join(f"{names[s]} (seat {s})" for s in range(view.seats) if s != view.seat)
            if not found:
                raise ParseError(f"no player is called {text.strip()!r}: the others are {who}")
            raise ParseError(f"{text.strip()!r} could be several players: {who}")
        seat = found[0]
    if seat == view.seat:
        raise IllegalActionError("chopsticks swap with another player's belt, not your own")
    if not belt_of(view, seat):
        raise IllegalActionError(f"{names[seat]}'s belt is empty: there is nothing to swap")
    return seat


def refusal(action: RollAction, view: RollView, names: Sequence[str]) -> str | None:
    """Why ``action`` is not allowed now, in the player's terms (None when it is)."""
    belt = view.belts[0]
    if action.kind == MENU:
        if not view.menus[0]:
            return "you have no menu token left (taking a menu die gives you more)"
        have = Counter(belt)
        for face, n in Counter(action.faces).items():
            if have[face] < n:
                return (
                    f"there is no {face_name(face)} to re-roll on your belt "
                    f"(it shows {shows(belt)})"
                )
        return None
    if action.kind == CHOPSTICKS:
        mine, theirs = action.faces
        if not view.chopsticks[0]:
            return "you have no chopsticks token left (taking a chopsticks die gives you more)"
        if action.seat == view.seat or not 0 <= action.seat < view.seats:
            return f"chopsticks swap with another player's belt: seat {action.seat} is not one"
        if mine not in belt:
            return f"there is no {face_name(mine)} on your belt (it shows {shows(belt)})"
        other = belt_of(view, action.seat)
        if theirs not in other:
            return (
                f"there is no {face_name(theirs)} on {names[action.seat]}'s belt "
                f"(it shows {shows(other)}); dice on trays can never be swapped"
            )
        if mine == theirs:
            return "swapping two dice with the same face changes nothing"
        return None
    face = action.faces[0]
    if face not in belt:
        return f"there is no {face_name(face)} on your belt (it shows {shows(belt)})"
    return None
