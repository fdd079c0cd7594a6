"""Every ruleset passes the shipped conformance check (sushigo.testing.check_ruleset)
for every player count, variant, menu and dice table, and the check itself fails
on a ruleset that breaks a promise."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import sushigo
from sushigo.games.party.cards import HAND_SIZES, SUGGESTED_MENUS, check_menu, random_menu
from sushigo.games.roll.dice import DEFAULT_DICE
from sushigo.testing import ConformanceError, check_ruleset

VARIANTS = ("pass_both_ways", "reshuffle", "soy_sauce", "dummy")


def classic_configs() -> list[dict[str, Any]]:
    out = []
    for players in (2, 3, 4, 5):
        for on in itertools.product((False, True), repeat=len(VARIANTS)):
            options = dict(zip(VARIANTS, on, strict=True))
            if options["dummy"] and players != 2:
                continue
            out.append({"players": players, **options})
    return out


def party_configs() -> list[dict[str, Any]]:
    out = []
    for key, menu in SUGGESTED_MENUS.items():
        for players in HAND_SIZES:
            try:
                check_menu(menu, players)
            except sushigo.OptionsError:
                continue
            out.append({"players": players, "menu": key})
    rng = random.Random(13)
    for players in HAND_SIZES:  # a random menu for every player count
        menu = random_menu(rng, players)
        out.append({"players": players, "menu": ",".join(menu.kinds)})
    return out


def roll_configs() -> list[dict[str, Any]]:
    own = {k: list(v) for k, v in DEFAULT_DICE.items()}
    own["nigiri"] = ["squid-nigiri"] * 6
    own["special"] = ["wasabi", "menu", "chopsticks"] * 2
    return [{"players": p} for p in (2, 3, 4, 5)] + [{"players": 3, "dice": own}]


def config_id(options: dict[str, Any]) -> str:
    parts = [f"{options['players']}p"]
    for key, value in options.items():
        if key == "players" or value is False:
            continue
        if value is True:
            parts.append(key)
        elif key == "dice":
            parts.append("own-dice")
        else:
            parts.append(str(value) if "," not in str(value) else "random-menu")
    return "-".join(parts)


CONFIGS = (
    [("sushi-go", c) for c in classic_configs()]
    + [("sushi-go-party", c) for c in party_configs()]
    + [("sushi-roll", c) for c in roll_configs()]
)


@pytest.mark.parametrize(
    ("game", "options"), CONFIGS, ids=[f"{g}-{config_id(c)}" for g, c in CONFIGS]
)
def test_every_ruleset_passes_the_conformance_check(game: str, options: dict[str, Any]) -> None:
    rules = sushigo.make(game, **options)
    report = check_ruleset(rules, games=2, seed=len(str(options)))
    assert report.games == 2
    assert report.decisions > 0 and report.worlds > 0 and report.chance > 0
    assert report.actions >= report.decisions


def test_the_dummy_variant_is_searched_from_views_too() -> None:
    # the two-player dummy variant has a determinizer: the card the other player drew
    # and the dummy's pile are dealt from what the viewer has not seen
    rules = sushigo.make("sushi-go", players=2, dummy=True)
    state = rules.new_game()
    rng = random.Random(4)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    state.apply({s: state.legal_actions(s)[0] for s in state.to_act()})
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    piles = set()
    for k in range(20):
        for seat in (0, 1):
            world = rules.determinize(state.observe(seat), random.Random(k))
            assert world.observe(seat) == state.observe(seat)
            assert len(world.pile()) == len(state.pile())
        piles.add(world.pile())
    assert len(piles) > 1  # the worlds really differ: the pile is not read from the state


class _Broken:
    """Wraps a ruleset and breaks one promise."""

    def __init__(self, rules: Any, how: str) -> None:
        self._rules = rules
        self.how = how

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def describe(self) -> str:
        return self._rules.describe()

    def determinize(self, view: Any, rng: random.Random) -> Any:
        world = self._rules.determinize(view, rng)
        if self.how == "leak" and view.turn == 1:
            # a world that does not keep the viewer's hand: as if dealt from the state
            return self._rules.new_game()
        return world

    def parse_action(self, text: str) -> Any:
        if self.how == "notation" and "+" in text:
            text = text.split("+")[0]
        return self._rules.parse_action(text)


@pytest.mark.parametrize(
    ("how", "message"),
    [("leak", "another view"), ("notation", "parses back")],
)
def test_the_check_fails_on_a_broken_ruleset(how: str, message: str) -> None:
    broken = _Broken(sushigo.make("sushi-go", players=2), how)
    with pytest.raises(ConformanceError, match=message):
        check_ruleset(broken, games=4)  # type: ignore[arg-type]
