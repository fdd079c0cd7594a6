"""What a browser is sent: a seat's frame, the spectators' frame, a replay's frame.

Hidden information leaves the core through one door, the view, and so it does
here. :func:`seat_frame` is built from ``state.observe(seat)`` and from what
the whole table sees: whose decision it is (``state.to_act()``), the seat's own
legal actions when it must decide, and the finished rounds (cards already
revealed, breakdowns, scores). Nothing else is read from the state: no other
seat's hand beyond those the view holds (hands the seat saw earlier in the
round), no deck, no dummy pile, no menu draw but the seat's own, no future roll.

:func:`public_frame` is what every player sees (for spectators): a view with
its private fields dropped (the hand, the hands seen earlier, a menu's or the
dummy's draw). :func:`replay_frame`, for finished games only, adds every hand.
:func:`catalog` tells the browser how to draw each card or die face.

Frames are plain JSON values, typed by :mod:`sushigo.present.schema`
(:class:`~sushigo.present.schema.GameFrame`); docs/web.md ("Frames") lists their keys. Sentences
name seats as ``{N}`` (absolute seat ``N``): the browser puts the names in. What
each game adds is its presenter's (:func:`sushigo.present.presenter_for`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState
from sushigo.games.classic import ROUNDS
from sushigo.present import presenter_for
from sushigo.present.base import BREAKDOWN_TITLES, Presenter, rel
from sushigo.present.schema import Catalog, GameFrame, LegalEntry


def seat_frame(state: AnyState, seat: int) -> GameFrame:
    """The frame sent to ``seat``: its view, its legal actions when it must decide now
    (``legal``, ``decision``), and what the whole table sees. Seats are absolute."""
    frame = _frame(state, state.observe(seat), private=True)
    if seat in frame["to_act"]:
        frame["legal"] = legal_entries(state, state.legal_actions(seat), seat)
    return frame


def public_frame(state: AnyState) -> GameFrame:
    """The spectators' frame: what every player sees. No hand, no hand seen earlier,
    no draw; ``viewer``, ``hand``, ``decision`` and ``legal`` are null."""
    return _frame(state, state.observe(0), private=False)


def replay_frame(state: AnyState) -> GameFrame:
    """A finished game's step, shown with everything: :func:`public_frame` plus every
    seat's hand (``players[i].hand``; the dummy's pile as its hand) and the cards a
    menu drew (``pending.drawn``). Only for games that are over."""
    frame = public_frame(state)
    presenter_for(state.ruleset).replay_hands(frame, state)
    return frame


def _frame(state: AnyState, view: Any, *, private: bool) -> GameFrame:
    """The frame of ``view``; without ``private``, none of the viewer's secrets."""
    rs = state.ruleset
    presenter = presenter_for(rs)
    to_act = list(state.to_act())
    frame: GameFrame = {
        "game": rs.name,
        "title": rs.title,
        "description": rs.describe(),
        "options": dict(rs.options),
        "viewer": view.seat if private else None,
        "seats": view.seats,
        "round": min(view.round, ROUNDS - 1) + 1,
        "rounds": ROUNDS,
        "turn": 0,  # the presenter fills turn, turns and passing in
        "turns": 0,
        "passing": "left",
        "over": state.is_terminal(),
        "to_act": to_act,
        "players": [],
        "hand": None,
        "decision": None,
        "pending": None,
        "legal": None,
        "log": [],
        "results": [],
        "final": None,
    }
    presenter.fill_frame(frame, state, view, private)
    breakdowns = presenter.breakdown(view)
    for player in frame["players"]:
        player["acting"] = player["seat"] in to_act
        points = breakdowns[rel(view, player["seat"])]
        player["now"] = sum(points.values())
        player["points"] = {key: value for key, value in points.items() if value}
    if private and not frame["over"]:
        frame["gains"] = _gains(presenter, view, frame)
    return frame


def _gains(presenter: Presenter, view: Any, frame: GameFrame) -> dict[str, int]:
    """What each card of the viewer's hand (each face on its belt) would add to its
    points this round, were the round to end with it played now."""
    cards = frame["hand"] or []
    return {card: sum(presenter.added(view, card).values()) for card in dict.fromkeys(cards)}


def legal_entries(state: AnyState, legal: Sequence[Any], seat: int) -> list[LegalEntry]:
    """``seat``'s legal actions for a frame: ``{"text", "label", "kind", "group",
    "direct", ...}``. ``text`` is ``str(action)`` (what the browser sends back);
    ``card`` names the card of the hand (or die of the belt) the action takes first;
    ``direct`` marks the one action clicking that card means; ``group`` heads the
    lists of the other actions."""
    entry = presenter_for(state.ruleset).legal_entry
    return [entry(action) for action in legal]


def action_entry(ruleset: AnyRuleset, action: Any) -> LegalEntry:
    """One action as :func:`legal_entries` shows it (``text``, ``label``, ``kind``,
    ...): the entry depends on the action alone."""
    return presenter_for(ruleset).legal_entry(action)


def catalog(ruleset: AnyRuleset) -> Catalog:
    """How to draw a game's cards or dice: ``{"game", "title", "cards": {id: {"name",
    "short", "family", "colour", "icons"}}, "columns": {breakdown key: title}}``,
    with the menu's kinds for Sushi Go Party! (``menu``) and the dice's faces for
    Sushi Roll (``dice``). Colours are CSS-friendly slugs (``light-blue``)."""
    out = {"game": ruleset.name, "title": ruleset.title, "columns": dict(BREAKDOWN_TITLES)}
    return cast(Catalog, out | presenter_for(ruleset).catalog(ruleset))
