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
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from sushigo.core.errors import OptionsError
from sushigo.core.records import walk
from sushigo.core.state import AnyState


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
    """Every decision step of ``record`` (version 1 or 2), in order, each with the
    position before it: :func:`sushigo.core.records.walk`, counted.

    RecordError at the first deal, roll or decision the rules refuse, or that the
    record does not hold in the form docs/records.md gives.
    """
    for step, decision in enumerate(walk(record, where), 1):
        yield Position(step, decision.state, decision.actions, decision.where)


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


# -- sushigo hint ----------------------------------------------------------------


def _at(state: AnyState) -> str:
    """Where in the game a position is, for people."""
    rnd = state.round + 1
    cycle = getattr(state, "cycle", None)  # Sushi Roll counts cycles of the belts
    if cycle is not None:
        return f"round {rnd}, cycle {cycle + 1}"
    return f"round {rnd}, turn {getattr(state, 'turn', 0) + 1}"


def run_hint(args: argparse.Namespace) -> int:
    """The ``sushigo hint`` command: ranked hints at one step of a recorded game."""
    from sushigo.agents.hints import hints, search_kind
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
                    "search": search_kind(state.ruleset),
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
