"""Table talk (docs/web.md, "Table talk"): seated players send short messages and
emotes, everyone connected reads them, spectators only read; the talk is limited in
length and rate, refused with a sentence when bad, and kept with the table (SQLite
and PostgreSQL, across restarts)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from sushigo.web.store import META
from sushigo.web.tables import CHAT_LENGTH, EMOTES
from web_client import client, create, join, schema_validator, socket, until


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "chat.db")
    url: str = request.getfixturevalue("postgres_url")
    engine = sa.create_engine(url)
    META.drop_all(engine)
    engine.dispose()
    return url


def test_players_talk_spectators_read_and_the_talk_is_kept(database: str) -> None:
    with client(database) as c:
        t = create(c, "sushi-go", 3, [None, "greedy"], name="Ann")
        bob = c.post(f"/api/tables/{t['id']}/join", json={"name": "<b>Bob</b>"}).json()
        with socket(c, t["id"]) as ann, socket(c, t["id"]) as bws, socket(c, t["id"]) as watcher:
            assert join(ann, t["token"])["chat"] == []
            join(bws, bob["token"])
            join(watcher)
            ann.send_json({"type": "chat", "text": "  good   luck <script>x</script> "})
            for ws in (ann, bws, watcher):
                got = until(ws, "chat")
                schema_validator("ChatBroadcast").validate(got)
                entry = got["entry"]
                assert entry["text"] == "good luck <script>x</script>"  # kept as text
                assert (entry["seat"], entry["name"], entry["n"], entry["emote"]) == (
                    0,
                    "Ann",
                    0,
                    False,
                )
            bws.send_json({"type": "chat", "emote": EMOTES[0]})
            entry = until(watcher, "chat")["entry"]
            assert (entry["seat"], entry["name"], entry["text"], entry["emote"]) == (
                1,
                "<b>Bob</b>",
                EMOTES[0],
                True,
            )
            watcher.send_json({"type": "chat", "text": "hello"})
            assert until(watcher, "error")["code"] == "spectator"
    with client(database) as c:  # a restart: the talk is kept with the table
        with socket(c, t["id"]) as ws:
            chat = join(ws)["chat"]
            assert [(e["n"], e["seat"], e["text"]) for e in chat] == [
                (0, 0, "good luck <script>x</script>"),
                (1, 1, EMOTES[0]),
            ]
            assert chat[1]["name"] == "<b>Bob</b>"


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ({"type": "chat"}, "a message is text"),
        ({"type": "chat", "text": 5}, "a message is text"),
        ({"type": "chat", "text": "   "}, "needs some text"),
        ({"type": "chat", "text": "x" * (CHAT_LENGTH + 1)}, f"at most {CHAT_LENGTH}"),
        ({"type": "chat", "text": "bad\u0000nul"}, "control character"),
        ({"type": "chat", "text": "evil \u202e txt"}, "direction-changing"),
        ({"type": "chat", "emote": "<img src=x>"}, "an emote is one of"),
        ({"type": "chat", "emote": ["👍"]}, "an emote is one of"),
    ],
)
def test_bad_talk_is_refused_with_a_sentence(tmp_path: Path, message: Any, words: str) -> None:
    with client(tmp_path / "bad.db") as c:
        t = create(c, "sushi-go", 2, ["greedy"])
        with socket(c, t["id"]) as ws:
            join(ws, t["token"])
            ws.send_json(message)
            err = until(ws, "error")
            assert err["code"] == "bad_message" and words in err["message"], err
            assert err["request"] == "chat"  # which message was refused
            ws.send_text('{"type": "chat", "text": "\\ud800"}')  # a lone surrogate
            err = until(ws, "error")
            assert err["code"] == "bad_json" and "lone surrogate" in err["message"], err
            ws.send_json({"type": "chat", "text": "still here"})
            assert until(ws, "chat")["entry"]["n"] == 0  # nothing was kept of the bad ones


def test_talk_is_rate_limited_per_seat(tmp_path: Path) -> None:
    with client(tmp_path / "rate.db") as c:
        t = create(c, "sushi-go", 2, ["greedy"])
        with socket(c, t["id"]) as ws:
            join(ws, t["token"])
            sent = 0
            for i in range(8):
                ws.send_json({"type": "chat", "text": f"message {i}"})
                msg = ws.receive_json()
                while msg["type"] not in ("chat", "error"):
                    msg = ws.receive_json()
                if msg["type"] == "error":
                    assert msg["code"] == "chat_slow" and "wait" in msg["message"]
                    break
                sent += 1
            assert sent == 5
            time.sleep(3.1)
            ws.send_json({"type": "chat", "text": "after a pause"})
            assert until(ws, "chat")["entry"]["text"] == "after a pause"
