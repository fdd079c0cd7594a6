"""What a person is shown of Sushi Roll: die face names, a tray's entries, the round's
points now and what one more die would add, and the browser's frames."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, cast

from sushigo.games.roll import CHOPSTICKS, MENU, RollAction, RollRuleset, RollState, RollView
from sushigo.games.roll.dice import FACES, KINDS, STACKS, maki_icons, score_trays, token_points
from sushigo.games.roll.state import BeltRoll, Reroll
from sushigo.present.base import (
    BREAKDOWN_TITLES,
    Entry,
    Frame,
    Presenter,
    absolute,
    catalog_card,
    columns,
    final_frame,
    names_list,
    no_replay_hands,
    rel,
    results_entry,
    seat_ref,
)
from sushigo.present.schema import (
    DecisionFrame,
    GameFrame,
    LegalEntry,
    LogEntry,
    PlayerFrame,
    RoundResult,
)

BREAKDOWN_KEYS: tuple[str, ...] = ("maki", "nigiri", "dumpling", "tempura", "sashimi")
"""The round breakdown's keys (:func:`~sushigo.games.roll.dice.score_trays`), in the
order shown."""

_NIGIRI = ("egg-nigiri", "salmon-nigiri", "squid-nigiri")

# ---------------------------------------------------------------------------
# Names and trays


@cache
def face_name(face: str) -> str:
    """A face's short name (``Maki 3``, ``Menu 2``, ``Pudding 1``, ``Squid nigiri``);
    it parses back. A wasabi with a nigiri on it is ``Wasabi+Squid nigiri``; an
    unknown face is shown as it is.

    >>> [face_name(f) for f in ("maki-3", "menu", "chopsticks-2", "wasabi+egg-nigiri")]
    ['Maki 3', 'Menu', 'Chopsticks 2', 'Wasabi+Egg nigiri']
    """
    if "+" in face:
        return "+".join(face_name(f) for f in face.split("+"))
    t = FACES.by_id.get(face)
    if t is None:
        return face
    if t.family in ("maki", "pudding"):
        return f"{t.family.capitalize()} {t.icons}"
    if t.id.startswith(("menu", "chopsticks")):
        word = t.id.split("-")[0].capitalize()
        return word if t.icons == 1 else f"{word} {t.icons}"
    return t.name


def face_colour(face: str) -> str:
    """A face's colour (a wasabi stack takes its nigiri's)."""
    return FACES.by_id[face.split("+")[-1]].colour


def tray_entries(tray: Sequence[str]) -> list[Entry]:
    """The dice on a tray, one entry each (a wasabi stack is one entry of two dice).

    >>> tray_entries(["tempura", "wasabi+squid-nigiri"])  # doctest: +NORMALIZE_WHITESPACE
    [(('tempura',), 'Tempura', 'purple'),
     (('wasabi', 'squid-nigiri'), 'Wasabi+Squid nigiri', 'yellow')]
    """
    return [(tuple(t.split("+")), face_name(t), face_colour(t)) for t in tray]


# ---------------------------------------------------------------------------
# Points now


def breakdown(view: RollView) -> list[dict[str, int]]:
    """Each tray's points this round by category, were the round to end now."""
    return score_trays(view.trays)[0]


def added(view: RollView, face: str) -> dict[str, int]:
    """What taking ``face`` would add to the viewer's points now, by category: those
    that change. A nigiri goes on a wasabi without one.

    >>> import sushigo
    >>> state = sushigo.make("sushi-roll", players=2).new_game()
    >>> view = state.observe(0)._replace(trays=(("wasabi", "tempura"), ()))
    >>> added(view, "squid-nigiri"), added(view, "tempura")
    ({'nigiri': 9}, {'tempura': 4})
    """
    tray = list(view.trays[0])
    if face in _NIGIRI and "wasabi" in tray:
        tray[tray.index("wasabi")] = f"wasabi+{face}"
    else:
        tray.append(face)
    before = breakdown(view)[0]
    after = score_trays([tray, *view.trays[1:]])[0][0]
    return {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}


def breakdown_keys(ruleset: RollRuleset, shown: Sequence[Mapping[str, int]] = ()) -> list[str]:
    """The breakdown keys shown: all of them, always."""
    return list(BREAKDOWN_KEYS)


# ---------------------------------------------------------------------------
# Frames


def fill_frame(frame: GameFrame, state: RollState, view: RollView, private: bool) -> None:
    """The Sushi Roll keys of a frame (docs/web.md, "Frames")."""
    rs = state.rules
    n = view.seats
    frame["turn"] = view.cycle + 1
    frame["turns"] = rs.per_player
    frame["passing"] = "left"
    frame["red"] = absolute(view, view.red)
    menus, chopsticks, puddings = view.supply
    frame["supply"] = {"menu": menus, "chopsticks": chopsticks, "pudding": puddings}
    players: list[dict[str, Any]] = []
    for s in range(n):
        r = rel(view, s)
        tray = view.trays[r]
        players.append(
            {
                "seat": s,
                "dummy": False,
                "score": view.scores[r],
                "hand_size": len(view.belts[r]),
                "hand": None,
                "belt": list(view.belts[r]),
                "played": list(tray),
                "tableau": columns(tray_entries(tray)),
                "desserts": [],
                "dessert_count": view.puddings[r],
                "tokens": {
                    "menu": view.menus[r],
                    "chopsticks": view.chopsticks[r],
                    "pudding": view.puddings[r],
                },
                "counts": {"maki": maki_icons(tray)},
                "red": r == view.red,
                "done": bool(view.taken[r]),
            }
        )
    frame["players"] = cast(list[PlayerFrame], players)  # "acting", "now", "points": _frame's
    if private:
        frame["hand"] = list(view.belts[0])
        if view.seat in frame["to_act"]:
            frame["decision"] = _decision(view)
    frame["log"] = round_log(view)
    frame["results"] = _results(state)
    if state.is_terminal():
        final = final_frame(
            state, state.winners(), state.dessert_scores(), list(state.puddings), "Pudding tokens"
        )
        final["tokens_left"] = [m + c for m, c in zip(state.menus, state.chopsticks, strict=True)]
        final["token_scores"] = token_points(state.menus, state.chopsticks)
        frame["final"] = final


def round_log(view: RollView) -> list[LogEntry]:
    """What happened this round after the deal, in order, as every player saw it:
    each die taken, each menu token's re-roll and what came up, each chopsticks
    swap, and the belts sliding and rolling (``turn``: the cycle, from 1; seats
    absolute, named ``{seat}`` for the browser to fill in)."""
    out: list[LogEntry] = []
    cycle = 1
    for who, step in view.steps:
        if isinstance(step, BeltRoll):
            out.append(
                _entry(cycle, "slide", None, [], "The belts slid left and every die was re-rolled.")
            )
            cycle += 1
            continue
        if isinstance(step, Reroll):
            faces = list(step.faces)
            out.append(
                _entry(
                    cycle,
                    "rolled",
                    out[-1]["seat"] if out else None,
                    faces,
                    f"They came up {_faces_text(faces)}.",
                )
            )
            continue
        seat = absolute(view, who)
        name = seat_ref(seat)
        faces = list(step.faces)
        if step.kind == MENU:
            text = f"{name} used a menu token to re-roll {_faces_text(faces)}."
            out.append(_entry(cycle, "reroll", seat, faces, text))
        elif step.kind == CHOPSTICKS:
            other = absolute(view, step.seat)
            mine, theirs = faces
            text = (
                f"{name} used a chopsticks token: {face_name(mine)} swapped for "
                f"{seat_ref(other)}'s {face_name(theirs)}."
            )
            entry = _entry(cycle, "swap", seat, faces, text)
            entry["other"] = other
            out.append(entry)
        else:
            out.append(_entry(cycle, "take", seat, faces, f"{name} took {face_name(faces[0])}."))
    return out


def _entry(turn: int, what: str, seat: int | None, cards: list[str], text: str) -> LogEntry:
    return {"turn": turn, "what": what, "seat": seat, "cards": cards, "text": text}


def _faces_text(faces: Sequence[str]) -> str:
    names = [face_name(f) for f in faces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _decision(view: RollView) -> DecisionFrame:
    prompt = "Your turn: take a die from your belt."
    tokens = []
    if view.menus[0]:
        tokens.append(f"a menu token ({view.menus[0]} left) to re-roll dice of your belt")
    if view.chopsticks[0]:
        tokens.append(
            f"a chopsticks token ({view.chopsticks[0]} left) to swap a die with another belt"
        )
    if tokens:
        prompt += " First you may spend " + ", or ".join(tokens) + "."
    return {
        "kind": "turn",
        "seat": view.seat,
        "prompt": prompt,
        "menus": view.menus[0],
        "chopsticks": view.chopsticks[0],
    }


def _results(state: RollState) -> list[RoundResult]:
    titles = [[c, BREAKDOWN_TITLES[c]] for c in BREAKDOWN_KEYS]
    results: list[RoundResult] = []
    totals = [0] * state.rules.players
    for r, res in enumerate(state.results):
        totals = [t + p for t, p in zip(totals, res.scores, strict=True)]
        entry = results_entry(r, titles, res, totals) | {
            "kept": None,
            "kept_label": None,
            "tableaux": [columns(tray_entries(tray)) for tray in res.trays],
        }
        results.append(cast(RoundResult, entry))
    return results


def action_label(action: RollAction) -> str:
    """A Sushi Roll decision as a sentence: ``Take Tempura``, ``Re-roll Tempura and
    Maki 1 (menu token)``, ``Swap your Tempura for {2}'s Maki 3 (chopsticks token)``."""
    names = [face_name(f) for f in action.faces]
    if action.kind == MENU:
        return f"Re-roll {names_list(names)} (menu token)"
    if action.kind == CHOPSTICKS:
        return f"Swap your {names[0]} for {seat_ref(action.seat)}'s {names[1]} (chopsticks token)"
    return f"Take {names[0]}"


def legal_entry(action: RollAction) -> LegalEntry:
    """A legal decision for a frame (docs/web.md): clicking a die takes it (``direct``);
    token uses are listed under their ``group``."""
    if action.kind == CHOPSTICKS:
        group = f"Chopsticks: swap with {seat_ref(action.seat)}"
    elif action.kind == MENU:
        group = "Menu: re-roll dice"
    else:
        group = "Take a die"
    entry: LegalEntry = {
        "text": str(action),
        "label": action_label(action),
        "kind": action.what,
        "faces": list(action.faces),
        "direct": action.kind not in (MENU, CHOPSTICKS),
        "group": group,
    }
    if action.kind == CHOPSTICKS:
        entry["seat"] = action.seat
    if action.kind != MENU:
        entry["card"] = action.faces[0]
    return entry


def catalog(ruleset: RollRuleset) -> Frame:
    """Every face and wasabi stack (``cards``) and each kind of die's faces (``dice``)."""
    faces = {
        t.id: catalog_card("sushi-roll", t.id, face_name(t.id), t.family, t.colour, t.icons)
        for t in FACES.types
    }
    for stack in STACKS:
        faces[stack] = catalog_card(
            "sushi-roll",
            stack,
            face_name(stack),
            "nigiri",
            "yellow",
            0,
        )
    return {"cards": faces, "dice": {kind: list(ruleset.faces_of(kind)) for kind in KINDS}}


PRESENTER = Presenter(
    game="sushi-roll",
    card_name=face_name,
    tableau=tray_entries,
    breakdown=breakdown,
    added=added,
    columns=breakdown_keys,
    fill_frame=fill_frame,
    replay_hands=no_replay_hands,
    legal_entry=legal_entry,
    catalog=catalog,
)
"""Sushi Roll's presenter."""
