"""A recorded game as text, step by step (``sushigo replay FILE``).

The record is re-played as it is read (:func:`sushigo.core.records.walk`), so what
is shown is what the rules made of it: a record the rules refuse raises
RecordError, saying where.
"""

from __future__ import annotations

from typing import Any

from sushigo.core.records import ruleset_of, upgrade, walk


def show(record: dict[str, Any], where: str = "record") -> str:
    """A recorded game (version 1 or 2), round by round, as text."""
    record = upgrade(record, where)
    rs = ruleset_of(record, where)
    names = record.get("names") or [f"Seat {i}" for i in range(rs.seats)]
    agents = record.get("agents") or ["?"] * rs.seats
    lines = [
        f"{rs.describe()} (seed {record.get('seed')})",
        "Seats: " + ", ".join(f"{n} [{a}]" for n, a in zip(names, agents, strict=False)),
    ]
    decisions = _walked(record, where)
    pass_step = getattr(rs, "pass_step", lambda _round: 1)
    for r, rnd in enumerate(record["rounds"]):
        turn = 0
        cycle = 1
        drew = ""
        if rs.name != "sushi-roll":  # Sushi Roll names its round at the deal: the red belt
            way = "left" if pass_step(r) == 1 else "right"
            lines.append(f"\nRound {r + 1} (hands pass {way})")
        for i, step in enumerate(rnd["steps"]):
            if "seat" in step:
                actions = decisions.get((r, i))
                if actions is None:
                    continue  # a seat's decision, shown with the last of its turn
                if len(actions) > 1:
                    turn += 1
                    picks = "; ".join(f"{_name(names, s)}: {actions[s]}" for s in sorted(actions))
                    lines.append(f"  turn {turn}{drew}: {picks}")
                    drew = ""
                elif rs.name == "sushi-roll":
                    for s, action in actions.items():
                        text = str(action)
                        verb = ": " if ":" in text else " takes "
                        lines.append(f"  {_name(names, s)}{verb}{text}")
                else:
                    for s, action in actions.items():
                        lines.append(f"    {_name(names, s)}: {action}")
            elif "deal" in step and "red" in step:  # Sushi Roll: the belts
                lines.append(f"\nRound {r + 1} (red belt: {_name(names, step['red'])})")
                for name, belt in zip(names, step["deal"], strict=False):
                    lines.append(f"  {name}'s belt rolls {_faces(belt)}")
            elif "deal" in step:
                for name, hand in zip(names, step["deal"], strict=False):
                    lines.append(f"  dealt to {name}: {', '.join(hand)}")
            elif "draw" in step and isinstance(step["draw"], str):  # the dummy's pile
                drew = f" (drew {step['draw']})"
            elif "draw" in step:  # a menu's four cards
                lines.append(f"    a menu draws {_faces(step['draw'])}")
            elif "slide" in step:
                cycle += 1
                rolled = "; ".join(
                    f"{name}: {_faces(b)}" for name, b in zip(names, step["slide"], strict=False)
                )
                lines.append(f"  belts slide left (cycle {cycle}), re-rolled: {rolled}")
            elif "roll" in step:
                lines.append(f"    re-rolled: {_faces(step['roll'])}")
        for name, tray in zip(names, rnd.get("trays", []), strict=False):
            lines.append(f"  {name}'s tray: {_faces(tray)}")
        lines.extend(_score_lines(rnd, names))
    if "final_scores" in record:
        lines.extend(_end_lines(record, names, rs.seats))
    return "\n".join(lines)


def _walked(record: dict[str, Any], where: str) -> dict[tuple[int, int], dict[int, Any]]:
    """Every decision step's actions, by the (round, step) of the record step that
    completed it."""
    return {(d.round, d.step): dict(d.actions) for d in walk(record, where)}


def _name(names: list[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"


def _faces(faces: object) -> str:
    return ", ".join(map(str, faces)) if isinstance(faces, list) else str(faces)


def _score_lines(rnd: dict[str, Any], names: list[str]) -> list[str]:
    """Each seat's points for a recorded round, with the breakdown's non-zero parts."""
    scores = rnd.get("scores") or []
    breakdowns = rnd.get("breakdown") or [{}] * len(scores)
    lines = []
    for name, pts, b in zip(names, scores, breakdowns, strict=False):
        parts = ", ".join(f"{k} {v}" for k, v in b.items() if v)
        lines.append(f"  {name} scores {pts}" + (f" ({parts})" if parts else ""))
    return lines


def _end_lines(record: dict[str, Any], names: list[str], seats: int) -> list[str]:
    """The end of the game: desserts (or tokens) and totals, then the winners."""
    finals = record["final_scores"]
    dessert = record.get("dessert_scores") or [0] * seats
    if "tokens_left" in record:  # Sushi Roll
        lines = ["\nGame end"]
        puddings = record.get("puddings") or [0] * seats
        left = record.get("tokens_left") or [0] * seats
        token_points = record.get("token_scores") or [0] * seats
        for i, name in enumerate(names[: len(finals)]):
            lines.append(
                f"  {name}: {puddings[i]} pudding tokens, {dessert[i]:+d}; "
                f"{left[i]} menu and chopsticks tokens left, {token_points[i]:+d}; "
                f"total {finals[i]}"
            )
    else:
        lines = ["\nDessert"]
        for i, name in enumerate(names):
            if "desserts" in record:  # Sushi Go Party!: the dessert cards kept
                kept = record["desserts"][i]
                what = f"{len(kept)} dessert card{'' if len(kept) == 1 else 's'}" + (
                    f" ({', '.join(kept)})" if kept else ""
                )
            else:
                what = f"{(record.get('puddings') or [0] * seats)[i]} puddings"
            lines.append(f"  {name}: {what}, {dessert[i]:+d}; total {finals[i]}")
    won = [_name(names, i) for i in record.get("winners", [])]
    if len(won) < 2:
        lines.append("Winner: " + " and ".join(won))
    else:
        lines.append("Shared win: " + ", ".join(won))
    return lines
