"""``sushigo serve``: the web server on uvicorn."""

from __future__ import annotations

import argparse
import logging

from sushigo.agents.base import make_agent
from sushigo.core.errors import OptionsError
from sushigo.web.app import MAX_FRAME, Settings, create_app
from sushigo.web.store import Store
from sushigo.web.tables import BOTS


def parse_bots(values: list[str]) -> dict[str, str]:
    """``--bot NAME=SPEC`` (repeated) as ``{name: spec}``, every spec loaded once so a
    bot that cannot be had is refused before the server starts."""
    bots: dict[str, str] = {}
    for value in values:
        name, sep, spec = value.partition("=")
        name, spec = name.strip(), spec.strip()
        if not sep or not name or not spec:
            raise OptionsError(
                f"--bot {value!r}: write NAME=SPEC, e.g. --bot clever=bots/mine.py:Clever"
            )
        if name in BOTS or name in bots or not name.replace("-", "").replace("_", "").isalnum():
            raise OptionsError(
                f"--bot {value!r}: the name must be new and made of letters, digits, - and _"
            )
        make_agent(spec)  # OptionsError with the reason when it cannot be had
        bots[name] = spec
    return bots


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn
    except ImportError:  # pragma: no cover - the web extra is missing
        raise OptionsError(
            "the web server needs its packages: pip install 'sushigo[web]' (make run does)"
        ) from None
    if not 0 < args.port < 65536:
        raise OptionsError(f"--port is 1 to 65535, not {args.port}")
    if args.bot_delay < 0:
        raise OptionsError("--bot-delay is a number of seconds, 0 or more")
    Store(args.database).close()  # a bad --database is reported here, not in a traceback
    if args.max_tables < 0 or args.max_sockets < 0:
        raise OptionsError("--max-tables and --max-sockets are 0 (no limit) or more")
    if not args.abandon_after > 0:
        raise OptionsError("--abandon-after is a number of seconds, more than 0")
    bots = parse_bots(args.bot or [])
    settings = Settings(
        database=args.database,
        bot_delay=args.bot_delay,
        origins=tuple(args.allow_origin),
        hosts=(*args.allow_host, args.host),
        max_tables=args.max_tables,
        max_sockets=args.max_sockets,
        abandon_after=args.abandon_after,
        bots=bots,
    )
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(name)s: %(message)s")
    print(f"sushigo: serving on http://{args.host}:{args.port}/ (database {args.database})")
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_max_size=16 * MAX_FRAME,
        log_level="warning",
    )
    return 0
