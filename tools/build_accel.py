"""Compile the rules engines (the core and every game) with mypyc, in place, as one
extension group.

Run from ``src/`` (``make accel`` does): ``python ../tools/build_accel.py``.
The modules are compiled together (group ``sushigo.games.engine``) so calls
between them stay native. ``sushigo.games`` loads the build only while it is
newer than every source it was built from; see src/sushigo/games/__init__.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mypyc.build import mypycify
from setuptools import setup

MODULES = sorted(
    str(p)
    for p in (*Path("sushigo/core").glob("*.py"), *Path("sushigo/games").rglob("*.py"))
    if p.name != "__init__.py"
)
"""Every module of core/ and games/ but the packages' ``__init__`` files (the
loader, and each package's list of what it exports); the same list as
``sushigo.games.engine_sources``."""

if __name__ == "__main__":
    sys.argv[1:] = ["build_ext", "--inplace"]
    setup(
        name="sushigo-engine",
        ext_modules=mypycify(MODULES, group_name="sushigo.games.engine"),
    )
