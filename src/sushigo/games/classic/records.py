"""Sushi Go!: a game's record body, and re-playing a record through the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sushigo.core.errors import RecordError
from sushigo.core.records import (
    card_lists,
    compare,
    compare_fields,
    final_fields,
    guard,
    record_rounds,
)
from sushigo.games.classic.actions import Pick
from sushigo.games.classic.cards import CLASSIC_CARDS, ROUNDS
from sushigo.games.classic.state import ClassicState, Deal, Draw

if TYPE_CHECKING:
    from sushigo.games.classic.ruleset import ClassicRuleset


def record_body(rs: ClassicRuleset, state: ClassicState) -> dict[str, Any]:
    assert isinstance(state, ClassicState)
    rounds: list[dict[str, Any]] = []
    for res in state.results:
        entry: dict[str, Any] = {
            "hands": [list(h) for h in res.hands],
            "turns": [[list(p) for p in turn] for turn in res.turns],
            "scores": list(res.scores),
            "breakdown": [dict(b) for b in res.breakdown],
        }
        if rs.dummy:
            entry["draws"] = list(res.draws)
        rounds.append(entry)
    body: dict[str, Any] = {"rounds": rounds}
    if state.is_terminal():
        body.update(final_fields(state, puddings=list(state.desserts)))
    return body

def replay(rs: ClassicRuleset, record: dict[str, Any], where: str = "record") -> ClassicState:
    state = rs.new_game()
    for r, (at, entry) in enumerate(record_rounds(record, where, ROUNDS)):
        hands = _cards_lists(entry.get("hands"), f"{at}, hands")
        guard(state.apply_chance, Deal(tuple(map(tuple, hands))), at)
        turns = entry.get("turns")
        if not isinstance(turns, list):
            raise RecordError(f"{at}: 'turns' must be a list")
        draws = entry.get("draws", [])
        if rs.dummy and (not isinstance(draws, list) or len(draws) < len(turns)):
            raise RecordError(f"{at}: the dummy variant records one draw per turn")
        for t, turn in enumerate(turns):
            at_t = f"{at}, turn {t + 1}"
            if state.round != r:
                # The last card of each hand is placed without a decision.
                done = state.results[r].turns
                if t != len(done) - 1:
                    raise RecordError(f"{at_t}: the round was already over")
                placed = [list(p) for p in done[t]]
                if _cards_lists(turn, at_t) != placed:
                    raise RecordError(
                        f"{at_t}: the last card of each hand is placed as passed: "
                        f"the rules give {placed}, the record says {turn}"
                    )
                continue
            if rs.dummy:
                if not isinstance(draws[t], str):
                    raise RecordError(f"{at_t}: a draw is a card id")
                guard(state.apply_chance, Draw(draws[t]), at_t)
            picks = _cards_lists(turn, at_t)
            if len(picks) != rs.seats:
                raise RecordError(
                    f"{at_t}: a turn lists one pick for each of {rs.seats} seats"
                )
            ctrl = state.controller()
            actions: dict[int, Pick] = {}
            for seat in state.to_act():
                give: str | None = None
                if seat == ctrl:
                    if len(picks[2]) != 1:
                        raise RecordError(f"{at_t}: the dummy takes exactly one card")
                    give = picks[2][0]
                actions[seat] = Pick(tuple(picks[seat]), give)
            guard(state.apply, actions, at_t)
        if state.round == r or len(turns) != rs.hand_size:
            raise RecordError(
                f"{at}: a round has {rs.hand_size} turns, the record has {len(turns)}"
            )
        result = state.results[r]
        compare(entry.get("scores"), list(result.scores), f"{at}: scores")
        compare(entry.get("breakdown"), list(result.breakdown), f"{at}: breakdown")
    if state.is_terminal():
        compare_fields(record, final_fields(state, puddings=list(state.desserts)), where)
    return state


def _cards_lists(value: object, where: str) -> list[list[str]]:
    return card_lists(value, where, CLASSIC_CARDS.by_id)
