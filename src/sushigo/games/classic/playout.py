"""Sushi Go!: the quick heuristic search playouts use (``ClassicState.playout_action``)."""

from __future__ import annotations

from collections.abc import Sequence

from sushigo.games.classic.cards import _MAKI, _NIGIRI
from sushigo.games.classic.scoring import free_wasabi


def _maki_icons(tab: Sequence[str]) -> int:
    total = 0
    for c in tab:
        if c in _MAKI:
            total += _MAKI[c]
    return total


def _maki_gain(icons: list[int], seat: int, more: int) -> float:
    """Maki points ``more`` icons would win ``seat`` if the race ended now."""
    now = icons[seat]
    return float(_maki_share(icons, seat, now + more) - _maki_share(icons, seat, now))


def _maki_share(icons: list[int], seat: int, mine: int) -> int:
    """``seat``'s maki points with ``mine`` icons against the others' (as maki_points)."""
    if mine == 0:
        return 0
    above = 0
    tied = 1
    for s, v in enumerate(icons):
        if s == seat:
            continue
        if v > mine:
            above += 1
        elif v == mine:
            tied += 1
    if above == 0:
        return 6 // tied
    if above == 1:
        return 3 // tied
    return 0


def _quick_value(card: str, tab: Sequence[str], left: int) -> float:
    """Rough worth of one more ``card`` for a tableau with ``left`` turns to come."""
    if card == "tempura":
        return 5.0 if tab.count("tempura") % 2 else (2.5 if left else 0.0)
    if card == "sashimi":
        have = tab.count("sashimi") % 3
        if have == 2:
            return 10.0
        return (3.3 * (have + 1)) if left >= 2 - have else 0.0
    if card == "dumpling":
        return float(min(tab.count("dumpling") + 1, 5)) if tab.count("dumpling") < 5 else 0.0
    if card in _NIGIRI:
        base = _NIGIRI[card]
        return float(3 * base) if free_wasabi(tab) else float(base)
    if card == "wasabi":
        return 3.5 if left >= 2 else 0.0
    if card.startswith("maki-"):
        return 1.2 * int(card[-1])
    if card == "pudding":
        return 2.5
    if card == "chopsticks":
        return 2.0 if left >= 3 else 0.0
    return 1.5  # soy sauce
