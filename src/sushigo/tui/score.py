"""``sushigo score``: a score calculator for a game played with real cards.

Sushi Go Party! sheets (``"game": "sushi-go-party"``) are read and scored by
:mod:`sushigo.tui.score_party`, Sushi Roll sheets (``"game": "sushi-roll"``) by
:mod:`sushigo.tui.score_roll`; this module reads classic Sushi Go! sheets and
runs the command.

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

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.console import Console
from rich.text import Text

import sushigo
from sushigo.core.errors import OptionsError, ParseError
from sushigo.games.classic import CLASSIC_CARDS, ROUNDS, ClassicRuleset, winners
from sushigo.play.files import read_text
from sushigo.play.loop import seat_names as seat_names_of
from sushigo.present.options import parse_variants
from sushigo.tui.cards import tableau_text
from sushigo.tui.party_screen import menu_table
from sushigo.tui.score_party import (
    GAME as PARTY,
)
from sushigo.tui.score_party import (
    ask_party_sheet,
    is_party,
    load_party_sheet,
    score_party_sheet,
    show_party_result,
)
from sushigo.tui.score_roll import GAME as ROLL
from sushigo.tui.score_roll import (
    ask_roll_sheet,
    is_roll,
    load_roll_sheet,
    score_roll_sheet,
    show_roll_result,
)
from sushigo.tui.screen import (
    InputFn,
    SayFn,
    ask_names,
    ask_rounds,
    did_you_mean,
    entry_list,
    final_table,
    print_rounds,
    print_totals,
    round_table,
    sheet_names,
    split_count,
)

GAME = "sushi-go"
KEYS = ("game", "names", "options", "rounds")


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
        card = CLASSIC_CARDS.parse(text)
    except ParseError as exc:
        if "could be" in str(exc):
            raise ParseError(f"{where}: {exc}") from None
        raise ParseError(
            f"{where}: unknown card {text!r}{did_you_mean(text, CLASSIC_CARDS)}; "
            f"cards are: {', '.join(CLASSIC_CARDS.ids)}"
        ) from None
    return [card] * count


def parse_cards(value: Any, where: str) -> list[str]:
    """A seat's cards: a list of card entries, or one comma-separated string."""
    entries = entry_list(value, where, 'cards, e.g. ["tempura", "squid"]')
    cards: list[str] = []
    for k, entry in enumerate(entries, 1):
        if not isinstance(entry, str):
            raise ParseError(f"{where}, card {k}: a card is a name in quotes, not {entry!r}")
        cards.extend(parse_card_entry(entry, f"{where}, card {k}"))
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
    for r, seats_in in enumerate(rounds_in, 1):
        if len(seats_in) != rs.seats:
            hint = " (with the dummy variant, list the dummy's cards third)" if rs.dummy else ""
            raise ParseError(
                f"round {r} lists the cards of {len(seats_in)} seats, but there are "
                f"{rs.seats} ({', '.join(names)}){hint}"
            )
        tabs = [parse_cards(cards, f"round {r}, {names[s]}") for s, cards in enumerate(seats_in)]
        if not rs.options["soy_sauce"]:
            for s, tab in enumerate(tabs):
                if "soy-sauce" in tab:
                    raise ParseError(
                        f"round {r}, {names[s]}: soy sauce is only in the game with the soy "
                        'sauce promo; add "soy_sauce": true to the options'
                    )
        rounds.append(tabs)
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


def read_input(path: str) -> Any:
    """The JSON document in a file (``-``: stdin)."""
    text, source = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"{source}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None


def with_defaults(data: Any, game: str | None, menu: str | None) -> Any:
    """The document with ``--game`` and ``--menu`` filled in where it names none;
    OptionsError where it names another."""
    if not isinstance(data, dict):
        return data
    for key, value in (("game", game), ("menu", menu)):
        if value is None:
            continue
        have = data.get(key)
        if have is None:
            data = {**data, key: value}
        elif have != value:
            raise OptionsError(f"the file says {key} {have!r}, but --{key} says {value!r}")
    return data


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


def show_result(result: dict[str, Any], console: Console) -> None:
    """The result as tables, one per round, then the totals and the winner."""
    names: list[str] = result["names"]
    soy = bool(result["options"].get("soy_sauce"))
    print_rounds(
        console,
        result,
        lambda entry: [tableau_text(tab) for tab in entry["cards"]],
        partial(round_table, soy_sauce=soy),
    )
    complete = result["complete"]
    console.rule("Totals")
    table = final_table(
        names,
        [e["scores"] for e in result["rounds"]],
        result["puddings"],
        result["dessert_scores"],
        result["totals"],
        title="Final scores" if complete else "Scores so far",
    )
    print_totals(console, result, table, ROUNDS)
    players = result["players"]
    if len(names) > players:
        console.print("(The dummy scores like a third player but cannot win.)")


# ---------------------------------------------------------------------------
# Interactive entry


def ask_sheet(ask: InputFn, say: SayFn) -> dict[str, Any]:
    """Ask for names, variants and each round's cards; re-ask after every mistake.

    Returns the same JSON-style document a file would hold.
    """
    say(
        "Sushi Go! score calculator. Enter the cards in front of each player at the "
        "end of each round, in the order played, as card names or ids separated by "
        "commas ('tempura x2' for two). For Sushi Go Party!, run: "
        "sushigo score --game sushi-go-party (Sushi Roll: --game sushi-roll)"
    )
    names = ask_names(ask, say, "Sushi Go!")
    while True:
        text = ask("Variants, comma-separated (soy-sauce, dummy, ...; Enter for none): ")
        options = parse_variants([text])
        try:
            rs = sushigo.make(GAME, players=len(names), **options)
        except OptionsError as exc:
            say(str(exc))
            continue
        break
    seat_names = seat_names_of(rs, names)

    def parse(text: str, where: str) -> list[str]:
        tab = parse_cards(text, where)
        if "soy-sauce" in tab and not rs.options["soy_sauce"]:
            raise ParseError("Soy sauce is only in the game with the soy-sauce variant.")
        return tab

    rounds = list(ask_rounds(ask, say, seat_names, ROUNDS, "cards in front of {name}", parse))
    return {"game": GAME, "names": seat_names, "options": dict(rs.options), "rounds": rounds}


def run_score(
    args: argparse.Namespace,
    *,
    console: Console | None = None,
    input_fn: InputFn | None = None,
    interactive: bool | None = None,
) -> int:
    """The ``sushigo score`` command: 0 on success; user mistakes raise
    :class:`ParseError` / :class:`OptionsError` (exit code 2 in the CLI)."""
    out = console if console is not None else Console(highlight=False)
    game: str | None = getattr(args, "game", None)
    menu: str | None = getattr(args, "menu", None)
    if menu and game is None:
        game = PARTY
    if game not in (None, GAME, PARTY, ROLL):
        raise OptionsError(
            f"the score calculator knows the games {GAME}, {PARTY} and {ROLL}, not {game}"
        )
    if menu and game != PARTY:
        raise OptionsError(f"--menu goes with --game {PARTY}")
    if interactive is None:
        interactive = args.file is None and sys.stdin.isatty()
    if interactive:
        err = Console(stderr=True, highlight=False)
        ask = input_fn if input_fn is not None else (lambda p: err.input(p, markup=False))

        def say(message: str) -> None:
            err.print(Text(message))

        try:
            if game == PARTY:
                data = ask_party_sheet(ask, say, lambda m: err.print(menu_table(m, None)), menu)
            elif game == ROLL:
                data = ask_roll_sheet(ask, say)
            else:
                data = ask_sheet(ask, say)
        except EOFError:
            print("sushigo score: input ended before the game was entered", file=sys.stderr)
            return 1
    else:
        data = with_defaults(read_input(args.file if args.file is not None else "-"), game, menu)
    kind, result = score_document(data, roll=game == ROLL)
    for warning in result["warnings"]:
        print(f"sushigo score: warning: {warning}", file=sys.stderr)
    if getattr(args, "json", False):
        print(json.dumps(result, indent=2))
    elif kind == ROLL:
        show_roll_result(result, out)
    elif kind == PARTY:
        show_party_result(result, out)
    else:
        show_result(result, out)
    return 0


def score_document(data: Any, *, roll: bool = False) -> tuple[str, dict[str, Any]]:
    """Score a score sheet document of any of the three games (docs/score-calculator.md):
    the game's name and the result ``--json`` prints (its ``warnings`` included).
    ParseError / OptionsError for a sheet that cannot be scored. The web server's
    score page uses it too."""
    if is_roll(data) or roll:
        return ROLL, score_roll_sheet(load_roll_sheet(data))
    if is_party(data):
        return PARTY, score_party_sheet(load_party_sheet(data))
    return GAME, score_sheet(load_sheet(data))


__all__ = [
    "Sheet",
    "load_sheet",
    "parse_card_entry",
    "read_input",
    "run_score",
    "score_document",
    "score_sheet",
]
