"""The ``mcts`` agent's search of a Sushi Go! decision, every iteration compiled.

It is the search of :mod:`sushigo.agents.mcts` (docs/agents.md) run in the batch
engine's rows instead of the engine's states: single-observer information-set MCTS
over the bot's own decisions, with availability counts. An iteration

* samples a world from the view, as :meth:`ClassicBatch.determinize
  <sushigo.fast.batch.ClassicBatch.determinize>` samples one (the same compiled code,
  tested against the engine's ``determinize``);
* walks the tree: at a node, an action not yet tried is tried first, then the one
  with the best UCB1 score among those legal in this world; the other seats decide
  by the playout policy; the tree ends at a new leaf or at a chance event (a round's
  end; every turn in the two-player dummy variant, whose controller draws);
* plays the world on by the playout policy (``heuristic``, the engine's quick
  ``playout_action`` as the batch engine plays it, or ``random``) to the end of the
  round, scored as the engine's ``State.estimate`` scores it (the points so far and
  the puddings as they stand), or to the end of the game;
* backs up the playout's value, ``0.7 x`` the bot's share of the win plus ``0.3 x``
  its margin over the best other seat, squashed into 0..1 (``agents.mcts._value``).

``paired``: the iterations come in sweeps that try every root action once on one
world, with the same random numbers for the policies (so that the actions compared
meet the same luck).

The search reads nothing but the view, and its generators are seeded by the caller:
the same view, seed and number of iterations give the same statistics. Which
actions it found best is for the agent to say (:mod:`sushigo.agents.mcts` loads this
module by name when numba is installed, and searches with the engine otherwise).

numba's cache of the kernels here holds the functions of :mod:`sushigo.fast.classic`,
:mod:`sushigo.fast.classic_greedy` and :mod:`sushigo.fast.rng` they call, and does not
notice when those files change: ``make test`` and ``make bench`` clear it whenever a
source of ``sushigo.fast`` changed (docs/fast.md, "numba's cache and the sources").
"""

from __future__ import annotations

import math
import time
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from sushigo.core.errors import OptionsError
from sushigo.fast.batch import ClassicBatch
from sushigo.fast.classic import (
    DONE,
    HEURISTIC,
    MAX_HAND,
    MAX_LEGAL,
    PICKS,
    ROUND,
    ROUNDS,
    SCORE,
    TURN,
    WIDTH,
    S,
    _after_turn,
    _apply,
    _below,
    _determinize,
    _heuristic,
    _next,
    dessert_points,
    legal_slots,
)
from sushigo.fast.classic import POLICIES as ROLLOUTS
from sushigo.fast.classic_greedy import greedy_slot

POLICIES = (*ROLLOUTS, "greedy")
"""The policies by number: the batch's rollout policies (uniformly random, the
engine's quick heuristic), and the greedy agent's decision
(sushigo.fast.classic_greedy)."""
GREEDY = POLICIES.index("greedy")

# -- the tree: one row per node --
VISITS, AVAIL, SLOT, FIRST, NEXT = range(5)
"""Columns of ``tree`` (integers): visits, availability count, the action's slot
(its id in the engine), the first child, the next sibling (-1: none)."""
VALUE, SQUARE, POINTS, WINS = range(4)
"""Columns of ``stats`` (floats): sums of the playouts' values, of their squares, of
the bot's points, and of its shares of the win."""
PATH = MAX_HAND + 2
"""The most of the bot's decisions in one iteration's tree: a round's."""


class Found(NamedTuple):
    """What the search found for one root action."""

    action: int
    """The action's id in the engine (``ruleset.action_from_id``), its slot here."""
    visits: int
    value: float
    """Sum of the playouts' values."""
    square: float
    """Sum of their squares."""
    points: float
    """Sum of the bot's points at the playouts' ends."""
    wins: float
    """Sum of the bot's shares of the win."""


# -- one iteration --


@njit(cache=True)
def _child(tree: np.ndarray, stats: np.ndarray, meta: np.ndarray, node: int, slot: int) -> int:
    """The child of ``node`` for action ``slot``, made if it is not there yet."""
    ch = tree[node, FIRST]
    while ch >= 0:
        if tree[ch, SLOT] == slot:
            return int(ch)
        ch = tree[ch, NEXT]
    ch = meta[0]
    meta[0] += 1
    tree[ch, VISITS] = 0
    tree[ch, AVAIL] = 0
    tree[ch, SLOT] = slot
    tree[ch, FIRST] = -1
    tree[ch, NEXT] = tree[node, FIRST]
    tree[node, FIRST] = ch
    for i in range(stats.shape[1]):
        stats[ch, i] = 0.0
    return int(ch)


@njit(cache=True)
def _find(tree: np.ndarray, node: int, slot: int) -> int:
    ch = tree[node, FIRST]
    while ch >= 0:
        if tree[ch, SLOT] == slot:
            return int(ch)
        ch = tree[ch, NEXT]
    return -1


@njit(cache=True)
def _select(
    tree: np.ndarray,
    stats: np.ndarray,
    meta: np.ndarray,
    node: int,
    buf: np.ndarray,
    n: int,
    c: float,
    srng: np.ndarray,
    untried: np.ndarray,
) -> int:
    """The child to follow from ``node`` among the legal slots ``buf[:n]``: an action
    not yet tried (at random), else the best UCB1 score, counting every legal
    action's availability (agents.mcts.MCTSAgent._select)."""
    best = -1
    best_score = -1.0
    m = 0
    for i in range(n):
        ch = _find(tree, node, buf[i])
        if ch < 0 or tree[ch, VISITS] == 0:
            untried[m] = buf[i]
            m += 1
            continue
        tree[ch, AVAIL] += 1
        v = tree[ch, VISITS]
        score = stats[ch, VALUE] / v + c * math.sqrt(math.log(tree[ch, AVAIL] + 1) / v)
        if score > best_score:
            best = ch
            best_score = score
    if m > 0 or best < 0:
        ch = _child(tree, stats, meta, node, untried[_below(srng, 0, m)])
        tree[ch, AVAIL] += 1
        return ch
    return best


@njit(cache=True)
def _decide(
    row: np.ndarray,
    s: int,
    players: int,
    seats: int,
    hand: int,
    penalty: bool,
    soy: bool,
    dummy: bool,
    full: np.ndarray,
    buf: np.ndarray,
    n: int,
    prng: np.ndarray,
    policy: int,
    scores: np.ndarray,
) -> int:
    """Seat ``s``'s pick by ``policy`` among its legal slots ``buf[:n]``."""
    if policy == HEURISTIC:
        return int(_heuristic(row, s, seats, hand, buf, n, prng, 0, False))
    if policy == GREEDY:
        return greedy_slot(row, s, players, seats, hand, penalty, soy, dummy, full, buf, n,
                           scores, prng, 0)  # fmt: skip
    return int(buf[_below(prng, 0, n)])


@njit(cache=True)
def _turn(
    world: np.ndarray,
    wrng: np.ndarray,
    picks: np.ndarray,
    players: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
    dummy: bool,
) -> None:
    """Apply every player's pick (kept in the row's record, as rollouts keep them),
    then what follows the turn: hands passed, a round scored and the next dealt."""
    row = world[0]
    at = PICKS + (row[ROUND] * MAX_HAND + row[TURN]) * S
    for s in range(players):
        _apply(row, s, picks[s])
        row[at + s] = picks[s]
    _after_turn(world, wrng, 0, players, hand, reshuffle, soy, penalty, full, pass_both, dummy)


@njit(cache=True)
def _play(
    world: np.ndarray,
    wrng: np.ndarray,
    prng: np.ndarray,
    policy: int,
    stop: int,
    players: int,
    seats: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
    dummy: bool,
    buf: np.ndarray,
    picks: np.ndarray,
    scores: np.ndarray,
) -> None:
    """Play the world on by the policy until round ``stop`` begins or the game ends
    (every seat decides on the position before the reveal, as in rollout_rows)."""
    row = world[0]
    while row[DONE] == 0 and row[ROUND] < stop:
        for s in range(players):
            n = legal_slots(row, s, buf)
            picks[s] = _decide(row, s, players, seats, hand, penalty, soy, dummy, full, buf, n,
                               prng, policy, scores)  # fmt: skip
        _turn(world, wrng, picks, players, hand, reshuffle, soy, penalty, full, pass_both, dummy)


@njit(cache=True)
def _estimate(row: np.ndarray, seats: int, penalty: bool, out: np.ndarray) -> None:
    """Every seat's points (the dummy's too): final once the game is over, else the
    points so far plus the pudding points of the puddings kept (ClassicState.estimate)."""
    over = row[DONE] != 0
    for s in range(seats):
        out[s] = row[SCORE + s] + (0 if over else dessert_points(row, seats, penalty, s))


@njit(cache=True)
def _value(points: np.ndarray, seats: int, me: int) -> tuple[float, float]:
    """A playout's worth to ``me`` (0..1) and its share of the win: agents.mcts._value,
    over every seat's points (the dummy's too, as the engine's estimate has them)."""
    mine = points[me]
    top = points[0]
    best_other = -(1 << 30)
    for s in range(seats):
        top = max(top, points[s])
        if s != me:
            best_other = max(best_other, points[s])
    winners = 0
    for s in range(seats):
        if points[s] == top:
            winners += 1
    won = 1.0 / winners if mine == top else 0.0
    margin = max(-1.0, min(1.0, (mine - best_other) / 30.0))
    return 0.7 * won + 0.3 * (margin + 1.0) / 2.0, won


@njit(cache=True)
def _iterate(
    world: np.ndarray,
    wrng: np.ndarray,
    prng: np.ndarray,
    srng: np.ndarray,
    template: np.ndarray,
    hidden: np.ndarray,
    pile: int,
    hidden_drawn: int,
    draw: bool,
    deal: bool,
    me: int,
    players: int,
    seats: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
    dummy: bool,
    policy: int,
    model: int,
    whole_game: bool,
    c: float,
    first: int,
    tree: np.ndarray,
    stats: np.ndarray,
    meta: np.ndarray,
    buf: np.ndarray,
    untried: np.ndarray,
    picks: np.ndarray,
    path: np.ndarray,
    points: np.ndarray,
    scores: np.ndarray,
) -> None:
    """One iteration from the root (node 0): a world, the tree (the other seats
    decide by ``model`` there), the playout (everyone by ``policy``), the values
    backed up. ``first``: the root action, named by a paired sweep (-1: none)."""
    _determinize(
        world, wrng, 0, template, hidden, pile, hidden_drawn, draw, deal, seats, hand,
        reshuffle, full, dummy,
    )  # fmt: skip
    row = world[0]
    stop = ROUNDS if whole_game else row[ROUND] + 1
    node = 0
    depth = 0
    while node >= 0 and row[DONE] == 0 and row[ROUND] < stop:
        for s in range(players):
            n = legal_slots(row, s, buf)
            if s == me:
                if first >= 0 and depth == 0:
                    ch = _child(tree, stats, meta, node, first)
                else:
                    ch = _select(tree, stats, meta, node, buf, n, c, srng, untried)
                picks[s] = tree[ch, SLOT]
                path[depth] = ch
                depth += 1
                node = ch if tree[ch, VISITS] > 0 else -1  # a new leaf ends the tree
            else:
                picks[s] = _decide(row, s, players, seats, hand, penalty, soy, dummy, full, buf,
                                   n, prng, model, scores)  # fmt: skip
        r = row[ROUND]
        _turn(world, wrng, picks, players, hand, reshuffle, soy, penalty, full, pass_both, dummy)
        if dummy or row[ROUND] != r:
            break  # a chance event (a deal, the dummy's draw): below it the worlds part ways
    _play(
        world, wrng, prng, policy, stop, players, seats, hand, reshuffle, soy, penalty, full,
        pass_both, dummy, buf, picks, scores,
    )  # fmt: skip
    _estimate(row, seats, penalty, points)
    value, won = _value(points, seats, me)
    tree[0, VISITS] += 1
    for d in range(depth):
        ch = path[d]
        tree[ch, VISITS] += 1
        stats[ch, VALUE] += value
        stats[ch, SQUARE] += value * value
        stats[ch, POINTS] += points[me]
        stats[ch, WINS] += won


@njit(cache=True)
def search_iterations(
    count: int,
    world: np.ndarray,
    wrng: np.ndarray,
    prng: np.ndarray,
    srng: np.ndarray,
    saved: np.ndarray,
    template: np.ndarray,
    hidden: np.ndarray,
    pile: int,
    hidden_drawn: int,
    draw: bool,
    deal: bool,
    me: int,
    players: int,
    seats: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
    dummy: bool,
    policy: int,
    model: int,
    whole_game: bool,
    c: float,
    paired: bool,
    tree: np.ndarray,
    stats: np.ndarray,
    meta: np.ndarray,
    buf: np.ndarray,
    untried: np.ndarray,
    picks: np.ndarray,
    path: np.ndarray,
    points: np.ndarray,
    scores: np.ndarray,
) -> None:
    """``count`` more iterations of the search whose tree is ``tree`` and ``stats``
    (``meta[0]`` nodes used; room for ``count`` more), from the view ``template``
    (ClassicBatch._template). Paired: a sweep's root actions left are ``meta[2:2 +
    meta[1]]``, and its world's and policy's generators start from ``saved``."""
    for _ in range(count):
        first = -1
        if paired:
            if meta[1] == 0:  # a new sweep: a world, and every root action legal in it
                saved[0] = _next(srng, 0)
                saved[1] = _next(srng, 0)
                wrng[0] = saved[0]
                _determinize(
                    world, wrng, 0, template, hidden, pile, hidden_drawn, draw, deal, seats,
                    hand, reshuffle, full, dummy,
                )  # fmt: skip
                n = legal_slots(world[0], me, buf)
                for i in range(n):
                    meta[2 + i] = buf[i]
                meta[1] = n
            meta[1] -= 1
            first = meta[2 + meta[1]]
            wrng[0] = saved[0]
            prng[0] = saved[1]
        _iterate(
            world, wrng, prng, srng, template, hidden, pile, hidden_drawn, draw, deal, me,
            players, seats, hand, reshuffle, soy, penalty, full, pass_both, dummy, policy, model,
            whole_game, c, first, tree, stats, meta, buf, untried, picks, path, points, scores,
        )  # fmt: skip


@njit(cache=True)
def playout_rows(
    st: np.ndarray,
    rng: np.ndarray,
    prng: np.ndarray,
    me: int,
    policy: int,
    whole_game: bool,
    players: int,
    seats: int,
    hand: int,
    reshuffle: bool,
    soy: bool,
    penalty: bool,
    full: np.ndarray,
    pass_both: bool,
    dummy: bool,
    scratch: np.ndarray,
    points: np.ndarray,
    values: np.ndarray,
    wins: np.ndarray,
) -> None:
    """Every row played on as an iteration's playout plays it (to the round's end, or
    the game's), and scored as it scores it: every seat's points (``points``, batch x
    S), and ``me``'s value and share of the win."""
    picks = np.zeros(S, np.int64)
    scores = np.zeros(scratch.shape[1])
    for g in range(st.shape[0]):
        world = st[g : g + 1]
        stop = ROUNDS if whole_game else world[0, ROUND] + 1
        _play(
            world, rng[g : g + 1], prng[g : g + 1], policy, stop, players, seats, hand,
            reshuffle, soy, penalty, full, pass_both, dummy, scratch[g], picks, scores,
        )  # fmt: skip
        _estimate(world[0], seats, penalty, points[g])
        values[g], wins[g] = _value(points[g], seats, me)


# -- the Python side --

HORIZONS = ("round", "game")


def _kind(rollout: str) -> int:
    if rollout not in POLICIES:
        raise OptionsError(
            f"the batch engine's search plays {', '.join(POLICIES)}, not {rollout!r}"
        )
    return POLICIES.index(rollout)


def _whole_game(horizon: str) -> bool:
    if horizon not in HORIZONS:
        raise OptionsError(f"horizon is one of {', '.join(HORIZONS)}, not {horizon!r}")
    return horizon == "game"


def _seeds(seed: int) -> list[int]:
    """Three generators' states (worlds, policies, the search's own draws) from one
    seed, as seed_rows mixes a seed and a game's number."""
    return [(seed * 0x9E3779B97F4A7C15 + i) & 0xFFFFFFFFFFFFFFFF for i in range(3)]


class ClassicSearch:
    """The search of one Sushi Go! ruleset's decisions (any player count and
    variant): its working arrays, reused from one decision to the next."""

    def __init__(self, ruleset: Any) -> None:
        batch = ClassicBatch(ruleset, 1, 0)
        self.ruleset = ruleset
        self._batch = batch
        reshuffle, soy, penalty = batch._flags
        self._rules = (
            ruleset.players, batch._seats, batch._hand, reshuffle, soy, penalty, batch._full,
            batch._pass_both, batch._dummy,
        )  # fmt: skip
        self._world = np.zeros((1, WIDTH), np.int16)
        self._gens = np.zeros((3, 1), np.uint64)
        self._saved = np.zeros(2, np.uint64)
        self._buf = np.zeros(MAX_LEGAL + 1, np.int64)
        self._untried = np.zeros(MAX_LEGAL + 1, np.int64)
        self._picks = np.zeros(S, np.int64)
        self._path = np.zeros(PATH, np.int64)
        self._points = np.zeros(S, np.int64)
        self._scores = np.zeros(MAX_LEGAL + 1, np.float64)
        self._meta = np.zeros(MAX_LEGAL + 3, np.int64)
        self._tree = np.zeros((1024, 5), np.int64)
        self._stats = np.zeros((1024, 4), np.float64)
        self.last_iterations = 0
        """Iterations of the last search."""
        # compile the kernel, or load it from numba's cache, now rather than in the
        # first decision's time
        self._search(0, np.zeros(WIDTH, np.int16), np.zeros(S, np.int64), 0, -1, False, False,
                     0, HEURISTIC, GREEDY, False, 0.7, False)  # fmt: skip

    def run(
        self,
        view: Any,
        seed: int,
        *,
        iterations: int = 0,
        seconds: float = 0.1,
        c: float = 0.7,
        rollout: str = "heuristic",
        opponents: str = "greedy",
        horizon: str = "round",
        paired: bool = False,
    ) -> list[Found]:
        """Search the decision of ``view`` (a PlayerView of this ruleset) for
        ``iterations`` iterations, or for ``seconds`` when ``iterations`` is 0 (at least
        one); what it found for each root action it tried, in no order. ``rollout``:
        the playouts' policy (``random``, ``heuristic`` or ``greedy``); ``opponents``:
        the other seats' in the tree (one of them, or ``rollout``: the playouts').
        OptionsError for a view of another ruleset, or an unknown policy or horizon."""
        policy = _kind(rollout)
        model = policy if opponents == "rollout" else _kind(opponents)
        whole = _whole_game(horizon)
        template, hidden, pile, hidden_drawn, draw, deal = self._batch._template(view)
        start = time.perf_counter()
        gens = _seeds(seed)
        for i in range(3):
            self._gens[i, 0] = gens[i]
        meta = self._meta
        meta[:2] = (1, 0)  # the root, and no sweep under way
        self._tree[0] = (0, 0, -1, -1, -1)
        self._stats[0] = 0.0
        done = 0
        chunk = 16
        while True:
            if iterations:
                count = iterations - done
            else:
                if done and time.perf_counter() - start >= seconds:
                    break
                count = chunk
            self._room(int(meta[0]) + count)
            self._search(count, template, hidden, pile, hidden_drawn, draw, deal, view.seat,
                         policy, model, whole, float(c), bool(paired))  # fmt: skip
            done += count
            if iterations:
                break
            spent = time.perf_counter() - start
            left = seconds - spent
            rate = done / max(spent, 1e-6)
            # a few milliseconds a call: the clock is read often enough, the calls cost little
            chunk = max(1, min(int(rate * 0.004), int(rate * left) + 1))
        self.last_iterations = done
        tree, stats = self._tree, self._stats
        out = []
        ch = int(tree[0, FIRST])
        while ch >= 0:
            if tree[ch, VISITS]:
                v, sq, pts, w = (float(x) for x in stats[ch])
                out.append(Found(int(tree[ch, SLOT]), int(tree[ch, VISITS]), v, sq, pts, w))
            ch = int(tree[ch, NEXT])
        return out

    def _search(
        self,
        count: int,
        template: np.ndarray,
        hidden: np.ndarray,
        pile: int,
        hidden_drawn: int,
        draw: bool,
        deal: bool,
        me: int,
        policy: int,
        model: int,
        whole: bool,
        c: float,
        paired: bool,
    ) -> None:
        wrng, prng, srng = self._gens[0], self._gens[1], self._gens[2]
        search_iterations(
            count, self._world, wrng, prng, srng, self._saved, template, hidden, pile,
            hidden_drawn, draw, deal, me, *self._rules, policy, model, whole, c, paired,
            self._tree, self._stats, self._meta, self._buf, self._untried, self._picks,
            self._path, self._points, self._scores,
        )  # fmt: skip

    def _room(self, nodes: int) -> None:
        """Room in the tree for ``nodes`` nodes (each iteration adds one at most)."""
        size = self._tree.shape[0]
        if nodes <= size:
            return
        while size < nodes:
            size *= 2
        tree = np.zeros((size, 5), np.int64)
        stats = np.zeros((size, 4), np.float64)
        used = int(self._meta[0])
        tree[:used] = self._tree[:used]
        stats[:used] = self._stats[:used]
        self._tree, self._stats = tree, stats


def playout_values(
    batch: ClassicBatch, seat: int, rollout: str = "heuristic", horizon: str = "round"
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play every game of ``batch`` on from where it stands as a search iteration's
    playout does (``rollout`` every seat's policy, from the batch's policy generators;
    to the end of the round, or of the game), and score it as the iteration does:
    every seat's points (batch x seats, the dummy's too: the engine's
    ``State.estimate``), and ``seat``'s value (0..1) and share of the win. The games'
    rows are played on; their picks are recorded in them."""
    batch._change()
    policy = _kind(rollout)
    whole = _whole_game(horizon)
    n = batch.batch
    points = np.zeros((n, S), np.int64)
    values = np.zeros(n, np.float64)
    wins = np.zeros(n, np.float64)
    reshuffle, soy, penalty = batch._flags
    playout_rows(
        batch._rows, batch._rng, batch._prng, seat, policy, whole, batch.players, batch._seats,
        batch._hand, reshuffle, soy, penalty, batch._full, batch._pass_both, batch._dummy,
        batch._scratch, points, values, wins,
    )  # fmt: skip
    return points[:, : batch._seats], values, wins
