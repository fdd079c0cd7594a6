"""Game records: a record re-plays, and any tampering is caught, saying where."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.core.errors import RecordError
from sushigo.core.records import dumps, loads, make_record, replay
from sushigo.games.classic import ClassicState, Deal, Pick
from sushigo.play import play_game, record_game

Record = dict[str, Any]


def played(players: int, seed: int, **options: bool) -> tuple[ClassicState, Record]:
    rules = sushigo.make("sushi-go", players=players, **options)
    seeds = [seed * 10 + i for i in range(players)]
    state = play_game(rules, [make_agent("random", s) for s in seeds], seed)
    assert isinstance(state, ClassicState)
    names = [f"Random {i}" for i in range(players)]
    return state, record_game(state, names, ["random"] * players, seed, seeds)


@pytest.fixture(scope="module")
def game() -> tuple[ClassicState, Record]:
    return played(4, 7)


@pytest.fixture(scope="module")
def dummy_game() -> tuple[ClassicState, Record]:
    return played(2, 3, dummy=True)


def replays(record: Record) -> ClassicState:
    state = replay(loads(dumps(record)))
    assert isinstance(state, ClassicState)
    return state


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"pass_both_ways": True}),
        (4, {}),
        (5, {"reshuffle": True, "soy_sauce": True}),
        (2, {"dummy": True}),
        (2, {"dummy": True, "pass_both_ways": True, "reshuffle": True, "soy_sauce": True}),
    ],
    ids=["2p", "3p-both-ways", "4p", "5p-reshuffle-soy", "2p-dummy", "2p-dummy-all"],
)
def test_a_record_replays_to_the_same_game(players: int, options: dict[str, bool]) -> None:
    for seed in range(3):
        state, record = played(players, seed, **options)
        text = dumps(record)
        assert "\n" not in text  # one record per line
        again = replays(record)
        assert again.is_terminal()
        assert again.returns() == state.returns()
        assert again.winners() == state.winners()
        assert again.desserts == state.desserts
        assert [r.scores for r in again.results] == [r.scores for r in state.results]
        assert (
            make_record(
                again,
                names=record["names"],
                agents=record["agents"],
                seed=seed,
                extra={"agent_seeds": record["agent_seeds"]},
            )
            == record
        )


def test_record_holds_every_score(game: tuple[ClassicState, Record]) -> None:
    state, record = game
    assert record["format"] == "sushigo-record" and record["version"] == 1
    assert record["game"] == "sushi-go" and record["players"] == 4
    assert len(record["rounds"]) == 3
    for entry, res in zip(record["rounds"], state.results, strict=True):
        assert len(entry["hands"]) == 4 and all(len(h) == 8 for h in entry["hands"])
        assert len(entry["turns"]) == 8
        assert entry["scores"] == [sum(b.values()) for b in entry["breakdown"]]
        assert entry["scores"] == list(res.scores)
    assert record["final_scores"] == state.returns()
    assert record["puddings"] == list(state.desserts)
    assert record["winners"] == state.winners()
    assert record["final_scores"] == [
        sum(r["scores"][s] for r in record["rounds"]) + record["dessert_scores"][s]
        for s in range(4)
    ]


def test_an_unfinished_game_replays_to_where_it_stopped(
    game: tuple[ClassicState, Record],
) -> None:
    _, record = game
    partial = copy.deepcopy(record)
    partial["rounds"] = partial["rounds"][:1]
    for key in ("puddings", "dessert_scores", "final_scores", "winners"):
        del partial[key]
    state = replays(partial)
    assert not state.is_terminal()
    assert state.round == 1 and state.is_chance()
    assert list(state.results[0].scores) == record["rounds"][0]["scores"]


def hand_at(record: Record, round_index: int, turn_index: int, seat: int) -> tuple[str, ...]:
    """A seat's hand before a turn, worked out through the state API."""
    rules = sushigo.make("sushi-go", players=record["players"], **record["options"])
    state = rules.new_game()
    assert isinstance(state, ClassicState)
    for r, entry in enumerate(record["rounds"]):
        state.apply_chance(Deal(tuple(tuple(h) for h in entry["hands"])))
        for t, turn in enumerate(entry["turns"]):
            if (r, t) == (round_index, turn_index):
                return state.hand(seat)
            if state.round != r:
                break
            state.apply({s: Pick(tuple(turn[s])) for s in state.to_act()})
    raise AssertionError("no such turn")


def set_pick(r: int, t: int, seat: int, cards: list[str]) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        record["rounds"][r]["turns"][t][seat] = cards

    return change


def test_a_pick_not_in_hand_is_caught(game: tuple[ClassicState, Record]) -> None:
    _, record = game
    held = hand_at(record, 0, 2, 0)
    card = next(c for c in sushigo.make("sushi-go", players=4).deck if c not in held)
    bad = copy.deepcopy(record)
    set_pick(0, 2, 0, [card])(bad)
    with pytest.raises(RecordError) as exc:
        replays(bad)
    message = str(exc.value)
    for word in ("round 1", "turn 3", "seat 0", card):
        assert word in message


def bump(path: tuple[Any, ...], by: int = 1) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        *parents, last = path
        node = record
        for key in parents:
            node = node[key]
        node[last] += by

    return change


def drop_turn(r: int, t: int) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del record["rounds"][r]["turns"][t]

    return change


def replace(path: tuple[Any, ...], value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        *parents, last = path
        node = record
        for key in parents:
            node = node[key]
        node[last] = value

    return change


def chopsticks_without_chopsticks(record: Record) -> None:
    turn = record["rounds"][0]["turns"][0]
    turn[1] = [record["rounds"][0]["hands"][1][0], record["rounds"][0]["hands"][1][1]]


def duplicate_last_turn(record: Record) -> None:
    turns = record["rounds"][2]["turns"]
    turns.append(copy.deepcopy(turns[-1]))


TAMPERING = [
    pytest.param(bump(("rounds", 0, "scores", 0)), ("round 1", "scores"), id="round-1-score"),
    pytest.param(bump(("rounds", 1, "scores", 3), -2), ("round 2", "scores"), id="round-2-score"),
    pytest.param(bump(("rounds", 2, "scores", 2)), ("round 3", "scores"), id="round-3-score"),
    pytest.param(bump(("final_scores", 1)), ("final_scores",), id="final-scores"),
    pytest.param(bump(("dessert_scores", 0), 6), ("dessert_scores",), id="dessert-scores"),
    pytest.param(bump(("puddings", 3)), ("puddings",), id="puddings"),
    pytest.param(replace(("winners",), [0, 1, 2, 3]), ("winners",), id="winners"),
    pytest.param(drop_turn(0, 2), ("round 1",), id="drop-a-middle-turn"),
    pytest.param(drop_turn(1, 0), ("round 2",), id="drop-the-first-turn"),
    pytest.param(duplicate_last_turn, ("round 3",), id="extra-turn"),
    pytest.param(
        replace(("rounds", 0, "hands", 0, 0), "unagi"),
        ("round 1", "unknown card"),
        id="unknown-card-in-a-hand",
    ),
    pytest.param(
        replace(("rounds", 1, "turns", 4, 2), ["toro"]),
        ("round 2", "turn 5", "unknown card"),
        id="unknown-card-in-a-turn",
    ),
    pytest.param(
        replace(("rounds", 0, "hands", 1), ["chopsticks"] * 8),
        ("round 1", "chopsticks"),
        id="deal-more-than-the-deck",
    ),
    pytest.param(
        replace(("rounds", 0, "hands", 1), ["tempura"] * 7),
        ("round 1", "hand"),
        id="short-hand",
    ),
    pytest.param(chopsticks_without_chopsticks, ("round 1", "turn 1", "seat 1"), id="two-cards"),
    pytest.param(replace(("rounds", 0, "turns", 3), "tempura"), ("round 1",), id="turn-not-a-list"),
    pytest.param(replace(("rounds",), "none"), ("rounds",), id="rounds-not-a-list"),
    pytest.param(
        replace(("rounds",), [{"hands": [], "turns": []}] * 4), ("rounds",), id="four-rounds"
    ),
    pytest.param(replace(("players",), 6), ("2 to 5",), id="six-players"),
    pytest.param(replace(("options",), {"dummy": True}), ("dummy",), id="dummy-with-4"),
    pytest.param(replace(("options",), {"wasabi": True}), ("wasabi",), id="unknown-option"),
    pytest.param(replace(("names",), ["a"]), ("names",), id="names-wrong-length"),
    pytest.param(replace(("format",), "pgn"), ("format",), id="wrong-format"),
    pytest.param(replace(("version",), 2), ("version",), id="wrong-version"),
]


@pytest.mark.parametrize(("tamper", "words"), TAMPERING)
def test_tampering_is_caught(
    game: tuple[ClassicState, Record], tamper: Callable[[Record], None], words: tuple[str, ...]
) -> None:
    _, record = game
    bad = copy.deepcopy(record)
    tamper(bad)
    assert bad != record
    with pytest.raises(RecordError) as exc:
        replays(bad)
    for word in words:
        assert word in str(exc.value), f"{word!r} not in {str(exc.value)!r}"


def test_dropping_the_last_turn_is_caught(game: tuple[ClassicState, Record]) -> None:
    _, record = game
    bad = copy.deepcopy(record)
    drop_turn(0, 7)(bad)
    with pytest.raises(RecordError, match="round 1"):
        replays(bad)


def test_a_changed_breakdown_is_caught(game: tuple[ClassicState, Record]) -> None:
    _, record = game
    bad = copy.deepcopy(record)
    b = bad["rounds"][0]["breakdown"][0]
    b["tempura"] += 5
    b["maki"] -= 5  # the round total still adds up
    with pytest.raises(RecordError, match="round 1"):
        replays(bad)


def test_changing_the_last_turn_is_caught(game: tuple[ClassicState, Record]) -> None:
    _, record = game
    bad = copy.deepcopy(record)
    last = bad["rounds"][0]["turns"][-1]
    last[0], last[1] = last[1], last[0]
    if last[0] == last[1]:
        last[0] = ["pudding"] if last[0] != ["pudding"] else ["tempura"]
    with pytest.raises(RecordError, match="round 1"):
        replays(bad)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("{not json", ("not valid JSON",), id="bad-json"),
        pytest.param("", ("not valid JSON",), id="empty"),
        pytest.param("[1, 2]", ("object",), id="not-an-object"),
        pytest.param('{"format": "sushigo-record"}', ("version",), id="no-version"),
        pytest.param('{"format": "sushigo-record", "version": 1}', ("game",), id="no-game"),
    ],
)
def test_unreadable_records(text: str, words: tuple[str, ...]) -> None:
    with pytest.raises(RecordError) as exc:
        loads(text, "games.jsonl:3")
    assert "games.jsonl:3" in str(exc.value)
    for word in words:
        assert word in str(exc.value)


def test_dummy_record_draws_are_checked(dummy_game: tuple[ClassicState, Record]) -> None:
    state, record = dummy_game
    assert replays(record).returns() == state.returns()
    assert record["names"][2] == "Dummy" and record["agents"][2] == "dummy"
    entry = record["rounds"][1]
    assert len(entry["draws"]) == len(entry["turns"]) == 9
    assert all(len(turn[2]) == 1 for turn in entry["turns"])

    bad = copy.deepcopy(record)
    pile = bad["rounds"][1]["hands"][2]
    bad["rounds"][1]["draws"][4] = next(
        c for c in ("chopsticks", "pudding", "tempura") if c not in pile
    )
    with pytest.raises(RecordError) as exc:
        replays(bad)
    assert "round 2" in str(exc.value) and "turn 5" in str(exc.value)

    bad = copy.deepcopy(record)
    del bad["rounds"][0]["draws"]
    with pytest.raises(RecordError, match="round 1"):
        replays(bad)

    bad = copy.deepcopy(record)
    bad["rounds"][2]["turns"][0][2] = []  # the dummy takes no card
    with pytest.raises(RecordError, match="round 3"):
        replays(bad)


def test_records_are_json_round_trips(game: tuple[ClassicState, Record]) -> None:
    _, record = game
    assert loads(dumps(record)) == record
    assert json.loads(dumps(record)) == record
