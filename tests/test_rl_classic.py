"""Sushi Go!'s observation and action layouts (sushigo.rl.classic)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import sushigo
from rl_checks import check_codec
from sushigo.games.classic.cards import CLASSIC_CARDS
from sushigo.rl.classic import _GLOBAL, ClassicCodec

CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (2, {"dummy": True}),
    (4, {"pass_both_ways": True}),
    (3, {"reshuffle": True}),
    (5, {"soy_sauce": True}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_decision_has_exactly_its_slots(players: int, options: dict[str, bool]) -> None:
    ruleset = sushigo.make("sushi-go", players=players, **options)
    assert check_codec(ruleset, 40, seed=players) > 0


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_unseen_cards_are_exactly_the_hidden_ones(players: int, options: dict[str, bool]) -> None:
    """The unseen counts are the hands the seat has not seen, the undealt deck and the
    dummy's pile: counted from the whole state, not from the view."""
    ruleset = sushigo.make("sushi-go", players=players, **options)
    codec = ClassicCodec(ruleset)
    at = _GLOBAL - len(CLASSIC_CARDS.ids)
    rng = random.Random(7)
    for _ in range(5):
        state = ruleset.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            for seat in state.to_act():
                view = state.observe(seat)
                hidden: Counter[str] = Counter(state.deck())
                hidden.update(state.pile())
                for rel, known in enumerate(view.hands):
                    if known is None and view.absolute(rel) < ruleset.players:
                        hidden.update(state.hand(view.absolute(rel)))
                ctrl = state.controller()
                if ctrl not in (None, seat) and view.hands[(ctrl - seat) % 3] is not None:
                    hidden[state._drawn or ""] += 1  # in the other player's hand, unseen
                obs = codec.observe(view)
                got = {c: int(obs[at + i]) for i, c in enumerate(CLASSIC_CARDS.ids)}
                want = {c: hidden.get(c, 0) for c in CLASSIC_CARDS.ids}
                assert got == want, (seat, view.round, view.turn)
            state.apply({s: rng.choice(list(a)) for s, a in state.decisions()})


def test_seat_blocks_start_with_the_seat_the_hand_goes_to() -> None:
    """Block 1 is the seat a hand is passed to, whichever way hands pass this round."""
    ruleset = sushigo.make("sushi-go", players=4, pass_both_ways=True)
    codec = ClassicCodec(ruleset)
    rng = random.Random(3)
    state = ruleset.new_game()
    width = (codec.size - _GLOBAL) // 5
    seen_rounds = set()
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        view = state.observe(0)
        obs = codec.observe(view)
        nxt = 1 if view.pass_step > 0 else 3  # the absolute seat seat 0 passes to
        size = obs[_GLOBAL + width + 2] * ruleset.hand_size
        assert round(size) == len(state.hand(nxt))
        score = obs[_GLOBAL + width + width - 1] * 10
        assert round(score) == state.returns()[nxt] - 0 or view.round == 0
        seen_rounds.add(view.pass_step)
        state.apply({s: rng.choice(list(a)) for s, a in state.decisions()})
    assert seen_rounds == {1, -1}


def test_one_size_for_every_table() -> None:
    sizes = {
        len(
            ClassicCodec(sushigo.make("sushi-go", players=p, **o)).observe(
                sushigo.make("sushi-go", players=p, **o).new_game().observe(0)
            )
        )
        for p, o in CONFIGS
    }
    assert sizes == {ClassicCodec.size}
