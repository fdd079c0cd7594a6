"""What every game's presentation shares: the :class:`Presenter` each game module
builds, a tableau's entries and their grouping in columns of one colour, and the
small texts and frame pieces common to the three games."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sushigo.games.party.scoring import FLIPPED
from sushigo.present.card_rules import card_rule
from sushigo.present.schema import CatalogCard, FinalFrame, GameFrame, LegalEntry, TableauColumn

Frame = dict[str, Any]
"""A JSON object (a part of a frame not typed further; the typed frames are in
:mod:`sushigo.present.schema`)."""

Entry = tuple[tuple[str, ...], str, str]
"""One thing in front of a player: the cards (or dice) it shows, its label, and its
background colour as the card table names it (``light blue``, ``nigiri``). A nigiri
on a wasabi is one entry of two cards."""

BREAKDOWN_TITLES: dict[str, str] = {
    "maki": "Maki",
    "tempura": "Tempura",
    "sashimi": "Sashimi",
    "dumpling": "Dumplings",
    "nigiri": "Nigiri",
    "soy-sauce": "Soy sauce",
    "temaki": "Temaki",
    "uramaki": "Uramaki",
    "eel": "Eel",
    "tofu": "Tofu",
    "onigiri": "Onigiri",
    "edamame": "Edamame",
    "miso-soup": "Miso soup",
    "tea": "Tea",
    FLIPPED: "Face-down",
}
"""The title of every breakdown key of every game (the terminal abbreviates them)."""


@dataclass(frozen=True)
class Presenter:
    """What a front end is shown of one game, the same questions for every game.

    Views are the game's own (``PlayerView``, ``PartyView``, ``RollView``); seats in
    a view are relative (0 is the viewer). Find a game's presenter with
    :func:`sushigo.present.presenter_for`.
    """

    game: str
    """The ruleset's registered name (``sushi-go``)."""
    card_name: Callable[[str], str]
    """A card's or die face's short name: ``Maki 2``, ``Chopsticks (2)``, ``Menu 2``."""
    tableau: Callable[[Sequence[Any]], list[Entry]]
    """What lies in front of a player (a view's tableau or tray) as entries, in the
    order played, a nigiri shown with its wasabi."""
    breakdown: Callable[[Any], list[dict[str, int]]]
    """Now: each seat's points this round by breakdown key, were the round to end
    now (relative seats)."""
    added: Callable[[Any, str], dict[str, int]]
    """What one more card (or die) in front of the viewer would add to its breakdown
    now, by key (the keys that change only)."""
    columns: Callable[[Any, Sequence[Mapping[str, int]]], list[str]]
    """The breakdown keys worth showing for a ruleset, given the breakdowns shown."""
    fill_frame: Callable[[GameFrame, Any, Any, bool], None]
    """Adds the game's keys to a frame: ``fill_frame(frame, state, view, private)``."""
    replay_hands: Callable[[GameFrame, Any], None]
    """Adds what a finished game's replay shows besides the public frame."""
    legal_entry: Callable[[Any], LegalEntry]
    """One legal action as a frame entry (``text``, ``label``, ``kind``, ...)."""
    catalog: Callable[[Any], Frame]
    """How to draw the ruleset's cards or dice: ``cards`` and the game's extras."""

    def now(self, view: Any) -> list[int]:
        """Each seat's points this round were it to end now (relative seats)."""
        return [sum(b.values()) for b in self.breakdown(view)]


def no_replay_hands(frame: GameFrame, state: Any) -> None:
    """For a game whose public frame already shows everything (Sushi Roll)."""


# ---------------------------------------------------------------------------
# Grouping what lies in front of a player.


def slug(colour: str) -> str:
    """A colour as a CSS-friendly slug: ``light-blue``."""
    return colour.replace(" ", "-")


def columns(entries: Iterable[Entry]) -> list[TableauColumn]:
    """Entries counted and grouped in columns of one colour, as the rulebooks suggest,
    each in order of first appearance: ``[{"colour", "items": [{"cards", "label",
    "colour", "count"}]}]``, colours as slugs."""
    out: dict[str, dict[tuple[tuple[str, ...], str], int]] = {}
    for cards, label, colour in entries:
        column = out.setdefault(slug(colour), {})
        column[(cards, label)] = column.get((cards, label), 0) + 1
    return [
        {
            "colour": colour,
            "items": [
                {"cards": list(cards), "label": label, "colour": colour, "count": k}
                for (cards, label), k in items.items()
            ],
        }
        for colour, items in out.items()
    ]


# ---------------------------------------------------------------------------
# Texts.


def names_list(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``.

    >>> names_list(["{0}", "{2}", "{3}"])
    '{0}, {2} and {3}'
    """
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def seat_ref(seat: int) -> str:
    """How a frame's sentence names absolute seat ``seat``: ``{2}`` (the browser puts
    the name in)."""
    return f"{{{seat}}}"


def winner_text(winners: Sequence[int]) -> str:
    """``{1} wins!`` or ``{0} and {2} share the win!``."""
    if len(winners) == 1:
        return f"{seat_ref(winners[0])} wins!"
    return f"{names_list([seat_ref(s) for s in winners])} share the win!"


# ---------------------------------------------------------------------------
# Frame pieces every game uses.


def rel(view: Any, seat: int) -> int:
    """The relative index of an absolute seat in ``view``."""
    return int((seat - view.seat) % view.seats)


def absolute(view: Any, rel: int) -> int:
    """The absolute seat of a relative index of ``view`` (a Party view has no
    ``absolute``)."""
    return int((view.seat + rel) % view.seats)


def card_player(view: Any, s: int, private: bool) -> tuple[int, Frame]:
    """What a card game's frame shows of absolute seat ``s``: its relative index in the
    view, and its seat, score, hand size and the hand when the viewer knows it."""
    r = rel(view, s)
    known = view.hands[r] if private else None
    return r, {
        "seat": s,
        "score": view.scores[r],
        "hand_size": view.hand_sizes[r],
        "hand": None if known is None else list(known),
    }


def results_entry(
    r: int, columns: Sequence[Sequence[str]], res: Any, totals: Sequence[int]
) -> Frame:
    """The start of a finished round's entry in ``results``: its number, the breakdown
    columns (``[key, title]``), the breakdown, scores and running ``totals``."""
    return {
        "round": r + 1,
        "columns": columns,
        "breakdown": [dict(b) for b in res.breakdown],
        "scores": list(res.scores),
        "totals": totals,
    }


def final_frame(
    state: Any, winners: Sequence[int], dessert: Sequence[int], kept: Sequence[int], label: str
) -> FinalFrame:
    """The end of the game: every round's scores, desserts, totals, winners, and the
    players ranked (most points, then most ``kept``: the games' tie-break)."""
    scores = list(state.returns())
    players = int(getattr(state.ruleset, "players", len(scores)))  # not the dummy
    key = [(scores[s], kept[s]) for s in range(players)]
    places: list[int | None] = [1 + sum(k > key[s] for k in key) for s in range(players)]
    places += [None] * (len(scores) - players)
    return {
        "scores": scores,
        "places": places,
        "ranking": sorted(range(players), key=lambda s: (places[s], s)),
        "rounds": [list(res.scores) for res in state.results],
        "dessert_scores": list(dessert),
        "kept": list(kept),
        "kept_label": label,
        "tokens_left": None,
        "token_scores": None,
        "winners": list(winners),
        "text": winner_text(winners),
    }


def catalog_card(
    game: str,
    card: str,
    short: str,
    family: str,
    colour: str,
    icons: int,
    players: int | None = None,
) -> CatalogCard:
    """One card (or face) of a catalog, with what it does (``rule``) and, for a
    special with a lower-right order number in its id (``spoon-5``), that number.
    ``name`` and ``short`` are the same name, the one the card has everywhere a
    person reads it (its face, prompts, the log, replays, rules pages): ``Maki 2``."""
    out: CatalogCard = {
        "id": card,
        "name": short,
        "short": short,
        "family": family,
        "colour": slug(colour),
        "icons": icons,
        "rule": card_rule(game, card, family, players),
    }
    tail = card.rsplit("-", 1)[-1]
    if game == "sushi-go-party" and tail.isdigit() and family != "maki" and family != "uramaki":
        out["order"] = int(tail)
    return out
