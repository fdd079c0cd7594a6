"""Checks every observation and action layout must pass (tests/test_rl_*.py)."""

from __future__ import annotations

import math
import random
from typing import Any

from sushigo.core.ruleset import AnyRuleset
from sushigo.rl.codec import Codec, codec_for
from sushigo.rl.pettingzoo_env import BOUND


def check_decision(codec: Codec, state: Any, seat: int, legal: Any, rng: random.Random) -> Any:
    """Check one seat's decision both ways (every slot decodes to a legal action whose
    slot it is; every legal action has a slot among them, exactly one), then choose a
    slot at random, in steps where the codec takes it in steps; returns the action."""
    steps = 0
    while True:
        slots = codec.legal_slots(state, seat)
        assert slots, f"no slot for seat {seat} at {state!r}"
        assert slots == sorted(set(slots)), slots
        assert 0 <= slots[0] and slots[-1] < codec.noop, slots
        for s in slots:
            action = codec.action_of(state, seat, s)
            assert action in legal, (s, str(action))
            assert codec.slot_of(state, seat, action) == s, (s, str(action))
        if not codec.in_steps(state, seat):
            # distinct slots decode to distinct legal actions (slot_of inverts action_of),
            # so as many slots as legal actions is every legal action, each in one slot
            assert steps == 0
            assert len(slots) == len(legal), (len(slots), len(legal), [str(a) for a in legal])
        action = codec.play(state, seat, rng.choice(slots))
        if action is not None:
            assert action in legal, str(action)
            return action
        steps += 1
        assert steps < 100, "a decision in steps never ends"


def check_codec(ruleset: AnyRuleset, games: int, seed: int) -> int:
    """Play ``games`` random games through the codec, checking every decision and
    every observation; returns the number of decisions checked."""
    codec = codec_for(ruleset)
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        codec.reset()
        state = ruleset.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            joint = {}
            for seat, legal in state.decisions():
                obs = codec.observe(state.observe(seat))
                assert len(obs) == codec.size, (len(obs), codec.size)
                # finite (a sum of numbers is NaN or infinite if any is) and in the bounds
                assert math.isfinite(sum(obs)) and -BOUND <= min(obs) and max(obs) <= BOUND
                joint[seat] = check_decision(codec, state, seat, legal, rng)
                checked += 1
            state.apply(joint)
        for seat in range(ruleset.players):
            assert len(codec.observe(state.observe(seat))) == codec.size
    return checked
