"""Changing your mind until the reveal (docs/web.md, "Changing your mind"): in a
simultaneous pick the latest choice a seat sends before the last seat decides is the
one played; the other seats learn only that it decided; a change after the reveal is
refused; the standing choice is stored with the table and survives a restart; the
turn timer plays only for seats that never chose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from web_client import client, create, my_turn, socket, until

GAMES = [
    ("sushi-go", {}),
    ("sushi-go-party", {"menu": "dinner-for-two"}),
]


def _two_cards(turn: dict[str, Any]) -> tuple[str, str]:
    """Two single-card picks of different cards (no chopsticks, call or copy)."""
    plain = [
        e["text"]
        for e in turn["frame"]["legal"]
        if e["kind"] == "pick"
        and "+" not in e["text"]
        and "=" not in e["text"]
        and " " not in e["text"]
    ]
    assert len(plain) >= 2, turn["frame"]["legal"]
    return plain[0], plain[1]


def _seated(c: TestClient, ws: WebSocketTestSession, token: str) -> dict[str, Any]:
    ws.send_json({"type": "join", "token": token})
    until(ws, "welcome")
    return my_turn(ws)


def _two_people(
    c: TestClient, game: str, options: dict[str, Any], **extra: Any
) -> tuple[str, str, str]:
    t = create(c, game, 2, [None], options=options, **extra)
    bob = c.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"}).json()
    return t["id"], t["token"], bob["token"]


def _played(state: dict[str, Any], seat: int) -> list[str]:
    return list(state["frame"]["players"][seat]["played"])


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_the_latest_pick_before_the_reveal_is_played(
    tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    with client(tmp_path / "p.db") as c:
        table, ann_token, bob_token = _two_people(c, game, options)
        with socket(c, table) as ann, socket(c, table) as bob:
            turn = _seated(c, ann, ann_token)
            bob_turn = _seated(c, bob, bob_token)
            first, second = _two_cards(turn)
            ann.send_json({"type": "act", "action": first, "step": turn["step"]})
            ack = until(ann, "ack")
            assert ack["action"] == first and ack["changed"] is False
            mine = until(ann, "state")
            assert mine["chosen"]["action"] == first and mine["decided"] == [0]
            assert mine["frame"]["legal"], "the seat may still change its pick"
            theirs = until(bob, "state")
            assert theirs["decided"] == [0] and theirs["chosen"] is None
            # Ann changes her mind: stored and acknowledged, she alone is told
            ann.send_json({"type": "act", "action": second, "step": turn["step"]})
            ack = until(ann, "ack")
            assert ack["action"] == second and ack["changed"] is True
            assert ack["step"] == turn["step"]
            again = until(ann, "state")
            assert again["chosen"]["action"] == second and again["step"] == turn["step"]
            bob.send_json({"type": "ping"})
            assert bob.receive_json() == {"type": "pong"}  # nothing about Ann's change
            # Bob decides: the picks are revealed, Ann's latest is the one played
            bob.send_json(
                {
                    "type": "act",
                    "action": bob_turn["frame"]["legal"][0]["text"],
                    "step": bob_turn["step"],
                }
            )
            until(bob, "ack")
            after = next(
                m for m in iter(lambda: until(ann, "state"), None) if m["step"] > turn["step"]
            )
            assert second in _played(after, 0) and first not in _played(after, 0)
            assert after["chosen"] is None
            # too late to change now
            ann.send_json({"type": "act", "action": first, "step": turn["step"]})
            err = until(ann, "error")
            assert err["code"] == "stale" and "too late to change" in err["message"]
        record_steps = c.app.state.server.live[table].table.steps  # type: ignore[attr-defined]
        assert record_steps[turn["step"]][0] == second


def test_the_standing_choice_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    with client(db) as c:
        table, ann_token, bob_token = _two_people(c, "sushi-go", {})
        with socket(c, table) as ann:
            turn = _seated(c, ann, ann_token)
            first, second = _two_cards(turn)
            for text in (first, second):
                ann.send_json({"type": "act", "action": text, "step": turn["step"]})
                until(ann, "ack")  # committed before it is sent
    with client(db) as c:  # a new process on the same database
        with socket(c, table) as ann, socket(c, table) as bob:
            ann.send_json({"type": "join", "token": ann_token})
            until(ann, "welcome")
            back = until(ann, "state")
            assert back["step"] == turn["step"] and back["chosen"]["action"] == second
            bob_turn = _seated(c, bob, bob_token)
            assert bob_turn["decided"] == [0] and bob_turn["chosen"] is None
            bob.send_json(
                {
                    "type": "act",
                    "action": bob_turn["frame"]["legal"][0]["text"],
                    "step": bob_turn["step"],
                }
            )
            until(bob, "ack")
            after = next(
                m for m in iter(lambda: until(ann, "state"), None) if m["step"] > turn["step"]
            )
            assert _played(after, 0) == [second]


def test_the_turn_timer_plays_only_for_seats_that_never_chose(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        table, ann_token, bob_token = _two_people(c, "sushi-go", {}, timer=15)
        with socket(c, table) as ann, socket(c, table) as bob:
            turn = _seated(c, ann, ann_token)
            _seated(c, bob, bob_token)
            first, second = _two_cards(turn)
            for text in (first, second):
                ann.send_json({"type": "act", "action": text, "step": turn["step"]})
                until(ann, "ack")
            live = server.live[table]
            live.timer.cancel()
            c.portal.call(server._time_out, live, turn["step"], 0)  # the clock runs out
            assert until(bob, "ack")["timeout"] is True  # Bob never chose
            after = next(
                m for m in iter(lambda: until(ann, "state"), None) if m["step"] > turn["step"]
            )
            assert _played(after, 0) == [second]  # Ann's latest stands, not the timer's


def test_a_sushi_roll_turn_is_final(tmp_path: Path) -> None:
    with client(tmp_path / "s.db") as c:
        t = create(c, "sushi-roll", 2, ["greedy"])
        with socket(c, t["id"]) as ws:
            turn = _seated(c, ws, t["token"])
            legal = turn["frame"]["legal"]
            ws.send_json({"type": "act", "action": legal[0]["text"], "step": turn["step"]})
            assert until(ws, "ack")["changed"] is False
            ws.send_json({"type": "act", "action": legal[-1]["text"], "step": turn["step"]})
            err = until(ws, "error")
            assert err["code"] == "stale" and "too late to change" in err["message"]
