"""What a person is shown of Sushi Go!: card names, a tableau's entries, the round's
points now and what one more card would add, and the browser's frames."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from sushigo.games.classic import (
    CLASSIC_CARDS,
    FAMILIES,
    ClassicRuleset,
    ClassicState,
    Pick,
    PlayerView,
    score_round,
)
from sushigo.present.base import (
    BREAKDOWN_TITLES,
    Entry,
    Frame,
    Presenter,
    absolute,
    card_player,
    catalog_card,
    columns,
    final_frame,
    results_entry,
)
from sushigo.present.schema import (
    DecisionFrame,
    GameFrame,
    LegalEntry,
    LogEntry,
    PlayerFrame,
    RoundResult,
    TableauItem,
)

# ---------------------------------------------------------------------------
# Names and tableaux


def card_name(card: str) -> str:
    """A card's short name (``Maki 2`` for ``Maki roll (2)``; it parses back); an
    unknown id as it is.

    >>> card_name("maki-2"), card_name("squid-nigiri")
    ('Maki 2', 'Squid nigiri')
    """
    t = CLASSIC_CARDS.by_id.get(card)
    if t is None:
        return card
    if t.family == "maki":
        return f"Maki {t.icons}"
    return t.name


def tableau_entries(cards: Sequence[str]) -> list[Entry]:
    """The cards in front of a player, in the order played: a nigiri on a wasabi shows
    with it (``Wasabi+Squid nigiri``, the nigiri's colour), an empty wasabi alone.

    >>> tableau_entries(["wasabi", "tempura", "squid-nigiri"])  # doctest: +NORMALIZE_WHITESPACE
    [(('wasabi', 'squid-nigiri'), 'Wasabi+Squid nigiri', 'yellow'),
     (('tempura',), 'Tempura', 'purple')]
    """
    stacks: list[tuple[str, ...]] = []
    free: list[int] = []
    for c in cards:
        if c == "wasabi":
            free.append(len(stacks))
            stacks.append((c,))
        elif CLASSIC_CARDS.by_id[c].family == "nigiri" and free:
            stacks[free.pop(0)] = ("wasabi", c)
        else:
            stacks.append((c,))
    return [
        (s, "+".join(card_name(c) for c in s), CLASSIC_CARDS.by_id[s[-1]].colour) for s in stacks
    ]


# ---------------------------------------------------------------------------
# Points now


def families(soy_sauce: bool) -> tuple[str, ...]:
    """The breakdown keys to show (soy sauce only when the promo is in the deck)."""
    return tuple(f for f in FAMILIES if soy_sauce or f != "soy-sauce")


def _soy(view: PlayerView) -> bool:
    return bool(view.ruleset.options.get("soy_sauce", False))


def breakdown(view: PlayerView) -> list[dict[str, int]]:
    """Each seat's points this round by family, were the round to end now (relative
    seats)."""
    return score_round(view.tableaux, soy_sauce=_soy(view))


def added(view: PlayerView, card: str) -> dict[str, int]:
    """What ``card`` would add to the viewer's points now, by family: those that change.

    >>> import sushigo
    >>> state = sushigo.make("sushi-go", players=2).new_game()
    >>> view = state.observe(0)._replace(tableaux=(("sashimi", "sashimi", "maki-1"), ()))
    >>> added(view, "sashimi"), added(view, "maki-3")
    ({'sashimi': 10}, {})
    """
    before = breakdown(view)[0]
    tableaux = [(*view.tableaux[0], card), *view.tableaux[1:]]
    after = score_round(tableaux, soy_sauce=_soy(view))[0]
    return {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}


def breakdown_keys(ruleset: ClassicRuleset, shown: Sequence[Mapping[str, int]] = ()) -> list[str]:
    """The breakdown keys worth a column (``shown`` changes nothing in this game)."""
    return list(families(bool(ruleset.options["soy_sauce"])))


# ---------------------------------------------------------------------------
# Frames


def fill_frame(frame: GameFrame, state: ClassicState, view: PlayerView, private: bool) -> None:
    """The Sushi Go! keys of a frame (docs/web.md, "Frames")."""
    rs = state.rules
    frame["turn"] = view.turn + 1
    frame["turns"] = rs.hand_size
    dummy = rs.dummy
    frame["passing"] = "swap" if dummy else ("left" if view.pass_step > 0 else "right")
    ctrl = None if view.controller is None else absolute(view, view.controller)
    frame["dummy"] = {"seat": rs.players, "controller": ctrl} if dummy else None
    players: list[dict[str, Any]] = []
    for s in range(view.seats):
        rel, player = card_player(view, s, private)
        tab = view.tableaux[rel]
        kept = view.desserts[rel]
        players.append(
            player
            | {
                "dummy": s >= rs.players,
                "played": list(tab),
                "tableau": columns(tableau_entries(tab)),
                "desserts": _pudding_items(kept),
                "dessert_count": kept,
                "counts": {"maki": _maki(tab)},
                "controller": s == ctrl,
            }
        )
    frame["players"] = cast(list[PlayerFrame], players)  # "acting", "now", "points": _frame's
    frame["log"] = round_log(view)
    if private:
        frame["hand"] = list(view.hand)
        if view.seat in frame["to_act"]:
            frame["decision"] = _decision(state, view)
    frame["results"] = _results(state)
    if state.is_terminal():
        frame["final"] = final_frame(
            state, state.winners(), state.dessert_scores(), list(state.desserts), "Puddings"
        )


def replay_hands(frame: GameFrame, state: ClassicState) -> None:
    """Every seat's hand (the dummy's pile as its hand), for a finished game's replay."""
    for s, player in enumerate(frame["players"]):
        player["hand"] = list(state.pile() if player["dummy"] else state.hand(s))


def _maki(cards: Iterable[str]) -> int:
    by_id = CLASSIC_CARDS.by_id
    return sum(by_id[c].icons for c in cards if by_id[c].family == "maki")


def _pudding_items(k: int) -> list[TableauItem]:
    if not k:
        return []
    return [{"cards": ["pudding"], "label": "Pudding", "colour": "pink", "count": k}]


def _decision(state: ClassicState, view: PlayerView) -> DecisionFrame:
    legal = state.legal_actions(view.seat)
    prompt = "Choose a card to keep."
    decision: DecisionFrame = {"kind": "pick", "seat": view.seat, "prompt": prompt}
    if any(len(a.cards) == 2 for a in legal):
        prompt = (
            "Choose a card to keep, or two with your chopsticks "
            "(they go in the order chosen; the chopsticks go back into the hand)."
        )
    if view.controller == 0:
        drew = card_name(view.drawn) if view.drawn else "a card"
        prompt += (
            f" You control the dummy this turn: you drew {drew} from its pile;"
            " after your own card, choose the dummy's."
        )
        decision["drawn"] = view.drawn
    decision["prompt"] = prompt
    return decision


def round_log(view: PlayerView) -> list[LogEntry]:
    """This round so far, from the view's revealed turns: one ``reveal`` a turn, every
    seat's cards (absolute seats; the dummy's, the card it was given), as Sushi Go
    Party!'s log has them.

    >>> import sushigo, random
    >>> state = sushigo.make("sushi-go", players=2).new_game()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.apply({s: state.legal_actions(s)[0] for s in state.to_act()})
    >>> [(e["turn"], [p["label"] for p in e["picks"]]) for e in round_log(state.observe(1))]
    [(1, ['Tempura', 'Tempura'])]
    """
    n = view.seats
    return [
        _reveal(t, tuple(taken[(s - view.seat) % n] for s in range(n)))
        for t, taken in enumerate(view.turns, 1)
    ]


@lru_cache(maxsize=4096)
def _reveal(turn: int, picks: tuple[tuple[str, ...], ...]) -> LogEntry:
    """One turn's reveal (``picks``: each absolute seat's cards). Every frame of the
    turn's seats and spectators, and of the round's later turns, holds the same entry:
    it is made once (and only read: frames are turned into JSON as they are)."""
    return {
        "turn": turn,
        "what": "reveal",
        "seat": None,
        "cards": ["+".join(p) for p in picks],
        "text": f"Turn {turn}: everyone revealed their cards.",
        "picks": [
            {"seat": s, "text": "+".join(p), "label": _revealed(p)} for s, p in enumerate(picks)
        ],
    }


def _revealed(cards: Sequence[str]) -> str:
    """What a seat revealed, by the cards' names: ``Tempura``, ``Wasabi, then Squid
    nigiri (chopsticks)``."""
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else f"{', then '.join(names)} (chopsticks)"


def pick_label(pick: Pick) -> str:
    """A pick as a sentence: ``Keep Tempura``, ``Use chopsticks: Wasabi, then Squid
    nigiri``, ``Keep Tempura; give the dummy Pudding``."""
    names = [card_name(c) for c in pick.cards]
    text = f"Keep {names[0]}" if len(names) == 1 else f"Use chopsticks: {', then '.join(names)}"
    if pick.dummy is not None:
        text += f"; give the dummy {card_name(pick.dummy)}"
    return text


def _results(state: ClassicState) -> list[RoundResult]:
    rs = state.rules
    titles = [[f, BREAKDOWN_TITLES.get(f, f)] for f in breakdown_keys(rs)]
    out: list[RoundResult] = []
    totals = [0] * rs.seats
    for r, res in enumerate(state.results):
        totals = [t + p for t, p in zip(totals, res.scores, strict=True)]
        entry = results_entry(r, titles, res, totals) | {
            "kept": [tab.count("pudding") for tab in res.tableaux],
            "kept_label": "Puddings kept",
            "tableaux": [columns(tableau_entries(tab)) for tab in res.tableaux],
        }
        out.append(cast(RoundResult, entry))
    return out


def legal_entry(action: Pick) -> LegalEntry:
    """A legal pick for a frame (docs/web.md): clicking a card keeps it (``direct``);
    chopsticks and the dummy's card are listed under their ``group``."""
    first = action.cards[0]
    if action.dummy is not None:
        group = "Keep " + card_name(first) + (" (chopsticks)" * (len(action.cards) - 1))
    else:
        group = "Keep one card" if len(action.cards) == 1 else "Use chopsticks"
    return {
        "text": str(action),
        "label": pick_label(action),
        "kind": "pick",
        "card": first,
        "cards": list(action.cards),
        "dummy": action.dummy,
        "direct": len(action.cards) == 1 and action.dummy is None,
        "group": group,
    }


def catalog(ruleset: ClassicRuleset) -> Frame:
    """The cards in the ruleset's deck, for the browser to draw."""
    return {
        "cards": {
            t.id: catalog_card("sushi-go", t.id, card_name(t.id), t.family, t.colour, t.icons)
            for t in CLASSIC_CARDS.types
            if t.id in ruleset.deck
        }
    }


PRESENTER = Presenter(
    game="sushi-go",
    card_name=card_name,
    tableau=tableau_entries,
    breakdown=breakdown,
    added=added,
    columns=breakdown_keys,
    fill_frame=fill_frame,
    replay_hands=replay_hands,
    legal_entry=legal_entry,
    catalog=catalog,
)
"""Sushi Go!'s presenter."""
