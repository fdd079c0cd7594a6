"""How long the learned bot (``policy``) takes to decide, on one core.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/policy_speed.py [--games 100] [--weights FILE]

Plays ``--games`` 2-player Sushi Go! games of the policy against itself in the
engine and times every ``act`` call: the view encoded as the observation (Python),
the network run (numpy) and the legal action rated highest chosen. Prints the
median, 99th percentile and mean milliseconds a decision. The issue's target: under
1 ms on one core. numpy's BLAS threads are pinned to one by the environment
variables above (set them before numpy loads).
"""

from __future__ import annotations

import argparse
import random
import time

import sushigo
from sushigo.agents.base import make_agent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--weights", default="", help="a weights file (default: the shipped one)")
    args = parser.parse_args()
    agent = make_agent(f"policy:weights={args.weights}" if args.weights else "policy")
    ruleset = sushigo.make("sushi-go", players=2)
    rng = random.Random(0)
    times = []
    for _ in range(args.games):
        state = ruleset.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            actions = {}
            for seat, legal in state.decisions():
                view = state.observe(seat)
                start = time.perf_counter()
                actions[seat] = agent.act(view, legal)
                times.append(time.perf_counter() - start)
            state.apply(actions)
    times.sort()
    n = len(times)
    print(
        f"{n:,} decisions: median {times[n // 2] * 1e3:.3f} ms, 99th percentile "
        f"{times[int(n * 0.99)] * 1e3:.3f} ms, mean {sum(times) / n * 1e3:.3f} ms"
    )


if __name__ == "__main__":
    main()
