"""Positions of a recorded game, and ``sushigo hint``: the ranked hints at one of them.

A record (docs/records.md) holds every deal, roll and decision of a game.
:func:`positions` drives a fresh state through them, in order, and stops before
each *decision step*: one ``state.apply`` of the game loop (a turn of Sushi Go!,
a pick or a mid-turn choice of Sushi Go Party!, one decision of Sushi Roll).
Steps are counted from 1 over the whole game, as :func:`sushigo.play.play_game`
applies them, so step ``K`` of a record is the position the game loop reached
before its ``K``-th ``apply``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any

from sushigo.core.errors import IllegalActionError, OptionsError, ParseError, RecordError
from sushigo.core.records import card_lists, guard, record_rounds, ruleset_of
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState
from sushigo.games.classic import CLASSIC_CARDS, ClassicRuleset, ClassicState, Deal, Draw
from sushigo.games.party import MenuDraw, PartyDeal, PartyRuleset, PartyState
from sushigo.games.party_cards import PARTY_CARDS
from sushigo.games.roll import BeltRoll, Reroll, RollDeal, RollRuleset, RollState

ROUNDS = 3
"""Every game of the family is three rounds."""


@dataclass
class Position:
    """The position before one decision step of a recorded game."""

    step: int
    """The step's number, counted from 1 over the whole game."""
    state: AnyState
    """The state before the step (from :func:`positions`: the walker's own state,
    which moves on with the walk; :func:`position_at` gives a copy)."""
    actions: dict[int, Any]
    """What the record has each deciding seat do at this step."""
    where: str
    """The place in the record, for messages (``games.jsonl:3, round 2, turn 4``)."""


def positions(record: dict[str, Any], where: str = "record") -> Generator[Position, None, None]:
    """Every decision step of ``record``, in order, each with the position before it.

    RecordError at the first deal, roll or decision the rules refuse, or that the
    record does not hold in the form docs/records.md gives.
    """
    rs = ruleset_of(record, where)
    if isinstance(rs, ClassicRuleset):
        yield from _classic(rs, record, where)
    elif isinstance(rs, PartyRuleset):
        yield from _party(rs, record, where)
    elif isinstance(rs, RollRuleset):
        yield from _roll(rs, record, where)
    else:
        raise RecordError(f"{where}: positions of {rs.title} cannot be walked")


def position_at(record: dict[str, Any], step: int, where: str = "record") -> Position:
    """The position before decision step ``step`` (1-based) of ``record``, with a
    state of its own. OptionsError when the game has fewer steps."""
    if step < 1:
        raise OptionsError(f"decision steps are counted from 1, not {step}")
    count = 0
    walk = positions(record, where)
    try:
        for pos in walk:
            count = pos.step
            if pos.step == step:
                return Position(step, pos.state.copy(), dict(pos.actions), pos.where)
    finally:
        walk.close()
    raise OptionsError(f"{where}: there is no step {step}; the game has {count} decision steps")


def _parse(rs: AnyRuleset, text: str, where: str) -> Any:
    try:
        return rs.parse_action(text)
    except ParseError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _list(entry: dict[str, Any], key: str, where: str) -> list[Any]:
    value = entry.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{where}: {key!r} must be a list")
    return value


# -- Sushi Go! -------------------------------------------------------------------


def _classic(rs: ClassicRuleset, record: dict[str, Any], where: str) -> Iterator[Position]:
    state: ClassicState = rs.new_game()
    step = 0
    for r, (at, entry) in enumerate(record_rounds(record, where, ROUNDS)):
        hands = card_lists(entry.get("hands"), f"{at}, hands", CLASSIC_CARDS.by_id)
        guard(state.apply_chance, Deal(tuple(tuple(h) for h in hands)), at)
        turns = _list(entry, "turns", at)
        draws = _list(entry, "draws", at)
        for t, turn in enumerate(turns):
            if state.round != r:
                break  # the last card of each hand is placed without a decision
            at_t = f"{at}, turn {t + 1}"
            if rs.dummy:
                if t >= len(draws) or not isinstance(draws[t], str):
                    raise RecordError(f"{at_t}: the dummy variant records one draw per turn")
                guard(state.apply_chance, Draw(draws[t]), at_t)
            picks = card_lists(turn, at_t, CLASSIC_CARDS.by_id)
            if len(picks) != rs.seats:
                raise RecordError(f"{at_t}: a turn lists one pick for each of {rs.seats} seats")
            ctrl = state.controller()
            actions: dict[int, Any] = {}
            for seat in state.to_act():
                text = "+".join(picks[seat])
                if seat == ctrl:
                    if len(picks[2]) != 1:
                        raise RecordError(f"{at_t}: the dummy takes exactly one card")
                    text += f" dummy:{picks[2][0]}"
                actions[seat] = _parse(rs, text, f"{at_t}, seat {seat}")
            step += 1
            yield Position(step, state, actions, at_t)
            guard(state.apply, actions, at_t)
        if state.round == r and not state.is_terminal():
            raise RecordError(f"{at}: the record stops before the round is over")


# -- Sushi Go Party! -------------------------------------------------------------


def _party(rs: PartyRuleset, record: dict[str, Any], where: str) -> Iterator[Position]:
    """As ``sushigo.games.party``'s own replay: picks from ``turns``, then the
    mid-turn choices and menu draws from ``mid_turn``, in order."""
    state: PartyState = rs.new_game()
    step = 0
    known = PARTY_CARDS.by_id
    for r, (at, entry) in enumerate(record_rounds(record, where, ROUNDS)):
        added = card_lists([entry.get("desserts_added")], f"{at}, desserts_added", known)[0]
        hands = card_lists(entry.get("hands"), f"{at}, hands", known)
        deal = PartyDeal(tuple(added), tuple(tuple(h) for h in hands))
        guard(state.apply_chance, deal, at)
        turns = _list(entry, "turns", at)
        events = _list(entry, "mid_turn", at)
        e = 0
        while state.round == r and not state.is_terminal():
            t = state.turn
            at_t = f"{at}, turn {t + 1}"
            if state.is_chance() or state.pending is not None:
                if e >= len(events):
                    raise RecordError(f"{at_t}: the record stops before the turn is over")
                event = events[e]
                e += 1
                at_e = f"{at_t}, mid-turn step {e}"
                if not isinstance(event, dict) or event.get("turn") != t + 1:
                    raise RecordError(f"{at_e}: expected a step of turn {t + 1}, found {event!r}")
                if state.is_chance():
                    drawn = card_lists([event.get("draw")], f"{at_e}, draw", known)[0]
                    guard(state.apply_chance, MenuDraw(tuple(drawn)), at_e)
                    continue
                (seat,) = state.to_act()
                text = event.get("choice")
                if event.get("seat") != seat or not isinstance(text, str):
                    raise RecordError(f"{at_e}: seat {seat} decides now; the record has {event!r}")
                actions = {seat: _parse(rs, text, at_e)}
                at_step = at_e
            else:
                if t >= len(turns):
                    raise RecordError(f"{at}: the record stops before the round is over")
                turn = turns[t]
                if not isinstance(turn, list) or len(turn) != rs.players:
                    raise RecordError(f"{at_t}: a turn lists one pick for each seat")
                actions = {}
                for seat in state.to_act():
                    text = turn[seat]
                    if not isinstance(text, str):
                        raise RecordError(f"{at_t}: a pick is written as text, not {text!r}")
                    actions[seat] = _parse(rs, text, f"{at_t}, seat {seat}")
                at_step = at_t
            step += 1
            yield Position(step, state, actions, at_step)
            guard(state.apply, actions, at_step)


# -- Sushi Roll ------------------------------------------------------------------


def _faces(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(f, str) for f in value):
        raise RecordError(f"{where}: expected a list of faces")
    return value


def _belts(value: object, where: str) -> list[list[str]]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of face lists")
    return [_faces(b, where) for b in value]


def _chance(make: Any, *args: Any, where: str) -> Any:
    """A Sushi Roll chance outcome built from a record's faces; RecordError for a name
    that is no face."""
    try:
        return make(*args)
    except IllegalActionError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _roll(rs: RollRuleset, record: dict[str, Any], where: str) -> Iterator[Position]:
    state: RollState = rs.new_game()
    step = 0
    for r, (at, entry) in enumerate(record_rounds(record, where, ROUNDS)):
        red = entry.get("red")
        if not isinstance(red, int) or isinstance(red, bool):
            raise RecordError(f"{at}: 'red' is the seat holding the red belt")
        belts = _belts(entry.get("belts"), f"{at}, belts")
        guard(state.apply_chance, _chance(RollDeal, red, belts, where=at), at)
        for i, item in enumerate(_list(entry, "steps", at)):
            at_s = f"{at}, step {i + 1}"
            if state.round != r or state.is_terminal():
                raise RecordError(f"{at_s}: the round is already over")
            if not isinstance(item, dict):
                raise RecordError(f"{at_s}: a step is an object, not {item!r}")
            if state.is_chance():
                if state.rerolling:
                    if "roll" not in item:
                        raise RecordError(
                            f"{at_s}: a menu's re-roll is due; the record has {item!r}"
                        )
                    faces = _faces(item["roll"], at_s)
                    guard(state.apply_chance, _chance(Reroll, faces, where=at_s), at_s)
                else:
                    if "slide" not in item:
                        raise RecordError(
                            f"{at_s}: the belts' roll is due; the record has {item!r}"
                        )
                    rolled = _belts(item["slide"], at_s)
                    guard(state.apply_chance, _chance(BeltRoll, rolled, where=at_s), at_s)
                continue
            (seat,) = state.to_act()
            text = item.get("action")
            if item.get("seat") != seat or not isinstance(text, str):
                raise RecordError(f"{at_s}: seat {seat} decides now; the record has {item!r}")
            actions = {seat: _parse(rs, text, at_s)}
            step += 1
            yield Position(step, state, actions, at_s)
            guard(state.apply, actions, at_s)
        if state.round == r and not state.is_terminal():
            raise RecordError(f"{at}: the record stops before the round is over")


# -- sushigo hint ----------------------------------------------------------------


def _at(state: AnyState) -> str:
    """Where in the game a position is, for people."""
    rnd = getattr(state, "round", 0) + 1
    if isinstance(state, RollState):
        return f"round {rnd}, cycle {state.cycle + 1}"
    return f"round {rnd}, turn {getattr(state, 'turn', 0) + 1}"


def run_hint(args: argparse.Namespace) -> int:
    """The ``sushigo hint`` command: ranked hints at one step of a recorded game."""
    from sushigo.agents.hints import hints
    from sushigo.play.replay import read_records

    if args.ms <= 0:
        raise OptionsError("--ms must be above 0")
    if args.iterations < 0:
        raise OptionsError("--iterations must be 0 or more")
    index = args.game_index if args.game_index is not None else 1
    if index < 1:
        raise OptionsError(f"--game-index counts games from 1, not {index}")
    found: tuple[str, dict[str, Any]] | None = None
    count = 0
    for count, item in enumerate(read_records(args.file), 1):
        if count == index:
            found = item
            break
    if found is None:
        held = f"it holds {count} game{'' if count == 1 else 's'}" if count else "it holds none"
        raise OptionsError(f"there is no game {index} in {args.file}: {held}")
    where, record = found
    pos = position_at(record, args.step, where)
    state = pos.state
    deciding = list(state.to_act())
    seat = args.seat if args.seat is not None else deciding[0]
    if seat not in deciding:
        who = ", ".join(map(str, deciding))
        them = f"seat {who} does" if len(deciding) == 1 else f"seats {who} do"
        raise OptionsError(f"seat {seat} does not decide at step {args.step}; {them}")
    view = state.observe(seat)
    legal = state.legal_actions(seat)
    ranked = hints(view, legal, ms=args.ms, iterations=args.iterations, seed=args.seed)
    names = record.get("names") or []
    name = names[seat] if isinstance(names, list) and seat < len(names) else f"seat {seat}"
    played = str(pos.actions[seat])
    if args.json:
        print(
            json.dumps(
                {
                    "file": args.file,
                    "game_index": index,
                    "step": args.step,
                    "game": state.ruleset.name,
                    "players": state.ruleset.players,
                    "round": getattr(state, "round", 0) + 1,
                    "deciding": deciding,
                    "seat": seat,
                    "played": played,
                    "search": "mcts",
                    "hints": [
                        {
                            "action": h.text,
                            "value": round(h.value, 4),
                            "mean_score": round(h.mean_score, 2),
                            "games": h.games,
                            "reason": h.reason,
                        }
                        for h in ranked
                    ],
                },
                indent=2,
            )
        )
        return 0
    rs = state.ruleset
    print(f"{rs.describe()}, game {index} of {args.file}, step {args.step} ({_at(state)})")
    line = f"Seat {seat} ({name}) decides"
    if len(deciding) > 1:
        line += f"; seats {', '.join(map(str, deciding))} decide at once (choose with --seat)"
    print(line + f". The record plays {played}.")
    shown = ranked[:TOP]
    for i, h in enumerate(shown, 1):
        print(f"{i:>3}. {h.text}: {h.reason}")
    if len(ranked) > len(shown):
        print(f"     ... and {len(ranked) - len(shown)} more (--json lists them all)")
    return 0


TOP = 10
"""Hints listed by ``sushigo hint`` without ``--json``."""
