"""Hints: the legal actions of a position ranked by a search, each with a short reason.

:func:`hints` searches from a player's view (never the state) and turns what it
found into one :class:`Hint` per searched action, best first: in Sushi Go! the
``mcts`` agent's search; in Sushi Go Party! and Sushi Roll paired sweeps
(:func:`sweeps`: every option played on the same sampled worlds, at least
:data:`LEAST` rounds each, in the batch engine when numba is installed). The reason
joins what the pick does at once, worked out with the game's own scoring functions,
the race it joins and what it keeps from the next player, to what the search found::

    completes a sashimi set: +10 now; leads in 64% of 410 games simulated to the round's
    end, 38 points by then on average

Every game and variant is searched (on worlds its ruleset samples from the view).
``sushigo hint`` and ``sushigo play --hints`` show these hints; docs/hints.md
describes them.
"""

from __future__ import annotations

import importlib
import math
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

from sushigo.agents.base import View
from sushigo.agents.greedy import GreedyAgent
from sushigo.agents.mcts import ActionStat, MCTSAgent, _error, _value, determinize
from sushigo.games.classic import CLASSIC_CARDS, Pick, PlayerView, free_wasabi
from sushigo.games.driver import rollout
from sushigo.games.party import PartyState, PartyView
from sushigo.games.party.actions import Choice, PartyPick
from sushigo.games.party.scoring import FLIPPED, Played, played_value
from sushigo.games.party.scoring import score_round as party_score_round
from sushigo.games.party.turn import _put
from sushigo.games.roll import CHOPSTICKS, MENU, RollAction, RollView
from sushigo.games.roll.dice import FACES, score_trays

HINT_MS = 300.0
"""The default search budget of a hint, in milliseconds."""
LEAST = 100
"""Sushi Go Party! and Sushi Roll: every option ranked gets at least this many simulated
rounds (the same worlds for each), past the time budget if need be, before two options
are called too close (present/hints.py)."""
ENGINE_MS = 4000.0
"""Without the batch engine, the most a Party or Sushi Roll hint searches to reach
:data:`LEAST` rounds an option (docs/hints.md has what the engine reaches in it); it
stops short of them when this time is spent, and the hints say so."""
OPTIONS = 96
"""The most options a Party hint ranks (:func:`options`)."""
SWEEP_GAMES = ("sushi-go-party", "sushi-roll")
"""The games whose hints come from paired sweeps (:func:`sweeps`), not from mcts."""

_NIGIRI = ("egg-nigiri", "salmon-nigiri", "squid-nigiri")
_APPETIZERS = ("dumpling", "tempura", "sashimi")
_TOKEN_GAIN = {
    "menu": ("menu", 1, 0),
    "menu-2": ("menu", 2, 0),
    "chopsticks": ("chopsticks", 1, 1),
    "chopsticks-2": ("chopsticks", 2, 1),
    "pudding-1": ("pudding", 1, 2),
    "pudding-2": ("pudding", 2, 2),
    "pudding-3": ("pudding", 3, 2),
}
"""Sushi Roll faces that give tokens: (token, how many, index in the view's supply)."""


@dataclass(frozen=True)
class Hint:
    """One legal action with what the search makes of it."""

    action: Any
    """The legal action, as the ruleset's ``apply`` takes it."""
    text: str
    """The action's notation (``str(action)``), e.g. ``wasabi+squid-nigiri``."""
    value: float
    """The search's estimate of the share of wins after this action, 0..1."""
    mean_score: float
    """The mean final score of the simulated games after this action."""
    reason: str
    """A short sentence: what the action does now and what the search found."""
    games: int
    """How many simulated games the estimate rests on."""
    effect: str | None = None
    """What the action does at once (:func:`effect`), the reason's first part, seats
    named ``{N}`` (absolute seat N) for a front end to name; the reason names them
    ``seat N``."""
    gap_error: float | None = None
    """The standard error of the difference between the first hint's win share and
    this one's, when the search played them on the same worlds (paired sweeps: Sushi
    Go Party!, Sushi Roll); None otherwise."""
    kept: bool = False
    """The greedy bot's choice, listed first because the search did not clearly beat
    it (:data:`PRIOR_GAMES`); the others follow by the numbers."""


def hints(
    view: View,
    legal: Sequence[Any],
    *,
    ms: float = HINT_MS,
    iterations: int = 0,
    seed: int | None = 0,
) -> list[Hint]:
    """Rank ``legal`` from ``view``, best first.

    The search is the ``mcts`` agent's (:meth:`~sushigo.agents.mcts.MCTSAgent.analyze`),
    with a budget of ``iterations`` simulated games, or ``ms`` milliseconds when
    ``iterations`` is 0; with ``iterations`` and a seed the hints are reproducible.
    Every action the search tried is listed, the one it would play first.
    """
    gaps: dict[int, float] = {}
    kept = False  # the first hint is greedy's choice kept first (Sushi Roll)
    if view.ruleset.name in SWEEP_GAMES:
        swept = sweeps(view, legal, ms=ms, iterations=iterations, seed=seed)
        order = sorted(
            range(len(swept.stats)),
            key=lambda i: (-swept.stats[i].win_rate, -swept.stats[i].mean_score),
        )
        ranked_first = order[0] if order else None
        order = _prior_first(view, legal, swept, order, seed)
        kept = bool(order) and order[0] != ranked_first
        stats = [swept.stats[i] for i in order]
        if order:
            gaps = {i: swept.gap_error(order[0], j) for i, j in enumerate(order)}
    else:
        agent = MCTSAgent(seed, iterations=iterations, ms=ms)
        stats = agent.analyze(view, legal)
        pick = agent.choose(view, legal, stats)
        stats = sorted(stats, key=lambda s: s.action != pick)  # the bot's own choice first
    out = []
    for i, s in enumerate(stats):
        found = _found(s.win_rate, s.visits, s.mean_score)
        now = effect(view, s.action)
        out.append(
            Hint(
                action=s.action,
                text=str(s.action),
                value=s.win_rate,
                mean_score=s.mean_score,
                reason=f"{_spelled(now)}; {found}" if now else found,
                games=s.visits,
                effect=now,
                gap_error=gaps.get(i),
                kept=kept and i == 0,
            )
        )
    return out


PRIOR_TRUST = 2.0
"""Sushi Roll's hints put the greedy bot's choice first unless the sweeps' best option
beats it by more than this many standard errors of their paired difference: the
sweeps' rounds play on by the quick heuristic, and a round's win is not the game's,
so a small lead may be theirs, not the option's."""
PRIOR_GAMES = ("sushi-roll",)
"""The games whose hints keep greedy's choice first (:data:`PRIOR_TRUST`). Measured
(``benchmarks/hint_strength.py --games 96``, 3 players, the follower against two
greedy bots): in Sushi Roll the sweeps' best alone won 26 of 96 games, greedy 34, the
sweeps with greedy first 38; in Party the sweeps' best won 75, with greedy first 63,
greedy 37, so Party's hints keep the sweeps' order."""


def _prior_first(
    view: View, legal: Sequence[Any], swept: Swept, order: list[int], seed: int | None
) -> list[int]:
    """``order`` (best first by the sweeps), the greedy bot's choice moved first when
    the best does not clearly beat it (:data:`PRIOR_TRUST`)."""
    if len(order) < 2 or view.ruleset.name not in PRIOR_GAMES:
        return order
    prior = GreedyAgent(seed).act(view, legal)
    where = [i for i in order if swept.stats[i].action == prior]
    if not where or where[0] == order[0]:
        return order
    j, best = where[0], order[0]
    lead = swept.stats[best].win_rate - swept.stats[j].win_rate
    if lead > PRIOR_TRUST * swept.gap_error(best, j):
        return order
    return [j, *(i for i in order if i != j)]


def search_kind(ruleset: Any) -> str:
    """The search a hint of ``ruleset``'s game runs: ``mcts`` (Sushi Go!: the bot's own
    search) or ``sweeps`` (Sushi Go Party!, Sushi Roll: :func:`sweeps`)."""
    return "sweeps" if ruleset.name in SWEEP_GAMES else "mcts"


# -- paired sweeps (Sushi Go Party!, Sushi Roll) ------------------------------------

_FAST: list[ModuleType | None] = []


def batch_sweeps() -> ModuleType | None:
    """:mod:`sushigo.fast.hint_search`, the sweeps in the batch engine, or None when it
    cannot be loaded (numpy or numba missing: ``pip install "sushigo[fast]"``). Imported
    on first use, never with this module."""
    if not _FAST:
        try:
            module: ModuleType | None = importlib.import_module("sushigo.fast.hint_search")
        except ImportError:
            module = None
        _FAST.append(module)
    return _FAST[0]


_SEARCHES: dict[Any, Any] = {}
"""The batch engine's hint search of the rulesets met last (its batch is reused)."""
KEEP = 4
"""How many rulesets' batch searches are kept (a Party one holds some 20 MB)."""


def options(view: View, legal: Sequence[Any], seed: int | None = 0) -> list[Any]:
    """The actions a hint ranks: Sushi Roll's dice to take and the token use greedy
    would make now (as mcts searches it: up to 255 re-rolls are offered); in Sushi Go
    Party! every legal action, up to :data:`OPTIONS` of them (a pick with every bonus
    card it may call: 96 at most in the games measured), else the greedy bot's choice
    and a sample of the rest (a takeout box offers every set of cards to flip)."""
    if view.ruleset.name == "sushi-roll":
        out = [a for a in legal if a.what == "take"]
        spend = GreedyAgent(seed).act(view, legal)
        if spend.what != "take":
            out.append(spend)
        return out
    if len(legal) <= OPTIONS:
        return list(legal)
    first = GreedyAgent(seed).act(view, legal)
    rest = [a for a in legal if a != first]
    sample = random.Random(seed).sample(range(len(rest)), OPTIONS - 1)
    return [first, *(rest[i] for i in sorted(sample))]


@dataclass(frozen=True)
class Swept:
    """What paired sweeps found (:func:`sweeps`)."""

    stats: list[ActionStat]
    """Each option's statistics, in the order of :func:`options`."""
    wins: list[list[float]]
    """Each option's share of the win in each world, worlds in the same order for all."""
    where: str = "batch"
    """Where the sweeps ran: ``batch`` (the batch engine) or ``engine``."""

    def gap_error(self, a: int, b: int) -> float:
        """The standard error of option ``a``'s mean win share minus option ``b``'s,
        from their differences world by world (paired: the same worlds)."""
        diffs = [x - y for x, y in zip(self.wins[a], self.wins[b], strict=True)]
        n = len(diffs)
        if n < 2:
            return 1.0
        return _error(n, sum(diffs), sum(d * d for d in diffs))


def sweeps(
    view: View,
    legal: Sequence[Any],
    *,
    ms: float = HINT_MS,
    iterations: int = 0,
    seed: int | None = 0,
    engine: bool = False,
    least: int = LEAST,
    horizon: str = "round",
) -> Swept:
    """Paired sweeps of a Sushi Go Party! or Sushi Roll decision: worlds sampled from
    ``view``, each played once for every option (:func:`options`) to the end of the
    round (the player's option, then everyone by the quick heuristic), so that the
    options meet the same cards and the same luck. In the batch engine
    (:mod:`sushigo.fast.hint_search`) when it is installed, else (or with ``engine``)
    with the engine (:func:`sweep_engine`).

    The budget: ``iterations`` simulated rounds in all (shared by the options), else
    ``ms`` milliseconds; either way at least ``least`` (:data:`LEAST`) rounds an option,
    which the engine searches for :data:`ENGINE_MS` at most. ``horizon``: ``round``
    (what the hints play) or ``game`` (to the game's end). With ``iterations`` and a
    seed, reproducible (the batch engine's and the engine's numbers differ: their
    generators do)."""
    chosen = options(view, legal, seed)
    if not chosen:
        return Swept([], [], "engine")
    # any whole number seeds the worlds (the batch engine's generators take 64 bits)
    base = random.getrandbits(48) if seed is None else seed % (1 << 63)
    fast = None if engine else batch_sweeps()
    slots = None
    searcher: Any = None
    if fast is not None:
        # taken out while in use: a hint worked out at the same time in another thread
        # (the web server's) makes its own
        searcher = _SEARCHES.pop(view.ruleset, None) or fast.HintSearch(view.ruleset)
        slots = searcher.slots(view, chosen)
    try:
        whole = horizon == "game"
        return _sweep(view, chosen, slots, searcher, base, ms, iterations, least, whole)
    finally:
        if searcher is not None:
            _SEARCHES[view.ruleset] = searcher  # the most recent last
            while len(_SEARCHES) > KEEP:
                _SEARCHES.pop(next(iter(_SEARCHES)), None)


def _sweep(
    view: View,
    chosen: Sequence[Any],
    slots: Sequence[int] | None,
    searcher: Any,
    base: int,
    ms: float,
    iterations: int,
    least: int,
    whole: bool,
) -> Swept:
    """:func:`sweeps`' loop: chunks of worlds until the budget is spent."""
    a = len(chosen)
    want = max(least, math.ceil(iterations / a)) if iterations else least
    start = time.perf_counter()
    cap = max(ms, ENGINE_MS) if slots is None else math.inf
    sums = [[0.0] * 4 for _ in chosen]
    wins: list[list[float]] = [[] for _ in chosen]
    done = 0
    while True:
        spent = (time.perf_counter() - start) * 1000.0
        if done >= want and (iterations or spent >= ms):
            break
        if done and not iterations and spent >= cap:
            break
        if slots is not None:
            if iterations or done < want:
                size = want - done
            else:  # about a quarter of the time left at the rate so far, a few at least
                size = max(16, min(4096, int(done / spent * (ms - spent) / 4)))
            points = searcher.sweep(view, slots, base, done, size, whole).tolist()
        else:
            size = 1
            points = sweep_engine(view, chosen, base, done, size, whole)
        for i, per in enumerate(points):
            acc = sums[i]
            for returns in per:
                value, won = _value(returns, view.seat)
                acc[0] += value
                acc[1] += value * value
                acc[2] += returns[view.seat]
                acc[3] += won
                wins[i].append(won)
        done += size
    stats = [
        ActionStat(
            action=action,
            visits=done,
            value=acc[0] / done,
            mean_score=acc[2] / done,
            win_rate=acc[3] / done,
            error=_error(done, acc[0], acc[1]),
        )
        for action, acc in zip(chosen, sums, strict=True)
    ]
    return Swept(stats, wins, "engine" if slots is None else "batch")


def sweep_engine(
    view: View, actions: Sequence[Any], seed: int, first: int, worlds: int, whole: bool = False
) -> list[list[list[int]]]:
    """The engine's paired sweeps: worlds ``first`` to ``first + worlds - 1`` of
    ``seed``, each sampled from ``view`` by the ruleset's ``determinize`` and played once
    for every action (the player's action, at a pick the other seats' by the quick
    heuristic, then everyone by it to the end of the round), each copy with the same
    generator; every seat's points then (``State.estimate``), as options x worlds x
    seats. :mod:`sushigo.fast.hint_search` plays the same in the batch engine."""
    out: list[list[list[int]]] = [[] for _ in actions]
    me = view.seat
    for g in range(first, first + worlds):
        world = determinize(view, random.Random(f"{seed}:{g}"))
        stop = -1 if whole else world.round + 1
        for i, action in enumerate(actions):
            state = world.copy()
            rng = random.Random(f"{seed}:{g}:play")
            joint = {
                seat: action if seat == me else state.playout_action(seat, options_, rng.random)
                for seat, options_ in state.decisions()
            }
            state.apply(joint)
            out[i].append(rollout(state, rng, True, stop))
    return out


def effect(view: View, action: Any) -> str | None:
    """What ``action`` does at once, in a few words, or None when nothing can be said.

    Sushi Go!: the cards it adds to the viewer's tableau, and the points the
    tableau gains by the ruleset's ``score_round`` (``completes a sashimi set:
    +10 now``). Sushi Roll: the same for the tray (``score_trays``), the tokens a
    die gives, or what a token does (``re-rolls 3 dice``, ``swaps your tempura for
    seat 2's squid nigiri``). Sushi Go Party!: None.
    """
    what = EFFECTS.get(view.ruleset.name)
    return what(view, action) if what is not None else None


def _found(win_rate: float, games: int, mean_score: float) -> str:
    # the search plays each game to the end of the round (mcts' horizon)
    return (
        f"leads in {100 * win_rate:.0f}% of {plural(games, 'game')} simulated to the "
        f"round's end, {plural(round(mean_score), 'point')} by then on average"
    )


def _spelled(text: str) -> str:
    """``{2}`` as ``seat 2``: a reason is read where no names are put in."""
    return re.sub(r"\{(\d+)\}", r"seat \1", text)


def _now(notes: Sequence[str], gain: int) -> str | None:
    if not notes and not gain:
        return None
    text = ", ".join(notes)
    if gain:
        text = f"{text}: {gain:+d} now" if text else f"{gain:+d} now"
    return text


def plural(n: int, word: str) -> str:
    """``1 point``, ``2 points``, ``0 points``: a count and its noun, in every hint."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_WORDS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _count(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def race(name: str, mine: int, others: Sequence[tuple[int, int]], unit: str = "") -> str | None:
    """Where ``mine`` stands in the race for the most ``name`` (maki icons, temaki,
    puddings...) against the other seats' ``(absolute seat, count)``, seats as ``{N}``:
    ``leads the maki race (5 to {2}'s 4)``, ``ties {2} for the maki lead at 5``,
    ``maki race: 5, {2} has 7``; ``unit`` names what is counted (``icon``: ``5
    icons``). None when no one has any."""
    best, who = max(((c, s) for s, c in others), default=(0, -1))
    if mine == 0 and best == 0:
        return None
    have = plural(mine, unit) if unit else str(mine)
    if best == 0:
        return f"leads the {name} race ({have}, no one else has any)"
    if mine > best:
        return f"leads the {name} race ({have} to {{{who}}}'s {best})"
    if mine == best:
        return f"ties {{{who}}} for the {name} lead at {have}"
    return f"{name} race: {have}, {{{who}}} has {best}"


def denial(card: str, held: int, seat: int, gain: int) -> str | None:
    """What taking ``card`` keeps from the next player in passing order, absolute
    ``seat``, who holds ``held`` of it and would gain ``gain`` points now with one more:
    ``keeps the third sashimi from {1}, who has two (+10 for them now)``. None when it
    would add them less than :data:`DENY` points."""
    if gain < DENY:
        return None
    name = _card(card)
    if held and held < len(_ORDINALS):
        return (
            f"keeps the {_ORDINALS[held]} {name} from {{{seat}}}, who has {_count(held)} "
            f"({gain:+d} for them now)"
        )
    return f"keeps the {name} from {{{seat}}} ({gain:+d} for them now)"


DENY = 5
"""A card is said to be kept from the next player when it would add them this many
points now, or more."""


# -- Sushi Go! ------------------------------------------------------------------


def _card(card: str) -> str:
    return card.replace("-", " ")


def _classic_effect(view: PlayerView, pick: Pick) -> str | None:
    rs = view.ruleset
    before = [list(t) for t in view.tableaux]
    mine = list(before[0])
    notes: list[str] = []
    if len(pick.cards) == 2 and "chopsticks" in mine:
        mine.remove("chopsticks")
        notes.append("uses your chopsticks")
    for card in pick.cards:
        notes.append(_classic_note(card, mine, view.desserts[0]))
        mine.append(card)
    after = [mine, *before[1:]]
    if pick.dummy is not None:
        rel = (2 - view.seat) % view.seats
        after[rel] = [*after[rel], pick.dummy]
        notes.append(f"gives the dummy a {_card(pick.dummy)}")
    points = rs.score_round(before)
    gain = sum(rs.score_round(after)[0].values()) - sum(points[0].values())
    text = _now(notes, gain)
    extra = [*_classic_races(view, pick), *_classic_denial(view, pick, before, points)]
    return ", ".join([text, *extra]) if text and extra else text or (", ".join(extra) or None)


def _classic_races(view: PlayerView, pick: Pick) -> list[str]:
    """The maki and pudding races the pick joins, as they stand after it."""
    out = []
    players = view.seats - (1 if view.ruleset.dummy else 0)
    seats = [(rel, (view.seat + rel) % view.seats) for rel in range(1, players)]
    icons = CLASSIC_CARDS.by_id
    if any(c.startswith("maki-") for c in pick.cards):

        def maki(cards: Sequence[str]) -> int:
            return sum(icons[c].icons for c in cards if c.startswith("maki-"))

        mine = maki([*view.tableaux[0], *pick.cards])
        line = race("maki", mine, [(s, maki(view.tableaux[r])) for r, s in seats], "icon")
        out += [line] if line else []
    if "pudding" in pick.cards:

        def puddings(rel: int) -> int:
            return view.desserts[rel] + view.tableaux[rel].count("pudding")

        mine = puddings(0) + pick.cards.count("pudding")
        line = race("pudding", mine, [(s, puddings(r)) for r, s in seats])
        out += [line] if line else []
    return out


def _classic_denial(
    view: PlayerView, pick: Pick, before: Sequence[Sequence[str]], points: Sequence[dict[str, int]]
) -> list[str]:
    """What the pick keeps from the player the hand is passed to (not in the dummy
    variant, where the hands are not passed)."""
    if view.ruleset.dummy or len(view.hand) <= len(pick.cards):
        return []
    rel = view.pass_step % view.seats
    seat = (view.seat + rel) % view.seats
    out = []
    for card in dict.fromkeys(pick.cards):
        if view.hand.count(card) > pick.cards.count(card):
            continue  # another copy goes on to them
        theirs = [list(t) for t in before]
        theirs[rel].append(card)
        gain = sum(view.ruleset.score_round(theirs)[rel].values()) - sum(points[rel].values())
        line = denial(card, before[rel].count(card), seat, gain)
        out += [line] if line else []
    return out


def _classic_note(card: str, tab: Sequence[str], puddings: int) -> str:
    """What ``card`` adds to ``tab`` (the cards before it, in the order played)."""
    if card == "sashimi":
        k = tab.count("sashimi") % 3 + 1
        return "completes a sashimi set" if k == 3 else f"sashimi {k} of 3"
    if card == "tempura":
        k = tab.count("tempura") % 2 + 1
        return "completes a tempura pair" if k == 2 else "tempura 1 of 2"
    if card == "dumpling":
        return f"dumpling number {tab.count('dumpling') + 1}"
    if card in _NIGIRI:
        return f"{_card(card)} on your wasabi" if free_wasabi(tab) else _card(card)
    if card.startswith("maki-"):
        icons = CLASSIC_CARDS.by_id[card].icons
        total = icons + sum(CLASSIC_CARDS.by_id[c].icons for c in tab if c.startswith("maki-"))
        return f"+{plural(icons, 'maki icon')} ({total} in all)"
    if card == "wasabi":
        return "wasabi: your next nigiri scores triple"
    if card == "chopsticks":
        return "chopsticks: two cards on a later turn"
    if card == "pudding":
        return f"pudding number {puddings + tab.count('pudding') + 1} for the game's end"
    if card == "soy-sauce":
        return "soy sauce: 4 points with the most colours"
    return _card(card)


# -- Sushi Go Party! --------------------------------------------------------------


def _party_effect(view: PartyView, action: Any) -> str | None:
    """A pick's card: what it adds to the viewer's points now (placed by the engine's
    own rule, ``games.party.turn._put``, on a world sampled from the view, and scored
    by ``score_round``), the race it joins (maki, uramaki, temaki, puddings) and what
    it keeps from the next player (hands pass left). The same for a card taken with
    chopsticks (``take:``, from the hand) or ordered from a menu (``order:``, from the
    cards drawn: nothing kept from anyone). Other mid-turn choices: None."""
    if isinstance(action, PartyPick):
        card = action.card
        copy = action.copy if action.copy not in (None, FLIPPED) else None
        from_hand = True
    elif isinstance(action, Choice) and action.kind in ("take", "order") and action.cards:
        card, copy, from_hand = action.cards[0], None, action.kind == "take"
    else:
        return None
    rs = view.ruleset
    me, n = view.seat, view.seats
    world = cast(PartyState, determinize(view, random.Random(0)))  # the view's tableaux

    def score(tableaux: Sequence[Sequence[Played]]) -> list[int]:
        return [
            sum(b.values())
            for b in party_score_round(
                tableaux,
                big_table=rs.big_table,
                uramaki_claimed=view.uramaki_claimed,
                uramaki_scored=view.uramaki_scored,
            )
        ]

    def placed(rel: int) -> list[Sequence[Played]]:
        w = world.copy()
        _put(w, (me + rel) % n, played_value(card, copy), False)
        return list(w.observe(me).tableaux)

    before = score(view.tableaux)
    after = placed(0)
    gain = score(after)[0] - before[0]
    notes = [_card(card if copy is None else f"{card} as {copy}")]
    kind = played_value(card, copy).kind
    others = [(rel, (me + rel) % n) for rel in range(1, n)]
    line = None
    if kind in ("maki", "uramaki"):

        def icons(tab: Sequence[Played]) -> int:
            return sum(p.icons for p in tab if p.kind == kind and not p.flipped)

        mine = icons(after[0])
        line = race(kind, mine, [(s, icons(view.tableaux[r])) for r, s in others], "icon")
    elif kind == "temaki" or (kind == "pudding" and rs.menu.dessert == "pudding"):

        def count(rel: int, tab: Sequence[Played]) -> int:
            kept = view.desserts[rel] if kind == "pudding" else ()
            return sum(1 for p in (*tab, *kept) if p.kind == kind and not p.flipped)

        mine = count(0, after[0])
        line = race(kind, mine, [(s, count(r, view.tableaux[r])) for r, s in others])
    extra = [line] if line else []
    if from_hand and n > 1 and len(view.hand) > 1 and view.hand.count(card) == 1:
        theirs = placed(1)
        held = sum(1 for p in view.tableaux[1] if p.card == card and not p.flipped)
        line = denial(card, held, (me + 1) % n, score(theirs)[1] - before[1])
        extra += [line] if line else []
    text = _now(notes, gain)
    return ", ".join([t for t in (text, *extra) if t]) or None


# -- Sushi Roll ------------------------------------------------------------------


def _roll_effect(view: RollView, action: RollAction) -> str | None:
    if action.kind == MENU:
        dice = action.faces
        count = "1 die" if len(dice) == 1 else f"{len(dice)} dice"
        return f"re-rolls {count} ({', '.join(_card(f) for f in dice)})"
    if action.kind == CHOPSTICKS:
        mine, theirs = action.faces
        return f"swaps your {_card(mine)} for {{{action.seat}}}'s {_card(theirs)}"
    face = action.faces[0]
    before = [list(t) for t in view.trays]
    tray = list(before[0])
    notes: list[str] = []
    if face in _NIGIRI and "wasabi" in tray:
        tray[tray.index("wasabi")] = f"wasabi+{face}"
        notes.append(f"{_card(face)} on your wasabi")
    else:
        tray.append(face)
        notes.append(_roll_note(face, tray, view))
    gain = score_trays([tray, *before[1:]])[1][0] - score_trays(before)[1][0]
    text = _now(notes, gain)
    standing = _roll_race(face, tray, view)
    return f"{text}, {standing}" if text and standing else text or standing


def _roll_race(face: str, tray: Sequence[str], view: RollView) -> str | None:
    """The maki or pudding race taking ``face`` joins (``tray`` holds it already)."""
    others = [((view.seat + r) % view.seats, r) for r in range(1, view.seats)]
    if face.startswith("maki-"):

        def maki(tray: Sequence[str]) -> int:
            return sum(FACES.by_id[f].icons for f in tray if f.startswith("maki-"))

        return race("maki", maki(tray), [(s, maki(view.trays[r])) for s, r in others], "icon")
    if face in _TOKEN_GAIN and _TOKEN_GAIN[face][0] == "pudding":
        _, gain, index = _TOKEN_GAIN[face]
        mine = view.puddings[0] + min(gain, view.supply[index])
        return race("pudding", mine, [(s, view.puddings[r]) for s, r in others])
    return None


def _roll_note(face: str, tray: Sequence[str], view: RollView) -> str:
    """What taking ``face`` adds (``tray`` holds it already)."""
    if face in _APPETIZERS:
        k = (tray.count(face) - 1) % 3 + 1
        return f"completes a {face} set of 3" if k == 3 else f"{face} {k} of 3"
    if face.startswith("maki-"):
        icons = FACES.by_id[face].icons
        total = sum(FACES.by_id[f].icons for f in tray if f.startswith("maki-"))
        return f"+{plural(icons, 'maki icon')} ({total} in all)"
    if face == "wasabi":
        return "wasabi: your next nigiri scores triple"
    if face in _TOKEN_GAIN:
        token, gain, index = _TOKEN_GAIN[face]
        got = min(gain, view.supply[index])
        if token == "pudding":
            return f"+{plural(got, 'pudding')} ({view.puddings[0] + got} in all)"
        return f"+{plural(got, token + ' token')}"
    return _card(face)


EFFECTS: dict[str, Callable[[Any, Any], str | None]] = {
    "sushi-go": _classic_effect,
    "sushi-go-party": _party_effect,
    "sushi-roll": _roll_effect,
}
"""What an action does at once, in each game that can say it, by ruleset name."""
