"""What a person is shown of Sushi Go Party!: card and kind names, how each kind
scores, a tableau's entries, the round's points now and what one more card would
add, and the browser's frames (the mid-turn decisions and the turn's log among
them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from sushigo.games.party import Happening, PartyRuleset, PartyState, PartyView, Pending
from sushigo.games.party.actions import Choice, PartyPick, parse_party_action
from sushigo.games.party.cards import (
    APPETIZERS,
    DESSERTS,
    KINDS,
    NIGIRI,
    ORDER_NUMBERS,
    PARTY_CARDS,
    ROLLS,
    Menu,
    kind_cards,
)
from sushigo.games.party.scoring import (
    FLIPPED,
    ROUND_FAMILIES,
    URAMAKI_PLACES,
    Played,
    played_of_token,
    played_value,
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
    rel,
    results_entry,
    seat_ref,
    slug,
)
from sushigo.present.card_rules import kind_rule
from sushigo.present.schema import (
    DecisionFrame,
    DecisionKind,
    GameFrame,
    LegalEntry,
    LogEntry,
    PlayerFrame,
    RoundResult,
)

KIND_NAMES: dict[str, str] = {
    "nigiri": "Nigiri",
    "maki": "Maki rolls",
    "temaki": "Temaki",
    "uramaki": "Uramaki",
    "tempura": "Tempura",
    "sashimi": "Sashimi",
    "dumpling": "Dumpling",
    "eel": "Eel",
    "tofu": "Tofu",
    "onigiri": "Onigiri",
    "edamame": "Edamame",
    "miso-soup": "Miso soup",
    "chopsticks": "Chopsticks",
    "soy-sauce": "Soy sauce",
    "tea": "Tea",
    "menu": "Menu",
    "spoon": "Spoon",
    "special-order": "Special order",
    "takeout-box": "Takeout box",
    "wasabi": "Wasabi",
    "pudding": "Pudding",
    "green-tea-ice-cream": "Green tea ice cream",
    "fruit": "Fruit",
    FLIPPED: "Face-down",
}
"""The name of every card kind (and of face-down cards)."""

_USED_WHEN_PLAYED = ("menu", "takeout-box", "special-order")
"""Kinds that do something when played rather than lie in front as they are."""

# ---------------------------------------------------------------------------
# Names


def kind_name(kind: str) -> str:
    """A card kind's name: ``Maki rolls``, ``Miso soup``, ``Face-down``."""
    return KIND_NAMES[kind]


def card_name(card: str) -> str:
    """A card's short name (``Maki 2``, ``Chopsticks (2)``; it parses back); a kind's
    name for a kind (``Fruit``, ``Face-down``).

    >>> card_name("maki-2"), card_name("spoon-4"), card_name("fruit")
    ('Maki 2', 'Spoon (4)', 'Fruit')
    """
    t = PARTY_CARDS.by_id.get(card)
    if t is None:
        return KIND_NAMES.get(card, card)
    if t.family == "maki":
        return f"Maki {t.icons}"
    return t.name


def target_name(target: str) -> str:
    """What a special order copies: a card, or ``a face-down card``."""
    return "a face-down card" if target == FLIPPED else card_name(target)


def ask_name(name: str) -> str:
    """What a spoon asks for: a kind whose cards differ in what they show (``Nigiri
    (any)``), another kind (``Tofu``, ``Spoon``: their numbers do not count) or an
    exact card (``Maki 3``).

    >>> ask_name("maki"), ask_name("spoon"), ask_name("maki-3")
    ('Maki rolls (any)', 'Spoon', 'Maki 3')
    """
    if name in KINDS:
        varied = len(kind_cards(name)) > 1 and name not in ORDER_NUMBERS
        return KIND_NAMES[name] + (" (any)" if varied else "")
    return card_name(name)


def played_label(p: Played, brackets: str = "()") -> str:
    """A card in front of a player: ``Special order (as Tempura)``, ``Squid nigiri (on
    wasabi)``, ``Wasabi (used)``, ``Face-down (Eel)``: a face-down card's face in
    ``brackets`` (the terminal writes ``Face-down [Eel]``)."""
    if p.flipped:
        return f"Face-down {brackets[0]}{card_name(p.card)}{brackets[-1]}"
    name = card_name(p.card)
    if p.copies is not None:
        name += f" (as {card_name(p.copies)})"
    if p.on_wasabi:
        name += " (on wasabi)"
    if p.covered:
        name += " (used)"
    return name


def token_label(token: str, brackets: str = "()") -> str:
    """:func:`played_label` of a card in :class:`Played` notation (``spoon-4``)."""
    return played_label(played_of_token(token), brackets)


# ---------------------------------------------------------------------------
# Card texts


def category(kind: str) -> str:
    """A kind's section of the menu: Nigiri, Roll, Appetizer, Special or Dessert."""
    if kind == NIGIRI:
        return "Nigiri"
    if kind in ROLLS:
        return "Roll"
    if kind in APPETIZERS:
        return "Appetizer"
    if kind in DESSERTS:
        return "Dessert"
    return "Special"


# ---------------------------------------------------------------------------
# Tableaux and points now


def tableau_entries(tab: Sequence[Played], brackets: str = "()") -> list[Entry]:
    """The cards in front of a player, in the order played: a nigiri on a wasabi shows
    with it (``Wasabi+Squid nigiri``); labels as :func:`played_label` writes them.

    >>> from sushigo.games.party.scoring import parse_played
    >>> tab = [parse_played(t) for t in ("wasabi/covered", "flipped:eel", "squid/on-wasabi")]
    >>> tableau_entries(tab)  # doctest: +NORMALIZE_WHITESPACE
    [(('wasabi', 'squid-nigiri'), 'Wasabi+Squid nigiri', 'nigiri'),
     (('eel',), 'Face-down (Eel)', 'flipped')]
    """
    entries: list[list[Any]] = []
    waiting: list[int] = []  # covered wasabis not yet shown with their nigiri
    for p in tab:
        label = played_label(p, brackets)
        if not p.flipped and p.kind == "wasabi" and p.covered:
            waiting.append(len(entries))
            entries.append([(p.card,), label, p.colour])
        elif not p.flipped and p.kind == "nigiri" and p.on_wasabi and waiting:
            entry = entries[waiting.pop(0)]
            wasabi = entry[1].removesuffix(" (used)")
            entry[0] = (*entry[0], p.card)
            entry[1] = f"{wasabi}+{label.removesuffix(' (on wasabi)')}"
        else:
            entries.append([(p.card,), label, p.colour])
    return [(cards, label, colour) for cards, label, colour in entries]


def breakdown(view: PartyView) -> list[dict[str, int]]:
    """Each seat's points this round by family, were the round to end now (relative
    seats), the uramaki scored during the round included."""
    return _score(view, view.tableaux)


def _score(view: PartyView, tableaux: Sequence[Sequence[Played]]) -> list[dict[str, int]]:
    return score_round(
        tableaux,
        big_table=view.ruleset.big_table,
        uramaki_claimed=view.uramaki_claimed,
        uramaki_scored=view.uramaki_scored,
    )


def added(view: PartyView, card: str) -> dict[str, int]:
    """What ``card`` lying in front of the viewer would add to its points now, by
    family: those that change. A nigiri goes on a wasabi without one. A menu,
    takeout box or special order does something when played instead: nothing.

    >>> import sushigo
    >>> from sushigo.games.party.scoring import played
    >>> state = sushigo.make("sushi-go-party", players=3, menu="master-menu").new_game()
    >>> view = state.observe(0)._replace(tableaux=(tuple(played("tempura", "wasabi")), (), ()))
    >>> added(view, "tempura"), added(view, "squid-nigiri")
    ({'tempura': 5}, {'nigiri': 9})
    """
    t = PARTY_CARDS.by_id[card]
    if t.family in _USED_WHEN_PLAYED:
        return {}
    mine = list(view.tableaux[0])
    new = played_value(card)
    if t.family == "nigiri":
        for i, p in enumerate(mine):
            if not p.flipped and p.kind == "wasabi" and not p.covered:
                mine[i] = played_value(p.card, p.copies, covered=True)
                new = played_value(card, on_wasabi=True)
                break
    before = breakdown(view)[0]
    after = _score(view, [(*mine, new), *view.tableaux[1:]])[0]
    return {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}


def breakdown_keys(menu: Menu, shown: Iterable[Mapping[str, int]] = ()) -> list[str]:
    """The breakdown keys worth a column: the menu's scoring kinds, face-down cards when
    a takeout box is on the menu, and any other family that scored in ``shown``."""
    keys = set(menu.kinds)
    if "takeout-box" in keys:
        keys.add(FLIPPED)
    for b in shown:
        keys.update(k for k, v in b.items() if v)
    return [f for f in ROUND_FAMILIES if f in keys]


def _columns(ruleset: PartyRuleset, shown: Sequence[Mapping[str, int]] = ()) -> list[str]:
    return breakdown_keys(ruleset.menu, shown)


# ---------------------------------------------------------------------------
# Frames


def fill_frame(frame: GameFrame, state: PartyState, view: PartyView, private: bool) -> None:
    """The Sushi Go Party! keys of a frame (docs/web.md, "Frames")."""
    rs = state.rules
    menu = rs.menu
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
    players: list[dict[str, Any]] = []
    for s in range(view.seats):
        r, player = card_player(view, s, private)
        tab = view.tableaux[r]
        kept = view.desserts[r]
        players.append(
            player
            | {
                "dummy": False,
                "played": [p.token for p in tab],
                "tableau": columns(tableau_entries(tab)),
                "desserts": [
                    item for col in columns(tableau_entries(kept)) for item in col["items"]
                ],
                "dessert_count": len(kept),
                "counts": _counts(menu.roll, tab),
                "uramaki_scored": view.uramaki_scored[r],
            }
        )
    frame["players"] = cast(list[PlayerFrame], players)  # "acting", "now", "points": _frame's
    pending = view.pending
    if pending is not None:
        frame["pending"] = {
            "seat": absolute(view, pending.seat),
            "kind": pending.kind,
            "card": pending.card,
            "label": token_label(pending.card),
            "detail": pending.detail,
            "owner": absolute(view, pending.owner),
            "text": pending_text(view, pending),
        }
    frame["log"] = [_happening(view, h) for h in view.log]
    if private:
        frame["hand"] = list(view.hand)
        if view.seat in frame["to_act"]:
            frame["decision"] = _decision(state, view)
    frame["results"] = _results(state)
    if state.is_terminal():
        frame["final"] = final_frame(
            state,
            state.winners(),
            state.dessert_scores(),
            [len(d) for d in state.desserts],
            f"{kind_name(menu.dessert)} cards",
        )


def replay_hands(frame: GameFrame, state: PartyState) -> None:
    """Every seat's hand and the cards a menu drew, for a finished game's replay."""
    for s, player in enumerate(frame["players"]):
        player["hand"] = list(state.hand(s))
    pending = state.pending
    shown = frame["pending"]
    if shown is not None and pending is not None:
        shown["drawn"] = list(state.observe(pending.seat).drawn)


def _counts(roll: str, tab: Sequence[Played]) -> Frame:
    """The roll race: maki or uramaki icons, or temaki cards, in front of a player."""
    if roll == "temaki":
        return {"temaki": sum(1 for p in tab if p.kind == "temaki")}
    return {roll: sum(p.icons for p in tab if p.kind == roll)}


def pending_text(view: PartyView, pending: Pending) -> str:
    """Who is deciding what in the middle of the turn (public), seats as ``{N}``."""
    who = seat_ref(absolute(view, pending.seat))
    card = token_label(pending.card)
    kind = pending.kind
    if kind == "take":
        what = f"choosing a second card to play with {card}"
    elif kind == "ask":
        what = f"naming the card {card} asks for"
    elif kind == "give":
        owner = seat_ref(absolute(view, pending.owner))
        what = f"choosing which {ask_name(pending.detail)} to give to {owner}"
    elif kind == "order":
        what = f"choosing one of the cards drawn with {card}"
    elif kind == "copy":
        what = "choosing what a special order copies"
    else:
        what = f"choosing which cards to flip face-down with {card}"
    return f"{who} is {what}."


def _decision(state: PartyState, view: PartyView) -> DecisionFrame:
    pending = view.pending
    decision: DecisionFrame = {"kind": "pick", "seat": view.seat, "prompt": ""}
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
                names = " or ".join(token_label(c) for c in calls)
                prompt += f" You may also call {names} this turn."
        decision["prompt"] = prompt
        return decision
    kind = pending.kind
    card = token_label(pending.card)
    decision["kind"] = cast(DecisionKind, kind)
    decision["card"] = pending.card
    if kind == "take":
        prompt = f"Choose a second card to play with your {card}."
    elif kind == "ask":
        prompt = f"Name the card your {card} asks for."
    elif kind == "give":
        owner = absolute(view, pending.owner)
        prompt = (
            f"{seat_ref(owner)} asked for {ask_name(pending.detail)}: choose which one to give."
        )
        decision["asked"] = pending.detail
        decision["owner"] = owner
    elif kind == "order":
        drawn = ", ".join(card_name(c) for c in view.drawn)
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
            {"token": t, "label": token_label(t), "count": k} for t, k in counts.items()
        ]
    decision["prompt"] = prompt
    return decision


def action_label(action: PartyPick | Choice) -> str:
    """A Party action as a sentence: ``Play Special order (as Maki 3), calling
    Chopsticks (2)``, ``Ask for Nigiri (any)``, ``Flip Tempura face-down``."""
    if isinstance(action, PartyPick):
        return "Play " + pick_label(action)
    cards = action.cards
    kind = action.kind
    if kind == "ask":
        return f"Ask for {ask_name(cards[0])}"
    if kind == "give":
        return f"Give {card_name(cards[0])}"
    if kind == "copy":
        return f"Copy {target_name(cards[0])}"
    if kind == "flip":
        if not cards:
            return "Flip nothing"
        return "Flip " + ", ".join(token_label(t) for t in cards) + " face-down"
    return f"Play {card_name(cards[0])}"  # take, order


def pick_label(pick: PartyPick) -> str:
    """A pick without its verb: ``Special order (as Maki 3), calling Spoon (5)``."""
    text = card_name(pick.card)
    if pick.card == "special-order":
        if pick.copy is None:
            text += " (nothing to copy)"
        else:
            text += f" (as {target_name(pick.copy)})"
    if pick.call is not None:
        text += f", calling {token_label(pick.call)}"
    return text


def _happening(view: PartyView, h: Happening) -> LogEntry:
    """One entry of the log, with absolute seats and a sentence."""
    entry: LogEntry = {
        "turn": h.turn,
        "what": h.what,
        "seat": None,
        "cards": list(h.cards),
        "text": "",
    }
    if h.what == "reveal":
        picks = [h.cards[rel(view, s)] for s in range(view.seats)]
        entry["cards"] = picks
        entry["picks"] = [
            {"seat": s, "text": p, "label": pick_label(_as_pick(p))} for s, p in enumerate(picks)
        ]
        entry["text"] = f"Turn {h.turn}: everyone revealed their cards."
        return entry
    seat = absolute(view, h.seat)
    entry["seat"] = seat
    other = absolute(view, h.other) if h.what == "give" else h.other
    entry["other"] = other
    entry["text"] = _log_sentence(h, seat_ref(seat), other)
    return entry


def _log_sentence(h: Happening, who: str, other: int) -> str:
    """What a log entry (not a reveal) says, ``who`` being its seat; ``other`` is the
    absolute seat given a card, or the entry's number."""
    cards = h.cards
    what = h.what
    if what == "give":
        return f"{who} gave {card_name(cards[0])} to {seat_ref(other)}."
    if what == "take":
        return f"{who} used {token_label(cards[0])} and played {card_name(cards[1])}."
    if what == "ask":
        return f"{who} used {token_label(cards[0])} and asked for {ask_name(cards[1])}."
    if what == "unanswered":
        return f"Nobody had what {who} asked for: the spoon is discarded."
    if what == "draw":
        many = "card" if other == 1 else "cards"
        return f"{who} used {token_label(cards[0])} and drew {other} {many}."
    if what == "order":
        return f"{who} played {card_name(cards[0])} from the cards drawn."
    if what == "unused":
        if played_of_token(cards[0]).kind == "menu":
            return f"{who} could play nothing with {token_label(cards[0])}: it is discarded."
        return f"{who} had nothing to flip with {token_label(cards[0])}: it is discarded."
    if what == "copy":
        return f"{who}'s special order copies {target_name(cards[0])}."
    if what == "uncopied":
        return f"{who}'s special order had nothing to copy: it is discarded."
    if what == "flip":
        flipped = [token_label(t) for t in cards[1:]]
        used = token_label(cards[0])
        if flipped:
            return f"{who} used {used} to flip {', '.join(flipped)} face-down."
        return f"{who} used {used} and flipped nothing."
    if what == "miso":
        return f"{who}'s miso soup is discarded: more than one was played this turn."
    if what == "uramaki":
        return f"{who} reached 10 uramaki icons and scored {other}."
    return f"{who}: {what}."


def _as_pick(text: str) -> PartyPick:
    action = parse_party_action(text)
    assert isinstance(action, PartyPick)
    return action


def _results(state: PartyState) -> list[RoundResult]:
    dessert = state.rules.menu.dessert
    out: list[RoundResult] = []
    totals = [0] * state.rules.players
    for r, res in enumerate(state.results):
        totals = [t + p for t, p in zip(totals, res.scores, strict=True)]
        titles = [[f, BREAKDOWN_TITLES[f]] for f in _columns(state.rules, res.breakdown)]
        entry = results_entry(r, titles, res, totals) | {
            "kept": [sum(1 for p in tab if p.kind == dessert) for tab in res.tableaux],
            "kept_label": f"{kind_name(dessert)} kept",
            "tableaux": [columns(tableau_entries(tab)) for tab in res.tableaux],
        }
        out.append(cast(RoundResult, entry))
    return out


_CHOICE_GROUPS = {
    "take": "Play a second card",
    "ask": "Ask for",
    "give": "Give",
    "order": "Play from the menu",
    "copy": "Copy",
    "flip": "Flip face-down",
}
"""The heading of each kind of mid-turn choice in a frame's legal actions."""


def legal_entry(action: PartyPick | Choice) -> LegalEntry:
    """A legal action for a frame (docs/web.md): clicking a card plays it (``direct``);
    copies and calls are listed under their ``group``, as are the mid-turn choices."""
    if isinstance(action, PartyPick):
        if action.call is not None:
            group = "Calling " + token_label(action.call)
        elif action.card == "special-order":
            group = "Special order"
        else:
            group = "Play one card"
        return {
            "text": action.text,
            "label": action_label(action),
            "kind": "pick",
            "card": action.card,
            "cards": [action.card],
            "copy": action.copy,
            "call": action.call,
            "direct": action.copy is None and action.call is None,
            "group": group,
        }
    if isinstance(action, Choice):
        entry: LegalEntry = {
            "text": action.text,
            "label": action_label(action),
            "kind": action.kind,
            "cards": list(action.cards),
            "direct": action.kind in ("take", "give"),
            "group": _CHOICE_GROUPS[action.kind],
        }
        if action.kind in ("take", "give"):
            entry["card"] = action.cards[0]
        return entry
    raise TypeError(f"no frame for the action {action!r}")


def catalog(ruleset: PartyRuleset) -> Frame:
    """The menu's cards and face-down cards (``cards``) and its kinds (``menu``)."""
    menu = ruleset.menu
    cards = {
        t.id: catalog_card(
            "sushi-go-party",
            t.id,
            card_name(t.id),
            t.family,
            t.colour,
            t.icons,
            ruleset.players,
        )
        for t in PARTY_CARDS.types
        if t.family in menu.kinds
    }
    cards[FLIPPED] = catalog_card(
        "sushi-go-party",
        FLIPPED,
        "Face-down",
        FLIPPED,
        FLIPPED,
        0,
        ruleset.players,
    )
    return {
        "cards": cards,
        "menu": {
            "name": menu.name,
            "key": menu.key,
            "kinds": [
                {
                    "kind": k,
                    "name": kind_name(k),
                    "category": category(k),
                    "colour": slug(PARTY_CARDS.by_id[next(iter(kind_cards(k)))].colour),
                    "cards": list(kind_cards(k)),
                    "rule": kind_rule(k, ruleset.players),
                }
                for k in menu.kinds
            ],
        },
    }


PRESENTER = Presenter(
    game="sushi-go-party",
    card_name=card_name,
    tableau=tableau_entries,
    breakdown=breakdown,
    added=added,
    columns=_columns,
    fill_frame=fill_frame,
    replay_hands=replay_hands,
    legal_entry=legal_entry,
    catalog=catalog,
)
"""Sushi Go Party!'s presenter."""
