"""Helpers for the web server's tests: an app on a fresh database, and a seat that
plays through the WebSocket protocol (docs/web.md)."""

from __future__ import annotations

import socket as socket_module
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import jsonschema
from starlette.testclient import TestClient, WebSocketTestSession

from sushigo.web.app import Settings, create_app
from sushigo.web.protocol import schema_document

ORIGIN = "http://testserver"


@contextmanager
def client(database: str | Path, **settings: Any) -> Iterator[TestClient]:
    """A test client of a server on ``database`` (bots decide at once)."""
    options = {"bot_delay": 0.0, "hint_ms": 20.0, "hosts": ("testserver",), **settings}
    app = create_app(Settings(database=str(database), **options))
    with TestClient(app) as c:
        yield c


def free_port() -> int:
    with socket_module.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(database: Path, port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``sushigo serve`` in its own process (output appended to ``log``), until it answers."""
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sushigo.cli",
                "serve",
                "--port",
                str(port),
                "--database",
                str(database),
                "--bot-delay",
                "0",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        for _ in range(300):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1)
                break
            except httpx.TransportError:
                if proc.poll() is not None:
                    raise AssertionError(f"the server exited: {log.read_text()}") from None
                time.sleep(0.1)
        else:
            raise AssertionError(f"the server did not answer: {log.read_text()}")
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


def create(
    c: TestClient, game: str, players: int, bots: list[str | None], **extra: Any
) -> dict[str, Any]:
    """Create a table: seat 0 is the caller, then one entry per other seat (a bot's
    name, ``mcts:3`` for a level, or None for a human). Returns id, seat and token."""
    seats: list[dict[str, Any]] = [{"kind": "human"}]
    for bot in bots:
        if bot is None:
            seats.append({"kind": "human"})
        elif ":" in bot:
            name, level = bot.split(":")
            seats.append({"kind": "bot", "bot": name, "level": int(level)})
        else:
            seats.append({"kind": "bot", "bot": bot})
    body = {"game": game, "players": players, "seats": seats, "name": "Ann", **extra}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


@contextmanager
def socket(
    c: TestClient, table: str, origin: str | None = ORIGIN
) -> Iterator[WebSocketTestSession]:
    headers = {"origin": origin} if origin else {}
    with c.websocket_connect(f"/ws/{table}", headers=headers) as ws:
        yield ws


def until(ws: WebSocketTestSession, kind: str, limit: int = 500) -> dict[str, Any]:
    """The next message of type ``kind`` (others are skipped)."""
    for _ in range(limit):
        msg = dict(ws.receive_json())
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind!r} message in {limit}")


def my_turn(ws: WebSocketTestSession, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next state in which this seat must decide, or the final state."""
    for _ in range(2000):
        msg = dict(ws.receive_json())
        if seen is not None:
            seen.append(msg)
        if msg["type"] == "error":
            raise AssertionError(msg)
        if msg["type"] != "state":
            continue
        frame = msg["frame"]
        if msg["status"] == "finished":
            return msg
        # a seat that has chosen keeps its legal actions (it may change its mind
        # until the reveal): its turn is one it has not chosen in yet
        if (
            frame is not None
            and frame.get("legal")
            and msg["status"] == "playing"
            and msg.get("chosen") is None
        ):
            return msg
    raise AssertionError("the game did not come back to this seat")


def play_out(
    ws: WebSocketTestSession,
    seen: list[dict[str, Any]] | None = None,
    pick: int = 0,
    first: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play this seat to the end of the game (the ``pick``-th legal choice, wrapped),
    from ``first`` (a state already received) or the next turn; returns the final
    state message."""
    while True:
        msg, first = first or my_turn(ws, seen), None
        if msg["status"] == "finished":
            return msg
        legal = msg["frame"]["legal"]
        ws.send_json(
            {"type": "act", "action": legal[pick % len(legal)]["text"], "step": msg["step"]}
        )
        ack = until(ws, "ack") if seen is None else _ack(ws, seen)
        assert ack["step"] == msg["step"]


def _ack(ws: WebSocketTestSession, seen: list[dict[str, Any]]) -> dict[str, Any]:
    for _ in range(500):
        msg = dict(ws.receive_json())
        seen.append(msg)
        if msg["type"] == "error":
            raise AssertionError(msg)
        if msg["type"] == "ack":
            return msg
    raise AssertionError("no ack")


def schema_validator(name: str) -> Any:
    """A validator of one definition (``WelcomeMessage``, ``GameFrame``...) of the
    protocol's JSON Schema (``GET /api/schema``)."""
    doc = schema_document()
    schema = {"$schema": doc["$schema"], "$defs": doc["$defs"], "$ref": f"#/$defs/{name}"}
    return jsonschema.Draft202012Validator(schema)


def join(ws: WebSocketTestSession, token: str | None = None) -> dict[str, Any]:
    """Join a table (with a seat's token, or to watch); its ``welcome``, checked
    against the schema."""
    ws.send_json({"type": "join", "token": token} if token else {"type": "join"})
    welcome = until(ws, "welcome")
    schema_validator("WelcomeMessage").validate(welcome)
    return welcome
