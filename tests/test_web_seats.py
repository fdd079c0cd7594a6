"""Seats that go away (docs/web.md): a person's seat taken by a bot once the table's
grace is over (by the server itself, or asked for with ``hand_to_bot``), taken back
on return with what the bot chose; deserted tables closed and hidden; private and
public tables; the lobby's lists and order; "Play against bots". Stored on SQLite and
PostgreSQL across restarts."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from sushigo.core.ruleset import make
from sushigo.present import frames
from sushigo.web.app import Server
from sushigo.web.store import META, Store, database_url
from sushigo.web.tables import Table, token_hash
from web_client import client, create, join, my_turn, play_out, schema_validator, socket, until


def _state(ws: Any, test: Any = None) -> dict[str, Any]:
    """The next state message (for which ``test(state)`` holds, if given)."""
    for _ in range(500):
        msg = until(ws, "state")
        if test is None or test(msg):
            return msg
    raise AssertionError("no such state")


def _table_of_two(c: TestClient, grace: float) -> tuple[str, str, str]:
    """Ann (seat 0), Bob (seat 1, joined by HTTP, not connected) and a greedy bot:
    the game has begun. Returns the id and both tokens."""
    t = create(c, "sushi-go", 3, [None, "greedy"], grace=grace)
    bob = c.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"}).json()
    assert c.get(f"/api/tables/{t['id']}").json()["status"] == "playing"
    return t["id"], t["token"], bob["token"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "seats.db"


@pytest.fixture
def by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """No bot takes a seat by itself: only ``hand_to_bot`` hands one over (its tests
    would otherwise race the server's own hand-over, which comes at the same grace)."""
    monkeypatch.setattr(Server, "_watch_leavers", lambda self, live: None)


def _labels(game: str, players: int, texts: list[str]) -> list[str]:
    """The legal entries' labels of action texts."""
    rs = make(game, players=players)
    return [frames.action_entry(rs, rs.parse_action(t))["label"] for t in texts]


# -- handing a seat to a bot ---------------------------------------------------------


@pytest.mark.parametrize(
    ("grace", "who", "seat", "wait", "code"),
    [
        (0.2, "creator", 1, 0.3, None),  # after the grace: a bot plays Bob's seat
        (0.2, "bob", 0, 0.3, "not_yet"),  # Ann is connected: not hers to take
        (0, "creator", 1, 0, None),
        (60, "creator", 1, 0, "not_yet"),  # before the grace
        (0, "spectator", 1, 0, "spectator"),  # a spectator may not
        (0, "creator", 2, 0, "not_human"),  # a bot's seat
        (0, "creator", 0, 0, "not_yet"),  # a connected seat (the sender's own)
        (0, "creator", 3, 0, "no_seat"),
        (0, "creator", -1, 0, "no_seat"),
        (0, "creator", "1", 0, "bad_message"),
        (0, "creator", True, 0, "bad_message"),
    ],
)
@pytest.mark.usefixtures("by_hand")
def test_hand_to_bot(db: Path, grace: float, who: str, seat: Any, wait: float, code: str) -> None:
    with client(db) as c:
        table, ann, bob = _table_of_two(c, grace)
        with socket(c, table) as ws_ann, socket(c, table) as ws:
            join(ws_ann, ann)
            join(ws, bob if who == "bob" else None)
            sender = ws_ann if who == "creator" else ws
            time.sleep(wait)
            sender.send_json({"type": "hand_to_bot", "seat": seat})
            if code is None:
                told = until(sender, "stand_in")
                assert told["reason"] == "handed" and told["bot"] == "Greedy bot"
                assert told["text"] == "{0} let Greedy bot play for {1} until they come back."
                schema_validator("ServerMessage").validate(told)
                state = _state(sender, lambda m: m["seats"][seat]["stand_in"] is not None)
                assert state["seats"][seat]["stand_in"] == "Greedy bot"
                assert state["seats"][seat]["kind"] == "human"
                assert state["seats"][seat]["connected"] is False
                summary = c.get(f"/api/tables/{table}").json()
                assert summary["seats"][seat]["stand_in"] == "Greedy bot"
                schema_validator("TableSummary").validate(summary)
                schema_validator("ServerMessage").validate(state)
                final = play_out(ws_ann)  # the bot plays Bob's seat to the end
                assert final["status"] == "finished"
                record = c.get(f"/api/tables/{table}/record").json()
                assert record["names"][1] == "Bob"
            else:
                err = until(sender, "error")
                assert err["code"] == code, err
                schema_validator("ServerMessage").validate(err)
                live = c.app.state.server.live[table]  # type: ignore[attr-defined]
                assert all(s.stand_in is None for s in live.table.seats)
                assert 1 not in live.table.agents


def test_not_yet_says_how_long_is_left_and_the_seat_is_shown_away(db: Path) -> None:
    with client(db) as c:
        table, ann, _bob = _table_of_two(c, 100)
        with socket(c, table) as ws:
            welcome = join(ws, ann)
            seats = welcome["table"]["seats"]
            assert seats[0]["away_since"] is None and seats[2]["away_since"] is None
            assert seats[1]["away_since"] <= time.time() and not seats[1]["connected"]
            assert welcome["table"]["grace"] == 100
            ws.send_json({"type": "hand_to_bot", "seat": 1})
            err = until(ws, "error")
            assert err["code"] == "not_yet" and "after 100 s" in err["message"]
            assert err["message"].startswith("Bob's seat has been disconnected for")
            assert err["request"] == "hand_to_bot"


@pytest.mark.usefixtures("by_hand")
def test_a_seat_left_is_away_from_when_its_socket_closed(db: Path) -> None:
    with client(db) as c:
        table, ann, bob = _table_of_two(c, 0.3)
        with socket(c, table) as ws_ann:
            join(ws_ann, ann)
            with socket(c, table) as ws_bob:
                join(ws_bob, bob)
                time.sleep(0.4)  # connected all along: not away
                ws_ann.send_json({"type": "hand_to_bot", "seat": 1})
                assert until(ws_ann, "error")["code"] == "not_yet"
            state = _state(ws_ann, lambda m: not m["seats"][1]["connected"])
            assert state["seats"][1]["away_since"] is not None
            ws_ann.send_json({"type": "hand_to_bot", "seat": 1})
            assert until(ws_ann, "error")["code"] == "not_yet"  # just left
            time.sleep(0.4)
            ws_ann.send_json({"type": "hand_to_bot", "seat": 1})
            _state(ws_ann, lambda m: m["seats"][1]["stand_in"] is not None)
            ws_ann.send_json({"type": "hand_to_bot", "seat": 1})
            assert until(ws_ann, "error")["code"] == "not_human"  # handed over already


@pytest.mark.parametrize("grace", [-1, 86401, "3", True, None, [1]])
def test_a_bad_grace_is_refused(db: Path, grace: Any) -> None:
    with client(db) as c:
        body = {
            "game": "sushi-go",
            "players": 2,
            "seats": [{"kind": "human"}] * 2,
            "grace": grace,
        }
        r = c.post("/api/tables", json=body)
        assert r.status_code == 400 and "grace" in r.json()["error"], r.text


def test_the_grace_is_60_seconds_by_default(db: Path) -> None:
    with client(db) as c:
        t = create(c, "sushi-go", 2, ["greedy"])
        assert c.get(f"/api/tables/{t['id']}").json()["grace"] == 60


def test_hand_to_bot_before_the_game_begins_or_after_it_ends(db: Path) -> None:
    with client(db) as c:
        t = create(c, "sushi-go", 2, [None], grace=0)
        with socket(c, t["id"]) as ws:
            join(ws, t["token"])
            ws.send_json({"type": "hand_to_bot", "seat": 1})
            assert until(ws, "error")["code"] == "not_yet"  # waiting: nobody to stand in for
        q = c.post("/api/quick", json={"game": "sushi-go", "players": 2}).json()
        with socket(c, q["id"]) as ws:
            join(ws, q["token"])
            play_out(ws)
            ws.send_json({"type": "hand_to_bot", "seat": 0})
            assert until(ws, "error")["code"] in ("game_over", "not_yet")


# -- taking it back ------------------------------------------------------------------


@pytest.mark.usefixtures("by_hand")
def test_the_person_takes_the_seat_back_on_return(db: Path) -> None:
    with client(db) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        table, ann, bob = _table_of_two(c, 0)
        with socket(c, table) as ws_ann:
            assert join(ws_ann, ann)["reclaimed"] is False
            ws_ann.send_json({"type": "hand_to_bot", "seat": 1})
            _state(ws_ann, lambda m: m["seats"][1]["stand_in"] == "Greedy bot")
            assert 1 in server.live[table].table.agents
            with socket(c, table) as ws_bob:
                welcome = join(ws_bob, bob)
                assert welcome["seat"] == 1 and welcome["table"]["seats"][1]["stand_in"] is None
                assert welcome["reclaimed"] is True
                back = _state(
                    ws_ann,
                    lambda m: m["seats"][1]["stand_in"] is None and m["seats"][1]["connected"],
                )
                assert back["seats"][1]["away_since"] is None
                assert 1 not in server.live[table].table.agents
                assert server.db.load(table).seats[1].stand_in is None
                # Bob decides again (once Ann has: the bot may have chosen this
                # step before Bob came): the game waits for him, not for a bot
                mine = back if back["frame"]["legal"] else my_turn(ws_ann)
                legal = mine["frame"]["legal"]
                ws_ann.send_json({"type": "act", "action": legal[0]["text"], "step": mine["step"]})
                turn = my_turn(ws_bob)
                assert turn["frame"]["legal"] and turn["step"] > mine["step"]
                time.sleep(0.2)
                live = server.live[table]
                assert live.table.step == turn["step"] and 1 in live.table.waiting_for()


# -- a bot takes the seat by itself --------------------------------------------------


def _play(ws: Any, turns: int) -> dict[str, Any]:
    """Play this seat's first legal choice ``turns`` times; the state of its next turn,
    once the bot playing seat 1 has chosen too (then nothing moves until this seat does)."""
    turn = my_turn(ws)
    for _ in range(turns):
        legal = turn["frame"]["legal"]
        ws.send_json({"type": "act", "action": legal[0]["text"], "step": turn["step"]})
        acted = until(ws, "ack")["step"]
        turn = _state(ws, lambda m, acted=acted: m["step"] > acted and m["frame"]["legal"])
    return _settled(ws, turn)


def _settled(ws: Any, turn: dict[str, Any]) -> dict[str, Any]:
    """``turn``, or the state of its step in which seat 1 has chosen too."""
    if 1 in turn["decided"]:
        return turn
    return _state(ws, lambda m: m["step"] == turn["step"] and 1 in m["decided"])


def _expected_away(server: Any, table: str, seat: int) -> list[str]:
    """What the store says was decided for ``seat`` since a bot took it, as labels."""
    row = server.db.load(table)
    start = row.seats[seat].stand_in_from
    assert start is not None
    texts = [step[seat] for step in row.steps[start:] if seat in step]
    texts += [row.pending[seat]] if seat in row.pending else []
    return _labels("sushi-go", 3, texts)


def test_a_seat_gone_past_its_grace_is_taken_by_a_bot_and_given_back(db: Path) -> None:
    with client(db) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        table, ann, bob = _table_of_two(c, 0.2)  # Bob never connects
        with socket(c, table) as ws_ann:
            join(ws_ann, ann)
            told = until(ws_ann, "stand_in")
            schema_validator("ServerMessage").validate(told)
            assert told["seat"] == 1 and told["name"] == "Bob" and told["reason"] == "away"
            assert told["bot"] == "Greedy bot"
            assert told["text"] == (
                "{1} has been disconnected for 0.2 s: Greedy bot plays for them until they "
                "come back."
            )
            _state(ws_ann, lambda m: m["seats"][1]["stand_in"] == "Greedy bot")
            row = server.db.load(table)  # stored before anyone was told
            assert row.seats[1].stand_in == "greedy" and row.seats[1].stand_in_from is not None
            turn = _play(ws_ann, 2)  # the bot plays Bob's picks meanwhile
            expected = _expected_away(server, table, 1)
            assert len(expected) >= 2
            with socket(c, table) as ws_bob:
                welcome = join(ws_bob, bob)
                assert welcome["reclaimed"] is True and welcome["seat"] == 1
                assert welcome["away"] == expected
                assert all(label.startswith(("Keep ", "Use chopsticks")) for label in expected)
                back = until(ws_ann, "stand_in")
                assert back["reason"] == "back" and back["bot"] is None
                assert back["text"] == "{1} is back and plays again."
                _state(ws_ann, lambda m: m["seats"][1]["stand_in"] is None)
                assert 1 not in server.live[table].table.agents
                row = server.db.load(table)
                assert row.seats[1].stand_in is None and row.seats[1].stand_in_from is None
                ws_ann.send_json(
                    {
                        "type": "act",
                        "action": turn["frame"]["legal"][0]["text"],
                        "step": turn["step"],
                    }
                )
                assert my_turn(ws_bob)["frame"]["legal"]  # Bob decides again, not the bot
                # Bob never heard of his own return
                ws_bob.send_json({"type": "ping"})
                for _ in range(200):
                    msg = ws_bob.receive_json()
                    assert msg["type"] != "stand_in", msg
                    if msg["type"] == "pong":
                        break
            # a seat given back and left again is watched again: a bot takes it anew
            until(ws_ann, "stand_in")
            again = _state(ws_ann, lambda m: m["seats"][1]["stand_in"] is not None)
            assert again["seats"][1]["connected"] is False


def test_a_join_without_an_absence_has_nothing_away(db: Path) -> None:
    with client(db) as c:
        table, ann, _bob = _table_of_two(c, 60)
        with socket(c, table) as ws:
            welcome = join(ws, ann)
            assert welcome["reclaimed"] is False and welcome["away"] == []


def test_a_connected_seat_is_never_taken(db: Path) -> None:
    with client(db) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        table, ann, bob = _table_of_two(c, 0.3)
        with socket(c, table) as ws_ann, socket(c, table) as ws_bob:
            join(ws_ann, ann)
            join(ws_bob, bob)
            time.sleep(0.8)  # both connected past the grace
            live = server.live[table]
            assert [s.stand_in for s in live.table.seats] == [None, None, None]
            assert not live.takeovers
            ws_ann.send_json({"type": "ping"})
            for _ in range(200):  # nobody was told of a hand-over
                msg = ws_ann.receive_json()
                assert msg["type"] != "stand_in", msg
                if msg["type"] == "pong":
                    break


def test_coming_back_within_the_grace_keeps_the_seat(db: Path) -> None:
    with client(db) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        table, ann, bob = _table_of_two(c, 0.6)
        with socket(c, table) as ws_ann:
            join(ws_ann, ann)
            with socket(c, table) as ws_bob:
                join(ws_bob, bob)
            time.sleep(0.2)  # Bob's page reloads
            with socket(c, table) as ws_bob:
                join(ws_bob, bob)
                time.sleep(0.8)  # past the grace counted from his first leaving
                assert server.live[table].table.seats[1].stand_in is None
            time.sleep(0.9)  # gone for good this time
            assert server.live[table].table.seats[1].stand_in == "greedy"


def test_no_seat_is_taken_while_nobody_is_there_then_at_once_when_someone_comes(
    db: Path,
) -> None:
    with client(db) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        table, ann, _bob = _table_of_two(c, 0.2)  # neither Ann nor Bob connects
        time.sleep(0.6)
        live = server.live[table]
        assert [s.stand_in for s in live.table.seats] == [None, None, None]  # deserted
        assert live.table.step == 0  # nothing is played for nobody
        with socket(c, table) as ws:
            join(ws, ann)  # Ann is here: Bob's grace is long over
            told = until(ws, "stand_in")
            assert (told["seat"], told["reason"]) == (1, "away")
            assert server.db.load(table).seats[1].stand_in == "greedy"
            assert live.table.seats[0].stand_in is None


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "restart.db")
    url: str = request.getfixturevalue("postgres_url")
    engine = sa.create_engine(url)
    META.drop_all(engine)  # a clean database: a restart resumes every table in it
    engine.dispose()
    return url


def test_the_hand_over_and_what_the_bot_chose_survive_a_restart(database: str) -> None:
    with client(database) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        taken, ann, bob = _table_of_two(c, 0.2)
        with socket(c, taken) as ws:
            join(ws, ann)
            _state(ws, lambda m: m["seats"][1]["stand_in"] is not None)
            _play(ws, 2)
            before = _expected_away(server, taken, 1)
        later, ann2, _bob2 = _table_of_two(c, 1.0)  # nobody connected at the restart
    with client(database) as c, socket(c, later) as ws_later:
        start = time.time()
        server = c.app.state.server  # type: ignore[attr-defined]
        join(ws_later, ann2)  # Ann waits at the other table
        assert server.live[later].table.seats[1].stand_in is None
        with socket(c, taken) as ws_ann:
            join(ws_ann, ann)
            _settled(ws_ann, my_turn(ws_ann))  # the game waits for Ann: nothing moves
            expected = _expected_away(server, taken, 1)
            assert expected[: len(before)] == before  # counted from before the restart
            with socket(c, taken) as ws_bob:
                welcome = join(ws_bob, bob)
                assert welcome["reclaimed"] is True and welcome["away"] == expected
        # the grace counts from the restart, and the rule holds after it
        time.sleep(max(0.0, start + 1.6 - time.time()))
        assert server.live[later].table.seats[1].stand_in == "greedy"
        assert server.db.load(later).seats[1].stand_in == "greedy"


# -- abandoned tables ----------------------------------------------------------------


def test_a_table_nobody_comes_back_to_ends_abandoned(db: Path) -> None:
    with client(db, abandon_after=0.3) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        gone, ann, _bob = _table_of_two(c, 180)
        kept = c.post(
            "/api/quick", json={"game": "sushi-roll", "players": 3, "public": True}
        ).json()
        waiting = create(c, "sushi-go", 2, [None])  # its creator never came
        bots = c.post(
            "/api/tables",
            json={
                "game": "sushi-go",
                "players": 2,
                "seats": [{"kind": "bot", "bot": "greedy"}] * 2,
                "public": True,
            },
        ).json()
        with socket(c, kept["id"]) as ws_kept, socket(c, gone) as spectator:
            join(ws_kept, kept["token"])
            join(spectator)
            time.sleep(0.6)
            # the periodic sweep ended it; the spectator was told
            ended = _state(spectator, lambda m: m["status"] == "abandoned")
            assert ended["seats"][0]["name"] == "Ann"
            lobby = c.get("/api/tables").json()
            schema_validator("TableList").validate(lobby)
            assert gone not in [t["id"] for t in lobby["tables"]]
            assert lobby["abandoned"] == []  # hidden from the lobby
            ended = server.db.finished(status="abandoned")
            assert {gone, waiting["id"]} == {g["id"] for g in ended}
            assert kept["id"] in [t["id"] for t in lobby["playing"]]
            # a table of bots has no person's seat: never deserted
            assert c.get(f"/api/tables/{bots['id']}").json()["status"] != "abandoned"
            entry = next(g for g in ended if g["id"] == gone)
            assert entry["status"] == "abandoned" and entry["names"][:2] == ["Ann", "Bob"]
            assert entry["winners"] is None
            row = server.db.load(gone)
            assert row.status == "abandoned"
            step = row.step
            spectator.send_json({"type": "ping"})
            until(spectator, "pong")
        assert gone not in server.live and waiting["id"] not in server.live
        # nothing more is played; it cannot be joined, acted in or re-matched
        time.sleep(0.1)
        assert server.db.load(gone).step == step
        summary = c.get(f"/api/tables/{gone}").json()
        assert summary["status"] == "abandoned"
        r = c.post(f"/api/tables/{waiting['id']}/join", json={"name": "Cy"})
        assert r.status_code == 409 and "abandoned" in r.json()["error"]
        with socket(c, gone) as ws:
            join(ws, ann)
            state = until(ws, "state")
            assert state["status"] == "abandoned"
            ws.send_json({"type": "act", "action": "tempura", "step": state["step"]})
            assert until(ws, "error")["code"] == "game_over"
            ws.send_json({"type": "hand_to_bot", "seat": 1})
            assert until(ws, "error")["code"] == "game_over"
            ws.send_json({"type": "rematch"})
            assert until(ws, "error")["code"] == "not_over"


def test_the_lobby_looks_for_abandoned_tables_itself(db: Path) -> None:
    with client(db, abandon_after=3600) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        t = create(c, "sushi-go", 2, [None])
        server.live[t["id"]].seen -= 3601  # nobody has been here for an hour
        lobby = c.get("/api/tables").json()
        assert server.db.load(t["id"]).status == "abandoned"
        assert t["id"] not in server.live
        assert lobby["tables"] == lobby["waiting"] == lobby["abandoned"] == []


# -- the lobby and "Play against bots" -----------------------------------------------


@pytest.fixture
def seated(db: Path) -> Iterator[tuple[Any, ExitStack]]:
    """A test client and a stack to keep sockets open in (a person at a table)."""
    with client(db) as c, ExitStack() as stack:
        yield c, stack


def _sit(c: Any, stack: ExitStack, table: dict[str, Any]) -> None:
    """A person connected at ``table``'s seat 0 for the rest of the test."""
    join(stack.enter_context(socket(c, table["id"])), table["token"])


def _ids(rows: list[dict[str, Any]]) -> list[str]:
    return [r["id"] for r in rows]


def test_the_lobby_lists_what_can_be_joined_or_watched_newest_first(
    seated: tuple[Any, ExitStack],
) -> None:
    c, stack = seated
    server = c.app.state.server

    def quick(**extra: Any) -> dict[str, Any]:
        r = c.post("/api/quick", json={"game": "sushi-go", "players": 2, **extra})
        assert r.status_code == 201, r.text
        return dict(r.json())

    old_wait = create(c, "sushi-go", 2, [None], public=True)
    playing = quick(public=True)
    new_wait = create(c, "sushi-go-party", 3, [None, "greedy"], public=True)
    new_play = quick(public=True)
    private_wait = create(c, "sushi-go", 2, [None])
    private_play = quick()
    deserted = quick(public=True)  # nobody connected: not listed
    done, hidden_done = quick(public=True), quick()
    for t in (old_wait, playing, new_wait, new_play, private_wait, private_play):
        _sit(c, stack, t)
    for t in (done, hidden_done):
        with socket(c, t["id"]) as ws:
            join(ws, t["token"])
            play_out(ws)
    for t, created in zip((old_wait, playing, new_wait, new_play), (1, 2, 3, 4), strict=True):
        server.live[t["id"]].created = created  # the order they were made in, for sure
    lobby = c.get("/api/tables").json()
    schema_validator("TableList").validate(lobby)
    assert _ids(lobby["waiting"]) == [new_wait["id"], old_wait["id"]]
    assert _ids(lobby["playing"]) == [new_play["id"], playing["id"]]
    assert _ids(lobby["tables"]) == _ids(lobby["waiting"]) + _ids(lobby["playing"])
    assert all(t["public"] for t in lobby["tables"])
    assert _ids(lobby["finished"]) == [done["id"]]
    assert lobby["finished"] == c.get("/api/games").json()["games"]
    assert lobby["finished"][0]["status"] == "finished"
    assert lobby["finished"][0]["winners"] is not None
    assert lobby["abandoned"] == []
    # the deserted table is still there, by its link; someone sits down: it is listed
    assert c.get(f"/api/tables/{deserted['id']}").json()["status"] == "playing"
    _sit(c, stack, deserted)
    assert deserted["id"] in _ids(c.get("/api/tables").json()["playing"])


def test_a_table_of_bots_is_listed_while_it_plays(db: Path) -> None:
    with client(db, bot_delay=5.0) as c:
        bots = [{"kind": "bot", "bot": "random"}] * 2
        shown, hidden = (
            c.post(
                "/api/tables",
                json={"game": "sushi-go", "players": 2, "seats": bots, "public": public},
            ).json()
            for public in (True, False)
        )
        lobby = c.get("/api/tables").json()
        assert _ids(lobby["playing"]) == [shown["id"]]  # nobody connected: not deserted
        assert hidden["id"] not in _ids(lobby["tables"])


# -- private and public tables -------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "extra", "public"),
    [
        ("/api/tables", {}, False),  # private unless asked
        ("/api/tables", {"public": None}, False),
        ("/api/tables", {"public": False}, False),
        ("/api/tables", {"public": True}, True),
        ("/api/quick", {}, False),
        ("/api/quick", {"public": True}, True),
    ],
)
def test_a_table_is_private_unless_asked_to_be_listed(
    seated: tuple[Any, ExitStack], path: str, extra: dict[str, Any], public: bool
) -> None:
    c, stack = seated
    server = c.app.state.server
    body: dict[str, Any] = {"game": "sushi-go", "players": 2, "name": "Ann", **extra}
    if path == "/api/tables":
        body["seats"] = [{"kind": "human"}] * 2
    r = c.post(path, json=body)
    assert r.status_code == 201, r.text
    t = r.json()
    _sit(c, stack, t)
    summary = c.get(f"/api/tables/{t['id']}").json()  # reached by its link
    assert summary["public"] is public
    assert server.db.load(t["id"]).public is public
    assert (t["id"] in _ids(c.get("/api/tables").json()["tables"])) is public
    if path == "/api/tables":  # a friend with the link joins and plays
        bob = c.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"})
        assert bob.status_code == 200, bob.text
        with socket(c, t["id"]) as ws:
            assert join(ws, bob.json()["token"])["seat"] == 1
            assert my_turn(ws)["frame"]["legal"]
    with socket(c, t["id"]) as ws:  # and anyone with it may watch
        assert join(ws)["table"]["public"] is public


def test_a_private_table_stays_private_after_a_restart_and_a_rematch(db: Path) -> None:
    with client(db) as c:
        t = c.post("/api/quick", json={"game": "sushi-go", "players": 2}).json()
        with socket(c, t["id"]) as ws:
            join(ws, t["token"])
            play_out(ws)
            ws.send_json({"type": "rematch"})
            rematch = until(ws, "rematch")
    with client(db) as c:
        assert c.get(f"/api/tables/{t['id']}").json()["public"] is False
        assert c.get(f"/api/tables/{rematch['table']}").json()["public"] is False
        with socket(c, rematch["table"]) as ws:
            join(ws, rematch["token"])
            assert c.get("/api/tables").json()["tables"] == []
        assert c.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("public", ["yes", "true", 1, 0, [], {}])
@pytest.mark.parametrize("path", ["/api/tables", "/api/quick"])
def test_a_public_that_is_not_true_or_false_is_refused(db: Path, path: str, public: Any) -> None:
    with client(db) as c:
        body = {"game": "sushi-go", "players": 2, "seats": [{"kind": "human"}] * 2}
        r = c.post(path, json={**body, "public": public})
        assert r.status_code == 400, r.text
        assert r.json()["error"] == (
            f"public (list the table in the lobby) is true or false, not {public!r}; "
            "without it the table is private: only its link leads to it"
        )
        assert c.app.state.server.live == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("body", "bots"),
    [
        ({"game": "sushi-go", "players": 2}, ["greedy"]),
        ({"game": "sushi-roll", "players": 4, "bot": "random"}, ["random"] * 3),
        (
            {"game": "sushi-go-party", "players": 3, "bot": "mcts", "level": 1, "name": "Zed"},
            ["mcts:ms=25"] * 2,
        ),
        # no menu named: the Master Menu is for 3-8, so 2 players get one that fits
        ({"game": "sushi-go-party", "players": 2}, ["greedy"]),
    ],
)
def test_play_against_bots_begins_at_once(db: Path, body: dict[str, Any], bots: list[str]) -> None:
    with client(db) as c:
        r = c.post("/api/quick", json=body)
        assert r.status_code == 201, r.text
        answer = r.json()
        assert answer["seat"] == 0 and len(answer["token"]) >= 32
        schema_validator("CreatedAnswer").validate(answer)
        summary = c.get(f"/api/tables/{answer['id']}").json()
        assert summary["status"] == "playing"
        assert summary["seats"][0]["name"] == body.get("name", "Player 1")
        assert [s["bot"] for s in summary["seats"][1:]] == bots
        with socket(c, answer["id"]) as ws:
            assert join(ws, answer["token"])["seat"] == 0
            assert my_turn(ws)["frame"]["legal"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "players": 2}, "game is one of"),
        ({"game": "sushi-go", "players": 6}, "2 to 5 players"),
        ({"game": "sushi-go", "players": "2"}, "players is"),
        ({"game": "sushi-go", "players": 2, "bot": "alphago"}, "a bot is one of"),
        ({"game": "sushi-go", "players": 2, "bot": "mcts", "level": 9}, "level is 1 to 5"),
        ([1], "send"),
    ],
)
def test_play_against_bots_refuses_a_bad_request(db: Path, body: Any, message: str) -> None:
    with client(db) as c:
        r = c.post("/api/quick", json=body)
        assert r.status_code == 400 and message in r.json()["error"], r.text
        assert c.get("/api/tables").json()["tables"] == []


# -- storage and restarts ------------------------------------------------------------


@pytest.mark.usefixtures("by_hand")
def test_a_handed_over_seat_and_an_abandoned_table_survive_a_restart(database: str) -> None:
    with client(database, abandon_after=0.4) as c:
        kept, ann, bob = _table_of_two(c, 0)
        gone = c.post("/api/quick", json={"game": "sushi-go", "players": 3}).json()
        with socket(c, kept) as ws:
            join(ws, ann)
            ws.send_json({"type": "hand_to_bot", "seat": 1})
            before = _state(ws, lambda m: m["seats"][1]["stand_in"] is not None)
            time.sleep(0.7)  # nobody at the quick table: abandoned
            assert c.get(f"/api/tables/{gone['id']}").json()["status"] == "abandoned"
    with client(database) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        assert gone["id"] not in server.live
        lobby = c.get("/api/tables").json()
        assert lobby["tables"] == []  # gone is abandoned; kept private, nobody there
        assert server.db.load(gone["id"]).status == "abandoned"
        assert server.live[kept].table.status == "playing"
        assert c.get(f"/api/tables/{gone['id']}").json()["status"] == "abandoned"
        summary = c.get(f"/api/tables/{kept}").json()
        assert summary["seats"][1]["stand_in"] == "Greedy bot"
        assert summary["step"] >= before["step"]
        assert 1 in server.live[kept].table.agents
        with socket(c, kept) as ws:
            assert join(ws, bob)["seat"] == 1  # Bob is back
            assert until(ws, "state")["seats"][1]["stand_in"] is None
    with client(database) as c:
        summary = c.get(f"/api/tables/{kept}").json()
        assert summary["seats"][1]["stand_in"] is None
        with socket(c, kept) as ws_bob, socket(c, kept) as ws_ann:
            join(ws_bob, bob)
            join(ws_ann, ann)
            ws_ann.send_json({"type": "hand_to_bot", "seat": 2})
            assert until(ws_ann, "error")["code"] == "not_human"


def test_the_store_keeps_stand_ins_and_abandoned_tables(database: str) -> None:
    store = Store(database)
    try:
        table, _ = Table.create(
            {"game": "sushi-go", "players": 3, "seats": [{"kind": "human"}] * 3}, "Ann", seed=5
        )
        store.create_table(table.id, table.config, table.seed, table.seat_rows())
        for seat in (1, 2):
            assert store.claim_seat(table.id, seat, f"P{seat}", token_hash(f"t{seat}"))
        store.save_play(table.id, 0, [], {}, "playing")
        store.set_stand_in(table.id, 2, "greedy")
        back = Table.restore(store.load(table.id))  # type: ignore[arg-type]
        assert back.seats[2].stand_in == "greedy" and 2 in back.agents and 1 not in back.agents
        store.abandon(table.id)
        row = store.load(table.id)
        assert row is not None and row.status == "abandoned"
        assert Table.restore(row).status == "abandoned"
        assert table.id not in [r.id for r in store.unfinished()]
        assert table.id in [g["id"] for g in store.finished(status="abandoned")]
        assert table.id not in [g["id"] for g in store.finished()]
    finally:
        store.close()


def test_an_older_database_gets_the_new_columns_and_keeps_its_tables_listed(
    database: str,
) -> None:
    store = Store(database)
    table, _ = Table.create(
        {"game": "sushi-go", "players": 2, "seats": [{"kind": "human"}] * 2}, "Ann", seed=3
    )
    store.create_table(table.id, table.config, table.seed, table.seat_rows())
    store.close()
    engine = sa.create_engine(database_url(database))  # as an older server left it
    with engine.begin() as conn:
        for table_name, column in [
            ("seats", "stand_in"),
            ("seats", "stand_in_from"),
            ("tables", "public"),
        ]:
            conn.execute(sa.text(f"ALTER TABLE {table_name} DROP COLUMN {column}"))
        conn.execute(sa.text("UPDATE tables SET status = 'finished'"))
    engine.dispose()
    store = Store(database)  # the new server adds them
    try:
        inspect = sa.inspect(store.engine)
        assert {"stand_in", "stand_in_from"} <= {c["name"] for c in inspect.get_columns("seats")}
        assert "public" in {c["name"] for c in inspect.get_columns("tables")}
        row = store.load(table.id)
        assert row is not None and row.public is True  # listed before: listed still
        assert row.seats[1].stand_in is None and row.seats[1].stand_in_from is None
        assert [g["id"] for g in store.finished(listed=True)] == [table.id]
        store.set_stand_in(table.id, 1, "greedy", 4)
        assert store.load(table.id).seats[1].stand_in_from == 4  # type: ignore[union-attr]
        private, _ = Table.create(
            {"game": "sushi-go", "players": 2, "seats": [{"kind": "human"}] * 2}, "Cy", seed=4
        )
        store.create_table(private.id, private.config, private.seed, private.seat_rows())
        assert store.load(private.id).public is False  # type: ignore[union-attr]
    finally:
        store.close()
