"""The Sushi Go Party! engine's basic turn: deals, desserts, miso soup, uramaki
during the round, wasabi, records and invariants. The specials' decisions are
tested in test_party_specials.py."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sushigo
from sushigo.agents import make_agent
from sushigo.core.errors import IllegalActionError, OptionsError, RecordError
from sushigo.core.records import dumps, loads, replay
from sushigo.games.party import PartyDeal, PartyRuleset, PartyState
from sushigo.games.party.actions import pick_of
from sushigo.games.party.cards import HAND_SIZES, desserts_per_round
from sushigo.games.party.scoring import Played
from sushigo.play import play_game, record_game
from sushigo.present.records import show

PLAYABLE = {
    "my-first-meal": (2, 8),
    "custom-uramaki": (3, 8),
    "custom-temaki": (3, 8),
    "custom-fruit": (2, 8),
}
MENUS = {
    "my-first-meal": "my-first-meal",
    "custom-uramaki": "uramaki, onigiri, eel, edamame, tea, soy-sauce, fruit",
    "custom-temaki": "temaki, tofu, miso-soup, edamame, wasabi, soy-sauce, pudding",
    "custom-fruit": "maki, dumpling, sashimi, tempura, wasabi, tea, fruit",
}


def rules(players: int, menu: str = "my-first-meal") -> PartyRuleset:
    rs = sushigo.make("sushi-go-party", players=players, menu=MENUS.get(menu, menu))
    assert isinstance(rs, PartyRuleset)
    return rs


def test_illegal_menus_and_player_counts_are_refused_with_a_reason() -> None:
    with pytest.raises(OptionsError, match="edamame may only be used with 3 to 8 players"):
        sushigo.make("sushi-go-party", players=2, menu=MENUS["custom-uramaki"])
    with pytest.raises(OptionsError, match="menu may only be used with 2 to 6 players"):
        sushigo.make("sushi-go-party", players=7, menu="party-sampler")
    with pytest.raises(OptionsError, match="2 to 8 players"):
        sushigo.make("sushi-go-party", players=9)


def first_deal(rs: PartyRuleset, hands: list[list[str]], added: tuple[str, ...]) -> PartyState:
    state = rs.new_game()
    state.apply_chance(PartyDeal(added, tuple(tuple(h) for h in hands)))
    return state


def test_miso_soups_played_the_same_turn_are_discarded() -> None:
    rs = rules(3)
    hands = [
        ["miso-soup", "egg-nigiri"] + ["tempura"] * 8,
        ["miso-soup", "salmon-nigiri"] + ["sashimi"] * 8,
        ["miso-soup"] + ["maki-1"] * 4 + ["maki-2"] * 5,
    ]
    state = first_deal(rs, hands, ("green-tea-ice-cream",) * 5)
    state.apply({0: pick_of("miso-soup"), 1: pick_of("miso-soup"), 2: pick_of("maki-1")})
    assert state.tableau(0) == () and state.tableau(1) == ()
    # Seat 1 now holds seat 0's old hand, seat 2 seat 1's, seat 0 seat 2's: the last
    # miso soup, played alone on its turn, stays.
    state.apply({0: pick_of("miso-soup"), 1: pick_of("tempura"), 2: pick_of("sashimi")})
    assert [p.card for p in state.tableau(0)] == ["miso-soup"]


def test_uramaki_score_during_the_round_and_the_next_place_at_round_end() -> None:
    rs = rules(3, "custom-uramaki")
    hands = [
        ["uramaki-5", "uramaki-5"] + ["eel"] * 8,
        ["uramaki-5", "uramaki-5"] + ["edamame"] * 8,
        ["uramaki-4"] * 4
        + ["onigiri-circle"] * 2
        + ["onigiri-triangle"] * 2
        + ["onigiri-square"] * 2,
    ]
    added = ("fruit-watermelon-pineapple",) * 3 + ("fruit-pineapple-orange",) * 2
    state = first_deal(rs, hands, added)
    state.apply({0: pick_of("uramaki-5"), 1: pick_of("uramaki-5"), 2: pick_of("uramaki-4")})
    state.apply({0: pick_of("uramaki-4"), 1: pick_of("uramaki-5"), 2: pick_of("uramaki-5")})
    # Seat 1 reached 10 icons: 8 points at once, and its uramaki are discarded.
    assert [p.card for p in state.tableau(1)] == []
    assert [p.card for p in state.tableau(0)] == ["uramaki-5", "uramaki-4"]
    state.apply({0: pick_of("edamame"), 1: pick_of("uramaki-4"), 2: pick_of("eel")})
    state.apply({0: pick_of("eel"), 1: pick_of("edamame"), 2: pick_of("uramaki-4")})
    # Seat 2 reached 13: second place, 5 points.
    assert all(p.kind != "uramaki" for p in state.tableau(2))
    while state.round == 0:
        state.apply({s: state.legal_actions(s)[-1] for s in state.to_act()})
    icons_left = [
        sum(int(p.card[-1]) for p in res if p.kind == "uramaki")
        for res in state.results[0].tableaux
    ]
    uramaki = [b["uramaki"] for b in state.results[0].breakdown]
    assert uramaki[1] >= 8 and uramaki[2] >= 5
    # At round end the most icons left take the third place, 2 points.
    best = max(icons_left)
    for s in range(3):
        extra = uramaki[s] - {0: 0, 1: 8, 2: 5}[s]
        assert extra == (2 if icons_left[s] == best and best > 0 else 0)


def test_nigiri_goes_on_a_free_wasabi() -> None:
    rs = rules(2)
    state = first_deal(
        rs,
        [["wasabi", "squid-nigiri"] + ["tempura"] * 8, ["wasabi", "egg-nigiri"] + ["sashimi"] * 8],
        ("green-tea-ice-cream",) * 5,
    )
    state.apply({0: pick_of("wasabi"), 1: pick_of("sashimi")})
    # The hands switch: seat 0 takes the egg from seat 1's old hand, seat 1 the squid.
    state.apply({0: pick_of("egg-nigiri"), 1: pick_of("squid-nigiri")})
    assert list(state.tableau(0)) == [
        Played("wasabi", covered=True),
        Played("egg-nigiri", on_wasabi=True),
    ]
    assert list(state.tableau(1)) == [Played("sashimi"), Played("squid-nigiri")]


def test_an_illegal_pick_is_refused() -> None:
    rs = rules(2)
    state = first_deal(
        rs,
        [["tempura"] * 8 + ["egg-nigiri"] * 2, ["sashimi"] * 8 + ["salmon-nigiri"] * 2],
        ("green-tea-ice-cream",) * 5,
    )
    with pytest.raises(IllegalActionError, match="seat 0 cannot take sashimi"):
        state.apply({0: pick_of("sashimi"), 1: pick_of("sashimi")})
    with pytest.raises(IllegalActionError, match="only a special order copies"):
        state.apply({0: pick_of("tempura", "tempura"), 1: pick_of("sashimi")})
    with pytest.raises(IllegalActionError, match="cannot call chopsticks-1"):
        state.apply({0: pick_of("tempura", None, "chopsticks-1"), 1: pick_of("sashimi")})


def test_a_deal_must_come_from_the_deck_and_add_the_right_desserts() -> None:
    rs = rules(2)
    state = rs.new_game()
    with pytest.raises(IllegalActionError, match="adds 5 desserts"):
        state.apply_chance(PartyDeal((), (("tempura",) * 10, ("sashimi",) * 10)))
    with pytest.raises(IllegalActionError, match="does not have"):
        state.apply_chance(
            PartyDeal(("green-tea-ice-cream",) * 5, (("tempura",) * 10, ("tempura",) * 10))
        )


def conserved(state: PartyState) -> None:
    rs = state.rules
    hands = sum(len(state.hand(s)) for s in range(rs.players))
    assert len({len(state.hand(s)) for s in range(rs.players)}) == 1
    played = sum(len(state.tableau(s)) for s in range(rs.players))
    assert hands + played <= rs.players * rs.hand_size
    kept = sum(len(d) for d in state.desserts)
    added = sum(desserts_per_round(rs.players)[: state.round + (0 if state.is_chance() else 1)])
    assert kept <= min(added, 15)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    menu=st.sampled_from(sorted(PLAYABLE)),
    players=st.integers(2, 8),
)
def test_random_playouts(seed: int, menu: str, players: int) -> None:
    low, high = PLAYABLE[menu]
    players = max(low, min(high, players))
    rs = rules(players, menu)
    import random

    rng = random.Random(seed)
    state = rs.new_game()
    while not state.is_terminal():
        if state.is_chance():
            deal = state.sample_chance(rng)
            assert all(len(h) == HAND_SIZES[players] for h in deal.hands)
            state.apply_chance(deal)
        else:
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
            view = state.observe(0) if not state.is_terminal() else None
            if view is not None and state.turn == 0:
                assert all(h is None for h in view.hands[1:])
        conserved(state)
    totals = [0] * players
    for res in state.results:
        for s, b in enumerate(res.breakdown):
            assert sum(b.values()) == res.scores[s]
            totals[s] += res.scores[s]
    for s, pts in enumerate(state.dessert_scores()):
        totals[s] += pts
    assert totals == state.returns()
    assert state.winners()


@pytest.mark.parametrize(
    ("menu", "players"), [("my-first-meal", 5), ("custom-uramaki", 8), ("custom-fruit", 2)]
)
def test_records_replay_and_tampering_is_caught(menu: str, players: int) -> None:
    rs = rules(players, menu)
    state = play_game(rs, [make_agent("random", i) for i in range(players)], 11)
    record = loads(
        dumps(record_game(state, [f"P{i}" for i in range(players)], ["random"] * players, 11))
    )
    assert replay(record).returns() == state.returns()
    bad = loads(dumps(record))
    bad["rounds"][1]["scores"][0] += 1
    with pytest.raises(RecordError, match="round 2: scores"):
        replay(bad)
    bad = loads(dumps(record))
    deal, first = bad["rounds"][0]["steps"][:2]  # the deal, then seat 0's first pick
    absent = next(c for c in rs.deck if c not in deal["deal"][0])
    assert first["seat"] == 0
    first["action"] = absent
    with pytest.raises(RecordError, match="round 1, step 2: seat 0 cannot take"):
        replay(bad)


def test_desserts_are_kept_and_the_rest_reshuffled() -> None:
    rs = rules(4)
    state = play_game(rs, [make_agent("random", i) for i in range(4)], 5)
    kept = Counter(p.card for d in state.desserts for p in d)
    assert set(kept) <= {"green-tea-ice-cream"}
    added = sum(len(r.desserts_added) for r in state.results)
    assert added == sum(desserts_per_round(4))
    assert sum(kept.values()) <= added


def test_replay_shows_party_picks_and_mid_turn_steps() -> None:
    # a version 1 record (its turns and mid-turn steps listed apart): show upgrades it
    path = Path(__file__).parent / "golden" / "v1" / "party-dinner-for-two-2p-seed47.json"
    record = json.loads(path.read_text())
    text = show(record, str(path))
    turns = record["rounds"][0]["turns"]
    names = record["names"]
    assert f"turn 1: {names[0]}: {turns[0][0]}; {names[1]}: {turns[0][1]}" in text
    steps = [s for r in record["rounds"] for s in r["mid_turn"]]
    draws = [s for s in steps if "draw" in s]
    choices = [s for s in steps if "choice" in s]
    assert draws and choices
    assert f"a menu draws {', '.join(draws[0]['draw'])}" in text
    assert f"{names[choices[0]['seat']]}: {choices[0]['choice']}" in text
    kept = record["desserts"][0]
    assert f"{names[0]}: {len(kept)} dessert card" in text


def test_a_random_menu_is_called_random_and_its_option_replays() -> None:
    import random

    from sushigo.games.party.cards import find_menu, menu_option, random_menu

    menu = random_menu(random.Random(5), 4)
    option = menu_option(menu)
    assert option.startswith("random:") and find_menu(option) == menu
    rs = sushigo.make("sushi-go-party", players=4, menu=option)
    assert rs.menu.name == "Random" and rs.options == {"menu": option}
    assert "random menu: " in rs.describe()
    custom = sushigo.make("sushi-go-party", players=4, menu=option.removeprefix("random:"))
    assert custom.menu.name == "Custom" and "custom menu: " in custom.describe()
