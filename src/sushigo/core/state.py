"""The playthrough side: a state is one position of one game.

A public method checks, a private hook implements: :meth:`State.apply` and
:meth:`State.apply_chance` validate and keep the bookkeeping; rulesets
implement ``_check``, ``_apply`` and ``_apply_chance``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from sushigo.core.errors import IllegalActionError

if TYPE_CHECKING:
    from sushigo.core.ruleset import Ruleset

ViewT = TypeVar("ViewT")
"""A game's view: what one seat may know (``PlayerView``, ``PartyView``, ``RollView``)."""
ActionT = TypeVar("ActionT")
"""A game's decisions (``Pick``; ``PartyPick | Choice``; ``RollAction``)."""
ChanceT = TypeVar("ChanceT")
"""A game's chance outcomes (a deal, a dummy draw, a menu draw, a roll)."""

Action = Any
"""Any game's action, where the game is not known (a front end's generic code)."""
Chance = Any
"""Any game's chance outcome, where the game is not known."""


class State(ABC, Generic[ViewT, ActionT, ChanceT]):
    """One position. Mutable, with a cheap :meth:`copy` for search and servers.

    Generic over the game's view, action and chance-outcome types, so that
    ``mypy --strict`` checks what an adapter does with each game's state.

    The decision mechanism is the same for every game: when the state is not
    a chance node, :meth:`to_act` names the seats that must decide now (all at
    once for simultaneous picks, one for a turn or a mid-turn choice) and
    :meth:`apply` takes one action for each of them.
    """

    __slots__ = ()

    ruleset: Ruleset[Any, Any, Any]

    @abstractmethod
    def is_terminal(self) -> bool:
        """The game is over."""

    @abstractmethod
    def is_chance(self) -> bool:
        """Randomness (a deal, a draw, a roll) must be applied before anyone decides."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must decide now; empty at chance nodes and at the end."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[ActionT]:
        """What ``seat`` may choose now, in a stable order."""

    def decisions(self) -> list[tuple[int, Sequence[ActionT]]]:
        """Who must decide now and what each may choose: ``[(seat, legal actions)]``."""
        return [(seat, self.legal_actions(seat)) for seat in self.to_act()]

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> ChanceT:
        """Draw the outcome of the pending chance event; the state is unchanged."""

    @abstractmethod
    def observe(self, seat: int) -> ViewT:
        """What ``seat`` may know, as a view. Never more."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy."""

    @abstractmethod
    def returns(self) -> list[int]:
        """Points of every seat so far (final scores once terminal)."""

    @property
    def round(self) -> int:
        """Current round, 0-based (the number of rounds once the game is over)."""
        raise NotImplementedError

    def chance_stream(self) -> str:
        """Names the pending chance event's place in the game (a round's deal, a
        cycle's roll), the same whatever was decided before it. Duplicate games draw
        each event from a generator seeded with the game's seed and this name
        (``play_game(..., streams=True)``), so they deal and roll alike. By default
        every event shares one stream."""
        return ""

    def estimate(self) -> list[int]:
        """Every seat's points if the game ended now: the points scored so far plus
        the desserts as they stand. Search scores playouts cut off at a round's end
        with it; by default the points so far."""
        return self.returns()

    def playout_action(
        self, seat: int, legal: Sequence[ActionT], rand: Callable[[], float]
    ) -> ActionT:
        """A quick, reasonable decision for search playouts (not for play): by
        default uniform among ``legal``; a game may override it with a cheap
        heuristic. ``rand()`` gives floats in [0, 1)."""
        return legal[int(rand() * len(legal))]

    @abstractmethod
    def _check(self, seat: int, action: ActionT) -> None:
        """Raise IllegalActionError unless ``seat`` may take ``action`` now."""

    @abstractmethod
    def _apply(self, actions: Mapping[int, ActionT]) -> None:
        """Apply a checked joint decision."""

    @abstractmethod
    def _check_chance(self, outcome: ChanceT) -> None:
        """Raise IllegalActionError unless ``outcome`` can happen now."""

    @abstractmethod
    def _apply_chance(self, outcome: ChanceT) -> None:
        """Apply a checked chance outcome."""

    def apply(self, actions: Mapping[int, ActionT]) -> None:
        """Apply one action for every seat in :meth:`to_act`, all revealed at once."""
        if self.is_terminal():
            raise IllegalActionError("the game is over")
        if self.is_chance():
            raise IllegalActionError("nobody may act yet: cards must be dealt or drawn first")
        expected = self.to_act()
        if len(actions) != len(expected):
            raise IllegalActionError(
                f"expected one action for each of seats {list(expected)}, got {sorted(actions)}"
            )
        check = self._check
        for seat in expected:
            if seat not in actions:
                raise IllegalActionError(
                    f"expected one action for each of seats {list(expected)}, got {sorted(actions)}"
                )
            check(seat, actions[seat])
        self._apply(actions)

    def apply_chance(self, outcome: ChanceT) -> None:
        """Apply a chance outcome (sampled, or read from a record)."""
        if not self.is_chance():
            raise IllegalActionError("no deal, draw or roll is due now")
        self._check_chance(outcome)
        self._apply_chance(outcome)


AnyState = State[Any, Any, Any]
"""A state of any game, where the game is not known (the game loop, records)."""
