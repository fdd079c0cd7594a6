"""Load on one web server process: many tables of bots at once, each watched by a
browser-like WebSocket client; reports decision-to-broadcast latency.

    .venv/bin/python benchmarks/web_load.py --tables 200 --seconds 60

It starts ``sushigo serve`` in its own process (SQLite in a temporary folder, or
``--database``), creates the tables through the HTTP API (Sushi Go!, Sushi Go
Party! and Sushi Roll in turn, 4 bots each, greedy and random), opens one spectator
socket per table (the tables start over the first 5 seconds, as people
arrive), and lets the bots play (``--bot-delay`` seconds per decision, as
a person would see them). Finished tables are replaced, so the load stays level.

Reported:
- the server's own measure (``GET /api/stats``): from a decision arriving (a bot's
  choice made, a browser's message read) until the frames of every connection at
  that table have been written, the commit to the database included;
- the event loop's lag: how late a 50 ms timer fires in the server, which is how
  long a decision that is ready (a bot's delay over, a message arrived) may wait
  before it is handled at all; under overload this grows while the first measure
  stays small;
- decisions per second and the server's CPU time.
Not a timed test: the machine is shared, the figures vary from run to run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

GAMES = [
    {"game": "sushi-go", "players": 4, "options": {}},
    {"game": "sushi-go-party", "players": 4, "options": {"menu": "master-menu"}},
    {"game": "sushi-roll", "players": 4, "options": {}},
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def table_body(i: int) -> dict[str, object]:
    game = dict(GAMES[i % len(GAMES)])
    bots = ["greedy", "random", "greedy", "random"]
    game["seats"] = [{"kind": "bot", "bot": b} for b in bots]
    return game


async def watch(base: str, ws_base: str, i: int, stop: float, counts: dict[str, int]) -> None:
    """Create a table, watch it to its end, and start another, until ``stop``."""
    await asyncio.sleep(random.Random(i).uniform(0, 5))  # people arrive over 5 s
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.monotonic() < stop:
            r = await http.post("/api/tables", json=table_body(i))
            r.raise_for_status()
            table = r.json()["id"]
            async with websockets.connect(f"{ws_base}/ws/{table}", max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "join"}))
                async for raw in ws:
                    msg = json.loads(raw)
                    counts["frames"] += 1
                    if msg["type"] == "state" and msg["status"] == "finished":
                        counts["games"] += 1
                        break
                    if time.monotonic() >= stop:
                        return


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(args: argparse.Namespace) -> dict[str, object]:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="sushigo-load-")
    database = args.database or str(Path(folder) / "load.db")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sushigo.cli",
            "serve",
            "--port",
            str(port),
            "--database",
            database,
            "--bot-delay",
            str(args.bot_delay),
            "--max-tables",
            "0",  # one client address creates every table and opens every socket
            "--max-sockets",
            "0",
        ],
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base) as http:
            for _ in range(300):
                try:
                    await http.get("/api/options")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            counts = {"frames": 0, "games": 0}
            stop = time.monotonic() + args.seconds
            cpu0, t0 = cpu_seconds(proc.pid), time.monotonic()
            tasks = [
                asyncio.create_task(watch(base, f"ws://127.0.0.1:{port}", i, stop, counts))
                for i in range(args.tables)
            ]
            await asyncio.sleep(args.seconds / 2)
            middle = (await http.get("/api/stats")).json()
            await asyncio.gather(*tasks)
            stats = (await http.get("/api/stats")).json()
            elapsed = time.monotonic() - t0
            cpu = cpu_seconds(proc.pid) - cpu0
    finally:
        proc.kill()
        proc.wait()
    return {
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "bot_delay": args.bot_delay,
        "tables_playing_midway": middle["playing"],
        "connections_midway": middle["connections"],
        "decisions": stats["decisions"],
        "decisions_per_second": round(stats["decisions"] / elapsed, 1),
        "frames_received": counts["frames"],
        "games_finished": counts["games"],
        "server_cpu_share": round(cpu / elapsed, 2),
        "latency_ms": stats["latency_ms"],
        "loop_lag_ms": stats["loop_lag_ms"],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--bot-delay", type=float, default=0.5)
    p.add_argument("--database", help="default: SQLite in a temporary folder")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:>24}: {value}")
    p99 = result["latency_ms"]["p99"]  # type: ignore[index]
    verdict = "met" if p99 is not None and p99 < 50 else "NOT met"
    print(f"\ndecision-to-broadcast p99 {p99} ms: target < 50 ms {verdict}")


if __name__ == "__main__":
    main()
