"""Random playouts of the classic game, checked at every step against a model.

The test keeps its own bookkeeping of hands, tableaux and what each player has
seen, written from the rulebook, and compares the engine with it: cards are
conserved, hands shrink together, every legal action applies, scores add up,
records re-play, and views never show a hand the viewer has not held.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sushigo
from oracle import VARIANTS, rulebook_puddings
from sushigo.games.classic import ClassicState, Deal, Draw, Pick, score_round

HAND_SIZE = {2: 10, 3: 9, 4: 8, 5: 7}


def variant_id(players: int, options: dict[str, bool]) -> str:
    return f"{players}p" + "".join(f"-{k}" for k, v in sorted(options.items()) if v)


class Model:
    """The test's own account of one playthrough."""

    def __init__(self, state: ClassicState) -> None:
        rs = state.ruleset
        self.rs = rs
        self.players = rs.players
        self.seats = rs.seats
        self.dummy = bool(rs.options.get("dummy"))
        self.full = Counter(rs.deck)
        self.hands: list[Counter[str]] = []
        self.pile: Counter[str] = Counter()
        self.tabs: list[list[str]] = []
        self.labels: list[int] = []
        """Which dealt hand each player holds now."""
        self.held: list[set[int]] = []
        """Dealt hands each player held on earlier turns of this round."""
        self.drawn: str | None = None
        """The card the controller drew this turn (secret from the other player)."""
        self.applied = 0
        """Turns of this round applied by the test."""

    def step(self, round_index: int) -> int:
        both = self.rs.options.get("pass_both_ways")
        return -1 if both and round_index == 1 else 1

    def deal(self, outcome: Deal) -> None:
        assert len(outcome.hands) == self.seats
        size = 9 if self.dummy else HAND_SIZE[self.players]
        assert all(len(h) == size for h in outcome.hands)
        self.hands = [Counter(h) for h in outcome.hands[: self.players]]
        self.pile = Counter(outcome.hands[2]) if self.dummy else Counter()
        self.tabs = [[] for _ in range(self.seats)]
        self.labels = list(range(self.players))
        self.held = [set() for _ in range(self.players)]
        self.drawn = None
        self.applied = 0

    def draw(self, ctrl: int, card: str) -> None:
        assert self.pile[card] > 0
        self.pile[card] -= 1
        self.hands[ctrl][card] += 1
        self.drawn = card

    def pick(self, actions: dict[int, Pick], round_index: int) -> None:
        for seat, act in actions.items():
            hand = self.hands[seat]
            for c in act.cards:
                hand[c] -= 1
                assert hand[c] >= 0
            if len(act.cards) == 2:
                self.tabs[seat].remove("chopsticks")
                hand["chopsticks"] += 1
            self.tabs[seat].extend(act.cards)
            if act.dummy is not None:
                hand[act.dummy] -= 1
                assert hand[act.dummy] >= 0
                self.tabs[2].append(act.dummy)
        self.applied += 1
        self.drawn = None
        for s in range(self.players):
            self.held[s].add(self.labels[s])
        k = self.step(round_index)
        n = self.players
        self.hands = [self.hands[(s - k) % n] for s in range(n)]
        self.labels = [self.labels[(s - k) % n] for s in range(n)]


def multiset(state: ClassicState) -> Counter[str]:
    """Every card the state accounts for."""
    total: Counter[str] = Counter(state.deck())
    for s in range(state.ruleset.seats):
        total.update(state.hand(s))
        total.update(state.tableau(s))
    total.update(state.pile())
    total.update(state.discards())
    total["pudding"] += sum(state.desserts)
    return +total


def check_views(state: ClassicState, model: Model) -> None:
    n = model.seats
    ctrl = state.controller()
    for v in range(model.players):
        view = state.observe(v)
        assert (view.seat, view.seats, view.round, view.turn) == (v, n, state.round, state.turn)
        assert Counter(view.hand) == Counter(state.hand(v))
        assert view.hands[0] is None or Counter(view.hands[0]) == Counter(state.hand(v))
        assert len(view.hands) == len(view.hand_sizes) == len(view.tableaux) == n
        # Only the controller knows which card it drew from the dummy's pile.
        assert view.drawn == (model.drawn if v == ctrl else None)
        for rel in range(1, n):
            x = (v + rel) % n
            assert view.hand_sizes[rel] == len(state.hand(x))
            assert tuple(view.tableaux[rel]) == state.tableau(x)
            assert view.desserts[rel] == state.desserts[x]
            known = view.hands[rel]
            if x >= model.players:
                assert known is None, "the dummy's pile is secret"
                continue
            if model.labels[x] not in model.held[v]:
                assert known is None, (
                    f"seat {v} sees seat {x}'s hand at round {state.round + 1}, "
                    f"turn {state.turn + 1}, but never held it"
                )
                continue
            expected = Counter(state.hand(x))
            if x == ctrl and model.drawn is not None:
                expected[model.drawn] -= 1  # the draw is face-down
            assert known is not None, f"seat {v} has held seat {x}'s hand and knows it"
            assert Counter(known) == +expected


def check_legal(state: ClassicState, model: Model, seat: int, legal: tuple[Pick, ...]) -> None:
    hand = Counter(state.hand(seat))
    ctrl = state.controller()
    is_ctrl = model.dummy and seat == ctrl
    chop = "chopsticks" in state.tableau(seat) and sum(hand.values()) >= (3 if is_ctrl else 2)
    assert len(set(legal)) == len(legal)
    shapes = set()
    for a in legal:
        assert 1 <= len(a.cards) <= 2
        assert not Counter(a.cards) - hand, f"{a} is not in seat {seat}'s hand"
        if len(a.cards) == 2:
            assert chop, f"{a}: chopsticks are not usable now"
        if is_ctrl:
            assert a.dummy is not None
            assert not Counter([*a.cards, a.dummy]) - hand
        else:
            assert a.dummy is None
        shapes.add((tuple(sorted(a.cards)), a.dummy))
    # completeness, up to the order of a chopsticks pair
    owns = list(hand)
    options: set[tuple[tuple[str, ...], str | None]] = set()
    picks = [(c,) for c in owns]
    if chop:
        picks += [
            tuple(sorted((a, b)))
            for a, b in itertools.combinations_with_replacement(owns, 2)
            if a != b or hand[a] >= 2
        ]
    for p in picks:
        if is_ctrl:
            rest = hand - Counter(p)
            options.update((p, d) for d in rest)
        else:
            options.add((p, None))
    assert shapes == options


def play_and_check(players: int, options: dict[str, bool], seed: int, *, every: bool) -> None:
    rules = sushigo.make("sushi-go", players=players, **options)
    state = rules.new_game()
    assert isinstance(state, ClassicState)
    model = Model(state)
    rng = random.Random(seed)
    soy = bool(options.get("soy_sauce"))
    size = model.rs.hand_size
    while True:
        assert multiset(state) == model.full, "cards are conserved"
        if state.is_terminal():
            break
        r = state.round
        if state.is_chance():
            outcome = state.sample_chance(rng)
            if isinstance(outcome, Deal):
                model.deal(outcome)
                state.apply_chance(outcome)
            else:
                assert isinstance(outcome, Draw)
                ctrl = state.controller()
                assert ctrl is not None
                check_views(state, model)  # before the draw
                model.draw(ctrl, outcome.card)
                state.apply_chance(outcome)
            continue
        t = state.turn
        assert t == model.applied
        sizes = [len(state.hand(s)) for s in range(players)]
        if model.dummy:
            ctrl = state.controller()
            assert ctrl == (r * 9 + t) % 2
            assert sizes[ctrl] == size - t + 1 and sizes[1 - ctrl] == size - t
            assert len(state.pile()) == size - t - 1
        else:
            assert sizes == [size - t] * players
        for s in range(players):
            assert Counter(state.hand(s)) == +model.hands[s]
        for s in range(model.seats):
            assert list(state.tableau(s)) == model.tabs[s]
        check_views(state, model)
        assert state.to_act() == tuple(range(players))
        legal = {s: state.legal_actions(s) for s in state.to_act()}
        for s, acts in legal.items():
            assert acts, f"seat {s} has no legal action"
            check_legal(state, model, s, acts)
        if every:
            snapshot = ([state.hand(s) for s in range(players)], state.tableau(0))
            base = {s: acts[0] for s, acts in legal.items()}
            for s, acts in legal.items():
                for a in acts:
                    trial = state.copy()
                    trial.apply({**base, s: a})
                    assert trial.round > r or trial.tableau(s)[-len(a.cards) :] == a.cards
            assert ([state.hand(s) for s in range(players)], state.tableau(0)) == snapshot
        joint = {s: acts[int(rng.random() * len(acts))] for s, acts in legal.items()}
        state.apply(joint)
        model.pick(joint, r)
        if state.round > r:
            check_round(state, model, r, soy)
    check_end(state, model, rules, seed)


def check_round(state: ClassicState, model: Model, r: int, soy: bool) -> None:
    res = state.results[r]
    # the last card of each hand, if the engine placed it without asking
    extra = res.turns[model.applied :]
    assert len(extra) <= 1
    for picks in extra:
        assert not model.dummy
        for s in range(model.players):
            assert Counter(picks[s]) == +model.hands[s] and len(picks[s]) == 1
            model.tabs[s].extend(picks[s])
            model.hands[s] = Counter()
    assert all(not +h for h in model.hands), "every card of every hand was played"
    assert not +model.pile
    assert len(res.turns) == model.rs.hand_size
    assert [list(t) for t in res.tableaux] == model.tabs
    assert list(res.breakdown) == score_round(model.tabs, soy_sauce=soy)
    assert list(res.scores) == [sum(b.values()) for b in res.breakdown]


def check_end(state: ClassicState, model: Model, rules: Any, seed: int) -> None:
    assert len(state.results) == 3
    p = list(state.desserts)
    assert sum(p) == sum(t.count("pudding") for res in state.results for t in res.tableaux)
    dessert = rulebook_puddings(p, penalty=model.seats > 2)
    assert state.dessert_scores() == dessert
    totals = [sum(res.scores[s] for res in state.results) + dessert[s] for s in range(model.seats)]
    assert state.returns() == totals
    best = max(totals[: model.players])
    tied = [s for s in range(model.players) if totals[s] == best]
    most = max(p[s] for s in tied)
    assert state.winners() == [s for s in tied if p[s] == most]
    # that the record re-plays is sushigo.testing.check_ruleset's (tests/test_conformance.py)


@settings(max_examples=60, deadline=None)
@given(
    config=st.sampled_from(VARIANTS),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_playouts(config: tuple[int, dict[str, bool]], seed: int) -> None:
    players, options = config
    play_and_check(players, options, seed, every=True)


@pytest.mark.parametrize(
    ("players", "options"), VARIANTS, ids=[variant_id(p, o) for p, o in VARIANTS]
)
def test_every_variant_once(players: int, options: dict[str, bool]) -> None:
    play_and_check(players, options, 1000 + players, every=True)


@pytest.mark.parametrize("seed", range(12))
def test_more_seeds(seed: int) -> None:
    """More seeds for the commonest tables, without trying every legal action."""
    for players, options in ((2, {}), (5, {}), (2, {"dummy": True})):
        play_and_check(players, options, seed, every=False)
