"""Sushi Go!: what one player may know, the only way hidden information leaves a state."""

from __future__ import annotations

from typing import NamedTuple

from sushigo.games.classic.ruleset import ClassicRuleset


class RoundView(NamedTuple):
    """A finished round as every player saw it, seat-relative like the view it is in."""

    tableaux: tuple[tuple[str, ...], ...]
    """What lay in front of each seat when the round was scored."""
    breakdown: tuple[dict[str, int], ...]
    """Points by family for each seat."""
    scores: tuple[int, ...]
    """Points of each seat this round (puddings excluded)."""


class PlayerView(NamedTuple):
    """A seat-relative observation of a card-drafting game.

    Every per-seat tuple is indexed relative to the viewer: index 0 is the
    viewer, index ``i`` is the seat ``i`` places to the left
    (absolute seat ``(seat + i) % seats``). Holds no other seat's hidden cards.
    """

    ruleset: ClassicRuleset
    """The rules being played (public)."""
    seat: int
    """The viewer's absolute seat."""
    seats: int
    """Number of seats, the two-player dummy included."""
    round: int
    """Round number, 0-based."""
    turn: int
    """Turn within the round, 0-based."""
    hand: tuple[str, ...]
    """The viewer's own hand, in card-table order."""
    hands: tuple[tuple[str, ...] | None, ...]
    """Hands the viewer knows (seen earlier this round), relative; None if unknown."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand, relative (0 for the dummy)."""
    tableaux: tuple[tuple[str, ...], ...]
    """Cards in front of each seat this round, in the order played, relative."""
    desserts: tuple[int, ...]
    """Puddings kept from earlier rounds, relative."""
    scores: tuple[int, ...]
    """Points from completed rounds, relative."""
    discards: tuple[str, ...]
    """Cards discarded face-up in earlier rounds and not shuffled back."""
    pass_step: int
    """+1 when hands pass left this round, -1 when they pass right."""
    controller: int | None
    """Relative index of the seat controlling the dummy this turn, else None."""
    drawn: str | None = None
    """The card the viewer drew from the dummy's pile this turn (only the drawer sees it)."""
    turns: tuple[tuple[tuple[str, ...], ...], ...] = ()
    """This round's turns so far, as revealed: ``turns[t][i]`` the cards seat ``i``
    took on turn ``t``, relative (two with chopsticks, in resolve order; the dummy's:
    the card its controller gave it)."""
    rounds: tuple[RoundView, ...] = ()
    """The finished rounds, in order."""

    def absolute(self, relative: int) -> int:
        """Absolute seat of a relative index."""
        return (self.seat + relative) % self.seats
