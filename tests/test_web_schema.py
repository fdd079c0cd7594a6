"""The protocol's schema (docs/web.md, "Schema"): served at ``/api/schema``, every
message of whole games of the three games valid against it, the key tables of
docs/web.md equal to the typed dictionaries; the action grammar's examples; forced
decisions announced; ``sync``; hints in the order of their values."""

from __future__ import annotations

import random
import re
import typing
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from sushigo.core.ruleset import make
from sushigo.play.positions import positions
from sushigo.present import frames
from sushigo.present.schema import GameFrame, LegalEntry, PlayerFrame, typed_keys
from sushigo.web import protocol
from sushigo.web.app import Live, Server, Settings
from sushigo.web.protocol import schema_document
from sushigo.web.tables import Table
from web_client import client, create, my_turn, play_out, schema_validator, socket, until

DOC = Path(__file__).resolve().parents[1] / "docs" / "web.md"


FRAME = schema_validator("GameFrame")
SERVER = schema_validator("ServerMessage")
CLIENT = schema_validator("ClientMessage")


def _valid(validator: jsonschema.protocols.Validator, value: Any, where: str) -> None:
    errors = sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))
    if errors:
        best = jsonschema.exceptions.best_match(errors)
        path = "/".join(map(str, best.absolute_path))
        raise AssertionError(f"{where}: {path}: {best.message}")


# -- the schema ---------------------------------------------------------------------


def test_the_schema_is_served_and_is_a_valid_json_schema(tmp_path: Path) -> None:
    with client(tmp_path / "s.db") as c:
        got = c.get("/api/schema")
    assert got.status_code == 200
    doc = got.json()
    assert doc == schema_document()
    jsonschema.Draft202012Validator.check_schema(doc)
    for name in ("ServerMessage", "ClientMessage", "GameFrame", "ForcedMessage", "SyncMessage"):
        assert name in doc["$defs"]
    assert doc["$defs"]["GameFrame"]["additionalProperties"] is False


def test_client_messages_are_described() -> None:
    for message in (
        {"type": "join"},
        {"type": "join", "token": "abc"},
        {"type": "act", "action": "tempura", "step": 3},
        {"type": "hint"},
        {"type": "rematch"},
        {"type": "ping"},
        {"type": "sync"},
    ):
        _valid(CLIENT, message, str(message))
    assert not CLIENT.is_valid({"type": "act", "action": "tempura"})
    assert not CLIENT.is_valid({"type": "dance"})


def _random_frames(game: str, players: int, options: dict[str, Any], seed: int) -> int:
    """Play a random game, validating every seat's and the public frame at every
    decision, and the replay frame at the end; returns the frames checked."""
    rs = make(game, players=players, **options)
    state = rs.new_game()
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        for seat in range(players):
            _valid(FRAME, frames.seat_frame(state, seat), f"{game} seat {seat}")
        _valid(FRAME, frames.public_frame(state), f"{game} public")
        checked += players + 1
        joint = {}
        for seat, legal in state.decisions():
            joint[seat] = legal[rng.randrange(len(legal))]
        state.apply(joint)
    for seat in range(players):
        _valid(FRAME, frames.seat_frame(state, seat), f"{game} seat {seat}, over")
    _valid(FRAME, frames.replay_frame(state), f"{game} replay")
    catalog = schema_validator("Catalog")
    _valid(catalog, frames.catalog(rs), f"{game} catalog")
    return checked


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("sushi-go", 4, {}),
        ("sushi-go", 2, {"dummy": True}),
        ("sushi-go-party", 4, {"menu": "master-menu"}),
        ("sushi-go-party", 3, {"menu": "dinner-for-two"}),
        ("sushi-go-party", 5, {"menu": "big-banquet"}),
        ("sushi-go-party", 3, {"menu": "points-platter"}),
        ("sushi-go-party", 2, {"menu": "party-sampler"}),
        ("sushi-roll", 3, {}),
    ],
)
def test_every_frame_of_random_games_is_valid(
    game: str, players: int, options: dict[str, Any]
) -> None:
    assert _random_frames(game, players, options, seed=7) > 20


@pytest.mark.parametrize(
    ("game", "players", "bots", "options"),
    [
        ("sushi-go", 3, ["greedy", "random"], {}),
        ("sushi-go", 2, ["greedy"], {"dummy": True}),
        ("sushi-go-party", 4, ["greedy", "random", "random"], {"menu": "master-menu"}),
        ("sushi-go-party", 3, ["random", "random"], {"menu": "dinner-for-two"}),
        ("sushi-roll", 3, ["greedy", "random"], {}),
    ],
)
def test_every_message_of_whole_games_is_valid(
    tmp_path: Path, game: str, players: int, bots: list[str | None], options: dict[str, Any]
) -> None:
    with client(tmp_path / "v.db") as c:
        t = create(c, game, players, bots, options=options)
        seen: list[dict[str, Any]] = []
        watched: list[dict[str, Any]] = []
        with socket(c, t["id"]) as watcher, socket(c, t["id"]) as ws:
            watcher.send_json({"type": "join"})
            watched.append(until(watcher, "welcome"))
            ws.send_json({"type": "join", "token": t["token"]})
            seen.append(until(ws, "welcome"))
            play_out(ws, seen, pick=1)
            while True:
                msg = watcher.receive_json()
                watched.append(msg)
                if msg["type"] == "state" and msg["status"] == "finished":
                    break
        replay = c.get(f"/api/tables/{t['id']}/replay").json()
        record = c.get(f"/api/tables/{t['id']}/record").json()
        for path, name in [
            ("/api/tables", "TableList"),
            (f"/api/tables/{t['id']}", "TableSummary"),
            ("/api/tables/nope", "HttpError"),
        ]:
            _valid(schema_validator(name), c.get(path).json(), path)
    kinds = {m["type"] for m in seen}
    assert {"welcome", "state", "ack"} <= kinds
    for i, msg in enumerate(seen):
        _valid(SERVER, msg, f"seat message {i} ({msg['type']})")
    for i, msg in enumerate(watched):
        _valid(SERVER, msg, f"spectator message {i} ({msg['type']})")
    _valid(schema_validator("ReplayAnswer"), replay, "replay")
    _check_forced(record, seen, seat=0)
    _check_forced(record, watched, seat=None)


def _check_forced(record: dict[str, Any], messages: list[dict[str, Any]], seat: int | None) -> None:
    """Every ``forced`` message names a seat that had one legal action at its step,
    and, when it says the action, the action the record holds for it."""
    steps = {  # the walk's state moves on: read it as it goes
        pos.step - 1: {s: (len(pos.state.legal_actions(s)), str(a)) for s, a in pos.actions.items()}
        for pos in positions(record)
    }
    for msg in messages:
        if msg["type"] != "forced":
            continue
        choices, text = steps[msg["step"]][msg["seat"]]
        assert choices == 1, msg
        if msg["action"] is not None:
            assert msg["action"] == text, msg
            assert msg["label"] and msg["kind"]
        else:
            assert seat != msg["seat"] and msg["label"] is None and msg["kind"] is None


# -- docs/web.md's key tables -------------------------------------------------------

_KEY = re.compile(r"`([a-z_]+)`")


def _section(heading: str) -> str:
    text = DOC.read_text()
    start = text.index(f"\n{heading}\n")
    level = heading.split()[0]
    end = re.compile(rf"\n#{{1,{len(level)}}} ").search(text, start + len(heading) + 2)
    return text[start : end.start() if end else len(text)]


def _table_keys(section: str, header: str) -> set[str]:
    """The keys of the first column of the table whose header row starts ``header``."""
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    keys: set[str] = set()
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        keys.update(_KEY.findall(line.split("|")[1]))
    return keys


def _added_keys(section: str) -> set[str]:
    """The keys the prose says a game adds (``Sushi Roll adds `red` ...``)."""
    keys: set[str] = set()
    for para in section.split("\n\n"):
        if " adds `" in para and not para.startswith("|"):
            keys.update(_KEY.findall(para))
    return keys


def _keys(tp: Any) -> tuple[set[str], set[str]]:
    required, optional = typed_keys(tp)
    return set(required), set(optional)


def test_the_frame_keys_in_the_docs_match_the_typed_frames() -> None:
    every = _section("### Keys of every frame")
    required, optional = _keys(GameFrame)
    assert _table_keys(every, "| key |") == required
    assert _added_keys(every) == optional
    player = _section("### A player")
    required, optional = _keys(PlayerFrame)
    assert _table_keys(player, "| key |") == required
    assert _added_keys(player) == optional
    legal = _section("### The decision and the legal actions")
    required, optional = _keys(LegalEntry)
    assert _table_keys(legal, "| key |") == required | optional


def _message_rows(section: str, header: str) -> dict[str, set[str]]:
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    out: dict[str, set[str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = line.split("|")
        fields = re.sub(r"\([^)]*\)", "", cells[2])  # "(optional)", "(its text)"
        out[_KEY.findall(cells[1])[0]] = set(_KEY.findall(fields))
    return out


def _message_keys(union: Any) -> dict[str, set[str]]:
    out = {}
    for tp in typing.get_args(union):
        kind = typing.get_args(typing.get_type_hints(tp)["type"])[0]
        required, optional = _keys(tp)
        out[kind] = (required | optional) - {"type"}
    return out


def test_the_message_tables_in_the_docs_match_the_typed_messages() -> None:
    ws = _section("## WebSocket `/ws/{id}`")
    browser = ws[ws.index("From the browser:") :]
    server = ws[ws.index("From the server:") :]
    assert _message_rows(browser, "| type |") == _message_keys(protocol.ClientMessage)
    assert _message_rows(server, "| type |") == _message_keys(protocol.ServerMessage)
    assert set(_message_keys(protocol.ClientMessage)) == set(protocol.CLIENT_TYPES)
    assert set(_message_keys(protocol.ServerMessage)) == set(protocol.SERVER_TYPES)
    assert set(Server.HANDLERS) == set(protocol.CLIENT_TYPES)
    codes = _table_keys(_section("### Errors"), "| code |")
    assert codes <= set(typing.get_args(protocol.ErrorCode))


# -- the grammar of action texts ----------------------------------------------------


def _examples() -> list[tuple[str, str]]:
    section = _section("### Action texts")
    rows = []
    for line in section.splitlines():
        m = re.match(r"\| `([a-z-]+)` \| `([^`]*)` \|", line)
        if m:
            rows.append((m.group(1), m.group(2)))
    return rows


def test_the_grammar_has_examples_of_every_game() -> None:
    assert {game for game, _ in _examples()} == {"sushi-go", "sushi-go-party", "sushi-roll"}
    assert len(_examples()) >= 15


@pytest.mark.parametrize(("game", "text"), _examples())
def test_every_action_text_example_parses_and_writes_back(game: str, text: str) -> None:
    players = 2 if game == "sushi-go" else 3
    options: dict[str, Any] = {"dummy": True} if "dummy:" in text else {}
    rs = make(game, players=players, **options)
    action = rs.parse_action(text)
    assert str(action) == text


# -- forced decisions ---------------------------------------------------------------


def test_forced_decisions_are_announced_with_the_action_once_revealed(tmp_path: Path) -> None:
    """Sushi Roll: a seat with one die on its belt and no token has one choice; it is
    taken and applied at once (a public move), so every connection is told it."""
    with client(tmp_path / "f.db") as c:
        t = create(c, "sushi-roll", 3, ["random", "random"])
        seen: list[dict[str, Any]] = []
        watched: list[dict[str, Any]] = []
        with socket(c, t["id"]) as watcher, socket(c, t["id"]) as ws:
            watcher.send_json({"type": "join"})
            until(watcher, "welcome")
            ws.send_json({"type": "join", "token": t["token"]})
            until(ws, "welcome")
            play_out(ws, seen)
            while True:
                msg = watcher.receive_json()
                watched.append(msg)
                if msg["type"] == "state" and msg["status"] == "finished":
                    break
        record = c.get(f"/api/tables/{t['id']}/record").json()
    forced = [m for m in seen if m["type"] == "forced"]
    assert forced  # every game has some (2 at least in 150 seeds tried)
    assert all(m["action"] is not None and m["label"] for m in forced)
    _check_forced(record, seen, seat=0)
    _check_forced(record, watched, seat=None)
    assert [m for m in watched if m["type"] == "forced"] == forced
    for m in forced:  # each comes before the state of the step after it
        later = [s for s in seen[seen.index(m) :] if s["type"] == "state"]
        assert later and later[0]["step"] > m["step"]


def test_a_hidden_forced_pick_says_only_that_the_rules_decided() -> None:
    """A seat forced while the others still choose: its pick is hidden until the
    reveal, so only the seat itself is told what it was."""
    server = Server(Settings())
    for seed in range(2000):
        table, _ = Table.create(
            {"game": "sushi-go", "players": 3, "seats": [{"kind": "human"}] * 3}, "Ann", seed
        )
        table.seats[1].token_hash = table.seats[2].token_hash = "x"
        table.start()
        while table.status == "playing" and not any(
            step == table.step for step, _, _ in table.forced
        ):
            table.forced = []
            assert table.state is not None
            seat = table.waiting_for()[0]
            table.submit(seat, table.legal(seat)[-1])
        hidden = [f for f in table.forced if f[0] == table.step]
        if hidden:
            break
    else:
        pytest.skip("no hidden forced pick found")
    step, seat, action = hidden[0]
    live = Live(table)
    other = (seat + 1) % 3
    mine = server.forced_message(live, step, seat, action, seat)
    theirs = server.forced_message(live, step, seat, action, other)
    watcher = server.forced_message(live, step, seat, action, None)
    assert mine["action"] == str(action) and mine["label"]
    assert (
        theirs
        == watcher
        == {
            "type": "forced",
            "step": step,
            "seat": seat,
            "action": None,
            "label": None,
            "kind": None,
        }
    )
    for message in (mine, theirs):
        _valid(SERVER, message, "forced")
    # the seat waits: nothing to decide, shown as decided
    frame = server.envelope(live, seat, {})
    assert seat in frame["decided"] and frame["frame"] is not None
    assert frame["frame"]["legal"] is None


# -- sync -----------------------------------------------------------------------------


def test_sync_sends_the_current_state_again(tmp_path: Path) -> None:
    with client(tmp_path / "y.db") as c:
        t = create(c, "sushi-go", 2, [None])  # the second seat is nobody's yet
        with socket(c, t["id"]) as ws, socket(c, t["id"]) as watcher:
            ws.send_json({"type": "sync"})
            assert until(ws, "error")["code"] == "not_joined"
            ws.send_json({"type": "join", "token": t["token"]})
            until(ws, "welcome")
            first = until(ws, "state")
            assert first["status"] == "waiting" and first["frame"] is None
            ws.send_json({"type": "sync"})
            again = until(ws, "state")
            assert again["now"] >= first["now"]  # the server's clock, when each was made
            assert {**again, "now": 0} == {**first, "now": 0}
            watcher.send_json({"type": "join"})
            until(watcher, "welcome")
            until(watcher, "state")
            # the second player joins: the game begins
            joined = c.post(f"/api/tables/{t['id']}/join", json={"name": "Bo"}).json()
            turn = my_turn(ws)
            ws.send_json({"type": "sync"})
            synced = until(ws, "state")
            assert synced["step"] == turn["step"] and synced["frame"] == turn["frame"]
            assert synced["frame"]["viewer"] == 0 and synced["frame"]["legal"]
            while True:  # the spectator's sync: the public frame
                watcher.send_json({"type": "sync"})
                public = until(watcher, "state")
                if public["status"] == "playing":
                    break
            assert public["frame"]["viewer"] is None and public["frame"]["legal"] is None
            assert public["frame"]["hand"] is None
            _valid(SERVER, synced, "sync")
            _valid(SERVER, public, "sync")
            # after choosing, a sync shows the seat waiting, its choice (which it may
            # still change) named
            first_choice = turn["frame"]["legal"][0]
            ws.send_json({"type": "act", "action": first_choice["text"], "step": 0})
            until(ws, "ack")
            ws.send_json({"type": "sync"})
            waiting = until(ws, "state")
            assert waiting["decided"] == [0] and waiting["frame"]["legal"]
            assert waiting["chosen"] == {
                "action": first_choice["text"],
                "label": first_choice["label"],
            }
            _valid(SERVER, waiting, "sync")
            ws.send_json({"type": "sync", "extra": [1, 2]})  # extra fields are ignored
            assert until(ws, "state")["step"] == waiting["step"]
            ws.send_json({"type": "sync "})
            assert until(ws, "error")["code"] == "unknown_type"
            assert joined["seat"] == 1


# -- hints ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options"), [("sushi-go", {}), ("sushi-roll", {}), ("sushi-go-party", {})]
)
def test_hints_are_listed_by_value_best_first(
    tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    with client(tmp_path / "h.db", hint_ms=60.0) as c:
        t = create(c, game, 3, ["greedy", "greedy"], options=options)
        with socket(c, t["id"]) as ws:
            ws.send_json({"type": "join", "token": t["token"]})
            until(ws, "welcome")
            checked = 0
            for _ in range(4):
                turn = my_turn(ws)
                if turn["status"] != "playing":
                    break
                ws.send_json({"type": "hint"})
                got = until(ws, "hints")
                _valid(SERVER, got, "hints")
                hints = got["hints"]
                legal = {a["text"]: a["label"] for a in turn["frame"]["legal"]}
                assert hints and len(hints) <= 5
                # by the numbers shown: the share of rounds won, then the points (after
                # greedy's choice where the search did not clearly beat it: kept)
                assert not any(h["kept"] for h in hints[1:])
                rest = hints[1:] if hints[0]["kept"] else hints
                keys = [(-h["value"], -h["mean_score"], -h["games"]) for h in rest]
                assert keys == sorted(keys), hints
                assert all(legal[h["text"]] == h["label"] for h in hints)
                checked += 1
                text = turn["frame"]["legal"][0]["text"]
                ws.send_json({"type": "act", "action": text, "step": turn["step"]})
                until(ws, "ack")
            assert checked


def test_the_browser_s_jsdoc_types_are_written_from_the_schema() -> None:
    """static/types.js is the schema's typedefs as they are now (regenerate it with
    ``python tools/jsdoc_types.py``), and names every frame and message."""
    path = Path(protocol.__file__).parent / "static" / "types.js"
    assert path.read_text(encoding="utf-8") == protocol.jsdoc_typedefs()
    text = path.read_text(encoding="utf-8")
    for name in ("GameFrame", "PlayerFrame", "Catalog", "StateMessage", "ChatEntry"):
        assert f"@typedef {{object}} {name}\n" in text
    assert "@property {Array<PlayerFrame>} players" in text
    assert "@property {(DecisionFrame|null)} decision" in text
