"""Random playouts of Sushi Go Party!, checked at every step.

Every suggested menu is played at every player count it allows, a few seeds each.
The test keeps its own account of the game (the deck of each round, the dessert
pile, which hand each player holds and has held, the menu draws, the decisions
taken) and checks the engine against it and against the rulebook at every step:

* cards are conserved, within a round and across rounds (desserts);
* no decision is offered that the rules forbid, and every one offered is accepted;
* every round's breakdown adds up to its score, and the game's totals and winners
  follow from the rounds and the desserts (scored here from the card guide);
* views hold only what their seat may know and agree with the public state;
* records re-play exactly, and a tampered mid-turn step is refused, saying where;
* action ids and the notation round-trip.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.core.errors import RecordError
from sushigo.core.records import dumps, loads, replay
from sushigo.games.party import MenuDraw, PartyDeal, PartyRuleset, PartyState, PartyView
from sushigo.games.party.actions import CHOICE_KINDS, Choice, PartyAction, PartyPick
from sushigo.games.party.cards import KINDS, PARTY_CARDS, SUGGESTED_MENUS, fruit_icons
from sushigo.games.party.scoring import parse_played
from sushigo.play import play_game, record_game

CONFIGS: list[tuple[str, int]] = [
    (key, players)
    for key, menu in SUGGESTED_MENUS.items()
    for players in range(menu.players()[0], menu.players()[1] + 1)
]
"""Every suggested menu at every player count it may be played with."""

SEEDS = (1, 2, 3, 4, 5)

# Set-up tables of the rulebook ("Starting a round").
HAND_SIZE = {2: 10, 3: 10, 4: 9, 5: 9, 6: 8, 7: 8, 8: 7}
DESSERTS_ADDED = {False: (5, 3, 2), True: (7, 5, 3)}
"""Desserts shuffled in before rounds 1-3, by 'six or more players'."""

SO = "special-order"
BONUS = ("chopsticks", "spoon")
USED_AT_ONCE = ("menu", "takeout-box")
"""Cards discarded once used, never kept in front of a player."""
VARIANT_KINDS = ("nigiri", "maki", "uramaki", "onigiri", "fruit")
"""Kinds whose cards differ (the spoon note: 'types of card that has variations')."""
FLIP_SAMPLE = 24
"""Flip choices tried per takeout box when there are more."""


def family(card: str) -> str:
    return PARTY_CARDS.by_id[card].family


def menu_id(key: str, players: int) -> str:
    return f"{key}-{players}p"


@dataclass
class Model:
    """The test's own account of one playthrough."""

    rs: PartyRuleset
    pile: Counter[str]
    """Dessert cards not shuffled in yet."""
    added: Counter[str] = field(default_factory=Counter)
    """Desserts shuffled in so far, every round."""
    round_deck: Counter[str] = field(default_factory=Counter)
    """Every card of this round's deck."""
    labels: list[int] = field(default_factory=list)
    """Which dealt hand each seat holds now."""
    held: list[set[int]] = field(default_factory=list)
    """The dealt hands each seat has held this round (the current one included)."""
    drawn: tuple[str, ...] = ()
    """The cards of the last menu draw."""
    turns: list[tuple[str, ...]] = field(default_factory=list)
    """The picks applied this round, in notation."""
    events: list[tuple[int, int, str]] = field(default_factory=list)
    """The mid-turn choices and draws applied this round, as the record keeps them."""
    """Actions whose id and notation were checked."""
    kinds_seen: Counter[str] = field(default_factory=Counter)
    """Decisions met: mid-turn ones by kind, 'call' for a pick calling a bonus card,
    'special-order' for a special order's pick naming a copy."""

    def deal(self, state: PartyState, outcome: PartyDeal) -> None:
        rs = self.rs
        r = state.round
        n = rs.players
        want = DESSERTS_ADDED[n >= 6][r]
        assert len(outcome.desserts_added) == want, f"round {r + 1} adds {want} desserts"
        assert not Counter(outcome.desserts_added) - self.pile, "desserts come from the pile"
        self.pile -= Counter(outcome.desserts_added)
        self.added += Counter(outcome.desserts_added)
        # The round's deck: every non-dessert card of the menu, less the special orders
        # kept as desserts, plus the desserts shuffled in, less the desserts kept.
        kept = Counter(p.card for d in state.desserts for p in d)
        deck = Counter(rs.deck)
        deck[SO] -= kept[SO]
        deck += self.added
        deck.subtract({c: k for c, k in kept.items() if c != SO})
        assert all(k >= 0 for k in deck.values())
        self.round_deck = +deck
        assert len(outcome.hands) == n
        assert all(len(h) == HAND_SIZE[n] for h in outcome.hands)
        dealt: Counter[str] = Counter()
        for h in outcome.hands:
            dealt.update(h)
        assert not dealt - self.round_deck, "the hands are dealt from the round's deck"
        self.labels = list(range(n))
        self.held = [set() for _ in range(n)]
        self.drawn = ()
        self.turns = []
        self.events = []


def dessert_cards(state: PartyState) -> Counter[str]:
    return Counter(c for c in state.rules.desserts for _ in range(state.rules.desserts[c]))


def circulating(state: PartyState) -> Counter[str]:
    """Every card of the round the state accounts for: deck, hands, tables, discards."""
    n = state.rules.players
    total: Counter[str] = Counter(state.deck())
    for s in range(n):
        total.update(state.hand(s))
        total.update(p.card for p in state.tableau(s))
    total.update(state.discards())
    if state.pending is not None and state.pending.kind == "copy":
        # A special order taken mid-turn (chopsticks, spoon, menu) is on its way to
        # the table while its player chooses what it copies: the decision names it.
        total[SO] += 1
    return total


def check_cards(state: PartyState, model: Model) -> None:
    rs = state.rules
    n = rs.players
    dessert = rs.menu.dessert
    kept = Counter(p.card for d in state.desserts for p in d)
    assert all(p.kind == dessert for d in state.desserts for p in d)
    if state.is_terminal() or (state.is_chance() and state.pending is None):
        # Between rounds: everything was collected; only kept desserts remain.
        assert all(not state.hand(s) and not state.tableau(s) for s in range(n))
        assert not state.discards()
        physical = Counter({c: k for c, k in kept.items() if c != SO})
        assert not physical - model.added, "only desserts shuffled in can be kept"
        assert model.pile + model.added == dessert_cards(state)
        return
    seen = circulating(state)
    assert seen == model.round_deck, (
        f"round {state.round + 1}, turn {state.turn + 1}: cards missing "
        f"{dict(model.round_deck - seen)}, extra {dict(seen - model.round_deck)}"
    )
    in_play = Counter({c: k for c, k in seen.items() if family(c) == dessert})
    physical = Counter({c: k for c, k in kept.items() if c != SO})
    assert in_play + physical + model.pile == dessert_cards(state), "15 dessert cards"
    assert sum(dessert_cards(state).values()) == 15
    sizes = {len(state.hand(s)) for s in range(n)}
    assert len(sizes) == 1, f"hand sizes differ: {sizes}"
    mid_turn = state.pending is not None
    assert sizes == {rs.hand_size - state.turn - (1 if mid_turn else 0)}


# ---------------------------------------------------------------------------
# Legal actions.


def copy_targets(tableau: Sequence[Any]) -> set[str]:
    """What a special order may copy (card guide): any card played this round and
    still in front of the player, as what it counts as, or 'flipped'."""
    out = {p.counts_as for p in tableau if not p.flipped and p.kind not in USED_AT_ONCE}
    if any(p.flipped for p in tableau):
        out.add("flipped")
    return out


def check_picks(state: PartyState, model: Model) -> None:
    n = state.rules.players
    hands = [state.hand(s) for s in range(n)]
    last = len(hands[0]) == 1
    if last:  # only a special order with a choice of copy decides on the last turn
        deciders = tuple(
            s for s in range(n) if hands[s] == (SO,) and len(copy_targets(state.tableau(s))) > 1
        )
    else:
        deciders = tuple(range(n))
    assert state.to_act() == deciders
    for s in range(n):
        if s not in deciders:
            assert state.legal_actions(s) == ()
    for s, legal in state.decisions():
        hand = hands[s]
        tab = state.tableau(s)
        assert all(p.kind not in USED_AT_ONCE for p in tab)
        targets = copy_targets(tab)
        base: set[tuple[str, str | None]] = set()
        for c in set(hand):
            if c == SO and targets:
                base |= {(c, t) for t in targets}
            else:
                base.add((c, None))
        calls: set[str | None] = {None}
        if len(hand) >= 2:  # with one card, nothing would be left to take
            calls |= {p.token for p in tab if p.kind in BONUS}
        expected = {(c, t, call) for c, t in base for call in calls}
        assert all(isinstance(a, PartyPick) for a in legal)
        got = [(a.card, a.copy, a.call) for a in legal if isinstance(a, PartyPick)]
        assert len(set(got)) == len(got), f"seat {s}: a pick is offered twice"
        assert set(got) == expected, (
            f"seat {s}: offered {sorted(map(str, legal))}, the rules allow "
            f"{sorted(expected, key=str)}"
        )
    # every action's id and notation read back: sushigo.testing.check_ruleset
    others = {s: legal[0] for s, legal in state.decisions()}
    for s, legal in state.decisions():
        for a in legal:
            trial = state.copy()
            trial.apply({**others, s: a})


def matching(hand: Sequence[str], name: str) -> set[str]:
    """The cards in a hand a spoon's request matches (a kind, or an exact card)."""
    if name in PARTY_CARDS.by_id:
        return {name} & set(hand)
    return {c for c in hand if family(c) == name}


def check_choice(state: PartyState, model: Model) -> None:
    rs = state.rules
    n = rs.players
    pending = state.pending
    assert pending is not None
    seat = pending.seat
    assert state.to_act() == (seat,), "the pending seat is the only one to act mid-turn"
    for s in range(n):
        if s != seat:
            assert state.legal_actions(s) == ()
    ((who, legal),) = state.decisions()
    assert who == seat
    assert len(legal) >= 2, "a decision with one option is made without asking"
    options = [a for a in legal if isinstance(a, Choice) and a.kind == pending.kind]
    assert len(options) == len(legal), f"a '{pending.kind}' decision offers other kinds"
    offered = {a.cards for a in options}
    assert len(offered) == len(options), "an option is offered twice"
    hand = state.hand(seat)
    tab = state.tableau(seat)
    earlier = state.observe(seat).earlier[0]
    kind = pending.kind
    model.kinds_seen[kind] += 1
    resolving = parse_played(pending.card) if kind != "copy" else None
    if kind in ("take", "ask"):
        assert resolving is not None and pending.owner == seat
        assert resolving.kind == ("chopsticks" if kind == "take" else "spoon")
        assert resolving in tab[:earlier], "a bonus card is called from an earlier turn"
    if kind == "take":
        assert offered == {(c,) for c in set(hand)}
    elif kind == "ask":
        menu = rs.menu.kinds
        asks = {a.cards[0] for a in options}
        for name in asks:
            assert (name if name not in PARTY_CARDS.by_id else family(name)) in menu, (
                f"a spoon asks for {name}, which is not on the menu"
            )
        assert set(menu) <= asks, "every kind on the menu may be asked for"
        for kind_ in VARIANT_KINDS:
            if kind_ in menu:
                assert {t.id for t in PARTY_CARDS.types if t.family == kind_} <= asks
    elif kind == "give":
        owner = pending.owner
        assert resolving is not None and resolving.kind == "spoon" and owner != seat
        k = (seat - owner) % n
        for j in range(1, k):  # the first player to the left holding it gives it
            assert not matching(state.hand((owner + j) % n), pending.detail)
        assert offered == {(c,) for c in matching(hand, pending.detail)}
    elif kind == "order":
        assert resolving is not None and resolving.kind == "menu"
        assert model.drawn and not Counter(model.drawn) - Counter(state.deck())
        allowed = {c for c in model.drawn if family(c) != "menu"}
        assert offered == {(c,) for c in allowed}
    elif kind == "copy":
        assert pending.card == SO
        assert offered == {(t,) for t in copy_targets(tab)}
    else:
        assert kind == "flip" and resolving is not None and resolving.kind == "takeout-box"
        flippable = Counter(p.token for p in tab[:earlier] if not p.flipped)
        size = 1
        for k in flippable.values():
            size *= k + 1
        assert len(offered) == size, "every choice of cards from earlier turns"
        for cards in offered:  # only cards from earlier turns, each at most as often as played
            assert not Counter(cards) - flippable, f"flip:{cards}: not cards of earlier turns"
    tried: Sequence[PartyAction] = legal
    if len(legal) > FLIP_SAMPLE:
        rng = random.Random(len(legal))
        picks = {0, len(legal) - 1, *(rng.randrange(len(legal)) for _ in range(FLIP_SAMPLE))}
        tried = [legal[i] for i in sorted(picks)]
    for a in tried:
        trial = state.copy()
        trial.apply({seat: a})


# ---------------------------------------------------------------------------
# Views.


def check_views(state: PartyState, model: Model) -> None:
    rs = state.rules
    n = rs.players
    pending = state.pending
    choosing = pending is not None and not state.is_chance()
    totals = state.returns()
    for v in range(n):
        view = state.observe(v)
        assert isinstance(view, PartyView)
        assert (view.seat, view.seats, view.round, view.turn) == (v, n, state.round, state.turn)
        assert view.hand == state.hand(v)
        assert view.hands[0] == state.hand(v)
        assert view.discards == state.discards()
        assert view.uramaki_claimed >= 0
        for rel in range(n):
            x = (v + rel) % n
            assert view.hand_sizes[rel] == len(state.hand(x))
            assert view.tableaux[rel] == state.tableau(x)
            assert 0 <= view.earlier[rel] <= len(view.tableaux[rel])
            if not choosing and not state.is_chance():  # at a pick, all are from earlier
                assert view.earlier[rel] == len(view.tableaux[rel])
            assert view.desserts[rel] == state.desserts[x]
            assert view.uramaki_scored[rel] == state.uramaki_scored[x]
            assert view.scores[rel] == totals[x]
            if rel == 0:
                continue
            known = view.hands[rel]
            if model.labels[x] not in model.held[v]:
                assert known is None, (
                    f"seat {v} sees seat {x}'s hand at round {state.round + 1}, "
                    f"turn {state.turn + 1}, but never held it"
                )
            else:
                assert known == state.hand(x), f"seat {v} held seat {x}'s hand and knows it"
        if state.turn == 0:
            assert all(h is None for h in view.hands[1:]), "turn 1: only one's own hand"
        if pending is None:
            assert view.pending is None
        else:
            assert view.pending is not None
            assert view.pending.seat == (pending.seat - v) % n
            assert view.pending.owner == (pending.owner - v) % n
            assert (view.pending.kind, view.pending.card, view.pending.detail) == (
                pending.kind,
                pending.card,
                pending.detail,
            )
        own_draw = choosing and pending is not None and pending.kind == "order"
        if own_draw and pending is not None and pending.seat == v:
            assert Counter(view.drawn) == Counter(model.drawn)
        else:
            assert view.drawn == (), f"seat {v} sees a menu draw that is not theirs"


# ---------------------------------------------------------------------------
# Game end.


def rulebook_desserts(kept: Sequence[Sequence[Any]], dessert: str) -> list[int]:
    """Dessert points from the card guide (a special order counts as its copy)."""
    n = len(kept)
    if dessert == "pudding":  # most +6, fewest -6 (not with 2); all equal: nothing
        counts = [sum(1 for p in d if p.counts_as == "pudding") for d in kept]
        if max(counts) == min(counts):
            return [0] * n
        return [6 if c == max(counts) else -6 if c == min(counts) and n > 2 else 0 for c in counts]
    if dessert == "green-tea-ice-cream":  # 12 per set of 4
        return [12 * (sum(1 for p in d if p.counts_as == dessert) // 4) for d in kept]
    table = {0: -2, 1: 0, 2: 1, 3: 3, 4: 6}  # fruit, per type: 5+ = 10
    out = []
    for d in kept:
        icons: Counter[str] = Counter()
        for p in d:
            icons.update(fruit_icons(p.counts_as))
        out.append(sum(table.get(icons[f], 10) for f in ("watermelon", "pineapple", "orange")))
    return out


def check_end(state: PartyState, model: Model, seed: int) -> None:
    rs = state.rules
    n = rs.players
    assert len(state.results) == 3
    rounds = [0] * n
    for res in state.results:
        assert len(res.turns) == rs.hand_size
        for s in range(n):
            assert sum(res.breakdown[s].values()) == res.scores[s]
            rounds[s] += res.scores[s]
    kept = state.desserts
    for s in range(n):  # desserts played (a copy included) are kept, nothing else
        played = Counter(
            p.token for res in state.results for p in res.tableaux[s] if p.kind == rs.menu.dessert
        )
        assert Counter(p.token for p in kept[s]) == played
    desserts = rulebook_desserts(kept, rs.menu.dessert)
    assert state.dessert_scores() == desserts
    totals = [rounds[s] + desserts[s] for s in range(n)]
    assert state.returns() == totals
    best = max(totals)
    tied = [s for s in range(n) if totals[s] == best]
    most = max(len(kept[s]) for s in tied)
    assert state.winners() == [s for s in tied if len(kept[s]) == most]
    assert state.winners()
    check_record(state, model, seed)


def check_record(state: PartyState, model: Model, seed: int) -> None:
    n = state.rules.players
    names = [f"P{s}" for s in range(n)]
    record = record_game(state, names, ["random"] * n, seed)
    where = "games.jsonl:3"
    # that a record re-plays is sushigo.testing.check_ruleset's (tests/test_conformance.py);
    # here, that a tampered mid-turn step is named
    check_tampering(record, state.rules, where, random.Random(seed))


def off_menu(rs: PartyRuleset) -> tuple[str, str]:
    """A card and a kind that are not on the menu: nobody can hold or draw them."""
    kind = next(k for k in ("eel", "tofu", "edamame", "tea", "pudding") if k not in rs.menu.kinds)
    card = next(t.id for t in PARTY_CARDS.types if t.family == kind)
    return card, kind


def check_tampering(
    record: dict[str, Any], rs: PartyRuleset, where: str, rng: random.Random
) -> None:
    """Change one mid-turn step of the record (a menu's draw, or a choice after the
    reveal): the replay must name that step."""
    kinds = tuple(f"{k}:" for k in CHOICE_KINDS)
    steps = [
        (r, e, step)
        for r, entry in enumerate(record["rounds"])
        for e, step in enumerate(entry["steps"])
        if isinstance(step.get("draw"), list) or step.get("action", "").startswith(kinds)
    ]
    if not steps:
        return
    card, kind = off_menu(rs)
    choices = [x for x in steps if "seat" in x[2]]
    draws = [x for x in steps if "draw" in x[2]]
    for group in (choices, draws):
        if not group:
            continue
        r, e, step = group[rng.randrange(len(group))]
        place = f"{where}, round {r + 1}, step {e + 1}:"
        bads: list[dict[str, Any]] = []
        if "draw" in step:
            bads.append({**step, "draw": [card] * len(step["draw"])})
        else:
            what = step["action"].partition(":")[0]
            other = "take" if what != "take" else "order"
            bads.append({**step, "action": f"{other}:{card}"})  # the wrong kind of decision
            value = {"ask": kind, "flip": card}.get(what, card)
            bads.append({**step, "action": f"{what}:{value}"})  # a card nobody has
            bads.append({**step, "seat": (step["seat"] + 1) % rs.players})  # the wrong seat
        for bad in bads:
            tampered = loads(dumps(record), where)
            tampered["rounds"][r]["steps"][e] = bad
            with pytest.raises(RecordError) as caught:
                replay(tampered, where)
            assert str(caught.value).startswith(place), (
                f"{bad}: the error should name {place!r}, it says {caught.value}"
            )
    r, e, step = steps[-1]
    tampered = loads(dumps(record), where)
    del tampered["rounds"][r]["steps"][e]
    with pytest.raises(RecordError, match=f"round {r + 1}"):
        replay(tampered, where)


# ---------------------------------------------------------------------------
# The playout.


def choose(legal: Sequence[PartyAction], rng: random.Random) -> PartyAction:
    return legal[int(rng.random() * len(legal))]


def choose_ask(state: PartyState, legal: Sequence[PartyAction], rng: random.Random) -> PartyAction:
    """A spoon's request: half the time one that another player can answer (most
    requests a random player makes find nobody, and the 'give' step is never met)."""
    pending = state.pending
    assert pending is not None
    held = {c for s in range(state.rules.players) if s != pending.seat for c in state.hand(s)}
    useful = [
        a
        for a in legal
        if isinstance(a, Choice) and a.cards[0] in KINDS and matching(tuple(held), a.cards[0])
    ]
    if useful and rng.random() < 0.5:
        return choose(useful, rng)
    return choose(legal, rng)


def playout(key: str, players: int, seed: int) -> Model:
    """Play one game with random decisions, checking at every step."""
    rs = sushigo.make("sushi-go-party", players=players, menu=key)
    assert isinstance(rs, PartyRuleset)
    assert rs.hand_size == HAND_SIZE[players]
    # The round's deck: nigiri 12, the roll 12, appetizers 8 each, specials 3 each.
    assert sum(rs.deck.values()) == 12 + 12 + 3 * 8 + 2 * 3
    assert {family(c) for c in rs.deck} == set(rs.menu.kinds[:-1])
    state = rs.new_game()
    model = Model(rs, dessert_cards(state))
    assert sum(model.pile.values()) == 15 and {family(c) for c in model.pile} == {rs.menu.dessert}
    rng = random.Random(seed)
    while True:
        check_cards(state, model)
        if state.is_terminal():
            break
        r, t = state.round, state.turn
        if state.is_chance():
            outcome = state.sample_chance(rng)
            if isinstance(outcome, PartyDeal):
                model.deal(state, outcome)
            else:
                assert isinstance(outcome, MenuDraw)
                assert len(outcome.cards) == min(4, sum(state.deck().values()))
                assert not Counter(outcome.cards) - Counter(state.deck())
                model.drawn = outcome.cards
                if outcome.cards:
                    model.events.append((t + 1, -1, ",".join(outcome.cards)))
            state.apply_chance(outcome)
        else:
            for s in range(players):
                model.held[s].add(model.labels[s])
            check_views(state, model)
            pending = state.pending
            if pending is None:
                check_picks(state, model)
                joint = {s: choose(legal, rng) for s, legal in state.decisions()}
                model.turns.append(tuple(str(a) for a in joint.values()))
                if len(joint) < players:  # the last turn: the others' cards are forced
                    model.turns.pop()
                for a in joint.values():
                    assert isinstance(a, PartyPick)
                    model.kinds_seen["call"] += a.call is not None
                    model.kinds_seen["special-order"] += a.copy is not None
            else:
                check_choice(state, model)
                ((seat, legal),) = state.decisions()
                if pending.kind == "ask":
                    action = choose_ask(state, legal, rng)
                else:
                    action = choose(legal, rng)
                joint = {seat: action}
                model.events.append((t + 1, seat, str(action)))
            state.apply(joint)
        if state.round > r or state.is_terminal():
            res = state.results[r]
            assert list(res.turns[: len(model.turns)]) == model.turns
            assert list(res.events) == model.events, "every mid-turn step is recorded"
        elif state.turn > t:
            assert state.turn == t + 1
            model.labels = [model.labels[(s - 1) % players] for s in range(players)]
    check_end(state, model, seed)
    return model


@pytest.mark.parametrize(("key", "players"), CONFIGS, ids=[menu_id(*c) for c in CONFIGS])
def test_random_playouts(key: str, players: int) -> None:
    models = [playout(key, players, seed * 1000 + players) for seed in SEEDS]
    # Enough of the specials is met to mean something.
    specials = SUGGESTED_MENUS[key].specials
    met = sum((m.kinds_seen for m in models), Counter())
    wants = {
        "chopsticks": ("call", "take"),
        "spoon": ("call", "ask"),
        "menu": ("order",),
        "takeout-box": ("flip",),
        "special-order": ("special-order",),
    }
    for special in specials:
        for kind in wants.get(special, ()):
            assert met[kind], f"{key}, {players} players: no '{kind}' decision in {SEEDS}"


def test_the_same_seed_gives_the_same_game() -> None:
    for key, players in (("master-menu", 4), ("dinner-for-two", 2), ("big-banquet", 8)):
        rs = sushigo.make("sushi-go-party", players=players, menu=key)
        records = []
        for _ in range(2):
            agents = [make_agent("random", 70 + i) for i in range(players)]
            state = play_game(rs, agents, 7)
            records.append(record_game(state, ["P"] * players, ["random"] * players, 7))
        assert records[0] == records[1]
        other = play_game(rs, [make_agent("random", 70 + i) for i in range(players)], 8)
        assert record_game(other, ["P"] * players, ["random"] * players, 8) != records[0]
