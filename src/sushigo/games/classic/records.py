"""Sushi Go!: a game's rounds and end as a record writes them (docs/records.md), its
chance steps, and re-playing a version 1 record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sushigo.core.errors import RecordError
from sushigo.core.records import (
    card_lists,
    compare,
    compare_fields,
    final_fields,
    guard,
    round_entries,
)
from sushigo.games.classic.actions import Pick
from sushigo.games.classic.cards import CLASSIC_CARDS, DUMMY_HAND_SIZE, ROUNDS
from sushigo.games.classic.state import ClassicState, Deal, Draw

if TYPE_CHECKING:
    from sushigo.games.classic.ruleset import ClassicRuleset


def record_rounds(rs: ClassicRuleset, state: ClassicState) -> list[dict[str, Any]]:
    """Every finished round: the deal (``{"deal": hands}``, the dummy's pile third),
    then each turn's picks (with the dummy, the draw first: ``{"draw": card}``),
    then its scores. The last card of each hand is placed without a decision: no step."""
    rounds: list[dict[str, Any]] = []
    for r, res in enumerate(state.results):
        steps: list[dict[str, Any]] = [{"deal": [list(h) for h in res.hands]}]
        last = len(res.turns) - 1
        for t, turn in enumerate(res.turns):
            if rs.dummy:
                steps.append({"draw": res.draws[t]})
                ctrl = (r * DUMMY_HAND_SIZE + t) % 2
                for seat in rs.deciders:
                    give = turn[2][0] if seat == ctrl else None
                    steps.append({"seat": seat, "action": str(Pick(turn[seat], give))})
            elif t < last:
                for seat in rs.deciders:
                    steps.append({"seat": seat, "action": str(Pick(turn[seat]))})
        rounds.append(
            {
                "steps": steps,
                "scores": list(res.scores),
                "breakdown": [dict(b) for b in res.breakdown],
            }
        )
    return rounds


def end_fields(state: ClassicState) -> dict[str, Any]:
    """The puddings kept, their points, the final scores and the winners."""
    return final_fields(state, puddings=list(state.desserts))


def parse_chance(step: dict[str, Any], where: str) -> Deal | Draw:
    """A deal (``{"deal": hands}``) or a dummy draw (``{"draw": card}``)."""
    if "deal" in step:
        hands = _cards_lists(step["deal"], f"{where}, deal")
        return Deal(tuple(tuple(h) for h in hands))
    card = step.get("draw")
    if isinstance(card, str) and card in CLASSIC_CARDS.by_id:
        return Draw(card)
    raise RecordError(
        f"{where}: a deal or a draw from the dummy's pile is due; the record has {step}"
    )


def replay_v1(rs: ClassicRuleset, record: dict[str, Any], where: str = "record") -> ClassicState:
    """Re-play a version 1 record: ``hands``, ``turns`` (and ``draws``) each round."""
    state = rs.new_game()
    for r, (at, entry) in enumerate(round_entries(record, where, ROUNDS)):
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
                raise RecordError(f"{at_t}: a turn lists one pick for each of {rs.seats} seats")
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
