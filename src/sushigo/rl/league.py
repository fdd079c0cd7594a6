"""Sushi Go! against a league, in the batch engine: the games ``sushigo train`` learns
from (docs/rl.md, "Train a bot").

Each game of a batch has one seat for the learner; every other seat is played by an
opponent drawn from the league when the game is dealt: the greedy bot (compiled in
the batch engine, :meth:`~sushigo.fast.batch.ClassicBatch.greedy_slots`), random
play, or one of the learner's past snapshots (a :class:`~sushigo.rl.policy.PolicyNet`
played in numpy, its slot drawn from the softmax of its ratings of the legal slots).
The learner's seat is drawn too, so it learns every place in the passing order.

What the learner sees and may do are sushigo.rl.classic's layouts (the batch
engine's are the same numbers): the 233-number observation, and the first
:data:`SLOTS` slots, a card or a chopsticks pair (the dummy variant's blocks and the
no-op are never a decision of the games played here). Every seat picks every turn,
so the games of a batch end at the same step, and are dealt again together.

Numpy and the batch engine only: the torch side is :mod:`sushigo.rl.train`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sushigo.core.errors import OptionsError
from sushigo.fast import classic as k
from sushigo.fast import make
from sushigo.rl.policy import PolicyNet

SLOTS = k.PAIRS
"""The learner's slots: 13 cards, then the 169 chopsticks pairs (182)."""
OBS = k.OBS
"""The observation's length (233)."""
KINDS = ("greedy", "random", "snapshot")
"""The league's opponents."""
MARGIN = 0.01
"""A game's reward is +1 for an outright win, -1 for a loss, 0 for a shared win, plus
this much a point of the learner's margin over the best other score: a small pull
towards winning by more, which steadies the early learning without outweighing a
win (a 20-point margin is worth 0.2)."""


def outcome(points: np.ndarray, won: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """Each game's reward for the player in ``seat[g]``: +1 for an outright win, -1 for
    a loss, 0 for a shared win, plus :data:`MARGIN` a point of margin over the best
    other seat. ``points`` and ``won`` are (games, players), as the batch gives them."""
    rows = np.arange(points.shape[0])
    mine = points[rows, seat]
    others = points.astype(np.float64).copy()
    others[rows, seat] = -np.inf
    alone = won[rows, seat] & (won.sum(axis=1) == 1)
    lost = ~won[rows, seat]
    result: np.ndarray = np.where(alone, 1.0, np.where(lost, -1.0, 0.0))
    result += MARGIN * (mine - others.max(axis=1))
    return result


def draw_slots(ratings: np.ndarray, legal: np.ndarray, rng: np.random.Generator,
               temperature: float = 1.0) -> np.ndarray:  # fmt: skip
    """A slot for each row of ``ratings`` (rows x slots), drawn from the softmax of its
    legal slots' ratings at ``temperature`` (0: the best, the first of equals)."""
    masked: np.ndarray = np.where(legal, ratings.astype(np.float64), -np.inf)
    if temperature > 0:
        masked = masked / temperature + rng.gumbel(size=masked.shape)
    out: np.ndarray = masked.argmax(axis=1)
    return out


class League:
    """``batch`` games of Sushi Go! at ``players``, one seat of each the learner's (see
    the module docstring). ``mix``: the chance that a game's opponents are greedy,
    random, or a snapshot (one snapshot plays every other seat of a game; with no
    snapshot yet, its share goes to greedy)."""

    def __init__(
        self,
        players: int = 2,
        batch: int = 128,
        seed: int = 0,
        mix: Sequence[float] = (0.5, 0.1, 0.4),
        keep: int = 8,
    ) -> None:
        if len(mix) != len(KINDS) or min(mix) < 0 or sum(mix) <= 0:
            raise OptionsError(f"mix is {len(KINDS)} shares, 0 or more: {', '.join(KINDS)}")
        self.games = make("sushi-go", players=players, batch=batch, seed=seed)
        self.players = players
        self.batch = batch
        self.mix = np.asarray(mix, np.float64) / float(sum(mix))
        self.keep = keep
        self.snapshots: list[PolicyNet] = []
        self._rng = np.random.default_rng(seed)
        self._rows = np.arange(batch)
        self.seat = np.zeros(batch, np.int64)
        """The learner's seat in each game."""
        self.kind = np.zeros(batch, np.int64)
        """Each game's opponents (an index into KINDS)."""
        self.which = np.zeros(batch, np.int64)
        """Each snapshot game's snapshot (an index into ``snapshots``)."""
        self._obs = np.zeros((batch, players, OBS), np.float32)
        self._mask = np.zeros((batch, players, k.PAIRS * (k.N + 1) + 1), np.bool_)
        self.results: list[tuple[int, float]] = []
        """(kind, reward) of every game finished since the last :meth:`take_results`."""

    def add_snapshot(self, net: PolicyNet) -> None:
        """A past learner joins the league (the oldest beyond ``keep`` leaves)."""
        if (net.inputs, net.outputs) != (OBS, SLOTS):
            raise OptionsError(f"a snapshot takes {OBS} numbers and rates {SLOTS} slots")
        self.snapshots.append(net)
        del self.snapshots[: -self.keep]

    def reset(self) -> np.ndarray:
        """Deal the next games; the learner's observations (batch x 233)."""
        self.games.reset()
        n = self.batch
        self.seat = self._rng.integers(0, self.players, n)
        mix = self.mix.copy()
        if not self.snapshots:
            mix[0] += mix[2]
            mix[2] = 0.0
        self.kind = self._rng.choice(len(KINDS), size=n, p=mix)
        self.which = self._rng.integers(0, max(1, len(self.snapshots)), n)
        self._look()
        return self.observation()

    def _look(self) -> None:
        self._obs[:] = self.games.observe()
        self._mask[:] = self.games.legal_mask()

    def observation(self) -> np.ndarray:
        """The learner's observation in every game (batch x 233, a copy)."""
        out: np.ndarray = self._obs[self._rows, self.seat]
        return out

    def action_masks(self) -> np.ndarray:
        """The learner's legal slots in every game (batch x :data:`SLOTS` booleans)."""
        out: np.ndarray = self._mask[self._rows, self.seat, :SLOTS]
        return out

    def opponents(self) -> np.ndarray:
        """Every seat's slot by its game's opponents (batch x players; the learner's
        seat holds the greedy or random slot, to be replaced)."""
        g = self.games
        slots: np.ndarray = g.sample_slots()  # from the mask just made
        greedy = self.kind == 0
        if greedy.any():
            slots[greedy] = g.greedy_slots()[greedy]
        for j, net in enumerate(self.snapshots):
            rows = np.flatnonzero((self.kind == 2) & (self.which == j))
            if not rows.size:
                continue
            for s in range(self.players):
                at = rows[self.seat[rows] != s]
                if at.size:
                    ratings = net(self._obs[at, s])
                    slots[at, s] = draw_slots(ratings, self._mask[at, s, :SLOTS], self._rng)
        return slots

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool, np.ndarray]:
        """The learner's slot in every game, the opponents' by the league: the next
        observations (after a new deal when the games ended), the rewards, whether the
        games ended, and their last observations then (else the next ones)."""
        slots = self.opponents()
        slots[self._rows, self.seat] = actions
        g = self.games
        g.step(slots)
        if not g.done.all():
            self._look()
            obs = self.observation()
            return obs, np.zeros(self.batch), False, obs
        self._obs[:] = g.observe()
        last = self.observation()
        rewards = outcome(g.returns, g.winners(), self.seat)
        self.results.extend(zip(self.kind.tolist(), rewards.tolist(), strict=True))
        return self.reset(), rewards, True, last

    def take_results(self) -> dict[str, Any]:
        """Win rates by opponent since the last call: {kind: (games, share won)}."""
        out: dict[str, Any] = {}
        for i, name in enumerate(KINDS):
            r = [v for kind, v in self.results if kind == i]
            if r:
                out[name] = (len(r), sum(1 for v in r if v > 0.5) / len(r))
        self.results = []
        return out


def greedy_decisions(
    players: int, games: int, seed: int, explore: float = 0.1, batch: int = 1024
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Greedy's decisions, to learn from (behaviour cloning): games with greedy in
    every seat, each seat's pick replaced by a random legal one ``explore`` of the time
    (so that positions greedy would not reach are seen too). Every seat's every
    decision: observations (decisions x 233 float32), legal slots (decisions x
    :data:`SLOTS`), greedy's slot there, and the game's reward for that seat as
    :func:`outcome` counts it."""
    g = make("sushi-go", players=players, batch=batch, seed=seed)
    rng = np.random.default_rng(seed)
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    labels: list[np.ndarray] = []
    values: list[np.ndarray] = []
    for first in range(0, games, batch):
        g.reset(first=first)
        start = len(obs)
        while not g.done.all():
            obs.append(g.observe().reshape(-1, OBS).copy())
            masks.append(g.legal_mask()[:, :, :SLOTS].reshape(-1, SLOTS).copy())
            best = g.greedy_slots()
            labels.append(best.reshape(-1))
            play = np.where(rng.random(best.shape) < explore, g.sample_slots(), best)
            g.step(play)
        points, won = g.returns, g.winners()
        per_seat = np.stack(
            [outcome(points, won, np.full(batch, s)) for s in range(players)], axis=1
        ).reshape(-1)
        values.extend([per_seat] * (len(obs) - start))
    return (
        np.concatenate(obs),
        np.concatenate(masks),
        np.concatenate(labels),
        np.concatenate(values).astype(np.float32),
    )
