"""Nothing hidden reaches a browser: across whole games, every frame the server sent
to a seat is exactly the frame built from that seat's view of the position it was
sent at (``frames.seat_frame``), and every frame sent to a spectator is the public
one. tests/test_web_frames.py shows those frames depend on the view alone (a world
dealt anew from the view gives the same frame). Here the positions are re-built from
the stored record, and no hand the seat has not seen is shown for its holder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sushigo.core.records import replay
from sushigo.core.state import State
from sushigo.play.positions import positions
from sushigo.present import frames
from web_client import client, create, play_out, socket, until


def _positions(record: dict[str, Any]) -> dict[int, State]:
    """The state after each number of applied steps, from the record."""
    states = {pos.step - 1: pos.state.copy() for pos in positions(record)}
    final = replay(record)
    states[max(states) + 1] = final
    return states


def _hidden_seats(state: State, seat: int) -> list[int]:
    """Other seats holding a hand the seat's view does not know."""
    view = state.observe(seat)
    known = getattr(view, "hands", None)
    if known is None:  # Sushi Roll: nothing hidden but future rolls
        return []
    hidden = []
    for rel in range(1, view.seats):
        other = (seat + rel) % view.seats
        # the dummy of the two-player variant holds no hand
        if known[rel] is None and state.observe(other).hand:
            hidden.append(other)
    return hidden


@pytest.mark.parametrize(
    ("game", "players", "bots", "options"),
    [
        ("sushi-go", 4, ["greedy", "random", "greedy"], {}),
        ("sushi-go", 2, ["greedy"], {"dummy": True}),
        ("sushi-go-party", 5, ["greedy", "random", "greedy", "random"], {"menu": "master-menu"}),
        ("sushi-go-party", 4, ["greedy", "greedy", "random"], {"menu": "dinner-for-two"}),
        ("sushi-go-party", 6, ["random"] * 5, {"menu": "big-banquet"}),
        ("sushi-roll", 3, ["greedy", "random"], {}),
    ],
)
def test_no_frame_carries_what_its_seat_may_not_know(
    tmp_path: Path, game: str, players: int, bots: list[str | None], options: dict[str, Any]
) -> None:
    with client(tmp_path / "leak.db") as c:
        t = create(c, game, players, bots, options=options)
        seen: list[dict[str, Any]] = []
        watched: list[dict[str, Any]] = []
        with socket(c, t["id"]) as watcher, socket(c, t["id"]) as ws:
            watcher.send_json({"type": "join"})
            until(watcher, "welcome")
            ws.send_json({"type": "join", "token": t["token"]})
            until(ws, "welcome")
            play_out(ws, seen, pick=1)
            while True:
                msg = watcher.receive_json()
                watched.append(msg)
                if msg["type"] == "state" and msg["status"] == "finished":
                    break
        record = c.get(f"/api/tables/{t['id']}/record").json()
    states = _positions(record)
    sent = [m for m in seen if m["type"] == "state"]
    public = [m for m in watched if m["type"] == "state"]
    assert len(sent) > 10 and len(public) > 10
    for msg in sent:
        state = states[msg["step"]]
        expected = frames.seat_frame(state, 0)
        if msg["frame"]["legal"] is None and expected.get("legal"):
            expected = {**expected, "legal": None}  # already chosen this step
        assert msg["frame"] == json.loads(json.dumps(expected)), f"step {msg['step']}"
        view = state.observe(0)
        if hasattr(view, "hand"):  # a card game: its own hand, as the view has it
            assert msg["frame"]["hand"] == list(view.hand) or state.is_terminal()
        players = {p["seat"]: p for p in msg["frame"]["players"]}
        for other in _hidden_seats(state, 0):
            # a hand it has not seen is not shown, whatever it holds (a one-card
            # hand may well equal a hand it has seen: compare seats, not cards)
            assert players[other]["hand"] is None, f"step {msg['step']}, seat {other}"
    for msg in sent:
        # the seat's own choice towards the next step, while it may still change it
        assert msg["chosen"] is None or msg["status"] == "playing", f"step {msg['step']}"
    for msg in public:
        assert msg["chosen"] is None  # a spectator is told nobody's choice
        state = states[msg["step"]]
        assert msg["frame"] == json.loads(json.dumps(frames.public_frame(state)))
        assert not msg["frame"].get("hand")
        assert all(not p.get("hand") for p in msg["frame"]["players"])
