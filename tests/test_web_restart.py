"""A real server process killed mid-game (SIGKILL: no chance to tidy up) and started
again on the same database: the game goes on from where it was and finishes,
nothing lost; its record re-plays exactly."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from sushigo.core.records import replay
from web_client import free_port, serve


def _recv(ws: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(1000):
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] == "error":
            raise AssertionError(msg)
        if msg["type"] == kind:
            return dict(msg)
    raise AssertionError(f"no {kind}")


def _turn(ws: ClientConnection) -> dict[str, Any]:
    while True:
        msg = _recv(ws, "state")
        if msg["status"] == "finished" or (
            msg["frame"] and msg["frame"].get("legal") and msg["chosen"] is None
        ):
            return msg


def _act(ws: ClientConnection, msg: dict[str, Any]) -> None:
    legal = msg["frame"]["legal"]
    ws.send(json.dumps({"type": "act", "action": legal[-1]["text"], "step": msg["step"]}))
    _recv(ws, "ack")


@pytest.mark.parametrize("game", ["sushi-go", "sushi-go-party", "sushi-roll"])
def test_kill_the_server_mid_game_then_finish(tmp_path: Path, game: str) -> None:
    db, log = tmp_path / "web.db", tmp_path / "server.log"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    body = {
        "game": game,
        "players": 3,
        "seats": [
            {"kind": "human"},
            {"kind": "bot", "bot": "greedy"},
            {"kind": "bot", "bot": "random"},
        ],
        "name": "Ann",
    }
    with serve(db, port, log) as proc:
        t = httpx.post(f"{base}/api/tables", json=body).json()
        with connect(f"ws://127.0.0.1:{port}/ws/{t['id']}") as ws:
            ws.send(json.dumps({"type": "join", "token": t["token"]}))
            for _ in range(4):
                _act(ws, _turn(ws))
            before = _turn(ws)
            os.kill(proc.pid, signal.SIGKILL)
    assert before["status"] == "playing"
    with serve(db, port, log):
        summary = httpx.get(f"{base}/api/tables/{t['id']}").json()
        assert summary["status"] == "playing" and summary["step"] == before["step"]
        with connect(f"ws://127.0.0.1:{port}/ws/{t['id']}") as ws:
            ws.send(json.dumps({"type": "join", "token": t["token"]}))
            assert _recv(ws, "welcome")["seat"] == 0
            msg = _turn(ws)
            assert msg["step"] == before["step"] and msg["frame"] == before["frame"]
            while msg["status"] != "finished":
                _act(ws, msg)
                msg = _turn(ws)
        record = httpx.get(f"{base}/api/tables/{t['id']}/record").json()
    state = replay(record)
    assert state.returns() == msg["frame"]["final"]["scores"]
