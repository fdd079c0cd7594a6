"""Worlds sampled from a view in the batch engine (``ClassicBatch.determinize``),
against the engine's ``determinize``: every world shows the viewer its view (field by
field against the engine's world holding the same cards, and the observation and mask
the rl layout builds from that world); the cards the viewer cannot see fall as the
engine deals them (per-card means over 20,000 worlds of each); playouts from the
worlds end with the scores the engine reaches re-playing the same world and picks;
the worlds read nothing but the view; bad views are refused.

One configuration runs in every suite (the dummy too where the check is quick); the
rest are marked ``matrix``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

import sushigo
import sushigo.fast as fast
from batch_checks import CLASSIC_CONFIGS
from sushigo.core.cards import unseen
from sushigo.core.errors import OptionsError
from sushigo.fast import classic as k
from sushigo.games.classic import CLASSIC_CARDS, FAMILIES, ClassicState, Deal, Draw
from sushigo.rl import codec_for

IDS = CLASSIC_CARDS.ids
INDEX = {c: i for i, c in enumerate(IDS)}
CONFIGS = [*CLASSIC_CONFIGS, (2, {"dummy": True, "soy_sauce": True, "reshuffle": True})]


def _params(quick: Sequence[str]) -> list[Any]:
    out = []
    for players, options in CONFIGS:
        name = f"{players}p" + "".join(f"-{key}" for key in options)
        marks = () if name in quick else pytest.mark.matrix
        out.append(pytest.param(players, options, id=name, marks=marks))
    return out


def _counts(cards: Sequence[str]) -> list[int]:
    out = [0] * k.N
    for c in cards:
        out[INDEX[c]] += 1
    return out


def _cards(counts: Sequence[int]) -> tuple[str, ...]:
    return tuple(c for c, m in zip(IDS, counts, strict=True) for _ in range(int(m)))


# -- positions of random engine games --


def _positions(players: int, options: dict[str, bool], seed: int) -> list[tuple[Any, int]]:
    """Positions of one random engine game, each with a viewer: in every round the
    first, a middle and the last decision; the deals between rounds; in the dummy
    variant, turns before the controller's draw too (and the dummy's seat as viewer)."""
    rs = sushigo.make("sushi-go", players=players, **options)
    rng = random.Random(seed)
    state = rs.new_game()
    hand = rs.hand_size
    last = hand - 1 if rs.dummy else hand - 2
    out: list[tuple[Any, int]] = []
    while not state.is_terminal():
        if state.is_chance():
            draw = state.chance_stream().startswith("draw")
            if not draw or state.turn in (0, hand // 2):
                out.append((state.copy(), rng.randrange(rs.seats)))
            state.apply_chance(state.sample_chance(rng))
            continue
        if state.turn in (0, 1, hand // 2, last):
            out.append((state.copy(), rng.randrange(players)))
        state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    return out


# -- the engine's world holding a batch row's cards --


class _Forced(random.Random):
    """Draws that make the engine's partial Fisher-Yates pick chosen cards."""

    def __init__(self, draws: list[float]) -> None:
        super().__init__(0)
        self.draws = draws

    def random(self) -> float:
        return self.draws.pop(0)


def _forced_draws(view: Any, target: list[str]) -> list[float]:
    """The draws with which ``determinize(view, rng)`` takes ``target`` in order from
    the unseen cards (its pool, built as determinize builds it): what it deals first
    (each seat's unseen cards, then the dummy's pile)."""
    seen = [h for h in view.hands if h is not None]
    left = unseen(view.ruleset.deck, [view.discards, *view.tableaux, *seen])
    left["pudding"] = left.get("pudding", 0) - sum(view.desserts)
    pool = [c for c, m in left.items() for _ in range(m)]
    draws = []
    for i, card in enumerate(target):
        j = pool.index(card, i)
        pool[i], pool[j] = pool[j], pool[i]
        draws.append((j - i + 0.5) / (len(pool) - i))
    return draws


def _engine_world(view: Any, row: np.ndarray, true: Any) -> Any:
    """The engine's world of the cards batch row ``row`` sampled from ``view``
    (``true``'s): ``determinize`` made to deal the row's unseen cards, then the draw
    the row's controller made; between rounds, ``true`` dealt the row's deal."""
    rs = view.ruleset
    players = rs.players
    r = view.round
    if not any(view.hand_sizes):  # between rounds: the viewer knows all but the deck
        world = true.copy()
        at = k.DEALT + r * k.S * k.N
        world.apply_chance(
            Deal(tuple(_cards(row[at + s * k.N : at + (s + 1) * k.N]) for s in range(rs.seats)))
        )
    else:
        n = view.seats
        draw = rs.dummy and sum(view.hand_sizes) % 2 == 0
        target: list[str] = []
        for s in range(players):
            known = view.hands[(s - view.seat) % n]
            rest = row[k.HANDS + s * k.N : k.HANDS + (s + 1) * k.N].copy()
            rest -= np.array(_counts(known or ()), np.int16)
            if draw and s == row[k.CTRL]:
                rest[row[k.DRAWN]] -= 1  # the row drew from the pile: not dealt
            elif rs.dummy and s == row[k.CTRL] and s != view.seat:
                target.append(IDS[row[k.DRAWN]])  # what the other drew: dealt first
                rest[row[k.DRAWN]] -= 1
            assert (rest >= 0).all()
            target.extend(_cards(rest))
        pile = row[k.HANDS + k.DUMMY * k.N : k.HANDS + (k.DUMMY + 1) * k.N].copy()
        if draw:
            pile[row[k.DRAWN]] += 1  # the row drew from the pile: the engine's next chance
        if rs.dummy:
            target.extend(_cards(pile))
        world = rs.determinize(view, _Forced(_forced_draws(view, target)))
        assert world.observe(view.seat) == view
    if rs.dummy and world.is_chance():
        world.apply_chance(Draw(IDS[row[k.DRAWN]]))
    return world


def _wasabi(tab: Sequence[str]) -> tuple[int, list[int]]:
    free = 0
    on = [0, 0, 0]
    for c in tab:
        if c == "wasabi":
            free += 1
        elif c in ("egg-nigiri", "salmon-nigiri", "squid-nigiri") and free:
            free -= 1
            on[IDS.index(c) - k.EGG] += 1
    return free, on


def _state_fields(world: Any) -> dict[str, Any]:
    """What a batch row holds of the engine position ``world`` (a decision)."""
    rs = world.rules
    seats = rs.seats
    hands = [_counts(world.hand(s)) for s in range(rs.players)]
    if rs.dummy:
        hands.append(_counts(world.pile()))
    ctrl = world.controller() if rs.dummy else None
    past = [
        [[b[f] for f in FAMILIES] for b in res.breakdown] for res in world.results[: world.round]
    ]
    return {
        "hands": hands,
        "tableaux": [_counts(world.tableau(s)) for s in range(seats)],
        "wasabi": [_wasabi(world.tableau(s)) for s in range(seats)],
        "deck": _counts([c for c, m in world.deck().items() for _ in range(m)]),
        "discards": _counts(world.discards()),
        "desserts": list(world.desserts),
        "scores": world.returns(),
        "round": world.round,
        "turn": world.turn,
        "pass_right": world.observe(0).pass_step == -1,
        "hand_n": min(len(world.hand(s)) for s in range(rs.players)),
        "controller": -1 if ctrl is None else ctrl,
        "drawn": -1 if ctrl is None else IDS.index(world.observe(ctrl).drawn),
        "past": past,
        "done": False,
    }


def _row_fields(row: np.ndarray, seats: int) -> dict[str, Any]:
    def block(at: int, s: int) -> list[int]:
        return [int(v) for v in row[at + s * k.N : at + (s + 1) * k.N]]

    r = int(row[k.ROUND])
    breaks = row[k.BREAK : k.DESSERT_PTS].reshape(k.ROUNDS, k.S, k.FAMILIES)
    past = breaks[:r, :seats].tolist()
    return {
        "hands": [block(k.HANDS, s) for s in range(seats)],
        "tableaux": [block(k.TAB, s) for s in range(seats)],
        "wasabi": [
            (int(row[k.FREE + s]), [int(v) for v in row[k.ON + s * 3 : k.ON + s * 3 + 3]])
            for s in range(seats)
        ],
        "deck": block(k.DECK, 0),
        "discards": block(k.DISC, 0),
        "desserts": [int(v) for v in row[k.DESS : k.DESS + seats]],
        "scores": [int(v) for v in row[k.SCORE : k.SCORE + seats]],
        "round": r,
        "turn": int(row[k.TURN]),
        "pass_right": bool(row[k.PASSR]),
        "hand_n": int(row[k.HAND_N]),
        "controller": int(row[k.CTRL]),
        "drawn": int(row[k.DRAWN]),
        "past": past,
        "done": bool(row[k.DONE]),
    }


def _check_worlds(g: Any, view: Any, true: Any, rows: int) -> list[Any]:
    """The first ``rows`` worlds of ``g`` sampled from ``view``: each row holds the
    engine's world of its cards field by field, and every player's observation and
    legal slots there are what the rl layout builds from that world. The worlds."""
    rs = view.ruleset
    codec = codec_for(rs)
    obs = g.observe()
    mask = g.legal_mask()
    worlds = []
    for i in range(rows):
        row = g._rows[i]
        world = _engine_world(view, row, true)
        assert _row_fields(row, rs.seats) == _state_fields(world), i
        for s in range(rs.players):
            want = np.asarray(codec.observe(world.observe(s)), np.float32)
            assert obs[i, s].tobytes() == want.tobytes(), (i, s, np.flatnonzero(obs[i, s] != want))
            assert np.flatnonzero(mask[i, s]).tolist() == codec.legal_slots(world, s), (i, s)
        worlds.append(world)
    return worlds


@pytest.mark.parametrize(("players", "options"), _params(["4p", "2p-dummy"]))
def test_every_world_shows_the_viewer_its_view(players: int, options: dict[str, bool]) -> None:
    """At positions of random engine games (every round, early and late turns, between
    rounds, before a dummy draw), every world of a batch holds the engine's world of its
    cards, whose view for the viewer is the view; the viewer's observation in the batch
    is the one the rl layout builds from the view itself."""
    codec = codec_for(sushigo.make("sushi-go", players=players, **options))
    g = fast.make("sushi-go", players=players, batch=48, seed=1, **options)
    checked = 0
    for game in range(3):
        for n, (state, seat) in enumerate(_positions(players, options, game)):
            view = state.observe(seat)
            g.determinize(view, seed=n)
            _check_worlds(g, view, state, 12)
            plain = not state.is_chance() and seat < players
            if plain:  # nothing dealt or drawn since the view: the viewer sees the view
                want = np.asarray(codec.observe(view), np.float32).tobytes()
                assert all(o.tobytes() == want for o in g.observe()[:, seat])
            checked += 1
    assert checked > 30


# -- the unseen cards fall as the engine deals them --

WORLDS = 20_000


def _unseen_means(view: Any, hands: np.ndarray) -> np.ndarray:
    """Mean counts (seats + 2 x N) of the unseen cards over worlds: each seat's hand
    less what the viewer knows of it, the dummy's pile, the deck."""
    n = view.seats
    known = np.zeros((n, k.N))
    for s in range(view.ruleset.players):
        known[s] = _counts(view.hands[(s - view.seat) % n] or ())
    means: np.ndarray = hands.mean(axis=0)
    means[:n] -= known
    return means


def _batch_unseen(g: Any, view: Any) -> np.ndarray:
    rows = g._rows
    n = view.seats
    parts = [rows[:, k.HANDS + s * k.N : k.HANDS + (s + 1) * k.N] for s in range(n)]
    parts.append(rows[:, k.DECK : k.DECK + k.N])
    return np.stack(parts, axis=1).astype(np.float64)


def _engine_unseen(view: Any, worlds: int, seed: int) -> np.ndarray:
    rs = view.ruleset
    out = np.zeros((worlds, view.seats + 1, k.N))
    for w in range(worlds):
        world = rs.determinize(view, random.Random(f"{seed}/{w}"))
        for s in range(rs.players):
            out[w, s] = _counts(world.hand(s))
        if rs.dummy:
            out[w, 2] = _counts(world.pile())
        out[w, -1] = _counts([c for c, m in world.deck().items() for _ in range(m)])
    return out


def _tolerance(view: Any, mine: np.ndarray, worlds: int) -> np.ndarray:
    """Five standard errors of the difference of two means of ``worlds`` worlds each,
    for every count: a group of ``h`` unseen cards out of ``P`` holds ``K`` copies of a
    card with hypergeometric variance h K/P (1 - K/P) (P - h)/(P - 1). Each mean is
    read off the batch's own (a good estimate at 20,000 worlds)."""
    size = np.round(mine.sum(axis=1, keepdims=True))  # the group's unseen cards
    pool = size.sum(axis=0, keepdims=True)
    share = mine.sum(axis=0, keepdims=True) / pool
    var = np.maximum(size * share * (1 - share) * (pool - size) / np.maximum(pool - 1, 1), 0)
    tol: np.ndarray = 5 * np.sqrt(2 * var / worlds) + 1e-9
    return tol


def _distribution_positions(players: int, options: dict[str, bool]) -> list[tuple[Any, int]]:
    """A few positions worth sampling: every round, a view before the turn's draw and
    one with the other player's drawn card unseen in the dummy variant."""
    picked = []
    for state, seat in _positions(players, options, 7):
        if state.is_chance() and not state.chance_stream().startswith("draw"):
            continue  # between rounds: the deal is the engine's own chance (see below)
        if seat >= players:
            continue
        key = (state.round, state.is_chance(), state.controller() == seat)
        if key not in [p[0] for p in picked] and state.turn >= 1:
            picked.append((key, (state, seat)))
    return [p[1] for p in picked][: 6 if options.get("dummy") else 3]


@pytest.mark.parametrize(("players", "options"), _params(["4p"]))
def test_unseen_cards_fall_as_the_engine_deals_them(players: int, options: dict[str, bool]) -> None:
    """At each position, the mean count of every card in every seat's unseen cards
    (and in the dummy's pile, and the deck) over 20,000 batch worlds is that of 20,000
    engine worlds, within five standard errors. A sampler one card off fails it
    (test_the_distribution_check_tells_one_card_off)."""
    g = fast.make("sushi-go", players=players, batch=WORLDS, seed=0, **options)
    for n, (state, seat) in enumerate(_distribution_positions(players, options)):
        view = state.observe(seat)
        g.determinize(view, seed=100 + n)
        mine = _unseen_means(view, _batch_unseen(g, view))
        if options.get("dummy") and state.is_chance():  # the batch drew from the pile
            mine[2] += np.bincount(g._rows[:, k.DRAWN], minlength=k.N) / WORLDS
            ctrl = state.controller()
            mine[ctrl] -= np.bincount(g._rows[:, k.DRAWN], minlength=k.N) / WORLDS
        theirs = _unseen_means(view, _engine_unseen(view, WORLDS, n))
        tol = _tolerance(view, mine, WORLDS)
        assert (np.abs(mine - theirs) <= tol).all(), (n, np.argwhere(np.abs(mine - theirs) > tol))


def test_the_distribution_check_tells_one_card_off() -> None:
    """The check above fails a sampler whose unseen cards are one card off: the engine's
    worlds of a view whose discards hold a squid nigiri for one of their tempura."""
    positions = [(s, v) for s, v in _positions(4, {}, 3) if s.round == 1 and s.turn == 1]
    state, seat = positions[0]
    view = state.observe(seat)
    i = view.discards.index("tempura")
    wrong = view._replace(discards=(*view.discards[:i], "squid-nigiri", *view.discards[i + 1 :]))
    g = fast.make("sushi-go", players=4, batch=WORLDS, seed=0)
    g.determinize(view, seed=5)
    mine = _unseen_means(view, _batch_unseen(g, view))
    tol = _tolerance(view, mine, WORLDS)
    right = _unseen_means(view, _engine_unseen(view, WORLDS, 1))
    off = _unseen_means(view, _engine_unseen(wrong, WORLDS, 1))
    assert (np.abs(mine - right) <= tol).all()
    assert (np.abs(mine - off) > tol).any()


@pytest.mark.parametrize(("players", "options"), _params(["4p"]))
def test_a_deal_between_rounds_is_the_engines(players: int, options: dict[str, bool]) -> None:
    """A view between rounds: the viewer knows everything but the deck, so every world
    is the position itself dealt; the deal's mean counts are the engine's deal's."""
    rs = sushigo.make("sushi-go", players=players, **options)
    state, seat = next(
        (s, v)
        for s, v in _positions(players, options, 4)
        if s.round == 2 and s.is_chance() and s.chance_stream().startswith("deal")
    )
    assert not any(state.observe(seat).hand_sizes)
    g = fast.make("sushi-go", players=players, batch=WORLDS, seed=0, **options)
    g.determinize(state.observe(seat), seed=9)
    at = k.DEALT + 2 * k.S * k.N
    mine = g._rows[:, at : at + rs.seats * k.N].reshape(WORLDS, rs.seats, k.N).mean(axis=0)
    theirs = np.zeros((rs.seats, k.N))
    rng = random.Random(9)
    for _ in range(WORLDS):
        deal = state.sample_chance(rng)
        for s, hand in enumerate(deal.hands):
            theirs[s] += _counts(hand)
    theirs /= WORLDS
    deck = np.array(_counts([c for c, m in state.deck().items() for _ in range(m)]))
    if options.get("reshuffle"):  # every card but the puddings kept goes back
        deck = np.array([rs.deck.get(c, 0) for c in IDS])
        deck[k.PUDDING] -= sum(state.desserts)
    share = deck / deck.sum()
    h = rs.hand_size
    var = h * share * (1 - share) * (deck.sum() - h) / (deck.sum() - 1)
    assert (np.abs(mine - theirs) <= 5 * np.sqrt(2 * var / WORLDS) + 1e-9).all()


# -- playouts end as the engine's --


def _replay(world: Any, row: np.ndarray) -> Any:
    """Play ``world`` on as batch row ``row`` went: its deals, draws and picks."""
    rs = world.rules
    while not world.is_terminal():
        r, t = world.round, world.turn
        if world.is_chance():
            if world.chance_stream().startswith("deal"):
                at = k.DEALT + r * k.S * k.N
                hands = tuple(
                    _cards(row[at + s * k.N : at + (s + 1) * k.N]) for s in range(rs.seats)
                )
                world.apply_chance(Deal(hands))
            else:
                world.apply_chance(Draw(IDS[row[k.DRAWS + r * k.MAX_HAND + t]]))
            continue
        at = k.PICKS + (r * k.MAX_HAND + t) * k.S
        world.apply({s: rs.action_from_id(int(row[at + s])) for s in world.to_act()})
    return world


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize(("players", "options"), _params(["4p", "2p-dummy"]))
def test_playouts_end_as_the_engine_replays_them(
    players: int, options: dict[str, bool], policy: str
) -> None:
    """From the worlds sampled at positions of random engine games, the batch's
    playouts end with the round breakdowns, puddings, pudding points and final scores
    (the dummy's too) the engine reaches playing the same world with the same deals,
    draws and picks."""
    g = fast.make("sushi-go", players=players, batch=16, seed=2, **options)
    rs = sushigo.make("sushi-go", players=players, **options)
    seats = rs.seats
    played = 0
    for n, (state, seat) in enumerate(_positions(players, options, 11)):
        view = state.observe(seat)
        g.determinize(view, seed=n)
        worlds = [_engine_world(view, g._rows[i], state) for i in range(g.batch)]
        final = g.playout(policy)
        assert g.done.all()
        for i, world in enumerate(worlds):
            row = g._rows[i]
            end: ClassicState = _replay(world, row)
            assert end.returns() == [int(v) for v in row[k.SCORE : k.SCORE + seats]], (n, i)
            assert final[i].tolist() == end.returns()[:players]
            assert list(end.desserts) == [int(v) for v in row[k.DESS : k.DESS + seats]]
            assert end.dessert_scores() == [
                int(v) for v in row[k.DESSERT_PTS : k.DESSERT_PTS + seats]
            ]
            for r, res in enumerate(end.results):
                at = k.BREAK + r * k.S * k.FAMILIES
                got = row[at : at + seats * k.FAMILIES].reshape(seats, k.FAMILIES).tolist()
                assert got == [[b[f] for f in FAMILIES] for b in res.breakdown], (n, i, r)
            played += 1
    assert played > 200


# -- nothing but the view --


@pytest.mark.parametrize(("players", "options"), _params(["4p", "2p-dummy"]))
def test_the_worlds_read_nothing_but_the_view(players: int, options: dict[str, bool]) -> None:
    """Two true positions that differ only in cards the viewer has not seen (the
    other a world the engine samples from the view) give byte-identical batches for
    the same seed, and the same playouts."""
    rs = sushigo.make("sushi-go", players=players, **options)
    a = fast.make("sushi-go", players=players, batch=64, seed=0, **options)
    b = fast.make("sushi-go", players=players, batch=64, seed=0, **options)
    differ = 0
    for n, (state, seat) in enumerate(_positions(players, options, 5)):
        view = state.observe(seat)
        if not any(view.hand_sizes):
            continue  # between rounds the viewer knows all but the deck
        other = rs.determinize(view, random.Random(n))
        hidden = [other.hand(s) != state.hand(s) for s in range(players)]
        differ += any(hidden) or other.deck() != state.deck() or other.pile() != state.pile()
        assert other.observe(seat) == view
        a.determinize(state.observe(seat), seed=n)
        b.determinize(other.observe(seat), seed=n)
        assert a._rows.tobytes() == b._rows.tobytes()
        assert a._rng.tobytes() == b._rng.tobytes() and a._prng.tobytes() == b._prng.tobytes()
        assert (a.playout("heuristic") == b.playout("heuristic")).all()
        assert a._rows.tobytes() == b._rows.tobytes()
    assert differ >= 3  # (with two players, only the first turn of a round hides a hand)


# -- seeds, and what is refused --


def test_worlds_are_reproducible_whatever_the_batch() -> None:
    """World ``w`` of a seed is the same whatever the batch size; without a seed the
    next worlds of the batch's seed are sampled, as reset deals the next games."""
    state, seat = _positions(4, {}, 2)[7]
    view = state.observe(seat)
    small = fast.make("sushi-go", players=4, batch=8, seed=0)
    large = fast.make("sushi-go", players=4, batch=32, seed=0)
    small.determinize(view, seed=3)
    large.determinize(view, seed=3)
    assert (small._rows == large._rows[:8]).all()
    small.determinize(view)
    assert (small._rows == large._rows[8:16]).all()
    assert not (small._rows == large._rows[:8]).all()
    a = small.playout("heuristic").copy()
    small.determinize(view, seed=3)
    small.determinize(view)
    assert (small.playout("heuristic") == a).all()
    assert (large.playout("heuristic")[8:16] == a).all()


def test_bad_views_are_refused_with_a_reason() -> None:
    g = fast.make("sushi-go", players=4, batch=4, seed=0)
    state, seat = _positions(4, {}, 1)[3]
    view = state.observe(seat)
    for players, options in [(3, {}), (4, {"pass_both_ways": True}), (4, {"soy_sauce": True})]:
        other, s = _positions(players, options, 1)[3]
        with pytest.raises(OptionsError, match="the view is of make.*this batch plays"):
            g.determinize(other.observe(s))
    for game in ("sushi-go-party", "sushi-roll"):
        rules = sushigo.make(game, players=4)
        st = rules.new_game()
        while st.is_chance():
            st.apply_chance(st.sample_chance(random.Random(0)))
        with pytest.raises(OptionsError, match="takes a Sushi Go! player's view"):
            g.determinize(st.observe(0))
    with pytest.raises(OptionsError, match="takes a Sushi Go! player's view"):
        g.determinize(state)
    end = state.copy()
    rng = random.Random(0)
    while not end.is_terminal():
        if end.is_chance():
            end.apply_chance(end.sample_chance(rng))
        else:
            end.apply({s: rng.choice(end.legal_actions(s)) for s in end.to_act()})
    with pytest.raises(OptionsError, match="finished game"):
        g.determinize(end.observe(0))
    for bad in (
        view._replace(hand_sizes=(1,) * 4),  # sizes that no turn has
        view._replace(discards=view.discards + ("tempura",) * 15),  # more than the deck holds
        view._replace(tableaux=(("caviar",), *view.tableaux[1:])),
    ):
        with pytest.raises(OptionsError, match="no position of"):
            g.determinize(bad)
    with pytest.raises(OptionsError, match="seed must be"):
        g.determinize(view, seed=-1)
    g.determinize(view, seed=1)
    with pytest.raises(OptionsError, match="sampled from a view.*no record"):
        g.export_record(0)
    with pytest.raises(OptionsError, match="sampled from a view"):
        g.card_stats()
    g.playout()
    with pytest.raises(OptionsError, match="sampled from a view"):
        g.export_record(0)
    g.reset()
    g.playout()
    assert g.export_record(0)["final_scores"] == g.returns[0].tolist()
