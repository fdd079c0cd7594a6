"""``sushigo train``: a Sushi Go! bot learned on a 2-core machine in half an hour.

The recipe (docs/rl.md, "Train a bot"):

1. **Behaviour cloning.** Games of the greedy bot against itself in the batch engine
   (a tenth of its picks replaced by random ones, so that other positions are seen
   too) give every seat's observation, legal slots and greedy's pick. The policy
   network learns greedy's picks (cross-entropy over the legal slots) and the value
   network each seat's result.
2. **Masked PPO against a league** (sb3-contrib's MaskablePPO): each game's opponents
   are greedy, random play or one of the learner's past snapshots
   (:mod:`sushigo.rl.league`); a snapshot joins the league every few minutes.
3. **Checkpoints** at the minutes asked for (5, 10, 20 and 30 by default), each a
   numpy weights file that ``policy:weights=FILE`` plays anywhere an agent is taken.

torch, stable-baselines3 and sb3-contrib are the ``train`` extra; nothing else
imports this module. Time is wall time from the start, cloning included.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from sushigo.core.errors import OptionsError
from sushigo.play.tournament import DependencyError
from sushigo.rl.league import OBS, SLOTS, League, greedy_decisions
from sushigo.rl.policy import PolicyNet, from_sb3

MARKS = (5.0, 10.0, 20.0, 30.0)
"""Minutes at which a checkpoint is written."""


def _needs() -> tuple[Any, Any, Any, Any]:
    try:
        import torch
        from gymnasium import spaces
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import VecEnv
    except ImportError as exc:
        raise DependencyError(
            f"training needs the train extra (torch, stable-baselines3, sb3-contrib): "
            f'pip install "sushigo[train]", or make train ({exc})'
        ) from None
    return torch, spaces, MaskablePPO, VecEnv


def league_env(league: League) -> Any:
    """A stable-baselines3 VecEnv over ``league``: one environment per game of its
    batch, with ``action_masks`` for MaskablePPO."""
    _, spaces, _, vec_env = _needs()

    class LeagueVecEnv(vec_env):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            self.league = league
            self.render_mode = None
            super().__init__(
                league.batch,
                spaces.Box(-np.inf, np.inf, (OBS,), np.float32),
                spaces.Discrete(SLOTS),
            )
            self._actions = np.zeros(league.batch, np.int64)

        def reset(self) -> np.ndarray:
            return self.league.reset()

        def step_async(self, actions: np.ndarray) -> None:
            self._actions = np.asarray(actions, np.int64)

        def step_wait(self) -> Any:
            obs, rewards, over, last = self.league.step(self._actions)
            n = self.num_envs
            dones = np.full(n, over)
            infos: list[dict[str, Any]] = [{} for _ in range(n)]
            if over:
                for i in range(n):
                    infos[i]["terminal_observation"] = last[i]
            return obs, rewards.astype(np.float32), dones, infos

        def close(self) -> None:
            return None

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            return [getattr(self, attr_name)] * len(self._indices(indices))

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            setattr(self, attr_name, value)

        def env_method(
            self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any
        ) -> Any:
            if method_name == "action_masks":
                return self.league.action_masks()[self._indices(indices)]
            raise AttributeError(f"the league's games have no method {method_name}")

        def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
            return [False] * len(self._indices(indices))

        def action_masks(self) -> np.ndarray:
            return self.league.action_masks()

        def _indices(self, indices: Any) -> Any:
            if indices is None:
                return list(range(self.num_envs))
            return [indices] if isinstance(indices, int) else list(indices)

    return LeagueVecEnv()


def clone(model: Any, data: Sequence[np.ndarray], epochs: int, seconds: float,
          log: Callable[[str], None]) -> dict[str, float]:  # fmt: skip
    """Behaviour cloning: fit the policy to greedy's picks and the value to the games'
    results, for ``epochs`` passes or ``seconds``, whichever ends first."""
    torch = _needs()[0]
    obs, masks, labels, values = (torch.as_tensor(a) for a in data)
    policy = model.policy
    opt = torch.optim.Adam(policy.parameters(), lr=1e-3)
    n = obs.shape[0]
    size = 1024
    end = time.perf_counter() + seconds
    gen = torch.Generator().manual_seed(0)
    agree = 0.0
    for epoch in range(epochs):
        order = torch.randperm(n, generator=gen)
        total, right = 0.0, 0
        for at in range(0, n, size):
            i = order[at : at + size]
            v, logp, _ = policy.evaluate_actions(obs[i], labels[i], action_masks=masks[i])
            loss = -logp.mean() + 0.5 * torch.nn.functional.mse_loss(v.flatten(), values[i])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(i)
            with torch.no_grad():
                right += int((logp > np.log(0.5)).sum())
            if time.perf_counter() > end:
                break
        agree = right / n
        log(f"cloning greedy: pass {epoch + 1}, loss {total / n:.3f}, "
            f"greedy's pick rated above one half {agree:.1%}")  # fmt: skip
        if time.perf_counter() > end:
            break
    return {"agreement": agree}


def train(
    out: str | Path,
    minutes: float = 30.0,
    seed: int = 0,
    marks: Sequence[float] = MARKS,
    players: int = 2,
    batch: int = 128,
    clone_games: int = 8192,
    snapshot_minutes: float = 2.0,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Train for ``minutes`` of wall time and write ``out``/policy.npz (the last
    network) and ``out``/policy-{m}min.npz at each mark; returns what was done."""
    torch, _, maskable_ppo, _ = _needs()
    start = time.perf_counter()
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(seed)
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    league = League(players=players, batch=batch, seed=seed)
    env = league_env(league)
    model = maskable_ppo(
        "MlpPolicy",
        env,
        n_steps=64,
        batch_size=2048,
        n_epochs=4,
        learning_rate=2e-4,
        gamma=1.0,
        gae_lambda=0.95,
        ent_coef=0.003,
        clip_range=0.2,
        target_kl=0.03,
        policy_kwargs={
            "net_arch": {"pi": [256, 256], "vf": [256, 256]},
            "activation_fn": torch.nn.ReLU,
        },
        seed=seed,
        device="cpu",
        verbose=0,
    )
    data = greedy_decisions(players, clone_games, seed=seed + 10_000)
    log(f"greedy's decisions: {len(data[0]):,} in {time.perf_counter() - start:.0f} s")
    budget = minutes * 60
    cloned = clone(model, data, epochs=4, seconds=budget * 0.15, log=log)
    del data
    league.add_snapshot(_net(model, folder / "snapshot.npz"))
    todo = sorted(m for m in marks if m <= minutes)
    done: list[dict[str, Any]] = []

    from stable_baselines3.common.callbacks import BaseCallback

    class Clock(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.last_snapshot = time.perf_counter()

        def _on_step(self) -> bool:
            spent = (time.perf_counter() - start) / 60
            while todo and spent >= todo[0]:
                mark = todo.pop(0)
                path = folder / f"policy-{mark:g}min.npz"
                _net(self.model, path)
                done.append({"minutes": mark, "steps": int(self.model.num_timesteps),
                             "file": path.name})  # fmt: skip
                log(f"{mark:g} min: {self.model.num_timesteps:,} steps, wrote {path}")
            if time.perf_counter() - self.last_snapshot >= snapshot_minutes * 60:
                league.add_snapshot(_net(self.model, folder / "snapshot.npz"))
                self.last_snapshot = time.perf_counter()
                won = league.take_results()
                log(
                    f"{spent:.1f} min, {self.model.num_timesteps:,} steps; won "
                    + ", ".join(f"{k} {v[1]:.1%} of {v[0]:,}" for k, v in won.items())
                )
            return spent < minutes

    model.learn(total_timesteps=10**12, callback=Clock())
    final = folder / "policy.npz"
    _net(model, final)
    (folder / "snapshot.npz").unlink(missing_ok=True)
    summary = {
        "seed": seed,
        "minutes": minutes,
        "seconds": round(time.perf_counter() - start, 1),
        "steps": int(model.num_timesteps),
        "cloning": cloned,
        "checkpoints": done,
        "file": final.name,
    }
    (folder / "train.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary


def _net(model: Any, path: Path) -> PolicyNet:
    net: PolicyNet = from_sb3(model, "sushi-go", path)
    return net


def run_train(args: argparse.Namespace) -> int:
    """``sushigo train``."""
    if not args.minutes > 0:
        raise OptionsError(f"--minutes must be above 0, not {args.minutes}")
    _needs()  # say what is missing before anything is played
    try:
        Path(args.out).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionsError(f"cannot write the weights to {args.out}: {exc.strerror}") from None
    summary = train(args.out, minutes=args.minutes, seed=args.seed)
    print(json.dumps(summary, indent=2))
    return 0
