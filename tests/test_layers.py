"""The dependency rule (docs/architecture.md): imports point down only.

core, then games, then agents and play, then present, then the front ends (tui,
web, rl), then cli. A module may import its own package and the layers below
it; the front ends never import each other; nothing imports ``sushigo.cli``.
The lower layers (core, games, agents, play, testing, present) import no third-party
package but the optional ones listed in ``ALLOWED_THIRD_PARTY``, and those only
where they are used (inside a function, or under ``TYPE_CHECKING``). One lower-layer
module may import an accelerator from a higher layer, inside the function that falls
back without it (``ACCELERATORS``: mcts's search in the batch engine).

The check reads every module under src/sushigo with :mod:`ast`: imports at
module level, inside functions and under ``TYPE_CHECKING`` alike, and
``importlib.import_module("...")`` with a literal name.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "sushigo"

_BASE = {"sushigo", "core", "games", "agents", "play"}
_PRESENT = _BASE | {"present"}
MAY_IMPORT: dict[str, set[str]] = {
    "core": {"core"},
    "games": {"core", "games"},
    # sushigo/__init__.py: make(), the errors, and the games it registers.
    "sushigo": {"core", "games"},
    "agents": _BASE,
    "play": _BASE,
    # DESIGN.md: the batch engines sit beside agents and play, over core and games.
    # sushigo analyze (fast/analyze.py) runs the batch engine and reads it with play's
    # statistics and Ray runner: fast sits over play, which never imports it.
    "fast": {"core", "games", "play", "fast"},
    # The conformance checks shipped with the package (check_ruleset): a leaf over
    # agents and play that only tests and the cli use.
    "testing": _BASE | {"testing"},
    "present": _PRESENT,
    # sushigo analyze's tables (tui/analyze.py) over the batch engine.
    "tui": _PRESENT | {"tui", "fast"},
    "web": _PRESENT | {"web"},
    # rl's vector env runs over the batch engine (sushigo.rl.vector).
    "rl": _PRESENT | {"rl", "fast"},
    "cli": _PRESENT | {"testing", "tui", "web", "rl", "fast"},
}
"""Which layers each layer may import. ``sushigo`` is the package's ``__init__``
(``import sushigo``); ``cli`` is sushigo/cli.py, which no layer may import."""

NO_THIRD_PARTY = {"sushigo", "core", "games", "agents", "play", "testing", "present"}
"""Layers that need nothing but the standard library (``pip install sushigo``)."""

ALLOWED_THIRD_PARTY: dict[str, set[str]] = {
    # openskill rates a tournament (sushigo[cli]); ray is --backend ray (sushigo[ray]).
    "sushigo.play.tournament": {"openskill", "ray"},
    # matplotlib draws the plots of --out DIR (sushigo[plots]).
    "sushigo.play.tournament_report": {"matplotlib"},
}
"""Optional packages a lower-layer module may import, and only lazily."""

EXCEPTIONS: dict[tuple[str, str], str] = {}
"""Known violations, (importing module, imported module) with the reason. This list
must only shrink: an entry that no longer matches an import fails the test."""

ACCELERATORS: dict[tuple[str, str], str] = {
    ("sushigo.agents.mcts", "sushigo.fast.classic_search"): (
        "mcts searches Sushi Go! in the batch engine when numba is installed, and with "
        "the engine when the import fails"
    ),
    ("sushigo.agents.hints", "sushigo.fast.hint_search"): (
        "Party and Sushi Roll hints play their sweeps in the batch engine when numba is "
        "installed, and with the engine when the import fails"
    ),
}
"""A lower layer's optional accelerator from a higher one: allowed inside a function
only (never at import: the library must load and play without numpy or numba), and
only where the importer falls back when the import fails. An entry that no longer
matches an import fails the test."""

HEAVY = (
    "rich",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "psycopg",
    "numpy",
    "numba",
    "torch",
    "gymnasium",
    "pettingzoo",
    "matplotlib",
    "openskill",
    "ray",
)
"""Packages that importing the library (no front end) must leave unloaded."""


@dataclass(frozen=True)
class Import:
    """One import statement's target, as read from a module."""

    module: str
    """The importing module, e.g. ``sushigo.play.simulate``."""
    path: Path
    """Its file."""
    line: int
    """The line of the import."""
    target: str
    """The imported module, absolute, e.g. ``sushigo.cli`` or ``rich.table``."""
    lazy: bool
    """Inside a function or under ``if TYPE_CHECKING:``, so not run on import."""


def module_name(root: Path, path: Path) -> str:
    """``sushigo.play.simulate`` for root/play/simulate.py (root is src/sushigo)."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str:
    """The layer of one of our modules: ``sushigo.play.x`` is ``play``; the package's
    ``__init__`` is ``sushigo``; the top-level module ``sushigo.cli`` is ``cli``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(root: Path, path: Path, ours: set[str]) -> Iterator[Import]:
    """Every import in the file, wherever it stands in it."""
    module = module_name(root, path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def visit(node: ast.AST, lazy: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, path, node.lineno, alias.name, lazy)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                target = sub if sub in ours else base
                yield Import(module, path, node.lineno, target, lazy)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield Import(module, path, node.lineno, node.args[0].value, True)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            lazy = True
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for stmt in node.body:
                yield from visit(stmt, True)
            for stmt in node.orelse:
                yield from visit(stmt, lazy)
            return
        for child in ast.iter_child_nodes(node):
            yield from visit(child, lazy)

    yield from visit(tree, False)


def violations(root: Path) -> tuple[list[str], set[tuple[str, str]]]:
    """Every broken rule under ``root`` (src/sushigo or a copy), one line each, and
    the ``EXCEPTIONS`` entries that matched an import."""
    files = sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)
    ours = {module_name(root, p) for p in files}
    top = root.name
    found: list[str] = []
    excused: set[tuple[str, str]] = set()
    for path in files:
        module = module_name(root, path)
        mine = layer(module)
        where = f"{path.relative_to(root.parent)}"
        if mine not in MAY_IMPORT:
            found.append(
                f"{where}: {module} is in no layer; add {mine!r} to MAY_IMPORT in "
                "tests/test_layers.py and to the table in docs/architecture.md"
            )
            continue
        for imp in imports(root, path, ours):
            at = f"{where}:{imp.line}"
            name = imp.target.split(".")[0]
            if name == top:
                theirs = layer(imp.target)
                if theirs == mine and mine != "cli":
                    continue
                if (module, imp.target) in EXCEPTIONS:
                    excused.add((module, imp.target))
                    continue
                if (module, imp.target) in ACCELERATORS:
                    excused.add((module, imp.target))
                    if not imp.lazy:
                        found.append(
                            f"{at}: imports {imp.target} at module level; an accelerator is "
                            "imported inside the function that falls back without it"
                        )
                    continue
                if theirs == "cli":
                    found.append(f"{at}: imports {imp.target}; nothing imports the cli")
                elif theirs not in MAY_IMPORT[mine]:
                    allowed = ", ".join(sorted(MAY_IMPORT[mine]))
                    found.append(f"{at}: imports {imp.target}; {mine} may import only {allowed}")
            elif mine in NO_THIRD_PARTY and name not in sys.stdlib_module_names:
                allowed_here = ALLOWED_THIRD_PARTY.get(module, set())
                if name not in allowed_here:
                    found.append(
                        f"{at}: imports {imp.target}; {mine} uses the standard library only"
                    )
                elif not imp.lazy:
                    found.append(
                        f"{at}: imports {imp.target} at module level; import the optional "
                        "package inside the function that needs it"
                    )
    return list(dict.fromkeys(found)), excused  # one line for `from x import a, b`


def test_imports_point_down_only() -> None:
    found, excused = violations(SRC)
    assert not found, "the dependency rule is broken:\n" + "\n".join(found)
    stale = sorted(set(EXCEPTIONS) - excused)
    assert not stale, f"these EXCEPTIONS no longer happen; delete them: {stale}"
    stale = sorted(set(ACCELERATORS) - excused)
    assert not stale, f"these ACCELERATORS no longer happen; delete them: {stale}"


@pytest.mark.parametrize(
    ("path", "source", "message"),
    [
        ("play/x.py", "def f():\n    from sushigo.cli import main\n", "nothing imports the cli"),
        ("play/x.py", "import rich\n", "play uses the standard library only"),
        ("present/x.py", "from ..tui import screen\n", "imports sushigo.tui; present may"),
        ("tui/x.py", "from sushigo.web import frames\n", "sushigo.web.frames; tui may"),
        (
            "core/x.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from sushigo.games import classic\n",
            "imports sushigo.games; core may",
        ),
        ("games/x.py", "import sushigo\n", "imports sushigo; games may"),
        (
            "agents/x.py",
            "import importlib\nimportlib.import_module('sushigo.tui.app')\n",
            "sushigo.tui.app; agents may",
        ),
        ("play/tournament.py", "import ray\n", "ray at module level"),
        (
            "agents/mcts.py",
            "import sushigo.fast.classic_search\n",
            "sushigo.fast.classic_search at module level; an accelerator",
        ),
        ("newthing/x.py", "import os\n", "is in no layer"),
    ],
)
def test_a_planted_violation_is_named(path: str, source: str, message: str, tmp_path: Path) -> None:
    root = tmp_path / "sushigo"
    for init in ("", "play/", "present/", "tui/", "web/", "core/", "games/", "agents/"):
        (root / init).mkdir(parents=True, exist_ok=True)
        (root / init / "__init__.py").write_text("")
    (root / "web" / "frames.py").write_text("")
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(textwrap.dedent(source))
    found, _ = violations(root)
    assert len(found) == 1, found
    line = found[0]
    assert line.startswith(f"sushigo/{path}"), line
    assert message in line, line


@pytest.mark.parametrize(
    ("prelude", "search"),
    [
        ("", "mcts-engine:iterations=10"),
        ("sys.modules['numba'] = None  # numba not installed\n", "mcts:iterations=10"),
    ],
    ids=["engine-search", "without-numba"],
)
def test_the_library_loads_no_front_end_package(prelude: str, search: str) -> None:
    """Importing the library and every module of its lower layers, and playing a game
    of each with every built-in bot, in a fresh interpreter, loads no front-end or
    optional package (numpy, numba, torch, gymnasium, pettingzoo among them). The one
    exception is the accelerator mcts loads in Sushi Go! (ACCELERATORS): so the bots
    are played with mcts's search in the engine, and then again with numba missing,
    where mcts falls back to it."""
    modules = sorted(
        module_name(SRC, p)
        for p in SRC.rglob("*.py")
        if layer(module_name(SRC, p)) in NO_THIRD_PARTY
    )
    script = (
        "import importlib, sys\n"
        f"{prelude}"
        "import sushigo, sushigo.play, sushigo.agents, sushigo.present\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        # and a game of each, played by every built-in bot
        "import random\n"
        "from sushigo.agents import make_agent\n"
        "for game in ('sushi-go', 'sushi-go-party', 'sushi-roll'):\n"
        "    state, rng = sushigo.make(game, players=3).new_game(), random.Random(0)\n"
        "    bots = [make_agent(s, i) for i, s in enumerate(\n"
        f"        ['greedy', {search!r}, 'random'])]\n"
        "    while not state.is_terminal():\n"
        "        if state.is_chance():\n"
        "            state.apply_chance(state.sample_chance(rng))\n"
        "            continue\n"
        "        state.apply({s: bots[s].act(state.observe(s), state.legal_actions(s))\n"
        "                     for s in state.to_act()})\n"
        f"print(sorted(m for m in {HEAVY!r} if sys.modules.get(m) is not None))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"loaded: {done.stdout.strip()}"
