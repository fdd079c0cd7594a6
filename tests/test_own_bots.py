"""Bring your own bot (docs/agents.md, "Your first bot"): every command that takes
agents takes ``path/to/bot.py:Name``, ``package.module:attribute`` and the names
installed packages register under the ``sushigo.agents`` entry points, with options;
tournament workers find them, spawned as well as forked; a bot that cannot be loaded
is refused with the reason, never a traceback."""

from __future__ import annotations

import functools
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import sushigo
from sushigo.agents.base import agent_names, external_spec, make_agent
from sushigo.cli import main
from sushigo.core.errors import OptionsError
from sushigo.play import tournament

BOT = '''
import random


class Cautious:
    """Keeps the first legal action, or a random one with ``wild``."""

    def __init__(self, seed=None, wild=0):
        self.name = "cautious"
        self.observes = True
        self.rng = random.Random(seed)
        self.wild = wild
        self.seen = 0

    def act(self, view, legal):
        self.seen += 1
        assert view is not None
        return self.rng.choice(legal) if self.wild else legal[0]


def make_plain(seed):
    """A bot with act only (no name, no observes): it gets them."""

    class Plain:
        def act(self, view, legal):
            return legal[-1]

    return Plain()
'''


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "mybot.py"
    path.write_text(BOT, encoding="utf-8")
    return path


def play(spec: str, game: str = "sushi-go", players: int = 3) -> list[int]:
    """One whole game: the bot of ``spec`` at seat 0, random bots elsewhere."""
    agents = [make_agent(spec, 1)] + [make_agent("random", s) for s in range(1, players)]
    rng = random.Random(0)
    state = sushigo.make(game, players=players).new_game()
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        state.apply(
            {s: agents[s].act(state.observe(s), state.legal_actions(s)) for s in state.to_act()}
        )
    return list(state.returns())


@pytest.mark.parametrize(
    ("spec", "read"),
    [
        ("bots/mine.py:Clever", ("bots/mine.py", "Clever", [])),
        (
            "bots/mine.py:Clever:depth=2:style=bold",
            ("bots/mine.py", "Clever", ["depth=2", "style=bold"]),
        ),
        ("mypackage.bots:make_bot", ("mypackage.bots", "make_bot", [])),
        ("./mine:Bot", ("./mine", "Bot", [])),
        ("mcts:ms=100", None),
        ("greedy", None),
        ("mcts:ms=1.5", None),
        ("mcts:ms", None),  # a built-in's option missing its value, not a module
    ],
)
def test_how_a_spec_is_read(spec: str, read: object) -> None:
    assert external_spec(spec) == read


@pytest.mark.parametrize("game", ["sushi-go", "sushi-go-party", "sushi-roll"])
def test_a_bot_from_a_file_plays_every_game(bot_file: Path, game: str) -> None:
    agent = make_agent(f"{bot_file}:Cautious:wild=1", seed=3)
    assert agent.name == "cautious" and agent.wild == 1  # type: ignore[attr-defined]
    assert len(play(f"{bot_file}:Cautious", game)) == 3


def test_a_bot_from_a_module_gets_a_name_and_observes(
    bot_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(bot_file.parent))
    agent = make_agent("mybot:make_plain", seed=0)
    assert (agent.name, agent.observes) == ("mybot:make_plain", True)
    play("mybot:make_plain")


def test_an_installed_package_registers_a_bot(
    tmp_path: Path, bot_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dist = tmp_path / "demo_bots-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: demo-bots\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[sushigo.agents]\ncautious = mybot:Cautious\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "cautious" in agent_names()
    agent = make_agent("cautious:wild=1", seed=2)
    assert agent.name == "cautious"
    play("cautious")


def test_the_commands_take_a_bot_of_your_own(
    bot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = f"{bot_file}:Cautious"
    argv = ["simulate", "--agents", f"{spec},random", "--games", "4", "--seed", "1", "--json"]
    assert main(argv) == 0
    assert spec in capsys.readouterr().out
    argv = ["tournament", "--agents", f"{spec},random", "--games", "4", "--jobs", "1"]
    assert main(argv) == 0


def test_spawned_tournament_workers_find_a_bot_from_a_file(
    bot_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spawn = functools.partial(ProcessPoolExecutor, mp_context=multiprocessing.get_context("spawn"))
    monkeypatch.setattr(tournament, "ProcessPoolExecutor", spawn)
    ruleset = sushigo.make("sushi-go", players=2)
    summary, results = tournament.run_tournament(
        ruleset, [f"{bot_file}:Cautious", "random"], games=4, seed=0, workers=2
    )
    _, alone = tournament.run_tournament(
        ruleset, [f"{bot_file}:Cautious", "random"], games=4, seed=0, workers=1
    )
    assert len(results) == 4 and summary.agents[0].stats["games"] == 4
    # the same games wherever they were played
    assert [r.scores for r in results] == [r.scores for r in alone]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("nowhere/bot.py:Bot", "no bot file"),
        ("{dir}/broken.py:Bot", "loading"),
        ("{dir}/mybot.py:Missing", "has no bot class or function 'Missing'; it has: Cautious"),
        ("{dir}/mybot.py:Cautious:speed=3", "has no option 'speed'"),
        ("{dir}/nobot.py:Thing", "has no act(view, legal) method"),
        ("not_a_module_anywhere.sub:Bot", "importing 'not_a_module_anywhere.sub' failed"),
        ("nosuchbot", "unknown agent 'nosuchbot'"),
    ],
)
def test_a_bot_that_cannot_be_had_is_refused_with_the_reason(
    bot_file: Path, spec: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = bot_file.parent
    (folder / "broken.py").write_text("def oops(:\n")
    (folder / "nobot.py").write_text("class Thing:\n    pass\n")
    spec = spec.format(dir=folder)
    with pytest.raises(OptionsError) as err:
        make_agent(spec)
    assert words in str(err.value)
    assert main(["simulate", "--agents", f"{spec},random", "--games", "1"]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "Traceback" not in captured.err


def test_the_first_bot_of_the_docs_runs_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "agents.md").read_text()
    first = doc[doc.index("## Your first bot") :]
    start = first.index("```python\n") + len("```python\n")
    code = first[start : first.index("```\n", start)]
    assert len(code.strip().splitlines()) <= 15
    (tmp_path / "mybot.py").write_text(code, encoding="utf-8")
    spec = f"{tmp_path / 'mybot.py'}:FirstCard"
    assert make_agent(f"{spec}:greed=0").greed == 0  # type: ignore[attr-defined]
    argv = ["tournament", "--agents", f"{spec}:greed=0,greedy,random", "--games", "6"]
    assert main([*argv, "--jobs", "1"]) == 0
    assert "path/to/bot.py:Name" in doc and "sushigo.agents" in doc


def test_the_web_server_offers_its_own_bots_as_seats(bot_file: Path, tmp_path: Path) -> None:
    from web_client import client, create, play_out, socket, until

    bots = {"cautious": f"{bot_file}:Cautious"}
    with client(tmp_path / "bots.db", bots=bots) as c:
        offered = [b["name"] for b in c.get("/api/options").json()["bots"]]
        assert offered == ["random", "greedy", "mcts", "policy", "cautious"]
        t = create(c, "sushi-go", 3, ["cautious", "greedy"])
        summary = c.get(f"/api/tables/{t['id']}").json()
        assert summary["seats"][1]["name"] == "cautious (bot)"
        with socket(c, t["id"]) as ws:
            ws.send_json({"type": "join", "token": t["token"]})
            until(ws, "welcome")
            final = play_out(ws)
        assert final["frame"]["over"]
        refused = c.post(
            "/api/tables",
            json={
                "game": "sushi-go",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "other"}],
            },
        )
        assert refused.status_code == 400
        assert "a bot is one of random, greedy, mcts, policy, cautious" in refused.json()["error"]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("clever", "write NAME=SPEC"),
        ("greedy=random", "the name must be new"),
        ("no good=random", "the name must be new"),
        ("clever=nowhere.py:Bot", "no bot file"),
    ],
)
def test_serve_refuses_a_bot_it_cannot_offer(value: str, words: str) -> None:
    from sushigo.web.serve import parse_bots

    with pytest.raises(OptionsError) as err:
        parse_bots([value])
    assert words in str(err.value)
