"""``make rl-smoke``: a learning smoke test of the environments (not part of make test).

1. Runs the MaskablePPO example of docs/rl.md as written (its code block headed
   ``# docs/rl.md: train``), in a scratch folder.
2. Trains MaskablePPO on 2-player Sushi Go! against random bots for at most
   ``--minutes`` of wall time (3 by default) on this machine's cores.
3. Writes the policy as a numpy weights file and plays ``--games`` (400) games of
   it against random through ``sushigo tournament``'s own runner (duplicate deals,
   seats swapped), and fails unless it wins more than ``--target`` (80%) of them.

Prints the steps trained, the time, and the win rate with its Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def docs_example() -> str:
    """The training block of docs/rl.md."""
    text = (ROOT / "docs" / "rl.md").read_text()
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        if block.startswith("# docs/rl.md: train"):
            return block
    raise SystemExit("docs/rl.md has no '# docs/rl.md: train' block")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--target", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-docs", action="store_true", help="do not run the docs example")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    import sushigo
    from sushigo.play.simulate import wilson
    from sushigo.play.tournament import run_tournament
    from sushigo.rl import SushiGoEnv
    from sushigo.rl.policy import from_sb3

    torch.set_num_threads(max(1, (os.cpu_count() or 1)))
    scratch = Path(tempfile.mkdtemp(prefix="rl-smoke-"))
    if not args.skip_docs:
        start = time.perf_counter()
        here = Path.cwd()
        os.chdir(scratch)
        try:
            exec(compile(docs_example(), "docs/rl.md", "exec"), {"__name__": "docs_example"})
        finally:
            os.chdir(here)
        assert (scratch / "first-policy.npz").exists()
        print(f"docs/rl.md example: ran as written in {time.perf_counter() - start:.0f} s")

    class Deadline(BaseCallback):
        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.end = time.perf_counter() + seconds

        def _on_step(self) -> bool:
            return time.perf_counter() < self.end

    start = time.perf_counter()
    env = make_vec_env(
        lambda: SushiGoEnv("sushi-go", players=2, seat="rotate", opponents="random"),
        n_envs=8,
        seed=args.seed,
    )
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=256,
        batch_size=512,
        n_epochs=5,
        learning_rate=1e-3,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
    )
    budget = args.minutes * 60 - (time.perf_counter() - start)
    model.learn(total_timesteps=10**8, callback=Deadline(budget))
    trained = time.perf_counter() - start
    weights = scratch / "policy.npz"
    from_sb3(model, "sushi-go", weights)
    print(f"trained {model.num_timesteps:,} steps in {trained:.0f} s")

    ruleset = sushigo.make("sushi-go", players=2)
    summary, results = run_tournament(
        ruleset, [f"policy:weights={weights}", "random"], games=args.games, seed=1, workers=1
    )
    del summary
    # outright wins of the policy (agent 0): a shared win is no win here
    wins = sum(1 for r in results if len(r.winners) == 1 and r.lineup[r.winners[0]] == 0)
    games = len(results)
    low, high = wilson(wins, games)
    rate = wins / games
    print(
        f"policy against random: {wins} wins in {games} games = {rate:.1%} "
        f"(95% interval {low:.1%}-{high:.1%}); target: more than {args.target:.0%}"
    )
    return 0 if rate > args.target else 1


if __name__ == "__main__":
    sys.exit(main())
