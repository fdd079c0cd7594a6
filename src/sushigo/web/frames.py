"""What a browser is sent: a seat's frame, the spectators' frame, a replay's frame.

Hidden information leaves the core through one door, the view, and so it does
here. :func:`seat_frame` is built from ``state.observe(seat)`` and from what
the whole table sees: whose decision it is (``state.to_act()``), the seat's own
legal actions when it must decide, and the finished rounds (cards already
revealed, breakdowns, scores). Nothing else is read from the state: no other
seat's hand beyond those the view holds (hands the seat saw earlier in the
round), no deck, no dummy pile, no menu draw but the seat's own, no future roll.

:func:`public_frame` is what every player sees (for spectators): a view with
its private fields dropped (the hand, the hands seen earlier, a menu's or the
dummy's draw). :func:`replay_frame`, for finished games only, adds every hand.
:func:`catalog` tells the browser how to draw each card or die face.

Frames are plain JSON values; docs/web.md ("Frames") lists their keys. Sentences
name seats as ``{N}`` (absolute seat ``N``): the browser puts the names in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState
from sushigo.games.classic import (
    CLASSIC_CARDS,
    FAMILIES,
    ClassicRuleset,
    ClassicState,
    Pick,
    PlayerView,
)
from sushigo.games.classic import ROUNDS as CLASSIC_ROUNDS
from sushigo.games.party import Happening, PartyRuleset, PartyState, PartyView, Pending
from sushigo.games.party_actions import Choice, PartyPick, parse_party_action
from sushigo.games.party_cards import (
    APPETIZERS,
    DESSERTS,
    KINDS,
    NIGIRI,
    ORDER_NUMBERS,
    PARTY_CARDS,
    ROLLS,
    kind_cards,
)
from sushigo.games.party_scoring import (
    FLIPPED,
    ROUND_FAMILIES,
    URAMAKI_PLACES,
    Played,
    played_of_token,
)
from sushigo.games.party_scoring import score_round as party_score_round
from sushigo.games.roll import CHOPSTICKS, MENU, RollAction, RollRuleset, RollState, RollView
from sushigo.games.roll_dice import FACES, STACKS, maki_icons, score_trays, token_points
from sushigo.games.roll_dice import KINDS as DIE_KINDS

Frame = dict[str, Any]
"""A JSON object."""

ROUNDS = CLASSIC_ROUNDS
"""Every game has three rounds."""

_ROLL_COLUMNS = ("maki", "nigiri", "dumpling", "tempura", "sashimi")
"""Sushi Roll's breakdown keys, in display order."""


# ---------------------------------------------------------------------------
# The three frames.


def seat_frame(state: AnyState, seat: int) -> Frame:
    """The frame sent to ``seat``: its view, its legal actions when it must decide now
    (``legal``, ``decision``), and what the whole table sees. Seats are absolute."""
    frame = _frame(state, state.observe(seat), private=True)
    if seat in frame["to_act"]:
        frame["legal"] = legal_entries(state, state.legal_actions(seat), seat)
    return frame


def public_frame(state: AnyState) -> Frame:
    """The spectators' frame: what every player sees. No hand, no hand seen earlier,
    no draw; ``viewer``, ``hand``, ``decision`` and ``legal`` are null."""
    return _frame(state, state.observe(0), private=False)


def replay_frame(state: AnyState) -> Frame:
    """A finished game's step, shown with everything: :func:`public_frame` plus every
    seat's hand (``players[i].hand``; the dummy's pile as its hand) and the cards a
    menu drew (``pending.drawn``). Only for games that are over."""
    frame = public_frame(state)
    players = frame["players"]
    if isinstance(state, ClassicState):
        for s, player in enumerate(players):
            player["hand"] = list(state.pile() if player["dummy"] else state.hand(s))
    elif isinstance(state, PartyState):
        for s, player in enumerate(players):
            player["hand"] = list(state.hand(s))
        pending = state.pending
        if frame["pending"] is not None and pending is not None:
            frame["pending"]["drawn"] = list(state.observe(pending.seat).drawn)
    return frame


def _frame(state: AnyState, view: Any, *, private: bool) -> Frame:
    """The frame of ``view``; without ``private``, none of the viewer's secrets."""
    rs = state.ruleset
    n = view.seats
    to_act = list(state.to_act())
    frame: Frame = {
        "game": rs.name,
        "title": rs.title,
        "description": rs.describe(),
        "options": dict(rs.options),
        "viewer": view.seat if private else None,
        "seats": n,
        "round": min(view.round, ROUNDS - 1) + 1,
        "rounds": ROUNDS,
        "over": state.is_terminal(),
        "to_act": to_act,
        "players": [],
        "hand": None,
        "decision": None,
        "pending": None,
        "legal": None,
        "log": [],
        "results": [],
        "final": None,
    }
    if isinstance(state, ClassicState):
        _classic(frame, state, view, private)
    elif isinstance(state, PartyState):
        _party(frame, state, view, private)
    elif isinstance(state, RollState):
        _roll(frame, state, view, private)
    else:
        raise TypeError(f"no frames for {rs.title}")
    for player in frame["players"]:
        player["acting"] = player["seat"] in to_act
    return frame


def _rel(view: Any, seat: int) -> int:
    """The relative index of an absolute seat in ``view``."""
    return int((seat - view.seat) % view.seats)


def _abs(view: Any, rel: int) -> int:
    """The absolute seat of a relative index of ``view`` (a Party view has no
    ``absolute``)."""
    return int((view.seat + rel) % view.seats)


# ---------------------------------------------------------------------------
# Grouping what lies in front of a player.

Entry = tuple[tuple[str, ...], str, str]
"""One thing in front of a player: the cards it shows, its label, its colour."""


def _columns(entries: Iterable[Entry]) -> list[Frame]:
    """Entries counted and grouped in columns of one colour, as the rulebooks suggest,
    each in order of first appearance: ``[{"colour", "items": [{"cards", "label",
    "colour", "count"}]}]``."""
    columns: dict[str, dict[tuple[tuple[str, ...], str], int]] = {}
    for cards, label, colour in entries:
        column = columns.setdefault(colour, {})
        column[(cards, label)] = column.get((cards, label), 0) + 1
    return [
        {
            "colour": colour,
            "items": [
                {"cards": list(cards), "label": label, "colour": colour, "count": k}
                for (cards, label), k in items.items()
            ],
        }
        for colour, items in columns.items()
    ]


def _slug(colour: str) -> str:
    return colour.replace(" ", "-")


def _seats_text(seats: Sequence[int]) -> str:
    names = [f"{{{s}}}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ---------------------------------------------------------------------------
# Sushi Go!


def classic_name(card: str) -> str:
    """A classic card's short name (``Maki 2``)."""
    t = CLASSIC_CARDS.by_id[card]
    return f"Maki {t.icons}" if t.family == "maki" else t.name


def _classic_entries(cards: Sequence[str]) -> list[Entry]:
    """A classic tableau: a nigiri on a wasabi shows with it, an empty wasabi alone."""
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
        (s, "+".join(classic_name(c) for c in s), _slug(CLASSIC_CARDS.by_id[s[-1]].colour))
        for s in stacks
    ]


def _maki(cards: Iterable[str]) -> int:
    by_id = CLASSIC_CARDS.by_id
    return sum(by_id[c].icons for c in cards if by_id[c].family == "maki")


def _classic(frame: Frame, state: ClassicState, view: PlayerView, private: bool) -> None:
    rs = state.rules
    n = view.seats
    frame["turn"] = view.turn + 1
    frame["turns"] = rs.hand_size
    dummy = rs.dummy
    frame["passing"] = "swap" if dummy else ("left" if view.pass_step > 0 else "right")
    ctrl = None if view.controller is None else _abs(view, view.controller)
    frame["dummy"] = {"seat": rs.players, "controller": ctrl} if dummy else None
    running = [sum(b.values()) for b in rs.score_round(view.tableaux)]
    players = []
    for s in range(n):
        rel, player = _card_player(view, s, private)
        tab = view.tableaux[rel]
        kept = view.desserts[rel]
        players.append(
            player
            | {
                "dummy": s >= rs.players,
                "now": running[rel],
                "played": list(tab),
                "tableau": _columns(_classic_entries(tab)),
                "desserts": _pudding_items(kept),
                "dessert_count": kept,
                "counts": {"maki": _maki(tab)},
                "controller": s == ctrl,
            }
        )
    frame["players"] = players
    if private:
        frame["hand"] = list(view.hand)
        if view.seat in frame["to_act"]:
            frame["decision"] = _classic_decision(state, view)
    frame["results"] = _classic_results(state)
    if state.is_terminal():
        frame["final"] = _final(
            state, state.winners(), state.dessert_scores(), list(state.desserts), "Puddings"
        )


def _card_player(view: Any, s: int, private: bool) -> tuple[int, Frame]:
    """What every card game shows of absolute seat ``s``: its relative index in the
    view, and its seat, score, hand size and the hand when the viewer knows it."""
    rel = _rel(view, s)
    known = view.hands[rel] if private else None
    return rel, {
        "seat": s,
        "score": view.scores[rel],
        "hand_size": view.hand_sizes[rel],
        "hand": None if known is None else list(known),
    }


def _pudding_items(k: int) -> list[Frame]:
    if not k:
        return []
    return [{"cards": ["pudding"], "label": "Pudding", "colour": "pink", "count": k}]


def _classic_decision(state: ClassicState, view: PlayerView) -> Frame:
    legal = state.legal_actions(view.seat)
    prompt = "Choose a card to keep."
    decision: Frame = {"kind": "pick", "seat": view.seat}
    if any(len(a.cards) == 2 for a in legal):
        prompt = (
            "Choose a card to keep, or two with your chopsticks "
            "(they go in the order chosen; the chopsticks go back into the hand)."
        )
    if view.controller == 0:
        drew = classic_name(view.drawn) if view.drawn else "a card"
        prompt += (
            f" You control the dummy this turn: you drew {drew} from its pile;"
            " after your own card, choose the dummy's."
        )
        decision["drawn"] = view.drawn
    decision["prompt"] = prompt
    return decision


def classic_label(pick: Pick) -> str:
    """A classic pick as a sentence: ``Keep Tempura``, ``Use chopsticks: Wasabi, then
    Squid nigiri``, ``Keep Tempura and give the dummy Pudding``."""
    names = [classic_name(c) for c in pick.cards]
    text = f"Keep {names[0]}" if len(names) == 1 else f"Use chopsticks: {', then '.join(names)}"
    if pick.dummy is not None:
        text += f"; give the dummy {classic_name(pick.dummy)}"
    return text


def _classic_results(state: ClassicState) -> list[Frame]:
    rs = state.rules
    columns = [
        [f, _FAMILY_TITLES.get(f, f)]
        for f in FAMILIES
        if f != "soy-sauce" or rs.options["soy_sauce"]
    ]
    out = []
    totals = [0] * rs.seats
    for r, res in enumerate(state.results):
        totals = [t + p for t, p in zip(totals, res.scores, strict=True)]
        out.append(
            {
                "round": r + 1,
                "columns": columns,
                "breakdown": [dict(b) for b in res.breakdown],
                "scores": list(res.scores),
                "totals": totals,
                "kept": [tab.count("pudding") for tab in res.tableaux],
                "kept_label": "Puddings kept",
                "tableaux": [_columns(_classic_entries(tab)) for tab in res.tableaux],
            }
        )
    return out


_FAMILY_TITLES = {
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
"""Titles of the breakdown columns of every game."""


# ---------------------------------------------------------------------------
# Sushi Go Party!


def party_name(card: str) -> str:
    """A Party card's short name (``Maki 2``, ``Chopsticks (2)``); ``flipped`` is
    ``a face-down card``."""
    if card == FLIPPED:
        return "a face-down card"
    t = PARTY_CARDS.by_id[card]
    return f"Maki {t.icons}" if t.family == "maki" else t.name


def kind_name(kind: str) -> str:
    """A card kind's name: ``Miso soup``, ``Face-down``."""
    return "Face-down" if kind == FLIPPED else kind.replace("-", " ").capitalize()


def ask_name(name: str) -> str:
    """What a spoon asks for: a kind (``Nigiri (any)``, ``Tofu``) or an exact card."""
    if name in KINDS:
        varied = len(kind_cards(name)) > 1 and name not in ORDER_NUMBERS
        return kind_name(name) + (" (any)" if varied else "")
    return party_name(name)


def played_label(p: Played) -> str:
    """A card in front of a player: ``Special order (as Tempura)``, ``Face-down
    (Eel)``, ``Squid nigiri (on wasabi)``, ``Wasabi (used)``."""
    if p.flipped:
        return f"Face-down ({party_name(p.card)})"
    name = party_name(p.card)
    if p.copies is not None:
        name += f" (as {party_name(p.copies)})"
    if p.on_wasabi:
        name += " (on wasabi)"
    if p.covered:
        name += " (used)"
    return name


def _token_label(token: str) -> str:
    return played_label(played_of_token(token))


def _party_entries(tab: Sequence[Played]) -> list[Entry]:
    """A Party tableau: a nigiri on a wasabi shows with it."""
    entries: list[list[Any]] = []
    waiting: list[int] = []
    for p in tab:
        if not p.flipped and p.kind == "wasabi" and p.covered:
            waiting.append(len(entries))
            entries.append([(p.card,), played_label(p), p.colour])
        elif not p.flipped and p.kind == "nigiri" and p.on_wasabi and waiting:
            entry = entries[waiting.pop(0)]
            wasabi = entry[1].removesuffix(" (used)")
            entry[0] = (*entry[0], p.card)
            entry[1] = f"{wasabi}+{played_label(p).removesuffix(' (on wasabi)')}"
        else:
            entries.append([(p.card,), played_label(p), p.colour])
    return [(cards, label, colour) for cards, label, colour in entries]


def _party(frame: Frame, state: PartyState, view: PartyView, private: bool) -> None:
    rs = state.rules
    menu = rs.menu
    n = view.seats
    frame["turn"] = view.turn + 1
    frame["turns"] = rs.hand_size
    frame["passing"] = "left"
    frame["menu"] = {"name": menu.name, "key": menu.key, "kinds": list(menu.kinds)}
    if rs.uramaki:
        claimed = view.uramaki_claimed
        nxt = URAMAKI_PLACES[claimed] if claimed < len(URAMAKI_PLACES) else 0
        frame["uramaki"] = {"claimed": claimed, "next": nxt}
    else:
        frame["uramaki"] = None
    frame["discards"] = list(view.discards)
    breakdown = party_score_round(
        view.tableaux,
        big_table=rs.big_table,
        uramaki_claimed=view.uramaki_claimed,
        uramaki_scored=view.uramaki_scored,
    )
    players = []
    for s in range(n):
        rel, player = _card_player(view, s, private)
        tab = view.tableaux[rel]
        kept = view.desserts[rel]
        players.append(
            player
            | {
                "dummy": False,
                "now": sum(breakdown[rel].values()),
                "played": [p.token for p in tab],
                "tableau": _columns(_party_entries(tab)),
                "desserts": [
                    item for col in _columns(_party_entries(kept)) for item in col["items"]
                ],
                "dessert_count": len(kept),
                "counts": _party_counts(menu.roll, tab),
                "uramaki_scored": view.uramaki_scored[rel],
            }
        )
    frame["players"] = players
    pending = view.pending
    if pending is not None:
        frame["pending"] = {
            "seat": _abs(view, pending.seat),
            "kind": pending.kind,
            "card": pending.card,
            "label": _token_label(pending.card),
            "detail": pending.detail,
            "owner": _abs(view, pending.owner),
            "text": _pending_text(view, pending),
        }
    frame["log"] = [_happening(view, h) for h in view.log]
    if private:
        frame["hand"] = list(view.hand)
        if view.seat in frame["to_act"]:
            frame["decision"] = _party_decision(state, view)
    frame["results"] = _party_results(state)
    if state.is_terminal():
        kept_counts = [len(d) for d in state.desserts]
        frame["final"] = _final(
            state,
            state.winners(),
            state.dessert_scores(),
            kept_counts,
            f"{kind_name(menu.dessert)} cards",
        )


def _party_counts(roll: str, tab: Sequence[Played]) -> Frame:
    """The roll race: maki or uramaki icons, or temaki cards, in front of a player."""
    if roll == "temaki":
        return {"temaki": sum(1 for p in tab if p.kind == "temaki")}
    return {roll: sum(p.icons for p in tab if p.kind == roll)}


def _pending_text(view: PartyView, pending: Pending) -> str:
    """Who is deciding what in the middle of the turn (public)."""
    who = f"{{{_abs(view, pending.seat)}}}"
    card = _token_label(pending.card)
    kind = pending.kind
    if kind == "take":
        what = f"choosing a second card to play with {card}"
    elif kind == "ask":
        what = f"naming the card {card} asks for"
    elif kind == "give":
        owner = f"{{{_abs(view, pending.owner)}}}"
        what = f"choosing which {ask_name(pending.detail)} to give to {owner}"
    elif kind == "order":
        what = f"choosing one of the cards drawn with {card}"
    elif kind == "copy":
        what = "choosing what a special order copies"
    else:
        what = f"choosing which cards to flip face-down with {card}"
    return f"{who} is {what}."


def _party_decision(state: PartyState, view: PartyView) -> Frame:
    pending = view.pending
    decision: Frame = {"seat": view.seat}
    if pending is None:
        decision["kind"] = "pick"
        legal = state.legal_actions(view.seat)
        picks = [a for a in legal if isinstance(a, PartyPick)]
        if len(view.hand) == 1 and all(p.copy is not None for p in picks) and picks:
            prompt = "Your last card is a special order: choose what it copies."
        else:
            prompt = "Choose a card to play."
            calls = sorted({p.call for p in picks if p.call is not None})
            if calls:
                names = " or ".join(_token_label(c) for c in calls)
                prompt += f" You may also call {names} this turn."
        decision["prompt"] = prompt
        return decision
    kind = pending.kind
    card = _token_label(pending.card)
    decision["kind"] = kind
    decision["card"] = pending.card
    if kind == "take":
        prompt = f"Choose a second card to play with your {card}."
    elif kind == "ask":
        prompt = f"Name the card your {card} asks for."
    elif kind == "give":
        owner = _abs(view, pending.owner)
        prompt = f"{{{owner}}} asked for {ask_name(pending.detail)}: choose which one to give."
        decision["asked"] = pending.detail
        decision["owner"] = owner
    elif kind == "order":
        drawn = ", ".join(party_name(c) for c in view.drawn)
        prompt = f"Your {card} drew {drawn}: choose one to play (not a menu)."
        decision["drawn"] = list(view.drawn)
    elif kind == "copy":
        prompt = "Choose what your special order copies."
    else:
        prompt = f"Choose the cards your {card} flips face-down (each is worth 2)."
        counts: dict[str, int] = {}
        for p in view.tableaux[0][: view.earlier[0]]:
            if not p.flipped:
                counts[p.token] = counts.get(p.token, 0) + 1
        decision["flippable"] = [
            {"token": t, "label": _token_label(t), "count": k} for t, k in counts.items()
        ]
    decision["prompt"] = prompt
    return decision


def party_label(action: PartyPick | Choice) -> str:
    """A Party action as a sentence: ``Play Special order as Maki 3, calling
    Chopsticks (2)``, ``Ask for Nigiri (any)``, ``Flip Tempura face-down``."""
    if isinstance(action, PartyPick):
        return "Play " + _pick_label(action)
    cards = action.cards
    kind = action.kind
    if kind == "ask":
        return f"Ask for {ask_name(cards[0])}"
    if kind == "give":
        return f"Give {party_name(cards[0])}"
    if kind == "copy":
        return f"Copy {party_name(cards[0])}"
    if kind == "flip":
        if not cards:
            return "Flip nothing"
        return "Flip " + ", ".join(_token_label(t) for t in cards) + " face-down"
    return f"Play {party_name(cards[0])}"  # take, order


def _pick_label(pick: PartyPick) -> str:
    """A pick without its verb: ``Special order (as Maki 3), calling Spoon (5)``."""
    text = party_name(pick.card)
    if pick.card == "special-order":
        if pick.copy is None:
            text += " (nothing to copy)"
        else:
            text += f" (as {party_name(pick.copy)})"
    if pick.call is not None:
        text += f", calling {_token_label(pick.call)}"
    return text


def _happening(view: PartyView, h: Happening) -> Frame:
    """One entry of the log, with absolute seats and a sentence."""
    n = view.seats
    entry: Frame = {"turn": h.turn, "what": h.what, "seat": None, "cards": list(h.cards)}
    if h.what == "reveal":
        picks = [h.cards[_rel(view, s)] for s in range(n)]
        entry["cards"] = picks
        entry["picks"] = [
            {"seat": s, "text": p, "label": _pick_label(_as_pick(p))} for s, p in enumerate(picks)
        ]
        entry["text"] = f"Turn {h.turn}: everyone revealed their cards."
        return entry
    seat = _abs(view, h.seat)
    entry["seat"] = seat
    who = f"{{{seat}}}"
    cards = h.cards
    what = h.what
    if what == "give":
        other = _abs(view, h.other)
        entry["other"] = other
        text = f"{who} gave {party_name(cards[0])} to {{{other}}}."
    else:
        entry["other"] = h.other
        if what == "take":
            text = f"{who} used {_token_label(cards[0])} and played {party_name(cards[1])}."
        elif what == "ask":
            text = f"{who} used {_token_label(cards[0])} and asked for {ask_name(cards[1])}."
        elif what == "unanswered":
            text = f"Nobody had what {who} asked for: the spoon is discarded."
        elif what == "draw":
            many = "card" if h.other == 1 else "cards"
            text = f"{who} used {_token_label(cards[0])} and drew {h.other} {many}."
        elif what == "order":
            text = f"{who} played {party_name(cards[0])} from the cards drawn."
        elif what == "unused":
            if played_of_token(cards[0]).kind == "menu":
                text = f"{who} could play nothing with {_token_label(cards[0])}: it is discarded."
            else:
                text = f"{who} had nothing to flip with {_token_label(cards[0])}: it is discarded."
        elif what == "copy":
            text = f"{who}'s special order copies {party_name(cards[0])}."
        elif what == "uncopied":
            text = f"{who}'s special order had nothing to copy: it is discarded."
        elif what == "flip":
            flipped = [_token_label(t) for t in cards[1:]]
            used = _token_label(cards[0])
            if flipped:
                text = f"{who} used {used} to flip {', '.join(flipped)} face-down."
            else:
                text = f"{who} used {used} and flipped nothing."
        elif what == "miso":
            text = f"{who}'s miso soup is discarded: more than one was played this turn."
        elif what == "uramaki":
            text = f"{who} reached 10 uramaki icons and scored {h.other}."
        else:
            text = f"{who}: {what}."
    entry["text"] = text
    return entry


def _as_pick(text: str) -> PartyPick:
    action = parse_party_action(text)
    assert isinstance(action, PartyPick)
    return action


def _party_columns(state: PartyState, breakdowns: Iterable[dict[str, int]]) -> list[list[str]]:
    """The breakdown keys worth a column: the menu's scoring kinds, face-down cards when
    takeout boxes are on the menu, and any other that scored."""
    shown = set(state.rules.menu.kinds)
    if "takeout-box" in shown:
        shown.add(FLIPPED)
    for b in breakdowns:
        shown.update(k for k, v in b.items() if v)
    return [[f, _FAMILY_TITLES.get(f, kind_name(f))] for f in ROUND_FAMILIES if f in shown]


def _party_results(state: PartyState) -> list[Frame]:
    dessert = state.rules.menu.dessert
    out = []
    totals = [0] * state.rules.players
    for r, res in enumerate(state.results):
        totals = [t + p for t, p in zip(totals, res.scores, strict=True)]
        out.append(
            {
                "round": r + 1,
                "columns": _party_columns(state, res.breakdown),
                "breakdown": [dict(b) for b in res.breakdown],
                "scores": list(res.scores),
                "totals": totals,
                "kept": [sum(1 for p in tab if p.kind == dessert) for tab in res.tableaux],
                "kept_label": f"{kind_name(dessert)} kept",
                "tableaux": [_columns(_party_entries(tab)) for tab in res.tableaux],
            }
        )
    return out


# ---------------------------------------------------------------------------
# Sushi Roll


def face_name(face: str) -> str:
    """A die face's short name (``Maki 3``, ``Menu 2``, ``Pudding 1``); a wasabi with a
    nigiri on it is ``Wasabi+Squid nigiri``."""
    if "+" in face:
        return "+".join(face_name(f) for f in face.split("+"))
    t = FACES.by_id[face]
    if t.family in ("maki", "pudding"):
        return f"{t.family.capitalize()} {t.icons}"
    if t.id.startswith(("menu", "chopsticks")):
        word = t.id.split("-")[0].capitalize()
        return word if t.icons == 1 else f"{word} {t.icons}"
    return t.name


def _face_colour(face: str) -> str:
    return _slug(FACES.by_id[face.split("+")[-1]].colour)


def _roll(frame: Frame, state: RollState, view: RollView, private: bool) -> None:
    rs = state.rules
    n = view.seats
    frame["turn"] = view.cycle + 1
    frame["turns"] = rs.per_player
    frame["passing"] = "left"
    frame["red"] = _abs(view, view.red)
    menus, chopsticks, puddings = view.supply
    frame["supply"] = {"menu": menus, "chopsticks": chopsticks, "pudding": puddings}
    running = score_trays(view.trays)[1]
    players = []
    for s in range(n):
        rel = _rel(view, s)
        tray = view.trays[rel]
        players.append(
            {
                "seat": s,
                "dummy": False,
                "score": view.scores[rel],
                "now": running[rel],
                "hand_size": len(view.belts[rel]),
                "hand": None,
                "belt": list(view.belts[rel]),
                "played": list(tray),
                "tableau": _columns(
                    (tuple(t.split("+")), face_name(t), _face_colour(t)) for t in tray
                ),
                "desserts": [],
                "dessert_count": view.puddings[rel],
                "tokens": {
                    "menu": view.menus[rel],
                    "chopsticks": view.chopsticks[rel],
                    "pudding": view.puddings[rel],
                },
                "counts": {"maki": maki_icons(tray)},
                "red": rel == view.red,
                "done": bool(view.taken[rel]),
            }
        )
    frame["players"] = players
    if private:
        frame["hand"] = list(view.belts[0])
        if view.seat in frame["to_act"]:
            prompt = "Your turn: take a die from your belt."
            tokens = []
            if view.menus[0]:
                tokens.append(f"a menu token ({view.menus[0]} left) to re-roll dice of your belt")
            if view.chopsticks[0]:
                tokens.append(
                    f"a chopsticks token ({view.chopsticks[0]} left) "
                    "to swap a die with another belt"
                )
            if tokens:
                prompt += " First you may spend " + ", or ".join(tokens) + "."
            frame["decision"] = {
                "kind": "turn",
                "seat": view.seat,
                "prompt": prompt,
                "menus": view.menus[0],
                "chopsticks": view.chopsticks[0],
            }
    columns = [[c, _FAMILY_TITLES[c]] for c in _ROLL_COLUMNS]
    results = []
    totals = [0] * n
    for r, res in enumerate(state.results):
        totals = [t + p for t, p in zip(totals, res.scores, strict=True)]
        results.append(
            {
                "round": r + 1,
                "columns": columns,
                "breakdown": [dict(b) for b in res.breakdown],
                "scores": list(res.scores),
                "totals": totals,
                "kept": None,
                "kept_label": None,
                "tableaux": [
                    _columns((tuple(t.split("+")), face_name(t), _face_colour(t)) for t in tray)
                    for tray in res.trays
                ],
            }
        )
    frame["results"] = results
    if state.is_terminal():
        final = _final(
            state, state.winners(), state.dessert_scores(), list(state.puddings), "Pudding tokens"
        )
        final["tokens_left"] = [m + c for m, c in zip(state.menus, state.chopsticks, strict=True)]
        final["token_scores"] = token_points(state.menus, state.chopsticks)
        frame["final"] = final


def roll_label(action: RollAction) -> str:
    """A Sushi Roll decision as a sentence: ``Take Tempura``, ``Re-roll Tempura and
    Maki 1 (menu token)``, ``Swap your Tempura for {2}'s Maki 3 (chopsticks token)``."""
    names = [face_name(f) for f in action.faces]
    if action.kind == MENU:
        dice = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"Re-roll {dice} (menu token)"
    if action.kind == CHOPSTICKS:
        return f"Swap your {names[0]} for {{{action.seat}}}'s {names[1]} (chopsticks token)"
    return f"Take {names[0]}"


# ---------------------------------------------------------------------------
# Results and legal actions.


def _final(
    state: Any, winners: Sequence[int], dessert: Sequence[int], kept: Sequence[int], label: str
) -> Frame:
    """The end of the game: every round's scores, desserts, totals, winners."""
    return {
        "scores": list(state.returns()),
        "rounds": [list(res.scores) for res in state.results],
        "dessert_scores": list(dessert),
        "kept": list(kept),
        "kept_label": label,
        "tokens_left": None,
        "token_scores": None,
        "winners": list(winners),
        "text": _winner_text(winners),
    }


def _winner_text(winners: Sequence[int]) -> str:
    if len(winners) == 1:
        return f"{{{winners[0]}}} wins!"
    return f"{_seats_text(winners)} share the win!"


def legal_entries(state: AnyState, legal: Sequence[Any], seat: int) -> list[Frame]:
    """``seat``'s legal actions for a frame: ``{"text", "label", "kind", "group",
    "direct", ...}``. ``text`` is ``str(action)`` (what the browser sends back);
    ``card`` names the card of the hand (or die of the belt) the action takes first;
    ``direct`` marks the one action clicking that card means; ``group`` heads the
    lists of the other actions."""
    out: list[Frame] = []
    for action in legal:
        if isinstance(action, Pick):
            first = action.cards[0]
            if action.dummy is not None:
                group = "Keep " + classic_name(first) + (" (chopsticks)" * (len(action.cards) - 1))
            else:
                group = "Keep one card" if len(action.cards) == 1 else "Use chopsticks"
            out.append(
                {
                    "text": str(action),
                    "label": classic_label(action),
                    "kind": "pick",
                    "card": first,
                    "cards": list(action.cards),
                    "dummy": action.dummy,
                    "direct": len(action.cards) == 1 and action.dummy is None,
                    "group": group,
                }
            )
        elif isinstance(action, PartyPick):
            if action.call is not None:
                group = "Calling " + _token_label(action.call)
            elif action.card == "special-order":
                group = "Special order"
            else:
                group = "Play one card"
            out.append(
                {
                    "text": action.text,
                    "label": party_label(action),
                    "kind": "pick",
                    "card": action.card,
                    "cards": [action.card],
                    "copy": action.copy,
                    "call": action.call,
                    "direct": action.copy is None and action.call is None,
                    "group": group,
                }
            )
        elif isinstance(action, Choice):
            entry: Frame = {
                "text": action.text,
                "label": party_label(action),
                "kind": action.kind,
                "cards": list(action.cards),
                "direct": action.kind in ("take", "give"),
                "group": _CHOICE_GROUPS[action.kind],
            }
            if action.kind in ("take", "give"):
                entry["card"] = action.cards[0]
            out.append(entry)
        elif isinstance(action, RollAction):
            entry = {
                "text": str(action),
                "label": roll_label(action),
                "kind": action.what,
                "faces": list(action.faces),
                "direct": action.kind not in (MENU, CHOPSTICKS),
            }
            if action.kind == CHOPSTICKS:
                entry["seat"] = action.seat
                entry["card"] = action.faces[0]
                entry["group"] = f"Chopsticks: swap with {{{action.seat}}}"
            elif action.kind == MENU:
                entry["group"] = "Menu: re-roll dice"
            else:
                entry["card"] = action.faces[0]
                entry["group"] = "Take a die"
            out.append(entry)
        else:
            raise TypeError(f"no frame for the action {action!r}")
    return out


_CHOICE_GROUPS = {
    "take": "Play a second card",
    "ask": "Ask for",
    "give": "Give",
    "order": "Play from the menu",
    "copy": "Copy",
    "flip": "Flip face-down",
}


# ---------------------------------------------------------------------------
# The catalog.


def catalog(ruleset: AnyRuleset) -> Frame:
    """How to draw a game's cards or dice: ``{"game", "title", "cards": {id: {"name",
    "short", "family", "colour", "icons"}}, "columns": {breakdown key: title}}``,
    with the menu's kinds for Sushi Go Party! (``menu``) and the dice's faces for
    Sushi Roll (``dice``). Colours are CSS-friendly slugs (``light-blue``)."""
    out: Frame = {"game": ruleset.name, "title": ruleset.title, "columns": dict(_FAMILY_TITLES)}
    if isinstance(ruleset, ClassicRuleset):
        out["cards"] = {
            t.id: _card(t.id, t.name, classic_name(t.id), t.family, t.colour, t.icons)
            for t in CLASSIC_CARDS.types
            if t.id in ruleset.deck
        }
    elif isinstance(ruleset, PartyRuleset):
        menu = ruleset.menu
        cards = {
            t.id: _card(t.id, t.name, party_name(t.id), t.family, t.colour, t.icons)
            for t in PARTY_CARDS.types
            if t.family in menu.kinds
        }
        cards[FLIPPED] = _card(FLIPPED, "Face-down card", "Face-down", FLIPPED, FLIPPED, 0)
        out["cards"] = cards
        out["menu"] = {
            "name": menu.name,
            "key": menu.key,
            "kinds": [
                {
                    "kind": k,
                    "name": kind_name(k),
                    "category": _category(k),
                    "colour": _slug(PARTY_CARDS.by_id[next(iter(kind_cards(k)))].colour),
                    "cards": list(kind_cards(k)),
                }
                for k in menu.kinds
            ],
        }
    elif isinstance(ruleset, RollRuleset):
        faces = {
            t.id: _card(t.id, t.name, face_name(t.id), t.family, t.colour, t.icons)
            for t in FACES.types
        }
        for stack in STACKS:
            nigiri = FACES.by_id[stack.split("+")[1]]
            faces[stack] = _card(
                stack, f"Wasabi with {nigiri.name}", face_name(stack), "nigiri", "yellow", 0
            )
        out["cards"] = faces
        out["dice"] = {kind: list(ruleset.faces_of(kind)) for kind in DIE_KINDS}
    else:
        raise TypeError(f"no catalog for {ruleset.title}")
    return out


def _card(card: str, name: str, short: str, family: str, colour: str, icons: int) -> Frame:
    return {
        "id": card,
        "name": name,
        "short": short,
        "family": family,
        "colour": _slug(colour),
        "icons": icons,
    }


def _category(kind: str) -> str:
    if kind == NIGIRI:
        return "Nigiri"
    if kind in ROLLS:
        return "Roll"
    if kind in APPETIZERS:
        return "Appetizer"
    if kind in DESSERTS:
        return "Dessert"
    return "Special"
