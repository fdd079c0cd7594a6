"""How fast the browser's frames are built: every seat's frame and the public frame
of every position of random games, with their JSON, as a server broadcasts them.

    .venv/bin/python benchmarks/frames.py [--games 20]

Prints frames per second per game. Compare two trees in the same run by pointing
PYTHONPATH at each; wall-clock figures are noisy on a shared machine, so count
instructions instead (docs/web.md, "Load"):

    valgrind --tool=callgrind .venv/bin/python benchmarks/frames.py --games 2 --game G
    valgrind --tool=callgrind .venv/bin/python benchmarks/frames.py --games 2 --game G --no-frames

the difference being what the frames cost."""

from __future__ import annotations

import argparse
import json
import random
import time

import sushigo
from sushigo.present.frames import public_frame, seat_frame

CONFIGS = [
    ("sushi-go", 4, {}),
    ("sushi-go-party", 5, {"menu": "master-menu"}),
    ("sushi-roll", 4, {}),
]


def positions(game: str, players: int, options: dict[str, object], games: int) -> list[object]:
    out = []
    rng = random.Random(0)
    for _ in range(games):
        state = sushigo.make(game, players=players, **options).new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            out.append(state.copy())
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", help="one game only (sushi-go, sushi-go-party, sushi-roll)")
    parser.add_argument(
        "--no-frames",
        action="store_true",
        help="play the games only (what to subtract from an instruction count)",
    )
    args = parser.parse_args()
    for game, players, options in CONFIGS:
        if args.game and game != args.game:
            continue
        states = positions(game, players, options, args.games)
        if args.no_frames:
            continue
        start = time.perf_counter()
        frames = 0
        for state in states:
            for seat in range(players):
                json.dumps(seat_frame(state, seat))
                frames += 1
            json.dumps(public_frame(state))
            frames += 1
        elapsed = time.perf_counter() - start
        print(f"{game:15s} {frames:6d} frames  {frames / elapsed:8.0f} frames/s")


if __name__ == "__main__":
    main()
