"""Sushi Roll: what the player whose turn it is decides, as values with a notation
that round-trips: ``tempura`` (take a die), ``menu:`` (re-roll dice of your belt),
``chopsticks:`` (swap a die with another belt)."""

from __future__ import annotations

from typing import Final

from sushigo.core.actions import LazySequence
from sushigo.core.errors import ParseError
from sushigo.games.roll.dice import _F, _NF, FACE_IDS, FACES

TAKE: Final = 0
MENU: Final = 1
CHOPSTICKS: Final = 2
_WORDS: Final = ("take", "menu", "chopsticks")


class RollAction:
    """One decision of the player whose turn it is. A value.

    Notation (round-trips through :func:`parse_roll_action`):
    ``salmon-nigiri`` or ``take:salmon-nigiri`` (take that die; ends the turn),
    ``menu:tempura+maki-1`` (spend a menu token, re-roll those dice of your belt),
    ``chopsticks:tempura,2,maki-3`` (spend a chopsticks token, swap your tempura
    die with seat 2's maki-3 die; seats are absolute).
    """

    __slots__ = ("kind", "face", "seat", "other", "dice")

    kind: int
    """TAKE, MENU or CHOPSTICKS."""
    face: int
    """TAKE: the face taken; CHOPSTICKS: the face given away; else -1."""
    seat: int
    """CHOPSTICKS: the other seat (absolute); else -1."""
    other: int
    """CHOPSTICKS: the face taken from the other belt; else -1."""
    dice: tuple[int, ...]
    """MENU: the faces of the dice re-rolled, in face order; else ()."""

    def __init__(
        self, kind: int, face: int = -1, seat: int = -1, other: int = -1, dice: tuple[int, ...] = ()
    ) -> None:
        self.kind = kind
        self.face = face
        self.seat = seat
        self.other = other
        self.dice = dice

    def _key(self) -> tuple[int, int, int, int, tuple[int, ...]]:
        return (self.kind, self.face, self.seat, self.other, self.dice)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RollAction):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        if self.kind == TAKE:
            return FACE_IDS[self.face]
        if self.kind == MENU:
            return "menu:" + "+".join([FACE_IDS[f] for f in self.dice])
        return f"chopsticks:{FACE_IDS[self.face]},{self.seat},{FACE_IDS[self.other]}"

    def __repr__(self) -> str:
        return f"parse_roll_action({str(self)!r})"

    @property
    def what(self) -> str:
        """``take``, ``menu`` or ``chopsticks``."""
        return _WORDS[self.kind]

    @property
    def faces(self) -> tuple[str, ...]:
        """The faces named, as ids: the die taken, the dice re-rolled, or the two
        dice swapped (yours, then theirs)."""
        if self.kind == TAKE:
            return (FACE_IDS[self.face],)
        if self.kind == MENU:
            return tuple([FACE_IDS[f] for f in self.dice])
        return (FACE_IDS[self.face], FACE_IDS[self.other])


_TAKES: Final[tuple[RollAction, ...]] = tuple(RollAction(TAKE, f) for f in range(_NF))


def take(face: str) -> RollAction:
    """The action of taking a die showing ``face`` (an id)."""
    return _TAKES[_F[face]]


def reroll(*faces: str) -> RollAction:
    """The action of spending a menu token to re-roll dice showing ``faces``."""
    return RollAction(MENU, dice=tuple(sorted(_F[f] for f in faces)))


def swap(mine: str, seat: int, theirs: str) -> RollAction:
    """The action of spending a chopsticks token to swap two dice."""
    return RollAction(CHOPSTICKS, _F[mine], seat, _F[theirs])


def _face(text: str) -> int:
    return _F[FACES.parse(text)]


def parse_roll_action(text: str) -> RollAction:
    """Read an action's notation; faces may be ids, names or unique prefixes.

    >>> str(parse_roll_action("menu: tempura + maki 1"))
    'menu:tempura+maki-1'
    >>> str(parse_roll_action("chopsticks: squid, 2, dumpling"))
    'chopsticks:squid-nigiri,2,dumpling'
    >>> str(parse_roll_action("take:salmon"))
    'salmon-nigiri'
    """
    head, sep, rest = text.strip().partition(":")
    word = head.strip().lower()
    if not sep:
        return _TAKES[_face(text)]
    if word == "take":
        return _TAKES[_face(rest)]
    if word == "menu":
        names = [p for p in rest.replace(",", "+").split("+") if p.strip()]
        if not names:
            raise ParseError("menu: name the dice to re-roll, e.g. 'menu:tempura+maki-1'")
        return RollAction(MENU, dice=tuple(sorted(_face(n) for n in names)))
    if word == "chopsticks":
        parts = [p.strip() for p in rest.split(",")]
        if len(parts) != 3 or not parts[1].isdigit():
            raise ParseError(
                "chopsticks: write your die, the other seat and their die, "
                "e.g. 'chopsticks:tempura,2,maki-3'"
            )
        return RollAction(CHOPSTICKS, _face(parts[0]), int(parts[1]), _face(parts[2]))
    raise ParseError(
        f"{text.strip()!r}: an action is a die to take ('tempura'), "
        "'menu:DIE+DIE' or 'chopsticks:YOURS,SEAT,THEIRS'"
    )


_MENU_BASE: Final = 1 << 12
_CHOP_BASE: Final = 1 << 8


def action_id(action: RollAction) -> int:
    """A stable integer per action: takes 0-16, chopsticks from 256, menus from 4096.

    >>> [action_id(parse_roll_action(t)) for t in ("dumpling", "menu:dumpling")]
    [0, 4097]
    """
    if action.kind == TAKE:
        return action.face
    if action.kind == CHOPSTICKS:
        return _CHOP_BASE + (action.face * 8 + action.seat) * _NF + action.other
    number = 0
    for f in action.dice:
        number = number * (_NF + 1) + f + 1
    return _MENU_BASE + number


def action_from_id(number: int) -> RollAction:
    """Inverse of :func:`action_id`; ValueError for a number that is no action."""
    if 0 <= number < _NF:
        return _TAKES[number]
    if _CHOP_BASE <= number < _CHOP_BASE + _NF * 8 * _NF:
        q, other = divmod(number - _CHOP_BASE, _NF)
        face, seat = divmod(q, 8)
        return RollAction(CHOPSTICKS, face, seat, other)
    if number > _MENU_BASE:
        dice: list[int] = []
        rest = number - _MENU_BASE
        while rest:
            rest, digit = divmod(rest, _NF + 1)
            if digit == 0:
                raise ValueError(f"no action has id {number}")
            dice.append(digit - 1)
        return RollAction(MENU, dice=tuple(sorted(dice)))
    raise ValueError(f"no action has id {number}")


class TurnChoices(LazySequence[RollAction]):
    """Every decision of the seat whose turn it is, built on demand: each distinct
    die to take, then each chopsticks swap, then each menu re-roll."""

    def __init__(self, belt: list[int], chops: list[tuple[int, int, int]], menus: bool) -> None:
        distinct: list[int] = []
        counts: list[int] = []
        last = -1
        for f in belt:
            if f == last:
                counts[-1] += 1
            else:
                distinct.append(f)
                counts.append(1)
                last = f
        self._distinct = distinct
        self._counts = counts
        self._chops = chops
        self._menus = menus
        n_chop = 0
        mine = len(distinct)
        for _seat, theirs, width in chops:
            n_chop += mine * width
            for f in distinct:
                if (theirs >> f) & 1:
                    n_chop -= 1
        self._n_chop = n_chop
        n_menu = 0
        if menus:
            n_menu = 1
            for c in counts:
                n_menu *= c + 1
            n_menu -= 1
        self._size = mine + n_chop + n_menu

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is one of these decisions, without listing them."""
        if not isinstance(action, RollAction):
            return False
        if action.kind == TAKE:
            return action.face in self._distinct
        if action.kind == CHOPSTICKS:
            if action.face == action.other or action.face not in self._distinct:
                return False
            for seat, theirs, _width in self._chops:
                if seat == action.seat:
                    return 0 <= action.other < _NF and bool((theirs >> action.other) & 1)
            return False
        if action.kind != MENU or not self._menus or not action.dice:
            return False
        for f in set(action.dice):
            if f not in self._distinct:
                return False
            if action.dice.count(f) > self._counts[self._distinct.index(f)]:
                return False
        return True

    def _item(self, index: int) -> RollAction:
        distinct = self._distinct
        if index < len(distinct):
            return _TAKES[distinct[index]]
        index -= len(distinct)
        if index < self._n_chop:
            for seat, theirs, width in self._chops:
                size = len(distinct) * width
                for f in distinct:
                    if (theirs >> f) & 1:
                        size -= 1
                if index >= size:
                    index -= size
                    continue
                for mine in distinct:
                    row = width - ((theirs >> mine) & 1)
                    if index >= row:
                        index -= row
                        continue
                    bits = theirs & ~(1 << mine)
                    while index:
                        bits &= bits - 1
                        index -= 1
                    other = 0
                    while not (bits >> other) & 1:
                        other += 1
                    return RollAction(CHOPSTICKS, mine, seat, other)
            raise IndexError(index)
        index -= self._n_chop
        # menus: a mixed-radix count of each distinct face, skipping the empty one
        index += 1
        dice: list[int] = []
        counts = self._counts
        for j in range(len(distinct)):
            c = counts[j] + 1
            k = index % c
            index //= c
            f = distinct[j]
            while k:
                dice.append(f)
                k -= 1
        return RollAction(MENU, -1, -1, -1, tuple(dice))
