"""Sushi Go Party!'s observation and action layouts (sushigo.rl.party): random games
through the codec on every suggested menu at each of its player counts, on random
menus and on custom menus with every special that needs a decision, checking every
decision both ways (tests/rl_checks.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import rl_checks
import sushigo
from rl_checks import check_codec
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import Action, AnyState
from sushigo.games.party.actions import Choice, PartyPick, choice_of, pick_of
from sushigo.games.party.cards import SUGGESTED_MENUS, custom_menu, random_menu
from sushigo.rl import codec as codec_module
from sushigo.rl.party import PartyCodec


class CountingCodec(PartyCodec):
    """The codec, counting every kind of decision played through it."""

    def __init__(self, ruleset: AnyRuleset, counts: Counter[str]) -> None:
        super().__init__(ruleset)
        self.counts = counts

    def play(self, state: AnyState, seat: int, slot: int) -> Action | None:
        action = super().play(state, seat, slot)
        if action is None:
            self.counts["flip step"] += 1
        elif isinstance(action, PartyPick):
            if action.call is not None:
                self.counts["pick with call"] += 1
            elif action.copy is not None:
                self.counts["special order copy"] += 1
            else:
                self.counts["pick"] += 1
        else:
            assert isinstance(action, Choice)
            self.counts[action.kind] += 1
        return action


KINDS = (
    "pick",
    "pick with call",
    "special order copy",
    "take",
    "ask",
    "give",
    "order",
    "copy",
    "flip",
    "flip step",
)
"""Every kind of decision the codec takes."""


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """check_codec plays through a counting codec; the counts of each kind."""
    found: Counter[str] = Counter()

    def counting(ruleset: AnyRuleset) -> CountingCodec:
        return CountingCodec(ruleset, found)

    monkeypatch.setattr(rl_checks, "codec_for", counting)
    yield found


def _menu_configs() -> list[tuple[str, int]]:
    return [
        (key, n)
        for key, menu in SUGGESTED_MENUS.items()
        for n in range(menu.players()[0], menu.players()[1] + 1)
    ]


def test_registered() -> None:
    rules = sushigo.make("sushi-go-party", players=4, menu="master-menu")
    try:
        codec = codec_module.codec_for(rules)
    except ImportError:  # the other games' layouts are not written yet
        codec = codec_module._CODECS["sushi-go-party"](rules)
    assert type(codec) is PartyCodec
    assert codec.size == 1304 and codec.slots == 1433 and codec.noop == 1432


def test_sizes_fixed() -> None:
    """Every table of the game has the same sizes, and every view fills them."""
    rng = random.Random(5)
    for n in range(2, 9):
        rules = sushigo.make("sushi-go-party", players=n, menu=random_menu(rng, n))
        codec = PartyCodec(rules)
        state = rules.new_game()
        state.apply_chance(state.sample_chance(rng))
        for seat in range(n):
            obs = codec.observe(state.observe(seat))
            assert len(obs) == 1304 and codec.slots == 1433
            assert obs[0:7].index(1.0) == n - 2


@pytest.mark.parametrize(("menu", "players"), _menu_configs())
def test_suggested_menus(menu: str, players: int, counts: Counter[str]) -> None:
    rules = sushigo.make("sushi-go-party", players=players, menu=menu)
    assert check_codec(rules, 6, seed=players) > 0
    assert counts["pick"] > 0


@pytest.mark.parametrize("players", range(2, 9))
def test_random_menus(players: int, counts: Counter[str]) -> None:
    rng = random.Random(100 + players)
    for game in range(8):
        rules = sushigo.make("sushi-go-party", players=players, menu=random_menu(rng, players))
        check_codec(rules, 1, seed=game)


CUSTOM: tuple[tuple[tuple[str, ...], tuple[int, ...], int], ...] = (
    # (kinds, player counts, games at each)
    (("maki", "tempura", "tofu", "eel", "chopsticks", "special-order", "pudding"), (2, 4, 6), 30),
    (("temaki", "sashimi", "dumpling", "tofu", "spoon", "takeout-box", "fruit"), (3, 5, 8), 12),
    (("uramaki", "onigiri", "tofu", "eel", "menu", "special-order", "pudding"), (2, 4, 6), 30),
    (("maki", "tempura", "dumpling", "edamame", "spoon", "special-order", "fruit"), (3, 6), 30),
    (
        ("temaki", "miso-soup", "tofu", "eel", "takeout-box", "special-order", "pudding"),
        (2, 4, 6),
        12,
    ),
    (("uramaki", "onigiri", "edamame", "eel", "spoon", "chopsticks", "fruit"), (3, 7, 8), 9),
    (
        ("maki", "tempura", "sashimi", "tofu", "wasabi", "takeout-box", "green-tea-ice-cream"),
        (4,),
        12,
    ),
)
"""Custom menus with the specials that need decisions mid-turn, at several tables."""


def test_custom_menus_reach_every_decision(counts: Counter[str]) -> None:
    for kinds, tables, games in CUSTOM:
        menu = custom_menu(kinds)
        for n in tables:
            rules = sushigo.make("sushi-go-party", players=n, menu=menu)
            check_codec(rules, games, seed=n)
    missing = [k for k in KINDS if counts[k] == 0]
    assert not missing, (missing, dict(counts))


def _flip_state(rng: random.Random) -> Any:
    """A state where a seat decides a takeout box's flips with two cards or more."""
    rules = sushigo.make(
        "sushi-go-party",
        players=3,
        menu=["temaki", "tofu", "eel", "tempura", "takeout-box", "tea", "pudding"],
    )
    while True:
        state = rules.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            pending = state.pending
            if (
                pending is not None
                and pending.kind == "flip"
                and len(state.legal_actions(pending.seat)) > 4
            ):
                return state
            state.apply({s: rng.choice(list(legal)) for s, legal in state.decisions()})


def test_flip_steps() -> None:
    """A takeout box's flips are chosen one at a time, then done; the codec keeps the
    choice so far until then, shows it in the observation and forgets it on reset."""
    rng = random.Random(3)
    state = _flip_state(rng)
    seat = state.pending.seat
    codec = PartyCodec(state.ruleset)
    assert codec.in_steps(state, seat)
    done = codec.slots - 2
    slots = codec.legal_slots(state, seat)
    assert slots[-1] == done
    assert codec.action_of(state, seat, done) == choice_of("flip", ())
    first = slots[0]
    picked = codec.action_of(state, seat, first)
    assert isinstance(picked, Choice) and len(picked.cards) == 1
    assert codec.play(state, seat, first) is None
    assert codec.action_of(state, seat, done) == picked
    assert codec.slot_of(state, seat, picked) == done
    obs = codec.observe(state.observe(seat))
    assert sum(obs[1304 - 97 :]) == 0.25
    with pytest.raises(sushigo.IllegalActionError):
        codec.slot_of(state, seat, choice_of("flip", ()))
    codec.reset()
    assert codec.action_of(state, seat, done) == choice_of("flip", ())
    assert codec.play(state, seat, first) is None
    assert codec.play(state, seat, done) == picked
    assert codec.action_of(state, seat, done) == choice_of("flip", ())


def test_illegal_slots_and_actions() -> None:
    rng = random.Random(1)
    rules = sushigo.make("sushi-go-party", players=4, menu="master-menu")
    codec = PartyCodec(rules)
    state = rules.new_game()
    state.apply_chance(state.sample_chance(rng))
    legal = codec.legal_slots(state, 0)
    for slot in (codec.noop, -1, codec.slots, *[s for s in range(codec.slots) if s not in legal]):
        with pytest.raises(sushigo.IllegalActionError):
            codec.action_of(state, 0, slot)
    missing = next(c for c in ("egg-nigiri", "tempura", "eel") if c not in state.hand(0))
    for action in (pick_of(missing), choice_of("take", ("tofu",))):
        with pytest.raises(sushigo.IllegalActionError):
            codec.slot_of(state, 0, action)
