"""Classic Sushi Go! score sheets: read, checked and scored.

Input is one JSON object (a file, ``-`` for stdin, or typed in interactively)::

    {"game": "sushi-go",
     "names": ["Ann", "Ben"],
     "options": {"soy_sauce": false},
     "rounds": [[["wasabi", "squid", "tempura"], ["maki-3", "pudding"]], ...]}

* ``rounds``: one to three rounds; each round lists, for every seat in the order
  of ``names``, the cards lying in front of that player when the round ended, in
  the order they were played (a nigiri goes on the wasabi played before it; used
  chopsticks went back into a hand and are not listed). A card is a card id, a
  printed name or a unique prefix (``squid``, ``maki 3``); ``"tempura x2"``
  stands for two tempura; a seat's cards may also be one comma-separated string.
* ``names``: optional (``Player 1``...); 2 to 5 players.
* ``options``: optional; an object of variants (``soy_sauce``, ``dummy``,
  ``pass_both_ways``, ``reshuffle``; hyphens allowed) with true/false, or a
  list of variant names. ``soy_sauce`` changes scoring; the others are checked
  and recorded. Two players: nobody loses points for the fewest puddings.
* Two-player dummy variant: ``"options": {"dummy": true}`` and every round lists
  three seats, the dummy's cards third. ``names`` lists the two players (the
  dummy is called ``Dummy``) or three names, the dummy's last. The dummy is
  scored as a third player (maki and pudding places, pudding penalty) but
  cannot win.

Puddings are counted from the rounds given; dessert points are scored only
when all three rounds are given. Winner: most points, then most puddings;
still tied, the win is shared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import sushigo
from sushigo.core.errors import OptionsError, ParseError
from sushigo.games.classic import CLASSIC_CARDS, ROUNDS, ClassicRuleset, winners
from sushigo.present.options import parse_variants
from sushigo.present.sheets.common import (
    Mistakes,
    check_count,
    did_you_mean,
    entry_list,
    every_entry,
    sheet_names,
    singular,
    split_count,
)
from sushigo.present.sheets.party import GAME as PARTY
from sushigo.present.sheets.roll import GAME as ROLL

GAME = "sushi-go"
KEYS = ("game", "names", "options", "rounds")
DECK_SIZE = sum(CLASSIC_CARDS.deck().values())
"""Cards in the deck (108): no entry of a sheet stands for more."""


@dataclass
class Sheet:
    """A checked score sheet: the rules, every seat's name and the cards per round."""

    ruleset: ClassicRuleset
    names: list[str]
    rounds: list[list[list[str]]]
    """``rounds[r][seat]``: card ids in front of the seat at the end of round ``r``."""
    warnings: list[str]


# ---------------------------------------------------------------------------
# Reading


def parse_card_entry(entry: str, where: str) -> list[str]:
    """One entry of a seat's list: a card, or ``CARD xN`` for N copies."""
    text, count = split_count(entry, where)
    try:
        card = singular(CLASSIC_CARDS.parse, text)
    except ParseError as exc:
        if "could be" in str(exc):
            raise ParseError(f"{where}: {exc}") from None
        raise ParseError(
            f"{where}: unknown card {text!r}{did_you_mean(text, CLASSIC_CARDS)}; "
            f"cards are: {', '.join(CLASSIC_CARDS.ids)}"
        ) from None
    kind = CLASSIC_CARDS.by_id[card]
    what = f"the deck has {DECK_SIZE} cards ({kind.count} {kind.name.lower()})"
    check_count(entry, count, DECK_SIZE, what, where)
    return [card] * count


def parse_cards(value: Any, where: str) -> list[str]:
    """A seat's cards: a list of card entries, or one comma-separated string."""
    entries = entry_list(value, where, 'cards, e.g. ["tempura", "squid"]')
    cards: list[str] = []

    def read(k: int, entry: Any) -> None:
        if not isinstance(entry, str):
            raise ParseError(f"{where}, card {k}: a card is a name in quotes, not {entry!r}")
        cards.extend(parse_card_entry(entry, f"{where}, card {k}"))

    every_entry(entries, read)
    return cards


def parse_options(value: Any) -> dict[str, bool]:
    """Variants as ruleset options: an object of true/false, or a list of names."""
    if value is None:
        return {}
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise OptionsError("'options' lists variant names, e.g. [\"soy-sauce\"]")
        return parse_variants(value)
    if not isinstance(value, dict):
        raise OptionsError("'options' must be an object, e.g. {\"soy_sauce\": true}")
    out: dict[str, Any] = {}
    for key, v in value.items():
        out[str(key).strip().lower().replace("-", "_")] = v
    return out


def load_sheet(data: Any) -> Sheet:
    """Check a parsed JSON document and build the sheet; ParseError/OptionsError if wrong."""
    if not isinstance(data, dict):
        raise ParseError("the input must be a JSON object with 'names', 'options' and 'rounds'")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise ParseError(
            f"unknown key {', '.join(map(repr, unknown))}; the keys are: {', '.join(KEYS)}"
        )
    game = data.get("game", GAME)
    if game != GAME:
        raise ParseError(
            f"the score calculator knows only the game {GAME!r} (and {PARTY!r} and "
            f"{ROLL!r}), not {game!r}"
        )
    options = parse_options(data.get("options"))
    dummy = options.get("dummy") is True
    rounds_in = data.get("rounds")
    if rounds_in is None:
        raise ParseError("no 'rounds': list each round's cards for every player")
    if not isinstance(rounds_in, list) or not all(isinstance(r, list) for r in rounds_in):
        raise ParseError("'rounds' must be a list of rounds, each a list of every seat's cards")
    if not rounds_in:
        raise ParseError("'rounds' is empty: give the cards of at least one round")
    if len(rounds_in) > ROUNDS:
        raise ParseError(f"{len(rounds_in)} rounds given, but Sushi Go! has only {ROUNDS}")

    seats = len(rounds_in[0])
    names = sheet_names(data.get("names"), seats - 1 if dummy else seats)
    if dummy and len(names) == 3:
        names, dummy_name = names[:2], names[2]
    else:
        dummy_name = "Dummy"
    rs = sushigo.make(GAME, players=len(names), **options)
    assert isinstance(rs, ClassicRuleset)
    if rs.dummy:
        names.append(dummy_name)
    if len(set(names)) != len(names):
        raise ParseError(f"two seats have the same name: {', '.join(names)}")

    rounds: list[list[list[str]]] = []
    mistakes = Mistakes()
    for r, seats_in in enumerate(rounds_in, 1):
        if len(seats_in) != rs.seats:
            hint = " (with the dummy variant, list the dummy's cards third)" if rs.dummy else ""
            raise ParseError(
                f"round {r} lists the cards of {len(seats_in)} seats, but there are "
                f"{rs.seats} ({', '.join(names)}){hint}"
            )

        def read(cards: Any, where: str) -> list[str]:
            tab = parse_cards(cards, where)
            if "soy-sauce" in tab and not rs.options["soy_sauce"]:
                raise ParseError(
                    f"{where}: soy sauce is only in the game with the soy "
                    'sauce promo; add "soy_sauce": true to the options'
                )
            return tab

        rounds.append(
            [
                mistakes.seat(r, s, partial(read, cards, f"round {r}, {names[s]}"), [])
                for s, cards in enumerate(seats_in)
            ]
        )
    mistakes.check()
    return Sheet(rs, names, rounds, sheet_warnings(rs, names, rounds))


def sheet_warnings(
    rs: ClassicRuleset, names: Sequence[str], rounds: Sequence[Sequence[Sequence[str]]]
) -> list[str]:
    """Mistakes that do not stop the scoring: wrong card counts."""
    out: list[str] = []
    for r, tabs in enumerate(rounds, 1):
        for s, tab in enumerate(tabs):
            if len(tab) != rs.hand_size:
                out.append(
                    f"round {r}, {names[s]}: {len(tab)} cards listed, but every seat "
                    f"ends a round with {rs.hand_size} in this game"
                )
    groups: list[list[Sequence[Sequence[str]]]] = (
        [[t] for t in rounds] if rs.options["reshuffle"] else [list(rounds)]
    )
    for group in groups:
        used: Counter[str] = Counter()
        for tabs in group:
            for tab in tabs:
                used.update(tab)
        for card, n in used.items():
            if n > rs.deck.get(card, 0):
                out.append(f"{n} x {card} listed, but the deck holds only {rs.deck.get(card, 0)}")
    return out


# ---------------------------------------------------------------------------
# Scoring (every point comes from the functions in sushigo.games.classic)


def score_sheet(sheet: Sheet) -> dict[str, Any]:
    """The result as a JSON-ready object (the shape ``--json`` prints)."""
    rs = sheet.ruleset
    seats = rs.seats
    rounds: list[dict[str, Any]] = []
    totals = [0] * seats
    puddings = [0] * seats
    for r, tabs in enumerate(sheet.rounds, 1):
        breakdown = rs.score_round(tabs)
        scores = [sum(b.values()) for b in breakdown]
        kept = [tab.count("pudding") for tab in tabs]
        for s in range(seats):
            totals[s] += scores[s]
            puddings[s] += kept[s]
        rounds.append(
            {
                "round": r,
                "cards": [list(tab) for tab in tabs],
                "breakdown": breakdown,
                "scores": scores,
                "puddings": kept,
            }
        )
    complete = len(sheet.rounds) == ROUNDS
    dessert = rs.dessert(puddings) if complete else None
    if dessert is not None:
        totals = [t + d for t, d in zip(totals, dessert, strict=True)]
    lead = winners(totals, puddings, rs.players)
    return {
        "game": rs.name,
        "players": rs.players,
        "names": list(sheet.names),
        "options": dict(rs.options),
        "rounds": rounds,
        "puddings": puddings,
        "dessert_scores": dessert,
        "totals": totals,
        "complete": complete,
        "leaders": [sheet.names[s] for s in lead],
        "winners": [sheet.names[s] for s in lead] if complete else None,
        "warnings": list(sheet.warnings),
    }
