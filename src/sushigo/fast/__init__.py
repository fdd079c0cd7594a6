"""Batch engines: many games advanced together in numba-compiled loops
(``pip install "sushigo[fast]"``).

``g = sushigo.fast.make("sushi-go", players=4, batch=4096, seed=0)``, then
``g.reset()``, ``g.legal_mask()``, ``g.observe()``, ``g.step(slots)``, ``g.done``,
``g.returns``, ``g.rollout()`` and ``g.export_record(i)``: the reinforcement-learning
layouts of :mod:`sushigo.rl` (docs/rl.md), and records the engine re-plays
(``sushigo replay --verify``). docs/fast.md says what each does and how fast.

Game ``g`` of seed ``s`` is the same whatever the batch size: each game draws from
its own generator, seeded with ``s`` and ``g``. Games are numbered across resets:
the first reset after a seed plays games 0 to batch - 1, the next the batch after.
"""

from __future__ import annotations

from typing import Any

try:
    import numba  # noqa: F401
    import numpy  # noqa: F401
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(
        f'sushigo.fast needs numpy and numba ({exc.name} is missing): pip install "sushigo[fast]"'
    ) from exc

from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import make as make_ruleset
from sushigo.fast.batch import ClassicBatch
from sushigo.fast.party_batch import PartyBatch
from sushigo.fast.roll_batch import RollBatch
from sushigo.play.files import with_dice_file

GAMES = {"sushi-go": ClassicBatch, "sushi-roll": RollBatch, "sushi-go-party": PartyBatch}
"""The games the batch engine plays so far."""


def make(game: str, players: int = 4, batch: int = 1024, seed: int = 0, **options: Any) -> Any:
    """A batch of ``batch`` games of a ruleset (the rulesets' own option names; Sushi
    Roll's ``dice`` may name a dice file)."""
    ruleset = make_ruleset(game, players, **with_dice_file(game, options))
    cls = GAMES.get(ruleset.name)
    if cls is None:
        raise OptionsError(
            f"the batch engine does not play {ruleset.title} yet; it plays: {', '.join(GAMES)}"
        )
    if not isinstance(batch, int) or isinstance(batch, bool) or batch < 1:
        raise OptionsError(f"batch must be a whole number of games, 1 or more, not {batch!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise OptionsError(f"seed must be a whole number, 0 or more, not {seed!r}")
    return cls(ruleset, batch, seed)


__all__ = ["ClassicBatch", "GAMES", "PartyBatch", "RollBatch", "make"]
