"""Rulesets. Importing this package registers every game by name.

The engine modules may also be compiled with mypyc (``make accel``, which
``make test`` and ``make bench`` run; see tools/build_accel.py): each compiled
module sits next to its source and Python prefers it. The build is used only
while it is newer than every source it was built from (``games/*.py`` and
``core/*.py``); otherwise, or with ``SUSHIGO_PURE=1`` in the environment, every
engine module is loaded from source, so an edit is never hidden by an old build.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent
_CORE = _HERE.parent / "core"
ENGINE = (
    "party_cards",
    "party_scoring",
    "party_actions",
    "classic",
    "party",
    "roll_dice",
    "roll",
    "driver",
)
"""The modules compiled together, in import order."""


def _compiled(name: str) -> list[Path]:
    return [p for p in (_HERE / f"{name}{s}" for s in EXTENSION_SUFFIXES) if p.exists()]


def _use_compiled() -> bool:
    """Whether the compiled engine is present, current and wanted."""
    if os.environ.get("SUSHIGO_PURE"):
        return False
    builds = [p for name in ENGINE for p in _compiled(name)]
    if len(builds) < len(ENGINE):
        if builds:
            warnings.warn(
                "the compiled engine is incomplete; using the source "
                "(run 'make accel' to rebuild it)",
                RuntimeWarning,
                stacklevel=3,
            )
        return False
    built = min(p.stat().st_mtime for p in builds)
    sources = [*_HERE.glob("*.py"), *_CORE.glob("*.py")]
    if built < max(p.stat().st_mtime for p in sources):
        warnings.warn(
            "the compiled engine is older than the source; using the source "
            "(run 'make accel' to rebuild it)",
            RuntimeWarning,
            stacklevel=3,
        )
        return False
    return True


def _load(name: str, compiled: bool) -> ModuleType:
    """Import ``sushigo.games.<name>``, from its build or from its source."""
    full = f"{__name__}.{name}"
    if full in sys.modules:
        return sys.modules[full]
    if compiled or not _compiled(name):
        return importlib.import_module(full)
    spec = importlib.util.spec_from_file_location(full, _HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module


_COMPILED = _use_compiled()
for _name in ENGINE:
    _load(_name, _COMPILED)

classic = sys.modules[f"{__name__}.classic"]
party = sys.modules[f"{__name__}.party"]
roll = sys.modules[f"{__name__}.roll"]

__all__ = ["classic", "party", "roll"]
