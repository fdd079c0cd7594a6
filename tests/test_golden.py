"""Golden playthroughs: seeded games of the classic ruleset and of Sushi Go Party!,
diffed against files.

Each game is played by :func:`sushigo.play.play_game` with random agents (agent of
seat ``i`` seeded ``seed * 10 + i``) and written as a pretty-printed JSON record
with sorted keys under ``tests/golden/``. The test plays the same seeds again and
compares the new record with the file, character for character: any change in
dealing, legal actions, agent order, scoring or the record format shows up here.

When a change is intended (and only then), regenerate the files and review the diff:

    SUSHIGO_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_golden.py

(add ``-k party`` to rewrite only the Party files).

Round 1 of ``sushi-go-4p-seed7.json`` was scored by hand from the rulebook; see
:func:`test_hand_checked_round_one`. The Party games (``party-*.json``) were chosen
among the first seeds for the specials they use (calls, spoon requests and gives,
menu draws, special orders, takeout boxes; see :data:`PARTY_SPECIALS`); one of
their rounds was worked out by hand too, see :func:`test_hand_checked_party_round`.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sushigo
from sushigo.agents import make_agent
from sushigo.core.records import dumps, loads, replay, upgrade
from sushigo.games.party import PartyState
from sushigo.games.party.actions import CHOICE_KINDS
from sushigo.games.party.scoring import ROUND_FAMILIES
from sushigo.play import play_game, record_game

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("SUSHIGO_REGEN_GOLDEN") == "1"

GAMES: list[tuple[str, str, int, int, dict[str, Any]]] = [
    ("sushi-go-2p-seed1", "sushi-go", 2, 1, {}),
    ("sushi-go-3p-seed2", "sushi-go", 3, 2, {}),
    ("sushi-go-4p-seed7", "sushi-go", 4, 7, {}),
    ("sushi-go-5p-seed5", "sushi-go", 5, 5, {}),
    ("sushi-go-2p-dummy-seed3", "sushi-go", 2, 3, {"dummy": True}),
    (
        "sushi-go-4p-both-ways-reshuffle-soy-sauce-seed11",
        "sushi-go",
        4,
        11,
        {"pass_both_ways": True, "reshuffle": True, "soy_sauce": True},
    ),
    ("party-master-menu-4p-seed38", "sushi-go-party", 4, 38, {"menu": "master-menu"}),
    ("party-points-platter-5p-seed10", "sushi-go-party", 5, 10, {"menu": "points-platter"}),
    ("party-big-banquet-8p-seed40", "sushi-go-party", 8, 40, {"menu": "big-banquet"}),
    ("party-dinner-for-two-2p-seed47", "sushi-go-party", 2, 47, {"menu": "dinner-for-two"}),
    ("sushi-roll-2p-seed1", "sushi-roll", 2, 1, {}),
    ("sushi-roll-3p-seed2", "sushi-roll", 3, 2, {}),
    ("sushi-roll-4p-seed3", "sushi-roll", 4, 3, {}),
    ("sushi-roll-5p-seed4", "sushi-roll", 5, 4, {}),
]
"""(file stem, game, players, seed, options)."""

PARTY_SPECIALS: dict[str, set[str]] = {
    "party-master-menu-4p-seed38": {"call", "ask", "give", "flip"},
    "party-points-platter-5p-seed10": {"copy in a pick", "nothing to copy", "copied dessert"},
    "party-big-banquet-8p-seed40": {"call", "take", "ask", "give"},
    "party-dinner-for-two-2p-seed47": {
        "draw",
        "order",
        "copy",
        "copy in a pick",
        "nothing to copy",
        "copied dessert",
    },
}
"""What each Party golden game was chosen for: mid-turn steps by kind (``draw`` for a
menu's draw), picks calling a bonus card, special orders copying in the pick or with
nothing to copy, and a special order kept as a dessert."""


def golden_record(game: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    rules = sushigo.make(game, players=players, **options)
    seeds = [seed * 10 + i for i in range(players)]
    state = play_game(rules, [make_agent("random", s) for s in seeds], seed)
    names = [f"Random {i + 1}" for i in range(players)]
    return record_game(state, names, ["random"] * players, seed, seeds)


def render(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=2, sort_keys=True) + "\n"


def first_difference(old: Any, new: Any, path: str = "record") -> str:
    if type(old) is not type(new):
        return f"{path}: {old!r} -> {new!r}"
    if isinstance(old, dict):
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                return first_difference(old.get(key), new.get(key), f"{path}.{key}")
    if isinstance(old, list):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
        if len(old) != len(new):
            return f"{path}: length {len(old)} -> {len(new)}"
    return f"{path}: {old!r} -> {new!r}"


@pytest.mark.parametrize(
    ("stem", "game", "players", "seed", "options"), GAMES, ids=[g[0] for g in GAMES]
)
def test_golden_game(
    stem: str, game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    path = GOLDEN / f"{stem}.json"
    text = render(golden_record(game, players, seed, options))
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run SUSHIGO_REGEN_GOLDEN=1 pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        where = first_difference(json.loads(expected), json.loads(text))
        pytest.fail(
            f"{path.name} differs from a fresh game at {where}. If the change is "
            "intended, regenerate with SUSHIGO_REGEN_GOLDEN=1 and review the diff."
        )


@pytest.mark.parametrize(
    ("stem", "game", "players", "seed", "options"), GAMES, ids=[g[0] for g in GAMES]
)
def test_golden_file_replays(
    stem: str, game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    record = json.loads((GOLDEN / f"{stem}.json").read_text(encoding="utf-8"))
    assert record["game"] == game
    assert record["players"] == players and record["seed"] == seed
    assert all(record["options"][k] == v for k, v in options.items())
    assert record["agent_seeds"] == [seed * 10 + i for i in range(players)]
    state = replay(loads(dumps(record), stem))
    assert state.is_terminal()
    assert state.returns() == record["final_scores"]
    assert len(record["rounds"]) == 3


@pytest.mark.parametrize(
    ("stem", "game", "players", "seed", "options"), GAMES, ids=[g[0] for g in GAMES]
)
def test_the_version_1_golden_file_upgrades_to_this_one(
    stem: str, game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    """The same games, before and after records became step lists: each golden file
    as written in version 1 (tests/golden/v1/), upgraded, is the version 2 file."""
    old = json.loads((GOLDEN / "v1" / f"{stem}.json").read_text(encoding="utf-8"))
    assert old["version"] == 1
    expected = (GOLDEN / f"{stem}.json").read_text(encoding="utf-8")
    assert render(upgrade(old, stem)) == expected


def test_hand_checked_round_one() -> None:
    """Round 1 of the 4-player golden game (seed 7), scored by hand from the rulebook.

    seat 0: maki-3 (3 icons); tempura x3 = one pair, 5; sashimi x1, 0; dumpling x2, 3;
            squid with no wasabi, 3.                                  11 + maki
    seat 1: maki-1 + maki-2 (3 icons); tempura x2, 5; sashimi x1, 0; dumpling x1, 1;
            salmon played before the wasabi, 2; the wasabi stays empty, 0.  8 + maki
    seat 2: maki-2 + maki-1 (3 icons); tempura x2, 5; sashimi x1, 0; dumpling x1, 1;
            salmon 2 + egg 1, no wasabi, 3.                            9 + maki
    seat 3: maki-2 x2 (4 icons); tempura x2, 5; sashimi x2, 0; dumpling x1, 1;
            squid, 3.                                                  9 + maki
    Maki 3, 3, 3, 4: seat 3 has the most, 6; seats 0-2 tie for second and split 3
    (1 each). Round 1: 12, 9, 10, 15.
    """
    record = json.loads((GOLDEN / "sushi-go-4p-seed7.json").read_text(encoding="utf-8"))
    entry = record["rounds"][0]
    turns = replay(record).results[0].turns  # type: ignore[attr-defined]
    tableaux = [[c for turn in turns for c in turn[s]] for s in range(4)]
    assert tableaux == HAND_CHECK_TABLEAUX
    assert entry["breakdown"] == HAND_CHECK_BREAKDOWN
    assert entry["scores"] == [12, 9, 10, 15]


HAND_CHECK_TABLEAUX = [
    ["maki-3", "dumpling", "sashimi", "tempura", "dumpling", "tempura", "tempura", "squid-nigiri"],
    ["dumpling", "maki-1", "tempura", "salmon-nigiri", "wasabi", "sashimi", "maki-2", "tempura"],
    ["tempura", "salmon-nigiri", "maki-2", "dumpling", "maki-1", "sashimi", "tempura"]
    + ["egg-nigiri"],
    ["sashimi", "dumpling", "maki-2", "sashimi", "maki-2", "tempura", "squid-nigiri", "tempura"],
]
HAND_CHECK_BREAKDOWN = [
    {"maki": 1, "tempura": 5, "sashimi": 0, "dumpling": 3, "nigiri": 3, "soy-sauce": 0},
    {"maki": 1, "tempura": 5, "sashimi": 0, "dumpling": 1, "nigiri": 2, "soy-sauce": 0},
    {"maki": 1, "tempura": 5, "sashimi": 0, "dumpling": 1, "nigiri": 3, "soy-sauce": 0},
    {"maki": 6, "tempura": 5, "sashimi": 0, "dumpling": 1, "nigiri": 3, "soy-sauce": 0},
]


def test_dummy_golden_game_the_dummy_scores_most_but_cannot_win() -> None:
    """FACTS.md ruling: only the two real players can win the dummy variant."""
    record = json.loads((GOLDEN / "sushi-go-2p-dummy-seed3.json").read_text(encoding="utf-8"))
    final = record["final_scores"]
    assert len(final) == 3 and final[2] > max(final[:2])
    assert record["winners"] == [final.index(max(final[:2]))]
    # scored as three players: the fewest puddings lose 6 even with two players
    assert min(record["dessert_scores"]) == -6


def party_features(record: dict[str, Any]) -> set[str]:
    """The specials a Party record shows (the names of :data:`PARTY_SPECIALS`)."""
    found: set[str] = set()
    choices = tuple(f"{k}:" for k in CHOICE_KINDS)
    for entry in record["rounds"]:
        for step in entry["steps"]:
            if isinstance(step.get("draw"), list):
                found.add("draw")
            elif step.get("action", "").startswith(choices):
                found.add(step["action"].partition(":")[0])
    state = replay(record)
    assert isinstance(state, PartyState)
    for res in state.results:  # every pick, those the rules placed alone included
        for turn in res.turns:
            for pick in turn:
                card, _, call = pick.partition(" call:")
                if call:
                    found.add("call")
                if card.startswith("special-order="):
                    found.add("copy in a pick")
                elif card == "special-order":
                    found.add("nothing to copy")
    if any(t.startswith("special-order=") for kept in record["desserts"] for t in kept):
        found.add("copied dessert")
    return found


@pytest.mark.parametrize("stem", sorted(PARTY_SPECIALS))
def test_party_golden_games_use_the_specials(stem: str) -> None:
    record = json.loads((GOLDEN / f"{stem}.json").read_text(encoding="utf-8"))
    missing = PARTY_SPECIALS[stem] - party_features(record)
    assert not missing, f"{stem} no longer shows {sorted(missing)}: choose another seed"


def test_hand_checked_party_round() -> None:
    """Round 1 of the Master Menu golden game (4 players, seed 38), by hand.

    Master Menu: nigiri, temaki, onigiri, tofu, sashimi, spoon, takeout box, fruit.
    Hands pass left, so on turn t (from 1) seat s holds the hand dealt to seat
    s - t + 1. Dealt (H0-H3, "on-" for onigiri):
      H0 salmon x2, squid, temaki, on-triangle, on-square, on-rectangle, spoon-4,
         fruit pineapple+orange
      H1 egg, sashimi x3, on-triangle, on-square, takeout-11, takeout-12,
         fruit watermelon+pineapple
      H2 egg, salmon, squid, temaki x2, sashimi, spoon-6, takeout-10,
         fruit watermelon+orange
      H3 squid, temaki x4, sashimi, tofu x2, spoon-5
    Turns 1-3 are plain picks (each from the hand held, see HAND_CHECK_PARTY_PICKS).
    Turn 4: seat 0 (holding H1) calls spoon-6 with a sashimi, seat 1 (holding H2)
      plays takeout-10 calling spoon-4; seat 2 plays spoon-5, seat 3 on-triangle.
      After the reveal, lowest number first:
      spoon-4 (seat 1) asks "onigiri": seat 2 holds H3 (temaki x3, tofu x2), none;
        seat 3 holds H0 (salmon x2, temaki, on-square, on-rectangle), two shapes, so
        seat 3 chooses: on-rectangle goes to seat 1, spoon-4 into H0.
      spoon-6 (seat 0) asks the exact "fruit orange+orange": nobody holds one, the
        spoon is discarded.
      takeout-10 (seat 1) flips nothing; it is discarded.
    Turn 5: seat 1 plays takeout-11 and flips its squid (played on turn 3).
    Turn 6: seat 2 plays takeout-12 calling spoon-5 (played on turn 4). spoon-5 asks
      "tofu": seat 3 (H2: salmon, temaki, fruit), seat 0 (H3: temaki x3) and seat 1
      (H0: salmon x2, on-square) have none: discarded. takeout-12 flips an egg, the
      squid and the temaki of seat 2's earlier turns (1, 3 and 5).
    Turns 7-9 are plain picks.

    At round end the fruit is set aside (seat 0: three fruit cards). Scoring:
    temaki: seat 0 2, seat 1 1, seat 2 2 (one more flipped), seat 3 1: seats 0 and 2
      tie for most, +4 each; seats 1 and 3 tie for fewest, -4 each.
    seat 0: salmon 2; 1 sashimi 0; 1 tofu 2; temaki +4; spoon and fruit 0.    = 8
    seat 1: onigiri square, rectangle, triangle: 3 shapes 9; salmon 2; flipped
            squid 2; unused spoon-4 0; temaki -4.                             = 9
    seat 2: egg 1 + salmon 2 = 3; three flipped cards 6; temaki +4.           = 13
    seat 3: 4 sashimi: one set 10; onigiri triangle, square 4; tofu 2; squid 3;
            temaki -4.                                                        = 15
    """
    record = json.loads((GOLDEN / "party-master-menu-4p-seed38.json").read_text(encoding="utf-8"))
    entry = record["rounds"][0]
    assert entry["steps"][0]["deal"] == HAND_CHECK_PARTY_HANDS
    state = replay(loads(dumps(record), "party-master-menu-4p-seed38"))
    assert isinstance(state, PartyState)
    assert [list(turn) for turn in state.results[0].turns] == HAND_CHECK_PARTY_PICKS
    choices = tuple(f"{k}:" for k in CHOICE_KINDS)
    mid_turn = [s for s in entry["steps"] if s.get("action", "").startswith(choices)]
    assert [(s["seat"], s["action"]) for s in mid_turn] == [
        (e["seat"], e["choice"]) for e in HAND_CHECK_PARTY_STEPS
    ]
    tableaux = [Counter(p.token for p in t) for t in state.results[0].tableaux]
    assert tableaux == [Counter(t) for t in HAND_CHECK_PARTY_TABLEAUX]
    zero = dict.fromkeys(ROUND_FAMILIES, 0)
    assert entry["breakdown"] == [{**zero, **b} for b in HAND_CHECK_PARTY_BREAKDOWN]
    assert entry["scores"] == [8, 9, 13, 15]
    fruit = ["fruit-pineapple-orange", "fruit-watermelon-orange", "fruit-watermelon-pineapple"]
    assert record["desserts"][0][:3] == fruit  # seat 0 kept its three fruit cards


HAND_CHECK_PARTY_HANDS = [
    ["salmon-nigiri", "salmon-nigiri", "squid-nigiri", "temaki", "onigiri-triangle"]
    + ["onigiri-square", "onigiri-rectangle", "spoon-4", "fruit-pineapple-orange"],
    ["egg-nigiri", "sashimi", "sashimi", "sashimi", "onigiri-triangle", "onigiri-square"]
    + ["takeout-box-11", "takeout-box-12", "fruit-watermelon-pineapple"],
    ["egg-nigiri", "salmon-nigiri", "squid-nigiri", "temaki", "temaki", "sashimi", "spoon-6"]
    + ["takeout-box-10", "fruit-watermelon-orange"],
    ["squid-nigiri", "temaki", "temaki", "temaki", "temaki", "sashimi", "tofu", "tofu"]
    + ["spoon-5"],
]
HAND_CHECK_PARTY_PICKS = [
    ["fruit-pineapple-orange", "onigiri-square", "egg-nigiri", "sashimi"],
    ["temaki", "spoon-4", "egg-nigiri", "sashimi"],
    ["spoon-6", "squid-nigiri", "squid-nigiri", "sashimi"],
    ["sashimi call:spoon-6", "takeout-box-10 call:spoon-4", "spoon-5", "onigiri-triangle"],
    ["temaki", "takeout-box-11", "temaki", "tofu"],
    ["tofu", "spoon-4", "takeout-box-12 call:spoon-5", "squid-nigiri"],
    ["fruit-watermelon-orange", "temaki", "salmon-nigiri", "sashimi"],
    ["fruit-watermelon-pineapple", "salmon-nigiri", "temaki", "onigiri-square"],
    ["salmon-nigiri", "onigiri-triangle", "temaki", "temaki"],
]
HAND_CHECK_PARTY_STEPS = [
    {"turn": 4, "seat": 1, "choice": "ask:onigiri"},
    {"turn": 4, "seat": 3, "choice": "give:onigiri-rectangle"},
    {"turn": 4, "seat": 0, "choice": "ask:fruit-orange-orange"},
    {"turn": 4, "seat": 1, "choice": "flip:"},
    {"turn": 5, "seat": 1, "choice": "flip:squid-nigiri"},
    {"turn": 6, "seat": 2, "choice": "ask:tofu"},
    {"turn": 6, "seat": 2, "choice": "flip:egg-nigiri,squid-nigiri,temaki"},
]
HAND_CHECK_PARTY_TABLEAUX = [
    ["fruit-pineapple-orange", "temaki", "sashimi", "temaki", "tofu"]
    + ["fruit-watermelon-orange", "fruit-watermelon-pineapple", "salmon-nigiri"],
    ["onigiri-square", "flipped:squid-nigiri", "onigiri-rectangle", "spoon-4", "temaki"]
    + ["salmon-nigiri", "onigiri-triangle"],
    ["egg-nigiri", "flipped:egg-nigiri", "flipped:squid-nigiri", "flipped:temaki"]
    + ["salmon-nigiri", "temaki", "temaki"],
    ["sashimi", "sashimi", "sashimi", "onigiri-triangle", "tofu", "squid-nigiri", "sashimi"]
    + ["onigiri-square", "temaki"],
]
HAND_CHECK_PARTY_BREAKDOWN: list[dict[str, int]] = [
    {"nigiri": 2, "temaki": 4, "tofu": 2},
    {"nigiri": 2, "temaki": -4, "onigiri": 9, "flipped": 2},
    {"nigiri": 3, "temaki": 4, "flipped": 6},
    {"nigiri": 3, "temaki": -4, "sashimi": 10, "onigiri": 4, "tofu": 2},
]


def test_hand_checked_sushi_roll_game() -> None:
    """``sushi-roll-3p-seed2.json``, worked out by hand from the rulebook.

    Round 1 trays: seat 0 maki-1, pudding-1, pudding-3, sashimi, dumpling x2,
    pudding-1; seat 1 menu-2, salmon-nigiri x3, dumpling, tempura x2; seat 2
    egg-nigiri, salmon-nigiri, tempura, chopsticks, wasabi, dumpling, maki-1.
    Maki: seats 0 and 2 tie with 1 icon and both score 6; nobody is second.
    Seat 0: 1 sashimi 0, 2 dumplings 4, maki 6: 10. Seat 1: three salmon 6 (no
    wasabi), 1 dumpling 2, 2 tempura 5: 13. Seat 2: egg 1 and salmon 2 (both taken
    before the wasabi, which stays empty and scores 0), tempura 1, dumpling 2,
    maki 6: 12. Game end: pudding tokens 6, 2, 4 give +6, -6, 0; 0, 0 and 1 tokens
    left give no point. Totals 10+17+13+6 = 46, 13+11+8-6 = 26, 12+6+7 = 25.
    """
    record = json.loads((GOLDEN / "sushi-roll-3p-seed2.json").read_text(encoding="utf-8"))
    first = record["rounds"][0]
    assert Counter(first["trays"][2]) == Counter(
        ["egg-nigiri", "salmon-nigiri", "tempura", "chopsticks", "wasabi", "dumpling", "maki-1"]
    )
    assert first["scores"] == [10, 13, 12]
    assert [b["maki"] for b in first["breakdown"]] == [6, 0, 6]
    assert [r["scores"] for r in record["rounds"]][1:] == [[17, 11, 6], [13, 8, 7]]
    assert record["puddings"] == [6, 2, 4] and record["dessert_scores"] == [6, -6, 0]
    assert record["tokens_left"] == [0, 0, 1] and record["token_scores"] == [0, 0, 0]
    assert record["final_scores"] == [46, 26, 25] and record["winners"] == [0]
    state = replay(record)
    assert state.returns() == [46, 26, 25]
