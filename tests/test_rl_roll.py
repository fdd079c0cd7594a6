"""Sushi Roll's observation and action layouts (sushigo.rl.roll)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rl_checks
import sushigo
from rl_checks import check_codec
from sushigo.core.errors import IllegalActionError
from sushigo.core.state import AnyState
from sushigo.games.roll.actions import CHOPSTICKS, MENU, TAKE, RollAction, reroll, swap, take
from sushigo.games.roll.state import BeltRoll, RollDeal, RollState
from sushigo.play.files import load_dice
from sushigo.rl import roll
from sushigo.rl.roll import RollCodec


class Counting(RollCodec):
    """The codec, counting the kinds of action chosen through it."""

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.kinds: Counter[int] = Counter()

    def play(self, state: AnyState, seat: int, slot: int) -> Any:
        action = super().play(state, seat, slot)
        assert isinstance(action, RollAction)
        self.kinds[action.kind] += 1
        return action


def run(monkeypatch: pytest.MonkeyPatch, ruleset: Any, games: int, seed: int) -> Counter[int]:
    """check_codec through a Counting codec (codec_for is not needed: the other games'
    codecs need not exist); the kinds of action chosen."""
    codec = Counting(ruleset)
    monkeypatch.setattr(rl_checks, "codec_for", lambda rs: codec)
    assert check_codec(ruleset, games, seed) > 0
    return codec.kinds


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_check_every_decision(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    kinds = run(monkeypatch, sushigo.make("sushi-roll", players=players), 20, players)
    assert kinds[TAKE] > 0 and kinds[CHOPSTICKS] > 0 and kinds[MENU] > 0, kinds


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_a_dice_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, players: int
) -> None:
    # few faces: belts full of equal dice (long runs for the menu slots)
    faces = {
        "appetizer": ["dumpling", "dumpling", "dumpling", "dumpling", "dumpling", "sashimi"],
        "maki": ["maki-3"] * 6,
        "nigiri": ["squid-nigiri"] * 6,
        "special": ["wasabi", "wasabi", "wasabi", "menu-2", "menu-2", "chopsticks-2"],
        "pudding": ["pudding-1"] * 6,
    }
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(faces))
    ruleset = sushigo.make("sushi-roll", players=players, dice=load_dice(str(path)))
    kinds = run(monkeypatch, ruleset, 10, 10 + players)
    assert kinds[TAKE] > 0 and kinds[CHOPSTICKS] > 0 and kinds[MENU] > 0, kinds


def test_codec_for_finds_the_roll_codec() -> None:
    pytest.importorskip("sushigo.rl.classic")
    pytest.importorskip("sushigo.rl.party")
    from sushigo.rl.codec import codec_for

    assert type(codec_for(sushigo.make("sushi-roll", players=3))) is RollCodec


def dealt(belts: list[list[str]], red: int = 0) -> RollState:
    """A 3-player game just dealt with these belts."""
    state = sushigo.make("sushi-roll", players=3).new_game()
    assert isinstance(state, RollState)
    state.apply_chance(RollDeal(red, belts))
    return state


def test_the_sizes_are_the_same_for_every_table() -> None:
    assert (RollCodec.size, RollCodec.slots) == (282, 1361)
    assert roll.NOOP == RollCodec.slots - 1
    for players in (2, 5):
        codec = RollCodec(sushigo.make("sushi-roll", players=players))
        state = sushigo.make("sushi-roll", players=players).new_game()
        assert len(codec.observe(state.observe(0))) == codec.size
        assert codec.legal_slots(state, 0) == [codec.noop]  # a chance node: nobody decides


def test_menu_slots_are_the_first_dice_of_each_run() -> None:
    belts = [
        ["dumpling"] * 3 + ["maki-1"] * 2 + ["wasabi", "pudding-1"],
        ["tempura"] * 4 + ["maki-2"] * 3,
        ["sashimi"] * 3 + ["egg-nigiri"] * 4,
    ]
    state = dealt(belts)
    codec = RollCodec(state.ruleset)
    slots = codec.legal_slots(state, 0)
    menus = [s for s in slots if s >= roll.MENU_SLOTS]
    assert len(menus) == 4 * 3 * 2 * 2 - 1  # 0-3 dumplings, 0-2 maki, 0-1 and 0-1, not none
    base = roll.MENU_SLOTS - 1
    assert codec.slot_of(state, 0, reroll("dumpling", "dumpling")) == base + 0b11
    assert codec.slot_of(state, 0, reroll("maki-1", "dumpling")) == base + 0b1001
    assert codec.slot_of(state, 0, reroll("pudding-1", "maki-1")) == base + 0b1001000
    assert codec.action_of(state, 0, base + 0b11011) == reroll(
        "dumpling", "dumpling", "maki-1", "maki-1"
    )
    with pytest.raises(IllegalActionError):  # dumplings 2 and 3: not the run's first
        codec.action_of(state, 0, base + 0b110)
    with pytest.raises(IllegalActionError):  # an eighth die: the belt has seven
        codec.action_of(state, 0, base + 0b10000000)


def test_chopsticks_slots_count_the_other_seat_from_the_decider() -> None:
    belts = [["tempura"] * 7, ["sashimi"] * 3 + ["maki-1"] * 4, ["maki-1"] * 2 + ["egg-nigiri"] * 5]
    state = dealt(belts, red=1)
    codec = RollCodec(state.ruleset)
    tempura, sashimi, maki, egg = 1, 2, 3, 6
    # seat 1: seat 2 is 1 place to its left, seat 0 two places
    to_left = roll.CHOP_SLOTS + (sashimi * 4 + 0) * 16
    two_left = roll.CHOP_SLOTS + (sashimi * 4 + 1) * 16
    maki_left = roll.CHOP_SLOTS + (maki * 4 + 0) * 16
    maki_two_left = roll.CHOP_SLOTS + (maki * 4 + 1) * 16
    chops = [to_left + maki - 1, to_left + egg - 1, two_left + tempura]
    chops += [maki_left + egg - 1, maki_two_left + tempura]
    menus = list(range(roll.MENU_SLOTS, roll.MENU_SLOTS + 0b1111111))
    menus = [s for s in menus if codec_ok(s - roll.MENU_SLOTS + 1)]
    assert codec.legal_slots(state, 1) == [sashimi, maki, *chops, *menus]
    assert codec.slot_of(state, 1, swap("sashimi", 2, "maki-1")) == to_left + maki - 1
    assert codec.slot_of(state, 1, swap("maki-1", 0, "tempura")) == maki_two_left + tempura
    assert codec.action_of(state, 1, two_left + tempura) == swap("sashimi", 0, "tempura")
    with pytest.raises(IllegalActionError):  # 3 places left: no such seat with 3 players
        codec.action_of(state, 1, roll.CHOP_SLOTS + (sashimi * 4 + 2) * 16)
    with pytest.raises(IllegalActionError):
        codec.slot_of(state, 1, take("tempura"))  # not on seat 1's belt
    with pytest.raises(IllegalActionError):
        codec.slot_of(state, 0, take("tempura"))  # not seat 0's turn
    assert codec.legal_slots(state, 0) == [codec.noop]
    for bad in (codec.noop, -1, codec.slots, tempura):
        with pytest.raises(IllegalActionError):
            codec.action_of(state, 1, bad)


def codec_ok(mask: int) -> bool:
    """A canonical re-roll of the belt sashimi x3, maki-1 x4: the first of each run."""
    runs = [(mask & 0b111), (mask >> 3) & 0b1111]
    return all(r & (r + 1) == 0 for r in runs)


def test_observation_is_seat_relative_and_scaled() -> None:
    belts = [
        ["tempura"] * 2 + ["sashimi"] * 2 + ["dumpling"] * 3,
        ["sashimi", "wasabi"] + ["salmon-nigiri"] * 2 + ["maki-1"] * 3,
        ["maki-3"] * 3 + ["pudding-1"] * 4,
    ]
    state = dealt(belts, red=2)
    state.apply({2: take("maki-3")})
    state.apply({0: take("tempura")})
    state.apply({1: take("wasabi")})  # the belts slide left: seat s gets seat s - 1's belt
    assert state.is_chance() and state.belt(1)[0] == "dumpling"
    state.apply_chance(BeltRoll([state.belt(s) for s in range(3)]))
    state.apply({0: take("pudding-1")})  # the red belt is now seat 0's
    state.apply({1: swap("sashimi", 2, "salmon-nigiri")})
    state.apply({1: take("salmon-nigiri")})  # on seat 1's wasabi
    codec = RollCodec(state.ruleset)
    obs = codec.observe(state.observe(1))
    assert len(obs) == roll.SIZE
    assert obs[roll.PLAYERS + 1] == 1.0 and obs[roll.ROUND] == 1.0
    assert obs[roll.CYCLE + 1] == 1.0 and obs[roll.PER_PLAYER] == 7 / 8
    assert obs[roll.TO_MOVE + 1] == 1.0  # seat 2, one place to seat 1's left
    assert obs[roll.RED + 2] == 1.0  # seat 0
    assert obs[roll.SUPPLY_TOKENS + 1] == 7 / 12
    me, left, right, gone = (roll.SEATS + i * roll.BLOCK for i in range(4))
    assert obs[gone + roll.PRESENT] == 0.0 and not any(obs[gone : gone + roll.BLOCK])
    assert obs[me + roll.PRESENT] == obs[right + roll.PRESENT] == 1.0
    assert obs[me + roll.TAKEN] == 1.0 and obs[left + roll.TAKEN] == 0.0
    assert obs[me + roll.TRAY + 17 + 1] == 1 / 8  # wasabi+salmon-nigiri
    assert obs[me + roll.TRAY + 9] == 0.0  # no free wasabi left
    assert obs[me + roll.POINTS] == 0.6 and obs[me + roll.CHOPS] == 1 / 5
    assert obs[left + roll.BELT + 2] == 2 / 8  # seat 2's belt: two sashimi now
    assert obs[left + roll.BELT_SIZE] == 6 / 8 and obs[left + roll.MAKI] == 0.3
    assert obs[right + roll.TRAY + 1] == 1 / 8 and obs[right + roll.PUDDINGS] == 0.1
    assert obs[right + roll.MENUS] == 3 / 5
    assert obs[roll.BAG : roll.BAG + 5] == [0.2, 0.0, 0.3, 0.4, 0.0]  # 30 - 21 dealt
    assert abs(sum(obs[roll.ODDS : roll.ODDS + 17]) - 5) < 1e-9


def test_a_whole_game_keeps_the_sizes() -> None:
    ruleset = sushigo.make("sushi-roll", players=4)
    codec = RollCodec(ruleset)
    state = ruleset.new_game()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        (seat,) = state.to_act()
        slots = codec.legal_slots(state, seat)
        action = codec.action_of(state, seat, rng.choice(slots))
        state.apply({seat: action})
    obs = codec.observe(state.observe(0))
    assert obs[roll.OVER] == 1.0 and obs[roll.ROUND : roll.ROUND + 3] == [0.0] * 3
