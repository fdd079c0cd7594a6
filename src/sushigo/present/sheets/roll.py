"""Sushi Roll score sheets: read, checked and scored (``sushigo score --game
sushi-roll`` and the web score page).

Input is one JSON object (the notation is in docs/score-calculator.md)::

    {"game": "sushi-roll",
     "names": ["Ann", "Ben"],
     "rounds": [[["tempura x4", "sashimi x2", "maki-3", "menu"],
                 "wasabi+squid, salmon/on-wasabi, wasabi, maki 2, dumpling x2, pudding-2"],
                [["..."], ["..."]], [["..."], ["..."]]],
     "puddings": [3, 2], "menus": [1, 0], "chopsticks": [2, 1]}

* ``rounds``: one to three rounds; each lists every player's tray (the dice on
  it when the round ended), in the order of ``names``. A die is a face id, a
  printed name or a unique prefix (``squid``, ``maki 3``, ``pudding 2``);
  ``"tempura x4"`` stands for four. A nigiri on a wasabi is one entry:
  ``wasabi+squid`` or ``squid/on-wasabi``. A tray may also be one
  comma-separated string.
* ``names``: optional (``Player 1``...); 2 to 5 players.
* ``puddings``, ``menus``, ``chopsticks``: each player's pudding tokens and
  unused menu and chopsticks tokens at game end, one number per player.
  ``puddings`` is optional: without it, the pudding icons on the trays are
  counted.
* ``dice``: optional; ``"default"``, a face table (``{kind: six faces}``) or the
  path of a dice file, as ``sushigo play --dice``. It only checks which faces the
  dice can show.

Game-end points (puddings and leftover tokens) are scored only when all three
rounds and the menu and chopsticks tokens are given. Every point comes from the
pure functions of :mod:`sushigo.games.roll.dice`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import sushigo
from sushigo.core.errors import ParseError
from sushigo.games.roll import ROUNDS, RollRuleset
from sushigo.games.roll.dice import (
    DICE_COUNTS,
    FACES,
    KINDS,
    START_CHOPSTICKS,
    START_MENU,
    SUPPLY,
    pudding_points,
    roll_winners,
    score_trays,
    token_points,
)
from sushigo.play.files import load_dice
from sushigo.present.sheets.common import (
    Mistakes,
    check_count,
    did_you_mean,
    entry_list,
    every_entry,
    sheet_names,
    singular,
    split_count,
    split_stack,
)

GAME = "sushi-roll"
KEYS = ("game", "names", "dice", "rounds", "puddings", "menus", "chopsticks")
TOKENS = ("puddings", "menus", "chopsticks")
"""The game-end token counts a sheet gives, one number per player each."""
_ON_WASABI = re.compile(r"^(.*?)\s*(?:/\s*|\s+)on[\s-]+wasabi$", re.IGNORECASE)
_GAINS: dict[str, dict[str, int]] = {
    "puddings": {"pudding-1": 1, "pudding-2": 2, "pudding-3": 3},
    "menus": {"menu": 1, "menu-2": 2},
    "chopsticks": {"chopsticks": 1, "chopsticks-2": 2},
}
"""The tokens each token-giving face gives, by kind of token."""

BAG = sum(DICE_COUNTS)
"""Dice in the bag: no tray holds more of a face than this."""


@dataclass
class RollSheet:
    """A checked Sushi Roll score sheet."""

    ruleset: RollRuleset
    names: list[str]
    rounds: list[list[list[str]]]
    """``rounds[r][seat]``: the tray at the end of round ``r``, as face ids and
    stacks (``wasabi+salmon-nigiri``)."""
    puddings: list[int] | None
    """Pudding tokens per seat, as given (None: count the trays' pudding icons)."""
    menus: list[int] | None
    """Unused menu tokens per seat at game end (None: not given)."""
    chopsticks: list[int] | None
    """Unused chopsticks tokens per seat at game end (None: not given)."""
    warnings: list[str]


def is_roll(data: Any) -> bool:
    """Whether a score sheet is for Sushi Roll (it says so)."""
    return isinstance(data, dict) and data.get("game") == GAME


# ---------------------------------------------------------------------------
# Reading dice


def dice_of(entry: str) -> list[str]:
    """The faces of the dice in one tray entry (a stack is a wasabi and a nigiri)."""
    return entry.split("+")


def parse_face(text: str, where: str) -> str:
    """One face as typed: an id, a printed name or a unique prefix."""
    try:
        return singular(FACES.parse, text)
    except ParseError as exc:
        if "could be" in str(exc):
            raise ParseError(f"{where}: {exc}") from None
        raise ParseError(
            f"{where}: unknown face {text.strip()!r}{did_you_mean(text, FACES)}; "
            f"faces are: {', '.join(FACES.ids)}"
        ) from None


def _nigiri(text: str, entry: str, where: str) -> str:
    face = parse_face(text, where)
    if FACES.by_id[face].family != "nigiri":
        raise ParseError(
            f"{where}: {entry!r}: only a nigiri goes on a wasabi (e.g. wasabi+salmon-nigiri)"
        )
    return face


def parse_tray_entry(entry: str, where: str) -> list[str]:
    """One entry of a tray: a face, ``FACE xN`` for N dice, or a nigiri on a wasabi
    (``wasabi+salmon``, ``salmon/on-wasabi``), as tray ids.

    >>> parse_tray_entry("squid/on-wasabi x2", "tray")
    ['wasabi+squid-nigiri', 'wasabi+squid-nigiri']
    """
    text, count = split_count(entry, where, fold=True)
    if not text:
        raise ParseError(f"{where}: an empty face name")
    parts = split_stack(text, where, "wasabi+salmon")
    if parts is not None:
        if parse_face(parts[0], where) != "wasabi":
            raise ParseError(
                f"{where}: {text!r}: the die before '+' must be a wasabi (e.g. wasabi+salmon)"
            )
        face = "wasabi+" + _nigiri(parts[1], text, where)
    else:
        on = _ON_WASABI.match(text)
        if on and on.group(1).strip():
            face = "wasabi+" + _nigiri(on.group(1), text, where)
        else:
            face = parse_face(text, where)
    check_count(entry, count, BAG, f"the bag has {BAG} dice", where)
    return [face] * count


def parse_tray(value: Any, where: str) -> list[str]:
    """A tray: a list of entries, or one comma-separated string."""
    entries = entry_list(value, where, 'dice, e.g. ["tempura x2", "wasabi+squid"]')
    tray: list[str] = []

    def read(k: int, entry: Any) -> None:
        if not isinstance(entry, str):
            raise ParseError(f"{where}, die {k}: a die is a face name in quotes, not {entry!r}")
        tray.extend(parse_tray_entry(entry, f"{where}, die {k}"))

    every_entry(entries, read)
    return tray


def parse_counts(value: Any, key: str, names: Sequence[str]) -> list[int]:
    """One token count per player (0 or more); ParseError if not."""
    n = len(names)
    if (
        not isinstance(value, list)
        or len(value) != n
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ParseError(
            f"'{key}' gives one whole number per player, in the order of the names "
            f"({n} in all, e.g. {[0] * n})"
        )
    for s, v in enumerate(value):
        if v < 0:
            raise ParseError(f"'{key}': {names[s]} cannot have {v} tokens; counts are 0 or more")
    return list(value)


def _dice_option(value: Any) -> object:
    if value is None or value == "default":
        return "default"
    if isinstance(value, str):
        return load_dice(value)
    if isinstance(value, dict):
        return value
    raise ParseError("'dice' is \"default\", a face table object, or the path of a dice file")


# ---------------------------------------------------------------------------
# The sheet


def load_roll_sheet(data: Any) -> RollSheet:
    """Check a parsed JSON document and build the sheet; ParseError/OptionsError if wrong."""
    if not isinstance(data, dict):
        raise ParseError("the input must be a JSON object with 'names', 'rounds' and the tokens")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise ParseError(
            f"unknown key {', '.join(map(repr, unknown))}; the keys for {GAME} are: "
            f"{', '.join(KEYS)}"
        )
    rounds_in = data.get("rounds")
    if rounds_in is None:
        raise ParseError("no 'rounds': list the dice on every player's tray for each round")
    if not isinstance(rounds_in, list) or not all(isinstance(r, list) for r in rounds_in):
        raise ParseError("'rounds' must be a list of rounds, each a list of every player's tray")
    if not rounds_in:
        raise ParseError("'rounds' is empty: give the trays of at least one round")
    if len(rounds_in) > ROUNDS:
        raise ParseError(f"{len(rounds_in)} rounds given, but Sushi Roll has only {ROUNDS}")
    names = sheet_names(data.get("names"), len(rounds_in[0]))
    if len(set(names)) != len(names):
        raise ParseError(f"two players have the same name: {', '.join(names)}")
    rs = sushigo.make(GAME, players=len(names), dice=_dice_option(data.get("dice")))
    assert isinstance(rs, RollRuleset)

    rounds: list[list[list[str]]] = []
    mistakes = Mistakes()
    for r, trays_in in enumerate(rounds_in, 1):
        if len(trays_in) != rs.players:
            raise ParseError(
                f"round {r} lists {len(trays_in)} trays, but there are {rs.players} "
                f"players ({', '.join(names)})"
            )
        rounds.append(
            [
                mistakes.seat(r, s, partial(parse_tray, t, f"round {r}, {names[s]}"), [])
                for s, t in enumerate(trays_in)
            ]
        )
    mistakes.check()
    counts: dict[str, list[int] | None] = {}
    for key in TOKENS:
        value = data.get(key)
        counts[key] = None if value is None else parse_counts(value, key, names)
    return RollSheet(
        rs,
        names,
        rounds,
        counts["puddings"],
        counts["menus"],
        counts["chopsticks"],
        roll_warnings(rs, names, rounds, counts),
    )


def icons_on(trays: Sequence[Sequence[str]], faces: dict[str, int]) -> int:
    """Tokens the dice on some trays gave: ``faces`` maps a face to its icons."""
    return sum(faces.get(f, 0) for tray in trays for entry in tray for f in dice_of(entry))


def roll_warnings(
    rs: RollRuleset,
    names: Sequence[str],
    rounds: Sequence[Sequence[Sequence[str]]],
    counts: dict[str, list[int] | None],
) -> list[str]:
    """Mistakes that do not stop the scoring: a tray with the wrong number of dice,
    more dice of a kind than the bag holds, faces these dice cannot show, token
    counts that the trays or the box cannot explain, game-end tokens missing."""
    out: list[str] = []
    k = rs.per_player
    for r, trays in enumerate(rounds, 1):
        kinds: Counter[str] = Counter()
        for s, tray in enumerate(trays):
            dice = [f for entry in tray for f in dice_of(entry)]
            if len(dice) != k:
                out.append(
                    f"round {r}, {names[s]}: {len(dice)} dice on the tray, but with "
                    f"{rs.players} players every tray ends a round with {k} "
                    "(a wasabi with a nigiri on it counts 2)"
                )
            for f in dict.fromkeys(dice):
                kind = FACES.by_id[f].family
                if f not in rs.faces_of(kind):
                    out.append(
                        f"round {r}, {names[s]}: {f} listed, but no {kind} die of these "
                        f"dice shows it (its faces: {', '.join(dict.fromkeys(rs.faces_of(kind)))})"
                    )
            kinds.update(FACES.by_id[f].family for f in dice)
        for kind, held in zip(KINDS, DICE_COUNTS, strict=True):
            if kinds[kind] > held:
                out.append(
                    f"round {r}: {kinds[kind]} {kind} dice on the trays, but the bag holds "
                    f"only {held}"
                )
    pudding_faces = _GAINS["puddings"]
    box_holds = dict(zip(TOKENS, (SUPPLY[2], SUPPLY[0], SUPPLY[1]), strict=True))
    for key in TOKENS:
        given = counts[key]
        if given is not None and sum(given) > box_holds[key]:
            out.append(
                f"{sum(given)} {key} tokens given in all, but the box holds only "
                f"{box_holds[key]}" + (" (counted in puddings)" if key == "puddings" else "")
            )
    if len(rounds) == ROUNDS:
        missing = [key for key in ("menus", "chopsticks") if counts[key] is None]
        if missing:
            out.append(
                f"all {ROUNDS} rounds given, but not {' and '.join(map(repr, missing))}: "
                "the game-end points are not scored"
            )
        seats = [[trays[s] for trays in rounds] for s in range(rs.players)]
        puddings = counts["puddings"]
        if puddings is not None:
            taken = sum(icons_on(t, pudding_faces) for t in seats)
            for s, name in enumerate(names):
                icons = icons_on(seats[s], pudding_faces)
                if puddings[s] > icons or (puddings[s] < icons and taken <= SUPPLY[2]):
                    out.append(
                        f"{name}: {puddings[s]} pudding tokens given, but the pudding dice "
                        f"on their trays gave {icons}"
                    )
        for key, start in (("menus", START_MENU), ("chopsticks", START_CHOPSTICKS)):
            given = counts[key]
            if given is None:
                continue
            faces = _GAINS[key]
            for s, name in enumerate(names):
                most = start + icons_on(seats[s], faces)
                if given[s] > most:
                    out.append(
                        f"{name}: {given[s]} {key} tokens left, but they started with "
                        f"{start} and their {key} dice gave at most {most - start} more"
                    )
    return out


# ---------------------------------------------------------------------------
# Scoring (every point comes from the pure functions in sushigo.games.roll.dice)


def score_roll_sheet(sheet: RollSheet) -> dict[str, Any]:
    """The result as a JSON-ready object (the shape ``--json`` prints)."""
    rs = sheet.ruleset
    n = rs.players
    pudding_faces = _GAINS["puddings"]
    rounds: list[dict[str, Any]] = []
    totals = [0] * n
    for r, trays in enumerate(sheet.rounds, 1):
        breakdown, scores = score_trays(trays)
        totals = [t + p for t, p in zip(totals, scores, strict=True)]
        rounds.append(
            {
                "round": r,
                "trays": [list(t) for t in trays],
                "breakdown": breakdown,
                "scores": scores,
                "puddings": [icons_on([t], pudding_faces) for t in trays],
            }
        )
    from_trays = sheet.puddings is None
    if sheet.puddings is None:
        puddings = [sum(e["puddings"][s] for e in rounds) for s in range(n)]
    else:
        puddings = list(sheet.puddings)
    complete = (
        len(sheet.rounds) == ROUNDS and sheet.menus is not None and sheet.chopsticks is not None
    )
    dessert: list[int] | None = None
    tokens: list[int] | None = None
    if complete:
        assert sheet.menus is not None and sheet.chopsticks is not None
        dessert = pudding_points(puddings)
        tokens = token_points(sheet.menus, sheet.chopsticks)
        totals = [t + d + k for t, d, k in zip(totals, dessert, tokens, strict=True)]
    lead = roll_winners(totals, puddings)
    missing = [key for key in ("menus", "chopsticks") if getattr(sheet, key) is None]
    return {
        "game": GAME,
        "players": n,
        "names": list(sheet.names),
        "options": dict(rs.options),
        "dice_per_tray": rs.per_player,
        "rounds": rounds,
        "puddings": puddings,
        "puddings_from_trays": from_trays,
        "menus": sheet.menus,
        "chopsticks": sheet.chopsticks,
        "dessert_scores": dessert,
        "token_scores": tokens,
        "totals": totals,
        "complete": complete,
        "game_end_scored": complete,
        "game_end_note": None if complete else game_end_note(len(sheet.rounds), missing),
        "leaders": [sheet.names[s] for s in lead],
        "winners": [sheet.names[s] for s in lead] if complete else None,
        "warnings": list(sheet.warnings),
    }


def game_end_note(given: int, missing: Sequence[str]) -> str:
    """Why the game-end points (pudding tokens, leftover menu and chopsticks tokens)
    are not in the totals: ``given`` rounds, the token counts ``missing``.

    >>> game_end_note(2, [])
    'Game-end points are not scored yet: they come after round 3 (2 of 3 rounds given).'
    >>> for part in game_end_note(3, ["chopsticks"]).split("; "):
    ...     print(part)
    Game-end points are not scored: give every player's unused chopsticks tokens ('chopsticks')
    the totals are the rounds' points only.
    """
    if given < ROUNDS:
        return (
            f"Game-end points are not scored yet: they come after round {ROUNDS} "
            f"({given} of {ROUNDS} rounds given)."
        )
    what = " and ".join({"menus": "menu"}.get(key, key) for key in missing)
    keys = " and ".join(map(repr, missing))
    return (
        f"Game-end points are not scored: give every player's unused {what} tokens "
        f"({keys}); the totals are the rounds' points only."
    )
