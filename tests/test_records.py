"""Game records: a record re-plays, and any tampering is caught, saying where.

Records are written in version 2 (every round a list of steps); version 1 records,
written until then, still re-play, and tampering with them is caught the same way:
the version 1 tables below run on the version 1 golden files (tests/golden/v1/)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.core.errors import RecordError
from sushigo.core.records import dumps, loads, make_record, replay, upgrade
from sushigo.games.classic import ClassicState, Deal, Pick
from sushigo.play import play_game, record_game

Record = dict[str, Any]
V1 = Path(__file__).parent / "golden" / "v1"


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


def v1_record(stem: str) -> tuple[ClassicState, Record]:
    """A version 1 record (a golden game as written before version 2) and its end."""
    record = json.loads((V1 / f"{stem}.json").read_text(encoding="utf-8"))
    assert record["version"] == 1
    return replays(record), record


@pytest.fixture(scope="module")
def v1_game() -> tuple[ClassicState, Record]:
    return v1_record("sushi-go-4p-seed7")


@pytest.fixture(scope="module")
def v1_dummy_game() -> tuple[ClassicState, Record]:
    return v1_record("sushi-go-2p-dummy-seed3")


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
    assert record["format"] == "sushigo-record" and record["version"] == 2
    assert record["game"] == "sushi-go" and record["players"] == 4
    assert len(record["rounds"]) == 3
    for entry, res in zip(record["rounds"], state.results, strict=True):
        deal, *decisions = entry["steps"]
        assert len(deal["deal"]) == 4 and all(len(h) == 8 for h in deal["deal"])
        # 7 turns of 4 picks: the 8th card of each hand is placed without a decision
        assert [d["seat"] for d in decisions] == [0, 1, 2, 3] * 7
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


def test_a_pick_not_in_hand_is_caught(v1_game: tuple[ClassicState, Record]) -> None:
    _, record = v1_game
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
    pytest.param(replace(("version",), 3), ("version",), id="wrong-version"),
]


@pytest.mark.parametrize(("tamper", "words"), TAMPERING)
def test_tampering_is_caught(
    v1_game: tuple[ClassicState, Record], tamper: Callable[[Record], None], words: tuple[str, ...]
) -> None:
    _, record = v1_game
    bad = copy.deepcopy(record)
    tamper(bad)
    assert bad != record
    with pytest.raises(RecordError) as exc:
        replays(bad)
    for word in words:
        assert word in str(exc.value), f"{word!r} not in {str(exc.value)!r}"


def test_dropping_the_last_turn_is_caught(v1_game: tuple[ClassicState, Record]) -> None:
    _, record = v1_game
    bad = copy.deepcopy(record)
    drop_turn(0, 7)(bad)
    with pytest.raises(RecordError, match="round 1"):
        replays(bad)


def test_a_changed_breakdown_is_caught(v1_game: tuple[ClassicState, Record]) -> None:
    _, record = v1_game
    bad = copy.deepcopy(record)
    b = bad["rounds"][0]["breakdown"][0]
    b["tempura"] += 5
    b["maki"] -= 5  # the round total still adds up
    with pytest.raises(RecordError, match="round 1"):
        replays(bad)


def test_changing_the_last_turn_is_caught(v1_game: tuple[ClassicState, Record]) -> None:
    _, record = v1_game
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


def test_dummy_record_draws_are_checked(v1_dummy_game: tuple[ClassicState, Record]) -> None:
    state, record = v1_dummy_game
    assert replays(record).returns() == state.returns()
    assert record["names"][2] == "Dummy" and record["agents"][2] == "dummy"
    entry = record["rounds"][1]
    assert upgrade(record)["names"][2] == "Dummy"
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


# -- version 2: every round a list of steps -----------------------------------------


def pick_steps(record: Record, r: int) -> list[dict[str, Any]]:
    return [s for s in record["rounds"][r]["steps"] if "seat" in s]


def set_step(r: int, i: int, value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        record["rounds"][r]["steps"][i] = value

    return change


def drop_step(r: int, i: int) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del record["rounds"][r]["steps"][i]

    return change


def other_card(record: Record, r: int, i: int) -> Callable[[Record], None]:
    """Step ``i`` of round ``r`` takes a card its seat does not hold."""

    def change(record: Record) -> None:
        step = record["rounds"][r]["steps"][i]
        step["action"] = "soy-sauce"  # not in this game's deck at all

    return change


def swap_seats(record: Record) -> None:
    steps = record["rounds"][0]["steps"]
    steps[1]["seat"], steps[2]["seat"] = steps[2]["seat"], steps[1]["seat"]
    if steps[1]["seat"] == steps[2]["seat"]:
        steps[2]["seat"] = 9


def repeat_a_seat(record: Record) -> None:
    steps = record["rounds"][1]["steps"]
    steps[2] = copy.deepcopy(steps[1])


V2_TAMPERING = [
    pytest.param(bump(("rounds", 0, "scores", 0)), ("round 1", "scores"), id="round-score"),
    pytest.param(bump(("final_scores", 1)), ("final_scores",), id="final-scores"),
    pytest.param(bump(("puddings", 3)), ("puddings",), id="puddings"),
    pytest.param(replace(("winners",), [0, 1, 2, 3]), ("winners",), id="winners"),
    pytest.param(
        lambda rec: other_card(rec, 0, 9)(rec), ("round 1", "step 10", "seat"), id="card-not-held"
    ),
    pytest.param(
        set_step(1, 3, {"seat": 2, "action": "toro"}), ("round 2", "step 4"), id="unknown-card"
    ),
    pytest.param(drop_step(0, 5), ("round 1",), id="drop-a-pick"),
    pytest.param(drop_step(2, 0), ("round 3", "step 1"), id="drop-the-deal"),
    pytest.param(swap_seats, ("round 1",), id="seats-swapped"),
    pytest.param(repeat_a_seat, ("round 2", "step 3", "decide"), id="a-seat-twice"),
    pytest.param(set_step(0, 0, {"draw": "tempura"}), ("round 1", "step 1"), id="draw-for-a-deal"),
    pytest.param(set_step(0, 0, {"shuffle": 1}), ("round 1", "step 1", "deal"), id="no-such-step"),
    pytest.param(set_step(0, 3, "tempura"), ("round 1", "step 4", "object"), id="step-not-object"),
    pytest.param(
        lambda rec: rec["rounds"][2]["steps"].append({"seat": 0, "action": "tempura"}),
        ("round 3", "over"),
        id="extra-step",
    ),
    pytest.param(
        replace(("rounds", 1, "steps"), "none"), ("round 2", "steps"), id="steps-not-a-list"
    ),
]


@pytest.mark.parametrize(("tamper", "words"), V2_TAMPERING)
def test_tampering_with_steps_is_caught(
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


def test_a_dummy_game_records_draws_and_the_dummy_card(
    dummy_game: tuple[ClassicState, Record],
) -> None:
    state, record = dummy_game
    steps = record["rounds"][1]["steps"]
    assert "deal" in steps[0] and len(steps[0]["deal"]) == 3
    draws = [s for s in steps if "draw" in s]
    picks = [s for s in steps if "seat" in s]
    assert len(draws) == 9 and len(picks) == 18
    assert sum(" dummy:" in p["action"] for p in picks) == 9  # the controller's, each turn
    bad = copy.deepcopy(record)
    first_draw = next(i for i, s in enumerate(bad["rounds"][1]["steps"]) if "draw" in s)
    pile = steps[0]["deal"][2]
    bad["rounds"][1]["steps"][first_draw]["draw"] = next(
        c for c in ("chopsticks", "pudding", "tempura", "wasabi") if c not in pile
    )
    with pytest.raises(RecordError, match=f"round 2, step {first_draw + 1}"):
        replays(bad)


@pytest.mark.parametrize(
    "stem",
    [
        "sushi-go-2p-seed1",
        "sushi-go-3p-seed2",
        "sushi-go-4p-seed7",
        "sushi-go-5p-seed5",
        "sushi-go-2p-dummy-seed3",
        "sushi-go-4p-both-ways-reshuffle-soy-sauce-seed11",
    ],
)
def test_a_version_1_record_upgrades_to_the_same_game(stem: str) -> None:
    state, old = v1_record(stem)
    new = upgrade(old)
    assert new["version"] == 2
    again = replays(new)
    assert again.returns() == state.returns() == old["final_scores"]
    assert [r.scores for r in again.results] == [r.scores for r in state.results]
    assert [r.turns for r in again.results] == [r.turns for r in state.results]
    kept = {k: v for k, v in old.items() if k not in ("version", "rounds")}
    assert {k: v for k, v in new.items() if k not in ("version", "rounds")} == kept


def test_replay_upgrade_rewrites_a_file_as_version_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sushigo.cli import main

    stems = ["sushi-go-4p-seed7", "party-master-menu-4p-seed38", "sushi-roll-3p-seed2"]
    old = [json.loads((V1 / f"{stem}.json").read_text(encoding="utf-8")) for stem in stems]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(dumps(r) + "\n" for r in old), encoding="utf-8")
    assert main(["replay", "--upgrade", str(path)]) == 0
    assert f"3 of 3 records upgraded to version 2 in {path}" in capsys.readouterr().out
    new = [loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r["version"] for r in new] == [2, 2, 2]
    assert [replay(r).returns() for r in new] == [r["final_scores"] for r in old]
    assert main(["replay", "--verify", str(path)]) == 0
    assert "3 verified, 0 failed" in capsys.readouterr().out
    assert main(["replay", "--upgrade", str(path)]) == 0  # nothing left to upgrade
    assert "0 of 3 records upgraded" in capsys.readouterr().out


def test_replay_upgrade_leaves_a_file_with_a_broken_record_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sushigo.cli import main

    record = json.loads((V1 / "sushi-go-2p-seed1.json").read_text(encoding="utf-8"))
    bad = copy.deepcopy(record)
    bad["rounds"][1]["scores"][0] += 1
    path = tmp_path / "games.jsonl"
    text = dumps(record) + "\n" + dumps(bad) + "\n"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", "--upgrade", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2, round 2: scores" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == text
    assert main(["replay", "--upgrade", "-"]) == 2
    assert "give its name" in capsys.readouterr().err
