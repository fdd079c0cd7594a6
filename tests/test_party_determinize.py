"""Sushi Go Party! worlds for search (``party.determinize``): sampled from a view alone.

Random games over several menus and player counts; at every decision point, for
every seat that decides, a world is drawn from the seat's view and checked:

* (a) the seat sees in the world exactly what it saw in the game (its view, log
  included);
* (b) the seat may do in the world exactly what it may do in the game;
* (c) every card of the game is somewhere in the world, once (hands, deck, tables,
  discards, desserts kept, the dessert pile);
* (d) the world plays to the end with random decisions and chance.

And (e): two games that differ only in what the seat has not seen (cards swapped
between a hand it has not seen and the deck, desserts swapped between the deck and
the pile) give the same worlds for the same seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.agents.mcts import MCTSAgent
from sushigo.agents.mcts import determinize as any_world
from sushigo.games.party import PartyRuleset, PartyState, determinize
from sushigo.games.party.actions import Choice, PartyAction, PartyPick
from sushigo.games.party.cards import PARTY_CARDS, SPECIALS, random_menu
from sushigo.play import play_game

SO = "special-order"
ORDER = PARTY_CARDS.order
VARIANT_KINDS = ("nigiri", "maki", "uramaki", "onigiri", "fruit")


def family(card: str) -> str:
    return PARTY_CARDS.by_id[card].family


MENUS: list[str] = [
    "my-first-meal",
    "master-menu",
    "cutthroat-combo",
    "dinner-for-two",
    # Special orders taken in the middle of a turn by each of menu, chopsticks and spoon
    # (with uramaki scoring mid-turn, miso soups, edamame, onigiri and fruit).
    "uramaki,miso-soup,eel,tofu,menu,special-order,fruit",
    "maki,onigiri,edamame,miso-soup,chopsticks,special-order,pudding",
    "temaki,tempura,sashimi,dumpling,spoon,special-order,green-tea-ice-cream",
]
RANDOM_MENUS = 2
"""Random menus (seeded) played besides the named ones."""


def configs() -> list[tuple[str, int, int]]:
    """(menu, players, seed): every menu at each player count it allows."""
    out: list[tuple[str, int, int]] = []
    menus: list[tuple[str, int | None]] = [(m, None) for m in MENUS]
    menus += [("random", seed) for seed in range(RANDOM_MENUS)]
    for name, menu_seed in menus:
        for players in range(2, 9):
            if menu_seed is not None:
                menu = random_menu(random.Random(menu_seed * 100 + players), players)
                text = ",".join(menu.kinds[1:])
            else:
                text = name
            try:
                sushigo.make("sushi-go-party", players=players, menu=text)
            except sushigo.core.errors.OptionsError:
                continue
            out.append((text, players, 10 * players + len(out)))
    return out


def every_card(state: PartyState) -> Counter[str]:
    """Every card of the game, wherever it is (between rounds: kept desserts and the pile)."""
    n = state.rules.players
    total: Counter[str] = Counter(state.deck())
    for s in range(n):
        total.update(state.hand(s))
        total.update(p.card for p in state.tableau(s))
        total.update(p.card for p in state.desserts[s])
    total.update(state.discards())
    total.update(state._pile)
    if state.pending is not None and state.pending.kind == "copy":
        total[SO] += 1  # a special order on its way to the table
    return +total


def full_set(rules: PartyRuleset) -> Counter[str]:
    return +(Counter(rules.deck) + Counter(rules.desserts))


def busy(legal: Sequence[PartyAction], rng: random.Random) -> PartyAction:
    """A random decision, leaning (one time in two) to calling bonus cards, playing the
    specials, taking special orders mid-turn and asking a spoon for a kind whose cards
    differ, so that every kind of mid-turn decision comes up."""
    if rng.random() < 0.5:
        lean = [
            a
            for a in legal
            if (isinstance(a, PartyPick) and (a.call or family(a.card) in SPECIALS))
            or (isinstance(a, Choice) and a.kind == "ask" and a.cards[0] in VARIANT_KINDS)
            or (isinstance(a, Choice) and a.kind in ("take", "order") and a.cards[0] == SO)
        ]
        if lean:
            return lean[int(rng.random() * len(lean))]
    return legal[int(rng.random() * len(legal))]


def hoard(legal: Sequence[PartyAction], rng: random.Random) -> PartyAction:
    """A random decision that keeps special orders to the last card (where they still
    choose what they copy, alone)."""
    keep = [a for a in legal if not (isinstance(a, PartyPick) and a.card == SO)]
    return (keep or legal)[int(rng.random() * len(keep or legal))]


def uniform(legal: Sequence[PartyAction], rng: random.Random) -> PartyAction:
    return legal[int(rng.random() * len(legal))]


POLICIES = (uniform, busy, hoard)


def decision_points(rules: PartyRuleset, seed: int) -> Iterator[tuple[PartyState, int]]:
    """A random game (the policy by the seed, see POLICIES): each decision point, once
    for every seat deciding there."""
    rng = random.Random(seed)
    state = rules.new_game()
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        decisions = state.decisions()
        for seat, _ in decisions:
            yield state, seat
        policy = POLICIES[seed % len(POLICIES)]
        state.apply({s: policy(legal, rng) for s, legal in decisions})


def play_out(world: PartyState, rng: random.Random) -> None:
    while not world.is_terminal():
        if world.is_chance():
            world.apply_chance(world.sample_chance(rng))
            continue
        decisions = world.decisions()
        assert all(legal for _, legal in decisions), "a seat has nothing to choose"
        world.apply({s: legal[int(rng.random() * len(legal))] for s, legal in decisions})


@pytest.mark.parametrize(("menu", "players", "seed"), configs())
def test_worlds_agree_with_the_view(menu: str, players: int, seed: int) -> None:
    rules = sushigo.make("sushi-go-party", players=players, menu=menu)
    assert isinstance(rules, PartyRuleset)
    everything = full_set(rules)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    for step, (state, seat) in enumerate(decision_points(rules, seed)):
        assert every_card(state) == everything
        view = state.observe(seat)
        world = determinize(view, rng)
        assert world.observe(seat) == view  # (a)
        legal = [str(a) for a in state.legal_actions(seat)]
        assert [str(a) for a in world.legal_actions(seat)] == legal  # (b)
        assert world.to_act() == state.to_act() or state.pending is None
        for s, options in world.decisions():
            assert options, f"seat {s} has nothing to choose in the world"
        assert every_card(world) == everything  # (c)
        assert sorted(len(world.hand(s)) for s in range(players)) == sorted(
            len(state.hand(s)) for s in range(players)
        )
        assert sum(world.deck().values()) == sum(state.deck().values())
        kinds[state.pending.kind if state.pending else "pick"] += 1
        if state.pending is not None:
            # A seat watching another's mid-turn decision: that decision has its answers.
            watcher = (seat + 1) % players
            world = determinize(state.observe(watcher), rng)
            assert world.observe(watcher) == state.observe(watcher)
            assert world.to_act() == state.to_act()
            assert len(world.legal_actions(seat)) > 1
            assert every_card(world) == everything
        if step % 3 == 0:
            play_out(world, rng)  # (d), from the deciding or the watching seat's world
            assert len(world.winners()) >= 1
    assert kinds["pick"]


def mid_game(rules: PartyRuleset, seed: int, kind: str) -> tuple[PartyState, int] | None:
    """A random game's first decision of ``kind`` ('pick' after the first turn), or None."""
    for state, seat in decision_points(rules, seed):
        now = state.pending.kind if state.pending else "pick"
        if now == kind and (kind != "pick" or state.turn >= 1):
            return state.copy(), seat
    return None


def hidden_swap(state: PartyState, seat: int, rng: random.Random) -> PartyState | None:
    """A copy of ``state`` with a card of a hand ``seat`` has not seen swapped for a
    different card of the deck, and a dessert of the deck for another of the pile
    (None if there is no such swap)."""
    view = state.observe(seat)
    n = state.rules.players
    other = state.copy()
    deck = other._deck_now()
    free = Counter(deck) - Counter(other._drawn)  # a menu's cards being chosen stay put
    deciding = other.pending.seat if other.pending is not None else -1
    changed = False
    for s in [(seat + r) % n for r in range(n) if view.hands[r] is None and r]:
        hand = other._hands[s]
        pairs = sorted({(a, b) for a in hand for b in free if b != a})
        if s == deciding or not pairs:
            continue
        a, b = pairs[int(rng.random() * len(pairs))]
        hand.remove(a)
        other._hands[s] = sorted([*hand, b], key=ORDER.__getitem__)
        other._singles[s] = None
        deck[a] = deck.get(a, 0) + 1
        deck[b] -= 1
        changed = True
        break
    pile = other._pile
    free = Counter(deck) - Counter(other._drawn)
    for a in sorted(c for c in free if c in pile):
        spare = sorted(c for c, k in pile.items() if k > 0 and c != a)
        if spare:
            b = spare[int(rng.random() * len(spare))]
            deck[a] -= 1
            deck[b] = deck.get(b, 0) + 1
            pile[a] += 1
            pile[b] -= 1
            other._in_deck[a] -= 1
            other._in_deck[b] = other._in_deck.get(b, 0) + 1
            changed = True
            break
    return other if changed else None


KINDS_MET = {
    "pick": ["master-menu", "dinner-for-two"],
    "take": [MENUS[5], "big-banquet"],
    "ask": ["master-menu", MENUS[6]],
    "give": ["master-menu", "cutthroat-combo", MENUS[6]],
    "order": ["dinner-for-two", MENUS[4]],
    "copy": ["dinner-for-two", *MENUS[4:]],
    "flip": ["master-menu"],
}
"""Menus whose games meet each kind of decision."""


@pytest.mark.parametrize("kind", list(KINDS_MET))
def test_no_cheating(kind: str) -> None:
    """Games that differ only in what the seat has not seen give the same worlds."""
    tried = 0
    for menu in KINDS_MET[kind]:
        for players in (3, 4, 5):
            rules = sushigo.make("sushi-go-party", players=players, menu=menu)
            assert isinstance(rules, PartyRuleset)
            for seed in range(8):
                found = mid_game(rules, seed, kind)
                if found is None:
                    continue
                state, seat = found
                other = hidden_swap(state, seat, random.Random(seed))
                if other is None:
                    continue
                assert every_card(other) == every_card(state)
                assert other.observe(seat) == state.observe(seat)
                assert [state.hand(s) for s in range(players)] != [
                    other.hand(s) for s in range(players)
                ] or state._pile != other._pile
                a = determinize(state.observe(seat), random.Random(seed))
                b = determinize(other.observe(seat), random.Random(seed))
                assert [a.hand(s) for s in range(players)] == [b.hand(s) for s in range(players)]
                assert a.deck() == b.deck() and a._pile == b._pile
                assert all(a.observe(s) == b.observe(s) for s in range(players))
                tried += 1
    assert tried >= 3, f"only {tried} games met a '{kind}' decision with something hidden"


def test_worlds_differ_where_the_view_is_silent() -> None:
    rules = sushigo.make("sushi-go-party", players=4, menu="master-menu")
    assert isinstance(rules, PartyRuleset)
    found = mid_game(rules, 3, "pick")
    assert found is not None
    state, seat = found
    view = state.observe(seat)
    worlds = [determinize(view, random.Random(i)) for i in range(20)]
    unseen = (seat + 3) % 4
    assert view.hands[3] is None
    assert len({w.hand(unseen) for w in worlds}) > 1
    assert all(w.hand(seat) == state.hand(seat) for w in worlds)


def test_mcts_plays_party_from_its_view() -> None:
    rules = sushigo.make("sushi-go-party", players=3, menu="dinner-for-two")
    agents = [make_agent("mcts:iterations=20", 1), make_agent("random", 2),
              make_agent("random", 3)]  # fmt: skip
    state = play_game(rules, agents, seed=1)
    assert state.is_terminal()
    found = mid_game(rules, 2, "pick")
    assert found is not None
    s, seat = found
    stats = MCTSAgent(4, iterations=30).analyze(s.observe(seat), s.legal_actions(seat))
    assert stats and sum(x.visits for x in stats) == 30
    assert isinstance(any_world(s.observe(seat), random.Random(0)), PartyState)


# -- the quick playout policy ---------------------------------------------------------


@pytest.mark.parametrize("menu", MENUS)
def test_playout_policy_answers_every_decision_legally(menu: str) -> None:
    rules = sushigo.make("sushi-go-party", players=4, menu=menu)
    assert isinstance(rules, PartyRuleset)
    met: Counter[str] = Counter()
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            joint = {}
            for seat, legal in state.decisions():
                action = state.playout_action(seat, legal, rng.random)
                assert action in legal
                met[state.pending.kind if state.pending else "pick"] += 1
                joint[seat] = action
            state.apply(joint)  # checks each action again
    assert met["pick"]


def test_playout_policy_beats_uniform_random() -> None:
    """One seat on the quick policy against three uniform ones wins far more than a
    quarter of the games."""
    wins = 0.0
    for menu in ("master-menu", "party-sampler", "points-platter"):
        rules = sushigo.make("sushi-go-party", players=4, menu=menu)
        rng = random.Random(11)
        for _ in range(20):
            state = rules.new_game()
            while not state.is_terminal():
                if state.is_chance():
                    state.apply_chance(state.sample_chance(rng))
                    continue
                state.apply(
                    {
                        s: state.playout_action(s, legal, rng.random)
                        if s == 0
                        else legal[int(rng.random() * len(legal))]
                        for s, legal in state.decisions()
                    }
                )
            winners = state.winners()
            wins += 1 / len(winners) if 0 in winners else 0
    assert wins >= 0.5 * 60
