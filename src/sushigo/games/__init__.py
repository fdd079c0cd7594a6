"""Rulesets. Importing this package registers every game by name.

A ruleset module may also be compiled with mypyc (``make accel``, which
``make test`` and ``make bench`` run): the compiled module sits next to its
source and Python prefers it. It is used only while it is newer than its
source and the core it was built against; otherwise, or with ``SUSHIGO_PURE=1``
in the environment, the source is loaded, so an edit is never hidden by an old
build.
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


def _load(name: str) -> ModuleType:
    """Import ``sushigo.games.<name>``, compiled if its build is current."""
    full = f"{__name__}.{name}"
    if full in sys.modules:
        return sys.modules[full]
    source = _HERE / f"{name}.py"
    compiled = [p for p in (_HERE / f"{name}{s}" for s in EXTENSION_SUFFIXES) if p.exists()]
    use_source = bool(os.environ.get("SUSHIGO_PURE"))
    if compiled and not use_source:
        built = min(p.stat().st_mtime for p in compiled)
        newest = max(p.stat().st_mtime for p in [source, *_CORE.glob("*.py")])
        if built < newest:
            warnings.warn(
                f"the compiled {name} module is older than the source; using the source "
                "(run 'make accel' to rebuild it)",
                RuntimeWarning,
                stacklevel=2,
            )
            use_source = True
    if not (compiled and use_source) or not source.exists():
        return importlib.import_module(full)
    spec = importlib.util.spec_from_file_location(full, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module


classic = _load("classic")
party = _load("party")

__all__ = ["classic", "party"]
