"""Reading a user's file (or standard input) with one clear message per mistake."""

from __future__ import annotations

import json
import sys
from os import PathLike
from typing import Any

from sushigo.core.errors import OptionsError, ParseError


def read_text(path: str) -> tuple[str, str]:
    """The whole text of ``path`` (``-`` is standard input) and the name to report it by.

    Every way the file can fail to be read becomes a :class:`ParseError`.
    """
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            return sys.stdin.read(), name
        with open(path, encoding="utf-8") as f:
            return f.read(), name
    except FileNotFoundError:
        raise ParseError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise ParseError(f"{path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise ParseError(f"{name} is not a UTF-8 text file") from None
    except OSError as exc:
        raise ParseError(f"cannot read {path}: {exc.strerror}") from None


def with_dice_file(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options with a Sushi Roll ``dice`` option that names a file (a path, not
    ``default`` or a face table) replaced by the face table read from it."""
    dice = options.get("dice")
    if game == "sushi-roll" and isinstance(dice, (str, PathLike)) and dice != "default":
        return {**options, "dice": load_dice(str(dice))}
    return options


def load_dice(path: str) -> dict[str, tuple[str, ...]]:
    """A Sushi Roll face table from a JSON file, checked (docs/sushi-roll.md shows the
    format); OptionsError for a file that cannot be read or is not a face table."""
    from sushigo.games.roll.dice import check_dice

    try:
        text, name = read_text(path)
    except ParseError as exc:
        raise OptionsError(f"cannot read the dice file: {exc}") from None
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise OptionsError(
            f"{name}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
    return check_dice(data, name)
