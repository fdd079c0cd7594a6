"""Sushi Go Party! score sheets: read, checked and scored (``sushigo score --game
sushi-go-party`` and the web score page).

Input is one JSON object (the notation is in docs/score-calculator.md)::

    {"game": "sushi-go-party", "menu": "master-menu", "names": ["Ann", "Ben", "Cat"],
     "rounds": [
       {"cards": [["wasabi+squid", "temaki", "special-order=temaki", "flipped:tofu"],
                  ["onigiri-circle", "onigiri-square", "fruit-orange-orange"],
                  "sashimi x3, spoon-5"],
        "uramaki": [0, 0, 0]},
       [["..."], ["..."], ["..."]]]}

Each round is the list of every seat's cards at round end, or an object with
``cards`` and, for uramaki scored during the round, ``uramaki`` (points per
seat) and optionally ``uramaki_places`` (places taken, worked out from the
points when not given). Every point comes from
:mod:`sushigo.games.party.scoring`.
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
from sushigo.core.scoring import winners
from sushigo.games.party import ROUNDS, PartyRuleset
from sushigo.games.party.cards import PARTY_CARDS, SUGGESTED_MENUS, Menu, find_menu, kind_cards
from sushigo.games.party.scoring import (
    Played,
    dessert_points,
    parse_played,
    played_value,
    score_round,
)
from sushigo.present.party import card_name
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

GAME = "sushi-go-party"
KEYS = ("game", "menu", "names", "rounds")
ROUND_KEYS = ("cards", "uramaki", "uramaki_places")
_UNKNOWN = re.compile(r"unknown card '(.*)'; cards are")
_SINGLE_AWARDS = {
    0: (),
    2: (2,),
    5: (5,),
    7: (5, 2),
    8: (8,),
    10: (8, 2),
    13: (8, 5),
    15: (8, 5, 2),
}
"""Uramaki points one player can score during a round, as the places they took
(a player takes each place at most once: the place is gone after)."""
_BONUS = frozenset(("chopsticks", "spoon"))
"""Kinds whose card leaves the table when used during the round (into a hand)."""
_NOT_COPIED = frozenset(("special-order", "menu", "takeout-box"))
"""Kinds a special order never counts as: a copy of a special order is what that one
copies; a menu or takeout box is used when played, not kept."""


@dataclass
class PartySheet:
    """A checked Sushi Go Party! score sheet."""

    ruleset: PartyRuleset
    names: list[str]
    rounds: list[list[list[Played]]]
    """``rounds[r][seat]``: the cards in front of the seat at the end of round ``r``."""
    uramaki: list[list[int]]
    """``uramaki[r][seat]``: uramaki points the seat scored during round ``r``."""
    places: list[int]
    """Uramaki places taken during each round."""
    warnings: list[str]


def is_party(data: Any) -> bool:
    """Whether a score sheet is for Sushi Go Party! (it says so, or names a menu)."""
    if not isinstance(data, dict):
        return False
    return data.get("game") == GAME or ("game" not in data and "menu" in data)


# ---------------------------------------------------------------------------
# Reading cards


def menu_cards(menu: Menu) -> list[str]:
    """Every card id of a menu, in card-table order."""
    out: list[str] = []
    for kind in menu.kinds:
        out.extend(kind_cards(kind))
    return out


def parse_one(text: str, where: str, menu: Menu) -> Played:
    """One card in front of a player, in the notation of
    :class:`~sushigo.games.party.scoring.Played`, with friendly forms:
    ``special-order=flipped`` and ``face-down:CARD``."""
    t = " ".join(text.strip().split())
    low = t.lower().replace(" ", "")
    if low in ("special-order=flipped", "specialorder=flipped", "special-order=face-down"):
        t = "flipped:special-order"
    elif low.startswith("face-down:"):
        t = "flipped:" + t.split(":", 1)[1]
    try:
        return singular(parse_played, t)
    except ParseError as exc:
        message = str(exc)
        m = _UNKNOWN.match(message)
        if m:
            name = m.group(1)
            raise ParseError(
                f"{where}: unknown card {name!r}{did_you_mean(name, PARTY_CARDS)}; "
                f"the cards on this menu are: {', '.join(menu_cards(menu))}"
            ) from None
        raise ParseError(f"{where}: {message}") from None


def parse_entry(entry: str, where: str, menu: Menu) -> list[Played]:
    """One entry of a seat's list: a card, ``CARD xN``, or ``wasabi+squid`` for a nigiri
    on a wasabi."""
    text, count = split_count(entry, where)
    if not text:
        raise ParseError(f"{where}: an empty card name")
    parts = split_stack(text, where, "wasabi+squid")
    if parts is not None:
        wasabi = parse_one(parts[0], where, menu)
        nigiri = parse_one(parts[1], where, menu)
        if wasabi.flipped or wasabi.kind != "wasabi":
            raise ParseError(f"{where}: {text!r}: the card before '+' must be a wasabi")
        if nigiri.flipped or nigiri.kind != "nigiri":
            raise ParseError(f"{where}: {text!r}: the card after '+' must be a nigiri")
        pair = [
            played_value(wasabi.card, wasabi.copies, covered=True),
            played_value(nigiri.card, nigiri.copies, on_wasabi=True),
        ]
        for p in pair:
            _check_copies(entry, count, p.card, where)
        return pair * count
    one = parse_one(text, where, menu)
    _check_copies(entry, count, one.card, where)
    return [one] * count


_DECK = PARTY_CARDS.deck()
DECK_SIZE = sum(_DECK.values())
"""Cards in the box, every menu's: no entry of a sheet stands for more."""


def _check_copies(entry: str, count: int, card: str, where: str) -> None:
    kind = PARTY_CARDS.by_id[card]
    what = f"the box has {DECK_SIZE} cards ({_DECK.get(card, 0)} {kind.name.lower()})"
    check_count(entry, count, DECK_SIZE, what, where)


def place_on_wasabi(tab: Sequence[Played]) -> list[Played]:
    """Cards listed in the order played: a nigiri goes on the first wasabi with no
    nigiri played before it, as in the game.

    >>> [p.token for p in place_on_wasabi([parse_played(t) for t in
    ...     ("egg", "wasabi", "tempura", "squid", "salmon")])]
    ['egg-nigiri', 'wasabi/covered', 'tempura', 'squid-nigiri/on-wasabi', 'salmon-nigiri']
    """
    out = list(tab)
    free: list[int] = []
    for i, p in enumerate(out):
        if p.flipped:
            continue
        if p.kind == "wasabi" and not p.covered:
            free.append(i)
        elif p.kind == "nigiri" and free:
            j = free.pop(0)
            w = out[j]
            out[j] = played_value(w.card, w.copies, covered=True)
            out[i] = played_value(p.card, p.copies, on_wasabi=True)
    return out


def parse_seat(value: Any, where: str, menu: Menu) -> list[Played]:
    """A seat's cards, in the order played: a list of entries, or one comma-separated
    string."""
    entries = entry_list(value, where, 'cards, e.g. ["tempura", "wasabi+squid"]')
    tab: list[Played] = []

    def read(k: int, entry: Any) -> None:
        at = f"{where}, card {k}"
        if not isinstance(entry, str):
            raise ParseError(f"{at}: a card is a name in quotes, not {entry!r}")
        for p in parse_entry(entry, at, menu):
            check_on_menu(p, at, menu)
            check_copy(p, tab, at, menu)
            tab.append(p)

    every_entry(entries, read)
    return place_on_wasabi(tab)


def check_on_menu(p: Played, where: str, menu: Menu) -> None:
    """ParseError unless the card (and what a special order copies) is on the menu."""
    kinds = menu.kinds
    for card in (p.card, p.copies):
        if card is None:
            continue
        kind = PARTY_CARDS.by_id[card].family
        if kind not in kinds:
            raise ParseError(
                f"{where}: {card_name(card)} is not on the menu ({menu.name}: {', '.join(kinds)})"
            )
    if p.flipped and "takeout-box" not in kinds:
        raise ParseError(f"{where}: a card is flipped face-down only by a takeout box")
    if p.copies is not None and PARTY_CARDS.by_id[p.copies].family in ("menu", "takeout-box"):
        raise ParseError(
            f"{where}: a special order cannot copy a {card_name(p.copies)}: "
            "it is used when played, not kept"
        )


def copy_targets(before: Sequence[Played]) -> list[str]:
    """What a special order played after ``before`` (the cards its player played
    earlier in the round, as listed) may copy: the card ids they count as, in
    card-table order.

    The engine's rule (``PartyState._copy_targets``): a special order copies a card
    its player played earlier this round, as what that card counts as (a copy of a
    special order is what that one copies), never a menu or takeout box (refused by
    :func:`check_on_menu`). On a sheet a card flipped by a takeout box is listed
    with its face (``flipped:tempura``): it may have been flipped after it was
    copied, and the copy keeps counting as the card (card guide, takeout box). A
    flipped special order adds nothing: what it copied is listed before it.

    >>> copy_targets([parse_played(t) for t in ("tofu", "special-order=eel", "flipped:wasabi")])
    ['eel', 'tofu', 'wasabi']
    """
    ids = {p.card if p.flipped else p.counts_as for p in before}
    return sorted(
        (c for c in ids if PARTY_CARDS.by_id[c].family not in _NOT_COPIED),
        key=PARTY_CARDS.order.__getitem__,
    )


def check_copy(p: Played, before: Sequence[Played], where: str, menu: Menu) -> None:
    """ParseError unless a special order copies a card its player played before it in
    the round (``before``: that player's cards listed before it).

    A special order copying a chopsticks or spoon is not checked: the copied card may
    have been used later in the round and gone back into a hand, so it is not listed.
    Nor is what a flipped special order copied (its face is all the sheet says), but
    it needs a card before it unless a bonus card is on the menu."""
    if p.card != "special-order":
        return
    targets = copy_targets(before)
    if p.copies is not None and (
        p.copies in targets or PARTY_CARDS.by_id[p.copies].family in _BONUS
    ):
        return
    if p.flipped and (before or _BONUS & set(menu.kinds)):
        return
    rule = "a special order copies a card its player played earlier in the round"
    if not targets:
        written = p.token if p.copies is None else f"special-order={p.copies}"
        raise ParseError(
            f"{where}: {written}, but no card it may copy is listed before it: {rule} "
            "(list the cards in the order played; a special order with nothing to copy "
            "is discarded, so leave it out)"
        )
    may = f"it may copy {', '.join(targets)}"
    if p.copies is None:
        raise ParseError(
            f"{where}: say what the special order copies, e.g. special-order={targets[0]} ({may})"
        )
    raise ParseError(
        f"{where}: special-order={p.copies}, but no {p.copies} is listed before it: "
        f"{rule} (here {may}; list the cards in the order played)"
    )


def uramaki_places(points: Sequence[int], where: str) -> int:
    """The uramaki places taken during a round, worked out from the points each player
    scored then (8 for the first, 5 for the next, 2 for the third; players tied on one
    turn all take the place and the next is skipped). ParseError if no order of play
    gives these points.

    >>> uramaki_places([8, 0, 5], "round 1")
    2
    >>> uramaki_places([8, 8, 2], "round 1")
    3
    """
    awards: Counter[int] = Counter()
    for s, pts in enumerate(points):
        if pts not in _SINGLE_AWARDS:
            raise ParseError(
                f"{where}: player {s + 1} cannot have scored {pts} for uramaki during a round "
                "(the places are worth 8, 5 and 2, each at most once per player)"
            )
        awards.update(_SINGLE_AWARDS[pts])
    first, second, third = awards[8], awards[5], awards[2]
    valid = (
        (first == 0 and second == 0 and third == 0)
        or (first == 1 and second == 0 and third == 0)
        or (first == 1 and second == 1)
        or (first == 1 and second >= 2 and third == 0)
        or (first == 2 and second == 0)
        or (first >= 3 and second == 0 and third == 0)
    )
    if not valid:
        raise ParseError(
            f"{where}: uramaki points {list(points)} cannot all have been scored during one "
            "round: the first to 10 icons scores 8, the next 5, the third 2; players who "
            "reach 10 on the same turn take the same place and the next place is skipped"
        )
    return first + second + third


def _ints(value: Any, n: int, where: str) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != n
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise ParseError(f"{where}: give one number (0 or more) per player, {n} in all")
    return list(value)


# ---------------------------------------------------------------------------
# The sheet


def load_party_sheet(data: Any) -> PartySheet:
    """Check a parsed JSON document and build the sheet; ParseError/OptionsError if wrong."""
    if not isinstance(data, dict):
        raise ParseError("the input must be a JSON object with 'menu', 'names' and 'rounds'")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise ParseError(
            f"unknown key {', '.join(map(repr, unknown))}; the keys for {GAME} are: "
            f"{', '.join(KEYS)}"
        )
    menu_in = data.get("menu")
    if menu_in is None:
        raise ParseError(
            f"no 'menu': name the menu played, e.g. \"master-menu\" (menus: "
            f"{', '.join(SUGGESTED_MENUS)}), or list its 7 card kinds"
        )
    if isinstance(menu_in, list) and all(isinstance(k, str) for k in menu_in):
        menu_text = ",".join(menu_in)
    elif isinstance(menu_in, str):
        menu_text = menu_in
    else:
        raise ParseError("'menu' is a menu's name or a list of its 7 card kinds")
    menu = find_menu(menu_text)
    rounds_in = data.get("rounds")
    if rounds_in is None:
        raise ParseError("no 'rounds': list each round's cards for every player")
    if not isinstance(rounds_in, list) or not all(isinstance(r, list | dict) for r in rounds_in):
        raise ParseError(
            "'rounds' must be a list of rounds, each a list of every seat's cards "
            "(or an object with 'cards' and 'uramaki')"
        )
    if not rounds_in:
        raise ParseError("'rounds' is empty: give the cards of at least one round")
    if len(rounds_in) > ROUNDS:
        raise ParseError(f"{len(rounds_in)} rounds given, but Sushi Go Party! has only {ROUNDS}")
    entries: list[dict[str, Any]] = []
    for r, entry in enumerate(rounds_in, 1):
        if isinstance(entry, list):
            entry = {"cards": entry}
        bad = [k for k in entry if k not in ROUND_KEYS]
        if bad:
            raise ParseError(
                f"round {r}: unknown key {', '.join(map(repr, bad))}; a round has: "
                f"{', '.join(ROUND_KEYS)}"
            )
        if not isinstance(entry.get("cards"), list):
            raise ParseError(f"round {r}: 'cards' lists every seat's cards")
        entries.append(entry)

    names = sheet_names(data.get("names"), len(entries[0]["cards"]))
    if len(set(names)) != len(names):
        raise ParseError(f"two seats have the same name: {', '.join(names)}")
    rs = sushigo.make(GAME, players=len(names), menu=menu)
    assert isinstance(rs, PartyRuleset)
    n = rs.players

    rounds: list[list[list[Played]]] = []
    uramaki: list[list[int]] = []
    places: list[int] = []
    mistakes = Mistakes()
    for r, entry in enumerate(entries, 1):
        seats_in = entry["cards"]
        if len(seats_in) != n:
            raise ParseError(
                f"round {r} lists the cards of {len(seats_in)} seats, but there are "
                f"{n} ({', '.join(names)})"
            )
        rounds.append(
            [
                mistakes.seat(r, s, partial(parse_seat, cards, f"round {r}, {names[s]}", menu), [])
                for s, cards in enumerate(seats_in)
            ]
        )
        points = _ints(entry.get("uramaki", [0] * n), n, f"round {r}, uramaki")
        if any(points) and menu.roll != "uramaki":
            raise ParseError(f"round {r}: uramaki points given, but uramaki is not on the menu")
        derived = uramaki_places(points, f"round {r}")
        given = entry.get("uramaki_places")
        if given is not None:
            if not isinstance(given, int) or isinstance(given, bool) or given < 0:
                raise ParseError(f"round {r}: 'uramaki_places' is a number of places (0 to 3)")
            if min(given, 3) != min(derived, 3):
                raise ParseError(
                    f"round {r}: uramaki points {points} mean {min(derived, 3)} place(s) "
                    f"taken during the round, not {given}"
                )
            derived = given
        uramaki.append(points)
        places.append(derived)
    mistakes.check()
    return PartySheet(rs, names, rounds, uramaki, places, sheet_warnings(rs, names, rounds))


def sheet_warnings(
    rs: PartyRuleset, names: Sequence[str], rounds: Sequence[Sequence[Sequence[Played]]]
) -> list[str]:
    """Mistakes that do not stop the scoring: too many cards, more copies of a card
    than the game has, cards that never stay in front, uramaki not scored."""
    out: list[str] = []
    dessert = rs.menu.dessert
    kept_before: Counter[str] = Counter()
    for r, tabs in enumerate(rounds):
        at = f"round {r + 1}"
        used: Counter[str] = Counter()
        for s, tab in enumerate(tabs):
            who = f"{at}, {names[s]}"
            if len(tab) > rs.hand_size:
                out.append(
                    f"{who}: {len(tab)} cards listed, but a player ends a round with at most "
                    f"{rs.hand_size} in front of them in this game"
                )
            icons = sum(p.icons for p in tab if p.kind == "uramaki")
            if icons >= 10:
                out.append(
                    f"{who}: {icons} uramaki icons in front at round end, but uramaki "
                    "score and are discarded as soon as a player has 10 icons"
                )
            for kind in ("menu", "takeout-box"):
                if any(not p.flipped and p.kind == kind for p in tab):
                    out.append(
                        f"{who}: a {kind.replace('-', ' ')} is discarded once used; "
                        "it does not stay in front of a player"
                    )
            on = sum(1 for p in tab if p.on_wasabi)
            wasabi = sum(1 for p in tab if p.covered or (p.flipped and p.card == "wasabi"))
            if on > wasabi:
                out.append(f"{who}: {on} nigiri on a wasabi, but only {wasabi} wasabi under them")
            used.update(p.card for p in tab)
        out.extend(dessert_warnings(rs, r, used, kept_before))
        for card, k in sorted(used.items()):
            if PARTY_CARDS.by_id[card].family == dessert:
                continue
            have = rs.deck.get(card, 0)
            if k > have:
                out.append(f"{at}: {k} x {card} listed, but the deck holds only {have}")
        for tab in tabs:
            kept_before.update(p.card for p in tab if p.kind == dessert and p.copies is None)
    return out


def dessert_warnings(
    rs: PartyRuleset, r: int, used: Counter[str], kept_before: Counter[str]
) -> list[str]:
    """More dessert cards listed in round ``r`` (0-based) than the deck can hold then.

    The deck holds the desserts shuffled in so far (2-5 players 5, 3, 2; 6-8 players
    7, 5, 3 before rounds 1, 2, 3) less those kept in earlier rounds (``kept_before``,
    by card; a flipped dessert went back into the deck). When earlier rounds already
    list more kept than were shuffled in (warned about then), the limit means
    nothing, and this round is not checked against it.

    >>> rs = sushigo.make(GAME, players=3, menu="master-menu")
    >>> kept = Counter({"fruit-orange-orange": 1, "fruit-watermelon-watermelon": 2,
    ...                 "fruit-pineapple-pineapple": 2})
    >>> total, card = dessert_warnings(rs, 1, Counter({"fruit-orange-orange": 4}), kept)
    >>> for part in total.split(" ("):
    ...     print(part)
    round 2: 4 dessert cards listed, but the deck holds at most 3 in round 2
    5 + 3 shuffled in by round 2, 5 kept in earlier rounds)
    >>> card
    'round 2: 4 x fruit-orange-orange listed, but the game has 2 and 1 was kept before round 2'
    """
    out: list[str] = []
    at = f"round {r + 1}"
    dessert = rs.menu.dessert
    added = rs.desserts_added[: r + 1]
    kept = sum(kept_before.values())
    listed = sum(n for c, n in used.items() if PARTY_CARDS.by_id[c].family == dessert)
    limit = sum(added) - kept
    if kept <= sum(added[:-1]) and listed > limit:
        why = f"{' + '.join(map(str, added))} shuffled in by {at}"
        if kept:
            why += f", {kept} kept in earlier rounds"
        out.append(
            f"{at}: {listed} dessert cards listed, but the deck holds at most {limit} "
            f"in {at} ({why})"
        )
    for card, k in sorted(used.items()):
        if PARTY_CARDS.by_id[card].family != dessert:
            continue
        game_has = rs.desserts.get(card, 0)
        before = kept_before[card]
        if before > game_has or k <= game_has - before:
            continue  # fine, or earlier rounds already list too many (warned then)
        if before:
            was = "was" if before == 1 else "were"
            out.append(
                f"{at}: {k} x {card} listed, but the game has {game_has} and {before} "
                f"{was} kept before {at}"
            )
        else:
            out.append(f"{at}: {k} x {card} listed, but the deck holds only {game_has}")
    return out


# ---------------------------------------------------------------------------
# Scoring (every point comes from sushigo.games.party.scoring)


def score_party_sheet(sheet: PartySheet) -> dict[str, Any]:
    """The result as a JSON-ready object (the shape ``--json`` prints)."""
    rs = sheet.ruleset
    n = rs.players
    dessert = rs.menu.dessert
    rounds: list[dict[str, Any]] = []
    totals = [0] * n
    kept: list[list[Played]] = [[] for _ in range(n)]
    for r, tabs in enumerate(sheet.rounds):
        breakdown = score_round(
            tabs,
            big_table=rs.big_table,
            uramaki_claimed=sheet.places[r],
            uramaki_scored=sheet.uramaki[r],
        )
        scores = [sum(b.values()) for b in breakdown]
        kept_now = [[p for p in tab if p.kind == dessert] for tab in tabs]
        for s in range(n):
            totals[s] += scores[s]
            kept[s].extend(kept_now[s])
        rounds.append(
            {
                "round": r + 1,
                "cards": [[p.token for p in tab] for tab in tabs],
                "breakdown": breakdown,
                "scores": scores,
                "puddings": [len(k) for k in kept_now],
                "desserts": [[p.token for p in k] for k in kept_now],
                "uramaki_scored": list(sheet.uramaki[r]),
                "uramaki_places": sheet.places[r],
            }
        )
    complete = len(sheet.rounds) == ROUNDS
    points = dessert_points(kept, dessert) if complete else None
    if points is not None:
        totals = [t + d for t, d in zip(totals, points, strict=True)]
    counts = [len(k) for k in kept]
    lead = winners(totals, counts)
    menu = rs.menu
    return {
        "game": GAME,
        "players": n,
        "names": list(sheet.names),
        "options": dict(rs.options),
        "menu": {"key": menu.key, "name": menu.name, "kinds": list(menu.kinds)},
        "rounds": rounds,
        "puddings": counts,
        "desserts": [[p.token for p in k] for k in kept],
        "dessert_scores": points,
        "totals": totals,
        "complete": complete,
        "leaders": [sheet.names[s] for s in lead],
        "winners": [sheet.names[s] for s in lead] if complete else None,
        "warnings": list(sheet.warnings),
    }
