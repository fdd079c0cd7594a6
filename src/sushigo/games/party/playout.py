"""Sushi Go Party!: the quick heuristic search playouts use
(``PartyState.playout_action``): the worth of one more card to a tableau, and the
action it points to, at a pick or at a mid-turn decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from sushigo.games.party.actions import Choice, PartyAction, PartyPick, choice_of
from sushigo.games.party.cards import _BONUS, _BY_ID, KINDS, PARTY_CARDS, kind_cards
from sushigo.games.party.scoring import FLIPPED, ONIGIRI_SHAPES, Played, played_of_token

_PLAYOUT_RANDOM: Final = 0.5
"""How often a playout decision is uniform instead of the quick heuristic. Measured
(mcts:iterations=200 against greedy, 4 players, Master Menu and Cutthroat Combo, 80
games each): one in two beat one in seven (23% and 36% wins against 14% and 18%), perhaps
because playouts that follow the heuristic closely vary too little."""
_FAMILY: Final = {c: _BY_ID[c].family for c in PARTY_CARDS.ids}
_ICONS: Final = {c: _BY_ID[c].icons for c in PARTY_CARDS.ids}
_ASK_CARD: Final = {
    kind: max(kind_cards(kind), key=_ICONS.__getitem__) for kind in KINDS if kind_cards(kind)
}
"""What a spoon asking for a kind hopes for (its richest card), for the quick policy."""
_ONIGIRI_SHAPE: Final = {c: i for i, c in enumerate(ONIGIRI_SHAPES)}


def _quick_value(
    card: str, have: dict[str, int], shapes: int, free: int, ura: int, left: int, size: int
) -> float:
    """Rough worth of one more ``card`` (a card id, or ``flipped``) to a tableau of
    ``size`` cards holding ``have`` (cards by kind), onigiri ``shapes`` (a bit mask),
    ``free`` empty wasabi and ``ura`` uramaki icons, with ``left`` turns to come."""
    if card == FLIPPED:
        return 2.0
    kind = _FAMILY[card]
    k = have.get(kind, 0)
    if kind == "nigiri":
        return float(3 * _ICONS[card] if free else _ICONS[card])
    if kind == "maki":
        return 1.1 * _ICONS[card]
    if kind == "uramaki":
        return 8.0 if ura + _ICONS[card] >= 10 else 0.7 * _ICONS[card]
    if kind == "temaki":
        return 2.0
    if kind == "tempura":
        return 5.0 if k % 2 else (2.5 if left else 0.0)
    if kind == "sashimi":
        m = k % 3
        return 10.0 if m == 2 else (3.3 * (m + 1) if left >= 2 - m else 0.0)
    if kind == "dumpling":
        return float(k + 1) if k < 5 else 0.0
    if kind == "eel":
        return 10.0 if k == 1 else (0.0 if k else (1.0 if left >= 3 else -3.0))
    if kind == "tofu":
        return 2.0 if k == 0 else (4.0 if k == 1 else (-6.0 if k == 2 else 0.0))
    if kind == "onigiri":
        shape = 1 << _ONIGIRI_SHAPE[card]
        if shapes & shape:
            return 1.0
        held = (shapes & 1) + (shapes >> 1 & 1) + (shapes >> 2 & 1) + (shapes >> 3 & 1)
        return 2.0 * held + 1.0
    if kind == "wasabi":
        return 3.5 if left >= 2 else 0.0
    if kind == "chopsticks" or kind == "spoon":
        return 1.5 if left >= 2 else 0.0
    if kind == "tea":
        return 0.3 * (size + left) if k == 0 else 0.5
    if kind == "soy-sauce":
        return 3.0 if k == 0 else 0.5
    if kind == "menu":
        return 3.0
    if kind == "takeout-box":
        return 0.3 * size
    if kind == "miso-soup":
        return 2.0
    if kind == "pudding":
        return 2.5
    if kind == "green-tea-ice-cream":
        return 3.0
    if kind == "special-order":
        return 0.0  # nothing to copy
    return 2.0  # edamame, fruit


def _tally(tab: Sequence[Played]) -> tuple[dict[str, int], int]:
    """A tableau's cards counted by kind, and its onigiri shapes as a bit mask."""
    have: dict[str, int] = {}
    shapes = 0
    for p in tab:
        have[p.kind] = have.get(p.kind, 0) + 1
        if p.shape >= 0:
            shapes |= 1 << p.shape
    return have, shapes


def _quick_action(
    legal: Sequence[PartyAction],
    tab: Sequence[Played],
    left: int,
    free: int,
    ura: int,
    sign: float,
    rand: Callable[[], float],
) -> PartyAction:
    """The legal action whose card is worth most (``sign`` -1: least) to a tableau
    ``tab`` with ``free`` empty wasabi and ``ura`` uramaki icons, ``left`` turns to
    come: a pick's card (or its copy; calling a bonus card adds a little), a choice's
    card (a spoon asking for a kind hopes for its richest card). Ties are broken at
    random."""
    have, shapes = _tally(tab)
    best: PartyAction = legal[0]
    best_value = -1000.0
    for action in legal:
        if isinstance(action, PartyPick):
            card = action.copy if action.copy is not None else action.card
            value = _quick_value(card, have, shapes, free, ura, left, len(tab))
            if action.call is not None and left >= 2:
                value += 1.5
        else:
            card = action.cards[0]
            if action.kind == "ask":
                if card not in _ASK_CARD:
                    continue  # ask for a kind: more likely someone holds one
                card = _ASK_CARD[card]
            value = sign * _quick_value(card, have, shapes, free, ura, left, len(tab))
        value += rand() * 0.01
        if value > best_value:
            best, best_value = action, value
    return best


def _flip_junk(flippable: dict[str, int], tab: Sequence[Played]) -> Choice:
    """A takeout box's quick flip, from the cards it may flip (token counts): the cards
    that score nothing as they lie in ``tab``."""
    have, _ = _tally(tab)
    chosen: list[str] = []
    for token, k in flippable.items():
        p = played_of_token(token)
        kind = p.kind
        n = have.get(kind, 0)
        if kind in _BONUS or (kind == "wasabi" and not p.covered):
            take = k
        elif kind == "tempura":
            take = n % 2
        elif kind == "sashimi":
            take = n % 3
        elif kind == "eel" and n == 1 or kind == "tofu" and n >= 3:
            take = k
        else:
            take = 0
        chosen.extend([token] * min(take, k))
    chosen.sort()
    return choice_of("flip", tuple(chosen))
