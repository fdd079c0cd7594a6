"""The web server's HTTP API and WebSocket protocol (docs/web.md): every message
type and every error, whole games against bots, reconnecting, rematches, and a
server restarted on the same database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sushigo.core.records import replay
from sushigo.games.classic import CLASSIC_CARDS
from sushigo.web.app import BURST, FLOOD_CLOSE, MAX_BODY, MAX_FRAME
from web_client import client, create, my_turn, play_out, socket, until


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.db"


@pytest.fixture
def c(db: Path) -> Any:
    with client(db) as test_client:
        yield test_client


# -- HTTP ---------------------------------------------------------------------------


def test_options_list_the_games_bots_and_timers(c: TestClient) -> None:
    data = c.get("/api/options").json()
    assert [g["name"] for g in data["games"]] == ["sushi-go", "sushi-go-party", "sushi-roll"]
    party = data["games"][1]
    assert "master-menu" in [m["key"] for m in party["menus"]]
    assert set(party["kinds"]) == {"rolls", "appetizers", "specials", "desserts"}
    assert [b["name"] for b in data["bots"]] == ["random", "greedy", "mcts", "policy"]
    assert [b for b in data["bots"] if b["name"] == "policy"][0]["games"] == ["sushi-go"]
    assert 0 in data["timers"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "players": 2, "seats": []}, "game is one of"),
        ({"game": "sushi-go", "players": 9, "seats": []}, "2 to 5 players"),
        ({"game": "sushi-go", "players": 2, "seats": [{"kind": "human"}]}, "seats lists the 2"),
        (
            {
                "game": "sushi-go",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "alphago"}],
            },
            "a bot is one of",
        ),
        (
            {
                "game": "sushi-go",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "mcts", "level": 9}],
            },
            "level is 1 to 5",
        ),
        (
            {"game": "sushi-go", "players": 2, "seats": [{"kind": "human"}] * 2, "timer": 7},
            "turn timer",
        ),
        (
            {
                "game": "sushi-go",
                "players": 2,
                "options": {"turbo": True},
                "seats": [{"kind": "human"}] * 2,
            },
            "no variant 'turbo'",
        ),
        (
            {
                "game": "sushi-go-party",
                "players": 2,
                "options": {"menu": "dessert-only"},
                "seats": [{"kind": "human"}] * 2,
            },
            "unknown menu",
        ),
        (
            {
                "game": "sushi-go-party",
                "players": 2,
                "options": {"menu": ["maki", "tea"]},
                "seats": [{"kind": "human"}] * 2,
            },
            "custom menu",
        ),
        ([1, 2], "JSON object"),
    ],
)
def test_a_bad_table_is_refused_with_a_sentence(c: TestClient, body: Any, message: str) -> None:
    r = c.post("/api/tables", json=body)
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert c.get("/api/tables").json()["tables"] == []


def test_malformed_and_oversized_bodies_are_refused(c: TestClient) -> None:
    r = c.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = c.post("/api/tables", content=b"x" * (MAX_BODY + 1))
    assert r.status_code == 413
    r = c.post("/api/score", content=b"[", headers={"content-type": "application/json"})
    assert r.status_code == 400


def test_unknown_tables_are_404(c: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/tables/nope/replay"):
        r = c.get(path)
        assert r.status_code == 404 and r.json() == {"error": "there is no such table"}
    assert c.post("/api/tables/nope/join", json={}).status_code == 404


def test_pages_and_static_files_are_served(c: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay/abc", "/score"):
        r = c.get(path)
        assert r.status_code == 200 and "<html" in r.text.lower()
    assert c.get("/static/index.html").status_code == 200


@pytest.mark.parametrize("game", ["sushi-go", "sushi-go-party", "sushi-roll"])
def test_the_how_to_play_page_and_its_content(c: TestClient, game: str) -> None:
    assert c.get(f"/rules/{game}").status_code == 200
    page = c.get(f"/api/rules/{game}").json()
    assert page["game"] == game and page["summary"].startswith(page["title"])
    for group in page["groups"]:
        for card in group["cards"]:
            assert page["catalog"]["cards"][card]["rule"]
    missing = c.get("/api/rules/<script>")
    assert missing.status_code == 404 and "games are" in missing.json()["error"]


def test_joining_fills_human_seats_then_the_game_begins(c: TestClient) -> None:
    t = create(c, "sushi-go", 3, [None, "greedy"], public=True)
    summary = c.get(f"/api/tables/{t['id']}").json()
    assert summary["status"] == "waiting" and summary["free"] == 1
    with socket(c, t["id"]) as ws:  # listed while its creator is there
        ws.send_json({"type": "join", "token": t["token"]})
        until(ws, "welcome")
        lobby = c.get("/api/tables").json()["tables"]
        assert [row["id"] for row in lobby] == [t["id"]]
    r = c.post(f"/api/tables/{t['id']}/join", json={"name": "  Bob   the  Builder "})
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert r.json()["token"] != t["token"] and len(r.json()["token"]) >= 32
    summary = c.get(f"/api/tables/{t['id']}").json()
    assert summary["status"] == "playing"
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob the Builder", "Greedy bot"]
    r = c.post(f"/api/tables/{t['id']}/join", json={"name": "Cy"})
    assert r.status_code == 409


def test_the_score_calculator_scores_a_sheet(c: TestClient) -> None:
    sheet = {
        "game": "sushi-go",
        "names": ["Ann", "Bob"],
        "rounds": [[["tempura", "tempura"], ["sashimi"]]],
    }
    r = c.post("/api/score", json=sheet)
    assert r.status_code == 200, r.text
    assert r.json()["totals"] == [5, 0]
    r = c.post("/api/score", json={"game": "sushi-go", "names": ["Ann"], "rounds": []})
    assert r.status_code == 400 and r.json()["error"]


# -- WebSocket: a whole game ----------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "bots", "options"),
    [
        ("sushi-go", 2, ["greedy"], {}),
        ("sushi-go", 2, ["policy"], {}),
        ("sushi-go", 4, ["random", "greedy", "random"], {"pass_both_ways": True}),
        ("sushi-go-party", 4, ["greedy", "random", "greedy"], {"menu": "master-menu"}),
        ("sushi-go-party", 3, ["random", "random"], {"menu": "random"}),
        ("sushi-roll", 3, ["greedy", "random"], {}),
    ],
)
def test_a_whole_game_against_bots(
    c: TestClient, game: str, players: int, bots: list[str | None], options: dict[str, Any]
) -> None:
    t = create(c, game, players, bots, options=options, public=True)
    with socket(c, t["id"]) as ws:
        ws.send_json({"type": "join", "token": t["token"]})
        welcome = until(ws, "welcome")
        assert welcome["seat"] == 0 and welcome["table"]["game"] == game
        assert welcome["table"]["catalog"]
        if options.get("menu") == "random":  # called so, not "Custom"
            menu = welcome["table"]["catalog"]["menu"]
            assert (menu["name"], menu["key"]) == ("Random", "random")
            assert "random menu" in welcome["table"]["description"]
        final = play_out(ws)
    assert final["frame"]["over"] is True
    record = c.get(f"/api/tables/{t['id']}/record").json()
    state = replay(record)  # the stored record re-plays exactly
    assert state.is_terminal()
    assert final["frame"]["final"]["scores"] == state.returns()
    assert record["names"][0] == "Ann"
    steps = c.get(f"/api/tables/{t['id']}/replay").json()["steps"]
    assert len(steps) >= 3 and steps[-1]["frame"]["over"] is True
    games = c.get("/api/games").json()["games"]
    assert games[0]["id"] == t["id"] and games[0]["final_scores"] == state.returns()


def test_the_learned_bot_sits_at_sushi_go_tables_only(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["policy"])
    summary = c.get(f"/api/tables/{t['id']}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Learned bot"]
    for game, players, options in [
        ("sushi-go-party", 2, {"menu": "my-first-meal"}),
        ("sushi-roll", 2, {}),
        ("sushi-go", 2, {"dummy": True}),
        ("sushi-go", 3, {}),
    ]:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "policy"}] * (players - 1)
        body = {"game": game, "players": players, "seats": seats, "options": options}
        r = c.post("/api/tables", json=body)
        assert r.status_code == 400, r.text
        assert "the learned bot plays 2-player Sushi Go!" in r.json()["error"]


def test_spectators_see_the_public_frame_only(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        ws.send_json({"type": "join"})
        welcome = until(ws, "welcome")
        assert welcome["seat"] is None
        state = until(ws, "state")
        assert state["frame"]["viewer"] is None
        assert not state["frame"].get("hand") and not state["frame"].get("legal")
        for kind in ("act", "hint", "rematch"):
            ws.send_json({"type": kind, "action": "tempura", "step": state["step"]})
            err = until(ws, "error")
            assert err["code"] == "spectator"


# -- WebSocket: every error -------------------------------------------------------------


def _joined(c: TestClient, ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"type": "join", "token": token})
    until(ws, "welcome")
    return my_turn(ws)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"kind": "act"}', "bad_message"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "act", "action": 3, "step": 0}', "bad_message"),
        ('{"type": "act", "action": "tempura", "step": "0"}', "bad_message"),
        ('{"type": "act", "action": "tempura", "step": 999}', "stale"),
        ('{"type": "join"}', "already_joined"),
        ('{"type": "rematch"}', "not_over"),
    ],
)
def test_bad_messages_get_an_error_frame_and_change_nothing(
    c: TestClient, message: str, code: str
) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        before = _joined(c, ws, t["token"])
        ws.send_text(message)
        err = until(ws, "error")
        assert err["code"] == code and err["message"]
        ws.send_json({"type": "ping"})
        assert until(ws, "pong") == {"type": "pong"}
        summary = c.get(f"/api/tables/{t['id']}").json()
        assert summary["step"] == before["step"]  # the table is untouched
        # ...and the connection still plays.
        legal = before["frame"]["legal"]
        ws.send_json({"type": "act", "action": legal[0]["text"], "step": before["step"]})
        assert until(ws, "ack")["action"] == legal[0]["text"]


def test_an_illegal_choice_is_refused(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        turn = _joined(c, ws, t["token"])
        hand = set(turn["frame"]["hand"])
        # a hand of 10 holds at most 10 of the 13 card types: some type is absent
        absent = next(card for card in CLASSIC_CARDS.ids if card not in hand)
        ws.send_json({"type": "act", "action": absent, "step": turn["step"]})
        err = until(ws, "error")
        assert err["code"] == "illegal" and "not one of your choices" in err["message"]
        ws.send_json({"type": "act", "action": "x" * 200, "step": turn["step"]})
        assert until(ws, "error")["code"] == "illegal"


def test_acting_again_changes_the_pick_and_out_of_turn_is_refused(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, [None])
    other = c.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"}).json()
    with socket(c, t["id"]) as ws:
        turn = _joined(c, ws, t["token"])
        text = turn["frame"]["legal"][0]["text"]
        ws.send_json({"type": "act", "action": text, "step": turn["step"]})
        assert until(ws, "ack")["step"] == turn["step"]  # waiting for Bob
        ws.send_json({"type": "act", "action": text, "step": turn["step"]})
        assert until(ws, "ack")["changed"] is True  # a change of mind (test_web_picks.py)
        ws.send_json({"type": "hint"})
        assert until(ws, "error")["code"] == "not_your_turn"
    assert other["seat"] == 1


def test_acting_before_joining_is_refused(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        ws.send_json({"type": "act", "action": "tempura", "step": 0})
        assert until(ws, "error")["code"] == "not_joined"


@pytest.mark.parametrize("token", ["wrong", "x" * 500, 42])
def test_a_wrong_token_is_refused(c: TestClient, token: Any) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        ws.send_json({"type": "join", "token": token})
        assert until(ws, "error")["code"] == "bad_token"
        ws.send_json({"type": "join"})  # may still watch
        assert until(ws, "welcome")["seat"] is None


def test_a_token_of_another_table_is_refused(c: TestClient) -> None:
    a = create(c, "sushi-go", 2, ["greedy"])
    b = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, b["id"]) as ws:
        ws.send_json({"type": "join", "token": a["token"]})
        assert until(ws, "error")["code"] == "bad_token"


def test_oversized_frames_close_the_connection(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * MAX_FRAME}))
        assert until(ws, "error")["code"] == "too_big"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009


def test_a_flood_is_refused_then_disconnected(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        for _ in range(int(BURST) + FLOOD_CLOSE + 5):
            ws.send_text('{"type": "ping"}')
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(1000):
                msg = ws.receive_json()
                codes.append(msg.get("code"))
        assert "flood" in codes and closed.value.code == 1008


def test_a_foreign_origin_cannot_open_a_socket(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with pytest.raises(WebSocketDisconnect) as refused:
        with socket(c, t["id"], origin="https://evil.example") as ws:
            ws.receive_json()
    assert refused.value.code == 1008


def test_an_unknown_table_socket_says_so(c: TestClient) -> None:
    with socket(c, "nope") as ws:
        err = ws.receive_json()
        assert err["code"] == "no_table"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


# -- reconnecting, hints, rematch ---------------------------------------------------------


def test_reconnecting_resumes_the_seat_and_replaces_the_old_socket(c: TestClient) -> None:
    t = create(c, "sushi-go-party", 3, ["greedy", "greedy"], options={"menu": "master-menu"})
    with socket(c, t["id"]) as ws:
        first = _joined(c, ws, t["token"])
        ws.send_json(
            {"type": "act", "action": first["frame"]["legal"][0]["text"], "step": first["step"]}
        )
        until(ws, "ack")
        second = my_turn(ws)
    with socket(c, t["id"]) as ws:  # a reload
        again = _joined(c, ws, t["token"])
        assert again["step"] == second["step"]
        assert again["frame"]["hand"] == second["frame"]["hand"]
        with socket(c, t["id"]) as tab:  # the same seat opened in another tab
            tab.send_json({"type": "join", "token": t["token"]})
            assert until(tab, "welcome")["seat"] == 0
            assert until(ws, "error")["code"] == "replaced"


def test_hints_rank_the_legal_choices(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["greedy"])
    with socket(c, t["id"]) as ws:
        turn = _joined(c, ws, t["token"])
        ws.send_json({"type": "hint"})
        got = until(ws, "hints")
        legal = {a["text"] for a in turn["frame"]["legal"]}
        assert got["step"] == turn["step"] and got["hints"]
        assert all(h["text"] in legal and h["reason"] for h in got["hints"])
        shown = [(h["value"], h["mean_score"]) for h in got["hints"]]
        assert shown == sorted(shown, reverse=True)
        assert got["confidence"] in ("sure", "likely", "close", "few", "only")
        assert got["summary"] and all(h["plain"].startswith("Ahead in") for h in got["hints"])
        labels = [h["label"] for h in got["hints"]]
        assert "-" not in got["summary"] or any(lab in got["summary"] for lab in labels)


def test_a_rematch_seats_the_same_people_at_a_new_table(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, ["mcts:1"])
    with socket(c, t["id"]) as ws:
        final = play_out(ws, first=_joined(c, ws, t["token"]))
        ws.send_json({"type": "act", "action": "tempura", "step": final["step"]})
        assert until(ws, "error")["code"] == "game_over"
        ws.send_json({"type": "rematch"})
        msg = until(ws, "rematch")
        ws.send_json({"type": "rematch"})
        assert until(ws, "error")["code"] == "already_seated"
    new = c.get(f"/api/tables/{msg['table']}").json()
    assert new["status"] == "playing" and new["seats"][1]["bot"] == "mcts:ms=25"
    assert c.get(f"/api/tables/{t['id']}").json()["rematch"] == msg["table"]
    with socket(c, msg["table"]) as ws:
        assert _joined(c, ws, msg["token"])["frame"]["viewer"] == 0


def test_a_turn_timer_picks_for_a_player_who_does_not(db: Path) -> None:
    with client(db) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        t = create(c, "sushi-go", 2, ["greedy"], timer=15)
        with socket(c, t["id"]) as ws:
            turn = _joined(c, ws, t["token"])
            assert turn["deadline"] is not None
            live = server.live[t["id"]]
            live.timer.cancel()
            c.portal.call(server._time_out, live, turn["step"], 0)  # the clock runs out
            later = my_turn(ws)
            assert later["step"] > turn["step"]


# -- restart ----------------------------------------------------------------------------


def test_a_restarted_server_resumes_every_table(db: Path) -> None:
    with client(db) as c:
        t = create(c, "sushi-go-party", 2, [None], options={"menu": "dinner-for-two"})
        bob = c.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"}).json()
        waiting = create(c, "sushi-roll", 2, [None])
        with socket(c, t["id"]) as ws:
            turn = _joined(c, ws, t["token"])
            ws.send_json(
                {"type": "act", "action": turn["frame"]["legal"][0]["text"], "step": turn["step"]}
            )
            until(ws, "ack")  # committed: Ann's pick is pending, Bob has not chosen
    with client(db) as c:
        assert c.get(f"/api/tables/{waiting['id']}").json()["status"] == "waiting"
        assert c.get(f"/api/tables/{t['id']}").json()["step"] == turn["step"]
        with socket(c, t["id"]) as ws:
            again = _joined(c, ws, bob["token"])
            assert again["frame"]["viewer"] == 1 and again["decided"] == [0]
            ws.send_json(
                {"type": "act", "action": again["frame"]["legal"][0]["text"], "step": again["step"]}
            )
            assert until(ws, "ack")["step"] == turn["step"]
            assert (
                c.get(f"/api/tables/{t['id']}").json()["step"] > turn["step"]
            )  # Ann's stored pick counted


def test_a_table_of_bots_plays_itself_while_watched(c: TestClient) -> None:
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    r = c.post("/api/tables", json={"game": "sushi-roll", "players": 2, "seats": bots})
    assert r.status_code == 201 and r.json()["token"] is None and r.json()["seat"] is None
    with socket(c, r.json()["id"]) as ws:
        ws.send_json({"type": "join"})
        final = my_turn(ws)
    assert final["status"] == "finished" and final["frame"]["viewer"] is None
    assert final["frame"]["final"]["winners"]


def test_the_server_on_postgresql_plays_and_resumes(postgres_url: str) -> None:
    import sqlalchemy as sa

    from sushigo.web.store import META

    engine = sa.create_engine(postgres_url)
    META.drop_all(engine)  # a clean database: a restart resumes every table in it
    engine.dispose()
    with client(postgres_url) as c:
        t = create(c, "sushi-go-party", 3, ["greedy", "random"], options={"menu": "party-sampler"})
        with socket(c, t["id"]) as ws:
            turn = _joined(c, ws, t["token"])
            ws.send_json(
                {"type": "act", "action": turn["frame"]["legal"][0]["text"], "step": turn["step"]}
            )
            until(ws, "ack")
            before = my_turn(ws)
    with client(postgres_url) as c:
        with socket(c, t["id"]) as ws:
            again = _joined(c, ws, t["token"])
            assert again["step"] == before["step"] and again["frame"] == before["frame"]
            final = play_out(ws, first=again)
        record = c.get(f"/api/tables/{t['id']}/record").json()
    assert replay(record).returns() == final["frame"]["final"]["scores"]


def test_a_failed_write_is_refused_and_the_table_reloaded(
    c: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = c.app.state.server  # type: ignore[attr-defined]
    t = create(c, "sushi-go", 2, [None])
    c.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"})
    with socket(c, t["id"]) as ws:
        turn = _joined(c, ws, t["token"])

        def broken(*args: Any, **kwargs: Any) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(server.db, "save_play", broken)
        ws.send_json(
            {"type": "act", "action": turn["frame"]["legal"][0]["text"], "step": turn["step"]}
        )
        err = until(ws, "error")
        assert err["code"] == "server"
        monkeypatch.undo()
        assert server.live[t["id"]].table.pending == {}  # reloaded as stored: nothing chosen
        ws.send_json(
            {"type": "act", "action": turn["frame"]["legal"][0]["text"], "step": turn["step"]}
        )
        assert until(ws, "ack")["step"] == turn["step"]


def test_the_score_calculator_answers_every_mistake_with_its_field(c: TestClient) -> None:
    """The page marks each field that holds a mistake: the answer names the round and
    seat of each, with its sentence."""
    sheet = {
        "game": "sushi-go",
        "names": ["Ann", "Bob"],
        "rounds": [[["tempura"], ["sashimmi"]], [["tempra", "wasabii"], ["eggs"]]],
    }
    r = c.post("/api/score", json=sheet)
    assert r.status_code == 400
    answer = r.json()
    assert answer["error"].startswith("3 mistakes: round 1, Bob, card 1")
    assert [(p["round"], p["seat"]) for p in answer["problems"]] == [(1, 1), (2, 0), (2, 0)]
    assert answer["problems"][2]["message"].startswith("round 2, Ann, card 2: unknown card")
