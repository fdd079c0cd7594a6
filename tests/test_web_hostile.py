"""Hostile input to the web server (issue 14): every case gets a clear 4xx answer
or an ``error`` frame, never a 500, a dropped socket or a stalled event loop."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sushigo.games.party.cards import SUGGESTED_MENUS
from sushigo.web.app import MAX_DEPTH, Settings, create_app
from web_client import client, create, socket, until

JSON = {"content-type": "application/json"}
TABLE = {"game": "sushi-go", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "web.db")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def c(tmp_path: Path) -> Any:
    with client(tmp_path / "web.db") as test_client:
        yield test_client


def sheet(entry: str, game: str = "sushi-go") -> dict[str, Any]:
    return {"game": game, "names": ["Ann", "Bob"], "rounds": [[[entry], []]]}


# -- card counts --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            sheet("tempura x5000000"),
            "round 1, Ann, card 1: 'tempura x5000000': the deck has 112 cards (14 tempura)",
        ),
        (
            sheet("tempura x99999999999999999999"),
            "'tempura x99999999999999999999': the deck has 112 cards (14 tempura)",
        ),
        (sheet("tempura x" + "9" * 6000), "the deck has 112 cards (14 tempura)"),
        (sheet("tempura x5000000", "sushi-roll"), "'tempura x5000000': the bag has 30 dice"),
        (
            {
                **sheet("tempura x5000000", "sushi-go-party"),
                "names": ["A", "B", "C"],
                "rounds": [[["tempura x5000000"], [], []]],
                "menu": "my-first-meal",
            },
            "'tempura x5000000': the box has ",
        ),
    ],
)
def test_absurd_card_counts_are_refused_at_once(
    c: TestClient, body: dict[str, Any], message: str
) -> None:
    start = time.perf_counter()
    r = c.post("/api/score", json=body)
    assert time.perf_counter() - start < 1.0
    assert r.status_code == 400, r.text
    assert message in r.json()["error"]


def test_scoring_leaves_the_event_loop_free(tmp_path: Path) -> None:
    # a large sheet (some 200,000 cards) is scored in a thread: meanwhile the server
    # answers other requests
    big = {"game": "sushi-go", "names": ["Ann", "Bob"], "rounds": [[["tempura x100"] * 2000, []]]}
    app = create_app(Settings(database=str(tmp_path / "web.db"), hosts=("testserver",)))
    done: list[str] = []

    async def run() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as h:

            async def score() -> None:
                r = await h.post("/api/score", json=big)
                assert r.status_code == 200, r.text
                done.append("score")

            async def options() -> None:
                await asyncio.sleep(0.02)
                r = await h.get("/api/options")
                assert r.status_code == 200
                done.append("options")

            await asyncio.gather(score(), options())

    asyncio.run(run())
    assert done == ["options", "score"]


# -- malformed JSON -----------------------------------------------------------------

DEEP = b"[" * 3000
TOO_DEEP = json.dumps(json.loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))).encode()


@pytest.mark.parametrize("body", [DEEP, TOO_DEEP], ids=["3000", "33"])
@pytest.mark.parametrize("path", ["/api/tables", "/api/score", "JOIN"])
def test_deep_json_is_a_400(c: TestClient, path: str, body: bytes) -> None:
    if path == "JOIN":
        path = f"/api/tables/{create(c, 'sushi-go', 2, [None])['id']}/join"
    r = c.post(path, content=body, headers=JSON)
    assert r.status_code == 400
    assert r.json()["error"] in (
        f"the request body is JSON, nested at most {MAX_DEPTH} deep",
        f"the request body is JSON: nested more than {MAX_DEPTH} deep",
    )


def test_bad_frames_leave_the_socket_open(c: TestClient) -> None:
    t = create(c, "sushi-go", 2, [None])
    with socket(c, t["id"]) as ws:
        for text, code, message in [
            ("[" * 3000, "bad_json", f"messages are JSON objects, nested at most {MAX_DEPTH} deep"),
            (
                json.dumps({"type": "ping", "x": json.loads("[" * 40 + "]" * 40)}),
                "bad_json",
                f"messages are JSON objects: nested more than {MAX_DEPTH} deep",
            ),
            ("{not json", "bad_json", "messages are JSON objects: this is not valid JSON"),
            ('{"type": "join", "token": "\\ud800"}', "bad_json", "lone surrogate"),
            ('{"type": "join", "token": "a\\u0000b"}', "bad_token", "not valid"),
            ('{"type": "join", "token": ["x"]}', "bad_token", "not valid"),
        ]:
            ws.send_text(text)
            err = until(ws, "error")
            assert err["code"] == code and message in err["message"], err
            ws.send_json({"type": "ping"})
            assert until(ws, "pong") == {"type": "pong"}
        ws.send_json({"type": "join", "token": t["token"]})
        assert until(ws, "welcome")["seat"] == 0


# -- names, levels ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\\ud800", "the request body is JSON: text holds a lone surrogate (not valid Unicode)"),
        ("Ann\\u0000", "a name cannot be used: it holds a control character (U+0000)"),
        ("\\u202eoB", "a name cannot be used: it holds a direction-changing character (U+202E)"),
        ("A\\u2066B", "a name cannot be used: it holds a direction-changing character (U+2066)"),
    ],
)
def test_bad_names_are_refused_on_every_database(database: str, name: str, message: str) -> None:
    with client(database) as c:
        body = json.dumps(TABLE)[:-1] + f', "name": "{name}"}}'
        r = c.post("/api/tables", content=body.encode(), headers=JSON)
        assert (r.status_code, r.json()) == (400, {"error": message})
        t = create(c, "sushi-go", 2, [None])
        r = c.post(
            f"/api/tables/{t['id']}/join", content=f'{{"name": "{name}"}}'.encode(), headers=JSON
        )
        assert (r.status_code, r.json()) == (400, {"error": message})
        assert c.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"}).status_code == 200


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\\ud800", "the request body is JSON: text holds a lone surrogate (not valid Unicode)"),
        ("A\\u0000", "'names': the name 'A\\x00' holds a control character (U+0000)"),
        ("\\u202eA", "'names': the name '\\u202eA' holds a direction-changing character (U+202E)"),
    ],
)
def test_bad_sheet_names_are_refused(c: TestClient, name: str, message: str) -> None:
    body = f'{{"game": "sushi-go", "names": ["{name}", "B"], "rounds": [[["squid"], []]]}}'
    r = c.post("/api/score", content=body.encode(), headers=JSON)
    assert (r.status_code, r.json()) == (400, {"error": message})


@pytest.mark.parametrize("level", [[1], {}, "3", 2.5, True, None])
def test_a_bot_level_of_the_wrong_kind_is_a_400(c: TestClient, level: Any) -> None:
    body = {**TABLE, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "mcts", "level": level}]}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 400
    assert r.json()["error"] == f"the mcts bot's level is 1 to 5, not {level!r}"


# -- a Party menu ------------------------------------------------------------------

MENUS = "a menu (one of " + ", ".join(SUGGESTED_MENUS) + ", or random)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"menu": ""}, f"menu is empty: name {MENUS} or list its card kinds"),
        ({"menu": "   "}, f"menu is empty: name {MENUS} or list its card kinds"),
        ({"menu": []}, f"menu is an empty list: list its card kinds, or name {MENUS}"),
        ({"menu": 0}, f"menu names {MENUS} or lists its card kinds, not 0"),
        ({"menu": False}, f"menu names {MENUS} or lists its card kinds, not False"),
        ({"menu": {}}, f"menu names {MENUS} or lists its card kinds, not {{}}"),
        ({"menu": 7}, f"menu names {MENUS} or lists its card kinds, not 7"),
        ({"menu": ["maki", 1]}, "a menu's card kinds are their names (text), not 1"),
        ({"menu": ["maki", ""]}, "a menu's card kinds are their names (text), not ''"),
        ([], "options is an object, not []"),
        (0, "options is an object, not 0"),
        ("", "options is an object, not ''"),
    ],
)
@pytest.mark.parametrize("path", ["/api/tables", "/api/quick"])
def test_an_empty_or_mistyped_menu_is_refused(
    c: TestClient, path: str, options: Any, message: str
) -> None:
    body = {"game": "sushi-go-party", "players": 3, "options": options}
    body["seats"] = [{"kind": "human"}] * 3
    r = c.post(path, json=body)
    assert (r.status_code, r.json()) == (400, {"error": message})
    assert c.app.state.server.live == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("options", "players", "menu"),
    [
        (None, 3, "master-menu"),  # no options: the default menu
        ({}, 3, "master-menu"),
        ({"menu": None}, 3, "master-menu"),
        ({}, 2, "my-first-meal"),  # the Master Menu is for 3 to 8
        ({"menu": "dinner-for-two"}, 3, "dinner-for-two"),
    ],
)
@pytest.mark.parametrize("path", ["/api/tables", "/api/quick"])
def test_a_missing_menu_is_the_default_one(
    c: TestClient, path: str, options: Any, players: int, menu: str
) -> None:
    body: dict[str, Any] = {"game": "sushi-go-party", "players": players}
    body["seats"] = [{"kind": "human"}] * players
    if options is not None:
        body["options"] = options
    r = c.post(path, json=body)
    assert r.status_code == 201, r.text
    summary = c.get(f"/api/tables/{r.json()['id']}").json()
    assert summary["options"] == {"menu": menu}


# -- cross-site requests ------------------------------------------------------------


@pytest.mark.parametrize("kind", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_only_json_bodies_are_read(c: TestClient, kind: str | None) -> None:
    headers = {"content-type": kind} if kind else {}
    t = create(c, "sushi-go", 2, [None])
    for path, body in [
        ("/api/tables", TABLE),
        ("/api/score", sheet("squid")),
        (f"/api/tables/{t['id']}/join", {"name": "Bob"}),
    ]:
        r = c.post(path, content=json.dumps(body).encode(), headers=headers)
        assert (r.status_code, r.json()) == (
            415,
            {"error": "send the request body as JSON (Content-Type: application/json)"},
        )
    assert c.get(f"/api/tables/{t['id']}").json()["free"] == 1


def test_posts_from_other_sites_are_refused(tmp_path: Path) -> None:
    with client(tmp_path / "web.db", origins=("https://friend.example",)) as c:
        r = c.post("/api/tables", json=TABLE, headers={"origin": "https://evil.example"})
        assert (r.status_code, r.json()) == (
            403,
            {
                "error": "requests from pages of 'https://evil.example' are refused "
                "(sushigo serve --allow-origin ORIGIN allows one)"
            },
        )
        assert c.post("/api/tables", json=TABLE, headers={"origin": "null"}).status_code == 403
        for origin in ("http://testserver", "https://friend.example"):
            assert c.post("/api/tables", json=TABLE, headers={"origin": origin}).status_code == 201
        assert c.post("/api/tables", json=TABLE).status_code == 201  # not a browser
        assert c.get("/api/tables", headers={"origin": "https://evil.example"}).status_code == 200


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("evil.example", False),
        ("evil.example:8000", False),
        ("", False),
        ("localhost:8000", True),
        ("127.0.0.1:8000", True),
        ("[::1]:8000", True),
        ("192.168.1.20", True),
        ("testserver", True),
    ],
)
def test_the_host_must_name_the_server(c: TestClient, host: str, ok: bool) -> None:
    r = c.get("/api/options", headers={"host": host})
    if ok:
        assert r.status_code == 200
        return
    assert (r.status_code, r.json()) == (
        400,
        {
            "error": f"this server does not answer to the host {host!r} "
            "(sushigo serve --allow-host NAME adds a name)"
        },
    )
    t = create(c, "sushi-go", 2, [None])
    with (
        pytest.raises(WebSocketDisconnect),
        c.websocket_connect(f"/ws/{t['id']}", headers={"host": host}) as ws,
    ):
        ws.receive_json()


def test_any_host_with_a_star(tmp_path: Path) -> None:
    with client(tmp_path / "web.db", hosts=("*",)) as c:
        assert c.get("/api/options", headers={"host": "evil.example"}).status_code == 200


# -- limits -------------------------------------------------------------------------


def test_tables_per_client_are_limited(tmp_path: Path) -> None:
    with client(tmp_path / "web.db", max_tables=2) as c:
        assert c.post("/api/tables", json=TABLE).status_code == 201
        assert c.post("/api/tables", json={"game": "chess"}).status_code == 400  # not counted
        assert c.post("/api/tables", json=TABLE).status_code == 201
        r = c.post("/api/tables", json=TABLE)
        assert r.status_code == 429
        assert r.json()["error"].startswith(
            "too many tables from your address: at most 2 every 10 minutes; try again in "
        )


def test_sockets_per_client_are_limited(tmp_path: Path) -> None:
    with client(tmp_path / "web.db", max_sockets=1) as c:
        t = create(c, "sushi-go", 2, [None])
        with socket(c, t["id"]) as first:
            with socket(c, t["id"]) as second:
                err = second.receive_json()
                assert err == {
                    "type": "error",
                    "code": "too_many",
                    "message": "too many connections from your address: at most 1 at once",
                }
                with pytest.raises(WebSocketDisconnect) as closed:
                    second.receive_json()
                assert closed.value.code == 1013
            first.send_json({"type": "ping"})
            assert until(first, "pong")["type"] == "pong"
        with socket(c, t["id"]) as again:  # the count went down when the first closed
            again.send_json({"type": "ping"})
            assert until(again, "pong")["type"] == "pong"
