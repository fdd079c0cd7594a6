"""Sushi Roll, the dice game (2-5 players): ``sushigo.make("sushi-roll", players=3)``.

Rules: ../shared/rules/sushi-roll-rulebook.md and FACTS.md. Dice, faces and
scoring are data and pure functions in :mod:`sushigo.games.roll_dice`.

Players take turns one at a time, from the holder of the red-bordered belt
to the left. A turn is a series of decisions by one seat: any number of
``menu:`` (re-roll dice of your belt) and ``chopsticks:`` (swap a die of your
belt with one of another belt) token uses, then the die taken (``tempura``),
which ends the turn. Every roll is a chance event made with the RNG passed
in at that moment: the deal at the start of a round (dice drawn from the bag
and rolled), a menu's re-roll, and the re-roll of every die after the belts
slide. So a copied state knows nothing of future rolls, and a record keeps
every roll.

Everything in Sushi Roll is public but the future: a view holds every belt,
tray and token.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, NamedTuple

from sushigo.core.actions import LazySequence
from sushigo.core.errors import IllegalActionError, OptionsError, ParseError, RecordError
from sushigo.core.records import compare, compare_fields, final_fields, guard, record_rounds
from sushigo.core.ruleset import Ruleset, register
from sushigo.core.state import State
from sushigo.games.roll_dice import (
    DEFAULT_DICE,
    DICE_COUNTS,
    DICE_PER_PLAYER,
    FACE_IDS,
    FACES,
    KIND_OF,
    KINDS,
    SIDES,
    START_CHOPSTICKS,
    START_MENU,
    SUPPLY,
    TRAY_CODE,
    TRAY_IDS,
    check_dice,
    pudding_points,
    roll_winners,
    score_codes,
    token_points,
)

SUMMARY: Final = """\
Sushi Roll - the dice game, 2 to 5 players, 3 rounds.

30 dice: 10 appetizer, 6 maki, 5 nigiri, 5 specials, 4 pudding. Each round every
player draws 8/7/6/5 dice (2/3/4/5 players) from the bag onto their conveyor belt
and rolls them. Everyone starts the game with 2 chopsticks and 3 menu tokens.
Turns go one at a time from the holder of the red-bordered belt, to the left. On
your turn, use any number of tokens, in any order:
  menu: return a menu token, re-roll any of the dice on your belt;
  chopsticks: return a chopsticks token, swap a die on your belt with a die on
    another player's belt (faces unchanged; never a tray);
then take 1 die from your belt onto your tray. A pudding, menu or chopsticks die
gives that many tokens at once (take what is left when the supply runs out). A
nigiri taken while a wasabi on your tray has no nigiri goes on that wasabi.
When everyone has taken a turn, belts slide left and every die on them is
re-rolled; the red belt's new holder starts. At round end the belts stay, but with
3 players they slide left once more. Dice go back into the bag between rounds.

Scoring each round: maki most 6, second 3 (ties take full points); egg 1, salmon 2,
squid 3 nigiri, tripled on a wasabi; appetizers in sets of up to 3: dumpling
2/4/8, tempura 1/5/10, sashimi 0/6/13 (several sets score); a wasabi alone 0.
Game end: pudding tokens most +6, fewest -6 (no -6 with 2 players); 1 point per 2
unused menu and chopsticks tokens. Winner: most points, then most pudding tokens.

Dice faces (the rulebook prints them only on the trays; this is the project's
reconstruction; load your own copy's faces with --dice FILE):
"""

ROUNDS: Final = 3

RULINGS: Final[tuple[str, ...]] = (
    "The faces of the dice are the project's reconstruction (FACTS.md), since the "
    "rulebook prints them only on the trays; --dice FILE loads the faces of your copy.",
    "The red-bordered belt goes to a random seat at the start of the game (drawn "
    "with the first round's dice).",
    "A menu token re-rolls at least one die (re-rolling none would only spend it).",
    "A chopsticks swap needs a die on another player's belt, and is offered only "
    "between dice that differ (swapping equal faces would change nothing).",
    "Pudding tokens are counted by value: the supply holds 32 puddings (14 tokens of 1, "
    "6 of 3) and change is made freely; the 40 scoring tokens never run out.",
    "When every player has the same number of pudding tokens, nobody scores for them "
    "(as in the card games).",
    "A player needs at least one maki icon to score for maki.",
    "Still tied after the pudding tie-break, the win is shared.",
)

_NF: Final = len(FACE_IDS)
_F: Final[dict[str, int]] = {f: i for i, f in enumerate(FACE_IDS)}
_WASABI: Final = _F["wasabi"]
_EGG: Final = _F["egg-nigiri"]
_SQUID: Final = _F["squid-nigiri"]
_STACK0: Final = _NF
"""Tray entries at or above this are a wasabi with a nigiri on it."""
_TRAY_IDS: Final = TRAY_IDS
_TOKEN: Final[tuple[int, ...]] = tuple(
    0
    if f.startswith("menu")
    else 1
    if f.startswith("chopsticks")
    else 2
    if f.startswith("pudding")
    else -1
    for f in FACE_IDS
)
"""The supply slot (menu, chopsticks, pudding) a face's icons take tokens from; -1 none."""
_GAIN: Final[tuple[int, ...]] = tuple(t.icons for t in FACES.types)
"""Tokens a face's icons give (its icons; only read where ``_TOKEN`` is a slot)."""
_KIND: Final[tuple[int, ...]] = KIND_OF
_QUICK: Final[tuple[float, ...]] = (
    0.0,
    0.0,
    0.0,  # appetizers: see _SET_STEP
    1.3,
    2.6,
    3.9,  # maki icons
    1.0,
    2.0,
    3.0,  # nigiri (tripled on a free wasabi)
    2.5,  # wasabi
    0.6,
    1.2,
    0.6,
    1.2,  # tokens
    1.5,
    3.0,
    4.5,  # pudding tokens
)
"""Rough worth of taking each face, for search playouts."""
_SET_STEP: Final[tuple[tuple[int, int, int], ...]] = ((2, 2, 4), (1, 4, 5), (0, 6, 7))
"""Points one more dumpling, tempura or sashimi icon adds, by icons of its set so far."""
_SIX8: Final = 6**8
"""Eight dice rolls in one random float: its base-6 digits (6**8 is far below 2**53)."""
_PACK: Final = 1 << 40
"""Draws from the bag packed into one random float, up to this many outcomes."""

TAKE: Final = 0
MENU: Final = 1
CHOPSTICKS: Final = 2
_WORDS: Final = ("take", "menu", "chopsticks")


# ---------------------------------------------------------------------------
# Actions.


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


# ---------------------------------------------------------------------------
# Chance outcomes.


Codes = tuple[int, ...]
"""Faces as indices into FACE_IDS (the engine's own form)."""


def _codes(faces: Sequence[str]) -> Codes:
    """Face ids as codes; IllegalActionError for a name that is no face."""
    out = []
    for face in faces:
        code = _F.get(face, -1) if isinstance(face, str) else -1
        if code < 0:
            raise IllegalActionError(f"unknown face {face!r}; faces are: {', '.join(FACE_IDS)}")
        out.append(code)
    return tuple(out)


def _names(codes: Codes) -> tuple[str, ...]:
    return tuple([FACE_IDS[c] for c in codes])


class RollDeal:
    """The start of a round: the red belt's holder and every belt's dice as rolled
    (``belts[seat]``, faces in face order). A value.

    ``RollDeal(0, (("tempura", "maki-2"), ...))``; the engine builds it from codes.
    """

    __slots__ = ("red", "codes")

    red: int
    codes: tuple[Codes, ...]

    def __init__(
        self,
        red: int,
        belts: Sequence[Sequence[str]] = (),
        codes: tuple[Codes, ...] | None = None,
    ) -> None:
        self.red = red
        self.codes = (
            codes if codes is not None else tuple([tuple(sorted(_codes(b))) for b in belts])
        )

    @property
    def belts(self) -> tuple[tuple[str, ...], ...]:
        return tuple([_names(b) for b in self.codes])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RollDeal):
            return NotImplemented
        return self.red == other.red and self.codes == other.codes

    def __hash__(self) -> int:
        return hash((self.red, self.codes))

    def __repr__(self) -> str:
        return f"RollDeal(red={self.red}, belts={self.belts!r})"


class Reroll:
    """A menu token's re-roll: the new face of each die re-rolled, in the order the
    action named them. A value."""

    __slots__ = ("codes",)

    codes: Codes

    def __init__(self, faces: Sequence[str] = (), codes: Codes | None = None) -> None:
        self.codes = codes if codes is not None else _codes(faces)

    @property
    def faces(self) -> tuple[str, ...]:
        return _names(self.codes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reroll):
            return NotImplemented
        return self.codes == other.codes

    def __hash__(self) -> int:
        return hash(self.codes)

    def __repr__(self) -> str:
        return f"Reroll(faces={self.faces!r})"


class BeltRoll:
    """After the belts slide: every belt's dice as re-rolled (``belts[seat]``, the
    seat now holding the belt; faces in face order). A value."""

    __slots__ = ("codes",)

    codes: tuple[Codes, ...]

    def __init__(
        self, belts: Sequence[Sequence[str]] = (), codes: tuple[Codes, ...] | None = None
    ) -> None:
        self.codes = (
            codes if codes is not None else tuple([tuple(sorted(_codes(b))) for b in belts])
        )

    @property
    def belts(self) -> tuple[tuple[str, ...], ...]:
        return tuple([_names(b) for b in self.codes])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BeltRoll):
            return NotImplemented
        return self.codes == other.codes

    def __hash__(self) -> int:
        return hash(self.codes)

    def __repr__(self) -> str:
        return f"BeltRoll(belts={self.belts!r})"


RollChance = RollDeal | Reroll | BeltRoll
Step = tuple[int, "RollAction | Reroll | BeltRoll"]


class RollRound:
    """A finished round, as the record keeps it."""

    __slots__ = ("red", "belts", "_steps", "trays", "breakdown", "scores")

    red: int
    belts: tuple[tuple[str, ...], ...]
    trays: tuple[tuple[str, ...], ...]
    breakdown: tuple[dict[str, int], ...]
    scores: tuple[int, ...]

    def __init__(
        self,
        red: int,
        belts: tuple[tuple[str, ...], ...],
        steps: tuple[Step, ...],
        trays: tuple[tuple[str, ...], ...],
        breakdown: tuple[dict[str, int], ...],
        scores: tuple[int, ...],
    ) -> None:
        self.red = red
        self.belts = belts
        self._steps = steps
        self.trays = trays
        self.breakdown = breakdown
        self.scores = scores

    @property
    def steps(self) -> tuple[tuple[int, Any], ...]:
        """Everything after the deal, in order: ``(seat, action text)`` for a decision,
        ``(-1, faces)`` for a menu's re-roll, ``(-2, belts)`` for the roll after a slide."""
        out: list[tuple[int, Any]] = []
        for seat, what in self._steps:
            if isinstance(what, Reroll):
                out.append((-1, what.faces))
            elif isinstance(what, BeltRoll):
                out.append((-2, what.belts))
            else:
                out.append((seat, str(what)))
        return tuple(out)


# ---------------------------------------------------------------------------
# The ruleset.


def _dice_option(dice: object) -> tuple[str | dict[str, list[str]], tuple[tuple[int, ...], ...]]:
    """The ``dice`` option as a record stores it, and each die's faces as face indices."""
    if dice is None or dice == "default":
        table = dict(DEFAULT_DICE)
        option: str | dict[str, list[str]] = "default"
    else:
        table = check_dice(dice)
        option = "default" if table == DEFAULT_DICE else {k: list(v) for k, v in table.items()}
    faces = tuple(tuple(_F[f] for f in table[k]) for k in KINDS)
    return option, faces


class RollRuleset(Ruleset["RollState", "RollView", RollAction]):
    """Sushi Roll with one face table."""

    name: ClassVar[str] = "sushi-roll"
    title: ClassVar[str] = "Sushi Roll"

    def __init__(self, players: object = 4, dice: object = "default") -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionsError(f"players must be a whole number, not {players!r}")
        if players not in DICE_PER_PLAYER:
            raise OptionsError(f"Sushi Roll is for 2 to 5 players, not {players}")
        self.players = players
        self.seats = players
        option, faces = _dice_option(dice)
        self.options = {"dice": option}
        self.dice: tuple[tuple[int, ...], ...] = faces
        """Each die kind's six faces (face indices), in KINDS order."""
        self.per_player: int = DICE_PER_PLAYER[players]
        self.bag: list[int] = [k for k, n in enumerate(DICE_COUNTS) for _ in range(n)]
        """Every die in the bag, as its kind."""
        self.face_masks: tuple[int, ...] = tuple(sum(1 << f for f in set(fs)) for fs in faces)
        """For each die kind, a bit set of the faces it can show."""

    def __repr__(self) -> str:
        return f"make({self.name!r}, players={self.players}, dice={self.options['dice']!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, RollRuleset)
            and other.players == self.players
            and other.dice == self.dice
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.dice))

    def describe(self) -> str:
        faces = "" if self.options["dice"] == "default" else ", own dice faces"
        return f"{self.title}, {self.players} players{faces}"

    def faces_of(self, kind: str) -> tuple[str, ...]:
        """The six faces of a die kind under this ruleset."""
        return tuple(FACE_IDS[f] for f in self.dice[KINDS.index(kind)])

    def new_game(self) -> RollState:
        return RollState(self)

    def parse_action(self, text: str) -> RollAction:
        return parse_roll_action(text)

    def action_id(self, action: RollAction) -> int:
        return action_id(action)

    def action_from_id(self, action_id: int) -> RollAction:
        return action_from_id(action_id)

    def determinize(self, view: RollView, rng: random.Random) -> RollState:
        return determinize(view, rng)

    def record_body(self, state: RollState) -> dict[str, Any]:
        assert isinstance(state, RollState)
        rounds = [
            {
                "red": res.red,
                "belts": [list(b) for b in res.belts],
                "steps": [_step_json(s) for s in res.steps],
                "trays": [list(t) for t in res.trays],
                "scores": list(res.scores),
                "breakdown": [dict(b) for b in res.breakdown],
            }
            for res in state.results
        ]
        body: dict[str, Any] = {"rounds": rounds}
        if state.is_terminal():
            body.update(_final(state))
        return body

    def replay(self, record: dict[str, Any], where: str = "record") -> RollState:
        state = self.new_game()
        for r, (at, entry) in enumerate(record_rounds(record, where, ROUNDS)):
            red = entry.get("red")
            if not isinstance(red, int) or isinstance(red, bool):
                raise RecordError(f"{at}: 'red' is the seat holding the red belt")
            belts = _face_lists(entry.get("belts"), f"{at}, belts")
            guard(state.apply_chance, RollDeal(red, belts), at)
            steps = entry.get("steps")
            if not isinstance(steps, list):
                raise RecordError(f"{at}: 'steps' must be a list")
            _replay_round(state, r, at, steps)
            result = state.results[r]
            compare(entry.get("trays"), [list(t) for t in result.trays], f"{at}: trays")
            compare(entry.get("scores"), list(result.scores), f"{at}: scores")
            compare(entry.get("breakdown"), list(result.breakdown), f"{at}: breakdown")
        if state.is_terminal():
            compare_fields(record, _final(state), where)
        return state


def _final(state: RollState) -> dict[str, Any]:
    return final_fields(
        state,
        puddings=list(state.puddings),
        tokens_left=[m + c for m, c in zip(state.menus, state.chopsticks, strict=True)],
        token_scores=token_points(state.menus, state.chopsticks),
    )


def _step_json(step: tuple[int, Any]) -> dict[str, Any]:
    seat, what = step
    if seat >= 0:
        return {"seat": seat, "action": what}
    if seat == -1:
        return {"roll": list(what)}
    return {"slide": [list(b) for b in what]}


def _face_lists(value: object, where: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or not all(isinstance(b, list) for b in value):
        raise RecordError(f"{where}: expected a list of face lists")
    return tuple(_faces(b, where) for b in value)


def _faces(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of faces")
    for f in value:
        if not isinstance(f, str) or f not in _F:
            raise RecordError(f"{where}: unknown face {f!r}")
    return tuple(value)


def _replay_round(state: RollState, r: int, at: str, steps: list[Any]) -> None:
    """Drive one round's steps through the state; RecordError at the first fault."""
    for i, step in enumerate(steps):
        at_s = f"{at}, step {i + 1}"
        if state.round != r or state.is_terminal():
            raise RecordError(f"{at_s}: the round is already over")
        if not isinstance(step, dict):
            raise RecordError(f"{at_s}: a step is an object, not {step!r}")
        if state.is_chance():
            if state._pending == _REROLL:
                if "roll" not in step:
                    raise RecordError(f"{at_s}: a menu's re-roll is due; the record has {step!r}")
                guard(state.apply_chance, Reroll(_faces(step["roll"], at_s)), at_s)
            else:
                if "slide" not in step:
                    raise RecordError(f"{at_s}: the belts' roll is due; the record has {step!r}")
                guard(state.apply_chance, BeltRoll(_face_lists(step["slide"], at_s)), at_s)
            continue
        seat = state.to_act()[0]
        text = step.get("action")
        if step.get("seat") != seat or not isinstance(text, str):
            raise RecordError(f"{at_s}: seat {seat} decides now; the record has {step!r}")
        try:
            action = parse_roll_action(text)
        except ParseError as exc:
            raise RecordError(f"{at_s}: {exc}") from None
        guard(state.apply, {seat: action}, at_s)
    if state.round == r and not state.is_terminal():
        raise RecordError(f"{at}: the record stops before the round is over")


# ---------------------------------------------------------------------------
# The view.


class RollView(NamedTuple):
    """What one seat may know (in Sushi Roll, everything but future rolls),
    seat-relative: index 0 is the viewer, index ``i`` the seat ``i`` places to the
    left (absolute ``(seat + i) % seats``)."""

    ruleset: RollRuleset
    """The rules and the dice faces (public)."""
    seat: int
    """The viewer's absolute seat."""
    seats: int
    """Number of seats."""
    round: int
    """Round number, 0-based."""
    cycle: int
    """Cycle within the round (each player takes one die per cycle), 0-based."""
    to_move: int | None
    """Relative index of the seat whose turn it is; None between turns."""
    red: int
    """Relative index of the seat holding the red-bordered belt (it starts each cycle)."""
    belts: tuple[tuple[str, ...], ...]
    """The dice on each belt, faces in face order, relative."""
    trays: tuple[tuple[str, ...], ...]
    """The dice on each tray this round, in the order taken, relative (a wasabi
    with a nigiri on it is one entry, ``wasabi+salmon-nigiri``)."""
    menus: tuple[int, ...]
    """Menu tokens, relative."""
    chopsticks: tuple[int, ...]
    """Chopsticks tokens, relative."""
    puddings: tuple[int, ...]
    """Pudding tokens (in puddings), relative."""
    supply: tuple[int, int, int]
    """Menu, chopsticks and pudding tokens left in the supply."""
    scores: tuple[int, ...]
    """Points from completed rounds, relative."""
    taken: tuple[int, ...]
    """Dice taken this cycle, relative (1 for a seat that has had its turn)."""

    def absolute(self, relative: int) -> int:
        """Absolute seat of a relative index."""
        return (self.seat + relative) % self.seats


# ---------------------------------------------------------------------------
# The state.

_NONE: Final = 0
_DEAL: Final = 1
_REROLL: Final = 2
_SLIDE: Final = 3
_OVER: Final = 4


class _Roller:
    """Rolls dice with one random float for every 8 dice: its base-6 digits."""

    __slots__ = ("rand", "x", "left")

    def __init__(self, rand: Callable[[], float]) -> None:
        self.rand = rand
        self.x = 0
        self.left = 0

    def roll(self, faces: tuple[int, ...]) -> int:
        """One die with these six faces, rolled."""
        if not self.left:
            self.x = int(self.rand() * _SIX8)
            self.left = 8
        face = faces[self.x % SIDES]
        self.x //= SIDES
        self.left -= 1
        return face

    def belt(self, dice: list[tuple[int, ...]]) -> Codes:
        """These dice rolled, in face order."""
        faces = [self.roll(d) for d in dice]
        faces.sort()
        return tuple(faces)


class RollState(State[RollView, RollAction, RollChance]):
    """A position of a Sushi Roll game."""

    def __init__(self, ruleset: RollRuleset, source: RollState | None = None) -> None:
        self.ruleset = ruleset
        self._rules: RollRuleset = ruleset
        n = ruleset.players
        self._n: int = n
        self._dice: tuple[tuple[int, ...], ...] = ruleset.dice
        self._masks: tuple[int, ...] = ruleset.face_masks
        self._k: int = ruleset.per_player
        if source is None:
            self._round = 0
            self._cycle = 0
            self._step = 0
            self._red = 0
            self._pending = _DEAL
            self._belts: list[list[int]] = [[] for _ in range(n)]
            self._trays: list[list[int]] = [[] for _ in range(n)]
            self._free: list[int] = [0] * n
            self._menus: list[int] = [START_MENU] * n
            self._chops: list[int] = [START_CHOPSTICKS] * n
            self._puddings: list[int] = [0] * n
            self._supply: list[int] = [
                SUPPLY[0] - START_MENU * n,
                SUPPLY[1] - START_CHOPSTICKS * n,
                SUPPLY[2],
            ]
            self._bag: list[int] = list(DICE_COUNTS)
            self._rerolling: tuple[int, ...] = ()
            self._scores: list[int] = [0] * n
            self._results: list[RollRound] = []
            self._steps: list[Step] = []
            self._deal: RollDeal | None = None
            self._final: list[int] | None = None
        else:
            self._round = source._round
            self._cycle = source._cycle
            self._step = source._step
            self._red = source._red
            self._pending = source._pending
            self._belts = [list(b) for b in source._belts]
            self._trays = [list(t) for t in source._trays]
            self._free = list(source._free)
            self._menus = list(source._menus)
            self._chops = list(source._chops)
            self._puddings = list(source._puddings)
            self._supply = list(source._supply)
            self._bag = list(source._bag)
            self._rerolling = source._rerolling
            self._scores = list(source._scores)
            self._results = list(source._results)
            self._steps = list(source._steps)
            self._deal = source._deal
            self._final = None if source._final is None else list(source._final)

    # -- accessors ------------------------------------------------------------

    @property
    def rules(self) -> RollRuleset:
        return self._rules

    @property
    def round(self) -> int:
        """Round number, 0-based (3 once the game is over)."""
        return self._round

    @property
    def cycle(self) -> int:
        """Cycle within the round, 0-based."""
        return self._cycle

    @property
    def red(self) -> int:
        """Seat holding the red-bordered belt."""
        return self._red

    @property
    def results(self) -> tuple[RollRound, ...]:
        return tuple(self._results)

    @property
    def menus(self) -> tuple[int, ...]:
        return tuple(self._menus)

    @property
    def chopsticks(self) -> tuple[int, ...]:
        return tuple(self._chops)

    @property
    def puddings(self) -> tuple[int, ...]:
        return tuple(self._puddings)

    @property
    def supply(self) -> tuple[int, int, int]:
        """Menu, chopsticks and pudding tokens left in the supply."""
        return (self._supply[0], self._supply[1], self._supply[2])

    @property
    def bag(self) -> dict[str, int]:
        """Dice left in the bag this round, by kind."""
        return {k: n for k, n in zip(KINDS, self._bag, strict=True)}

    @property
    def rerolling(self) -> tuple[str, ...]:
        """The dice a menu token is re-rolling now (the pending chance event)."""
        return tuple([FACE_IDS[f] for f in self._rerolling])

    def belt(self, seat: int) -> tuple[str, ...]:
        return tuple([FACE_IDS[f] for f in self._belts[seat]])

    def tray(self, seat: int) -> tuple[str, ...]:
        return tuple([_TRAY_IDS[f] for f in self._trays[seat]])

    def current(self) -> int:
        """The seat whose turn it is (or would be)."""
        return (self._red + self._step) % self._n

    # -- the State protocol -----------------------------------------------------

    def is_terminal(self) -> bool:
        return self._pending == _OVER

    def is_chance(self) -> bool:
        return self._pending == _DEAL or self._pending == _REROLL or self._pending == _SLIDE

    def to_act(self) -> tuple[int, ...]:
        if self._pending != _NONE:
            return ()
        return ((self._red + self._step) % self._n,)

    def decisions(self) -> list[tuple[int, Sequence[RollAction]]]:
        if self._pending != _NONE:
            return []
        seat = (self._red + self._step) % self._n
        return [(seat, self._choices(seat))]

    def legal_actions(self, seat: int) -> Sequence[RollAction]:
        if self._pending != _NONE or seat != self.current():
            return ()
        return self._choices(seat)

    def playout_action(self, seat: int, legal: Sequence[Any], rand: Callable[[], float]) -> Any:
        """A quick heuristic for search playouts: take the die worth most to this
        tray now (sets, maki icons, nigiri on a free wasabi, puddings, tokens at
        half a point), one time in five any die; never spend a token."""
        belt = self._belts[seat]
        if rand() < 0.2:
            return _TAKES[belt[int(rand() * len(belt))]]
        tray = self._trays[seat]
        free = self._free[seat]
        best = belt[0]
        best_value = -1.0
        last = -1
        for f in belt:
            if f == last:
                continue
            last = f
            value = _QUICK[f]
            if f < 3:  # an appetizer: what one more icon adds to its sets
                have = tray.count(f) % 3
                value = float(_SET_STEP[f][have])
            elif _EGG <= f <= _SQUID and free:
                value *= 3
            value += rand() * 0.01
            if value > best_value:
                best, best_value = f, value
        return _TAKES[best]

    def _choices(self, seat: int) -> TurnChoices:
        chops: list[tuple[int, int, int]] = []
        if self._chops[seat] > 0:
            n = self._n
            for i in range(1, n):
                other = (seat + i) % n
                mask = 0
                width = 0
                for f in self._belts[other]:
                    if not (mask >> f) & 1:
                        mask |= 1 << f
                        width += 1
                if mask:
                    chops.append((other, mask, width))
        return TurnChoices(self._belts[seat], chops, self._menus[seat] > 0)

    def observe(self, seat: int) -> RollView:
        n = self._n
        if not 0 <= seat < n:
            raise IllegalActionError(f"no seat {seat}: seats are 0 to {n - 1}")
        rel = [(seat + i) % n for i in range(n)]
        to_move = None if self._pending != _NONE else (self.current() - seat) % n
        totals = self.returns()
        taken = [0] * n
        for k in range(self._step):
            taken[(self._red + k) % n] = 1
        return RollView(
            self._rules,
            seat,
            n,
            self._round,
            self._cycle,
            to_move,
            (self._red - seat) % n,
            tuple([self.belt(s) for s in rel]),
            tuple([self.tray(s) for s in rel]),
            tuple([self._menus[s] for s in rel]),
            tuple([self._chops[s] for s in rel]),
            tuple([self._puddings[s] for s in rel]),
            self.supply,
            tuple([totals[s] for s in rel]),
            tuple([taken[s] for s in rel]),
        )

    def returns(self) -> list[int]:
        if self._final is not None:
            return list(self._final)
        return list(self._scores)

    def dessert_scores(self) -> list[int]:
        """Pudding points (only once the game is over; zeros before)."""
        if self._final is None:
            return [0] * self._n
        return pudding_points(self._puddings)

    def chance_stream(self) -> str:
        pending = self._pending
        if pending == _REROLL:  # a turn's re-rolls are told apart by the tokens left
            seat = (self._red + self._step) % self._n
            return f"reroll:{self._round}:{self._cycle}:{seat}:{self._menus[seat]}"
        if pending == _SLIDE:
            return f"roll:{self._round}:{self._cycle}"
        return f"deal:{self._round}"

    def estimate(self) -> list[int]:
        if self._final is not None:
            return list(self._final)
        bonus = pudding_points(self._puddings)
        tokens = token_points(self._menus, self._chops)
        return [self._scores[s] + bonus[s] + tokens[s] for s in range(self._n)]

    def winners(self) -> list[int]:
        """Winning seats once the game is over (empty before)."""
        if self._final is None:
            return []
        return roll_winners(self._final, self._puddings)

    def copy(self) -> RollState:
        return RollState(self._rules, self)

    # -- chance -------------------------------------------------------------------

    def sample_chance(self, rng: random.Random) -> RollChance:
        """Draw the pending roll. One call of ``rng.random()`` rolls up to 8 dice (its
        base-6 digits), or makes up to 8 draws from the bag."""
        rand = rng.random
        dice = self._dice
        pending = self._pending
        roller = _Roller(rand)
        if pending == _REROLL:
            return Reroll(codes=tuple([roller.roll(dice[_KIND[f]]) for f in self._rerolling]))
        if pending == _SLIDE:
            return BeltRoll(
                codes=tuple([roller.belt([dice[_KIND[f]] for f in belt]) for belt in self._belts])
            )
        if pending == _DEAL:
            n = self._n
            k = self._k
            bag = list(self._rules.bag)
            size = len(bag)
            total = n * k
            i = 0
            while i < total:  # a partial Fisher-Yates draw, several draws per call
                span = 1
                m = i
                while m < total and span * (size - m) <= _PACK:
                    span *= size - m
                    m += 1
                x = int(rand() * span)
                while i < m:
                    j = i + x % (size - i)
                    x //= size - i
                    bag[i], bag[j] = bag[j], bag[i]
                    i += 1
            belts = tuple(
                [roller.belt([dice[kind] for kind in bag[s * k : (s + 1) * k]]) for s in range(n)]
            )
            red = int(rand() * n) if self._round == 0 else self._red
            return RollDeal(red, codes=belts)
        raise IllegalActionError("no roll is due now")

    def _check_chance(self, outcome: object) -> None:
        pending = self._pending
        masks = self._masks
        n = self._n
        if pending == _REROLL:
            if not isinstance(outcome, Reroll):
                raise IllegalActionError("a menu's re-roll is due (Reroll)")
            codes = outcome.codes
            rerolling = self._rerolling
            if len(codes) != len(rerolling):
                raise IllegalActionError(f"{len(rerolling)} dice are re-rolled, not {len(codes)}")
            for i in range(len(codes)):
                old = rerolling[i]
                if not (masks[_KIND[old]] >> codes[i]) & 1:
                    raise IllegalActionError(
                        f"the {KINDS[_KIND[old]]} die re-rolled from {FACE_IDS[old]} "
                        f"cannot show {FACE_IDS[codes[i]]!r}"
                    )
        elif pending == _SLIDE:
            if not isinstance(outcome, BeltRoll):
                raise IllegalActionError("the belts' roll after the slide is due (BeltRoll)")
            belts = self._belts
            keys = _check_belts(outcome.codes, n, len(belts[0]), masks)
            for s in range(n):
                if _kinds_key(belts[s]) != keys[s]:
                    raise IllegalActionError(
                        f"seat {s}'s belt holds other dice than {list(_names(outcome.codes[s]))}"
                    )
        elif pending == _DEAL:
            if not isinstance(outcome, RollDeal):
                raise IllegalActionError("a round starts with a deal (RollDeal)")
            if not (isinstance(outcome.red, int) and 0 <= outcome.red < n):
                raise IllegalActionError(f"the red belt goes to a seat from 0 to {n - 1}")
            if self._round > 0 and outcome.red != self._red:
                raise IllegalActionError(f"the red belt is at seat {self._red}, not {outcome.red}")
            keys = _check_belts(outcome.codes, n, self._k, masks)
            drawn = 0
            for key in keys:
                drawn += key
            for k in range(len(KINDS)):
                if (drawn >> (5 * k)) & 31 > DICE_COUNTS[k]:
                    raise IllegalActionError(
                        f"the deal has {(drawn >> (5 * k)) & 31} {KINDS[k]} dice; "
                        f"the bag holds {DICE_COUNTS[k]}"
                    )
        else:
            raise IllegalActionError("no roll is due now")

    def apply_chance(self, outcome: RollChance) -> None:
        if not self.is_chance():
            raise IllegalActionError("no deal or roll is due now")
        self._check_chance(outcome)
        self._apply_chance(outcome)

    def _apply_chance(self, outcome: RollChance) -> None:
        if isinstance(outcome, Reroll):
            mine = self._belts[(self._red + self._step) % self._n]
            for i in self._rerolling:
                mine.remove(i)
            mine.extend(outcome.codes)
            mine.sort()
            self._rerolling = ()
            self._steps.append((-1, outcome))
        elif isinstance(outcome, BeltRoll):
            self._belts = [list(b) for b in outcome.codes]
            self._steps.append((-2, outcome))
        else:
            self._red = outcome.red
            self._deal = outcome
            bag = list(DICE_COUNTS)
            for s, dealt in enumerate(outcome.codes):
                self._belts[s] = list(dealt)
                for i in dealt:
                    bag[_KIND[i]] -= 1
            self._bag = bag
            self._cycle = 0
            self._step = 0
            self._steps = []
        self._pending = _NONE

    # -- decisions ------------------------------------------------------------------

    def _check(self, seat: int, action: object) -> None:
        if not isinstance(action, RollAction):
            raise IllegalActionError(f"{action!r} is not a Sushi Roll action")
        belt = self._belts[seat]
        kind = action.kind
        if kind == TAKE:
            if action.face not in belt:
                raise IllegalActionError(
                    f"seat {seat} has no {FACE_IDS[action.face]} on its belt "
                    f"(the belt shows {', '.join(self.belt(seat))})"
                )
        elif kind == MENU:
            if self._menus[seat] <= 0:
                raise IllegalActionError(f"seat {seat} has no menu token left")
            if not action.dice:
                raise IllegalActionError("a menu token re-rolls at least one die")
            _check_subset(action.dice, belt, f"seat {seat}'s belt")
        elif kind == CHOPSTICKS:
            n = self._n
            if self._chops[seat] <= 0:
                raise IllegalActionError(f"seat {seat} has no chopsticks token left")
            other = action.seat
            if not 0 <= other < n or other == seat:
                raise IllegalActionError(
                    f"chopsticks swap with another player's belt: seat {other} is not one"
                )
            if action.face not in belt:
                raise IllegalActionError(
                    f"seat {seat} has no {FACE_IDS[action.face]} on its belt to swap"
                )
            if action.other not in self._belts[other]:
                raise IllegalActionError(
                    f"seat {other}'s belt has no {FACE_IDS[action.other]} (dice on trays "
                    "can never be swapped)"
                )
            if action.other == action.face:
                raise IllegalActionError("swapping two dice with the same face changes nothing")
        else:
            raise IllegalActionError(f"{action!r} is not a Sushi Roll action")

    def apply(self, actions: Mapping[int, RollAction]) -> None:
        """As :meth:`State.apply`, without its generic bookkeeping: one seat decides."""
        if self._pending != _NONE or not isinstance(actions, dict) or len(actions) != 1:
            return State.apply(self, actions)
        seat = (self._red + self._step) % self._n
        action = actions.get(seat)
        if action is None:
            return State.apply(self, actions)
        self._check(seat, action)
        self._apply(actions)
        return None

    def _apply(self, actions: Mapping[int, RollAction]) -> None:
        seat = (self._red + self._step) % self._n
        action = actions[seat]
        self._steps.append((seat, action))
        kind = action.kind
        if kind == MENU:
            self._menus[seat] -= 1
            self._supply[0] += 1
            self._rerolling = action.dice
            self._pending = _REROLL
            return
        if kind == CHOPSTICKS:
            self._chops[seat] -= 1
            self._supply[1] += 1
            mine = self._belts[seat]
            theirs = self._belts[action.seat]
            mine.remove(action.face)
            theirs.remove(action.other)
            mine.append(action.other)
            theirs.append(action.face)
            mine.sort()
            theirs.sort()
            return
        self._take(seat, action.face)
        self._step += 1
        if self._step == self._n:
            self._end_cycle()

    def _take(self, seat: int, face: int) -> None:
        self._belts[seat].remove(face)
        tray = self._trays[seat]
        if _EGG <= face <= _SQUID and self._free[seat] > 0:
            tray[tray.index(_WASABI)] = _STACK0 + face - _EGG
            self._free[seat] -= 1
            return
        tray.append(face)
        if face == _WASABI:
            self._free[seat] += 1
            return
        slot = _TOKEN[face]
        if slot >= 0:  # take what the supply has left
            got = min(_GAIN[face], self._supply[slot])
            self._supply[slot] -= got
            (self._menus, self._chops, self._puddings)[slot][seat] += got

    def _end_cycle(self) -> None:
        n = self._n
        self._step = 0
        if self._belts[0]:
            belts = self._belts
            self._belts = [belts[(s - 1) % n] for s in range(n)]
            self._red = (self._red + 1) % n
            self._cycle += 1
            self._pending = _SLIDE
            return
        self._end_round()

    def _end_round(self) -> None:
        n = self._n
        trays = tuple([self.tray(s) for s in range(n)])
        breakdown, points = score_codes(self._trays)
        deal = self._deal
        assert deal is not None
        self._results.append(
            RollRound(
                deal.red,
                deal.belts,
                tuple(self._steps),
                trays,
                tuple(breakdown),
                tuple(points),
            )
        )
        for s in range(n):
            self._scores[s] += points[s]
            self._trays[s] = []
            self._free[s] = 0
        self._steps = []
        self._bag = list(DICE_COUNTS)
        if n == 3:
            self._red = (self._red + 1) % n
        self._round += 1
        if self._round < ROUNDS:
            self._pending = _DEAL
            return
        bonus = pudding_points(self._puddings)
        tokens = token_points(self._menus, self._chops)
        self._final = [self._scores[s] + bonus[s] + tokens[s] for s in range(n)]
        self._pending = _OVER


def _check_belts(belts: tuple[Codes, ...], n: int, k: int, masks: tuple[int, ...]) -> list[int]:
    """IllegalActionError unless ``belts`` is n belts of k faces each, in face order,
    every face one the dice can show; each belt's :func:`_kinds_key`."""
    if len(belts) != n:
        raise IllegalActionError(f"a roll gives the dice of {n} belts")
    keys: list[int] = []
    for s in range(n):
        belt: Codes = belts[s]
        if len(belt) != k:
            raise IllegalActionError(f"seat {s}'s belt holds {k} dice")
        last = 0
        key = 0
        for i in range(k):
            f: int = belt[i]
            if f < last or f >= _NF:
                raise IllegalActionError(f"seat {s}'s belt is not a list of faces in face order")
            kind: int = _KIND[f]
            if not (masks[kind] >> f) & 1:
                raise IllegalActionError(
                    f"no {KINDS[kind]} die shows {FACE_IDS[f]!r} with these dice faces"
                )
            last = f
            key += 1 << (5 * kind)
        keys.append(key)
    return keys


def _kinds_key(belt: list[int]) -> int:
    """How many dice of each kind a belt holds, as one number (5 bits per kind)."""
    key = 0
    for f in belt:
        key += 1 << (5 * _KIND[f])
    return key


def _check_subset(dice: tuple[int, ...], belt: list[int], where: str) -> None:
    left = list(belt)
    for f in dice:
        if f not in left:
            raise IllegalActionError(f"{where} has no {FACE_IDS[f]} to re-roll")
        left.remove(f)


def faces_text(ruleset: RollRuleset | None = None) -> str:
    """Each die's six faces, one line per die (for ``sushigo rules``)."""
    rs = ruleset if ruleset is not None else RollRuleset(2)
    lines = []
    for kind, count in zip(KINDS, DICE_COUNTS, strict=True):
        faces = ", ".join(rs.faces_of(kind))
        lines.append(
            textwrap.fill(
                faces,
                78,
                initial_indent=f"  {kind} die (x{count}): ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)


def determinize(view: RollView, rng: random.Random | None = None) -> RollState:
    """The position ``view`` shows, rebuilt as a state for search. In Sushi Roll
    everything but future rolls is public, so the rebuilt state is exact and ``rng``
    is not used; it reads nothing but the view.

    >>> import sushigo
    >>> state = sushigo.make("sushi-roll", players=3).new_game()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> seat = state.to_act()[0]
    >>> world = determinize(state.observe(seat))
    >>> [world.belt(s) for s in range(3)] == [state.belt(s) for s in range(3)]
    True
    >>> world.to_act() == state.to_act(), world.supply == state.supply
    (True, True)
    """
    rs = view.ruleset
    n = view.seats
    state = RollState(rs)

    def absolute(values: Sequence[Any]) -> list[Any]:
        return [values[(s - view.seat) % n] for s in range(n)]

    state._round = view.round
    state._cycle = view.cycle
    state._step = sum(view.taken)
    state._red = (view.seat + view.red) % n
    state._pending = _NONE if view.to_move is not None else _OVER
    belts = [sorted([_F[f] for f in b]) for b in absolute(view.belts)]
    trays = [[TRAY_CODE[t] for t in tray] for tray in absolute(view.trays)]
    state._belts = belts
    state._trays = trays
    state._free = [tray.count(_WASABI) for tray in trays]
    state._menus = absolute(view.menus)
    state._chops = absolute(view.chopsticks)
    state._puddings = absolute(view.puddings)
    state._supply = list(view.supply)
    bag = list(DICE_COUNTS)
    for belt in belts:
        for f in belt:
            bag[_KIND[f]] -= 1
    for tray in trays:
        for t in tray:
            if t >= _STACK0:
                bag[_KIND[_WASABI]] -= 1
                bag[_KIND[_EGG]] -= 1
            else:
                bag[_KIND[t]] -= 1
    state._bag = bag
    state._scores = absolute(view.scores)
    state._deal = RollDeal(state._red, codes=tuple(tuple(b) for b in belts))
    return state


register("sushi-roll", RollRuleset)
