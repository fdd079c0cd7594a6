"""The Agent protocol and the registry of agents by spec name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import check_options
from sushigo.games.classic import PlayerView
from sushigo.games.party import PartyView
from sushigo.games.roll import RollView

View = PlayerView | PartyView | RollView
"""Every kind of view an agent may be given."""


@runtime_checkable
class Agent(Protocol):
    """Anything that decides from a view and the legal actions.

    The view is what the ruleset's ``observe`` builds: a
    :class:`~sushigo.games.classic.views.PlayerView` in Sushi Go!, a
    :class:`~sushigo.games.party.PartyView` in Sushi Go Party!, a
    :class:`~sushigo.games.roll.RollView` in Sushi Roll. ``observes``
    False tells the game loop the agent never reads its view, so the loop may
    pass ``None`` instead of building one (the random agent).
    """

    name: str
    observes: bool

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        """Choose one of ``legal``."""
        ...


AgentFactory = Callable[..., Agent]
"""Builds an agent: ``factory(seed, **options)``."""
_AGENTS: dict[str, AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make an agent available by spec name (``sushigo simulate --agents NAME``)."""
    _AGENTS[name] = factory


def agent_names() -> list[str]:
    """Registered agent spec names."""
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """An agent spec's name and options: ``mcts:ms=100:rollout=greedy`` is
    ``("mcts", {"ms": 100, "rollout": "greedy"})``; numbers are read as numbers.

    >>> parse_spec("MCTS:iterations=200:c=1.5")
    ('mcts', {'iterations': 200, 'c': 1.5})
    """
    name, *parts = spec.strip().split(":")
    options: dict[str, int | float | str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or not key or not value.strip():
            raise OptionsError(
                f"agent {spec!r}: write options as NAME:KEY=VALUE, e.g. 'mcts:ms=100'"
            )
        text = value.strip()
        number: int | float | str = text
        try:
            number = int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                pass
        options[key] = number
    return name.strip().lower(), options


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from its spec (``greedy``, ``mcts:ms=100``), seeded for
    reproducible play. OptionsError for an unknown agent or option."""
    key, options = parse_spec(spec)
    if key not in _AGENTS:
        raise OptionsError(f"unknown agent {spec!r}; agents are: {', '.join(agent_names())}")
    factory = _AGENTS[key]
    check_options(f"agent {key!r}", factory, options, fixed="seed")
    return factory(seed, **options)
