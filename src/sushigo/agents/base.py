"""The Agent protocol, the registry of agents by spec name, and bots brought from
outside: a file (``path/to/bot.py:Name``), a module (``package.module:attribute``) or
an installed package's entry point (group ``sushigo.agents``).

How a spec is read (docs/agents.md, "Your first bot"): split at ``:``; when the
first part is not a built-in name and there is a second part with no ``=``, the
first two name a bot outside the registry
(a file when the first ends in ``.py``, else a module to import; and an attribute
of it) and the parts after them are its options; otherwise the first part is a
registered name (built-in or an entry point's) and every later part is an option
``KEY=VALUE``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import inspect
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import AnyRuleset, check_options
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


TITLES = {
    "random": "Random",
    "greedy": "Greedy",
    "mcts": "MCTS",
    "mcts-engine": "MCTS (engine)",
    "policy": "Learned",
}
"""What players call the built-in bots: the terminal's seat names ("Learned 1") and
the browser's ("Learned bot")."""


LEARNED = ("sushi-go", 2)
"""The game and player count the shipped learned bot (``policy``) learned, without the
dummy variant (at 3-5 players it is weaker than greedy; docs/rl.md)."""


def learned_plays(ruleset: AnyRuleset) -> bool:
    """Whether ``ruleset`` is the game the shipped learned bot learned: the browser
    offers it only there, and mcts keeps its choice there (``prior=auto``)."""
    return (
        ruleset.name == LEARNED[0]
        and ruleset.players == LEARNED[1]
        and not ruleset.options.get("dummy")
    )


def agent_title(spec: str) -> str:
    """A bot's name for players, from its spec (``mcts:ms=200`` is "MCTS"; a bot
    not built in is called by its spec, capitalized)."""
    name = spec.split(":", 1)[0].strip()
    return TITLES.get(name.lower(), name.capitalize())


ENTRY_POINTS = "sushigo.agents"
"""The entry-point group under which installed packages register bots: the entry
point's name is the spec name, its object a factory as :func:`register_agent` takes."""


def agent_names() -> list[str]:
    """Registered agent spec names, with installed packages' entry points."""
    return sorted(set(_AGENTS) | {ep.name.lower() for ep in _entry_points()})


def _entry_points() -> list[importlib.metadata.EntryPoint]:
    return list(importlib.metadata.entry_points(group=ENTRY_POINTS))


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
    """Build an agent from its spec (``greedy``, ``mcts:ms=100``,
    ``bots/mine.py:Clever:depth=2``, ``mypackage.bots:Clever``), seeded for
    reproducible play. OptionsError for an unknown agent or option, or a bot that
    cannot be loaded (with the reason)."""
    outside = external_spec(spec)
    if outside is not None:
        where, attribute, rest = outside
        _, options = parse_spec(":".join(["x", *rest]))
        return _build(f"{where}:{attribute}", load_factory(where, attribute), seed, options)
    key, options = parse_spec(spec)
    if key in _AGENTS:
        factory = _AGENTS[key]
        check_options(f"agent {key!r}", factory, options, fixed="seed")
        return factory(seed, **options)
    found = _entry_point(key)  # an installed package's bot, looked up each time
    if found is None:
        raise OptionsError(
            f"unknown agent {spec!r}; agents are: {', '.join(agent_names())}, "
            "or a bot of your own: path/to/bot.py:Name or package.module:Name"
        )
    return _build(key, found, seed, options)


def external_spec(spec: str) -> tuple[str, str, list[str]] | None:
    """``(file or module, attribute, option parts)`` when ``spec`` names a bot outside
    the registry (module docstring: how a spec is read), else None.

    >>> external_spec("bots/mine.py:Clever:depth=2")
    ('bots/mine.py', 'Clever', ['depth=2'])
    >>> external_spec("mypackage.bots:make_bot"), external_spec("mcts:ms=100")
    (('mypackage.bots', 'make_bot', []), None)
    >>> external_spec("mcts:ms")  # a built-in name: an option missing its value
    """
    parts = spec.strip().split(":")
    if len(parts) < 2 or "=" in parts[1] or not parts[1].strip() or not parts[0].strip():
        return None
    if parts[0].strip().lower() in _AGENTS:
        return None
    return parts[0].strip(), parts[1].strip(), [p for p in parts[2:] if p.strip()]


_LOADED: dict[str, ModuleType] = {}


def load_factory(where: str, attribute: str) -> Callable[..., Any]:
    """The attribute ``attribute`` of a Python file (``where`` ends in ``.py``) or
    of an importable module; OptionsError saying why when it cannot be had."""
    if where.endswith(".py"):
        path = Path(where).expanduser().resolve()
        if not path.is_file():
            raise OptionsError(f"no bot file {where!r} (looked for {path})")
        key = str(path)
        module = _LOADED.get(key)
        if module is None:
            name = "sushigo_bot_" + hashlib.sha1(key.encode()).hexdigest()[:12]
            spec = importlib.util.spec_from_file_location(name, path)
            if spec is None or spec.loader is None:
                raise OptionsError(f"cannot load {where!r} as Python")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module  # dataclasses and pickling look modules up
            try:
                spec.loader.exec_module(module)
            except Exception as exc:  # the user's code: say what went wrong in it
                del sys.modules[name]
                raise OptionsError(
                    f"loading {where!r} failed: {type(exc).__name__}: {exc}"
                ) from None
            _LOADED[key] = module
    else:
        try:
            module = importlib.import_module(where)
        except Exception as exc:
            raise OptionsError(f"importing {where!r} failed: {type(exc).__name__}: {exc}") from None
    factory = getattr(module, attribute, None)
    if factory is None or not callable(factory):
        found = sorted(
            n for n, v in vars(module).items() if inspect.isclass(v) and hasattr(v, "act")
        )
        offer = f"; it has: {', '.join(found)}" if found else ""
        raise OptionsError(f"{where!r} has no bot class or function {attribute!r}{offer}")
    return factory  # type: ignore[no-any-return]


def _entry_point(name: str) -> Callable[..., Any] | None:
    for ep in _entry_points():
        if ep.name.lower() == name:
            try:
                factory = ep.load()
            except Exception as exc:
                raise OptionsError(
                    f"the bot {name!r} ({ep.value}) could not be loaded: "
                    f"{type(exc).__name__}: {exc}"
                ) from None
            if not callable(factory):
                raise OptionsError(f"the bot {name!r} ({ep.value}) is not a class or function")
            return factory  # type: ignore[no-any-return]
    return None


def _build(
    what: str, factory: Callable[..., Any], seed: int | None, options: dict[str, Any]
) -> Agent:
    """A bot from outside: ``factory(seed=seed, **options)`` when it takes a seed (or
    ``**options``), else ``factory(**options)``; it needs an ``act(view, legal)``.
    A bot without ``name`` or ``observes`` gets them (its spec; True)."""
    check_options(f"bot {what!r}", factory, options, fixed="seed")
    try:
        params = inspect.signature(factory).parameters
        takes_seed = "seed" in params or any(
            p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()
        )
    except (TypeError, ValueError):
        takes_seed = False
    try:
        agent = factory(seed=seed, **options) if takes_seed else factory(**options)
    except OptionsError:
        raise
    except Exception as exc:
        raise OptionsError(f"making the bot {what!r} failed: {type(exc).__name__}: {exc}") from None
    if not callable(getattr(agent, "act", None)):
        raise OptionsError(
            f"the bot {what!r} has no act(view, legal) method (it made a {type(agent).__name__})"
        )
    for attr, default in (("name", what), ("observes", True)):
        if not hasattr(agent, attr):
            try:
                setattr(agent, attr, default)
            except AttributeError:
                raise OptionsError(f"the bot {what!r} needs a {attr!r} attribute") from None
    return agent  # type: ignore[no-any-return]
