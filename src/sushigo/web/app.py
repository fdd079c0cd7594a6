"""The web server: pages, a JSON API and one WebSocket per browser, over Starlette.

The server is the authority. A table's seed, state and record stay here; what a
browser receives is built by :mod:`sushigo.present.frames` from its own seat's view (a
spectator's from the public one). Every change is committed to the store before
anyone is told of it: a decision is acknowledged, and broadcast, only once it is on
disk, so a server killed at any moment restarts with every table where it was.

The protocol is in docs/web.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import json
import logging
import re
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from sushigo.agents.base import make_agent
from sushigo.agents.hints import hints as rank_hints
from sushigo.core.errors import IllegalActionError, OptionsError, SushiGoError
from sushigo.core.state import Action
from sushigo.present import frames
from sushigo.present.hints import plain_hints, plain_line
from sushigo.present.options import page_options
from sushigo.present.rules import how_to_play
from sushigo.present.sheets import score_document
from sushigo.present.sheets.common import SheetMistakes
from sushigo.web.protocol import (
    AckMessage,
    ChatBroadcast,
    ChatEntry,
    ChosenInfo,
    ForcedMessage,
    HintEntry,
    HintsMessage,
    SeatInfo,
    StandInMessage,
    StandInReason,
    StateMessage,
    TableList,
    TableSummary,
    WelcomeMessage,
    schema_document,
)
from sushigo.web.store import Store
from sushigo.web.tables import (
    EMOTES,
    GAMES,
    GRACE,
    STAND_IN,
    Table,
    bot_name,
    clean_chat,
    clean_name,
    create_options,
    new_token,
    replay_steps,
    token_hash,
)

log = logging.getLogger("sushigo.web")

STATIC = Path(__file__).resolve().parent / "static"
MAX_FRAME = 4096
"""Largest message a browser may send, in bytes (an action's text is far shorter)."""
MAX_BODY = 65536
"""Largest HTTP request body, in bytes (a score sheet of 8 players is a few KB)."""
RATE = 20.0
"""Messages per second a connection may send on average (a person clicks far less;
a whole Sushi Roll game is some 35 decisions a seat)..."""
BURST = 60.0
"""...and in one burst. Beyond that each message is refused with a ``flood`` error."""
FLOOD_CLOSE = 100
CHAT_BURST = 5.0
"""Table-talk messages a seat may send at once..."""
CHAT_EVERY = 3.0
"""...and then one every this many seconds (``chat_slow`` beyond)."""
CHAT_KEPT = 50
"""Messages of a table's talk a joining browser is sent."""
"""Refused messages after which the connection is closed (code 1008)."""
HINT_MS = 300.0
MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a request may hold (a table or a score
sheet needs 5); deeper is refused before anything reads it."""
MAX_TABLES = 100
"""Tables one client address may create per TABLE_WINDOW (``--max-tables``)."""
TABLE_WINDOW = 600.0
MAX_SOCKETS = 100
"""WebSockets one client address may hold open at once (``--max-sockets``)."""
ABANDON_AFTER = 300.0
"""Seconds a table with a person's seat may have no person connected (deserted)
before it ends as abandoned (``--abandon-after``)."""
SWEEP_EVERY = 60.0
"""Seconds between two looks for abandoned tables (at most; the lobby looks too)."""
LOCAL_NAMES = ("localhost",)
"""Host names always served (IP addresses are too: DNS rebinding needs a name)."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,100}")


@dataclass
class Settings:
    """What ``sushigo serve`` configures."""

    database: str = "var/sushigo.db"
    bot_delay: float = 0.5
    """Seconds a bot waits before each decision, so people can follow the game."""
    origins: tuple[str, ...] = ()
    """Origins allowed to open a WebSocket besides the server's own."""
    hint_ms: float = HINT_MS
    hosts: tuple[str, ...] = ()
    """Host names the server answers to besides localhost and IP addresses
    (``--allow-host``; ``*``: any). Other ``Host`` headers are refused (DNS rebinding)."""
    max_tables: int = MAX_TABLES
    """Tables one client address may create per 10 minutes (0: no limit)."""
    max_sockets: int = MAX_SOCKETS
    """WebSockets one client address may hold open at once (0: no limit)."""
    abandon_after: float = ABANDON_AFTER
    """Seconds a table waiting or playing, with a person's seat, may have no person
    connected before it ends as abandoned (counted from the server's start for a
    table it resumed)."""
    bots: dict[str, str] = field(default_factory=dict)
    """Bots of the server's own (``--bot NAME=SPEC``), offered as seats by name."""

    def host_ok(self, host: str | None) -> bool:
        """Whether a request's ``Host`` header names this server."""
        if "*" in self.hosts:
            return True
        if not host:
            return False
        try:
            name = urlsplit("//" + host).hostname
        except ValueError:
            return False
        if not name:
            return False
        name = name.rstrip(".")
        if name in LOCAL_NAMES or name in {h.lower() for h in self.hosts}:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """Whether a request from a browser page of ``origin`` may act here: the
        server's own pages or an ``--allow-origin``; no ``Origin``, not a browser."""
        if origin is None:
            return True  # not a browser: no cross-site request to forge
        if origin in self.origins:
            return True
        return urlsplit(origin).netloc == (host or "")


@dataclass(eq=False)
class Conn:
    """One browser's WebSocket."""

    ws: WebSocket
    seat: int | None = None
    joined: bool = False
    allowance: float = BURST
    checked: float = field(default_factory=time.monotonic)
    refused: int = 0
    hinting: bool = False
    request: str | None = None
    """The type of the message being handled (an error names it)."""

    def take(self) -> bool:
        """Rate limit (a token bucket): False when the connection floods."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1.0:
            self.refused += 1
            return False
        self.allowance -= 1.0
        return True


@dataclass(eq=False)
class Live:
    """A table in memory with the browsers connected to it."""

    table: Table
    stored: int = 0
    """Steps of the table already in the store."""
    conns: list[Conn] = field(default_factory=list)
    bots: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None
    deadline: float | None = None
    timer_step: int = -1
    away: dict[int, float] = field(default_factory=dict)
    """When each person's seat was last connected (epoch seconds): since it was
    taken, its last connection closed, or this process took the table in memory."""
    seen: float = field(default_factory=time.time)
    """When a person was last connected to any seat of the table (same counting)."""
    chat: list[ChatEntry] | None = None
    """The table's last :data:`CHAT_KEPT` messages (loaded from the store on first use)."""
    chat_count: int = 0
    """Messages the table has had (the next one's number)."""
    chat_allowance: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Each seat's table-talk allowance and when it was counted (a token bucket)."""
    created: float = field(default_factory=time.time)
    """When the table was created (the lobby lists the newest first)."""
    takeovers: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    """Each disconnected person's seat's wait for its grace to end (then a bot takes it)."""

    def may_chat(self, seat: int) -> bool:
        """Rate limit of a seat's table talk: :data:`CHAT_BURST` at once, then one
        every :data:`CHAT_EVERY` seconds."""
        now = time.monotonic()
        allowance, then = self.chat_allowance.get(seat, (CHAT_BURST, now))
        allowance = min(CHAT_BURST, allowance + (now - then) / CHAT_EVERY)
        if allowance < 1.0:
            self.chat_allowance[seat] = (allowance, now)
            return False
        self.chat_allowance[seat] = (allowance - 1.0, now)
        return True

    def __post_init__(self) -> None:
        for i, s in enumerate(self.table.seats):
            if s.kind == "human" and not s.free:
                self.away.setdefault(i, self.seen)

    def connected(self) -> set[int]:
        """The seats a person is connected to now."""
        return {c.seat for c in self.conns if c.joined and c.seat is not None}

    def deserted(self) -> bool:
        """A person has a seat here and no person is connected: not listed in the lobby,
        and abandoned after ``abandon_after`` (a table of bots only is never deserted)."""
        taken = any(s.kind == "human" and not s.free for s in self.table.seats)
        return taken and not self.connected()

    def left(self, seat: int) -> None:
        """A person's seat lost its last connection (or was just taken)."""
        now = time.time()
        self.away[seat] = now
        self.seen = now


class Refused(Exception):
    """A request refused with an error frame: ``code`` and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Server:
    """Every table of one server process, its store and its connections."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.live: dict[str, Live] = {}
        self.latencies: deque[float] = deque(maxlen=200_000)
        """Seconds from a decision arriving to its broadcast being sent."""
        self.lags: deque[float] = deque(maxlen=10_000)
        """How late a 50 ms timer fires: the time work waits for the event loop."""
        self.decisions = 0
        self._monitor: asyncio.Task[None] | None = None
        self.created: dict[str, deque[float]] = {}
        """When each client address created its recent tables."""
        self.sockets: dict[str, int] = {}
        """Open WebSockets per client address."""

    # -- life ------------------------------------------------------------------------

    async def start(self) -> None:
        self.store = Store(self.settings.database)
        for row in self.store.unfinished():
            try:
                table = Table.restore(row)
            except (SushiGoError, KeyError, ValueError) as exc:
                log.error("table %s cannot be resumed: %s", row.id, exc)
                continue
            live = Live(table, stored=len(row.steps), created=row.created)
            self.live[table.id] = live
            if live.stored < len(table.steps) or table.status != row.status:
                self._store_play(live)  # forced steps a restart applied
            self._after_change(live)
        log.info("resumed %d tables", len(self.live))
        self._monitor = asyncio.get_running_loop().create_task(self._watch_loop())

    async def _watch_loop(self) -> None:
        loop = asyncio.get_running_loop()
        every = min(SWEEP_EVERY, max(0.05, self.settings.abandon_after / 4))
        swept = loop.time()
        while True:
            before = loop.time()
            await asyncio.sleep(0.05)
            self.lags.append(max(0.0, loop.time() - before - 0.05))
            if loop.time() - swept >= every:
                swept = loop.time()
                try:
                    await self.sweep()
                except Exception:
                    log.exception("looking for abandoned tables failed")

    async def sweep(self) -> None:
        """End as abandoned every table in memory, waiting or playing, with a person's
        seat and no person connected for ``abandon_after`` seconds. Reads memory only;
        each ending is one write, in a worker thread."""
        now = time.time()
        limit = self.settings.abandon_after
        for live in list(self.live.values()):
            table = live.table
            if table.status not in ("waiting", "playing"):
                continue
            if not any(s.kind == "human" for s in table.seats) or live.connected():
                continue
            if now - live.seen >= limit:
                await self.abandon(live)

    async def abandon(self, live: Live) -> None:
        table = live.table
        table.abandon()
        for task in (live.bots, live.timer, *live.takeovers.values()):
            if task is not None:
                task.cancel()
        live.deadline = None
        try:
            await asyncio.to_thread(self.db.abandon, table.id)
        except Exception:  # the table is resumed by a restart, and abandoned again
            log.exception("table %s: its end as abandoned could not be stored", table.id)
        away = time.time() - live.seen
        log.info("table %s: abandoned (nobody connected for %.0f s)", table.id, away)
        await self._broadcast(live)
        self._forget(live)

    async def stop(self) -> None:
        if self._monitor is not None:
            self._monitor.cancel()
        for live in self.live.values():
            for task in (live.bots, live.timer, *live.takeovers.values()):
                if task is not None:
                    task.cancel()
        if self.store is not None:
            self.store.close()

    @property
    def db(self) -> Store:
        assert self.store is not None, "the server has not started"
        return self.store

    async def table(self, table_id: str, keep: bool = False) -> Live:
        """A table by id; a finished one is loaded from the store (and kept in
        memory, with ``keep``, while browsers watch it). Refused if there is none."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        row = self.db.load(table_id) if len(table_id) <= 32 else None
        if row is None:
            raise Refused("no_table", "there is no such table")
        live = Live(Table.restore(row), stored=len(row.steps))
        if keep:
            self.live[table_id] = live
        return live

    def _forget(self, live: Live) -> None:
        """A finished table nobody watches leaves memory (the store keeps it)."""
        table = live.table
        if table.status in ("finished", "abandoned") and not live.conns and table.rematch is None:
            self.live.pop(table.id, None)

    # -- tables ----------------------------------------------------------------------

    def may_create(self, client: str) -> None:
        """Refused (``too_many``) when ``client`` has created its share of tables."""
        limit = self.settings.max_tables
        if limit <= 0:
            return
        now = time.monotonic()
        recent = self.created.setdefault(client, deque())
        while recent and recent[0] <= now - TABLE_WINDOW:
            recent.popleft()
        if len(recent) >= limit:
            wait = int(recent[0] + TABLE_WINDOW - now) + 1
            raise Refused(
                "too_many",
                f"too many tables from your address: at most {limit} every "
                f"{TABLE_WINDOW / 60:.0f} minutes; try again in {wait} s",
            )

    def created_by(self, client: str) -> None:
        if self.settings.max_tables > 0:
            self.created.setdefault(client, deque()).append(time.monotonic())
        if len(self.created) > 10_000:  # forget addresses with nothing recent
            now = time.monotonic()
            for key in [k for k, v in self.created.items() if not v or v[-1] <= now - TABLE_WINDOW]:
                del self.created[key]

    def create(self, data: Any) -> tuple[Table, str | None]:
        if not isinstance(data, dict):
            raise OptionsError("a table is a JSON object with game, players and seats")
        name = clean_name(data.get("name"), "Player 1")
        table, token = Table.create(data, name, bots=self.settings.bots)
        self.db.create_table(table.id, table.config, table.seed, table.seat_rows())
        live = Live(table)
        self.live[table.id] = live
        self._maybe_start(live)
        return table, token

    def join(self, live: Live, name: Any, seat: int | None = None) -> tuple[int, str]:
        table = live.table
        if seat is None:
            seat = table.free_seat()
        if seat is None or not table.seats[seat].free:
            raise Refused("full", "every seat at this table is taken")
        default = f"Player {seat + 1}"
        person = clean_name(name, default)
        token = new_token()
        digest = token_hash(token)
        if not self.db.claim_seat(table.id, seat, person, digest):
            raise Refused("full", "someone took that seat first")
        table.seats[seat].name = person
        table.seats[seat].token_hash = digest
        live.left(seat)  # taken, not connected yet
        self._maybe_start(live)
        return seat, token

    def _maybe_start(self, live: Live) -> None:
        if live.table.ready():
            live.table.start()
            self._store_play(live)
        self._after_change(live, broadcast=True)

    def _store_play(self, live: Live) -> None:
        """Commit what play changed since the last commit."""
        table = live.table
        record = None
        if table.status == "finished" and table.record is None:
            record = table.finish_record()
        self.db.save_play(
            table.id,
            live.stored,
            table.steps[live.stored :],
            {s: str(a) for s, a in table.pending.items()},
            table.status,
            record,
        )
        live.stored = len(table.steps)

    async def decide(
        self, live: Live, seat: int, action: Action, since: float, timeout: bool = False
    ) -> None:
        """Apply a checked decision: commit, acknowledge, broadcast (``timeout``: the
        turn timer made it, the seat is told so in its ``ack``). A seat changing its
        choice before the reveal (:meth:`Table.may_change`) is acknowledged and sent
        its own ``state``; nobody else is told anything (they knew it had decided)."""
        table = live.table
        step = table.step
        changed = table.may_change(seat)
        try:
            table.submit(seat, action)
            self._store_play(live)
        except Exception:
            log.exception("table %s: a decision could not be stored; reloading it", table.id)
            row = self.db.load(table.id)
            if row is not None:
                live.table = Table.restore(row)
                live.stored = len(row.steps)
            raise Refused("server", "the server could not store that; try again") from None
        self.decisions += 1
        for conn in list(live.conns):
            if conn.seat == seat:
                ack: AckMessage = {
                    "type": "ack",
                    "step": step,
                    "action": str(action),
                    "label": frames.action_entry(table.ruleset, action)["label"],
                    "timeout": timeout,
                    "changed": changed,
                }
                await self._send(live, conn, ack)
        if changed and live.table is table and table.step == step:
            cache: dict[Any, StateMessage] = {}
            for conn in list(live.conns):
                if conn.joined and conn.seat == seat:
                    await self._send(live, conn, self.envelope(live, seat, cache))
            self.latencies.append(time.perf_counter() - since)
            return
        await self._broadcast(live)
        self.latencies.append(time.perf_counter() - since)
        self._after_change(live)

    def _after_change(self, live: Live, broadcast: bool = False) -> None:
        """Start the bots and the turn timer when it is their turn (and, with
        ``broadcast``, tell every browser at the table)."""
        if broadcast:
            asyncio.get_running_loop().create_task(self._broadcast(live))
        table = live.table
        if table.status != "playing":
            self._forget(live)
            return
        self._watch_leavers(live)
        waiting = table.waiting_for()
        if live.bots is None or live.bots.done():
            if any(s in table.agents for s in waiting):
                live.bots = asyncio.get_running_loop().create_task(self._run_bots(live))
        timer = table.config.get("timer", 0)
        humans = [s for s in waiting if s not in table.agents]
        if timer and humans and live.timer_step != table.step:
            if live.timer is not None:
                live.timer.cancel()
            live.timer_step = table.step
            live.deadline = time.time() + timer
            live.timer = asyncio.get_running_loop().create_task(
                self._time_out(live, table.step, timer)
            )
        elif not humans:
            live.deadline = None

    def _watch_leavers(self, live: Live) -> None:
        """Wait for the grace of every person's seat nobody is connected to (one task
        each, sleeping; none while the seat is connected or a bot plays it)."""
        table = live.table
        if table.status != "playing":
            return
        connected = live.connected()
        loop = asyncio.get_running_loop()
        for i, s in enumerate(table.seats):
            if s.kind != "human" or s.free or s.stand_in is not None or i in connected:
                continue
            task = live.takeovers.get(i)
            if task is None or task.done():
                live.takeovers[i] = loop.create_task(self._take_over_later(live, i))

    async def _take_over_later(self, live: Live, seat: int) -> None:
        """Once ``seat`` has been disconnected for the table's grace, a bot takes it
        (stored, then everyone is told); nothing if its person came back first, nor
        while no other person is connected (the table is deserted: nobody waits for
        the seat; a person joining looks again)."""
        me = asyncio.current_task()
        try:
            while True:
                table = live.table
                s = table.seats[seat]
                if (
                    table.status != "playing"
                    or s.stand_in is not None
                    or s.free
                    or seat in live.connected()
                ):
                    return
                grace = float(table.config.get("grace", GRACE))
                wait = live.away.get(seat, live.seen) + grace - time.time()
                if wait <= 0:
                    break
                await asyncio.sleep(wait)  # left again meanwhile: the new time is read
            if not live.connected() - {seat}:
                return
            await self.stand_in(live, seat, None)
        except Refused:
            pass  # logged where it failed; the next change of the table tries again
        except Exception:
            log.exception("table %s: a bot could not take seat %d", live.table.id, seat)
        finally:
            if live.takeovers.get(seat) is me:
                del live.takeovers[seat]

    async def stand_in(self, live: Live, seat: int, by: int | None) -> None:
        """A bot plays ``seat`` from now on: stored, then every connection is told (a
        ``stand_in`` message, then the ``state``). ``by``: the seat that asked
        (``hand_to_bot``); None: the server, the seat's grace being over."""
        table = live.table
        table.hand_to_bot(seat, STAND_IN)
        try:
            self.db.set_stand_in(table.id, seat, STAND_IN, table.seats[seat].stand_in_from)
        except Exception:
            table.reclaim(seat)
            log.exception("table %s: seat %d could not be handed to a bot", table.id, seat)
            raise Refused("server", "the server could not store that; try again") from None
        bot = bot_name(STAND_IN, None)
        if by is None:
            grace = table.config.get("grace", GRACE)
            text = (
                f"{{{seat}}} has been disconnected for {grace:g} s: {bot} plays for them "
                "until they come back."
            )
        else:
            text = f"{{{by}}} let {bot} play for {{{seat}}} until they come back."
        await self._tell(live, seat, bot, "handed" if by is not None else "away", text)
        await self._broadcast(live)
        self._after_change(live)

    async def _tell(
        self,
        live: Live,
        seat: int,
        bot: str | None,
        reason: StandInReason,
        text: str,
        skip: Conn | None = None,
    ) -> None:
        """Tell every joined connection (but ``skip``) of a change of ``seat``'s player."""
        message: StandInMessage = {
            "type": "stand_in",
            "seat": seat,
            "name": live.table.seats[seat].name,
            "bot": bot,
            "reason": reason,
            "text": text,
        }
        for conn in list(live.conns):
            if conn.joined and conn is not skip:
                await self._send(live, conn, message)

    async def _run_bots(self, live: Live) -> None:
        delay = self.settings.bot_delay
        try:
            while True:
                table = live.table
                bots = [s for s in table.waiting_for() if s in table.agents]
                if not bots:
                    return
                step = table.step
                await asyncio.sleep(delay)
                for seat in bots:
                    if live.table is not table or table.step != step or seat in table.pending:
                        break
                    if table.status != "playing" or seat not in table.agents:
                        continue  # the table was abandoned; the person took the seat back
                    assert table.state is not None
                    view = table.state.observe(seat)
                    legal = table.legal(seat)
                    agent = table.agents[seat]
                    if getattr(agent, "name", "").startswith("mcts"):  # mcts, mcts-engine
                        # a search thinks for its time: off the event loop
                        action = await asyncio.to_thread(agent.act, view, legal)
                    else:
                        action = agent.act(view, legal)
                    if live.table is not table or table.step != step:
                        break
                    if table.status != "playing" or seat not in table.agents:
                        continue
                    await self.decide(live, seat, action, time.perf_counter())
                    await asyncio.sleep(0)  # let other tables and browsers in between
        except Refused:
            return
        except Exception:
            log.exception("table %s: a bot failed", live.table.id)

    async def _time_out(self, live: Live, step: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        table = live.table
        if table.step != step or table.status != "playing":
            return
        picker = make_agent("greedy", seed=step)
        for seat in table.waiting_for():
            if seat in table.agents or table.step != step:
                continue
            assert table.state is not None
            action = picker.act(table.state.observe(seat), table.legal(seat))
            with contextlib.suppress(Refused):
                await self.decide(live, seat, action, time.perf_counter(), timeout=True)

    # -- frames ----------------------------------------------------------------------

    def envelope(
        self, live: Live, seat: int | None, cache: dict[Any, StateMessage]
    ) -> StateMessage:
        """The ``state`` message for ``seat`` (None: a spectator), kept in ``cache``."""
        table = live.table
        key = seat if seat is not None else "public"
        if key not in cache:
            frame = None
            if table.state is not None:
                frame = (
                    frames.seat_frame(table.state, seat)
                    if seat is not None
                    else frames.public_frame(table.state)
                )
            if (
                frame is not None
                and seat in table.pending
                and frame["legal"]
                and len(frame["legal"]) == 1
            ):
                frame = frame.copy()  # decided by the rules (one choice): it waits
                frame["legal"] = None
            chosen: ChosenInfo | None = None
            if seat is not None and seat in table.pending and table.status == "playing":
                action = table.pending[seat]
                chosen = {
                    "action": str(action),
                    "label": frames.action_entry(table.ruleset, action)["label"],
                }
            cache[key] = {
                "type": "state",
                "step": table.step,
                "status": table.status,
                "seats": self.seats(live),
                "deadline": live.deadline,
                "decided": sorted(table.pending) if table.status == "playing" else [],
                "chosen": chosen,
                "rematch": table.rematch,
                "now": time.time(),
                "frame": frame,
            }
        return cache[key]

    def seats(self, live: Live) -> list[SeatInfo]:
        connected = live.connected()
        return [
            {
                "seat": i,
                "name": s.name,
                "kind": "bot" if s.kind == "bot" else "human",
                "bot": s.agent,
                "free": s.free,
                "connected": s.kind == "bot" or i in connected,
                "stand_in": None if s.stand_in is None else bot_name(s.stand_in, None),
                "away_since": (
                    live.away.get(i, live.seen)
                    if s.kind == "human" and not s.free and i not in connected
                    else None
                ),
            }
            for i, s in enumerate(live.table.seats)
        ]

    def summary(self, live: Live) -> TableSummary:
        table = live.table
        return {
            "id": table.id,
            "game": table.config["game"],
            "title": table.ruleset.title,
            "players": table.config["players"],
            "options": table.config["options"],
            "description": table.ruleset.describe(),
            "timer": table.config.get("timer", 0),
            "grace": table.config.get("grace", GRACE),
            "status": table.status,
            "step": table.step,
            "seats": self.seats(live),
            "free": sum(1 for s in table.seats if s.free),
            "rematch": table.rematch,
            "public": table.public,
        }

    def forced_message(
        self, live: Live, step: int, seat: int, action: Action, viewer: int | None
    ) -> ForcedMessage:
        """What ``viewer`` (None: a spectator) is told of ``seat``'s decision made by the
        rules at ``step``: the action itself once its step is applied (the picks
        revealed) or to the seat itself, else only that the rules decided."""
        shown = viewer == seat or live.table.step > step
        entry = frames.action_entry(live.table.ruleset, action) if shown else None
        return {
            "type": "forced",
            "step": step,
            "seat": seat,
            "action": None if entry is None else entry["text"],
            "label": None if entry is None else entry["label"],
            "kind": None if entry is None else entry["kind"],
        }

    async def _broadcast(self, live: Live) -> None:
        """Tell every connection of the table its ``state`` (the forced decisions made
        since the last broadcast first)."""
        forced = live.table.take_forced()
        if forced:
            for conn in list(live.conns):
                if conn.joined:
                    for step, seat, action in forced:
                        message = self.forced_message(live, step, seat, action, conn.seat)
                        await self._send(live, conn, message)
        cache: dict[Any, StateMessage] = {}
        texts: dict[Any, str] = {}
        for conn in list(live.conns):
            if not conn.joined:
                continue
            key = conn.seat if conn.seat is not None else "public"
            if key not in texts:
                texts[key] = json.dumps(self.envelope(live, conn.seat, cache))
            await self._send_text(live, conn, texts[key])

    async def _send(self, live: Live | None, conn: Conn, message: Mapping[str, object]) -> None:
        await self._send_text(live, conn, json.dumps(message))

    async def _send_text(self, live: Live | None, conn: Conn, text: str) -> None:
        try:
            if conn.ws.application_state == WebSocketState.CONNECTED:
                await conn.ws.send_text(text)
        except Exception:  # the browser went away: forget it
            if live is not None and conn in live.conns:
                live.conns.remove(conn)

    # -- the WebSocket ---------------------------------------------------------------

    def origin_ok(self, ws: WebSocket) -> bool:
        return self.settings.origin_ok(ws.headers.get("origin"), ws.headers.get("host"))

    async def socket(self, ws: WebSocket) -> None:
        if not self.origin_ok(ws):
            await ws.close(code=1008)  # before accept: the handshake is refused (403)
            return
        client = ws.client.host if ws.client else "?"
        await ws.accept()
        conn = Conn(ws)
        limit = self.settings.max_sockets
        if limit > 0 and self.sockets.get(client, 0) >= limit:
            message = f"too many connections from your address: at most {limit} at once"
            await self._send(None, conn, {"type": "error", "code": "too_many", "message": message})
            await ws.close(code=1013)
            return
        self.sockets[client] = self.sockets.get(client, 0) + 1
        try:
            await self._socket(ws, conn)
        finally:
            left = self.sockets.get(client, 1) - 1
            if left > 0:
                self.sockets[client] = left
            else:
                self.sockets.pop(client, None)

    async def _socket(self, ws: WebSocket, conn: Conn) -> None:
        table_id = ws.path_params["table_id"]
        try:
            live = await self.table(table_id, keep=True)
        except Refused as exc:
            await self._send(
                None, conn, {"type": "error", "code": exc.code, "message": exc.message}
            )
            await ws.close(code=4404)
            return
        live.conns.append(conn)
        try:
            await self._serve(live, conn)
        except WebSocketDisconnect:
            pass
        finally:
            if conn in live.conns:
                live.conns.remove(conn)
            if conn.seat is not None:
                if conn.seat not in live.connected():
                    live.left(conn.seat)
                    self._watch_leavers(live)
                await self._broadcast(live)
            self._forget(live)

    async def _serve(self, live: Live, conn: Conn) -> None:
        ws = conn.ws
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                data = message.get("bytes") or b""
                if len(data) > MAX_FRAME:
                    await self._error(
                        live, conn, "too_big", f"messages are at most {MAX_FRAME} bytes"
                    )
                    await ws.close(code=1009)
                    return
                raw = data.decode("utf-8", errors="replace")
            if len(raw.encode("utf-8", "surrogatepass")) > MAX_FRAME:
                await self._error(live, conn, "too_big", f"messages are at most {MAX_FRAME} bytes")
                await ws.close(code=1009)
                return
            if not conn.take():
                if conn.refused >= FLOOD_CLOSE:
                    await self._error(live, conn, "flood", "too many messages: disconnected")
                    await ws.close(code=1008)
                    return
                await self._error(
                    live, conn, "flood", f"too many messages: at most {RATE:.0f} a second"
                )
                continue
            since = time.perf_counter()
            conn.request = None
            try:
                await self._handle(live, conn, raw, since)
            except Refused as exc:
                await self._error(live, conn, exc.code, exc.message)
            except SushiGoError as exc:
                await self._error(live, conn, "illegal", str(exc))
            except Exception:  # a bug must not drop the socket: say so, and go on
                log.exception("table %s: a message failed", live.table.id)
                await self._error(live, conn, "server", "the server could not do that")
            if conn.ws.application_state != WebSocketState.CONNECTED:
                return

    async def _error(self, live: Live, conn: Conn, code: str, message: str) -> None:
        error: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if conn.request is not None:
            error["request"] = conn.request
        await self._send(live, conn, error)

    async def _handle(self, live: Live, conn: Conn, raw: str, since: float) -> None:
        data = _parse_json(raw, "messages are JSON objects")
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise Refused("bad_message", 'a message is a JSON object with a "type"')
        kind = data["type"]
        handler = self.HANDLERS.get(kind)
        if handler is None:
            raise Refused(
                "unknown_type",
                f"unknown message type {kind[:40]!r}; types are: {', '.join(self.HANDLERS)}",
            )
        conn.request = kind
        if kind not in ("join", "ping") and not conn.joined:
            raise Refused("not_joined", 'send {"type": "join"} first')
        await handler(self, live, conn, data, since)

    async def _on_join(self, live: Live, conn: Conn, data: dict[str, Any], since: float) -> None:
        if conn.joined:
            raise Refused("already_joined", "this connection has already joined")
        token = data.get("token")
        seat = None
        if token is not None:
            if not isinstance(token, str) or not _TOKEN.fullmatch(token):
                raise Refused("bad_token", "that seat token is not valid")
            seat = live.table.seat_of(token)
            if seat is None:
                raise Refused("bad_token", "that seat token is not valid at this table")
            for other in list(live.conns):
                if other is not conn and other.seat == seat:
                    # One browser per seat: the newest wins (a reload, a new tab).
                    other.seat = None
                    other.joined = False
                    await self._error(live, other, "replaced", "this seat was opened elsewhere")
                    with contextlib.suppress(Exception):
                        await other.ws.close(code=4000)
                    if other in live.conns:
                        live.conns.remove(other)
        conn.seat = seat
        conn.joined = True
        reclaimed = False
        away: list[str] = []
        if seat is not None:
            live.seen = time.time()
            if live.table.seats[seat].stand_in is not None:
                away = await self._reclaim(live, seat, conn)
                reclaimed = True
        table: TableSummary = self.summary(live)
        table["catalog"] = frames.catalog(live.table.ruleset)
        welcome: WelcomeMessage = {
            "type": "welcome",
            "seat": seat,
            "table": table,
            "chat": list(self.chat_of(live)),
            "emotes": list(EMOTES),
            "reclaimed": reclaimed,
            "away": away,
        }
        await self._send(live, conn, welcome)
        if seat is not None:
            await self._broadcast(live)  # everyone sees the seat connected
            self._watch_leavers(live)  # someone waits now for the seats gone
        else:
            await self._send(live, conn, self.envelope(live, None, {}))

    async def _reclaim(self, live: Live, seat: int, conn: Conn) -> list[str]:
        """The person is back at a seat a bot stood in for: it is theirs again (the
        bot makes no further decision); stored, then the others are told (a
        ``stand_in`` message, and the join's broadcast). Returns the labels of what
        was decided for the seat meanwhile (the ``welcome``'s ``away``)."""
        table = live.table
        labels = table.reclaim(seat)
        try:
            self.db.set_stand_in(table.id, seat, None)
        except Exception:  # the seat is the person's here; a restart would hand it back
            log.exception("table %s: seat %d taken back, not stored", table.id, seat)
        await self._tell(
            live, seat, None, "back", f"{{{seat}}} is back and plays again.", skip=conn
        )
        self._after_change(live)
        return labels

    async def _on_hand_to_bot(
        self, live: Live, conn: Conn, data: dict[str, Any], since: float
    ) -> None:
        """A bot plays a person's seat disconnected for longer than the table's grace."""
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Refused("bad_message", 'hand_to_bot needs "seat" (a seat number)')
        if conn.seat is None:
            raise Refused("spectator", "only a player at this table can hand a seat to a bot")
        table = live.table
        if not 0 <= seat < len(table.seats):
            raise Refused(
                "no_seat", f"there is no seat {seat}: seats are 0 to {len(table.seats) - 1}"
            )
        target = table.seats[seat]
        whose = f"{target.name}'s seat" if target.name else f"seat {seat}"
        if target.kind != "human":
            raise Refused("not_human", f"{whose} is a bot's")
        if target.stand_in is not None:
            raise Refused("not_human", f"a bot already plays {whose}")
        if table.status in ("finished", "abandoned"):
            raise Refused("game_over", f"the game is {table.status}")
        if table.status != "playing":
            raise Refused("not_yet", "the game has not begun")
        if seat in live.connected():
            raise Refused("not_yet", f"{whose} is connected: its player is here")
        grace = table.config.get("grace", GRACE)
        away = time.time() - live.away.get(seat, live.seen)
        if away < grace:
            raise Refused(
                "not_yet",
                f"{whose} has been disconnected for {away:.0f} s; it can be handed "
                f"to a bot after {grace:g} s (in {max(1, round(grace - away))} s)",
            )
        await self.stand_in(live, seat, conn.seat)

    async def _on_act(self, live: Live, conn: Conn, data: dict[str, Any], since: float) -> None:
        seat = self._seated(conn)
        action, step = data.get("action"), data.get("step")
        if not isinstance(action, str) or not isinstance(step, int) or isinstance(step, bool):
            raise Refused("bad_message", 'act needs "action" (text) and "step" (a number)')
        table = live.table
        if step != table.step:
            if 0 <= step < table.step and seat in table.steps[step]:
                raise Refused(
                    "stale",
                    f"too late to change: the choices of step {step} were revealed "
                    f"(your {table.steps[step][seat]!r} was played); the game is at step "
                    f"{table.step}",
                )
            raise Refused(
                "stale", f"that choice was for step {step}; the game is at step {table.step}"
            )
        try:
            chosen = table.choose(seat, action)
        except IllegalActionError as exc:
            code = "game_over" if table.status in ("finished", "abandoned") else "illegal"
            if table.status == "playing" and (
                seat in table.pending or seat not in table.waiting_for()
            ):
                code = "not_your_turn"
            raise Refused(code, str(exc)) from None
        await self.decide(live, seat, chosen, since)

    async def _on_hint(self, live: Live, conn: Conn, data: dict[str, Any], since: float) -> None:
        seat = self._seated(conn)
        table = live.table
        if table.status != "playing" or seat not in table.waiting_for():
            raise Refused("not_your_turn", "hints are for a decision you are making now")
        if conn.hinting:
            raise Refused("busy", "a hint is already being worked out")
        assert table.state is not None
        step = table.step
        view = table.state.observe(seat)
        legal = table.legal(seat)
        conn.hinting = True
        try:
            ranked = await asyncio.to_thread(
                rank_hints, view, legal, ms=self.settings.hint_ms, seed=step
            )
        finally:
            conn.hinting = False
        labels = {h.text: frames.action_entry(table.ruleset, h.action)["label"] for h in ranked}
        plain = plain_hints(ranked, lambda h: labels[h.text])
        entries: list[HintEntry] = [
            {
                "text": h.text,
                "reason": h.reason,
                "value": h.value,
                "games": h.games,
                "mean_score": h.mean_score,
                "label": labels[h.text],
                "effect": h.effect,
                "plain": plain_line(h),
                "kept": h.kept,
            }
            for h in plain.ranked[:5]
        ]
        message: HintsMessage = {
            "type": "hints",
            "step": step,
            "hints": entries,
            "summary": plain.summary,
            "confidence": plain.confidence,
            "note": plain.note,
        }
        await self._send(live, conn, message)

    def chat_of(self, live: Live) -> list[ChatEntry]:
        """The table's talk kept in memory (read from the store the first time)."""
        if live.chat is None:
            names = [s.name for s in live.table.seats]
            kept = self.db.chat(live.table.id, CHAT_KEPT)
            live.chat = [
                {
                    "n": row["n"],
                    "seat": row["seat"],
                    "name": names[row["seat"]] if 0 <= row["seat"] < len(names) else "?",
                    "at": row["at"],
                    "text": row["text"],
                    "emote": row["emote"],
                }
                for row in kept
            ]
            live.chat_count = kept[-1]["n"] + 1 if kept else 0
        return live.chat

    async def _on_chat(self, live: Live, conn: Conn, data: dict[str, Any], since: float) -> None:
        if conn.seat is None:
            raise Refused("spectator", "spectators can read the table talk but not write in it")
        emote = data.get("emote")
        if emote is not None:
            if emote not in EMOTES:
                raise Refused("bad_message", f"an emote is one of {' '.join(EMOTES)}")
            text, is_emote = str(emote), True
        else:
            try:
                text, is_emote = clean_chat(data.get("text")), False
            except OptionsError as exc:
                raise Refused("bad_message", str(exc)) from None
        if not live.may_chat(conn.seat):
            raise Refused(
                "chat_slow", f"one message every {CHAT_EVERY:.0f} seconds, please: wait a moment"
            )
        chat = self.chat_of(live)
        entry: ChatEntry = {
            "n": live.chat_count,
            "seat": conn.seat,
            "name": live.table.seats[conn.seat].name,
            "at": time.time(),
            "text": text,
            "emote": is_emote,
        }
        await run_in_threadpool(
            self.db.add_chat, live.table.id, entry["n"], conn.seat, entry["at"], text, is_emote
        )
        live.chat_count += 1
        chat.append(entry)
        del chat[:-CHAT_KEPT]
        message: ChatBroadcast = {"type": "chat", "entry": entry}
        for other in list(live.conns):
            if other.joined:
                await self._send(live, other, message)

    async def _on_rematch(self, live: Live, conn: Conn, data: dict[str, Any], since: float) -> None:
        seat = self._seated(conn)
        table = live.table
        if table.status != "finished":
            raise Refused("not_over", "a rematch can be asked for once the game is over")
        if table.rematch is None:
            fresh, _ = Table.create(table.config, table.seats[0].name, bots=self.settings.bots)
            for i, s in enumerate(fresh.seats):  # nobody is seated until they ask
                if s.kind == "human":
                    s.token_hash = None
                    s.name = table.seats[i].name
            self.db.create_table(fresh.id, fresh.config, fresh.seed, fresh.seat_rows())
            self.db.set_rematch(table.id, fresh.id)
            table.rematch = fresh.id
            self.live[fresh.id] = Live(fresh)
        new = self.live.get(table.rematch) or await self.table(table.rematch)
        if not new.table.seats[seat].free:
            raise Refused("already_seated", "your seat at the rematch is already taken")
        _, token = self.join(new, table.seats[seat].name, seat)
        await self._send(live, conn, {"type": "rematch", "table": new.table.id, "token": token})
        await self._broadcast(live)

    async def _on_ping(self, live: Live, conn: Conn, data: dict[str, Any], since: float) -> None:
        await self._send(live, conn, {"type": "pong"})

    async def _on_sync(self, live: Live, conn: Conn, data: dict[str, Any], since: float) -> None:
        """The current ``state`` again, to this connection only (seat or spectator)."""
        await self._send(live, conn, self.envelope(live, conn.seat, {}))

    def _seated(self, conn: Conn) -> int:
        if conn.seat is None:
            raise Refused("spectator", "spectators watch; take a seat to play")
        return conn.seat

    HANDLERS: dict[str, Callable[[Server, Live, Conn, dict[str, Any], float], Awaitable[None]]] = {
        "join": _on_join,
        "act": _on_act,
        "hint": _on_hint,
        "rematch": _on_rematch,
        "ping": _on_ping,
        "sync": _on_sync,
        "hand_to_bot": _on_hand_to_bot,
        "chat": _on_chat,
    }

    def stats(self) -> dict[str, Any]:
        """Decision-to-broadcast latency so far, in milliseconds."""
        return {
            "tables": len(self.live),
            "playing": sum(1 for lv in self.live.values() if lv.table.status == "playing"),
            "connections": sum(len(lv.conns) for lv in self.live.values()),
            "decisions": self.decisions,
            "latency_ms": _percentiles(self.latencies),
            "loop_lag_ms": _percentiles(self.lags),
        }


def _percentiles(samples: deque[float]) -> dict[str, float | None]:
    """p50, p90, p99 and the largest of samples in seconds, in milliseconds."""
    values = sorted(samples)

    def pct(p: float) -> float | None:
        if not values:
            return None
        return round(values[min(len(values) - 1, int(p * len(values)))] * 1000, 3)

    return {"p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99), "max": pct(1.0)}


# ---------------------------------------------------------------------------
# HTTP


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _parse_json(raw: str | bytes, what: str) -> Any:
    """JSON text as data; Refused (``bad_json``) for anything but JSON nested at
    most MAX_DEPTH deep whose text is all valid Unicode."""
    try:
        data = json.loads(raw)
    except RecursionError:
        raise Refused("bad_json", f"{what}, nested at most {MAX_DEPTH} deep") from None
    except ValueError:  # JSONDecodeError, UnicodeDecodeError
        raise Refused("bad_json", f"{what}: this is not valid JSON") from None
    problem = _json_problem(data)
    if problem is not None:
        raise Refused("bad_json", f"{what}: {problem}")
    return data


def _json_problem(data: Any) -> str | None:
    """What is wrong with parsed JSON, or None: too deep, or a lone surrogate
    (``"\\ud800"``: not Unicode text, so it cannot be stored or sent back)."""
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, str):
            strings = [item]
        elif isinstance(item, (list, dict)):
            if depth >= MAX_DEPTH:
                return f"nested more than {MAX_DEPTH} deep"
            values = list(item.values()) if isinstance(item, dict) else item
            todo.extend((v, depth + 1) for v in values)
            strings = list(item) if isinstance(item, dict) else []
        else:
            continue
        for text in strings:
            try:
                text.encode()
            except UnicodeEncodeError:
                return "text holds a lone surrogate (not valid Unicode)"
    return None


async def _body(request: Request) -> Any:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise Refused("too_big", f"requests are at most {MAX_BODY} bytes")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(
            "media_type", "send the request body as JSON (Content-Type: application/json)"
        )
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise Refused("too_big", f"requests are at most {MAX_BODY} bytes")
    return _parse_json(bytes(raw) or b"{}", "the request body is JSON")


STATUS = {
    "no_table": 404,
    "full": 409,
    "not_over": 409,
    "too_big": 413,
    "media_type": 415,
    "too_many": 429,
}
"""The HTTP status of a refusal (others are 400)."""


def _api(
    fn: Callable[[Server, Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """An API endpoint: user mistakes become ``{"error"}`` answers, never tracebacks."""

    async def endpoint(request: Request) -> Response:
        server: Server = request.app.state.server
        try:
            return await fn(server, request)
        except Refused as exc:
            return _error(exc.message, STATUS.get(exc.code, 400))
        except SushiGoError as exc:
            return _error(str(exc))

    return endpoint


async def options(server: Server, request: Request) -> Response:
    return JSONResponse(page_options(create_options(server.settings.bots)))


def listed(server: Server) -> tuple[list[TableSummary], list[TableSummary]]:
    """What a visitor of the lobby can join or watch now: the public tables waiting
    for players, then the public games being played, each newest first; never a
    private table, nor a deserted one (a person's seat and no person connected)."""
    tables = sorted(
        (
            live
            for live in server.live.values()
            if live.table.public
            and live.table.status in ("waiting", "playing")
            and not live.deserted()
        ),
        key=lambda live: -live.created,
    )
    waiting = [
        server.summary(lv)
        for lv in tables
        if lv.table.status == "waiting" and lv.table.free_seat() is not None
    ]
    playing = [server.summary(lv) for lv in tables if lv.table.status == "playing"]
    return waiting, playing


async def list_tables(server: Server, request: Request) -> Response:
    await server.sweep()
    waiting, playing = listed(server)
    finished: list[Any] = await asyncio.to_thread(server.db.finished, 50, "finished", True)
    answer: TableList = {
        "tables": waiting + playing,
        "waiting": waiting,
        "playing": playing,
        "finished": finished,
        "abandoned": [],
    }
    return JSONResponse(answer)


async def create_table(server: Server, request: Request) -> Response:
    client = request.client.host if request.client else "?"
    server.may_create(client)
    table, token = server.create(await _body(request))
    server.created_by(client)
    seat = 0 if token is not None else None
    return JSONResponse({"id": table.id, "seat": seat, "token": token}, status_code=201)


async def quick(server: Server, request: Request) -> Response:
    """Play against bots at once: the caller at seat 0, bots in the other seats."""
    body = await _body(request)
    if not isinstance(body, dict):
        raise Refused("bad_message", 'send {"game": ..., "players": N}')
    client = request.client.host if request.client else "?"
    server.may_create(client)
    players = body.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
        raise OptionsError(f"players is a number of seats, 2 or more, not {players!r}")
    bot: dict[str, Any] = {"kind": "bot", "bot": body.get("bot", STAND_IN)}
    if "level" in body:
        bot["level"] = body["level"]
    data = {
        "game": body.get("game"),
        "players": players,
        "options": body.get("options"),
        "seats": [{"kind": "human"}] + [bot] * (players - 1),
        "timer": body.get("timer") or 0,
        "name": body.get("name"),
    }
    if "public" in body:
        data["public"] = body["public"]
    table, token = server.create(data)
    server.created_by(client)
    return JSONResponse({"id": table.id, "seat": 0, "token": token}, status_code=201)


async def get_table(server: Server, request: Request) -> Response:
    live = await server.table(request.path_params["table_id"])
    return JSONResponse(server.summary(live))


async def join_table(server: Server, request: Request) -> Response:
    live = await server.table(request.path_params["table_id"])
    body = await _body(request)
    if not isinstance(body, dict):
        raise Refused("bad_message", 'send {"name": "..."}')
    if live.table.status == "abandoned":
        raise Refused("full", "this table was abandoned")
    if live.table.status != "waiting":
        raise Refused("full", "this game has already begun: watch it instead")
    seat, token = server.join(live, body.get("name"))
    await server._broadcast(live)
    return JSONResponse({"seat": seat, "token": token})


async def _finished(server: Server, request: Request, what: str) -> tuple[Live, dict[str, Any]]:
    live = await server.table(request.path_params["table_id"])
    record = live.table.record
    if live.table.status != "finished" or record is None:
        raise Refused("not_over", f"the {what} is ready once the game is over")
    return live, record


async def get_record(server: Server, request: Request) -> Response:
    live, record = await _finished(server, request, "record")
    return JSONResponse(
        record,
        headers={"content-disposition": f'attachment; filename="sushigo-{live.table.id}.json"'},
    )


async def get_replay(server: Server, request: Request) -> Response:
    live, record = await _finished(server, request, "replay")
    return JSONResponse(
        {
            "record": record,
            "catalog": frames.catalog(live.table.ruleset),
            "steps": replay_steps(record),
        }
    )


async def list_games(server: Server, request: Request) -> Response:
    games = await asyncio.to_thread(server.db.finished, 50, "finished", True)
    return JSONResponse({"games": games})


async def score(server: Server, request: Request) -> Response:
    data = await _body(request)
    try:
        _kind, result = await run_in_threadpool(score_document, data)
    except SheetMistakes as exc:
        # every mistake at once, each with the round and seat whose field the page marks
        problems = [{"round": m.round, "seat": m.seat, "message": m.message} for m in exc.mistakes]
        return JSONResponse({"error": str(exc), "problems": problems}, status_code=400)
    return JSONResponse(result)


async def schema(server: Server, request: Request) -> Response:
    return JSONResponse(schema_document())


async def rules(server: Server, request: Request) -> Response:
    game = request.path_params["game"]
    if game not in GAMES:
        return _error(f"no game {game!r}; games are: {', '.join(GAMES)}", 404)
    return JSONResponse(_how_to_play(game))


@functools.cache
def _how_to_play(game: str) -> dict[str, Any]:
    """The how-to-play page's content (the same for every request)."""
    return how_to_play(game)


async def stats(server: Server, request: Request) -> Response:
    return JSONResponse(server.stats())


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def socket(ws: WebSocket) -> None:
    server: Server = ws.app.state.server
    await server.socket(ws)


def create_app(settings: Settings | None = None) -> Starlette:
    """The ASGI application (``uvicorn`` serves it; tests drive it directly)."""
    settings = settings or Settings()
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    routes = [
        Route("/", page),
        Route("/t/{table_id}", page),
        Route("/replay/{table_id}", page),
        Route("/score", page),
        Route("/rules/{game}", page),
        Route("/api/options", _api(options)),
        Route("/api/tables", _api(list_tables), methods=["GET"]),
        Route("/api/tables", _api(create_table), methods=["POST"]),
        Route("/api/quick", _api(quick), methods=["POST"]),
        Route("/api/tables/{table_id}", _api(get_table)),
        Route("/api/tables/{table_id}/join", _api(join_table), methods=["POST"]),
        Route("/api/tables/{table_id}/record", _api(get_record)),
        Route("/api/tables/{table_id}/replay", _api(get_replay)),
        Route("/api/games", _api(list_games)),
        Route("/api/score", _api(score), methods=["POST"]),
        Route("/api/stats", _api(stats)),
        Route("/api/schema", _api(schema)),
        Route("/api/rules/{game}", _api(rules)),
        WebSocketRoute("/ws/{table_id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    app.add_middleware(Guard, settings=settings)
    return app


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class Guard:
    """Every request's ``Host`` must name this server (else 400: a DNS-rebinding
    page's requests carry its own name); a state-changing HTTP request from a
    browser page must come from the server's own origin or an ``--allow-origin``
    (else 403). The WebSocket's ``Origin`` is checked by :meth:`Server.socket`."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host")
        message = None
        status = 400
        if not self.settings.host_ok(host):
            message = (
                f"this server does not answer to the host {(host or '')[:100]!r} "
                "(sushigo serve --allow-host NAME adds a name)"
            )
        elif scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            if not self.settings.origin_ok(origin, host):
                status = 403
                message = (
                    f"requests from pages of {origin[:100]!r} are refused "
                    "(sushigo serve --allow-origin ORIGIN allows one)"
                    if origin is not None
                    else ""
                )
        if message is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # the handshake: 403
        else:
            await _error(message, status)(scope, receive, send)


__all__ = ["Server", "Settings", "create_app"]
