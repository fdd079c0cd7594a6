"""The ``sushigo`` command: play, simulate, tournament, analyze, train, score, replay, hint,
rules, bench.

It parses arguments and dispatches to the front end or library function that does
the work; the option parsers are :mod:`sushigo.present.options`. Nothing imports
this module (tests/test_layers.py checks it).
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence
from typing import Any

from sushigo.core.errors import SushiGoError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sushigo",
        description="Sushi Go! in the terminal, bots, simulations and a score calculator.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def game_args(p: argparse.ArgumentParser, players: int | None = 4) -> None:
        p.add_argument("--game", default="sushi-go", help="ruleset name (default: sushi-go)")
        p.add_argument(
            "--players",
            type=int,
            default=players,
            help="number of players" + (f" (default {players})" if players else ""),
        )
        p.add_argument(
            "--variant",
            action="append",
            metavar="NAME",
            help="pass-both-ways, dummy, reshuffle, soy-sauce (repeat or comma-separate)",
        )
        p.add_argument(
            "--menu",
            help="Sushi Go Party! menu: a suggested menu's name, 7 card kinds comma-separated, "
            "or random",
        )
        p.add_argument(
            "--dice",
            metavar="FILE",
            help="Sushi Roll: a JSON file with the faces of your dice (docs/sushi-roll.md)",
        )

    p = sub.add_parser(
        "play",
        help="play in the terminal against bots",
        description="Play in the terminal against bots: Sushi Go! (--game sushi-go, with "
        "--variant), Sushi Go Party! (--game sushi-go-party --menu NAME) or Sushi Roll "
        "(--game sushi-roll). You are the first seat; type 'help' at any question.",
    )
    game_args(p, None)
    p.add_argument("--bots", help="comma-separated bot specs for the other seats (default greedy)")
    p.add_argument("--seed", type=int, help="seed for the deal (default: random)")
    p.add_argument("--name", default="You", help="your name")
    p.add_argument("--records", metavar="FILE", help="append the game's record to FILE")
    p.add_argument(
        "--hints", action="store_true", help="type 'hint' at any question for ranked suggestions"
    )

    p = sub.add_parser("simulate", help="play many bot games and compare the bots")
    game_args(p, None)
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--agents", required=True, help="comma-separated agent specs, one per seat")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--records", metavar="FILE", help="write every game's record to FILE")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-rotate", action="store_true", help="keep each agent in its seat")

    p = sub.add_parser(
        "tournament",
        help="rate bots over many seeded games, with duplicate deals",
        description="Play bots against each other on duplicate deals, every agent in every "
        "seat equally often; print openskill ratings, a win-rate matrix, mean scores and "
        "decisions per second (see docs/tournaments.md).",
    )
    game_args(p, None)
    p.add_argument(
        "--agents",
        required=True,
        help="comma-separated agent specs NAME[:KEY=VALUE]...; any number of agents",
    )
    p.add_argument(
        "--games", type=int, default=100, help="games, rounded up to whole blocks (default 100)"
    )
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--backend", default="local", help="local (processes, the default) or ray")
    p.add_argument("--address", help="with --backend ray: the Ray cluster (default: local Ray)")
    p.add_argument(
        "--out",
        metavar="DIR",
        help="write games.jsonl, summary.json, ratings.png and winrate.png to DIR",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")

    p = sub.add_parser(
        "analyze",
        help="what millions of fast games teach: card values, seats, strategies",
        description="Play many games in the batch engine (sushigo[fast]) and report what "
        "they teach: for each card, the points it earned and how taking it when offered "
        "moves the win rate; for each seat and strategy, scores and wins; with 95%% "
        "intervals, as tables, JSON and plots (see docs/analysis.md).",
    )
    game_args(p)
    p.add_argument(
        "--agents",
        default="random",
        help="the batch engine's policies, one for every seat or one per seat, "
        "comma-separated: random, heuristic (default random)",
    )
    p.add_argument("--games", type=int, default=100_000, help="games (default 100,000)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes of one thread each (default 1: this process, on every core)",
    )
    p.add_argument("--backend", default="local", help="local (processes, the default) or ray")
    p.add_argument("--address", help="with --backend ray: the Ray cluster (default: local Ray)")
    p.add_argument(
        "--out", metavar="DIR", help="write analysis.json, cards.png and seats.png to DIR"
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")

    p = sub.add_parser(
        "score",
        help="score a game played with real cards or dice (any of the three games)",
        description="Score a game played with real cards or dice: the cards in front of each "
        "player (or the dice on each tray) at the end of each round, from a JSON file, stdin, "
        "or typed in when no file is given (see docs/score-calculator.md).",
    )
    p.add_argument("file", nargs="?", help="JSON file of the cards played, or - for stdin")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "--game",
        help="sushi-go, sushi-go-party or sushi-roll, when the file does not say "
        "(typed in: sushi-go)",
    )
    p.add_argument(
        "--menu",
        help="Sushi Go Party! menu, when the file does not say (typed in: asked first)",
    )

    p = sub.add_parser(
        "hint",
        help="ranked hints at one step of a recorded game",
        description="Re-play a recorded game up to just before one decision step and rank "
        "the deciding seat's options with a search (see docs/hints.md).",
    )
    p.add_argument("file", help="JSON Lines file of records, or - for stdin")
    p.add_argument(
        "--game-index", type=int, default=None, metavar="N", help="game N of the file (default 1)"
    )
    p.add_argument("--step", type=int, required=True, metavar="K", help="decision step K (1-based)")
    p.add_argument(
        "--seat", type=int, metavar="S", help="the seat to advise (default: the first deciding)"
    )
    p.add_argument("--ms", type=float, default=300.0, help="search time in ms (default 300)")
    p.add_argument(
        "--iterations", type=int, default=0, help="search this many games instead of --ms"
    )
    p.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the hints as JSON")

    p = sub.add_parser("replay", help="show or verify recorded games")
    p.add_argument("file", help="JSON Lines file of records, or - for stdin")
    p.add_argument("--verify", action="store_true", help="re-play and check every record")
    p.add_argument(
        "--upgrade",
        action="store_true",
        help="rewrite the file's version 1 records as version 2 (each is re-played first)",
    )
    p.add_argument(
        "--game-index", type=int, default=None, metavar="N", help="show only game N (1-based)"
    )

    p = sub.add_parser("rules", help="the rules summary and the project's rulings")
    p.add_argument("--game", default="sushi-go", help="ruleset name (default: sushi-go)")
    p.add_argument("--menu", help="Sushi Go Party!: also show this menu")
    p.add_argument("--dice", metavar="FILE", help="Sushi Roll: show the faces in this file")

    p = sub.add_parser(
        "serve",
        help="the web server: play in the browser (docs/web.md)",
        description="Serve tables in the browser: create a table, fill seats with friends "
        "and bots, play, replay. Open the address it prints.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--database",
        default="var/sushigo.db",
        help="an SQLite file (default var/sushigo.db) or postgresql://USER@HOST/DB",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        help="seconds a bot waits before each decision (default 0.5)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another origin whose pages may use this server (repeatable)",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the server is reached by, besides localhost and IP addresses "
        "(repeatable; '*': any)",
    )
    p.add_argument(
        "--max-tables",
        type=int,
        default=100,  # sushigo.web.app.MAX_TABLES (not imported: the web extra is optional)
        metavar="N",
        help="tables one client address may create per 10 minutes (default 100; 0: no limit)",
    )
    p.add_argument(
        "--max-sockets",
        type=int,
        default=100,  # sushigo.web.app.MAX_SOCKETS
        metavar="N",
        help="WebSockets one client address may hold open (default 100; 0: no limit)",
    )
    p.add_argument(
        "--abandon-after",
        type=float,
        default=300.0,  # sushigo.web.app.ABANDON_AFTER
        metavar="SECONDS",
        help="a table with a person's seat and no person connected this long ends as "
        "abandoned (default 300: 5 minutes)",
    )
    p.add_argument(
        "--bot",
        action="append",
        metavar="NAME=SPEC",
        help="offer a bot of your own as a seat, by NAME (repeatable): SPEC as "
        "--agents takes it, e.g. clever=bots/mine.py:Clever (docs/agents.md)",
    )

    p = sub.add_parser(
        "train",
        help="learn a Sushi Go! bot: greedy's picks, then masked PPO against a league",
        description="Train a 2-player Sushi Go! policy on the batch engine: behaviour "
        "cloning from the greedy bot, then MaskablePPO against a league of greedy, random "
        "and the learner's past snapshots; checkpoints at 5, 10, 20 and 30 minutes, each "
        "a weights file that policy:weights=FILE plays (needs sushigo[train,fast]; "
        "docs/rl.md).",
    )
    p.add_argument("--minutes", type=float, default=30.0, help="wall time (default 30)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument(
        "--out", default="trained", metavar="DIR", help="where the weights go (default trained/)"
    )

    p = sub.add_parser("bench", help="measure engine throughput")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    p.add_argument("--only", metavar="TEXT", help="measure only the cases whose name contains TEXT")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(argv) if argv is not None else sys.argv[1:]
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(_dispatch(args))
    except SushiGoError as exc:
        print(f"sushigo {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _dispatch(args: argparse.Namespace) -> Any:
    command = args.command
    if command == "play":
        from sushigo.tui.app import run_play

        return run_play(args)
    if command == "score":
        from sushigo.tui.score import run_score

        return run_score(args)
    if command == "simulate":
        from sushigo.tui.reports import run_simulate

        return run_simulate(args)
    if command == "tournament":
        from sushigo.tui.reports import run_tournament_command

        return run_tournament_command(args)
    if command == "analyze":
        from sushigo.tui.analyze import run_analyze

        return run_analyze(args)
    if command == "train":
        from sushigo.play.tournament import DependencyError

        try:
            from sushigo.rl.train import run_train
        except ImportError as exc:
            raise DependencyError(
                "sushigo train needs the batch engine and the train extra: "
                f'pip install "sushigo[fast,train]", or make train ({exc})'
            ) from None
        return run_train(args)
    if command == "hint":
        from sushigo.play.positions import run_hint

        return run_hint(args)
    if command == "replay":
        from sushigo.tui.reports import run_replay

        return run_replay(args)
    if command == "rules":
        from sushigo.present.rules import rules_page

        print(rules_page(args.game, args.menu, args.dice), end="")
        return 0
    if command == "serve":
        from sushigo.web.serve import run_serve

        return run_serve(args)
    if command == "bench":
        from sushigo.play.bench import Extra, run_bench
        from sushigo.play.bench import measure as measure_engine

        extra: list[Extra] = []
        missing = []
        try:
            from sushigo.rl import bench as rl_bench
        except ImportError as exc:  # the rl extra is not installed: no rl cases
            missing.append(str(exc))
        else:
            for label, game, players, options in rl_bench.CASES:
                measure = functools.partial(rl_bench.measure, game, players, options)
                extra.append(("rl", label, measure, rl_bench.line))
        try:
            from sushigo.fast import bench as fast_bench
        except ImportError as exc:  # the fast extra is not installed: no batch cases
            missing.append(str(exc))
        else:

            def engine_rate(game: str, players: int, options: dict[str, Any], s: float) -> float:
                return float(measure_engine(game, players, options, s, 1)["median_games_per_s"])

            for label, game, players, options, how in fast_bench.CASES:
                measure = functools.partial(
                    fast_bench.measure, game, players, options, how, engine_rate
                )
                extra.append(("fast", label, measure, fast_bench.line))
            extra.append(("fast", "fast start", fast_bench.measure_start, fast_bench.start_line))
        return run_bench(args, extra, "; ".join(missing))
    raise AssertionError(command)


if __name__ == "__main__":
    sys.exit(main())
