"""The Sushi Go! batch engine (sushigo.fast) against the engine, game for game:
batch games exported as records re-play in the engine; engine games (random and
greedy agents) re-play in the batch; observations and masks equal the rl layout's,
position by position; reproducible whatever the batch size. The quick heuristic
rollout policy makes the engine's playout choices, and beats random play.

One configuration runs in every suite; the rest are marked ``matrix`` (run once,
with the compiled engine)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

import sushigo
import sushigo.fast as fast
from batch_checks import CLASSIC_CONFIGS, check_batch_independence, engine_records, replay_params
from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.core.records import Decision, replay, walk
from sushigo.rl import codec_for

CONFIGS = CLASSIC_CONFIGS
GAMES = 2000


def _params() -> list[Any]:
    out = []
    for players, options in CONFIGS:
        name = f"{players}p" + "".join(f"-{k}" for k in options)
        quick = players == 4 and not options
        out.append(
            pytest.param(players, options, id=name, marks=() if quick else pytest.mark.matrix)
        )
    return out


PARAMS = _params()


@pytest.mark.parametrize(("players", "options"), PARAMS)
def test_batch_games_replay_in_the_engine(players: int, options: dict[str, bool]) -> None:
    """Every game's deals, picks, round scores, breakdowns, puddings, dessert points,
    final scores and winners, as the batch worked them out, are the engine's."""
    check_batch_games(players, options, "random", GAMES)


Turn = Callable[[Any, Sequence[Decision]], None]
"""Told each turn of a re-play, before it is played: the batch and each game's decision."""


def _replay_in_batch(
    records: list[Any], players: int, options: dict[str, bool], each: Turn | None = None
) -> Any:
    """Play recorded games in one batch: their deals and dummy draws forced, their
    picks as slots; check every pick legal in the batch's mask and the engine's legal
    slots equal the mask at every decision."""
    ruleset = sushigo.make("sushi-go", players=players, **options)
    codec = codec_for(ruleset)
    g = fast.make("sushi-go", players=players, batch=len(records), seed=0, **options)
    g.reset()
    walkers = [walk(r) for r in records]
    rounds = [[step for step in r["rounds"]] for r in records]
    hand = ruleset.hand_size
    # With the dummy every turn is a decision; else the last card is placed.
    turns = hand if ruleset.dummy else hand - 1
    for r in range(3):
        for i, rec in enumerate(rounds):
            g.force_deal(i, rec[r]["steps"][0]["deal"])
        draws = [[s["draw"] for s in rec[r]["steps"] if "draw" in s] for rec in rounds]
        for turn in range(turns):
            if ruleset.dummy:
                for i, cards in enumerate(draws):
                    g.force_draw(i, cards[turn])
            mask = g.legal_mask()
            slots = np.zeros((len(records), players), np.int64)
            decisions = [next(walker) for walker in walkers]
            if each is not None:
                each(g, decisions)
            for i, decision in enumerate(decisions):
                for seat, action in decision.actions.items():
                    legal = codec.legal_slots(decision.state, seat)
                    assert np.flatnonzero(mask[i, seat]).tolist() == legal, (i, decision.where)
                    slots[i, seat] = codec.slot_of(decision.state, seat, action)
            g.step(slots)
    assert g.done.all()
    for walker in walkers:
        with pytest.raises(StopIteration):
            next(walker)
    return g


def check_batch_games(players: int, options: dict[str, bool], policy: str, games: int,
                      first: int = 0) -> None:  # fmt: skip
    """Batch games ``first`` onwards of seed ``players``, played by ``policy``, re-play
    in the engine (benchmarks/fast_crosscheck.py runs it on more games)."""
    g = fast.make("sushi-go", players=players, batch=games, seed=players, **options)
    final = g.rollout(policy, first=first)
    assert g.done.all()
    for i in range(games):
        record = g.export_record(i)
        state = replay(record, f"game {first + i}")  # RecordError at the first disagreement
        assert state.is_terminal()
        assert state.returns()[:players] == final[i].tolist()  # the dummy's: in the record


def check_engine_games(players: int, options: dict[str, bool], spec: str, games: int,
                       first: int = 0) -> None:  # fmt: skip
    """Engine games ``first`` onwards re-play in the batch, which agrees on every
    mask, deal, pick, round score, breakdown and the end."""
    records = engine_records("sushi-go", players, options, spec, games, first)
    g = _replay_in_batch(records, players, options)
    for i, record in enumerate(records):
        mine = g.export_record(i)
        for key in ("puddings", "dessert_scores", "final_scores", "winners"):
            assert mine[key] == record[key], (i, key)
        for r, (a, b) in enumerate(zip(mine["rounds"], record["rounds"], strict=True)):
            assert a["scores"] == b["scores"] and a["breakdown"] == b["breakdown"], (i, r)
            assert a["steps"] == b["steps"], (i, r)


@pytest.mark.parametrize(("players", "options", "spec", "games"), replay_params(PARAMS, GAMES))
def test_engine_games_replay_in_the_batch(
    players: int, options: dict[str, bool], spec: str, games: int
) -> None:
    check_engine_games(players, options, spec, games)


@pytest.mark.parametrize(("players", "options"), PARAMS)
def test_observations_and_masks_are_the_rl_layouts(players: int, options: dict[str, bool]) -> None:
    """At every decision of 40 games, every seat's batch observation and mask are
    byte for byte what sushigo.rl builds from that seat's view in the engine."""
    batch = 40
    g = fast.make("sushi-go", players=players, batch=batch, seed=11, **options)
    g.reset()
    rng = np.random.default_rng(5)
    seen: list[tuple[np.ndarray, np.ndarray]] = []
    while not g.done.all():
        mask = g.legal_mask().copy()
        seen.append((g.observe().copy(), mask))
        slots = np.zeros((batch, players), np.int64)
        for i in range(batch):
            for s in range(players):
                legal = np.flatnonzero(mask[i, s])
                slots[i, s] = legal[rng.integers(len(legal))]
        g.step(slots)
    last = g.observe().copy()
    ruleset = sushigo.make("sushi-go", players=players, **options)
    codec = codec_for(ruleset)
    for i in range(batch):
        walker = walk(g.export_record(i))
        k = 0
        while True:
            try:
                decision = next(walker)
            except StopIteration as end:
                state = end.value
                break
            obs, mask = seen[k]
            for s in range(players):
                want = np.asarray(codec.observe(decision.state.observe(s)), np.float32)
                assert obs[i, s].tobytes() == want.tobytes(), (
                    i,
                    k,
                    s,
                    np.flatnonzero(obs[i, s] != want),
                )
                assert np.flatnonzero(mask[i, s]).tolist() == codec.legal_slots(decision.state, s)
            k += 1
        assert k == len(seen)
        for s in range(players):
            want = np.asarray(codec.observe(state.observe(s)), np.float32)
            assert last[i, s].tobytes() == want.tobytes()


@pytest.mark.parametrize(("players", "options"), PARAMS)
def test_a_game_is_the_same_whatever_the_batch(players: int, options: dict[str, bool]) -> None:
    check_batch_independence("sushi-go", players, options)


@pytest.mark.parametrize(("players", "options"), PARAMS)
def test_a_slot_drawn_after_a_mask_is_the_slot_drawn_without_it(
    players: int, options: dict[str, bool]
) -> None:
    """sample_slots draws from the slots the last legal_mask set while the games stand
    as they did then, and works them out again once anything changed them: the draws
    are the same either way. Batch ``a`` masks before every other draw (so every other
    draw follows a step that made its mask stale), and before a reset; batch ``b``
    never masks."""
    a = fast.make("sushi-go", players=players, batch=64, seed=11, **options)
    b = fast.make("sushi-go", players=players, batch=64, seed=11, **options)
    for game in range(2):
        if game:
            a.legal_mask()  # a mask of the finished games, then a reset
        a.reset()
        b.reset()
        turn = 0
        while not a.done.all():
            if turn % 2 == 0:
                mask = a.legal_mask()
            drawn = a.sample_slots()
            assert (drawn == b.sample_slots()).all()
            if turn % 2 == 0:  # and the slots drawn from the mask are legal in it
                assert mask[np.arange(64)[:, None], np.arange(players), drawn].all()
            a.step(drawn)
            b.step(drawn)
            turn += 1
        assert (a.returns == b.returns).all()
        assert turn >= 3 * 2


def test_no_seat_decides_knowing_what_the_others_took_this_turn() -> None:
    """With the heuristic in every seat, every seat wins as often (the seats are alike
    but for their place in the passing order). When the rollout applied each seat's
    pick before the next seat chose, later seats read the earlier seats' new
    tableaux (the maki race): the last seat won 26.1% and the first 23.7%."""
    g = fast.make("sushi-go", players=4, batch=40_000, seed=3)
    g.rollout("heuristic")
    won = g.winners()
    share = (won / won.sum(axis=1, keepdims=True)).mean(axis=0)
    assert np.abs(share - 0.25).max() < 0.008, share.tolist()  # about 4 standard errors


def test_bad_input_is_refused_with_a_reason() -> None:
    g = fast.make("sushi-go", players=2, batch=3, seed=0)
    with pytest.raises(IllegalActionError, match="reset the batch first"):
        g.legal_mask()
    g.reset()
    with pytest.raises(IllegalActionError, match="shape"):
        g.step(np.zeros((3, 3), np.int64))
    mask = g.legal_mask()
    slots = np.array([[np.flatnonzero(m)[0] for m in game] for game in mask])
    bad = slots.copy()
    bad[1, 0] = g.slots - 1  # the no-op is no pick
    before = g.observe().copy()
    with pytest.raises(IllegalActionError, match="game 1"):
        g.step(bad)
    assert (g.observe() == before).all()  # nothing was applied
    g.step(slots)
    for kwargs, words in [
        ({"batch": 0}, "batch must be"),
        ({"seed": -1}, "seed must be"),
        ({"dummy": True}, "dummy variant is for 2 players"),
        ({"players": 7}, "2 to 5 players"),
    ]:
        with pytest.raises(OptionsError, match=words):
            fast.make("sushi-go", **{"players": 4, **kwargs})
    with pytest.raises(OptionsError, match="unknown menu 'no-such-menu'"):
        fast.make("sushi-go-party", players=3, menu="no-such-menu")
    for policy in ("clever", ["heuristic"], ["heuristic", "clever"]):
        with pytest.raises(OptionsError, match="rollout policy must be one of random, heur"):
            g.rollout(policy)
    with pytest.raises(OptionsError, match="no card is drawn"):
        g.force_draw(0, "tempura")  # no dummy here
    with pytest.raises(IndexError):
        g.export_record(3)


def test_a_dummy_draw_is_followed_only_from_the_pile() -> None:
    g = fast.make("sushi-go", players=2, batch=2, seed=0, dummy=True)
    g.reset()
    with pytest.raises(OptionsError, match="pile holds no soy-sauce"):
        g.force_draw(1, "soy-sauce")  # not in the deck without the promo
    with pytest.raises(OptionsError, match="a deal is 3 hands"):
        g.force_deal(0, [[], []])


# -- the quick heuristic policy --


def _greedy_choice(state: Any, seat: int, legal: Sequence[Any]) -> Any:
    """``playout_action`` with its random part off: its first draw (1 in 10, any legal
    pick) says no, and the rest (the hundredths that break ties) are 0."""
    draws = iter([0.5])
    return state.playout_action(seat, legal, lambda: next(draws, 0.0))


@pytest.mark.parametrize(("players", "options"), PARAMS)
def test_the_heuristic_chooses_as_the_engine(players: int, options: dict[str, bool]) -> None:
    """At every decision of 300 random engine games, re-played in the batch, every
    seat's greedy heuristic slot is worth as much to the engine's playout heuristic
    as the pick ``playout_action`` makes with its random part off: listed first,
    each is chosen over the other (among equal values the two may differ)."""
    ruleset = sushigo.make("sushi-go", players=players, **options)
    codec = codec_for(ruleset)
    checked = 0

    def check(g: Any, decisions: Sequence[Decision]) -> None:
        nonlocal checked
        chosen = g.heuristic_slots(greedy=True)
        for i, decision in enumerate(decisions):
            state = decision.state
            for seat in decision.actions:
                theirs = _greedy_choice(state, seat, state.legal_actions(seat))
                mine = codec.action_of(state, seat, int(chosen[i, seat]))
                where = (i, decision.where, seat, str(mine), str(theirs))
                assert _greedy_choice(state, seat, [mine, theirs]) == mine, where
                assert _greedy_choice(state, seat, [theirs, mine]) == theirs, where
                checked += 1

    records = engine_records("sushi-go", players, options, "random", 300)
    _replay_in_batch(records, players, options, check)
    turns = ruleset.hand_size if ruleset.dummy else ruleset.hand_size - 1
    assert checked == 300 * 3 * turns * players


def test_the_heuristic_beats_random_play() -> None:
    """In 2,000 two-player games the heuristic wins about 87% outright against
    uniformly random play (measured: 86.8% at seat 0, 86.3% at seat 1; the engine's
    own playout heuristic wins 87.4% of 4,000 such games). One standard error is
    under 1%, so a rate below 80% means the port is broken, not unlucky."""
    games = 2000
    for policies, seat in ((["heuristic", "random"], 0), (["random", "heuristic"], 1)):
        g = fast.make("sushi-go", players=2, batch=games, seed=2024)
        g.rollout(policies)
        won = sum(g.export_record(i)["winners"] == [seat] for i in range(games))
        assert won / games > 0.8, (policies, won / games)


@pytest.mark.parametrize(("players", "options"), PARAMS)
def test_heuristic_games_replay_in_the_engine(players: int, options: dict[str, bool]) -> None:
    """Games of the heuristic (every seat), exported as records, re-play in the engine."""
    check_batch_games(players, options, "heuristic", 500)


@pytest.mark.parametrize(("players", "options"), [(4, {}), (2, {"dummy": True})])
def test_the_deals_do_not_depend_on_the_policies(players: int, options: dict[str, bool]) -> None:
    """The policies draw from the batch's policy generators, the deals and the dummy's
    draws from the games' own: a seed deals the same games whatever the seats play."""
    games = 50
    chance = []
    picks = []
    for policy in ("random", "heuristic"):
        g = fast.make("sushi-go", players=players, batch=games, seed=9, **options)
        g.rollout(policy)
        records = [g.export_record(i)["rounds"] for i in range(games)]
        chance.append([[s for r in rec for s in r["steps"] if "seat" not in s] for rec in records])
        picks.append([[s for r in rec for s in r["steps"] if "seat" in s] for rec in records])
    assert chance[0] == chance[1]
    assert picks[0] != picks[1]
