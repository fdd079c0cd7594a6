"""Frames for the browser (sushigo.web.frames): random playouts of the three games,
checked at every step.

* every frame of every seat, the spectators' frame and the replay frame build and
  serialise to JSON;
* a seat's frame holds no hidden card but those its view holds: its private fields
  equal the view's, the rest equals the spectators' frame, and a world resampled
  from the view (other hands, the deck) gives the very same frame;
* the spectators' frame has no hand at all and no draw;
* the legal actions' texts are unique and map back to the legal actions;
* at the end, ``final`` agrees with the state's scores and winners.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import sushigo
from sushigo.core.state import State
from sushigo.games.classic import ClassicState, Pick
from sushigo.games.party import PartyState
from sushigo.games.party.actions import parse_party_action
from sushigo.games.party.scoring import parse_played
from sushigo.games.roll import RollState, parse_roll_action
from sushigo.present.base import columns as _columns
from sushigo.present.classic import pick_label as classic_label
from sushigo.present.classic import tableau_entries as _classic_entries
from sushigo.present.frames import catalog, public_frame, replay_frame, seat_frame
from sushigo.present.party import action_label as party_label
from sushigo.present.party import tableau_entries as _party_entries
from sushigo.present.roll import action_label as roll_label

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("sushi-go", {"players": 2}),
    ("sushi-go", {"players": 3, "soy_sauce": True}),
    ("sushi-go", {"players": 4, "pass_both_ways": True}),
    ("sushi-go", {"players": 5, "reshuffle": True}),
    ("sushi-go", {"players": 2, "dummy": True}),
    ("sushi-go-party", {"players": 2, "menu": "party-sampler"}),
    ("sushi-go-party", {"players": 3, "menu": "master-menu"}),
    ("sushi-go-party", {"players": 8, "menu": "master-menu"}),
    ("sushi-go-party", {"players": 4, "menu": "cutthroat-combo"}),
    ("sushi-go-party", {"players": 7, "menu": "cutthroat-combo"}),
    ("sushi-go-party", {"players": 5, "menu": "dinner-for-two"}),
    ("sushi-go-party", {"players": 6, "menu": "points-platter"}),
    ("sushi-go-party", {"players": 5, "menu": "big-banquet"}),
    ("sushi-roll", {"players": 2}),
    ("sushi-roll", {"players": 3}),
    ("sushi-roll", {"players": 4}),
    ("sushi-roll", {"players": 5}),
]

PRIVATE = ("viewer", "hand", "decision", "legal", "gains")
"""Top-level keys only a seat's frame may fill (players[i].hand too)."""


def _id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return name + "-" + "-".join(f"{k}={v}" for k, v in options.items())


def playout(name: str, options: dict[str, Any], seed: int) -> Iterator[State]:
    """Every decision point of a random game, then the finished game."""
    rng = random.Random(seed)
    state = sushigo.make(name, **options).new_game()
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        yield state
        actions = {s: legal[int(rng.random() * len(legal))] for s, legal in state.decisions()}
        state.apply(actions)
    yield state


def strip(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame without what only its seat may see."""
    out = {k: v for k, v in frame.items() if k not in PRIVATE}
    out["players"] = [{k: v for k, v in p.items() if k != "hand"} for p in frame["players"]]
    return out


def card_ids(frame: dict[str, Any]) -> set[str]:
    """Every card id or face a frame shows in a tableau, hand, belt or legal action."""
    ids: set[str] = set(frame["hand"] or ())
    for p in frame["players"]:
        ids.update(p["hand"] or ())
        ids.update(p.get("belt", ()))
        for column in p["tableau"]:
            for item in column["items"]:
                ids.update(item["cards"])
    for entry in frame["legal"] or ():
        ids.update(entry.get("faces", ()))
        if "card" in entry:
            ids.add(entry["card"])
    return ids


def check_seat(state: State, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    frame = seat_frame(state, seat)
    json.dumps(frame)
    view = state.observe(seat)
    n = view.seats
    assert frame["viewer"] == seat
    assert frame["seats"] == n and len(frame["players"]) == n
    assert [p["seat"] for p in frame["players"]] == list(range(n))
    # The private fields are the view's, seats made absolute.
    if isinstance(state, RollState):
        assert frame["hand"] == list(view.belts[0])
        assert all(p["hand"] is None for p in frame["players"])
    else:
        assert frame["hand"] == list(view.hand)
        for s, p in enumerate(frame["players"]):
            known = view.hands[(s - seat) % n]
            assert p["hand"] == (None if known is None else list(known))
    decision = frame["decision"]
    if seat in state.to_act():
        assert decision is not None and decision["seat"] == seat and decision["prompt"]
        if isinstance(state, ClassicState):
            assert decision.get("drawn") == view.drawn
        if isinstance(state, PartyState) and decision["kind"] == "order":
            assert decision["drawn"] == list(view.drawn)
    else:
        assert decision is None and frame["legal"] is None
    # What each card of the hand would add now: one number per card held.
    if state.is_terminal():
        assert "gains" not in frame
    else:
        assert set(frame["gains"]) == set(frame["hand"] or ())
    for p in frame["players"]:
        assert sum(p["points"].values()) == p["now"] and 0 not in p["points"].values()
    # Everything else is what every player sees.
    assert strip(frame) == strip(public)
    return frame


def check_legal(state: State, seat: int, frame: dict[str, Any]) -> None:
    legal = state.legal_actions(seat)
    entries = frame["legal"]
    assert entries is not None and len(entries) == len(legal)
    texts = [e["text"] for e in entries]
    assert len(set(texts)) == len(texts), "action texts must be unique"
    by_text = {str(a): a for a in legal}
    assert set(by_text) == set(texts)
    for entry in entries:
        assert entry["label"] and entry["group"]
        assert state.ruleset.parse_action(entry["text"]) == by_text[entry["text"]]
    direct = [e["card"] for e in entries if e["direct"]]
    assert len(direct) == len(set(direct)), "one direct action per card at most"


def check_public(state: State) -> dict[str, Any]:
    frame = public_frame(state)
    text = json.dumps(frame)
    assert frame["viewer"] is None and frame["hand"] is None
    assert frame["decision"] is None and frame["legal"] is None
    assert all(p["hand"] is None for p in frame["players"])
    assert '"drawn"' not in text
    return frame


def check_game(name: str, options: dict[str, Any], seed: int) -> set[str]:
    """Check every frame of one random game; the kinds of decision met."""
    rs = sushigo.make(name, **options)
    cards = set(catalog(rs)["cards"])
    json.dumps(catalog(rs))
    kinds: set[str] = set()
    steps = 0
    for state in playout(name, options, seed):
        steps += 1
        public = check_public(state)
        for seat in range(rs.players):
            frame = check_seat(state, seat, public)
            assert card_ids(frame) <= cards
            if seat in state.to_act():
                check_legal(state, seat, frame)
                kinds.add(frame["decision"]["kind"])
        replay = replay_frame(state)
        json.dumps(replay)
        if isinstance(state, (ClassicState, PartyState)):
            for s in range(rs.players):
                assert replay["players"][s]["hand"] == list(state.hand(s))
        assert replay["to_act"] == list(state.to_act())
    assert steps > 10
    check_end(state)
    return kinds


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_frames_of_random_games(config: tuple[str, dict[str, Any]], seed: int) -> None:
    check_game(*config, seed)


def test_every_mid_turn_decision_is_framed() -> None:
    """Games (seeds found by search) where every kind of Party decision comes up."""
    kinds: set[str] = set()
    for menu, players, seed in (
        ("cutthroat-combo", 4, 10),
        ("master-menu", 3, 6),
        ("big-banquet", 5, 5),
        ("dinner-for-two", 5, 0),
    ):
        kinds |= check_game("sushi-go-party", {"players": players, "menu": menu}, seed)
    assert kinds == {"pick", "take", "ask", "give", "order", "copy", "flip"}


def check_end(state: State) -> None:
    frame = public_frame(state)
    assert frame["over"] and frame["to_act"] == [] and frame["round"] == frame["rounds"] == 3
    final = frame["final"]
    assert final["scores"] == state.returns()
    assert final["winners"] == state.winners()  # type: ignore[attr-defined]
    # the places agree with the winners, and the ranking with the places
    assert sorted(s for s, place in enumerate(final["places"]) if place == 1) == final["winners"]
    ranked = final["ranking"]
    assert sorted(ranked) == [s for s, p in enumerate(final["places"]) if p is not None]
    assert [final["places"][s] for s in ranked] == sorted(final["places"][s] for s in ranked)
    for a, b in zip(ranked, ranked[1:], strict=False):
        assert (final["scores"][a], final["kept"][a]) >= (final["scores"][b], final["kept"][b])
    assert len(frame["results"]) == 3
    for s, total in enumerate(final["scores"]):
        rounds = sum(r[s] for r in final["rounds"])
        tokens = final["token_scores"][s] if final["token_scores"] else 0
        assert rounds + final["dessert_scores"][s] + tokens == total
    for result in frame["results"]:
        for s, breakdown in enumerate(result["breakdown"]):
            assert sum(breakdown.values()) == result["scores"][s]
    assert frame["results"][-1]["totals"] == [sum(r) for r in zip(*final["rounds"], strict=True)]
    for seat in range(state.ruleset.players):
        assert seat_frame(state, seat)["final"] == final


@pytest.mark.parametrize(
    "config",
    [c for c in CONFIGS if c[0] != "sushi-roll" and not c[1].get("dummy")],
    ids=_id,
)
def test_resampled_hidden_cards_change_nothing(config: tuple[str, dict[str, Any]]) -> None:
    """A world resampled from a seat's view (other hands and the deck dealt anew) gives
    the seat the same frame: the frame cannot depend on what the seat does not know.
    (Finished rounds are left out: a resampled world does not rebuild them.)"""
    name, options = config
    rng = random.Random(7)
    differed = 0
    for k, state in enumerate(playout(name, options, seed=3)):
        if state.is_terminal() or k % 3:
            continue
        for seat in range(state.ruleset.players):
            view = state.observe(seat)
            world = state.ruleset.determinize(view, rng)
            n = state.ruleset.players
            differed += any(world.hand(s) != state.hand(s) for s in range(n))  # type: ignore[attr-defined]
            mine, theirs = seat_frame(state, seat), seat_frame(world, seat)
            mine.pop("results")
            theirs.pop("results")
            assert mine == theirs
    assert differed, "the resampled worlds should hold other hands"


@pytest.mark.parametrize(
    "config", [c for c in CONFIGS if c[0] != "sushi-go-party"][::2] + [CONFIGS[4]], ids=_id
)
def test_undealt_cards_and_future_dice_change_nothing(
    config: tuple[str, dict[str, Any]],
) -> None:
    """Emptying the deck, the dummy's pile or the dice bag changes no frame."""
    name, options = config
    for k, state in enumerate(playout(name, options, seed=5)):
        if k % 2:
            continue
        world = state.copy()
        if isinstance(world, ClassicState):
            world._deck = {}
            world._pile = tuple("tempura" for _ in world._pile)
        elif isinstance(world, RollState):
            world._bag = [0] * len(world._bag)
        for seat in range(state.ruleset.players):
            assert seat_frame(world, seat) == seat_frame(state, seat)
        assert public_frame(world) == public_frame(state)


# ---------------------------------------------------------------------------
# Table-driven examples.


def test_classic_tableau_groups_wasabi_with_its_nigiri() -> None:
    cards = ["wasabi", "tempura", "squid-nigiri", "tempura", "wasabi", "maki-2"]
    assert _columns(_classic_entries(cards)) == [
        {
            "colour": "yellow",
            "items": [
                {
                    "cards": ["wasabi", "squid-nigiri"],
                    "label": "Wasabi+Squid nigiri",
                    "colour": "yellow",
                    "count": 1,
                },
                {"cards": ["wasabi"], "label": "Wasabi", "colour": "yellow", "count": 1},
            ],
        },
        {
            "colour": "purple",
            "items": [{"cards": ["tempura"], "label": "Tempura", "colour": "purple", "count": 2}],
        },
        {
            "colour": "red",
            "items": [{"cards": ["maki-2"], "label": "Maki 2", "colour": "red", "count": 1}],
        },
    ]


def test_party_tableau_groups_copies_flips_and_stacks() -> None:
    tab = [
        parse_played(t)
        for t in (
            "wasabi/covered",
            "tempura",
            "squid/on-wasabi",
            "special-order=tempura",
            "flipped:eel",
            "egg-nigiri",
        )
    ]
    columns = _columns(_party_entries(tab))
    assert [(c["colour"], [(i["label"], i["count"]) for i in c["items"]]) for c in columns] == [
        ("nigiri", [("Wasabi+Squid nigiri", 1), ("Egg nigiri", 1)]),
        ("tempura", [("Tempura", 1), ("Special order (as Tempura)", 1)]),
        ("flipped", [("Face-down (Eel)", 1)]),
    ]
    assert columns[0]["items"][0]["cards"] == ["wasabi", "squid-nigiri"]


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        (classic_label(Pick(("tempura",))), "Keep Tempura"),
        (
            classic_label(Pick(("wasabi", "squid-nigiri"))),
            "Use chopsticks: Wasabi, then Squid nigiri",
        ),
        (
            classic_label(Pick(("maki-3",), "pudding")),
            "Keep Maki 3; give the dummy Pudding",
        ),
        (
            party_label(parse_party_action("special-order=maki-3 call:chopsticks-2")),
            "Play Special order (as Maki 3), calling Chopsticks (2)",
        ),
        (party_label(parse_party_action("ask:nigiri")), "Ask for Nigiri (any)"),
        (party_label(parse_party_action("ask:spoon")), "Ask for Spoon"),
        (party_label(parse_party_action("copy:flipped")), "Copy a face-down card"),
        (
            party_label(parse_party_action("flip:tempura,squid/on-wasabi")),
            "Flip Squid nigiri (on wasabi), Tempura face-down",
        ),
        (party_label(parse_party_action("flip:")), "Flip nothing"),
        (
            roll_label(parse_roll_action("menu:tempura+maki-1")),
            "Re-roll Tempura and Maki 1 (menu token)",
        ),
        (
            roll_label(parse_roll_action("chopsticks:tempura,2,maki-3")),
            "Swap your Tempura for {2}'s Maki 3 (chopsticks token)",
        ),
        (roll_label(parse_roll_action("pudding-2")), "Take Pudding 2"),
    ],
)
def test_labels(label: str, expected: str) -> None:
    assert label == expected


def test_catalog_of_each_game() -> None:
    classic = catalog(sushigo.make("sushi-go", players=3))
    assert "soy-sauce" not in classic["cards"]
    assert classic["cards"]["chopsticks"]["colour"] == "light-blue"
    party = catalog(sushigo.make("sushi-go-party", players=4, menu="master-menu"))
    assert [k["kind"] for k in party["menu"]["kinds"]] == [
        "nigiri",
        "temaki",
        "onigiri",
        "tofu",
        "sashimi",
        "spoon",
        "takeout-box",
        "fruit",
    ]
    assert "flipped" in party["cards"] and "tempura" not in party["cards"]
    roll = catalog(sushigo.make("sushi-roll", players=2))
    assert roll["cards"]["wasabi+squid-nigiri"]["short"] == "Wasabi+Squid nigiri"
    assert roll["cards"]["menu-2"]["short"] == "Menu 2"
    assert set(roll["dice"]) == {"appetizer", "maki", "nigiri", "special", "pudding"}


def test_party_log_uses_absolute_seats() -> None:
    """The log of every seat's frame is the same, seats absolute (from relative views)."""
    for state in playout("sushi-go-party", {"players": 4, "menu": "cutthroat-combo"}, seed=2):
        if isinstance(state, PartyState) and state.pending is not None:
            logs = [seat_frame(state, s)["log"] for s in range(4)]
            assert all(log == logs[0] for log in logs)
            reveal = [e for e in logs[0] if e["what"] == "reveal"][-1]
            assert [p["text"] for p in reveal["picks"]] == list(
                [h for h in state.log if h.what == "reveal"][-1].cards
            )
            pending = public_frame(state)["pending"]
            assert pending["seat"] == state.pending.seat
            assert pending["text"].startswith(f"{{{state.pending.seat}}} is ")
            return
    pytest.fail("no mid-turn decision in this game")


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("sushi-go", {"players": 3, "soy_sauce": True}),
        ("sushi-go-party", {"players": 4, "menu": "master-menu"}),
        (
            "sushi-go-party",
            {"players": 4, "menu": "uramaki,tofu,eel,miso-soup,chopsticks,menu,fruit"},
        ),
        ("sushi-roll", {"players": 3}),
    ],
)
def test_one_name_per_card_on_its_face_in_labels_and_on_the_rules_page(
    game: str, options: dict[str, Any]
) -> None:
    """A card is called one thing wherever a person reads it: the name the browser shows
    in prompts, rule pop-ups and replays is the one on its face (``Maki 2`` was ``Maki
    roll (2)`` there), the how-to-play page names it the same, and a pick's label uses
    that name."""
    from sushigo.present.rules import how_to_play

    rules = sushigo.make(game, **options)
    cards = catalog(rules)["cards"]
    assert {c["name"] for c in cards.values()} == {c["short"] for c in cards.values()}
    assert all(c["name"] == c["short"] for c in cards.values())
    page = how_to_play(game)["catalog"]["cards"]
    for card, entry in cards.items():
        if card in page:
            assert page[card]["name"] == entry["name"], card
    state = rules.new_game()
    rng = random.Random(5)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    seat = state.to_act()[0]
    for entry in seat_frame(state, seat)["legal"] or []:
        text = re.sub(r"^[a-z]+:", "", entry["text"])  # a token's or a choice's prefix
        named = [c for c in cards if c in re.split(r"[+ ,=/:]", text)]
        for card in named:
            assert cards[card]["name"] in entry["label"], (entry, card)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2, "dummy": True}])
def test_sushi_go_log_is_the_rounds_reveals(options: dict[str, Any]) -> None:
    """Sushi Go!'s "This round so far": a reveal for every turn played this round, each
    seat's cards (absolute seats) among those in front of it, the same in every seat's
    frame and the public one."""
    from collections import Counter

    rules = sushigo.make("sushi-go", **options)
    state = rules.new_game()
    rng = random.Random(8)
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        public = public_frame(state)
        log = public["log"]
        assert [e["turn"] for e in log] == list(range(1, public["turn"]))
        for entry in log:
            assert entry["what"] == "reveal" and len(entry["picks"]) == public["seats"]
            for pick in entry["picks"]:
                # (a chopsticks taken, then used, went back into a hand)
                cards = Counter(c for c in pick["text"].split("+") if c != "chopsticks")
                played = Counter(public["players"][pick["seat"]]["played"])
                assert not cards - played, (pick, played)
                checked += 1
        for seat in state.to_act():
            assert seat_frame(state, seat)["log"] == log
        state.apply({s: rng.choice(list(state.legal_actions(s))) for s in state.to_act()})
    assert checked > 100
