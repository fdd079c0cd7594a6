"""Compile the rules engines with mypyc, in place, as one extension group.

Run from ``src/`` (``make accel`` does): ``python ../tools/build_accel.py``.
The modules are compiled together (group ``sushigo.games.engine``) so calls
between them stay native. ``sushigo.games`` loads the build only while it is
newer than every source it was built from; see src/sushigo/games/__init__.py.
"""

from __future__ import annotations

import sys

from mypyc.build import mypycify
from setuptools import setup

MODULES = [
    "sushigo/games/party_cards.py",
    "sushigo/games/party_scoring.py",
    "sushigo/games/party_actions.py",
    "sushigo/games/classic.py",
    "sushigo/games/party.py",
    "sushigo/games/roll_dice.py",
    "sushigo/games/roll.py",
    "sushigo/games/driver.py",
]

if __name__ == "__main__":
    sys.argv[1:] = ["build_ext", "--inplace"]
    setup(
        name="sushigo-engine",
        ext_modules=mypycify(MODULES, group_name="sushigo.games.engine"),
    )
