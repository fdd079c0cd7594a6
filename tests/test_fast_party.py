"""The Sushi Go Party! batch engine (sushigo.fast, PartyBatch) against the engine, game
for game: batch games exported as records re-play in the engine (every deal, pick,
mid-turn choice and menu draw, every round's scores and breakdown, the desserts kept,
the final scores and winners); engine games (random and greedy agents) re-play in the
batch, their deals and draws given, the engine's legal slots (sushigo.rl.party) equal
to the batch's mask for every seat at every decision, a takeout box's flips a token
at a time; every seat's observation and mask byte for byte sushigo.rl.party's at
every step of random batch games (each flip a step); reproducible whatever the batch
size; bad input refused, nothing applied.

Configurations: every suggested menu, at the smallest and largest table it allows, and
custom menus with what no suggested menu combines. Master Menu at 4 players runs in
every suite; the rest are marked ``matrix``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import sushigo
import sushigo.fast as fast
from batch_checks import check_batch_independence, engine_records, replay_params
from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.core.records import replay, walk
from sushigo.fast import party as k
from sushigo.fast import party_obs
from sushigo.fast.party_batch import _TEXT
from sushigo.games.party.actions import Choice
from sushigo.rl import codec_for
from sushigo.rl import party as layout

GAMES = 2000
NOOP = k.NOOP

CONFIGS: list[tuple[str, int]] = [
    ("master-menu", 4),
    ("my-first-meal", 2),
    ("my-first-meal", 8),
    ("sushi-go", 2),
    ("sushi-go", 8),
    ("party-sampler", 2),
    ("party-sampler", 6),
    ("master-menu", 3),
    ("master-menu", 8),
    ("points-platter", 3),
    ("points-platter", 6),
    ("cutthroat-combo", 3),
    ("cutthroat-combo", 6),
    ("big-banquet", 3),
    ("big-banquet", 8),
    ("dinner-for-two", 2),
    ("dinner-for-two", 6),
    ("uramaki,miso-soup,edamame,onigiri,takeout-box,menu,pudding", 5),
    ("temaki,eel,dumpling,sashimi,special-order,spoon,fruit", 4),
    ("maki,tempura,tofu,edamame,chopsticks,special-order,pudding", 6),
    ("uramaki,eel,onigiri,miso-soup,takeout-box,soy-sauce,fruit", 7),
]
"""(menu, players): every suggested menu at the smallest and largest table it allows
(its cards' player limits), and custom menus that pair the specials the suggested ones
never pair (takeout box with menu, special order with spoon or chopsticks)."""


def _params() -> list[Any]:
    return [
        pytest.param(
            menu,
            players,
            id=f"{menu.split(',')[0] if ',' in menu else menu}-{players}p",
            marks=() if (menu, players) == ("master-menu", 4) else pytest.mark.matrix,
        )
        for menu, players in CONFIGS
    ]


PARAMS = _params()


def test_the_layouts_are_the_rl_layouts() -> None:
    """The batch engine's slots are sushigo.rl.party's: each stands for the same action,
    and the flips, "done" and the no-op are where the layout has them."""
    assert k.SLOTS == layout.SLOTS
    assert (k.PICKS, k.TAKE, k.ASK, k.GIVE, k.ORDER, k.COPY, k.FLIP, k.DONE_SLOT, k.NOOP) == (
        layout._PICKS,
        layout._TAKE,
        layout._ASK,
        layout._GIVE,
        layout._ORDER,
        layout._COPY,
        layout._FLIP,
        layout._DONE,
        layout._NOOP,
    )
    for slot in range(k.SLOTS):
        action = layout._SLOT_ACTION[slot]
        assert _TEXT[slot] == ("" if action is None else action.text), slot
    tokens = [layout._FLIP_TOKENS[j] for j in range(k.NFLIP)]
    assert [k._TOKENS[t] for t in k.FLIP_TOKEN] == tokens


def test_the_observation_layout_is_the_rl_layout() -> None:
    """The batch engine's observation offsets (sushigo.fast.party_obs, worked out from
    the engine's tables) are sushigo.rl.party's, and so are the numbers each card in
    front of a player adds to its seat's block; the pending decision's kinds are in
    the layout's order."""
    o = party_obs
    assert o.OBS == layout.SIZE == 1304
    assert (o.G_PLAYERS, o.G_ROUND, o.G_TURN, o.G_HAND, o.G_MENU, o.G_URAMAKI) == (
        layout._G_PLAYERS,
        layout._G_ROUND,
        layout._G_TURN,
        layout._G_HAND,
        layout._G_MENU,
        layout._G_URAMAKI,
    )
    assert (o.G_DESSERTS, o.GAME, o.SEATS_AT, o.BLOCK) == (
        layout._G_DESSERTS,
        layout._GAME,
        layout._SEATS_AT,
        layout._SEAT,
    )
    block = (o.B_PRESENT, o.B_HAND_SIZE, o.B_KNOWN, o.B_HAND, o.B_TABLE, o.B_ON_WASABI)
    assert block == (
        layout._S_PRESENT,
        layout._S_HAND_SIZE,
        layout._S_KNOWN,
        layout._S_HAND,
        layout._S_TABLE,
        layout._S_ON_WASABI,
    )
    block = (o.B_FREE_WASABI, o.B_FLIPPED, o.B_SPECIAL, o.B_THIS_TURN, o.B_MAKI, o.B_URAMAKI)
    assert block == (
        layout._S_FREE_WASABI,
        layout._S_FLIPPED,
        layout._S_SPECIAL,
        layout._S_THIS_TURN,
        layout._S_MAKI,
        layout._S_URAMAKI,
    )
    assert (o.B_DESSERTS, o.B_FRUIT, o.B_SCORE, o.B_URAMAKI_SCORED) == (
        layout._S_DESSERTS,
        layout._S_FRUIT,
        layout._S_SCORE,
        layout._S_URAMAKI_SCORED,
    )
    pending = (o.O_PENDING, o.O_P_SEAT, o.O_P_KIND, o.O_P_CARD, o.O_P_COPY, o.O_P_OWNER)
    assert pending == (
        layout._PENDING,
        layout._P_SEAT,
        layout._P_KIND,
        layout._P_CARD,
        layout._P_COPY,
        layout._P_OWNER,
    )
    assert (o.O_P_ASKED, o.O_DRAWN, o.O_UNSEEN, o.O_PARTIAL) == (
        layout._P_ASKED,
        layout._DRAWN,
        layout._UNSEEN,
        layout._PARTIAL,
    )
    kinds = (k.P_TAKE, k.P_ASK, k.P_GIVE, k.P_ORDER, k.P_COPY, k.P_FLIP)
    assert [o.O_P_KIND + kind - 1 for kind in kinds] == list(layout._KIND_AT.values())
    for name, at in layout._ASK_AT.items():
        assert o.O_P_ASKED + o.ASK_AT[k._ASKS.index(name)] == at, name

    def adds(off: np.ndarray, val: np.ndarray, count: np.ndarray, t: int) -> list[Any]:
        return list(zip(off[t, : count[t]].tolist(), val[t, : count[t]].tolist(), strict=True))

    for t, token in enumerate(k._TOKENS):
        card, feats = layout._TABLE_FEATS[token]
        assert k.TOK_CARD[t] == card
        assert adds(o.TAB_OFF, o.TAB_VAL, o.TAB_N, t) == list(feats), token
        card, feats = layout._DESSERT_FEATS.get(token, (card, ()))
        assert adds(o.DES_OFF, o.DES_VAL, o.DES_N, t) == list(feats), token


@pytest.mark.parametrize(("menu", "players"), PARAMS)
def test_batch_games_replay_in_the_engine(menu: str, players: int) -> None:
    """Every game's steps, round scores and breakdowns, desserts, end points and
    winners, as the batch worked them out, are the engine's (replay raises
    RecordError at the first disagreement)."""
    check_batch_games(menu, players, GAMES)


def check_batch_games(menu: str, players: int, games: int, first: int = 0) -> dict[str, int]:
    """Batch games ``first`` onwards of seed ``players``, played at random, re-play in
    the engine (benchmarks/fast_crosscheck.py runs it on more games); how often each
    kind of mid-turn decision came up."""
    g = fast.make("sushi-go-party", players=players, batch=games, seed=players, menu=menu)
    final = g.rollout(first=first)
    assert g.done.all()
    won = g.winners()
    kinds: dict[str, int] = {}
    for i in range(games):
        record = g.export_record(i)
        state = replay(record, f"game {first + i}")
        assert state.is_terminal()
        assert state.returns() == final[i].tolist()
        assert state.winners() == np.flatnonzero(won[i]).tolist()
        assert [len(d) for d in state.desserts] == g.puddings[i].tolist()
        for r in record["rounds"]:
            for step in r["steps"]:
                action = step.get("action", "")
                if ":" in action.split(" ")[0]:
                    kind = action.split(":")[0]
                    kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def _replay_in_batch(records: list[Any], players: int, menu: str) -> Any:
    """Play recorded games in one batch, their deals and draws given and their decisions
    as slots; at every decision every seat's mask is the engine's legal slots
    (PartyCodec): the seats deciding have theirs, every other seat the no-op only. A
    takeout box's flips are made a token at a time, the mask checked at each."""
    ruleset = sushigo.make("sushi-go-party", players=players, menu=menu)
    n = len(records)
    g = fast.make("sushi-go-party", players=players, batch=n, seed=0, menu=menu)
    g.reset()
    walkers = [walk(r) for r in records]
    codecs = [codec_for(ruleset) for _ in records]
    for i, record in enumerate(records):
        g.force_chance(i, [step for r in record["rounds"] for step in r["steps"]])
    # each game's next batch steps: (state, {seat: slot}) to check and play
    plans: list[list[tuple[Any, dict[int, int]]]] = [[] for _ in records]
    while not g.done.all():
        mask = g.legal_mask()
        slots = np.full((n, players), NOOP, np.int64)
        for i in np.flatnonzero(~g.done):
            codec = codecs[i]
            if not plans[i]:
                decision = next(walkers[i])
                state = decision.state
                for seat, action in decision.actions.items():
                    if isinstance(action, Choice) and action.kind == "flip":
                        flips = [layout._FLIP + layout._FLIP_IDX[t] for t in action.cards]
                        plans[i] = [(state, {seat: s}) for s in (*flips, layout._DONE)]
                    else:
                        plans[i] = [
                            (
                                state,
                                {
                                    s: codec.slot_of(state, s, a)
                                    for s, a in decision.actions.items()
                                },
                            )
                        ]
                    break
            state, chosen = plans[i].pop(0)
            for seat in range(players):
                legal = codec.legal_slots(state, seat)
                assert np.flatnonzero(mask[i, seat]).tolist() == legal, (i, seat, legal)
            for seat, slot in chosen.items():
                slots[i, seat] = slot
                codec.play(state, seat, slot)
        g.step(slots)
    assert not g.fed_wrongly.any()
    for i, walker in enumerate(walkers):
        assert not plans[i]
        with pytest.raises(StopIteration):
            next(walker)
    return g


@pytest.mark.parametrize(("menu", "players", "spec", "games"), replay_params(PARAMS, GAMES))
def test_engine_games_replay_in_the_batch(menu: str, players: int, spec: str, games: int) -> None:
    check_engine_games(menu, players, spec, games)


def check_engine_games(menu: str, players: int, spec: str, games: int, first: int = 0) -> None:
    """Engine games ``first`` onwards re-play in the batch, their deals and draws
    given, which agrees on every mask and on the records' every field."""
    records = engine_records("sushi-go-party", players, {"menu": menu}, spec, games, first)
    g = _replay_in_batch(records, players, menu)
    won = g.winners()
    for i, record in enumerate(records):
        mine = g.export_record(i)
        for key in ("desserts", "dessert_scores", "final_scores", "winners"):
            assert mine[key] == record[key], (i, key)
        assert np.flatnonzero(won[i]).tolist() == record["winners"]
        assert len(mine["rounds"]) == len(record["rounds"]) == 3
        for r, (a, b) in enumerate(zip(mine["rounds"], record["rounds"], strict=True)):
            for key in ("steps", "scores", "breakdown"):
                assert a[key] == b[key], (i, r, key)


def test_random_games_make_every_kind_of_decision() -> None:
    """Random play reaches every mid-turn decision the menus hold, so the checks above
    cover them: chopsticks and spoons (take, ask, give), menus (order), special orders
    played mid-turn (copy) and takeout boxes (flip)."""
    seen: dict[str, int] = {}
    for menu, players in (
        ("master-menu", 4),
        ("big-banquet", 4),
        ("dinner-for-two", 4),
        ("temaki,eel,dumpling,sashimi,special-order,spoon,fruit", 4),
    ):
        for kind, count in check_batch_games(menu, players, 200).items():
            seen[kind] = seen.get(kind, 0) + count
    assert set(seen) == {"take", "ask", "give", "order", "copy", "flip"}
    assert min(seen.values()) >= 20, seen


def test_the_observation_kernel_is_compiled_against_the_engine_as_it_is() -> None:
    """numba's cache of sushigo.fast.party_obs's kernel holds the row's offsets and the
    token tables as they were when it compiled, and does not notice when
    sushigo.fast.party (or the engine's tables) change: the digest written in
    party_obs must be the digest of the values as they are, so that a change there
    comes with a change to party_obs, which renews its cache."""
    digest = party_obs.layout_digest()
    assert party_obs.LAYOUT_DIGEST == digest, (
        "what sushigo.fast.party_obs takes from sushigo.fast.party changed: set its "
        f"LAYOUT_DIGEST to {digest!r} (numba then compiles the kernel again)"
    )


@pytest.mark.parametrize(("menu", "players"), PARAMS)
def test_observations_and_masks_are_the_rl_layouts(menu: str, players: int) -> None:
    """At every step of 40 random batch games (each flip of a takeout box a step of its
    own), and once they are over, every seat's observation and mask are byte for byte
    what sushigo.rl.party builds from that seat's view in the engine, the codec told
    each flip as it is chosen."""
    kinds = check_observations(menu, players, 40)
    if (menu, players) == ("master-menu", 4):  # a spoon and a takeout box
        assert kinds.keys() >= {"ask", "give", "flip"}, kinds


def check_observations(menu: str, players: int, games: int, seed: int = 11) -> dict[str, int]:
    """Random batch games of seed ``seed``, observed at every step, against their
    re-play in the engine (every seat's view through PartyCodec); how many steps of
    each kind of mid-turn decision were checked."""
    g = fast.make("sushi-go-party", players=players, batch=games, seed=seed, menu=menu)
    g.reset()
    seen: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    while True:
        obs = party_obs.observe(g).copy()
        mask = g.legal_mask().copy()
        if g.done.all():
            seen.append((obs, mask, np.full((games, players), NOOP)))
            break
        slots = g.sample_slots()
        seen.append((obs, mask, slots))
        g.step(slots)
    ruleset = sushigo.make("sushi-go-party", players=players, menu=menu)
    kinds: dict[str, int] = {}
    for i in range(games):
        codec = codec_for(ruleset)
        walker = walk(g.export_record(i))
        decision: Any = next(walker)
        state = decision.state
        t = 0
        while True:
            obs, mask, slots = seen[t]
            for s in range(players):
                want = np.asarray(codec.observe(state.observe(s)), np.float32)
                assert obs[i, s].tobytes() == want.tobytes(), (
                    i,
                    t,
                    s,
                    np.flatnonzero(obs[i, s] != want).tolist(),
                )
                assert np.flatnonzero(mask[i, s]).tolist() == codec.legal_slots(state, s)
            if state.is_terminal():
                break
            t += 1
            if state.pending is not None:
                kind = state.pending.kind
                kinds[kind] = kinds.get(kind, 0) + 1
            (seat, action), *_ = decision.actions.items()
            if isinstance(action, Choice) and action.kind == "flip":
                slot = int(slots[i, seat])
                codec.play(state, seat, slot)  # the codec keeps the flips chosen so far
                if slot != layout._DONE:
                    continue  # the same decision, one more flip chosen
            else:
                for s, a in decision.actions.items():
                    assert codec.slot_of(state, s, a) == slots[i, s], (i, t, s)
            try:
                decision = next(walker)
                state = decision.state
            except StopIteration as end:
                state = end.value
    return kinds


@pytest.mark.parametrize(("menu", "players"), PARAMS)
def test_a_game_is_the_same_whatever_the_batch(menu: str, players: int) -> None:
    check_batch_independence("sushi-go-party", players, {"menu": menu})


def test_a_rollout_is_stepping_with_sample_slots() -> None:
    """rollout() plays the games that step(sample_slots()) plays: the same deals and
    draws from the games' generators, the same choices from the policy generators; so
    does stepping part of the way, then playout(), and observing every step. A mid-turn
    decision is one seat's, and every seat's observation shows it."""
    games = 60
    a = fast.make("sushi-go-party", players=4, batch=games, seed=3, menu="master-menu")
    b = fast.make("sushi-go-party", players=4, batch=games, seed=3, menu="master-menu")
    final = a.rollout()
    b.reset()
    mid_turn = 0
    while not b.done.all():
        obs = party_obs.observe(b)  # observing changes nothing
        seat = b.to_act
        assert (obs[:, :, party_obs.O_PENDING] == (seat >= 0)[:, None]).all()
        assert (obs[:, :, party_obs.G_ROUND + 3] == b.done[:, None]).all()
        slots = b.sample_slots()
        for i in np.flatnonzero(seat >= 0):
            mid_turn += 1
            others = [s for s in range(4) if s != seat[i]]
            assert (slots[i, others] == NOOP).all()
        b.step(slots)
    assert mid_turn > games
    assert (b.returns == final).all()
    assert [a.export_record(i) for i in range(games)] == [b.export_record(i) for i in range(games)]
    b.reset(seed=3)
    for _ in range(40):
        b.step(b.sample_slots())
    assert (b.playout() == final).all() and b.export_record(7) == a.export_record(7)


def test_bad_input_is_refused_with_a_reason() -> None:
    g = fast.make("sushi-go-party", players=3, batch=4, seed=1, menu="master-menu")
    with pytest.raises(IllegalActionError, match="reset"):
        g.step(np.zeros((4, 3), np.int64))
    g.reset()
    before = g._rows.copy()
    slots = g.sample_slots()
    slots[2, 1] = k.NOOP  # a seat that must pick passes
    with pytest.raises(IllegalActionError, match="game 2"):
        g.step(slots)
    with pytest.raises(IllegalActionError, match="shape"):
        g.step(np.zeros((4, 2), np.int64))
    assert (g._rows == before).all()
    with pytest.raises(OptionsError, match="start with a deal"):
        g.force_chance(0, [{"draw": ["tofu"]}])
    with pytest.raises(OptionsError, match="hands"):
        g.force_chance(0, [{"deal": [["tofu"]], "desserts_added": []}])
    with pytest.raises(OptionsError, match="deal or a menu's draw"):
        g.force_chance(0, [{"deal": [["nonsense"] * 10] * 3, "desserts_added": []}])
    with pytest.raises(OptionsError, match="rollout policy"):
        g.rollout("greedy")
    with pytest.raises(OptionsError, match="Master Menu|spoon|players"):
        fast.make("sushi-go-party", players=2, menu="master-menu")  # spoon needs 3
