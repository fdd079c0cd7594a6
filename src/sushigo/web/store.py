"""Where tables live between decisions: SQLite (the default) or PostgreSQL.

Three tables, SQLAlchemy Core, the same schema on both databases:

``tables``
    one row per table: its configuration (JSON), its secret seed, its status, the
    number of decisions applied (``step``), the choices made towards the next one
    (``pending``, JSON), the record once finished, the rematch table, and whether
    the lobby lists it (``public``; a column added to older databases on start, true
    for their tables: every table was listed before issue 25).
``seats``
    one row per seat: human or bot, its name, the bot's spec, the SHA-256 of
    the seat's token (never the token itself), and the spec of the bot standing in
    for a person's seat handed over (``stand_in``) and the step it took the seat at
    (``stand_in_from``); columns added to older databases on start.
``steps``
    one row per applied decision: every deciding seat's action, as its text.

A game is its seed and its steps: :func:`sushigo.web.tables.Table.restore` re-plays
them. Every write is one transaction, committed before the caller goes on, so a
decision acknowledged to a browser is on disk.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from sushigo.core.errors import OptionsError

META = sa.MetaData()

TABLES = sa.Table(
    "tables",
    META,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("step", sa.Integer, nullable=False, default=0),
    sa.Column("pending", sa.Text, nullable=False, default="{}"),
    sa.Column("record", sa.Text, nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()),
)

SEATS = sa.Table(
    "seats",
    META,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("stand_in", sa.String(64), nullable=True),
    sa.Column("stand_in_from", sa.Integer, nullable=True),
)

STEPS = sa.Table(
    "steps",
    META,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("actions", sa.Text, nullable=False),
)

CHAT = sa.Table(
    "chat",
    META,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("text", sa.String(400), nullable=False),
    sa.Column("emote", sa.Boolean, nullable=False, default=False),
)
"""Table talk: each message a seat sent, numbered from 0 per table."""

sa.Index("tables_status", TABLES.c.status)


_INSERT_STEP = sa.text("INSERT INTO steps (table_id, n, actions) VALUES (:t, :n, :a)")
_UPDATE_PLAY = sa.text(
    "UPDATE tables SET step = :step, pending = :pending, status = :status, "
    "updated = :updated WHERE id = :id"
)


@dataclass
class SeatRow:
    """A seat as stored."""

    seat: int
    kind: str
    """``human`` or ``bot``."""
    name: str
    agent: str | None
    """The bot's spec (``mcts:ms=100``); None for a human."""
    token_hash: str | None
    """SHA-256 of the seat's token, once a person sits there."""
    stand_in: str | None = None
    """A person's seat handed to a bot: the bot's spec, until the person returns."""
    stand_in_from: int | None = None
    """The step at which that bot took the seat."""


@dataclass
class TableRow:
    """A table as stored, with its seats and its applied steps."""

    id: str
    config: dict[str, Any]
    seed: int
    status: str
    step: int
    pending: dict[int, str]
    record: dict[str, Any] | None
    rematch: str | None
    created: float
    seats: list[SeatRow]
    steps: list[dict[int, str]]
    public: bool = True
    """Listed in the lobby (else reached by its link only)."""


def database_url(text: str) -> str:
    """The SQLAlchemy URL of a ``--database`` value: a PostgreSQL or SQLite URL, or
    a path to an SQLite file. OptionsError for anything else."""
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if text.startswith(("postgresql+psycopg://", "sqlite://")):
        return text
    if "://" in text:
        raise OptionsError(
            f"unknown database {text!r}: give a file path, sqlite:///PATH or "
            "postgresql://USER@HOST/DB"
        )
    return f"sqlite:///{text}"


def _actions_json(actions: dict[int, str]) -> str:
    return json.dumps({str(k): v for k, v in sorted(actions.items())}, separators=(",", ":"))


def _actions(text: str) -> dict[int, str]:
    return {int(k): str(v) for k, v in json.loads(text).items()}


class Store:
    """The database of one server. Every method is one committed transaction."""

    def __init__(self, url: str) -> None:
        self.url = database_url(url)
        self.engine: Engine = self._connect(self.url)
        META.create_all(self.engine)
        self._upgrade()

    def _upgrade(self) -> None:
        """Add the columns newer versions use to a database made by an older one (the
        same statements on SQLite and PostgreSQL; a table listed before issue 25 stays
        listed)."""
        inspect = sa.inspect(self.engine)
        added = {
            "seats": {
                "stand_in": "VARCHAR(64)",
                "stand_in_from": "INTEGER",
            },
            "tables": {"public": "BOOLEAN NOT NULL DEFAULT TRUE"},
        }
        for table, columns in added.items():
            have = {c["name"] for c in inspect.get_columns(table)}
            for name, kind in columns.items():
                if name not in have:
                    with self._tx() as conn:
                        conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))

    @staticmethod
    def _connect(url: str) -> Engine:
        if url.startswith("sqlite"):
            path = url.split(":///", 1)[1] if ":///" in url else ""
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine = sa.create_engine(url)

            @sa.event.listens_for(engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                # WAL: readers never wait; synchronous=NORMAL is durable when the
                # server process is killed (an operating-system crash may lose the
                # last commits; FULL would not, at a cost per decision).
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

            return engine
        try:
            engine = sa.create_engine(url, pool_pre_ping=True)
            with engine.connect():
                pass
        except Exception as exc:  # a user's --database: say what failed, no traceback
            raise OptionsError(f"cannot open the database {url!r}: {exc}") from None
        return engine

    def close(self) -> None:
        self.engine.dispose()

    def _tx(self) -> Any:
        return self.engine.begin()

    # -- writes -------------------------------------------------------------------

    def create_table(
        self, table_id: str, config: dict[str, Any], seed: int, seats: list[SeatRow]
    ) -> None:
        now = time.time()
        with self._tx() as conn:
            conn.execute(
                TABLES.insert().values(
                    id=table_id,
                    config=json.dumps(config),
                    seed=seed,
                    status="waiting",
                    step=0,
                    pending="{}",
                    created=now,
                    updated=now,
                    public=bool(config.get("public", True)),
                )
            )
            conn.execute(
                SEATS.insert(),
                [
                    {
                        "table_id": table_id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "agent": s.agent,
                        "token_hash": s.token_hash,
                        "stand_in": s.stand_in,
                        "stand_in_from": s.stand_in_from,
                    }
                    for s in seats
                ],
            )

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free human seat to a person; False if someone took it first."""
        with self._tx() as conn:
            done = conn.execute(
                SEATS.update()
                .where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.seat == seat,
                    SEATS.c.kind == "human",
                    SEATS.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            return bool(done.rowcount == 1)

    def save_play(
        self,
        table_id: str,
        start: int,
        steps: list[dict[int, str]],
        pending: dict[int, str],
        status: str,
        record: dict[str, Any] | None = None,
    ) -> None:
        """Store what play changed, in one transaction: the steps applied from step
        ``start`` (counted from 0) on, the choices made towards the next one, the
        status and, once the game is over, its record."""
        # Plain SQL: this runs at every decision, and building the statement with
        # the expression language cost more than the commit itself.
        with self._tx() as conn:
            if steps:
                conn.execute(
                    _INSERT_STEP,
                    [
                        {"t": table_id, "n": start + i, "a": _actions_json(a)}
                        for i, a in enumerate(steps)
                    ],
                )
            conn.execute(
                _UPDATE_PLAY,
                {
                    "id": table_id,
                    "step": start + len(steps),
                    "pending": _actions_json(pending),
                    "status": status,
                    "updated": time.time(),
                },
            )
            if record is not None:
                self._touch(conn, table_id, record=json.dumps(record))

    def set_stand_in(
        self, table_id: str, seat: int, spec: str | None, since: int | None = None
    ) -> None:
        """A bot (``spec``) stands in for a person's seat from step ``since``; None:
        the person is back."""
        with self._tx() as conn:
            conn.execute(
                SEATS.update()
                .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                .values(stand_in=spec, stand_in_from=since if spec is not None else None)
            )
            self._touch(conn, table_id)

    def add_chat(self, table_id: str, n: int, seat: int, at: float, text: str, emote: bool) -> None:
        """Keep a message of the table's talk (its number ``n``, from 0)."""
        with self._tx() as conn:
            conn.execute(
                CHAT.insert().values(
                    table_id=table_id, n=n, seat=seat, at=at, text=text, emote=emote
                )
            )

    def chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The table's last ``limit`` messages, oldest first:
        ``{"n", "seat", "at", "text", "emote"}``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                CHAT.select()
                .where(CHAT.c.table_id == table_id)
                .order_by(CHAT.c.n.desc())
                .limit(limit)
            ).all()
        return [
            {"n": r.n, "seat": r.seat, "at": r.at, "text": r.text, "emote": bool(r.emote)}
            for r in reversed(rows)
        ]

    def abandon(self, table_id: str) -> None:
        """The table ends as abandoned (its steps kept; the choices towards the next
        one dropped): a restart does not resume it."""
        with self._tx() as conn:
            self._touch(conn, table_id, status="abandoned", pending="{}")

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self._tx() as conn:
            self._touch(conn, table_id, rematch=rematch)

    def _touch(self, conn: Connection, table_id: str, **values: Any) -> None:
        conn.execute(
            TABLES.update().where(TABLES.c.id == table_id).values(updated=time.time(), **values)
        )

    # -- reads --------------------------------------------------------------------

    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(TABLES.select().where(TABLES.c.id == table_id)).first()
            if row is None:
                return None
            return self._table(conn, row)

    def unfinished(self) -> Iterator[TableRow]:
        """Every table waiting for players or being played (what a restart resumes)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                TABLES.select()
                .where(TABLES.c.status.in_(("waiting", "playing")))
                .order_by(TABLES.c.created)
            ).all()
            for row in rows:
                yield self._table(conn, row)

    def finished(
        self, limit: int = 50, status: str = "finished", listed: bool = False
    ) -> list[dict[str, Any]]:
        """The newest finished (or, with ``status``, abandoned) games: id,
        configuration, status, when, the seats' names, the record's result (null for
        an abandoned game); with ``listed``, public tables only (the lobby's)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(
                    TABLES.c.id, TABLES.c.config, TABLES.c.updated, TABLES.c.record, TABLES.c.step
                )
                .where(TABLES.c.status == status, *([TABLES.c.public] if listed else []))
                .order_by(TABLES.c.updated.desc())
                .limit(limit)
            ).all()
            names: dict[str, list[str]] = {}
            if status != "finished" and rows:
                for seat in conn.execute(
                    sa.select(SEATS.c.table_id, SEATS.c.name)
                    .where(SEATS.c.table_id.in_([r.id for r in rows]))
                    .order_by(SEATS.c.table_id, SEATS.c.seat)
                ):
                    names.setdefault(seat.table_id, []).append(seat.name)
        out = []
        for row in rows:
            record = json.loads(row.record) if row.record else {}
            out.append(
                {
                    "id": row.id,
                    "config": json.loads(row.config),
                    "status": status,
                    "finished": row.updated,
                    "step": int(row.step),
                    "names": record.get("names", names.get(row.id)),
                    "final_scores": record.get("final_scores"),
                    "winners": record.get("winners"),
                }
            )
        return out

    def _table(self, conn: Connection, row: Any) -> TableRow:
        seats = conn.execute(
            SEATS.select().where(SEATS.c.table_id == row.id).order_by(SEATS.c.seat)
        ).all()
        steps = conn.execute(
            sa.select(STEPS.c.actions).where(STEPS.c.table_id == row.id).order_by(STEPS.c.n)
        ).all()
        return TableRow(
            id=row.id,
            config=json.loads(row.config),
            seed=int(row.seed),
            status=row.status,
            step=int(row.step),
            pending=_actions(row.pending),
            record=json.loads(row.record) if row.record else None,
            rematch=row.rematch,
            created=float(row.created),
            seats=[
                SeatRow(s.seat, s.kind, s.name, s.agent, s.token_hash, s.stand_in, s.stand_in_from)
                for s in seats
            ],
            steps=[_actions(s.actions) for s in steps],
            public=bool(row.public),
        )
