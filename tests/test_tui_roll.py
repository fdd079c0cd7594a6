"""The terminal game for Sushi Roll (``sushigo play --game sushi-roll``): whole games
scripted through injected input, and every kind of answer on positions built by hand.

Expected outcomes are worked out from the rulebook: tokens at the start (3 menu,
2 chopsticks), what a taken die gives, a nigiri on a wasabi tripled, pudding tokens
most +6 / fewest -6 (not with 2 players), 1 point per 2 leftover tokens.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from rich.console import Console

import sushigo
from sushigo.agents import make_agent
from sushigo.cli import main
from sushigo.core.errors import OptionsError
from sushigo.core.records import replay
from sushigo.games.roll import (
    BeltRoll,
    Reroll,
    RollAction,
    RollDeal,
    RollRuleset,
    RollState,
    RollView,
    reroll,
    swap,
    take,
)
from sushigo.play import play_game
from sushigo.tui.app import run_play
from sushigo.tui.human import Quit
from sushigo.tui.roll_app import RollTable
from sushigo.tui.roll_human import RollHumanAgent

NAMES4 = ["Tester", "Random 1", "Random 2", "Random 3"]

BELTS4 = (
    ("tempura", "tempura", "maki-1", "squid-nigiri", "menu-2", "pudding-1"),
    ("dumpling", "sashimi", "maki-2", "egg-nigiri", "wasabi", "pudding-2"),
    ("dumpling", "dumpling", "maki-3", "salmon-nigiri", "chopsticks", "pudding-3"),
    ("tempura", "sashimi", "maki-1", "maki-3", "egg-nigiri", "wasabi"),
)
"""A 4-player deal: 8 appetizer, 5 maki, 4 nigiri, 4 special and 3 pudding dice (the
bag holds 10, 6, 5, 5 and 4)."""


def make_console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=200, color_system=None, force_terminal=False), buf


class Script:
    """An input function: answers from a list, then ``default`` forever; keeps the prompts."""

    def __init__(self, answers: Iterable[str] = (), default: str = "1") -> None:
        self.answers = list(answers)
        self.default = default
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        assert len(self.prompts) < 3000, "the game keeps asking"
        return self.answers.pop(0) if self.answers else self.default


def play_args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "command": "play",
        "game": "sushi-roll",
        "menu": None,
        "players": 2,
        "bots": "random",
        "variant": None,
        "seed": 4,
        "name": "Tester",
        "records": None,
    }
    base.update(kw)
    return argparse.Namespace(**base)


def dealt(belts: Sequence[Sequence[str]], red: int = 0) -> RollState:
    """A new game whose first round was dealt these belts."""
    rs = sushigo.make("sushi-roll", players=len(belts))
    assert isinstance(rs, RollRuleset)
    state = rs.new_game()
    state.apply_chance(RollDeal(red, tuple(tuple(b) for b in belts)))
    return state


class Desk:
    """A hand-built position with the human's agent and the table's narration."""

    def __init__(self, state: RollState, names: Sequence[str] = NAMES4) -> None:
        self.state = state
        self.names = list(names)
        self.console, self.buf = make_console()
        self.table = RollTable(self.console, self.names)
        self.table.remember(state.observe(0))

    def ask(self, answers: Iterable[str]) -> tuple[RollAction, Script]:
        """The human's answer to the current decision (seat 0)."""
        script = Script(answers, default="quit")
        human = RollHumanAgent(self.console, script, self.names, show=self.table.screen)
        legal = self.state.legal_actions(0)
        return human.act(self.state.observe(0), legal), script

    def apply(self, seat: int, action: RollAction) -> None:
        self.state.apply({seat: action})
        self.table("turn", self.state.observe(0))

    def roll(self, outcome: Reroll | BeltRoll) -> None:
        self.state.apply_chance(outcome)
        self.table("chance", self.state.observe(0))

    def out(self) -> str:
        return self.buf.getvalue()

    def screen(self) -> str:
        """The table as the human sees it now."""
        console, buf = make_console()
        console.print(self.table.screen(self.state.observe(0)))
        return buf.getvalue()


SHOWN: dict[str, str] = {
    "dumpling": "Dumpling",
    "tempura": "Tempura",
    "sashimi": "Sashimi",
    "maki-1": "Maki 1",
    "maki-2": "Maki 2",
    "maki-3": "Maki 3",
    "egg-nigiri": "Egg nigiri",
    "salmon-nigiri": "Salmon nigiri",
    "squid-nigiri": "Squid nigiri",
    "wasabi": "Wasabi",
    "chopsticks": "Chopsticks",
    "chopsticks-2": "Chopsticks 2",
    "menu": "Menu",
    "menu-2": "Menu 2",
    "pudding-1": "Pudding 1",
    "pudding-2": "Pudding 2",
    "pudding-3": "Pudding 3",
}
"""How the screen names each face (the short names the prompts accept)."""


def shown(faces: Iterable[str]) -> str:
    """Dice as the table lists them: ``Dumpling x2, Tempura`` (grouped in order)."""
    counts: dict[str, int] = {}
    for f in faces:
        name = "+".join(SHOWN[x] for x in f.split("+"))
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in counts.items()) or "-"


def seat_block(screen: str, player: str) -> dict[str, str]:
    """One seat's block of the table on a screen: ``seat`` (its number), ``head`` (the
    rest of its first line), ``belt`` and ``tray`` (wrapped lines joined; ``head lines``,
    ``belt lines`` and ``tray lines`` keep the line breaks), and ``round`` (the points
    the tray makes so far, e.g. ``+9``)."""
    lines = screen.splitlines()
    i = next(k for k, x in enumerate(lines) if re.match(rf"Seat \d+  {re.escape(player)}\b", x))
    m = re.match(r"Seat (\d+)  (.*)$", lines[i])
    assert m
    block = {"seat": m.group(1), "head": m.group(2).strip()}
    block["head lines"] = block["head"]
    key = "head"
    for line in lines[i + 1 :]:
        label = re.match(r" +(belt|tray): (.*)$", line)
        if label:
            key = label.group(1)
            block[key] = block[key + " lines"] = label.group(2).strip()
        elif line.startswith(" ") and line.strip():
            block[key] += " " + line.strip()
            block[key + " lines"] += "\n" + line.strip()
        else:
            break
    tray = re.fullmatch(r"(.*) \(([-+]\d+) this round\)", block["tray"])
    assert tray, block["tray"]
    block["tray"], block["round"] = tray.group(1), tray.group(2)
    return block


def tokens(menu: int, chopsticks: int, pudding: int, score: int = 0) -> str:
    """The tokens and score part of a seat's first line."""
    return f"menu {menu}, chopsticks {chopsticks}, pudding {pudding}  score {score}"


# ---------------------------------------------------------------------------
# Every form of answer, on a position built by hand


@pytest.mark.parametrize(
    ("typed", "face"),
    [
        ("3", "maki-1"),
        ("tempura", "tempura"),
        ("take:squid", "squid-nigiri"),
        ("take maki 1", "maki-1"),
        ("Maki 1", "maki-1"),
        ("pudding", "pudding-1"),  # 'pudding' could be any pudding; the belt has one
        ("menu 2", "menu-2"),
    ],
)
def test_take_forms(typed: str, face: str) -> None:
    desk = Desk(dealt(BELTS4))
    action, script = desk.ask([typed])
    assert action == take(face)
    assert len(script.prompts) == 1
    desk.apply(0, action)
    screen = desk.screen()
    name = desk.out().splitlines()[-1]
    assert name.startswith("You took ")
    mine = seat_block(screen, "Tester")
    assert mine["seat"] == "0"
    assert mine["tray"] == SHOWN[face]
    left = list(BELTS4[0])
    left.remove(face)  # the other dice stay on the belt
    assert mine["belt"] == shown(left)
    # Tokens from the rulebook: 3 menu and 2 chopsticks at the start, plus what the die gives.
    menus = 5 if face == "menu-2" else 3
    assert mine["head"] == "Tester (you) [red belt]  done  " + tokens(
        menus, 2, 1 if face == "pudding-1" else 0
    )
    # This round's points so far: one tempura 1, a squid nigiri 3; the only maki icons
    # are the most (6 points); pudding and menu dice score nothing in the round.
    points = {"tempura": 1, "maki-1": 6, "squid-nigiri": 3}.get(face, 0)
    assert mine["round"] == f"+{points}"
    nxt = seat_block(screen, "Random 1")
    assert nxt["head"] == "Random 1  now  " + tokens(3, 2, 0)
    assert nxt["belt"] == "Dumpling, Sashimi, Maki 2, Egg nigiri, Wasabi, Pudding 2"
    assert nxt["tray"] == "-" and nxt["round"] == "+0"
    if face == "menu-2":
        assert name == "You took Menu 2 and get 2 menu tokens."


@pytest.mark.parametrize(
    ("answers", "dice"),
    [
        (["menu:tempura+maki-1"], ("tempura", "maki-1")),
        (["m 1,3"], ("tempura", "maki-1")),
        (["m", "tempura+maki 1"], ("tempura", "maki-1")),
        (["m", "1 3"], ("tempura", "maki-1")),
        (["r tempura, tempura"], ("tempura", "tempura")),
        (["menu tempura+maki 1"], ("tempura", "maki-1")),
        (["menu", "u", "1,3"], ("tempura", "maki-1")),  # the belt has a Menu 2 die too
        (["m all"], BELTS4[0]),
    ],
)
def test_menu_forms(answers: list[str], dice: tuple[str, ...]) -> None:
    desk = Desk(dealt(BELTS4))
    action, _ = desk.ask(answers)
    assert action == reroll(*dice)


def test_menu_reroll_is_told_and_shown() -> None:
    desk = Desk(dealt(BELTS4))
    action, _ = desk.ask(["m 1,3"])
    desk.apply(0, action)
    desk.roll(Reroll(("sashimi", "maki-3")))  # the appetizer die, then the maki die
    assert desk.out().splitlines()[-1] == (
        "You used a menu token (2 left) to re-roll 2 dice: Tempura -> Sashimi, Maki 1 -> Maki 3."
    )
    screen = desk.screen()
    mine = seat_block(screen, "Tester")
    assert mine["head"] == "Tester (you) [red belt]  now  " + tokens(2, 2, 0)
    assert mine["belt"] == "Tempura, Sashimi, Maki 3, Squid nigiri, Menu 2, Pudding 1"
    assert "Supply: 7 menu" in screen  # 18 in the box, 4 x 3 handed out, 1 returned


def test_menu_alone_asks_token_or_die() -> None:
    desk = Desk(dealt(BELTS4))
    action, script = desk.ask(["menu", "x", "t"])
    assert action == take("menu-2")
    assert "answer t (take the die) or u (use a token)" in desk.out()
    assert script.prompts[1] == script.prompts[2]


@pytest.mark.parametrize(
    "answers",
    [
        ["chopsticks:tempura,2,maki-3"],
        ["c tempura,random 2,maki 3"],
        ["chopsticks tempura, 2, maki 3"],
        ["c", "1", "2", "maki 3"],
        ["c", "tempura", "Random 2", "3"],
        ["chopsticks", "1", "random 2", "maki-3"],  # no chopsticks die on the belt
    ],
)
def test_chopsticks_forms(answers: list[str]) -> None:
    desk = Desk(dealt(BELTS4))
    action, _ = desk.ask(answers)
    assert action == swap("tempura", 2, "maki-3")


def test_chopsticks_swap_is_told_and_shown() -> None:
    desk = Desk(dealt(BELTS4))
    action, _ = desk.ask(["c", "1", "2", "3"])
    desk.apply(0, action)
    assert desk.out().splitlines()[-1] == (
        "You used a chopsticks token (1 left) to swap your Tempura with Random 2's Maki 3."
    )
    screen = desk.screen()
    mine = seat_block(screen, "Tester")
    assert mine["belt"] == "Tempura, Maki 1, Maki 3, Squid nigiri, Menu 2, Pudding 1"
    assert mine["head"].endswith(tokens(3, 1, 0))
    theirs = seat_block(screen, "Random 2")
    assert theirs["seat"] == "2"
    assert theirs["belt"] == "Dumpling x2, Tempura, Salmon nigiri, Chopsticks, Pudding 3"
    assert theirs["head"] == "Random 2  " + tokens(3, 2, 0)  # swapping costs them nothing


def test_bad_input_is_explained_and_asked_again() -> None:
    desk = Desk(dealt(BELTS4))
    answers = [
        "banana",
        "salmon",
        "99",
        "",
        "xyz:abc",
        "take",
        "c tempura,0,maki 3",
        "c tempura,2,squid",
        "c tempura,3,tempura",
        "c tempura,7,maki 3",
        "c tempura,2",
        "m 1,1",
        "m sashimi",
        "tempura",
    ]
    action, script = desk.ask(answers)
    assert action == take("tempura")
    assert len(set(script.prompts)) == 1 and len(script.prompts) == len(answers)
    out = desk.out()
    belt = "it shows Tempura, Tempura, Maki 1, Squid nigiri, Menu 2, Pudding 1"
    for message in (
        "unknown die 'banana'",
        f"there is no Salmon nigiri on your belt ({belt})",
        "there is no die 99: the dice of your belt are numbered 1 to 6",
        "type the number or the face of the die you take",
        "'xyz:abc': write a die to take",
        "say which die to take",
        "chopsticks swap with another player's belt, not your own",
        "there is no Squid nigiri on Random 2's belt",
        "swapping two dice with the same face changes nothing",
        "there is no seat 7: seats are 0 to 3",
        "chopsticks: write your die, the other seat and their die",
        "die 1 is named twice",
        f"there is no Sashimi on your belt ({belt})",
    ):
        assert message in out, message
    assert "Traceback" not in out


def test_no_token_left() -> None:
    desk = Desk(dealt(BELTS4))
    for _ in range(3):
        desk.apply(0, reroll("tempura"))
        desk.roll(Reroll(("tempura",)))
    desk.apply(0, swap("tempura", 2, "maki-3"))
    desk.apply(0, swap("maki-3", 2, "tempura"))
    answers = ["m 1", "menu:tempura", "c", "chopsticks:tempura,2,maki-3", "m", "menu"]
    action, script = desk.ask(answers)
    # No menu token: 'menu' alone takes the Menu 2 die.
    assert action == take("menu-2")
    out = desk.out()
    assert out.count("you have no menu token left") == 3
    assert out.count("you have no chopsticks token left") == 2
    assert "m = menu" not in script.prompts[0] and "c = chopsticks" not in script.prompts[0]
    assert script.prompts[0].startswith("Your move (take 1-6 or a face; help)")


def test_back_help_table_and_quit() -> None:
    desk = Desk(dealt(BELTS4))
    answers = ["help", "table", "m", "help", "back", "c", "1", "back", "quit"]
    with pytest.raises(Quit):
        desk.ask(answers)
    out = desk.out()
    assert "Take one die from your belt: type its number" in out
    assert "Your menu token re-rolls any dice of your belt" in out
    assert out.count("Round 1 of 3 - cycle 1 of 6") == 2  # the screen, and 'table'
    assert "Re-roll which dice?" not in out  # prompts go to the input function
    # Going back kept the tokens: nothing was spent.
    assert desk.state.menus[0] == 3 and desk.state.chopsticks[0] == 2


def test_nigiri_goes_on_the_wasabi() -> None:
    # Two players: the human takes a wasabi, the belts slide, and a squid nigiri taken
    # later lands on it and is tripled (3 x 3 = 9).
    belts = (
        ("dumpling", "tempura", "sashimi", "maki-1", "maki-2", "egg-nigiri", "wasabi", "pudding-1"),
        (
            "dumpling",
            "tempura",
            "tempura",
            "maki-3",
            "egg-nigiri",
            "salmon-nigiri",
            "menu",
            "pudding-2",
        ),
    )
    desk = Desk(dealt(belts), ["Tester", "Random 1"])
    action, _ = desk.ask(["wasabi"])
    desk.apply(0, action)
    desk.apply(1, take("dumpling"))
    # The human now holds Random 1's old belt, re-rolled; Random 1 holds the human's.
    desk.roll(
        BeltRoll(
            (
                (
                    "tempura",
                    "tempura",
                    "maki-3",
                    "squid-nigiri",
                    "salmon-nigiri",
                    "menu",
                    "pudding-2",
                ),
                ("dumpling", "tempura", "sashimi", "maki-1", "maki-2", "egg-nigiri", "pudding-1"),
            )
        )
    )
    assert "Random 1 has the red belt and goes first." in desk.out().splitlines()[-1]
    desk.apply(1, take("egg-nigiri"))
    action, _ = desk.ask(["squid"])
    desk.apply(0, action)
    assert desk.out().splitlines()[-1] == "You took Squid nigiri, onto your wasabi (x3)."
    screen = desk.screen()
    mine = seat_block(screen, "Tester")
    assert mine["tray"] == "Wasabi+Squid nigiri" and mine["round"] == "+9"
    theirs = seat_block(screen, "Random 1")
    # One dumpling is 2 points, an egg nigiri 1.
    assert theirs["tray"] == "Dumpling, Egg nigiri" and theirs["round"] == "+3"
    # Both took a die: the belts slid, and the red belt with them, back to the human;
    # nobody has taken a die in the new cycle yet.
    assert theirs["head"] == "Random 1  " + tokens(3, 2, 0)
    assert mine["head"] == "Tester (you) [red belt]  " + tokens(3, 2, 0)


# ---------------------------------------------------------------------------
# The table at 80 columns

BELTS5 = (
    ("dumpling", "sashimi", "maki-3", "salmon-nigiri", "chopsticks-2"),
    ("tempura", "maki-1", "squid-nigiri", "menu-2", "pudding-3"),
    ("dumpling", "sashimi", "maki-2", "egg-nigiri", "pudding-2"),
    ("tempura", "maki-3", "salmon-nigiri", "wasabi", "pudding-1"),
    ("dumpling", "sashimi", "squid-nigiri", "chopsticks", "menu"),
)
"""A 5-player deal showing every face: 8 appetizer, 4 maki, 5 nigiri, 5 special and
3 pudding dice (the bag holds 10, 6, 5, 5 and 4)."""

NAMES5 = ["Alexandra Longname", "Greedy Bot 1", "Random 2", "Random 3", "Bartholomew Bot"]


def screen_at(state: RollState, names: Sequence[str], width: int) -> str:
    """The human's screen (seat 0) printed at ``width`` columns."""
    table = RollTable(make_console()[0], list(names))
    table.remember(state.observe(0))
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, force_terminal=False)
    console.print(table.screen(state.observe(0)))
    return buf.getvalue()


def check_whole_entries(block: dict[str, str]) -> None:
    """Every line of a seat's belt and tray holds whole entries: a line break never
    cuts a face name, nor a token count from its number."""
    for line in block["head lines"].splitlines():
        assert not re.search(r"\b(menu|chopsticks|pudding|score)$", line), line
        assert not re.match(r"\d", line), line
    names = set(SHOWN.values()) | {"-"}
    for key in ("belt lines", "tray lines"):
        for line in block[key].splitlines():
            line = re.sub(r"\s*\([-+]\d+ this round\)", "", line)
            for entry in filter(None, line.split(", ")):
                entry = re.sub(r" x\d+,?$", "", entry.rstrip(","))
                assert all(part in names for part in entry.split("+")), (key, line)


@pytest.mark.parametrize("width", [80, 120])
def test_table_reads_at_80_columns(width: int) -> None:
    state = dealt(BELTS5, red=4)
    state.apply({4: take("chopsticks")})  # the red belt's holder goes first
    screen = screen_at(state, NAMES5, width)
    assert "…" not in screen
    assert max(len(line) for line in screen.splitlines()) <= width
    assert "Round 1 of 3 - cycle 1 of 5" in screen
    assert "Bartholomew Bot has the red belt and goes first in each cycle" in screen
    # 18 menu and 12 chopsticks tokens in the box, 3 and 2 for each of the 5 players;
    # the chopsticks die took one more. Puddings count by value: 14 x 1 + 6 x 3.
    assert "Supply: 3 menu and 1 chopsticks tokens, 32 puddings left." in screen
    listed: set[str] = set()
    for seat, name in enumerate(NAMES5):
        block = seat_block(screen, name)
        assert block["seat"] == str(seat)
        belt = [f for f in BELTS5[seat] if not (seat == 4 and f == "chopsticks")]
        assert block["belt"] == shown(belt)
        listed.update(block["belt"].split(", "))
        check_whole_entries(block)
        chopsticks, turn = 2, ""
        if seat == 0:
            turn = "now"
        if seat == 4:
            chopsticks, turn = 3, "done"
            assert block["tray"] == "Chopsticks" and block["round"] == "+0"
        else:
            assert block["tray"] == "-" and block["round"] == "+0"
        head = re.sub(r"\s+", " ", block["head"])
        assert head.endswith(f"{turn} menu 3, chopsticks {chopsticks}, pudding 0 score 0".strip())
        assert ("[red belt]" in head) == (seat == 4)
        assert ("(you)" in head) == (seat == 0)
        if width == 120:  # room for everything: one line each
            assert "\n" not in block["belt lines"] + block["tray lines"]
    # Every face of the dice is on some belt, named in full.
    assert listed == set(SHOWN.values()) - {"Chopsticks"}
    assert "Your turn. Your belt:" in screen


def test_long_trays_wrap_between_entries() -> None:
    # Two players, the last cycle of a round: 7 dice on each tray, one on each belt.
    # At 80 columns and narrower, lines break between entries only.
    rs = sushigo.make("sushi-roll", players=2)
    assert isinstance(rs, RollRuleset)
    state = rs.new_game()
    bots = [make_agent("random", 5), make_agent("random", 6)]
    rng = random.Random(8)
    while state.is_chance() or len(state.tray(0)) + len(state.tray(1)) < 14:
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        seat, legal = state.decisions()[0]
        state.apply({seat: bots[seat].act(state.observe(seat), legal)})
    assert state.round == 0 and state.to_act() is not None
    names = ["Alexandra Longname", "Bartholomew Bot"]
    for width in range(50, 81):
        screen = screen_at(state, names, width)
        assert "…" not in screen and "cycle 8 of 8" in screen
        for seat, name in enumerate(names):
            block = seat_block(screen, name)
            assert block["belt"] == shown(state.belt(seat))
            assert block["tray"] == shown(state.tray(seat))
            assert re.sub(r"\s+", " ", block["head"]).endswith(
                f"menu {state.menus[seat]}, chopsticks {state.chopsticks[seat]}, "
                f"pudding {state.puddings[seat]} score 0"
            )
            check_whole_entries(block)


# ---------------------------------------------------------------------------
# Whole games


class Eager:
    """Uses one menu token and one chopsticks token per turn while it has them, then
    takes a die, cycling through the forms of every answer."""

    def __init__(self) -> None:
        self.agent: RollHumanAgent | None = None
        self.prompts: list[str] = []
        self.used: set[tuple[str, int, int]] = set()
        self.n = 0

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        assert len(self.prompts) < 3000, "the game keeps asking"
        assert self.agent is not None and self.agent.view is not None
        view: RollView = self.agent.view
        belt = view.belts[0]
        self.n += 1
        if prompt.startswith("Re-roll which"):
            return "1"
        if prompt.startswith("Chopsticks: your die"):
            return "1"
        if prompt.startswith("Chopsticks: swap with whose"):
            return str(self._other(view, belt[0])[0])
        if prompt.startswith("Chopsticks: the die you take"):
            return self._other(view, belt[0])[1]
        assert prompt.startswith("Your move"), prompt
        key = (view.round, view.cycle)
        if view.menus[0] and ("m", *key) not in self.used:
            self.used.add(("m", *key))
            return "m 1" if self.n % 2 else f"menu:{belt[-1]}"
        if view.chopsticks[0] and ("c", *key) not in self.used:
            self.used.add(("c", *key))
            seat, theirs = self._other(view, belt[0])
            if seat >= 0:
                return "c" if self.n % 2 else f"chopsticks:{belt[0]},{seat},{theirs}"
        return ("1", belt[-1], f"take:{belt[0]}")[self.n % 3]

    @staticmethod
    def _other(view: RollView, mine: str) -> tuple[int, str]:
        for rel in range(1, view.seats):
            for face in view.belts[rel]:
                if face != mine:
                    return view.absolute(rel), face
        return -1, ""


def final_rows(text: str, names: Sequence[str]) -> list[list[int]]:
    """The numbers of each row of the final table, read back from the output."""
    tail = text[text.index("Final scores") :]
    rows = []
    for name in names:
        m = re.search(rf"^\s*{re.escape(name)}\s+([-+\d ]+)$", tail, re.MULTILINE)
        assert m, f"no final row for {name}"
        rows.append([int(x) for x in m.group(1).split()])
    return rows


def check_final_table(out: str, names: Sequence[str], players: int) -> list[int]:
    """The final table adds up as the rulebook says; returns the totals."""
    rows = final_rows(out, names)
    puddings = [r[3] for r in rows]
    most, fewest = max(puddings), min(puddings)
    for r in rows:
        r1, r2, r3, pudd, pudd_pts, left, token_pts, total = r
        want = 0
        if most != fewest:
            want = 6 if pudd == most else (-6 if pudd == fewest and players > 2 else 0)
        assert pudd_pts == want
        assert token_pts == left // 2
        assert total == r1 + r2 + r3 + pudd_pts + token_pts
    totals = [r[-1] for r in rows]
    best = max(totals)
    tied = [s for s in range(players) if totals[s] == best]
    top = max(puddings[s] for s in tied)
    won = [names[s] for s in tied if puddings[s] == top]
    line = next(x for x in out.splitlines() if x.startswith(("Winner", "Shared")))
    assert all(w in line for w in won) and f"{best} points" in line
    return totals


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 7)])
def test_whole_games(players: int, seed: int) -> None:
    rs = sushigo.make("sushi-roll", players=players)
    assert isinstance(rs, RollRuleset)
    console, buf = make_console()
    names = ["Tester"] + [f"Random {i}" for i in range(1, players)]
    table = RollTable(console, names)
    script = Eager()
    human = RollHumanAgent(console, script, names, show=table.screen)
    script.agent = human
    bots = [make_agent("random", 10 * seed + i) for i in range(players - 1)]
    state = play_game(rs, [human, *bots], seed, watcher=table, watch_seat=0)
    assert isinstance(state, RollState) and state.is_terminal()
    out = buf.getvalue()
    assert check_final_table(out, names, players) == state.returns()
    for r in (1, 2, 3):
        assert f"Round {r} scoring" in out and f"Round {r} of 3 " in out
    # Every die taken is told: each player takes one per cycle, per_player cycles a round.
    cycles = rs.per_player * 3
    assert sum(1 for x in table.lines if x.startswith("You took ")) == cycles
    assert sum(1 for x in table.lines if " took " in x) == cycles * players
    assert sum(1 for x in table.lines if x.startswith("Everyone has taken a die")) == 3 * (
        rs.per_player - 1
    )
    assert any(x.startswith("You used a menu token") for x in table.lines)
    assert any(x.startswith("You used a chopsticks token") for x in table.lines)
    assert any(p.startswith("Chopsticks: the die you take") for p in script.prompts)
    assert "Traceback" not in out and "is not allowed now" not in out


def test_run_play_writes_records_that_replay(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    for players, seed in ((2, 9), (4, 3)):
        console, buf = make_console()
        args = play_args(players=players, seed=seed, records=str(records))
        assert run_play(args, console=console, input_fn=Script()) == 0
        out = buf.getvalue()
        assert f"The game's record was added to {records}" in out
        names = ["Tester"] + [f"Random {i}" for i in range(1, players)]
        totals = check_final_table(out, names, players)
        record = json.loads(records.read_text().splitlines()[-1])
        assert record["game"] == "sushi-roll" and record["players"] == players
        assert record["agents"][0] == "human" and record["names"][0] == "Tester"
        assert replay(record).returns() == record["final_scores"] == totals
    assert len(records.read_text().splitlines()) == 2


def test_bad_answers_in_a_whole_game_do_not_lose_it() -> None:
    console, buf = make_console()
    script = Script(["banana", "m 9", "help", "c tempura,9,maki 3"], default="1")
    assert run_play(play_args(seed=2), console=console, input_fn=script) == 0
    out = buf.getvalue()
    assert "unknown die 'banana'" in out and "there is no die 9" in out
    assert "Game over" in out and "Traceback" not in out
    assert len(set(script.prompts[:5])) == 1  # the first question, asked again each time


def test_quit_and_end_of_input_leave_cleanly() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    console, buf = make_console()
    assert run_play(play_args(), console=console, input_fn=eof) == 1
    assert "End of input: the game was abandoned." in buf.getvalue()
    console, buf = make_console()
    assert run_play(play_args(), console=console, input_fn=Script(["quit"])) == 0
    assert "You left the game." in buf.getvalue() and "Game over" not in buf.getvalue()


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    cases = [
        (["--menu", "master-menu"], "Sushi Roll has no menu"),
        (["--variant", "dummy"], "Sushi Roll has no variants"),
        (["--players", "6"], "Sushi Roll is for 2 to 5 players"),
    ]
    for extra, message in cases:
        assert main(["play", "--game", "sushi-roll", *extra]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1


def test_dice_file(tmp_path: Path) -> None:
    # Every appetizer die shows sashimi on all six faces: no dumpling or tempura can appear.
    faces = {
        "appetizer": ["sashimi"] * 6,
        "maki": ["maki-1", "maki-1", "maki-2", "maki-2", "maki-3", "maki-3"],
        "nigiri": ["egg-nigiri"] * 2 + ["salmon-nigiri"] * 3 + ["squid-nigiri"],
        "special": ["wasabi", "wasabi", "chopsticks", "chopsticks-2", "menu", "menu-2"],
        "pudding": ["pudding-1"] * 3 + ["pudding-2"] * 2 + ["pudding-3"],
    }
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(faces))
    console, buf = make_console()
    args = play_args(dice=str(path), players=3)
    assert run_play(args, console=console, input_fn=Script(["quit"])) == 0
    out = buf.getvalue()
    assert out.startswith("Sushi Roll, 3 players, own dice faces - seed 4")
    assert "Dumpling" not in out and "Tempura" not in out and "Sashimi" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**faces, "maki": ["maki-1"] * 5}))
    with pytest.raises(OptionsError, match="the maki die has 6 faces, not 5"):
        run_play(play_args(dice=str(bad)), console=console, input_fn=Script())
    with pytest.raises(OptionsError, match="--dice goes with --game sushi-roll"):
        run_play(play_args(game="sushi-go", dice=str(path)), console=console, input_fn=Script())
