"""Sushi Roll: what one seat may know (everything but future rolls)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from sushigo.games.roll.ruleset import RollRuleset

if TYPE_CHECKING:
    from sushigo.games.roll.state import Step


class RollRoundView(NamedTuple):
    """A finished round as a seat saw it, seat-relative like the view it is in."""

    steps: tuple[Step, ...]
    """Everything after the deal, in order (as in ``RollView.steps``)."""
    trays: tuple[tuple[str, ...], ...]
    """The dice on each tray when the round was scored."""
    breakdown: tuple[dict[str, int], ...]
    """Points by family for each seat."""
    scores: tuple[int, ...]
    """Points of each seat that round (pudding and leftover tokens score at the end)."""


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
    steps: tuple[Step, ...] = ()
    """This round's steps after the deal, in order, seats relative: ``(seat, action)``
    for a decision (a chopsticks swap's other seat relative too), ``(-1, Reroll)`` for
    a menu token's re-roll, ``(-2, BeltRoll)`` for the roll after the belts slid (its
    belts relative)."""
    rounds: tuple[RollRoundView, ...] = ()
    """The finished rounds, in order."""

    def absolute(self, relative: int) -> int:
        """Absolute seat of a relative index."""
        return (self.seat + relative) % self.seats
