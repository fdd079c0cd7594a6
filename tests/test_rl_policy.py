"""A trained network as an agent (sushigo.rl.policy): weights files, the agent spec,
and that it plays the slot its network rates highest."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import sushigo
from sushigo.agents.base import make_agent
from sushigo.cli import main
from sushigo.core.errors import OptionsError
from sushigo.games.party.actions import FlipChoices
from sushigo.play.loop import play_game
from sushigo.rl import codec_for
from sushigo.rl.policy import PolicyAgent, PolicyNet

TAKEOUT = [
    "nigiri", "uramaki", "tofu", "eel", "onigiri",
    "takeout-box", "special-order", "green-tea-ice-cream",
]  # fmt: skip
GAMES = [("sushi-go", {}), ("sushi-go-party", {"menu": TAKEOUT}), ("sushi-roll", {})]


def _random_net(game: str, options: dict[str, object], seed: int = 0) -> PolicyNet:
    codec = codec_for(sushigo.make(game, players=3, **options))
    rng = np.random.default_rng(seed)
    return PolicyNet(
        game,
        [
            (rng.normal(size=(codec.size, 16)), rng.normal(size=16)),
            (rng.normal(size=(16, codec.slots)), rng.normal(size=codec.slots)),
        ],
        "relu",
    )


def _bias_net(game: str, options: dict[str, object], bias: np.ndarray) -> PolicyNet:
    """A network whose ratings are ``bias`` whatever it sees."""
    codec = codec_for(sushigo.make(game, players=3, **options))
    return PolicyNet(game, [(np.zeros((codec.size, codec.slots)), bias)])


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_weights_file_plays_every_game_from_its_spec(
    game: str, options: dict[str, object], tmp_path: Path
) -> None:
    path = tmp_path / "net.npz"
    net = _random_net(game, options)
    net.save(path)
    again = PolicyNet.load(path)
    assert again.game == game and again.activation == "relu"
    obs = [0.5] * net.inputs
    assert np.array_equal(net(obs), again(obs))
    ruleset = sushigo.make(game, players=3, **options)

    def agents() -> list[object]:
        return [
            make_agent(f"policy:weights={path}", seed=1),
            make_agent(f"policy:weights={path}:temperature=2", seed=1),
            make_agent("random", seed=2),
        ]

    first = play_game(ruleset, agents(), 7)  # play_game refuses any illegal action
    assert play_game(ruleset, agents(), 7).returns() == first.returns()


def test_it_plays_the_legal_slot_rated_highest() -> None:
    ruleset = sushigo.make("sushi-go", players=3)
    codec = codec_for(ruleset)
    bias = np.zeros(codec.slots)
    bias[ruleset.action_id(ruleset.parse_action("sashimi"))] = 5.0
    bias[ruleset.action_id(ruleset.parse_action("squid"))] = 3.0
    rng = random.Random(3)
    state = ruleset.new_game()
    checked = 0
    policy = PolicyAgent.of(_bias_net("sushi-go", {}, bias))
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        legal = state.legal_actions(0)
        chosen = str(policy.act(state.observe(0), legal))
        names = [str(a) for a in legal]
        want = (
            "sashimi"
            if "sashimi" in names
            else "squid-nigiri"
            if "squid-nigiri" in names
            else names[0]
        )
        assert chosen == want
        checked += 1
        state.apply({s: rng.choice(list(a)) for s, a in state.decisions()})
    assert checked > 20


@pytest.mark.parametrize("flip", [True, False])
def test_a_takeout_box_is_chosen_in_steps(flip: bool) -> None:
    """Rating every flip-one slot above done flips all it can; rating done highest
    flips nothing."""
    ruleset = sushigo.make("sushi-go-party", players=3, menu=TAKEOUT)
    codec = codec_for(ruleset)
    from sushigo.rl import party

    bias = np.zeros(codec.slots)
    bias[party._FLIP : party._DONE] = 1.0 if flip else -1.0
    policy = PolicyAgent.of(_bias_net("sushi-go-party", {"menu": TAKEOUT}, bias))
    rng = random.Random(1)
    seen = 0
    for _ in range(40):
        state = ruleset.new_game()
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            joint = {}
            for seat, legal in state.decisions():
                if type(legal) is FlipChoices and len(legal) > 1:
                    choice = policy.act(state.observe(seat), legal)
                    every = sorted(
                        t
                        for t, k in zip(legal._tokens, legal._counts, strict=True)
                        for _ in range(k)
                    )
                    assert list(choice.cards) == (every if flip else [])
                    assert choice in legal
                    seen += 1
                joint[seat] = legal[int(rng.random() * len(legal))]
            state.apply(joint)
    assert seen > 3


def test_weights_that_do_not_fit_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "classic.npz"
    _random_net("sushi-go", {}).save(path)
    roll = sushigo.make("sushi-roll", players=2)
    agent = make_agent(f"policy:weights={path}")
    with pytest.raises(OptionsError, match="play sushi-go, not Sushi Roll"):
        play_game(roll, [agent, make_agent("random")], 1)
    small = tmp_path / "small.npz"
    PolicyNet("sushi-go", [(np.zeros((3, 4)), np.zeros(4))]).save(small)
    with pytest.raises(OptionsError, match="take 3 numbers and rate 4 slots"):
        play_game(
            sushigo.make("sushi-go", players=2),
            [make_agent(f"policy:weights={small}"), make_agent("random")],
            1,
        )
    (tmp_path / "junk.npz").write_text("not a zip")
    for spec, words in [
        (f"policy:weights={tmp_path / 'missing.npz'}", "cannot read the policy weights"),
        (f"policy:weights={tmp_path / 'junk.npz'}", "cannot read the policy weights"),
        (f"policy:weights={path}:temperature=-1", "temperature must be 0 or more"),
    ]:
        with pytest.raises(OptionsError, match=words):
            make_agent(spec)
    with pytest.raises(OptionsError, match="does not fit|do not fit"):
        PolicyNet("sushi-go", [(np.zeros((3, 4)), np.zeros(5))])
    wide = tmp_path / "wide.npz"
    PolicyNet("sushi-go", [(np.zeros((233, 2550)), np.zeros(2550))]).save(wide)
    with pytest.raises(OptionsError, match="take 233 numbers and rate 2550 slots"):
        play_game(
            sushigo.make("sushi-go", players=2),
            [make_agent(f"policy:weights={wide}"), make_agent("random")],
            1,
        )


@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_a_network_rating_the_first_slots_plays_among_them(
    tmp_path: Path, temperature: float
) -> None:
    """A network may rate only the first slots of the layout (sushigo train's rate the
    182 of a card or a chopsticks pair): those it rates are played as rated, the rest
    rated below every one of them."""
    bias = np.random.default_rng(3).normal(size=182)
    path = tmp_path / "first.npz"
    PolicyNet("sushi-go", [(np.zeros((233, 182)), bias)]).save(path)
    agent = make_agent(f"policy:weights={path}:temperature={temperature}")
    ruleset = sushigo.make("sushi-go", players=3)
    codec = codec_for(ruleset)
    rng = random.Random(4)
    state = ruleset.new_game()
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        for seat in range(3):
            view = state.observe(seat)
            legal = list(state.legal_actions(seat))
            chosen = agent.act(view, legal)
            assert chosen in legal
            if temperature == 0.0:
                assert codec.slot_for(view, chosen) == max(
                    (codec.slot_for(view, a) for a in legal), key=lambda s: bias[s]
                )
            checked += 1
        state.apply({s: rng.choice(list(a)) for s, a in state.decisions()})
    assert checked > 60


def test_policy_alone_plays_the_shipped_network() -> None:
    """``policy`` with no weights plays the network the package ships (2-player Sushi
    Go!, learned by sushigo train): it beats random and holds its own against greedy
    over duplicate deals (docs/rl.md measures it over 2,000 games)."""
    from sushigo.play.tournament import run_tournament
    from sushigo.rl.policy import SHIPPED

    assert SHIPPED.exists() and SHIPPED.stat().st_size < 1_000_000
    agent = make_agent("policy")
    assert agent.name == "policy"
    ruleset = sushigo.make("sushi-go", players=2)
    share = {}
    for other in ("random", "greedy"):
        summary, _ = run_tournament(ruleset, ["policy", other], games=100, seed=7, workers=1)
        share[other] = summary.win_rate[0][1]
    assert share["random"] >= 0.97, share
    assert share["greedy"] >= 0.5, share


def test_a_weights_file_is_read_once_for_each_version(tmp_path: Path) -> None:
    """A tournament makes its bots for every game: they share the network read from a
    file, and a file written again is read again."""
    path = tmp_path / "net.npz"
    PolicyNet("sushi-go", [(np.zeros((233, 182)), np.zeros(182))]).save(path)
    first = make_agent(f"policy:weights={path}")
    again = make_agent(f"policy:weights={path}")
    assert again.net is first.net  # type: ignore[attr-defined]
    assert make_agent("policy").net is make_agent("policy").net  # type: ignore[attr-defined]
    layers = [(np.zeros((233, 182)), np.ones(182)), (np.eye(182), np.zeros(182))]
    PolicyNet("sushi-go", layers).save(path)
    rewritten = make_agent(f"policy:weights={path}").net  # type: ignore[attr-defined]
    assert rewritten is not first.net  # type: ignore[attr-defined]
    assert len(rewritten.layers) == 2


def test_the_learned_bot_plays_without_gymnasium_or_pettingzoo() -> None:
    """``make play`` and ``make run`` install numpy, not the environments' packages:
    ``sushigo.rl`` imports its environments only when asked for them, and says then
    what to install."""
    code = """
import sys
sys.modules["gymnasium"] = None
sys.modules["pettingzoo"] = None
import sushigo
from sushigo.play.tournament import run_tournament
rules = sushigo.make("sushi-go", players=2)
summary, _ = run_tournament(rules, ["policy", "random"], 4, 3, workers=1)
print("won", summary.win_rate[0][1])
import sushigo.rl
try:
    sushigo.rl.SushiGoEnv
except ImportError as exc:
    print(exc)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    won, message = done.stdout.splitlines()
    assert float(won.split()[1]) > 0.5
    assert message == (
        "sushigo.rl's environments need numpy, gymnasium and pettingzoo "
        '(gymnasium is missing): pip install "sushigo[rl]"'
    )


def test_a_tournament_measures_a_policy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "net.npz"
    _random_net("sushi-go", {}).save(path)
    argv = [
        "tournament",
        "--agents",
        f"policy:weights={path},random",
        "--games",
        "4",
        "--jobs",
        "1",
    ]
    assert main(argv) == 0
    assert "policy" in capsys.readouterr().out


def test_from_sb3_writes_the_same_policy(tmp_path: Path) -> None:
    """The weights file rates the slots as the torch policy does (needs the train
    extra: make rl-smoke installs it; skipped without it)."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    torch = pytest.importorskip("torch")
    from sushigo.rl import SushiGoEnv
    from sushigo.rl.policy import from_sb3

    env = SushiGoEnv("sushi-go", 2)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, seed=0, device="cpu")
    net = from_sb3(model, "sushi-go", tmp_path / "net.npz")
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        with torch.no_grad():
            dist = model.policy.get_distribution(torch.as_tensor(obs[None]))
            want = dist.distribution.logits.numpy()[0]
        mine = PolicyNet.load(tmp_path / "net.npz")(obs).astype(np.float64)
        top = mine.max()
        got = mine - (top + np.log(np.exp(mine - top).sum()))  # log-softmax, as torch's
        assert np.abs(got - want).max() < 1e-4
    assert net.game == "sushi-go"
