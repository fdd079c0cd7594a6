"""Rulesets. Importing this package registers every game by name."""

from sushigo.games import classic as classic

__all__ = ["classic"]
