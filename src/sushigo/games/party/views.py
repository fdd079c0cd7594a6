"""Sushi Go Party!: what a seat may know (:class:`PartyView`, the only way hidden
information leaves a state), and the public pieces it holds: the mid-turn decision
being made (:class:`Pending`) and what happened at the table (:class:`Happening`)."""

from __future__ import annotations

from typing import NamedTuple

from sushigo.games.party.ruleset import PartyRuleset
from sushigo.games.party.scoring import Played

# PartyRuleset and Played are imported at run time, not under TYPE_CHECKING: the
# compiled build evaluates a NamedTuple's field types when the module loads.


class Happening:
    """Something that happened at the table, as every player saw it (public).

    ``what`` is one of: ``reveal`` (``cards``: every seat's pick, in pick notation);
    ``take`` (chopsticks: ``cards`` = the chopsticks token, the card played); ``ask``
    (spoon: its token, the name asked for); ``give`` (``seat`` gave ``cards[0]`` to
    ``other``); ``unanswered`` (nobody had the card: the spoon is discarded); ``draw``
    (a menu drew ``other`` cards, unseen by the others; ``cards`` = the menu's token);
    ``order`` (``cards[0]`` played from the menu's cards); ``unused`` (a menu or
    takeout box discarded with nothing to play or flip); ``copy`` (a special order
    played after the reveal copies ``cards[0]``); ``uncopied`` (a special order with
    nothing to copy, discarded); ``flip`` (a takeout box's token, then the cards
    flipped); ``miso`` (``seat``'s miso soup discarded: another was played this turn);
    ``uramaki`` (``seat`` reached 10 icons and scored ``other`` points).
    """

    __slots__ = ("turn", "what", "seat", "cards", "other")

    turn: int
    """Turn of the round, counted from 1."""
    what: str
    """What happened (see above)."""
    seat: int
    """Who did it (-1 for the reveal)."""
    cards: tuple[str, ...]
    """The cards or tokens involved."""
    other: int
    """A second seat (``give``), a number of cards (``draw``) or points (``uramaki``)."""

    def __init__(
        self, turn: int, what: str, seat: int, cards: tuple[str, ...] = (), other: int = -1
    ) -> None:
        self.turn = turn
        self.what = what
        self.seat = seat
        self.cards = cards
        self.other = other

    def _key(self) -> tuple[int, str, int, tuple[str, ...], int]:
        return (self.turn, self.what, self.seat, self.cards, self.other)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Happening):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Happening(turn={self.turn}, what={self.what!r}, seat={self.seat}, "
            f"cards={self.cards!r}, other={self.other})"
        )


class Pending:
    """A mid-turn decision waiting to be made (public: everyone sees who decides what)."""

    __slots__ = ("seat", "kind", "card", "detail", "owner")

    seat: int
    """Seat that decides (relative to the viewer in a view)."""
    kind: str
    """A key of :data:`~sushigo.games.party.actions.CHOICE_KINDS`."""
    card: str
    """Token of the card being resolved (``chopsticks-2``, ``spoon-5``, ``menu-8``,
    ``takeout-box-10``, ``special-order``)."""
    detail: str
    """For ``give``: what the spoon asked for."""
    owner: int
    """For ``give``: the seat using the spoon (relative in a view); else the deciding seat."""

    def __init__(self, seat: int, kind: str, card: str, detail: str = "", owner: int = -1) -> None:
        self.seat = seat
        self.kind = kind
        self.card = card
        self.detail = detail
        self.owner = owner

    def _key(self) -> tuple[int, str, str, str, int]:
        return (self.seat, self.kind, self.card, self.detail, self.owner)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pending):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Pending(seat={self.seat}, kind={self.kind!r}, card={self.card!r}, "
            f"detail={self.detail!r}, owner={self.owner})"
        )


class PartyRoundView(NamedTuple):
    """A finished round as a seat saw it, seat-relative like the view it is in."""

    log: tuple[Happening, ...]
    """Everything that happened at the table that round, in order (as in ``PartyView.log``)."""
    tableaux: tuple[tuple[Played, ...], ...]
    """What lay in front of each seat when the round was scored."""
    breakdown: tuple[dict[str, int], ...]
    """Points by family for each seat."""
    scores: tuple[int, ...]
    """Points of each seat that round (desserts are scored at the end)."""


class PartyView(NamedTuple):
    """What one seat may know, seat-relative: index 0 is the viewer, index ``i`` the seat
    ``i`` places to the left (absolute ``(seat + i) % seats``)."""

    ruleset: PartyRuleset
    """The rules and the menu (public)."""
    seat: int
    """The viewer's absolute seat."""
    seats: int
    """Number of seats."""
    round: int
    """Round number, 0-based."""
    turn: int
    """Turn within the round, 0-based."""
    hand: tuple[str, ...]
    """The viewer's own hand, in card-table order."""
    hands: tuple[tuple[str, ...] | None, ...]
    """Hands the viewer knows (seen earlier this round), relative; None if unknown."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand, relative."""
    tableaux: tuple[tuple[Played, ...], ...]
    """What lies in front of each seat this round, in the order played, relative."""
    earlier: tuple[int, ...]
    """How many of each tableau's cards were played on earlier turns (they come first)."""
    desserts: tuple[tuple[Played, ...], ...]
    """Desserts kept from earlier rounds, relative."""
    scores: tuple[int, ...]
    """Points from completed rounds, relative."""
    uramaki_scored: tuple[int, ...]
    """Uramaki points scored so far this round, relative."""
    uramaki_claimed: int
    """Uramaki places taken this round (0-3; more after ties)."""
    discards: tuple[str, ...]
    """Cards discarded face-up this round (miso soups, scored uramaki, used menus...)."""
    pending: Pending | None
    """The mid-turn decision being made now (by anyone), relative; None at a pick."""
    drawn: tuple[str, ...]
    """The cards the viewer's menu drew, while the viewer chooses among them."""
    log: tuple[Happening, ...] = ()
    """What happened at the table this round, in order, relative like every seat here
    (a reveal's picks are listed from the viewer on)."""
    rounds: tuple[PartyRoundView, ...] = ()
    """The finished rounds, in order."""
    draws: tuple[tuple[str, ...], ...] = ()
    """What the viewer's own menus drew this game, in order: one entry for each of its
    ``draw`` happenings (empty when the deck was empty). Nobody else sees them."""


def _relative(h: Happening, seat: int, n: int) -> Happening:
    """A happening as ``seat`` sees it: seats counted from ``seat``."""
    if h.what == "reveal":
        return Happening(h.turn, h.what, -1, h.cards[seat:] + h.cards[:seat])
    other = (h.other - seat) % n if h.what == "give" else h.other
    return Happening(h.turn, h.what, (h.seat - seat) % n, h.cards, other)
