"""The Agent protocol and the registry of agents by spec name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from sushigo.core.errors import OptionsError
from sushigo.core.views import PlayerView
from sushigo.games.party import PartyView
from sushigo.games.roll import RollView

View = PlayerView | PartyView | RollView
"""Every kind of view an agent may be given."""


@runtime_checkable
class Agent(Protocol):
    """Anything that decides from a view and the legal actions.

    The view is what the ruleset's ``observe`` builds: a
    :class:`~sushigo.core.views.PlayerView` in Sushi Go!, a
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


AgentFactory = Callable[[int | None], Agent]
_AGENTS: dict[str, AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make an agent available by spec name (``sushigo simulate --agents NAME``)."""
    _AGENTS[name] = factory


def agent_names() -> list[str]:
    """Registered agent spec names."""
    return sorted(_AGENTS)


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from its spec name, seeded for reproducible play."""
    key = spec.strip().lower()
    if key not in _AGENTS:
        raise OptionsError(f"unknown agent {spec!r}; agents are: {', '.join(agent_names())}")
    return _AGENTS[key](seed)
