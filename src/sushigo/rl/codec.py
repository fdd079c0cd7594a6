"""What a learner sees and chooses: one codec per game turns a seat's view into a
fixed-length vector of numbers and its decisions into slots of one Discrete space.

A codec knows one game (its ``game`` is the ruleset's registered name) and is
built for one ruleset (player count, variants, menu, dice). Its two sizes are
the game's, the same for every player count and option, so that one network
serves every table of a game:

* ``size``: the observation's length. :meth:`Codec.observe` reads nothing but a
  view (``state.observe(seat)``): what the seat may know, never more.
* ``slots``: the action space. Every legal action of a seat has exactly one slot
  and every slot :meth:`Codec.legal_slots` gives decodes to a legal action. The
  last slot, ``slots - 1``, is the no-op: the only slot of a seat with nothing to
  decide. A decision too large for one slot each (a takeout box's flips, any
  sub-multiset of the cards in front of a player) is made in steps: each step's
  slots decode to the legal action chosen so far, and :meth:`Codec.play` returns
  ``None`` until the decision is complete. The codec keeps that partial choice;
  :meth:`Codec.reset` forgets it.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from sushigo.core.errors import IllegalActionError
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import Action, AnyState


class Codec(ABC):
    """One game's observation and action layouts (see the module docstring)."""

    game: ClassVar[str]
    """The ruleset name this codec encodes (``"sushi-go"``)."""
    size: ClassVar[int]
    """Length of every observation of the game."""
    slots: ClassVar[int]
    """Number of action slots of the game; the last is the no-op."""

    def __init__(self, ruleset: AnyRuleset) -> None:
        self.ruleset = ruleset

    @property
    def noop(self) -> int:
        """The no-op slot: a seat with nothing to decide has only this one."""
        return self.slots - 1

    @abstractmethod
    def observe(self, view: Any) -> list[float]:
        """The view as ``size`` numbers (see the game's layout in docs/rl.md)."""

    @abstractmethod
    def legal_slots(self, state: AnyState, seat: int) -> list[int]:
        """The slots of what ``seat`` may decide now, in increasing order; ``seat``
        must be one of ``state.to_act()``."""

    @abstractmethod
    def slot_of(self, state: AnyState, seat: int, action: Action) -> int:
        """The slot of a legal action of ``seat`` now; IllegalActionError for an action
        that has no slot now (not legal, or not the next step of a decision in steps)."""

    @abstractmethod
    def action_of(self, state: AnyState, seat: int, slot: int) -> Action:
        """The legal action a slot of :meth:`legal_slots` stands for now (in a decision
        made in steps, the action chosen so far with this step);
        IllegalActionError for any other slot."""

    @abstractmethod
    def slot_for(self, view: Any, action: Action) -> int:
        """The slot of one of the viewer's legal actions, from its view alone (what an
        agent has: :meth:`choose`); a decision made in steps has no such slot."""

    def choose(
        self, view: Any, legal: Sequence[Action], values: Callable[[list[float]], Any]
    ) -> Action:
        """The legal action whose slot ``values(observation)`` (one number per slot,
        such as a policy's logits) rates highest, the first of equals: how a trained
        network plays as an agent, from its view. A game with decisions made in steps
        chooses them step by step."""
        scores = values(self.observe(view))
        slot_for = self.slot_for
        best = legal[0]
        top = scores[slot_for(view, best)]
        for action in legal:
            score = scores[slot_for(view, action)]
            if score > top:
                best, top = action, score
        return best

    def in_steps(self, state: AnyState, seat: int) -> bool:
        """Whether ``seat``'s decision now is made in steps (its slots are not one per
        legal action). By default no decision is."""
        return False

    def play(self, state: AnyState, seat: int, slot: int) -> Action | None:
        """The action to apply for a chosen slot, or ``None`` when the decision goes on
        in another step. By default every decision is one step."""
        return self.action_of(state, seat, slot)

    def reset(self) -> None:  # noqa: B027 (nothing to forget by default)
        """Forget every partial decision (a new game)."""

    def slot_error(self, seat: int, slot: int) -> IllegalActionError:
        """The error for a slot that is not legal now."""
        return IllegalActionError(f"slot {slot} is not a legal decision of seat {seat} now")


def check_slot(slots: Sequence[int], slot: int, seat: int, codec: Codec) -> None:
    """IllegalActionError unless ``slot`` is one of ``slots``."""
    if slot not in slots:
        raise codec.slot_error(seat, slot)


_CODECS: dict[str, type[Codec]] = {}
_MODULES: dict[str, str] = {
    "sushi-go": "sushigo.rl.classic",
    "sushi-go-party": "sushigo.rl.party",
    "sushi-roll": "sushigo.rl.roll",
}
"""The module holding each game's codec, imported when a codec is first asked for."""


def register(cls: type[Codec]) -> type[Codec]:
    """Class decorator: the codec of ``cls.game``."""
    _CODECS[cls.game] = cls
    return cls


def codec_for(ruleset: AnyRuleset) -> Codec:
    """A new codec for ``ruleset``'s game."""
    if ruleset.name not in _CODECS and ruleset.name in _MODULES:
        importlib.import_module(_MODULES[ruleset.name])  # it registers its codec
    cls = _CODECS.get(ruleset.name)
    if cls is None:
        raise ValueError(f"no observation layout for the game {ruleset.name!r}")
    return cls(ruleset)
