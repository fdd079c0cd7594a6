"""The terminal game for Sushi Go Party! (``sushigo play --game sushi-go-party``):
whole games scripted through injected input, and every kind of question asked on
positions built by hand."""

from __future__ import annotations

import argparse
import io
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console

import sushigo
from sushigo.agents import make_agent
from sushigo.cli import main
from sushigo.core.records import replay
from sushigo.games.party import MenuDraw, PartyDeal, PartyRuleset, PartyState
from sushigo.games.party.actions import Choice, PartyPick, parse_party_action
from sushigo.games.party.cards import PARTY_CARDS
from sushigo.games.party.scoring import parse_played
from sushigo.play import play_game
from sushigo.tui.app import run_play
from sushigo.tui.human import Quit
from sushigo.tui.party_app import PartyTable
from sushigo.tui.party_human import PartyHumanAgent
from sushigo.tui.party_screen import menu_table, pick_text, tableau_text, turn_screen

SPECIALS = ("chopsticks", "spoon", "menu", "takeout-box", "special-order")


def make_console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=140, color_system=None, force_terminal=False), buf


def text_of(renderable: object) -> str:
    console, buf = make_console()
    console.print(renderable)
    return buf.getvalue()


def play_args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "command": "play",
        "game": "sushi-go-party",
        "menu": "master-menu",
        "players": 3,
        "bots": "random",
        "variant": None,
        "seed": 5,
        "name": "Tester",
        "records": None,
    }
    base.update(kw)
    return argparse.Namespace(**base)


class Script:
    """An input function: answers from a list, then ``default`` forever; keeps the prompts."""

    def __init__(self, answers: Iterable[str] = (), default: str = "1") -> None:
        self.answers = list(answers)
        self.default = default
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        assert len(self.prompts) < 2000, "the game keeps asking"
        return self.answers.pop(0) if self.answers else self.default


class Eager:
    """A player who takes a special card (chopsticks, spoon, menu, takeout box, special
    order) whenever one is in hand, uses every bonus card, and flips everything."""

    def __init__(self) -> None:
        self.agent: PartyHumanAgent | None = None
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        assert len(self.prompts) < 2000, "the game keeps asking"
        if "[y/N]" in prompt:
            return "y"
        if prompt.startswith("Flip which"):
            return "all"
        if prompt.startswith("Your card") and self.agent is not None:
            assert self.agent.view is not None
            for i, card in enumerate(self.agent.view.hand, 1):
                if PARTY_CARDS.by_id[card].family in SPECIALS:
                    return str(i)
        return "1"


def eager_game(menu: str, players: int, seed: int) -> tuple[PartyState, str, Eager, PartyTable]:
    rs = sushigo.make("sushi-go-party", players=players, menu=menu)
    assert isinstance(rs, PartyRuleset)
    console, buf = make_console()
    names = ["Tester"] + [f"Bot {i}" for i in range(1, players)]
    table = PartyTable(console, names)
    script = Eager()
    human = PartyHumanAgent(console, script, names, show=table.screen)
    script.agent = human
    bots = [make_agent("random", 100 * seed + i) for i in range(players - 1)]
    state = play_game(rs, [human, *bots], seed, watcher=table, watch_seat=0)
    assert isinstance(state, PartyState)
    return state, buf.getvalue(), script, table


def final_totals(text: str, names: list[str]) -> list[int]:
    """The Total column of the final table, read back from the output."""
    tail = text[text.index("Final scores") :]
    out = []
    for name in names:
        m = re.search(rf"^\s*{re.escape(name)}\s.*?(-?\d+)\s*$", tail, re.MULTILINE)
        assert m, f"no final row for {name}"
        out.append(int(m.group(1)))
    return out


# ---------------------------------------------------------------------------
# Whole games


@pytest.mark.parametrize(
    ("menu", "players", "seed", "questions"),
    [
        ("master-menu", 4, 2, ("Your card", "Use Spoon", "Ask for which card?", "Flip which?")),
        ("points-platter", 4, 0, ("Your card", "Copy which card?", "Play it anyway?")),
        ("dinner-for-two", 2, 3, ("Your card", "Play which card?", "Copy which card?")),
        ("big-banquet", 6, 3, ("Your card", "Use Chopsticks", "your second card", "Ask for")),
        ("master-menu", 3, 3, ("Give which card?",)),
    ],
)
def test_whole_games(menu: str, players: int, seed: int, questions: tuple[str, ...]) -> None:
    state, out, script, table = eager_game(menu, players, seed)
    assert state.is_terminal()
    names = table.names
    assert final_totals(out, names) == state.returns()
    for r in (1, 2, 3):
        assert f"Round {r} scoring" in out
    end = out.split("Game over")[1]
    assert all(names[s] in end.split("Winner")[-1] or "Shared" in end for s in state.winners())
    # Every question kind this menu brings came up, and nothing went wrong.
    for q in questions:
        assert any(q in p for p in script.prompts), q
    assert "Traceback" not in out and "is not allowed now" not in out
    # Every turn of every round is summarised once, in order, with the picks revealed.
    hand = state.rules.hand_size
    assert [(r, t) for r, t, _ in table.summaries] == [
        (r, t) for r in range(3) for t in range(hand)
    ]
    for r, t, picks in table.summaries:
        assert picks == state.results[r].turns[t]


def test_menu_draws_of_other_players_stay_hidden() -> None:
    # Dinner for Two: the bot plays menus in these games too. Its draws are never listed;
    # the human's own draws are (only the human sees this screen).
    found_bot = found_own = False
    for seed in (0, 9, 10):
        _, out, _, _ = eager_game("dinner-for-two", 2, seed)
        for line in out.splitlines():
            m = re.search(r"(\w+( \d)?) used Menu \(\d\) and drew (\d) cards(.*)$", line)
            if not m:
                continue
            if m.group(1) == "You":
                found_own = True
                assert m.group(4).startswith(" (")
            else:
                found_bot = True
                assert re.match(r"(\.|, and played .*|: only menus.*)$", m.group(4)), line
    assert found_bot and found_own


def test_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "games.jsonl"
    for menu, players in (("points-platter", 4), ("dinner-for-two", 2)):
        console, buf = make_console()
        args = play_args(menu=menu, players=players, records=str(records), seed=9)
        assert run_play(args, console=console, input_fn=Script()) == 0
        assert f"The game's record was added to {records}" in buf.getvalue()
    lines = records.read_text().splitlines()
    assert len(lines) == 2
    for line in lines:
        record = json.loads(line)
        assert record["game"] == "sushi-go-party"
        assert record["agents"][0] == "human" and record["names"][0] == "Tester"
        assert replay(record).returns() == record["final_scores"]
    assert main(["replay", "--verify", str(records)]) == 0
    assert "2 verified, 0 failed" in capsys.readouterr().out


def test_greedy_bots_play_party() -> None:
    console, buf = make_console()
    args = play_args(bots="greedy", players=4, menu="big-banquet")
    assert run_play(args, console=console, input_fn=Script()) == 0
    assert "Game over" in buf.getvalue()


def test_menu_is_shown_at_the_start_and_on_request() -> None:
    console, buf = make_console()
    script = Script(["menu", "help", "table", "banana", "99", "", "1"], default="quit")
    assert run_play(play_args(), console=console, input_fn=script) == 0
    out = buf.getvalue()
    assert out.count("Menu: Master Menu") == 2  # at the start, and on request
    for kind, rule in (("Temaki", "Most temaki 4"), ("Takeout box", "flip any of your")):
        assert re.search(rf"{kind}\s.*{rule}", out)
    assert "Type the number of a card in your hand" in out  # help
    assert "unknown card 'banana'" in out
    assert "there is no card 99" in out
    assert "type the number or the name of the card" in out
    assert out.count("Round 1 of 3 - turn 1 of 10") >= 2  # the table again
    # All answers went to the first question, which was asked again each time.
    assert len(set(script.prompts[:7])) == 1
    assert "You left the game." in out
    assert "Traceback" not in out


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    cases = [
        (["--menu", "master-menu", "--players", "2"], "spoon may only be used with 3 to 8"),
        (["--menu", "masterchef"], "unknown menu 'masterchef'"),
        (["--menu", "dinner-for-two", "--players", "7"], "menu may only be used with 2 to 6"),
        (["--variant", "dummy"], "--variant is for sushi-go"),
    ]
    for extra, message in cases:
        assert main(["play", "--game", "sushi-go-party", *extra]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1
    assert main(["play", "--menu", "master-menu"]) == 2
    assert "--menu goes with --game sushi-go-party" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# Every question, on positions built by hand


def deal(menu: str, hands: list[str], added: tuple[str, ...]) -> PartyState:
    """A new game of ``len(hands)`` players dealt these hands (space-separated cards,
    ``card*N`` for N copies)."""
    rs = sushigo.make("sushi-go-party", players=len(hands), menu=menu)
    assert isinstance(rs, PartyRuleset)
    state = rs.new_game()
    cards = []
    for hand in hands:
        one: list[str] = []
        for word in hand.split():
            card, _, n = word.partition("*")
            one.extend([card] * int(n or 1))
        cards.append(tuple(one))
    state.apply_chance(PartyDeal(added, tuple(cards)))
    return state


def turn(state: PartyState, *picks: str) -> None:
    state.apply({s: parse_party_action(p) for s, p in enumerate(picks)})


def ask_human(
    state: PartyState, answers: list[str], names: list[str] | None = None
) -> tuple[object, str, Script]:
    console, buf = make_console()
    names = names or ["Tester"] + [f"Bot {i}" for i in range(1, state.rules.players)]
    script = Script(answers, default="quit")
    agent = PartyHumanAgent(console, script, names)
    action = agent.act(state.observe(0), state.legal_actions(0))
    assert action in state.legal_actions(0)
    return action, buf.getvalue(), script


GTI = ("green-tea-ice-cream",) * 5
FRUIT = (
    ("fruit-orange-orange",) * 2 + ("fruit-pineapple-pineapple",) * 2 + ("fruit-watermelon-orange",)
)
CHOP_SPOON = "maki,tempura,dumpling,eel,chopsticks,spoon,pudding"


def special_order_state() -> PartyState:
    """Dinner for Two, turn 3: seat 0 has tofu and an onigiri in front of it and a
    special order in hand."""
    state = deal(
        "dinner-for-two",
        [
            "tofu special-order miso-soup egg-nigiri*4 salmon-nigiri*3",
            "onigiri-circle uramaki-3*2 uramaki-4*2 squid-nigiri*3 onigiri-square tofu",
        ],
        FRUIT,
    )
    turn(state, "tofu", "uramaki-3")
    turn(state, "onigiri-circle", "egg-nigiri")
    return state


@pytest.mark.parametrize(
    ("answers", "copy", "asked"),
    [
        (["special order", "2"], "onigiri-circle", True),
        (["8", "tofu"], "tofu", True),
        (["special order=onigiri"], "onigiri-circle", False),
        (["8 as tofu"], "tofu", False),
        (["8", "back", "special", "1"], "tofu", True),
    ],
)
def test_special_order_asks_what_it_copies(answers: list[str], copy: str, asked: bool) -> None:
    state = special_order_state()
    assert state.observe(0).hand[7] == "special-order"
    pick, out, script = ask_human(state, answers)
    assert pick == PartyPick("special-order", copy)
    assert ("Copy which card?" in script.prompts[-1]) is asked
    if asked:
        assert "Your special order may copy:" in out
        assert re.search(r"1 Tofu\s+2 Onigiri \(circle\)", out)


def test_special_order_mistakes_are_explained() -> None:
    state = special_order_state()
    pick, out, _ = ask_human(state, ["8=eel", "1=tofu", "8=", "special-order=tofu"])
    assert pick == PartyPick("special-order", "tofu")
    assert "can copy only a card you played earlier this round: Tofu, Onigiri (circle)" in out
    assert "only a special order copies a card" in out
    assert "say what the special order copies after '='" in out


def bonus_state() -> PartyState:
    """Three players with chopsticks and spoons; seat 0 played chopsticks-1 on turn 1
    and spoon-4 on turn 2."""
    state = deal(
        CHOP_SPOON,
        [
            "chopsticks-1 maki-1 maki-2 tempura*3 dumpling*2 eel pudding",
            "maki-3 maki-2 tempura*2 dumpling*3 eel*2 pudding",
            "spoon-4 maki-1 maki-3 tempura*2 dumpling*2 eel*3",
        ],
        ("pudding",) * 5,
    )
    turn(state, "chopsticks-1", "maki-3", "maki-1")
    assert "spoon-4" in state.observe(0).hand
    return state


def test_one_bonus_card_is_offered_with_a_question() -> None:
    state = bonus_state()
    # Turn 2: the chopsticks from turn 1 may be called.
    pick, out, script = ask_human(state, ["spoon", "maybe", "n"])
    assert pick == PartyPick("spoon-4")
    assert "add 'call' to use Chopsticks (1)" in script.prompts[0]
    assert script.prompts[1].startswith("Use Chopsticks (1) this turn (play a second card")
    assert "answer y or n" in out
    pick, _, script = ask_human(state, ["maki 3", "y"])
    assert pick == PartyPick("maki-3", None, "chopsticks-1")
    pick, _, script = ask_human(state, ["maki 3 call"])
    assert pick == PartyPick("maki-3", None, "chopsticks-1")
    assert len(script.prompts) == 1


def test_two_bonus_cards_are_listed() -> None:
    state = bonus_state()
    turn(state, "spoon-4", "tempura", "tempura")
    hand = state.observe(0).hand
    pick, out, script = ask_human(state, ["1", "2"])
    assert pick == PartyPick(hand[0], None, "spoon-4")
    assert script.prompts[1] == "Use one this turn? (0-2) [0]: "
    assert re.search(r"1 Chopsticks \(1\)\s+2 Spoon \(4\)", out)
    pick, out, _ = ask_human(state, ["1 call", "1 call:spoon-5", "1 call chopsticks"])
    assert pick == PartyPick(hand[0], None, "chopsticks-1")
    assert "say which card you call: Chopsticks (1) or Spoon (4)" in out
    assert "you can call Chopsticks (1) or Spoon (4) this turn, not spoon-5" in out
    pick, _, _ = ask_human(state, ["1", ""])
    assert pick == PartyPick(hand[0])


def test_no_call_without_a_bonus_card() -> None:
    state = bonus_state()
    console, buf = make_console()
    # Seat 1 has no bonus card: 'call' is refused there.
    agent = PartyHumanAgent(console, Script(["1 call", "1"]), ["A", "B", "C"])
    pick = agent.act(state.observe(1), state.legal_actions(1))
    assert isinstance(pick, PartyPick) and pick.call is None
    assert "you have no chopsticks or spoon from an earlier turn" in buf.getvalue()


def test_chopsticks_second_card() -> None:
    state = bonus_state()
    turn(state, "spoon-4 call:chopsticks-1", "tempura", "tempura")
    assert state.pending is not None and state.pending.kind == "take"
    hand = state.observe(0).hand
    choice, out, script = ask_human(state, ["pudding", "dumpling"])
    assert choice == Choice("take", ("dumpling",))
    assert script.prompts[0].startswith("Chopsticks (1): your second card (1-")
    assert "you have no Pudding in your hand" in out
    assert "You are choosing a second card to play with Chopsticks (1)." in out
    assert len(hand) >= 2


def test_spoon_request() -> None:
    state = bonus_state()
    turn(state, "spoon-4", "tempura", "tempura")
    turn(state, "maki-2 call:spoon-4", "dumpling", "dumpling")
    assert state.pending is not None and state.pending.kind == "ask"
    choice, out, script = ask_human(state, ["tofu", "40", "maki"])
    assert choice == Choice("ask", ("maki",))
    assert "Tofu is not on the menu; ask for one of the cards listed" in out
    assert "there is no 40" in out
    assert re.search(r"1 Nigiri \(any\)\s+2 Egg nigiri", out)
    assert "Maki rolls (any)" in out and "Maki 3" in out
    choice, _, _ = ask_human(state, ["maki 3"])
    assert choice == Choice("ask", ("maki-3",))
    choice, _, _ = ask_human(state, ["1"])
    assert choice == Choice("ask", ("nigiri",))


def test_giving_to_a_spoon() -> None:
    # Seat 2 has a spoon; seat 0 (its first neighbour to the left) holds maki-1 and
    # maki-2 when seat 2 asks for any maki.
    state = deal(
        CHOP_SPOON,
        [
            "tempura*2 dumpling*3 eel*3 maki-3*2",
            "tempura*2 dumpling*3 eel*3 maki-3 pudding",
            "spoon-4 maki-1 maki-2 tempura*2 dumpling*2 eel*2 pudding",
        ],
        ("pudding",) * 5,
    )
    turn(state, "tempura", "tempura", "spoon-4")
    assert {"maki-1", "maki-2"} <= set(state.hand(0))
    turn(state, "tempura", "tempura", "tempura call:spoon-4")
    state.apply({2: Choice("ask", ("maki",))})
    assert state.pending is not None and state.pending.kind == "give"
    assert state.pending.seat == 0
    choice, out, _ = ask_human(state, ["maki 3", "2"], ["Ann", "Ben", "Cat"])
    assert choice == Choice("give", ("maki-2",))
    assert "Cat's Spoon (4) asks for Maki rolls (any), and you hold more than one" in out
    assert "you cannot give Maki 3: give one of the cards listed" in out


def menu_state() -> PartyState:
    state = deal(
        "dinner-for-two",
        [
            "menu-7 tofu*2 onigiri-circle egg-nigiri*3 uramaki-3*3",
            "menu-8 tofu onigiri-square salmon-nigiri*3 uramaki-4*4",
        ],
        FRUIT,
    )
    return state


def test_menu_order_shows_the_draw_only_to_its_player() -> None:
    state = menu_state()
    names = ["Tester", "Bot"]
    console, buf = make_console()
    table = PartyTable(console, names)
    turn(state, "menu-7", "menu-8")
    table("turn", state.observe(0))
    # Seat 0's menu (7) resolves first.
    draw = MenuDraw(("miso-soup", "menu-9", "special-order", "uramaki-5"))
    state.apply_chance(draw)
    table("chance", state.observe(0))
    assert state.pending is not None and state.pending.seat == 0
    choice, out, script = ask_human(state, ["menu 9", "9", "miso soup"])
    assert choice == Choice("order", ("miso-soup",))
    assert script.prompts[0] == "Play which card? (1-3 or a name): "
    assert "Your Menu (7) drew (only you see them):" in out
    assert re.search(r"1 Uramaki \(5\)\s+2 Miso soup\s+3 Special order\n", out)
    assert "Also drawn, but a menu cannot be played from a menu: Menu (9)" in out
    assert "a menu cannot be played from a menu" in out
    assert "there is no 9" in out
    state.apply({0: choice})
    table("turn", state.observe(0))
    # Seat 1's menu (8): its draw is shown to nobody else.
    secret = MenuDraw(("fruit-watermelon-orange", "onigiri-rectangle", "tofu", "uramaki-5"))
    state.apply_chance(secret)
    table("chance", state.observe(0))
    state.apply({1: Choice("order", ("tofu",))})
    table("turn", state.observe(0))
    screen = text_of(table.screen(state.observe(0)))
    out = buf.getvalue() + screen
    assert "You used Menu (7) and drew 4 cards (Miso soup, Menu (9), Special order" in out
    assert "You played Miso soup from the cards drawn." in out
    assert "Bot used Menu (8) and drew 4 cards." in out
    assert "Bot played Tofu from the cards drawn." in out
    assert "watermelon" not in out and "Onigiri (rectangle)" not in out


class Watched:
    """A position played by hand, told to a :class:`PartyTable` step by step as the
    game loop would: ``watcher(event, view)`` with seat 0's view after each step."""

    def __init__(self, state: PartyState, names: list[str]) -> None:
        self.state = state
        self.console, self.buf = make_console()
        self.table = PartyTable(self.console, names)

    def turn(self, *picks: str) -> None:
        joint = {s: parse_party_action(p) for s, p in enumerate(picks)}
        self.state.apply(joint)
        self.table("turn", self.state.observe(0))

    def choose(self, seat: int, choice: Choice) -> None:
        self.state.apply({seat: choice})
        self.table("turn", self.state.observe(0))

    def draw(self, draw: MenuDraw) -> None:
        self.state.apply_chance(draw)
        self.table("chance", self.state.observe(0))

    def recent(self) -> str:
        return "".join(text_of(r) for r in self.table.recent())


def test_steps_the_rules_decide_alone_are_told() -> None:
    # Seat 0 played chopsticks and seat 2 a spoon on turn 1. On turn 2 seat 0 calls its
    # chopsticks with only eels left in hand: the second card is an eel without asking.
    # Seat 2 then asks for an eel; seat 0, first to its left, holds only eels: it gives
    # one without asking. Nobody but seat 2 (naming the card) decides anything.
    state = deal(
        CHOP_SPOON,
        [
            "chopsticks-1 maki-1 maki-2 tempura*3 dumpling*3 pudding",
            "maki-3 maki-2 tempura*2 dumpling*3 salmon-nigiri*2 pudding",
            "spoon-4 tempura eel*8",
        ],
        ("pudding",) * 5,
    )
    game = Watched(state, ["Tester", "Ben", "Cat"])
    game.turn("chopsticks-1", "maki-3", "spoon-4")
    assert state.hand(0) == ("tempura",) + ("eel",) * 8
    game.turn("tempura call:chopsticks-1", "dumpling", "dumpling call:spoon-4")
    # The chopsticks were resolved without a question; now Cat names the card.
    assert state.pending is not None and (state.pending.kind, state.pending.seat) == ("ask", 2)
    assert ("take", 0, ("chopsticks-1", "eel")) in [(h.what, h.seat, h.cards) for h in state.log]
    screen = game.recent()
    assert "Tempura, calling Chopsticks (1)" in screen
    assert "You used Chopsticks (1) and played Eel." in screen
    assert "Turn 2: everyone revealed" not in game.buf.getvalue()  # the turn is not over
    game.choose(2, Choice("ask", ("eel",)))
    assert state.pending is None and state.turn == 2  # the eel was given without asking
    assert [(h.what, h.seat, h.cards, h.other) for h in state.log[-2:]] == [
        ("ask", 2, ("spoon-4", "eel"), -1),
        ("give", 0, ("eel",), 2),
    ]
    out = game.buf.getvalue()
    turn2 = out[out.index("Turn 2: everyone revealed") :]
    assert re.search(r"Tester\s+Tempura, calling Chopsticks \(1\)\s*\n", turn2)
    assert re.search(r"Cat\s+Dumpling, calling Spoon \(4\)\s*\n", turn2)
    took = turn2.index("  You used Chopsticks (1) and played Eel.\n")
    gave = turn2.index("  Cat used Spoon (4) and asked for Eel: you gave Eel.\n")
    assert took < gave  # chopsticks (1) resolve before spoon (4)
    assert "holds more than one" not in out and "hold more than one" not in out
    assert game.table.summaries == [
        (0, 0, ("chopsticks-1", "maki-3", "spoon-4")),
        (0, 1, ("tempura call:chopsticks-1", "dumpling", "dumpling call:spoon-4")),
    ]
    assert game.recent() == ""  # turn 3 has not been revealed


def test_menu_and_special_order_decided_alone_are_told() -> None:
    # Dinner for Two. Seat 0 played tofu on turn 1 and a menu on turn 2. The menu draws
    # three special orders and a menu: a special order is the only card it may play, and
    # the tofu is the only card that special order can copy. Nobody is asked anything.
    state = deal(
        "dinner-for-two",
        [
            "tofu egg-nigiri*4 salmon-nigiri*4 squid-nigiri",
            "menu-7 tofu uramaki-3*4 onigiri-circle miso-soup*3",
        ],
        FRUIT,
    )
    game = Watched(state, ["Tester", "Bot"])
    game.turn("tofu", "tofu")
    game.turn("menu-7", "egg-nigiri")
    game.draw(MenuDraw(("special-order", "menu-9", "special-order", "special-order")))
    assert state.pending is None and state.turn == 2
    assert [p.token for p in state.tableau(0)] == ["tofu", "special-order=tofu"]
    out = game.buf.getvalue()
    turn2 = " ".join(out[out.index("Turn 2: everyone revealed") :].split())  # lines wrap
    assert (
        "Bot Egg nigiri You used Menu (7) and drew 4 cards (Special order, Menu (9), "
        "Special order, Special order), and played Special order, the only card it could. "
        "Your special order copies Tofu, the only card it could."
    ) in turn2
    assert game.table.summaries == [(0, 0, ("tofu", "tofu")), (0, 1, ("menu-7", "egg-nigiri"))]


def test_special_order_played_later_asks_its_copy() -> None:
    state = deal(
        "dinner-for-two",
        [
            "tofu egg-nigiri*4 salmon-nigiri*3 menu-7 onigiri-circle",
            "onigiri-square uramaki-3*2 uramaki-4*2 squid-nigiri*3 menu-8 tofu",
        ],
        FRUIT,
    )
    turn(state, "tofu", "uramaki-3")
    turn(state, "onigiri-square", "egg-nigiri")
    turn(state, "menu-7", "squid-nigiri")
    state.apply_chance(MenuDraw(("special-order", "miso-soup", "tofu", "menu-9")))
    state.apply({0: Choice("order", ("special-order",))})
    assert state.pending is not None and state.pending.kind == "copy"
    choice, out, script = ask_human(state, ["menu", "2"])
    assert choice == Choice("copy", ("onigiri-square",))
    assert "You play a special order." in out
    assert script.prompts[-1].startswith("Copy which card? (1-2")


@pytest.mark.parametrize(
    ("answer", "flipped"),
    [
        ("1,2", ("temaki", "tofu")),
        ("2", ("tofu",)),
        ("all", ("temaki", "tofu")),
        ("none", ()),
        ("tofu", ("tofu",)),
    ],
)
def test_takeout_box_flip(answer: str, flipped: tuple[str, ...]) -> None:
    state = deal(
        "master-menu",
        [
            "temaki tofu*2 sashimi*2 onigiri-circle egg-nigiri*2 salmon-nigiri takeout-box-10",
            "temaki*3 tofu sashimi*3 onigiri-square takeout-box-11 spoon-5",
            "temaki*3 tofu*3 sashimi*2 onigiri-triangle squid-nigiri",
        ],
        FRUIT + ("fruit-orange-orange",) * 0,
    )
    turn(state, "temaki", "temaki", "temaki")
    turn(state, "tofu", "tofu", "tofu")
    hand = state.observe(0).hand
    assert "takeout-box-10" in hand or "takeout-box-11" in hand
    box = "takeout-box-10" if "takeout-box-10" in hand else "takeout-box-11"
    rest = [c for c in state.hand(1) if c != "takeout-box-10"][0]
    turn(state, box, rest, state.hand(2)[0])
    assert state.pending is not None and state.pending.kind == "flip"
    choice, out, script = ask_human(state, ["7", "", "eel", answer])
    assert choice == Choice("flip", flipped)
    assert re.search(r"1 Temaki\s+2 Tofu", out)
    assert "there is no card 7" in out
    assert "type the numbers of the cards to flip" in out
    assert "unknown card 'eel'" in out or "no other Eel can be flipped" in out
    assert script.prompts[0] == "Flip which? (numbers like 1,3; all; none): "


def test_quit_and_end_of_input_leave_cleanly() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    for fn, code, message in (
        (eof, 1, "End of input"),
        (Script([], default="quit"), 0, "You left the game"),
    ):
        console, buf = make_console()
        read: Callable[[str], str] = fn
        assert run_play(play_args(), console=console, input_fn=read) == code
        assert message in buf.getvalue()
    state = special_order_state()
    with pytest.raises(Quit):
        ask_human(state, ["special order", "quit"])


# ---------------------------------------------------------------------------
# Rendering


def test_tableau_groups_by_colour_with_copies_flips_and_wasabi() -> None:
    tab = [
        parse_played(t)
        for t in (
            "wasabi/covered",
            "tempura",
            "squid/on-wasabi",
            "special-order=tempura",
            "flipped:eel",
            "egg-nigiri",
            "special-order=wasabi",
            "flipped:special-order",
            "maki-2",
            "maki-2",
        )
    ]
    assert tableau_text(tab).plain == (
        "Wasabi+Squid nigiri, Egg nigiri, Special order (as Wasabi) | "
        "Tempura, Special order (as Tempura) | Face-down [Eel], Face-down [Special order] | "
        "Maki 2 x2"
    )


def test_pick_text_and_menu_table() -> None:
    assert pick_text(PartyPick("tempura", None, "chopsticks-2")).plain == (
        "Tempura, calling Chopsticks (2)"
    )
    assert pick_text(PartyPick("special-order", "maki-3")).plain == "Special order (as Maki 3)"
    assert pick_text(PartyPick("special-order", "flipped")).plain == (
        "Special order (as a face-down card)"
    )
    assert pick_text(PartyPick("eel", None, "special-order=spoon-5")).plain == (
        "Eel, calling Special order (as Spoon (5))"
    )
    rs = sushigo.make("sushi-go-party", players=6, menu="big-banquet")
    assert isinstance(rs, PartyRuleset)
    text = text_of(menu_table(rs.menu, 6))
    assert "Most maki icons 6, second 4, third 2" in text
    assert text.count("\n") >= 8
    for kind in ("Nigiri", "Maki rolls", "Tempura", "Dumpling", "Eel", "Spoon", "Chopsticks"):
        assert kind in text


def test_screen_shows_pending_and_known_hands_only() -> None:
    state = bonus_state()
    turn(state, "spoon-4", "tempura", "tempura")
    turn(state, "maki-2 call:spoon-4", "dumpling", "dumpling")
    view = state.observe(1)  # seat 1 watches seat 0 ask
    text = text_of(turn_screen(view, ["Ann", "Ben", "Cat"]))
    assert "Ann is naming the card Spoon (4) asks for." in text
    assert view.hands[1] is not None and view.hands[2] is not None
    assert "Cat now holds (seen earlier): " in text and "Ann now holds" in text
    assert "Desserts kept" in text and "Hand" in text
