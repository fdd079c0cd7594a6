"""``sushigo replay``: show recorded games turn by turn, or verify them."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from sushigo.core.errors import ParseError, RecordError
from sushigo.core.records import iter_lines, loads, replay, ruleset_of
from sushigo.play.files import read_text


def read_records(path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The records of a JSON Lines file, each with where it came from."""
    text, name = read_text(path)
    yield from iter_lines(text.splitlines(), name)


def run_replay(args: argparse.Namespace) -> int:
    if args.verify:
        return verify(args.file)
    shown = 0
    for index, (where, record) in enumerate(read_records(args.file), 1):
        if args.game_index is not None and index != args.game_index:
            continue
        if shown:
            print()
        print(show(record, where))
        shown += 1
    if not shown:
        which = f"no game {args.game_index} in" if args.game_index else "no records in"
        raise ParseError(f"{which} {args.file}")
    return 0


def verify(path: str) -> int:
    """Re-play every record; print each disagreement; 1 if any, else 0."""
    good = bad = 0
    text, name = read_text(path)
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{name}:{number}"
        try:
            replay(loads(line, where), where)
        except RecordError as exc:
            print(f"FAIL {exc}")
            bad += 1
        else:
            good += 1
    print(f"{good} verified, {bad} failed")
    return 1 if bad else 0


def _pick_text(pick: Any) -> str:
    """One seat's pick in a record: a list of cards (Sushi Go!) or notation (Party)."""
    if isinstance(pick, str):
        return pick
    return "+".join(map(str, pick)) or "-"


def _step_text(step: dict[str, Any], names: list[str]) -> str:
    """A mid-turn step of a Sushi Go Party! record."""
    if "draw" in step:
        return f"a menu draws {', '.join(map(str, step['draw']))}"
    return f"{_name(names, step.get('seat'))}: {step.get('choice')}"


def _name(names: list[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"


def _faces(faces: object) -> str:
    return ", ".join(map(str, faces)) if isinstance(faces, list) else str(faces)


def _roll_rounds(record: dict[str, Any], names: list[str]) -> list[str]:
    """The rounds of a Sushi Roll record: the rolls, every decision and re-roll."""
    lines = []
    for r, rnd in enumerate(record["rounds"]):
        lines.append(f"\nRound {r + 1} (red belt: {_name(names, rnd.get('red'))})")
        for name, belt in zip(names, rnd.get("belts", []), strict=False):
            lines.append(f"  {name}'s belt rolls {_faces(belt)}")
        cycle = 1
        for step in rnd.get("steps", []):
            if not isinstance(step, dict):
                continue
            if "slide" in step:
                cycle += 1
                rolled = "; ".join(
                    f"{name}: {_faces(b)}" for name, b in zip(names, step["slide"], strict=False)
                )
                lines.append(f"  belts slide left (cycle {cycle}), re-rolled: {rolled}")
            elif "roll" in step:
                lines.append(f"    re-rolled: {_faces(step['roll'])}")
            else:
                action = str(step.get("action"))
                verb = ": " if ":" in action else " takes "
                lines.append(f"  {_name(names, step.get('seat'))}{verb}{action}")
        for name, tray in zip(names, rnd.get("trays", []), strict=False):
            lines.append(f"  {name}'s tray: {_faces(tray)}")
        lines.extend(_score_lines(rnd, names))
    if "final_scores" in record:
        lines.append("\nGame end")
        seats = len(record["final_scores"])
        puddings = record.get("puddings") or [0] * seats
        pudding_points = record.get("dessert_scores") or [0] * seats
        left = record.get("tokens_left") or [0] * seats
        token_points = record.get("token_scores") or [0] * seats
        for i, name in enumerate(names[:seats]):
            lines.append(
                f"  {name}: {puddings[i]} pudding tokens, {pudding_points[i]:+d}; "
                f"{left[i]} menu and chopsticks tokens left, {token_points[i]:+d}; "
                f"total {record['final_scores'][i]}"
            )
        lines.append(_winner_line(record, names))
    return lines


def _score_lines(rnd: dict[str, Any], names: list[str]) -> list[str]:
    """Each seat's points for a recorded round, with the breakdown's non-zero parts."""
    scores = rnd.get("scores") or []
    breakdowns = rnd.get("breakdown") or [{}] * len(scores)
    lines = []
    for name, pts, b in zip(names, scores, breakdowns, strict=False):
        parts = ", ".join(f"{k} {v}" for k, v in b.items() if v)
        lines.append(f"  {name} scores {pts}" + (f" ({parts})" if parts else ""))
    return lines


def _winner_line(record: dict[str, Any], names: list[str]) -> str:
    won = [_name(names, i) for i in record.get("winners", [])]
    return "Winner: " + " and ".join(won) if len(won) < 2 else "Shared win: " + ", ".join(won)


def show(record: dict[str, Any], where: str) -> str:
    """A recorded game, turn by turn, as text."""
    rs = ruleset_of(record, where)
    names = record.get("names") or [f"Seat {i}" for i in range(rs.seats)]
    agents = record.get("agents") or ["?"] * rs.seats
    lines = [
        f"{rs.describe()} (seed {record.get('seed')})",
        "Seats: " + ", ".join(f"{n} [{a}]" for n, a in zip(names, agents, strict=False)),
    ]
    if rs.name == "sushi-roll":
        return "\n".join(lines + _roll_rounds(record, names))
    for r, rnd in enumerate(record["rounds"]):
        step = "left" if getattr(rs, "pass_step", lambda _r: 1)(r) == 1 else "right"
        lines.append(f"\nRound {r + 1} (hands pass {step})")
        for name, hand in zip(names, rnd.get("hands", []), strict=False):
            lines.append(f"  dealt to {name}: {', '.join(hand)}")
        draws = rnd.get("draws") or []
        steps = rnd.get("mid_turn") or []
        for t, turn in enumerate(rnd.get("turns", [])):
            picks = "; ".join(
                f"{name}: {_pick_text(p)}" for name, p in zip(names, turn, strict=False)
            )
            drawn = f" (drew {draws[t]})" if t < len(draws) else ""
            lines.append(f"  turn {t + 1}{drawn}: {picks}")
            for step in steps:
                if isinstance(step, dict) and step.get("turn") == t + 1:
                    lines.append(f"    {_step_text(step, names)}")
        lines.extend(_score_lines(rnd, names))
    if "final_scores" in record:
        lines.append("\nDessert")
        for i, name in enumerate(names):
            des = (record.get("dessert_scores") or [0] * rs.seats)[i]
            if "desserts" in record:  # Sushi Go Party!: the dessert cards kept
                kept = record["desserts"][i]
                what = f"{len(kept)} dessert card{'' if len(kept) == 1 else 's'}" + (
                    f" ({', '.join(kept)})" if kept else ""
                )
            else:
                what = f"{(record.get('puddings') or [0] * rs.seats)[i]} puddings"
            lines.append(f"  {name}: {what}, {des:+d}; total {record['final_scores'][i]}")
        lines.append(_winner_line(record, names))
    return "\n".join(lines)
