"""``sushigo replay``: show recorded games turn by turn, or verify them."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from sushigo.core.errors import ParseError, RecordError
from sushigo.core.records import iter_lines, loads, replay, ruleset_of


def open_lines(path: str) -> tuple[TextIO, str]:
    """A text stream for a path (``-`` is stdin) and the name to report it by."""
    if path == "-":
        return sys.stdin, "<stdin>"
    try:
        return open(path, encoding="utf-8"), path  # noqa: SIM115
    except FileNotFoundError:
        raise ParseError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise ParseError(f"{path} is a folder, not a file of records") from None
    except OSError as exc:
        raise ParseError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ParseError(f"{path} is not a text file") from None


def read_records(path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    stream, name = open_lines(path)
    try:
        yield from iter_lines(stream, name)
    except UnicodeDecodeError:
        raise ParseError(f"{name} is not a UTF-8 text file") from None
    finally:
        if stream is not sys.stdin:
            stream.close()


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
    stream, name = open_lines(path)
    try:
        for number, line in enumerate(stream, 1):
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
    except UnicodeDecodeError:
        raise ParseError(f"{name} is not a UTF-8 text file") from None
    finally:
        if stream is not sys.stdin:
            stream.close()
    print(f"{good} verified, {bad} failed")
    return 1 if bad else 0


def show(record: dict[str, Any], where: str) -> str:
    """A recorded game, turn by turn, as text."""
    rs = ruleset_of(record, where)
    names = record.get("names") or [f"Seat {i}" for i in range(rs.seats)]
    agents = record.get("agents") or ["?"] * rs.seats
    lines = [
        f"{rs.describe()} (seed {record.get('seed')})",
        "Seats: " + ", ".join(f"{n} [{a}]" for n, a in zip(names, agents, strict=False)),
    ]
    for r, rnd in enumerate(record["rounds"]):
        step = "left" if getattr(rs, "pass_step", lambda _r: 1)(r) == 1 else "right"
        lines.append(f"\nRound {r + 1} (hands pass {step})")
        for name, hand in zip(names, rnd.get("hands", []), strict=False):
            lines.append(f"  dealt to {name}: {', '.join(hand)}")
        draws = rnd.get("draws") or []
        for t, turn in enumerate(rnd.get("turns", [])):
            picks = "; ".join(
                f"{name}: {'+'.join(p) or '-'}" for name, p in zip(names, turn, strict=False)
            )
            drawn = f" (drew {draws[t]})" if t < len(draws) else ""
            lines.append(f"  turn {t + 1}{drawn}: {picks}")
        scores = rnd.get("scores") or []
        breakdowns = rnd.get("breakdown") or [{}] * len(scores)
        for name, pts, b in zip(names, scores, breakdowns, strict=False):
            parts = ", ".join(f"{k} {v}" for k, v in b.items() if v)
            lines.append(f"  {name} scores {pts}" + (f" ({parts})" if parts else ""))
    if "final_scores" in record:
        lines.append("\nDessert")
        for i, name in enumerate(names):
            pud = (record.get("puddings") or [0] * rs.seats)[i]
            des = (record.get("dessert_scores") or [0] * rs.seats)[i]
            lines.append(f"  {name}: {pud} puddings, {des:+d}; total {record['final_scores'][i]}")
        won = [names[i] for i in record.get("winners", [])]
        lines.append(
            "Winner: " + " and ".join(won) if len(won) < 2 else "Shared win: " + ", ".join(won)
        )
    return "\n".join(lines)
