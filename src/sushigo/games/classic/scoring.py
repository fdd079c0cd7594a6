"""Sushi Go!: scoring, pure functions over what lies in front of each seat."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sushigo.core.scoring import most_and_fewest, split_award
from sushigo.core.scoring import winners as _winners
from sushigo.games.classic.cards import _COLOUR, _NIGIRI, DUMPLING_POINTS


def score_round(
    tableaux: Sequence[Sequence[str]], *, soy_sauce: bool = True
) -> list[dict[str, int]]:
    """Points of each seat for one round, by family (puddings excluded).

    ``tableaux[i]`` lists the cards seat ``i`` has in front of it at round end,
    in the order played (the order places nigiri on wasabi).

    >>> [sum(b.values()) for b in score_round([["wasabi", "squid-nigiri", "tempura"],
    ...                                         ["squid-nigiri", "wasabi", "maki-1"]])]
    [9, 9]
    """
    out = []
    icons = []
    for cards in tableaux:
        count = cards.count
        if "wasabi" in cards:
            free_wasabi = nigiri = 0
            for c in cards:
                if c == "wasabi":
                    free_wasabi += 1
                elif c in _NIGIRI:
                    if free_wasabi:
                        free_wasabi -= 1
                        nigiri += 3 * _NIGIRI[c]
                    else:
                        nigiri += _NIGIRI[c]
        else:
            nigiri = count("egg-nigiri") + 2 * count("salmon-nigiri") + 3 * count("squid-nigiri")
        icons.append(count("maki-1") + 2 * count("maki-2") + 3 * count("maki-3"))
        out.append(
            {
                "maki": 0,
                "tempura": 5 * (count("tempura") // 2),
                "sashimi": 10 * (count("sashimi") // 3),
                "dumpling": DUMPLING_POINTS[min(count("dumpling"), 5)],
                "nigiri": nigiri,
                "soy-sauce": 0,
            }
        )
    for i, pts in enumerate(maki_points(icons)):
        out[i]["maki"] = pts
    if soy_sauce:
        colours = [len({_COLOUR[c] for c in cards}) for cards in tableaux]
        best = max(colours, default=0)
        tied = colours.count(best)
        for i, cards in enumerate(tableaux):
            if colours[i] == best and "soy-sauce" in cards:
                out[i]["soy-sauce"] = split_award(4, tied)
    return out


def free_wasabi(cards: Iterable[str]) -> int:
    """Wasabi with no nigiri on them, among cards in the order played.

    >>> free_wasabi(["wasabi", "egg-nigiri", "wasabi", "tempura"])
    1
    """
    free = 0
    for c in cards:
        if c == "wasabi":
            free += 1
        elif free and c in _NIGIRI:
            free -= 1
    return free


def maki_points(icons: Sequence[int]) -> list[int]:
    """Classic maki: 6 for most, 3 for second, ties split (round down).

    A tie for most splits the 6 and awards no second place; 0 icons never places.

    >>> maki_points([5, 3, 2, 3])
    [6, 1, 0, 1]
    >>> maki_points([4, 4, 1])
    [3, 3, 0]
    """
    out = [0] * len(icons)
    levels = sorted({v for v in icons if v > 0}, reverse=True)
    if not levels:
        return out
    first = [i for i, v in enumerate(icons) if v == levels[0]]
    for i in first:
        out[i] = split_award(6, len(first))
    if len(first) == 1 and len(levels) > 1:
        second = [i for i, v in enumerate(icons) if v == levels[1]]
        for i in second:
            out[i] = split_award(3, len(second))
    return out


def pudding_points(puddings: Sequence[int], *, penalty: bool) -> list[int]:
    """Dessert: +6 for most, -6 for fewest (0 counts), ties split, none if all equal.

    >>> pudding_points([4, 3, 0, 0], penalty=True)
    [6, 0, -3, -3]
    >>> pudding_points([3, 1], penalty=False)
    [6, 0]
    """
    return most_and_fewest(puddings, 6, -6 if penalty else None)


def winners(totals: Sequence[int], puddings: Sequence[int], eligible: int) -> list[int]:
    """Seats that win: most points, then most puddings; still tied, all of them.
    Only seats below ``eligible`` (the players, not a dummy) can win."""
    return _winners(totals, puddings, eligible)
