"""Sushi Go Party!: a game's rounds and end as a record writes them (docs/records.md),
its chance steps, and re-playing a version 1 record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sushigo.core.errors import ParseError, RecordError
from sushigo.core.records import (
    card_lists,
    compare,
    compare_fields,
    final_fields,
    guard,
    round_entries,
)
from sushigo.games.party.actions import PartyAction, parse_party_action
from sushigo.games.party.cards import _BY_ID, ROUNDS
from sushigo.games.party.state import _MENU_DRAW, _PICK, MenuDraw, PartyDeal, PartyState

if TYPE_CHECKING:
    from sushigo.games.party.ruleset import PartyRuleset


def record_rounds(rs: PartyRuleset, state: PartyState) -> list[dict[str, Any]]:
    """Every finished round: the deal (``{"deal": hands, "desserts_added": cards}``),
    then each turn's picks, each followed by the turn's mid-turn steps in order (a
    menu's draw ``{"draw": cards}``, a choice ``{"seat": s, "action": "take:eel"}``),
    then the scores. On the last turn only the seats that chose (a special order
    with more than one card to copy) have a pick step; the rest were placed as passed."""
    rounds = []
    for res in state.results:
        steps: list[dict[str, Any]] = [
            {"deal": [list(h) for h in res.hands], "desserts_added": list(res.desserts_added)}
        ]
        events = list(res.events)
        e = 0
        last = len(res.turns) - 1
        for t, picks in enumerate(res.turns):
            seats = res.last_deciders if t == last else range(len(picks))
            steps.extend({"seat": s, "action": picks[s]} for s in seats)
            while e < len(events) and events[e][0] == t + 1:
                _, seat, text = events[e]
                if seat < 0:
                    steps.append({"draw": text.split(",")})
                else:
                    steps.append({"seat": seat, "action": text})
                e += 1
        rounds.append(
            {
                "steps": steps,
                "scores": list(res.scores),
                "breakdown": [dict(b) for b in res.breakdown],
            }
        )
    return rounds


def end_fields(state: PartyState) -> dict[str, Any]:
    """The desserts each seat kept, their points, the final scores and the winners."""
    return final_fields(state, desserts=_dessert_lists(state))


def parse_chance(step: dict[str, Any], where: str) -> PartyDeal | MenuDraw:
    """A deal (``{"deal": hands, "desserts_added": cards}``) or a menu's draw
    (``{"draw": cards}``)."""
    if "deal" in step:
        added = card_lists([step.get("desserts_added")], f"{where}, desserts_added", _BY_ID)[0]
        hands = card_lists(step["deal"], f"{where}, deal", _BY_ID)
        return PartyDeal(tuple(added), tuple(tuple(h) for h in hands))
    if "draw" in step:
        return MenuDraw(tuple(card_lists([step["draw"]], f"{where}, draw", _BY_ID)[0]))
    raise RecordError(f"{where}: a deal or a menu's draw is due; the record has {step}")


def replay_v1(rs: PartyRuleset, record: dict[str, Any], where: str = "record") -> PartyState:
    """Re-play a version 1 record (``desserts_added``, ``hands``, ``turns`` and
    ``mid_turn`` each round); RecordError where it disagrees with the rules."""
    state = rs.new_game()
    for r, (at, entry) in enumerate(round_entries(record, where, ROUNDS)):
        added = card_lists([entry.get("desserts_added")], f"{at}, desserts_added", _BY_ID)[0]
        hands = card_lists(entry.get("hands"), f"{at}, hands", _BY_ID)
        guard(state.apply_chance, PartyDeal(tuple(added), tuple(map(tuple, hands))), at)
        turns = entry.get("turns")
        if not isinstance(turns, list) or len(turns) != rs.hand_size:
            raise RecordError(f"{at}: a round has {rs.hand_size} turns")
        events = entry.get("mid_turn", [])
        if not isinstance(events, list):
            raise RecordError(f"{at}: 'mid_turn' must be a list")
        _replay_round(state, r, at, turns, events)
        result = state.results[r]
        for t, turn in enumerate(turns):
            compare(turn, list(result.turns[t]), f"{at}, turn {t + 1}: the picks")
        compare(entry.get("scores"), list(result.scores), f"{at}: scores")
        compare(entry.get("breakdown"), list(result.breakdown), f"{at}: breakdown")
    if state.is_terminal():
        compare_fields(record, final_fields(state, desserts=_dessert_lists(state)), where)
    return state


def _replay_round(state: PartyState, r: int, at: str, turns: list[Any], events: list[Any]) -> None:
    """Drive one round of a record through the state; RecordError at the first fault."""
    e = 0
    while state.round == r and not state.is_terminal():
        phase = state._phase
        t = state.turn
        at_t = f"{at}, turn {t + 1}"
        if phase == _PICK:
            turn = turns[t]
            if not isinstance(turn, list) or len(turn) != state.rules.players:
                raise RecordError(f"{at_t}: a turn lists one pick for each seat")
            actions: dict[int, PartyAction] = {}
            for seat in state.to_act():
                text = turn[seat]
                if not isinstance(text, str):
                    raise RecordError(f"{at_t}: a pick is written as text, not {text!r}")
                try:
                    actions[seat] = parse_party_action(text)
                except ParseError as exc:
                    raise RecordError(f"{at_t}: seat {seat}: {exc}") from None
            guard(state.apply, actions, at_t)
            continue
        if e >= len(events):
            raise RecordError(f"{at_t}: the record stops before the turn is over")
        event = events[e]
        e += 1
        at_e = f"{at_t}, mid-turn step {e}"
        if not isinstance(event, dict) or event.get("turn") != t + 1:
            raise RecordError(f"{at_e}: expected a step of turn {t + 1}, found {event!r}")
        if phase == _MENU_DRAW:
            cards = event.get("draw")
            drawn = card_lists([cards], f"{at_e}, draw", _BY_ID)[0]
            guard(state.apply_chance, MenuDraw(tuple(drawn)), at_e)
            continue
        who = event.get("seat")
        text = event.get("choice")
        if who not in state.to_act() or not isinstance(text, str):
            raise RecordError(
                f"{at_e}: seat {state.to_act()[0]} decides now; the record has {event!r}"
            )
        try:
            action = parse_party_action(text)
        except ParseError as exc:
            raise RecordError(f"{at_e}: {exc}") from None
        guard(state.apply, {state.to_act()[0]: action}, at_e)
    if e != len(events):
        raise RecordError(f"{at}: {len(events) - e} mid-turn steps after the round was over")


def _event_json(event: tuple[int, int, str]) -> dict[str, Any]:
    turn, seat, text = event
    if seat < 0:
        return {"turn": turn, "draw": text.split(",")}
    return {"turn": turn, "seat": seat, "choice": text}


def _dessert_lists(state: PartyState) -> list[list[str]]:
    """The desserts each seat kept, in notation (a record's ``desserts``)."""
    return [[p.token for p in kept] for kept in state.desserts]
