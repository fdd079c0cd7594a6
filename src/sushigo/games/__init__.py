"""Rulesets. Importing this package registers every game by name.

Each game is a package of the same modules (``games/classic/``, ``games/party/``,
``games/roll/``), and :mod:`sushigo.games.driver` is the game loop compiled with
them.

The engine, the core and every game, may also be compiled with mypyc (``make
accel``, which ``make test`` and ``make bench`` run; see tools/build_accel.py):
each compiled module sits next to its source and Python prefers it. The build is
used only while it is complete and newer than every source it was built from
(everything under ``core/`` and ``games/``); otherwise, or with ``SUSHIGO_PURE=1``
in the environment, every engine module is loaded from source, so an edit is never
hidden by an old build. This package is imported before any module of the core
(``sushigo/__init__.py`` imports it first), so it decides for both.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent
_CORE = _HERE.parent / "core"
GAMES = ("classic", "party", "roll")
"""The game packages, each registering its ruleset when imported."""


def engine_sources() -> list[Path]:
    """Every module compiled into the engine: all of ``core/`` and ``games/`` but the
    packages' ``__init__`` files, which only gather what each package exports."""
    every = [*_CORE.glob("*.py"), *_HERE.rglob("*.py")]
    return sorted(p for p in every if p.name != "__init__.py")


def _compiled(source: Path) -> list[Path]:
    stem = source.with_suffix("")
    return [p for p in (Path(f"{stem}{s}") for s in EXTENSION_SUFFIXES) if p.exists()]


def _use_compiled() -> bool:
    """Whether the compiled engine is present, current and wanted."""
    if os.environ.get("SUSHIGO_PURE"):
        return False
    sources = engine_sources()
    builds = [b for s in sources for b in _compiled(s)]
    if len(builds) < len(sources):
        if builds:
            warnings.warn(
                "the compiled engine is incomplete; using the source "
                "(run 'make accel' to rebuild it)",
                RuntimeWarning,
                stacklevel=3,
            )
        return False
    built = min(p.stat().st_mtime for p in builds)
    every = [*_HERE.rglob("*.py"), *_CORE.glob("*.py")]
    if built < max(p.stat().st_mtime for p in every):
        warnings.warn(
            "the compiled engine is older than the source; using the source "
            "(run 'make accel' to rebuild it)",
            RuntimeWarning,
            stacklevel=3,
        )
        return False
    return True


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds the engine's modules (``sushigo.core`` and ``sushigo.games``) as source,
    passing over compiled ones beside them."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith(("sushigo.core.", f"{__name__}.")) or not path:
            return None
        loaders = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loaders).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


COMPILED = _use_compiled()
"""Whether the engine runs compiled (for benchmarks and reports)."""
if not COMPILED and any(_compiled(s) for s in engine_sources()):
    sys.meta_path.insert(0, _SourceOnly())

for _name in (*GAMES, "driver"):
    importlib.import_module(f"{__name__}.{_name}")

classic = sys.modules[f"{__name__}.classic"]
party = sys.modules[f"{__name__}.party"]
roll = sys.modules[f"{__name__}.roll"]

__all__ = ["COMPILED", "GAMES", "classic", "engine_sources", "party", "roll"]
