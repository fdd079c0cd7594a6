"""Sushi Roll: a game's rounds (every roll and decision in order) and end as a
record writes them (docs/records.md), its chance steps, and re-playing a version 1
record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sushigo.core.errors import ParseError, RecordError
from sushigo.core.records import compare, compare_fields, final_fields, guard, round_entries
from sushigo.games.roll.actions import parse_roll_action
from sushigo.games.roll.dice import _F, ROUNDS, token_points
from sushigo.games.roll.state import _REROLL, BeltRoll, Reroll, RollDeal, RollState

if TYPE_CHECKING:
    from sushigo.games.roll.ruleset import RollRuleset


def record_rounds(rs: RollRuleset, state: RollState) -> list[dict[str, Any]]:
    """Every finished round: the deal (``{"deal": belts, "red": seat}``, each belt's
    dice as rolled), then every decision, menu re-roll (``{"roll": faces}``) and roll
    after a slide (``{"slide": belts}``) in order, then the trays and scores."""
    return [
        {
            "steps": [
                {"deal": [list(b) for b in res.belts], "red": res.red},
                *[_step_json(s) for s in res.steps],
            ],
            "trays": [list(t) for t in res.trays],
            "scores": list(res.scores),
            "breakdown": [dict(b) for b in res.breakdown],
        }
        for res in state.results
    ]


def end_fields(state: RollState) -> dict[str, Any]:
    """Pudding tokens and their points, the menu and chopsticks tokens left and
    their points, the final scores and the winners."""
    return _final(state)


def parse_chance(step: dict[str, Any], where: str) -> RollDeal | Reroll | BeltRoll:
    """A deal (``{"deal": belts, "red": seat}``), a menu's re-roll (``{"roll": faces}``)
    or the roll after a slide (``{"slide": belts}``)."""
    if "deal" in step:
        red = step.get("red")
        if not isinstance(red, int) or isinstance(red, bool):
            raise RecordError(f"{where}: 'red' is the seat holding the red belt")
        return RollDeal(red, _face_lists(step["deal"], f"{where}, deal"))
    if "roll" in step:
        return Reroll(_faces(step["roll"], where))
    if "slide" in step:
        return BeltRoll(_face_lists(step["slide"], where))
    raise RecordError(f"{where}: a deal or a roll is due; the record has {step}")


def replay_v1(rs: RollRuleset, record: dict[str, Any], where: str = "record") -> RollState:
    """Re-play a version 1 record: ``red``, ``belts`` and ``steps`` each round."""
    state = rs.new_game()
    for r, (at, entry) in enumerate(round_entries(record, where, ROUNDS)):
        red = entry.get("red")
        if not isinstance(red, int) or isinstance(red, bool):
            raise RecordError(f"{at}: 'red' is the seat holding the red belt")
        belts = _face_lists(entry.get("belts"), f"{at}, belts")
        guard(state.apply_chance, RollDeal(red, belts), at)
        steps = entry.get("steps")
        if not isinstance(steps, list):
            raise RecordError(f"{at}: 'steps' must be a list")
        _replay_round(state, r, at, steps)
        result = state.results[r]
        compare(entry.get("trays"), [list(t) for t in result.trays], f"{at}: trays")
        compare(entry.get("scores"), list(result.scores), f"{at}: scores")
        compare(entry.get("breakdown"), list(result.breakdown), f"{at}: breakdown")
    if state.is_terminal():
        compare_fields(record, _final(state), where)
    return state


def _final(state: RollState) -> dict[str, Any]:
    return final_fields(
        state,
        puddings=list(state.puddings),
        tokens_left=[m + c for m, c in zip(state.menus, state.chopsticks, strict=True)],
        token_scores=token_points(state.menus, state.chopsticks),
    )


def _step_json(step: tuple[int, Any]) -> dict[str, Any]:
    seat, what = step
    if seat >= 0:
        return {"seat": seat, "action": what}
    if seat == -1:
        return {"roll": list(what)}
    return {"slide": [list(b) for b in what]}


def _face_lists(value: object, where: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or not all(isinstance(b, list) for b in value):
        raise RecordError(f"{where}: expected a list of face lists")
    return tuple(_faces(b, where) for b in value)


def _faces(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of faces")
    for f in value:
        if not isinstance(f, str) or f not in _F:
            raise RecordError(f"{where}: unknown face {f!r}")
    return tuple(value)


def _replay_round(state: RollState, r: int, at: str, steps: list[Any]) -> None:
    """Drive one round's steps through the state; RecordError at the first fault."""
    for i, step in enumerate(steps):
        at_s = f"{at}, step {i + 1}"
        if state.round != r or state.is_terminal():
            raise RecordError(f"{at_s}: the round is already over")
        if not isinstance(step, dict):
            raise RecordError(f"{at_s}: a step is an object, not {step!r}")
        if state.is_chance():
            if state._pending == _REROLL:
                if "roll" not in step:
                    raise RecordError(f"{at_s}: a menu's re-roll is due; the record has {step!r}")
                guard(state.apply_chance, Reroll(_faces(step["roll"], at_s)), at_s)
            else:
                if "slide" not in step:
                    raise RecordError(f"{at_s}: the belts' roll is due; the record has {step!r}")
                guard(state.apply_chance, BeltRoll(_face_lists(step["slide"], at_s)), at_s)
            continue
        seat = state.to_act()[0]
        text = step.get("action")
        if step.get("seat") != seat or not isinstance(text, str):
            raise RecordError(f"{at_s}: seat {seat} decides now; the record has {step!r}")
        try:
            action = parse_roll_action(text)
        except ParseError as exc:
            raise RecordError(f"{at_s}: {exc}") from None
        guard(state.apply, {seat: action}, at_s)
    if state.round == r and not state.is_terminal():
        raise RecordError(f"{at}: the record stops before the round is over")
