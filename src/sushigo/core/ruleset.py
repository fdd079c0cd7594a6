"""Rulesets (the rules of a game, built from options) and the registry by name."""

from __future__ import annotations

import inspect
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from sushigo.core.errors import OptionsError
from sushigo.core.state import ActionT, State, ViewT

StateT = TypeVar("StateT", bound=State[Any, Any, Any])
"""A game's state type."""


class Ruleset(ABC, Generic[StateT, ViewT, ActionT]):
    """The rules of one game with its options: a value, shared by every state.

    Generic over the game's state, view and action types: ``ClassicRuleset`` is a
    ``Ruleset[ClassicState, PlayerView, Pick]``. Every game answers the same
    questions (a new game, the action notation and ids, a world sampled from a
    view, records); agents, play and front ends ask the ruleset, never the type.
    """

    name: ClassVar[str]
    """Registered name, e.g. ``"sushi-go"``."""
    title: ClassVar[str]
    """Name shown to people."""

    players: int
    """Number of people (or bots) playing."""
    seats: int
    """Number of seats at the table (a dummy takes a seat but is no player)."""
    options: Mapping[str, Any]
    """Every option with its value, defaults filled in."""

    @abstractmethod
    def new_game(self) -> StateT:
        """The state before the first deal."""

    @abstractmethod
    def parse_action(self, text: str) -> ActionT:
        """Read an action's notation (``str(action)`` reads back to an equal action)."""

    @abstractmethod
    def action_id(self, action: ActionT) -> int:
        """Stable integer id of an action, for encoders and compact logs."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> ActionT:
        """Inverse of :meth:`action_id`."""

    @abstractmethod
    def determinize(self, view: ViewT, rng: random.Random) -> StateT:
        """A whole position consistent with ``view``, sampled with ``rng`` from what
        the viewer cannot see: the hands it has not seen, the undealt cards, a
        dummy's pile. It reads nothing but the view: ``world.observe(view.seat)``
        equals ``view``. Search plays in such worlds (``sushigo.testing`` checks it)."""

    @abstractmethod
    def record_rounds(self, state: StateT) -> list[dict[str, Any]]:
        """Every finished round as a record writes it: ``{"steps": [...], ...}``, the
        steps in order (each chance outcome as this game's step, such as
        ``{"deal": [...]}``; each seat's decision as ``{"seat": s, "action": notation}``),
        then what the round scored (``scores``, ``breakdown``). A decision the rules
        make alone (the last card of a hand) is no step. See docs/records.md."""

    @abstractmethod
    def end_fields(self, state: StateT) -> dict[str, Any]:
        """A finished game's end as a record writes it: desserts kept, dessert scores,
        final scores, winners."""

    @abstractmethod
    def parse_chance(self, step: dict[str, Any], where: str) -> Any:
        """The chance outcome a record's step names (the inverse of the chance steps
        :meth:`record_rounds` writes); RecordError, saying ``where``, for one that
        names none."""

    @abstractmethod
    def replay_v1(self, record: dict[str, Any], where: str = "record") -> StateT:
        """Re-play a version 1 record (each game had its own layout until version 2);
        RecordError at the first disagreement, saying where."""

    def seat_is_player(self, seat: int) -> bool:
        """Whether a seat belongs to a player (not a dummy)."""
        return seat < self.players

    def describe(self) -> str:
        on = [k for k, v in self.options.items() if v is True]
        extra = f", {', '.join(on)}" if on else ""
        return f"{self.title}, {self.players} players{extra}"


AnyRuleset = Ruleset[Any, Any, Any]
"""A ruleset of any game (what :func:`make` returns)."""
Factory = Callable[..., AnyRuleset]
_REGISTRY: dict[str, Factory] = {}


def register(name: str, factory: Factory) -> None:
    """Make a ruleset available to :func:`make` under ``name``."""
    _REGISTRY[name] = factory


def game_names() -> list[str]:
    """Registered ruleset names."""
    return sorted(_REGISTRY)


def make(name: object, players: object = None, **options: Any) -> AnyRuleset:
    """Build a registered ruleset: ``make("sushi-go", players=4, pass_both_ways=True)``.

    ``name`` and ``players`` may be any object: a wrong one gets a message saying
    what is wrong (OptionsError), as the options do."""
    factory = _REGISTRY.get(name) if isinstance(name, str) else None
    if factory is None:
        raise OptionsError(f"unknown game {name!r}; games are: {', '.join(game_names()) or 'none'}")
    check_options(str(name), factory, options, fixed="players")
    if players is None:
        return factory(**options)
    return factory(players=players, **options)


def check_options(
    what: str, factory: Callable[..., Any], options: Mapping[str, Any], *, fixed: str
) -> None:
    """OptionsError for an option ``factory`` does not take, naming ``what`` (a
    ruleset, an agent) and the options it does take; ``fixed`` is the parameter the
    caller passes itself (``players``, ``seed``). A ``TypeError`` would reach the
    user as a traceback. A factory with ``**options`` checks them itself."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # no signature to read: the factory checks
        return
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return
    known = [k for k in params if k != fixed]
    for key in options:
        if key not in known:
            takes = f"its options are: {', '.join(known)}" if known else "it takes no options"
            raise OptionsError(f"{what} has no option {key.replace('_', '-')!r}; {takes}")
