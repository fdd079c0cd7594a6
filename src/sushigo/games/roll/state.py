"""Sushi Roll: a position of a game, its chance outcomes (every roll) and its rounds.

Rules: ../shared/rules/sushi-roll-rulebook.md and FACTS.md. Dice, faces and
scoring are data and pure functions in :mod:`sushigo.games.roll.dice`.

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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from sushigo.core.errors import IllegalActionError
from sushigo.core.state import State
from sushigo.games.roll.actions import _TAKES, CHOPSTICKS, MENU, TAKE, RollAction, TurnChoices
from sushigo.games.roll.dice import (
    _EGG,
    _F,
    _GAIN,
    _KIND,
    _NF,
    _PACK,
    _QUICK,
    _SET_STEP,
    _SIX8,
    _SQUID,
    _STACK0,
    _TOKEN,
    _TRAY_IDS,
    _WASABI,
    DICE_COUNTS,
    FACE_IDS,
    KINDS,
    ROUNDS,
    SIDES,
    START_CHOPSTICKS,
    START_MENU,
    SUPPLY,
    pudding_points,
    roll_winners,
    score_codes,
    token_points,
)
from sushigo.games.roll.ruleset import RollRuleset
from sushigo.games.roll.views import RollRoundView, RollView

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

    __slots__ = ("red", "belts", "_steps", "trays", "breakdown", "scores", "_seen")

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
        self._seen: dict[int, RollRoundView] = {}

    def seen_by(self, seat: int, n: int) -> RollRoundView:
        """The round as ``seat`` saw it (worked out once for each seat: a finished
        round never changes, and copies of a state share it)."""
        view = self._seen.get(seat)
        if view is None:
            view = RollRoundView(
                relative_steps(self._steps, seat, n),
                self.trays[seat:] + self.trays[:seat],
                self.breakdown[seat:] + self.breakdown[:seat],
                self.scores[seat:] + self.scores[:seat],
            )
            self._seen[seat] = view
        return view

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


def relative_steps(steps: Sequence[Step], seat: int, n: int) -> tuple[Step, ...]:
    """Steps as ``seat`` sees them: seats counted from ``seat``."""
    if seat == 0:
        return tuple(steps)
    out: list[Step] = []
    for who, what in steps:
        if isinstance(what, RollAction):
            if what.kind == CHOPSTICKS:
                what = RollAction(what.kind, what.face, (what.seat - seat) % n, what.other)
            out.append(((who - seat) % n, what))
        elif isinstance(what, BeltRoll):
            out.append((who, BeltRoll(codes=what.codes[seat:] + what.codes[:seat])))
        else:
            out.append((who, what))
    return tuple(out)


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
            relative_steps(self._steps, seat, n),
            tuple([r.seen_by(seat, n) for r in self._results]),
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
