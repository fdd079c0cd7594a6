"""The terminal game (``sushigo play``): whole games scripted through injected input."""

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
from sushigo.core.errors import OptionsError
from sushigo.core.records import replay
from sushigo.games.classic import CLASSIC_CARDS, ClassicRuleset, ClassicState, Deal, Pick
from sushigo.tui.app import play_session, run_play, seats_and_bots
from sushigo.tui.human import HumanAgent, Quit, parse_cards


def make_console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=120, color_system=None, force_terminal=False), buf


def play_args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "command": "play",
        "game": "sushi-go",
        "players": None,
        "bots": "random",
        "variant": None,
        "seed": 7,
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
        return self.answers.pop(0) if self.answers else self.default


def printed_totals(text: str, names: list[str]) -> list[int]:
    """The Total column of the final table, read back from the output."""
    tail = text[text.index("Final scores") :]
    out = []
    for name in names:
        m = re.search(rf"^\s*{re.escape(name)}\s.*?(-?\d+)\s*$", tail, re.MULTILINE)
        assert m, f"no final row for {name}"
        out.append(int(m.group(1)))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_whole_game_totals_match_state(players: int) -> None:
    ruleset = sushigo.make("sushi-go", players=players)
    assert isinstance(ruleset, ClassicRuleset)
    bots = [make_agent("random", 100 + i) for i in range(players - 1)]
    names = ["Tester"] + [f"Bot {i}" for i in range(1, players)]
    console, buf = make_console()
    script = Script()
    state = play_session(ruleset, bots, names, 11, console=console, input_fn=script)
    assert state.is_terminal()
    out = buf.getvalue()
    assert printed_totals(out, names) == state.returns()
    for r in (1, 2, 3):
        assert f"Round {r} scoring" in out
    winners = [names[s] for s in state.winners()]
    assert all(w in out.split("Game over")[1] for w in winners)
    # Asked at most once per turn (never for a last card or a hand of one card type).
    assert 3 <= len(script.prompts) <= 3 * (ruleset.hand_size - 1)
    assert all(p.startswith("Your card") for p in script.prompts)


@pytest.mark.parametrize("players", [2, 4])
def test_run_play_writes_a_replayable_record(players: int, tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    console, buf = make_console()
    args = play_args(players=players, records=str(records))
    assert run_play(args, console=console, input_fn=Script()) == 0
    assert run_play(args, console=console, input_fn=Script()) == 0
    lines = records.read_text().splitlines()
    assert len(lines) == 2
    record = json.loads(lines[0])
    state = replay(record)
    assert state.returns() == record["final_scores"]
    assert record["agents"][0] == "human"
    assert record["names"][0] == "Tester"
    out = buf.getvalue()
    first_game = out[: out.index("Game over") + 2000]
    assert printed_totals(first_game, record["names"]) == record["final_scores"]
    # Same seed, same typing: the same game.
    assert json.loads(lines[1])["final_scores"] == record["final_scores"]


def test_bad_input_reprompts_with_a_message() -> None:
    console, buf = make_console()
    script = Script(["banana", "99", "", "1+2", "1+1", "2 5", "help"])
    assert run_play(play_args(players=2), console=console, input_fn=script) == 0
    out = buf.getvalue()
    assert "unknown card 'banana'" in out
    assert "there is no card 99" in out
    assert "type the number or the name of the card" in out
    assert "only with a chopsticks card in front of you" in out
    assert "same card twice" in out
    assert "join two cards with '+'" in out
    assert "Type the number of a card" in out  # help
    assert "Traceback" not in out
    # The first turn took all eight answers (seven rejected, then "1").
    assert script.prompts[0] == script.prompts[7]
    assert "Game over" in out


def test_dummy_variant_asks_for_the_dummys_card(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    console, buf = make_console()
    script = Script()
    args = play_args(players=None, bots=None, variant=["dummy"], records=str(records))
    assert run_play(args, console=console, input_fn=script) == 0
    dummy_prompts = [p for p in script.prompts if "dummy" in p.lower()]
    assert dummy_prompts, "the controller must be asked for the dummy's card"
    out = buf.getvalue()
    assert "You control the dummy this turn" in out
    assert "Dummy" in out.split("Final scores")[1]
    record = json.loads(records.read_text())
    assert record["options"]["dummy"] is True
    assert len(record["names"]) == 3
    assert replay(record).returns() == record["final_scores"]


def test_dummy_card_given_on_one_line_and_back() -> None:
    ruleset = sushigo.make("sushi-go", players=2, dummy=True)
    assert isinstance(ruleset, ClassicRuleset)
    console, buf = make_console()
    # First turn (seat 0 controls): "back" at the dummy prompt, then a one-line pick.
    script = Script(["1", "back", "1 dummy:9"])
    bots = [make_agent("random", 3)]
    state = play_session(ruleset, bots, ["Tester", "Bot"], 5, console=console, input_fn=script)
    assert state.is_terminal()
    assert script.prompts[1].startswith("Card for the dummy")
    assert not script.prompts[2].startswith("Card for the dummy")
    first = state.results[0].turns[0]
    hand = CLASSIC_CARDS.sort(state.results[0].hands[0] + (state.results[0].draws[0],))
    assert first[0] == (hand[0],)
    assert first[2] == (hand[8],)


def _chopsticks_state() -> ClassicState:
    """Seat 0 has chopsticks in front of it and holds
    tempura, sashimi, dumpling, maki-2, maki-3, egg, salmon, pudding, wasabi."""
    ruleset = sushigo.make("sushi-go", players=2)
    assert isinstance(ruleset, ClassicRuleset)
    state = ruleset.new_game()
    state.apply_chance(
        Deal(
            (
                (
                    "chopsticks",
                    "wasabi",
                    "squid-nigiri",
                    "tempura",
                    "tempura",
                    "sashimi",
                    "sashimi",
                    "dumpling",
                    "dumpling",
                    "pudding",
                ),
                (
                    "maki-1",
                    "maki-2",
                    "maki-3",
                    "egg-nigiri",
                    "salmon-nigiri",
                    "tempura",
                    "sashimi",
                    "dumpling",
                    "pudding",
                    "wasabi",
                ),
            )
        )
    )
    state.apply({0: Pick(("chopsticks",)), 1: Pick(("maki-1",))})
    return state


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("9+7", ("wasabi", "salmon-nigiri")),
        ("7+9", ("salmon-nigiri", "wasabi")),
        ("wasabi+salmon", ("wasabi", "salmon-nigiri")),
        ("wasabi + 7", ("wasabi", "salmon-nigiri")),
        ("2+1", ("tempura", "sashimi")),  # order does not matter here: the legal form
    ],
)
def test_chopsticks_notation(typed: str, expected: tuple[str, ...]) -> None:
    state = _chopsticks_state()
    view = state.observe(0)
    legal = state.legal_actions(0)
    console, buf = make_console()
    script = Script([typed], default="quit")
    agent = HumanAgent(console, script, ["A", "B"])
    pick = agent.act(view, legal)
    assert pick in legal
    assert pick.cards == expected
    assert "chopsticks in front of you" in buf.getvalue()


def test_ambiguous_prefix_asks_which_then_quit() -> None:
    state = _chopsticks_state()  # maki-2 and maki-3 both in hand
    console, buf = make_console()
    agent = HumanAgent(console, Script(["maki"], default="quit"), ["A", "B"])
    with pytest.raises(Quit):
        agent.act(state.observe(0), state.legal_actions(0))
    assert "could be maki-1 or maki-2 or maki-3" in buf.getvalue()


def test_ambiguous_prefix_resolved_by_the_hand() -> None:
    hand = ("tempura", "maki-3", "egg-nigiri")
    assert parse_cards("maki", hand) == (("maki-3",), None)
    assert parse_cards("3", hand) == (("egg-nigiri",), None)
    assert parse_cards("1 dummy:2", hand) == (("tempura",), "maki-3")


def test_eof_and_ctrl_c_end_the_game_cleanly() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    for fn, code, message in (
        (eof, 1, "End of input"),
        (interrupt, 130, "Interrupted"),
        (Script([], default="quit"), 0, "You left the game"),
    ):
        console, buf = make_console()
        read: Callable[[str], str] = fn
        assert run_play(play_args(players=3), console=console, input_fn=read) == code
        assert message in buf.getvalue()


def test_seats_and_bots_defaults() -> None:
    assert seats_and_bots(None, [], False) == (4, ["greedy"] * 3)
    assert seats_and_bots(None, [], True) == (2, ["greedy"])
    assert seats_and_bots(None, ["random", "greedy"], False) == (3, ["random", "greedy"])
    assert seats_and_bots(5, ["random"], False) == (5, ["random"] * 4)
    with pytest.raises(OptionsError, match="4 players need 3 bots"):
        seats_and_bots(4, ["random", "random"], False)


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from sushigo.cli import main

    assert main(["play", "--players", "7"]) == 2
    err = capsys.readouterr().err
    assert "2 to 5 players" in err and "Traceback" not in err
    assert main(["play", "--bots", "nobody"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err
    assert main(["play", "--variant", "dummy", "--players", "3"]) == 2
    assert "dummy variant is for 2 players" in capsys.readouterr().err


def test_greedy_falls_back_to_random_only_when_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import sushigo.tui.app as app

    def no_greedy(spec: str, seed: int | None = None) -> object:
        if spec == "greedy":
            raise OptionsError("unknown agent 'greedy'")
        return make_agent(spec, seed)

    monkeypatch.setattr("sushigo.tui.app.make_agent", no_greedy)
    agents, used, notes = app.make_bots(["greedy", "greedy"], [1, 2])
    assert used == ["random", "random"] and len(agents) == 2
    assert notes == ["The greedy bot is not available here; playing random bots."]
    with pytest.raises(OptionsError):
        app.make_bots(["nobody"], [1])
