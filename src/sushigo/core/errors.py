"""Exception types. Each message is written for the person who caused it."""

from __future__ import annotations


class SushiGoError(Exception):
    """Base class of every error the project raises on purpose."""


class OptionsError(SushiGoError, ValueError):
    """A ruleset was asked for with options it does not support."""


class ParseError(SushiGoError, ValueError):
    """Text (an action, a card name, a file) could not be read."""


class IllegalActionError(SushiGoError):
    """A well-formed action that the rules do not allow in this position."""


class RecordError(SushiGoError):
    """A game record is malformed or disagrees with the rules."""
