"""Golden playthroughs, in the manner of OpenSpiel's ``playthroughs``: one seeded
random game written step by step as text, to be diffed against a file.

At every step the text says who decides, every legal action in notation, a digest
of each seat's view and the scores; at every chance node, the outcome's record
step. A change to a view, to the order of the legal actions, to the notation or to
the dealing shows up as a readable diff of the lines around it.

>>> import sushigo
>>> text = playthrough(sushigo.make("sushi-go", players=2), seed=1)
>>> print("\\n".join(text.splitlines()[1:3]))
seed: 1
step 1: chance
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState


def digest(view: object) -> str:
    """A short, stable digest of a view (of its ``repr``)."""
    return hashlib.sha256(repr(view).encode("utf-8")).hexdigest()[:12]


def playthrough(ruleset: AnyRuleset, seed: int) -> str:
    """One random game of ``ruleset``, every step written out (see the module)."""
    rng = random.Random(seed)
    state: AnyState = ruleset.new_game()
    lines = [
        f"game: {ruleset.name}, players {ruleset.players}, options {dict(ruleset.options)}",
        f"seed: {seed}",
    ]
    step = 0
    while not state.is_terminal():
        step += 1
        if state.is_chance():
            outcome = state.sample_chance(rng)
            lines.append(f"step {step}: chance")
            lines.append(f"  outcome: {outcome!r}")
            state.apply_chance(outcome)
            continue
        joint: dict[int, Any] = {}
        lines.append(f"step {step}: round {state.round + 1}, seats {list(state.to_act())} decide")
        for seat, legal in state.decisions():
            texts = [str(a) for a in legal]
            lines.append(f"  seat {seat}, {len(texts)} legal: {', '.join(texts)}")
            joint[seat] = legal[int(rng.random() * len(legal))]
        lines.append(
            "  views: " + ", ".join(digest(state.observe(s)) for s in range(ruleset.players))
        )
        lines.append(f"  scores: {state.returns()}")
        lines.append("  played: " + "; ".join(f"{s} {joint[s]}" for s in sorted(joint)))
        state.apply(joint)
    lines.append(f"end: scores {state.returns()}")
    return "\n".join(lines) + "\n"
