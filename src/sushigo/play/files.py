"""Reading a user's file (or standard input) with one clear message per mistake."""

from __future__ import annotations

import sys

from sushigo.core.errors import ParseError


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
