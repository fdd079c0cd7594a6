"""The web server's storage, on SQLite and on a real PostgreSQL (``make test``
starts one and sets SUSHIGO_TEST_POSTGRES): tables, seats and steps are written,
read back, and re-play the game exactly."""

from __future__ import annotations

import random
import uuid
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from sushigo.core.errors import OptionsError
from sushigo.web.store import Store, database_url
from sushigo.web.tables import Table, token_hash


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    if request.param == "sqlite":
        s = Store(str(tmp_path / "store.db"))
    else:
        url = request.getfixturevalue("postgres_url")
        s = Store(url)
    yield s
    s.close()


def _config(game: str, players: int, humans: int, **options: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "random"}] * (players - humans)
    return {"game": game, "players": players, "seats": seats, "options": options}


def _play(table: Table, rng: random.Random, steps: int) -> None:
    """Choose at random for every seat, ``steps`` times or to the end."""
    for _ in range(steps):
        if table.status != "playing":
            return
        for seat in table.waiting_for():
            legal = table.legal(seat)
            table.submit(seat, legal[rng.randrange(len(legal))])
            if table.status != "playing":
                return


def _save(store: Store, table: Table, stored: int) -> int:
    record = table.finish_record() if table.status == "finished" else None
    store.save_play(
        table.id,
        stored,
        table.steps[stored:],
        {s: str(a) for s, a in table.pending.items()},
        table.status,
        record,
    )
    return len(table.steps)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("sushi-go", 3, {"soy_sauce": True}),
        ("sushi-go", 2, {"dummy": True}),
        ("sushi-go-party", 5, {"menu": "points-platter"}),
        ("sushi-go-party", 4, {"menu": "cutthroat-combo"}),
        ("sushi-roll", 4, {}),
    ],
)
def test_a_stored_game_restores_exactly_at_every_stage(
    store: Store, game: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(7)
    table, token = Table.create(
        _config(game, players, 2, **options), "Ann", seed=rng.randrange(2**62)
    )
    table.id = uuid.uuid4().hex[:12]  # unique in a shared PostgreSQL database
    store.create_table(table.id, table.config, table.seed, table.seat_rows())
    assert store.claim_seat(table.id, 1, "Bob", token_hash("bob"))
    assert not store.claim_seat(table.id, 1, "Eve", token_hash("eve"))  # taken
    assert not store.claim_seat(table.id, 2 if players > 2 else 0, "Eve", token_hash("eve"))
    row = store.load(table.id)
    assert row is not None and row.status == "waiting"
    table = Table.restore(row)
    assert table.seat_of(token) == 0 and table.seat_of("bob") == 1 and table.seat_of("eve") is None
    table.start()
    stored = _save(store, table, 0)
    while table.status == "playing":
        _play(table, rng, rng.randrange(1, 6))
        if table.status == "playing" and table.waiting_for():
            # a choice made towards the next step is stored too
            seat = table.waiting_for()[0]
            legal = table.legal(seat)
            table.submit(seat, legal[rng.randrange(len(legal))])
        stored = _save(store, table, stored)
        row = store.load(table.id)
        assert row is not None
        back = Table.restore(row)
        assert back.step == table.step and back.status == table.status
        assert back.pending.keys() == table.pending.keys()
        assert back.state is not None and table.state is not None
        for seat in range(players):
            assert back.state.observe(seat) == table.state.observe(seat)
        assert back.state.returns() == table.state.returns()
    row = store.load(table.id)
    assert row is not None and row.record is not None and row.record == table.record
    assert table.id in [g["id"] for g in store.finished(limit=500)]
    assert table.id not in [r.id for r in store.unfinished()]


def test_unfinished_lists_waiting_and_playing_tables(store: Store) -> None:
    ids = []
    for humans in (1, 2):
        table, _ = Table.create(_config("sushi-go", 2, humans), "Ann", seed=humans)
        table.id = uuid.uuid4().hex[:12]
        store.create_table(table.id, table.config, table.seed, table.seat_rows())
        ids.append(table.id)
    store.save_play(ids[0], 0, [], {}, "playing")
    found = {r.id: r.status for r in store.unfinished()}
    assert found[ids[0]] == "playing" and found[ids[1]] == "waiting"


def test_steps_are_unique_per_table(store: Store) -> None:
    table, _ = Table.create(_config("sushi-go", 2, 1), "Ann", seed=3)
    table.id = uuid.uuid4().hex[:12]
    store.create_table(table.id, table.config, table.seed, table.seat_rows())
    store.save_play(table.id, 0, [{0: "tempura", 1: "sashimi"}], {}, "playing")
    with pytest.raises(sa.exc.IntegrityError):
        store.save_play(table.id, 0, [{0: "tempura", 1: "sashimi"}], {}, "playing")
    row = store.load(table.id)
    assert row is not None and row.steps == [{0: "tempura", 1: "sashimi"}] and row.step == 1


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("var/x.db", "sqlite:///var/x.db"),
        ("sqlite:///:memory:", "sqlite:///:memory:"),
        ("postgresql://me@db/sushi", "postgresql+psycopg://me@db/sushi"),
        ("postgres://me@db/sushi", "postgresql+psycopg://me@db/sushi"),
    ],
)
def test_database_urls(text: str, url: str) -> None:
    assert database_url(text) == url


def test_a_bad_database_is_a_clear_error() -> None:
    with pytest.raises(OptionsError, match="unknown database"):
        database_url("mysql://x")
    with pytest.raises(OptionsError, match="cannot open the database"):
        Store("postgresql://nobody@127.0.0.1:1/none")
