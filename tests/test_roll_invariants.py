"""Random Sushi Roll playouts, checked at every step.

* the 30 dice are conserved across bag, belts and trays (a wasabi stack is two dice);
* token supplies are conserved and never negative;
* the legal actions are exactly what the rules allow (counted independently here),
  every one is accepted, and their ids and notation round-trip;
* views show every belt, tray and token, seat-relative;
* round scores agree with a scorer written here from the rulebook's tables;
* records re-play exactly, and a copied state plays on independently.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import sushigo
from sushigo.games.roll import (
    RollAction,
    RollDeal,
    RollRuleset,
    RollState,
    action_from_id,
    action_id,
    parse_roll_action,
)
from sushigo.games.roll.dice import DICE_COUNTS, FACES, KINDS, score_trays

KIND_OF = {t.id: t.family for t in FACES.types}


def dice_by_kind(state: RollState) -> Counter[str]:
    """Every die in the game, by kind: in the bag, on belts, on trays."""
    count: Counter[str] = Counter(state.bag)
    n = state.rules.players
    for s in range(n):
        for face in state.belt(s):
            count[KIND_OF[face]] += 1
        for entry in state.tray(s):
            if entry.startswith("wasabi+"):
                count["special"] += 1
                count["nigiri"] += 1
            else:
                count[KIND_OF[entry]] += 1
    return count


def expected_legal(state: RollState, seat: int) -> set[str]:
    """The legal decisions, from the rulebook, as notation."""
    n = state.rules.players
    belt = state.belt(seat)
    out = set(belt)
    if state.chopsticks[seat] > 0:
        for other in range(n):
            if other != seat:
                for mine in set(belt):
                    for theirs in set(state.belt(other)):
                        if mine != theirs:
                            out.add(f"chopsticks:{mine},{other},{theirs}")
    if state.menus[seat] > 0:
        counts = Counter(belt)
        subsets = 1
        for c in counts.values():
            subsets *= c + 1
        out.add(f"menus:{subsets - 1}")  # counted, not listed
    return out


SET_TABLES = {"dumpling": (0, 2, 4, 8), "tempura": (0, 1, 5, 10), "sashimi": (0, 0, 6, 13)}
NIGIRI = {"egg-nigiri": 1, "salmon-nigiri": 2, "squid-nigiri": 3}


def oracle_scores(trays: list[tuple[str, ...]]) -> list[int]:
    """Round scores straight from the rulebook's scoring section."""
    icons = [sum(int(f[-1]) for f in t if f.startswith("maki-")) for t in trays]
    levels = sorted({i for i in icons if i}, reverse=True)
    out = []
    for tray, m in zip(trays, icons, strict=True):
        pts = 6 if levels and m == levels[0] else 3 if len(levels) > 1 and m == levels[1] else 0
        for f in tray:
            if f in NIGIRI:
                pts += NIGIRI[f]
            elif f.startswith("wasabi+"):
                pts += 3 * NIGIRI[f[7:]]
        for face, table in SET_TABLES.items():
            k = tray.count(face)
            pts += (k // 3) * table[3] + table[k % 3]
        out.append(pts)
    return out


def check_step(state: RollState, rng: random.Random) -> None:
    n = state.rules.players
    assert dice_by_kind(state) == dict(zip(KINDS, DICE_COUNTS, strict=True))
    menus, chops, puddings = state.supply
    assert min(state.supply) >= 0 and min(state.menus + state.chopsticks) >= 0
    assert menus + sum(state.menus) == 18
    assert chops + sum(state.chopsticks) == 12
    assert puddings + sum(state.puddings) == 32
    for seat in range(n):
        view = state.observe(seat)
        for i in range(n):
            other = (seat + i) % n
            assert view.belts[i] == state.belt(other) and view.trays[i] == state.tray(other)
            assert view.menus[i] == state.menus[other]
        assert view.absolute(view.red) == state.red
    if state.is_chance() or state.is_terminal():
        return
    (seat,) = state.to_act()
    legal = state.legal_actions(seat)
    texts = [str(a) for a in legal]
    assert len(set(texts)) == len(texts)  # no action offered twice
    expected = expected_legal(state, seat)
    menu_count = [int(e.split(":")[1]) for e in expected if e.startswith("menus:")]
    plain = {t for t in texts if not t.startswith("menu:")}
    assert plain == {e for e in expected if not e.startswith("menus:")}
    assert len(texts) - len(plain) == (menu_count[0] if menu_count else 0)
    for action in rng.sample(list(legal), min(4, len(legal))):
        assert action in legal
        assert parse_roll_action(str(action)) == action
        assert action_from_id(action_id(action)) == action
        trial = state.copy()
        trial.apply({seat: action})  # every legal action is accepted


NOT_LEGAL = [
    "menu:dumpling+dumpling+dumpling+dumpling+dumpling+dumpling+dumpling+dumpling+dumpling",
    "chopsticks:tempura,9,maki-1",
    "chopsticks:tempura,0,tempura",
]


def check_membership(state: RollState, seat: int) -> None:
    """``in`` on the legal actions agrees with listing them."""
    legal = state.legal_actions(seat)
    listed = {str(a) for a in legal}
    for text in NOT_LEGAL + [
        f"chopsticks:{f},{o},{g}"
        for f in ("dumpling", "squid-nigiri")
        for o in range(state.rules.players)
        for g in ("maki-2", "wasabi")
    ]:
        assert (parse_roll_action(text) in legal) == (text in listed), text
    for face in ("tempura", "pudding-3", "menu"):
        action = parse_roll_action(face)
        assert (action in legal) == (face in listed)


def playout(players: int, seed: int) -> RollState:
    rules = sushigo.make("sushi-roll", players=players)
    state = rules.new_game()
    rng = random.Random(seed)
    chance = random.Random(seed + 1000)
    rounds_seen = 0
    while not state.is_terminal():
        check_step(state, rng)
        if state.is_chance():
            state.apply_chance(state.sample_chance(chance))
        else:
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            if rng.random() < 0.2:
                check_membership(state, seat)
            action: RollAction = legal[rng.randrange(len(legal))]
            state.apply({seat: action})
        if len(state.results) > rounds_seen:
            result = state.results[rounds_seen]
            assert list(result.scores) == oracle_scores(list(result.trays))
            assert score_trays(result.trays)[1] == list(result.scores)
            rounds_seen += 1
    check_step(state, rng)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_random_playouts_keep_every_invariant(players: int, seed: int) -> None:
    state = playout(players, seed)
    assert len(state.results) == 3
    # copies, records and views: sushigo.testing.check_ruleset (tests/test_conformance.py)


def test_rolls_and_draws_are_fair() -> None:
    """Dealt dice, by kind and by face, come up as often as the bag and the faces say."""
    rules = RollRuleset(2)
    state = rules.new_game()
    rng = random.Random(11)
    kinds: Counter[str] = Counter()
    faces: Counter[str] = Counter()
    deals = 3000
    for _ in range(deals):
        deal = state.sample_chance(rng)
        assert isinstance(deal, RollDeal)
        for belt in deal.belts:
            for face in belt:
                kinds[KIND_OF[face]] += 1
                faces[face] += 1
    dice = deals * 16
    for kind, count in zip(KINDS, DICE_COUNTS, strict=True):
        p = count / 30
        sd = (dice * p * (1 - p)) ** 0.5
        assert abs(kinds[kind] - dice * p) < 5 * sd, kind
        sides = rules.faces_of(kind)
        for face in set(sides):
            q = sides.count(face) / 6
            n = kinds[kind]
            assert abs(faces[face] - n * q) < 5 * (n * q * (1 - q)) ** 0.5, face
