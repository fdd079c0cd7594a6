"""Hints: the legal actions of a position ranked by a search, each with a short reason.

:func:`hints` runs the ``mcts`` search from a player's view (never the state) and
turns what it found into one :class:`Hint` per searched action, best first. The
reason joins what the pick does at once, worked out with the game's own scoring
functions, to what the search found::

    completes a sashimi set: +10 now; leads in 64% of 410 games simulated to the round's
    end, 38 points by then on average

Every game and variant is searched (on worlds its ruleset samples from the view);
Sushi Go Party!'s reasons say only what the search found.
``sushigo hint`` and ``sushigo play --hints`` show these hints; docs/hints.md
describes them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sushigo.agents.base import View
from sushigo.agents.mcts import MCTSAgent
from sushigo.games.classic import CLASSIC_CARDS, Pick, PlayerView, free_wasabi
from sushigo.games.roll import CHOPSTICKS, MENU, RollAction, RollView
from sushigo.games.roll.dice import FACES, score_trays

HINT_MS = 300.0
"""The default search budget of a hint, in milliseconds."""

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
    """What the action does at once (:func:`effect`), the reason's first part."""


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
    agent = MCTSAgent(seed, iterations=iterations, ms=ms)
    stats = agent.analyze(view, legal)
    pick = agent.choose(view, legal, stats)
    stats = sorted(stats, key=lambda s: s.action != pick)  # the bot's own choice first
    out = []
    for s in stats:
        found = _found(s.win_rate, s.visits, s.mean_score)
        now = effect(view, s.action)
        out.append(
            Hint(
                action=s.action,
                text=str(s.action),
                value=s.win_rate,
                mean_score=s.mean_score,
                reason=f"{now}; {found}" if now else found,
                games=s.visits,
                effect=now,
            )
        )
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
    plural = "game" if games == 1 else "games"
    # the search plays each game to the end of the round (mcts' horizon)
    return (
        f"leads in {100 * win_rate:.0f}% of {games} {plural} simulated to the round's end, "
        f"{mean_score:.0f} points by then on average"
    )


def _now(notes: Sequence[str], gain: int) -> str | None:
    if not notes and not gain:
        return None
    text = ", ".join(notes)
    if gain:
        text = f"{text}: {gain:+d} now" if text else f"{gain:+d} now"
    return text


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    gain = sum(rs.score_round(after)[0].values()) - sum(rs.score_round(before)[0].values())
    return _now(notes, gain)


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
        return f"+{_plural(icons, 'maki icon')} ({total} in all)"
    if card == "wasabi":
        return "wasabi: your next nigiri scores triple"
    if card == "chopsticks":
        return "chopsticks: two cards on a later turn"
    if card == "pudding":
        return f"pudding number {puddings + tab.count('pudding') + 1} for the game's end"
    if card == "soy-sauce":
        return "soy sauce: 4 points with the most colours"
    return _card(card)


# -- Sushi Roll ------------------------------------------------------------------


def _roll_effect(view: RollView, action: RollAction) -> str | None:
    if action.kind == MENU:
        dice = action.faces
        count = "1 die" if len(dice) == 1 else f"{len(dice)} dice"
        return f"re-rolls {count} ({', '.join(_card(f) for f in dice)})"
    if action.kind == CHOPSTICKS:
        mine, theirs = action.faces
        return f"swaps your {_card(mine)} for seat {action.seat}'s {_card(theirs)}"
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
    return _now(notes, gain)


def _roll_note(face: str, tray: Sequence[str], view: RollView) -> str:
    """What taking ``face`` adds (``tray`` holds it already)."""
    if face in _APPETIZERS:
        k = (tray.count(face) - 1) % 3 + 1
        return f"completes a {face} set of 3" if k == 3 else f"{face} {k} of 3"
    if face.startswith("maki-"):
        icons = FACES.by_id[face].icons
        total = sum(FACES.by_id[f].icons for f in tray if f.startswith("maki-"))
        return f"+{_plural(icons, 'maki icon')} ({total} in all)"
    if face == "wasabi":
        return "wasabi: your next nigiri scores triple"
    if face in _TOKEN_GAIN:
        token, gain, index = _TOKEN_GAIN[face]
        got = min(gain, view.supply[index])
        if token == "pudding":
            return f"+{_plural(got, 'pudding')} ({view.puddings[0] + got} in all)"
        return f"+{_plural(got, token + ' token')}"
    return _card(face)


EFFECTS: dict[str, Callable[[Any, Any], str | None]] = {
    "sushi-go": _classic_effect,
    "sushi-roll": _roll_effect,
}
"""What an action does at once, in each game that can say it, by ruleset name."""
