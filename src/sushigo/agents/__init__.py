"""Agents: bots and the protocol every player (human or not) follows."""

from sushigo.agents import greedy as _greedy  # noqa: F401
from sushigo.agents import mcts as _mcts  # noqa: F401
from sushigo.agents import random_agent as _random_agent  # noqa: F401
from sushigo.agents.base import Agent, agent_names, make_agent, register_agent

__all__ = ["Agent", "agent_names", "make_agent", "register_agent"]
