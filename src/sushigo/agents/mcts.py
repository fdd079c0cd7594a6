"""``mcts``: information-set Monte Carlo tree search over the bot's own decisions.

Every iteration samples a world from the bot's view alone (``determinize(view,
rng)``: the hands it saw are known, the rest dealt from the cards it has not
seen, in Sushi Go Party! with the deck its menus draw from and the desserts
shuffled in; in Sushi Roll the view is the whole position but the future rolls),
then plays it forward:

* the bot's own decisions are the tree: at a node, an action not yet tried is
  tried first; then the action with the best UCB1 score among those legal in
  this world (single-observer ISMCTS, with availability counts). The tree ends
  at a chance event (a deal, a roll, a menu draw): below it the worlds part ways;
* the other seats are not searched: in the tree they decide as ``greedy`` would
  from their own view of the sampled world (``opponents=greedy``, memoized on
  that view for one search), or like the playout policy (``opponents=rollout``);
* below the tree, everyone plays the playout policy: ``greedy`` (memoized
  likewise), ``heuristic`` (the game's compiled quick
  :meth:`~sushigo.core.state.State.playout_action`) or ``random`` (both run by
  :func:`sushigo.games.driver.rollout`); ``auto``, the default, is ``greedy``
  but in Sushi Roll, where it is ``heuristic`` (greedy's playouts there are too
  slow for enough of them in 100 ms), and in the batch engine's search, where it
  is ``heuristic`` too;
* a playout stops at the end of the round (``horizon=round``, the default) and
  is scored with :meth:`~sushigo.core.state.State.estimate` (points so far, the
  desserts and tokens as they stand), or goes to the end of the game
  (``horizon=game``).

A playout is worth ``0.7 x`` the bot's share of the win plus ``0.3 x`` its
score margin over the best other seat, squashed into 0..1. The search's choice
is the most visited action; with ``paired=yes`` (the default in Sushi Roll,
``auto``) it instead runs sweeps that try every root action once on the same
world and the same rolls, and its choice is the best mean, so that the dice's
luck cancels out between the actions compared. The decision is the prior's
choice unless the search's beats it by more than ``TRUST`` standard errors: with
few iterations (a round's first picks) the search's means are noise, and the prior
is the better guess. The prior (``prior=``) is ``greedy``, or ``policy``, the
learned bot the package ships (:mod:`sushigo.rl.policy`, numpy alone); ``auto``,
the default, is the learned bot where it learned (2-player Sushi Go!, not the
dummy variant) and greedy elsewhere. The budget is ``iterations`` or ``ms`` per decision; with
``iterations`` and a seed, the bot is deterministic.

Where the search runs (``search=``): in Sushi Go!, when the batch engine is installed
(``pip install "sushigo[fast]"``), ``auto``, the default, searches in it
(:mod:`sushigo.fast.classic_search`, loaded on first use: the same tree, worlds,
values and choice, every iteration compiled, with greedy itself compiled as the
other seats' model), some twenty times as many iterations in the same time;
elsewhere, or without numba, in the engine. ``batch`` asks for the batch engine
(OptionsError where it does not search), ``engine`` for the engine
(``mcts-engine`` is ``mcts:search=engine``, the search as it was).

The search never sees the true state: the agent is given a view and the legal
actions, like every agent, and samples its worlds with the view's ruleset
(:meth:`~sushigo.core.ruleset.Ruleset.determinize`; the batch engine samples them
as it does, from the view alone), in every game and variant.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from sushigo.agents.base import View, learned_plays, make_agent, register_agent
from sushigo.agents.greedy import GreedyAgent
from sushigo.core.errors import OptionsError
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState as State
from sushigo.games.driver import rollout

ROLLOUTS = ("auto", "greedy", "heuristic", "random")
OPPONENTS = ("auto", "greedy", "rollout")
HORIZONS = ("round", "game")
PAIRED = ("auto", "yes", "no")
SEARCHES = ("auto", "batch", "engine")
PRIORS = ("auto", "greedy", "policy")
BATCH_GAMES = ("sushi-go",)
"""The games the batch engine searches (``search=batch``; docs/agents.md)."""
TRUST = 1.0
"""The search overrides the prior's choice when its best action's mean value is above
the prior's by more than this many standard errors of the difference."""
WIDTH = 48
"""At most this many actions are searched at one node: every take first (the
legal list puts them first), then a sample of the rest (Sushi Roll offers up to
255 re-rolls)."""


def determinize(view: View, rng: random.Random) -> State:
    """A whole position consistent with ``view``, sampled with ``rng`` by the
    view's own ruleset."""
    rules: AnyRuleset = view.ruleset  # the view's own game: its determinize takes it
    world: State = rules.determinize(view, rng)
    return world


_BATCH: list[ModuleType | None] = []
"""The batch engine's search, once loaded (None: numba or numpy is missing)."""


def batch_search() -> ModuleType | None:
    """:mod:`sushigo.fast.classic_search`, the batch engine's search of Sushi Go!, or
    None when the batch engine cannot be loaded (``pip install "sushigo[fast]"``
    installs numpy and numba). Imported on first use, never with this module: the
    library needs no numpy."""
    if not _BATCH:
        try:
            module: ModuleType | None = importlib.import_module("sushigo.fast.classic_search")
        except ImportError:
            module = None
        _BATCH.append(module)
    return _BATCH[0]


@dataclass(frozen=True)
class Profile:
    """How the search plays one game, where the games differ."""

    paired: bool = False
    """Paired sweeps by default (``paired=auto``): the dice make playouts noisy."""
    rollout: str = "greedy"
    """The playout policy of ``rollout=auto``."""
    takes_and_greedy: bool = False
    """Search only the dice to take and the token use greedy would make (Sushi Roll
    offers up to 255 re-rolls; searching them all spreads the iterations too thin)."""


DEFAULT_PROFILE = Profile()
PROFILES: dict[str, Profile] = {
    # greedy's playouts are too slow in Sushi Roll for enough of them in 100 ms
    "sushi-roll": Profile(paired=True, rollout="heuristic", takes_and_greedy=True),
}
"""Each game's search profile, by ruleset name; a game not listed searches with
:data:`DEFAULT_PROFILE`."""


@dataclass
class ActionStat:
    """What the search found for one legal action."""

    action: Any
    visits: int
    value: float
    """Mean playout value, 0..1 (see the module docstring)."""
    mean_score: float
    """The bot's mean final score over those playouts."""
    win_rate: float
    """The bot's share of wins over those playouts."""
    error: float = 0.0
    """Standard error of ``value``."""


class _Node:
    __slots__ = (
        "children",
        "visits",
        "avail",
        "value",
        "square",
        "score",
        "wins",
        "order",
        "fixed",
    )

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.square = 0.0
        self.score = 0.0
        self.wins = 0.0
        self.order: list[Any] | None = None
        self.fixed = False
        """The order is the whole set of actions searched here (Sushi Roll)."""


class MCTSAgent:
    """Information-set MCTS; see the module docstring."""

    name = "mcts"
    observes = True

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 0,
        ms: float = 100.0,
        rollout: str = "auto",
        c: float = 0.7,
        opponents: str = "auto",
        horizon: str = "round",
        paired: str = "auto",
        search: str = "auto",
        prior: str = "auto",
    ) -> None:
        if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 0:
            raise OptionsError(
                f"mcts: iterations must be a whole number, 0 or more, not {iterations!r}"
            )
        if not _number(ms) or ms <= 0:
            raise OptionsError(f"mcts: ms must be a number above 0, not {ms!r}")
        if not _number(c) or c < 0:
            raise OptionsError(f"mcts: c must be a number, 0 or more, not {c!r}")
        _one_of("rollout", rollout, ROLLOUTS)
        _one_of("opponents", opponents, OPPONENTS)
        _one_of("horizon", horizon, HORIZONS)
        _one_of("paired", paired, PAIRED)
        _one_of("search", search, SEARCHES)
        _one_of("prior", prior, PRIORS)
        if search == "batch":
            if batch_search() is None:
                raise OptionsError(
                    'mcts: search=batch needs the batch engine: pip install "sushigo[fast]" '
                    "(numpy and numba)"
                )
        self.search = search
        self.prior = prior
        self._policy_agent: Any = None
        """The learned bot whose choice the search must beat (``prior=policy``), once
        loaded; False: it cannot be loaded here (``prior=auto`` then keeps greedy's)."""
        if prior == "policy":
            self._learned()
        self._searches: dict[Any, Any] = {}
        """The batch engine's search of each ruleset met (its arrays are reused)."""
        self.last_search = ""
        """Where the last search ran: ``batch`` or ``engine``."""
        self._rng = random.Random(seed)
        self.opponents = opponents
        self.horizon = horizon
        self.paired = paired
        self.iterations = int(iterations)
        self.ms = float(ms)
        self.rollout = rollout
        self.c = float(c)
        self._greedy = GreedyAgent(seed)
        """The choice the search must beat, Sushi Roll's token use, the opponent
        model and the ``greedy`` playout."""
        self.last_iterations = 0
        """Iterations of the last search (for benchmarks and hints)."""
        self._profile = DEFAULT_PROFILE
        """The profile of the game searched last (set by :meth:`analyze`)."""

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("mcts needs its view")
        return self.choose(view, legal, self.analyze(view, legal))

    def choose(self, view: View, legal: Sequence[Any], stats: Sequence[ActionStat]) -> Any:
        """The action to play, given the search's ``stats``: the prior's choice
        (greedy's or the learned bot's, :meth:`_prior`) unless the search's best beats
        it by more than ``TRUST`` standard errors (the prior's alone when there was no
        search)."""
        prior = self._prior(view).act(view, legal)
        if not stats:
            return prior
        best = stats[0]
        for s in stats:
            if s.action == prior:
                margin = TRUST * math.sqrt(best.error**2 + s.error**2)
                return prior if best.value - s.value <= margin else best.action
        return best.action

    def _prior(self, view: View) -> Any:
        """The agent whose choice the search must beat: greedy, or with ``prior=policy``
        the learned bot (:mod:`sushigo.rl.policy`); ``prior=auto`` asks the learned bot
        where it learned, 2-player Sushi Go! (not the dummy variant), when numpy is
        installed, and greedy elsewhere."""
        if self.prior == "greedy":
            return self._greedy
        if self.prior == "auto" and not learned_plays(view.ruleset):
            return self._greedy
        learned = self._learned()
        return learned if learned else self._greedy

    def _learned(self) -> Any:
        """The shipped learned bot, loaded once by its agent name (``policy``, a layer
        above this one: :mod:`sushigo.rl.policy`), as any bot is; False where it cannot
        be loaded, numpy missing say (an OptionsError for ``prior=policy``)."""
        if self._policy_agent is None:
            try:
                self._policy_agent = make_agent("policy")
            except OptionsError as exc:
                if self.prior == "policy":
                    raise OptionsError(f"mcts: prior=policy needs the learned bot: {exc}") from None
                self._policy_agent = False
        return self._policy_agent

    def analyze(self, view: View, legal: Sequence[Any]) -> list[ActionStat]:
        """Search from ``view`` and return each searched action's statistics, most
        visited first (the best mean first with paired sweeps)."""
        profile = PROFILES.get(view.ruleset.name, DEFAULT_PROFILE)
        self._profile = profile
        paired = self.paired == "yes" or (self.paired == "auto" and profile.paired)
        searcher = self._batch(view.ruleset)
        if searcher is not None:
            return self._analyze_batch(searcher, view, paired)
        self.last_search = "engine"
        rng = self._rng
        me = view.seat
        root = _Node()
        greedy = self._memo_greedy()
        kind = self.rollout
        if kind == "auto":
            kind = profile.rollout
        policy = greedy if kind == "greedy" else self._policy(kind, rng)
        model = greedy if self.opponents in ("greedy", "auto") else policy
        deadline = None if self.iterations else time.perf_counter() + self.ms / 1000.0
        count = 0
        sweep: list[Any] = []
        seed = 0
        while True:
            if self.iterations and count >= self.iterations:
                break
            if deadline is not None and count and time.perf_counter() >= deadline:
                break
            if paired and not sweep:
                seed = rng.getrandbits(48)
            world_rng = random.Random(seed) if paired else rng
            world = determinize(view, world_rng)
            if paired and not sweep:
                sweep = list(self._root_options(world, me, legal, rng))
            first = sweep.pop() if paired else None
            self._iterate(world, root, me, world_rng, model, policy, kind, first)
            count += 1
        self.last_iterations = count
        out = []
        for key, child in root.children.items():
            if child.visits:
                out.append(
                    ActionStat(
                        action=key,
                        visits=child.visits,
                        value=child.value / child.visits,
                        mean_score=child.score / child.visits,
                        win_rate=child.wins / child.visits,
                        error=_error(child.visits, child.value, child.square),
                    )
                )
        return _ranked(out, paired)

    # -- in the batch engine ---------------------------------------------------------

    def _batch(self, ruleset: AnyRuleset) -> Any:
        """The batch engine's search of ``ruleset`` when this search runs there: with
        ``search=auto``, in Sushi Go! with quick or random playouts and the other seats
        modelled alike, when the batch engine is installed. None: the engine searches."""
        if self.search == "engine":
            return None
        searcher = self._searches.get(ruleset)
        if searcher is not None:
            return searcher
        if ruleset.name not in BATCH_GAMES:
            if self.search == "batch":
                raise OptionsError(
                    f"mcts: search=batch searches {', '.join(BATCH_GAMES)} only, not "
                    f"{ruleset.title}; search=auto searches it with the engine"
                )
            return None
        module = batch_search()
        if module is None:
            return None
        searcher = self._searches[ruleset] = module.ClassicSearch(ruleset)
        return searcher

    def prepare(self, ruleset: AnyRuleset) -> None:
        """Load the batch engine's search of ``ruleset`` before the first decision
        (numba compiles it on its first use on a machine, some 40 seconds, and loads
        it from its cache after that): a front end calls this while it says why it
        waits. Nothing where the engine searches; the bot's choices are unchanged."""
        searcher = self._batch(ruleset)
        if searcher is None:
            return
        state = ruleset.new_game()
        rng = random.Random(0)
        while not state.is_terminal() and state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        seat = next(s for s in range(ruleset.seats) if state.legal_actions(s))
        searcher.run(state.observe(seat), 0, iterations=2, seconds=0.0, **self._settings(False))

    def _settings(self, paired: bool) -> dict[str, Any]:
        """The batch engine search's settings, this agent's options."""
        return {
            "c": self.c,
            "rollout": "heuristic" if self.rollout == "auto" else self.rollout,
            "opponents": "greedy" if self.opponents == "auto" else self.opponents,
            "horizon": self.horizon,
            "paired": paired,
        }

    def _analyze_batch(self, searcher: Any, view: View, paired: bool) -> list[ActionStat]:
        """The search in the batch engine (:mod:`sushigo.fast.classic_search`): the
        same tree, worlds, values and choice, with the playout policy (``heuristic``
        for ``rollout=auto``) as the other seats' model."""
        self.last_search = "batch"
        found = searcher.run(
            view,
            self._rng.getrandbits(63),
            iterations=self.iterations,
            seconds=self.ms / 1000.0,
            **self._settings(paired),
        )
        self.last_iterations = searcher.last_iterations
        rules: AnyRuleset = view.ruleset
        out = [
            ActionStat(
                action=rules.action_from_id(f.action),
                visits=f.visits,
                value=f.value / f.visits,
                mean_score=f.points / f.visits,
                win_rate=f.wins / f.visits,
                error=_error(f.visits, f.value, f.square),
            )
            for f in found
        ]
        return _ranked(out, paired)

    def _root_options(
        self, world: State, me: int, legal: Sequence[Any], rng: random.Random
    ) -> Sequence[Any]:
        """The actions a paired sweep tries, one iteration each, in one world."""
        if self._profile.takes_and_greedy:
            return self._roll_options(world, me, legal)
        return _candidates(legal, rng)

    # -- one iteration ---------------------------------------------------------

    def _iterate(
        self,
        state: State,
        root: _Node,
        me: int,
        rng: random.Random,
        model: Callable[[State, int, Sequence[Any]], Any],
        policy: Callable[[State, int, Sequence[Any]], Any],
        kind: str,
        first: Any = None,
    ) -> None:
        path: list[_Node] = []
        node: _Node | None = root
        stop = state.round + 1 if self.horizon == "round" else -1
        while node is not None and not state.is_terminal() and state.round != stop:
            if state.is_chance():
                if path:  # the tree ends at chance: below it the worlds part ways
                    break
                state.apply_chance(state.sample_chance(rng))
                continue
            joint: dict[int, Any] = {}
            other = model if node is not None else policy
            for seat, legal in state.decisions():
                if seat == me and node is not None:
                    if node.order is None and self._profile.takes_and_greedy:
                        node.order = self._roll_options(state, me, legal)
                        node.fixed = True
                    if first is not None and not path:  # a paired sweep names the root action
                        action = first
                        child = node.children.get(first)
                        if child is None:
                            child = node.children[first] = _Node()
                    else:
                        action, child = self._select(node, legal, rng)
                    joint[seat] = action
                    path.append(child)
                    node = child if child.visits else None  # a new leaf ends the tree
                else:
                    joint[seat] = other(state, seat, legal)
            state.apply(joint)
        returns = self._playout(state, rng, policy, kind, stop)
        value, won = _value(returns, me)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.value += value
            n.square += value * value
            n.score += returns[me]
            n.wins += won

    def _roll_options(self, state: State, me: int, legal: Sequence[Any]) -> list[Any]:
        """Sushi Roll: the actions searched at a node are the dice to take, and the
        token use greedy would make now, if any (searching every re-roll and swap
        spreads the iterations too thin, and their deeper subtrees look better than
        they are)."""
        options = [a for a in legal if a.what == "take"]
        spend = self._greedy.act(state.observe(me), legal)
        if spend.what != "take":
            options.append(spend)
        return options

    def _select(self, node: _Node, legal: Sequence[Any], rng: random.Random) -> tuple[Any, _Node]:
        """The action to play at ``node`` in this world, and its child node."""
        if node.fixed and node.order is not None:
            options: Sequence[Any] = [a for a in node.order if a in legal] or legal
        elif len(legal) > WIDTH:
            if node.order is None:
                node.order = _candidates(legal, rng)
            # progressive widening: the takes first, one more action as visits grow
            takes = sum(1 for a in node.order if getattr(a, "what", "") == "take")
            width = max(takes, int(2 * math.sqrt(node.visits + 1)))
            options = [a for a in node.order[:width] if a in legal] or legal
        else:
            options = legal
        children = node.children
        get = children.get
        best: Any = None
        best_child: _Node | None = None
        best_score = -1.0
        untried: list[Any] = []
        c = self.c
        log = math.log
        sqrt = math.sqrt
        for action in options:
            child = get(action)
            if child is None or child.visits == 0:
                untried.append(action)
                continue
            child.avail += 1
            score = child.value / child.visits + c * sqrt(log(child.avail + 1) / child.visits)
            if score > best_score:
                best, best_child, best_score = action, child, score
        if untried or best_child is None:
            action = untried[int(rng.random() * len(untried))]
            child = get(action)
            if child is None:
                child = children[action] = _Node()
            child.avail += 1
            return action, child
        return best, best_child

    def _memo_greedy(self) -> Callable[[State, int, Sequence[Any]], Any]:
        """Greedy's decision from the seat's view of the sampled world, memoized on
        that view for one search (in a two-player round the worlds agree once both
        hands are seen, and the same positions come back)."""
        greedy = self._greedy
        memo: dict[Any, Any] = {}

        def act(state: State, seat: int, legal: Sequence[Any]) -> Any:
            if len(legal) == 1:
                return legal[0]
            view = state.observe(seat)
            try:
                action = memo.get(view)
            except TypeError:  # a view that does not hash
                return greedy.act(view, legal)
            if action is None:
                action = memo[view] = greedy.act(view, legal)
            return action

        return act

    def _policy(self, kind: str, rng: random.Random) -> Callable[[State, int, Sequence[Any]], Any]:
        if kind == "heuristic":

            def quick(state: State, seat: int, legal: Sequence[Any]) -> Any:
                return state.playout_action(seat, legal, rng.random)

            return quick

        def uniform(state: State, seat: int, legal: Sequence[Any]) -> Any:
            return legal[int(rng.random() * len(legal))]

        return uniform

    def _playout(
        self,
        state: State,
        rng: random.Random,
        policy: Callable[[State, int, Sequence[Any]], Any],
        kind: str,
        stop: int,
    ) -> list[int]:
        if kind != "greedy":
            return rollout(state, rng, kind == "heuristic", stop)
        while not state.is_terminal():
            if stop >= 0 and state.round >= stop:
                return state.estimate()
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            state.apply({seat: policy(state, seat, legal) for seat, legal in state.decisions()})
        return state.returns()


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _one_of(option: str, value: object, choices: Sequence[str]) -> None:
    if value not in choices:
        raise OptionsError(f"mcts: {option} is one of {', '.join(choices)}, not {value!r}")


def _candidates(legal: Sequence[Any], rng: random.Random) -> list[Any]:
    """The actions searched at a node: all of them, or every take and a sample."""
    size = len(legal)
    if size <= WIDTH:
        return list(legal)
    first = [a for a in legal[:WIDTH] if getattr(a, "what", "take") == "take"]
    rest = rng.sample(range(len(first), size), WIDTH - len(first))
    return first + [legal[i] for i in sorted(rest)]


def _error(n: int, value: float, square: float) -> float:
    """Standard error of the mean of ``n`` values summing to ``value``, their squares
    to ``square`` (1 for a single one)."""
    if n < 2:
        return 1.0
    mean = value / n
    return math.sqrt(max(square / n - mean * mean, 0.0) / (n - 1))


def _ranked(stats: list[ActionStat], paired: bool) -> list[ActionStat]:
    """Most visited first; with paired sweeps (every action as often), best mean first."""
    if paired:
        stats.sort(key=lambda s: (-s.value, -s.visits))
    else:
        stats.sort(key=lambda s: (-s.visits, -s.value))
    return stats


def _value(returns: Sequence[int], me: int) -> tuple[float, float]:
    """A playout's worth to ``me`` (0..1) and ``me``'s share of the win."""
    mine = returns[me]
    best_other = max(r for s, r in enumerate(returns) if s != me)
    top = max(returns)
    winners = sum(1 for r in returns if r == top)
    won = 1.0 / winners if mine == top else 0.0
    margin = max(-1.0, min(1.0, (mine - best_other) / 30.0))
    return 0.7 * won + 0.3 * (margin + 1.0) / 2.0, won


class EngineMCTSAgent(MCTSAgent):
    """``mcts-engine``: the search with every iteration in the engine, in every game
    (``mcts:search=engine``): the other seats modelled as greedy and greedy playouts by
    default, as mcts searched Sushi Go! before the batch engine did."""

    name = "mcts-engine"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 0,
        ms: float = 100.0,
        rollout: str = "auto",
        c: float = 0.7,
        opponents: str = "auto",
        horizon: str = "round",
        paired: str = "auto",
    ) -> None:
        super().__init__(
            seed, iterations, ms, rollout, c, opponents, horizon, paired, "engine", "greedy"
        )


register_agent("mcts", MCTSAgent)
register_agent("mcts-engine", EngineMCTSAgent)
