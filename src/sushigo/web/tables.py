"""A table: its seats, its game and the decisions it waits for. Pure, no I/O.

A table is created from a configuration (:func:`check_config`), waits until every
human seat is taken, then plays. The game is driven as :func:`sushigo.play.play_game`
drives it, one decision step at a time: chance draws from ``random.Random(seed)``
alone, so the seed and the list of applied steps re-play a game exactly
(:meth:`Table.restore`). A seat with a single legal action takes it at once, as in
the game loop; :attr:`Table.forced` keeps those decisions until the server has
announced them (a ``forced`` message). The server (``sushigo.web.app``) stores
every change before it tells anyone.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from sushigo.agents.base import LEARNED, TITLES, learned_plays, make_agent
from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.core.records import replay
from sushigo.core.ruleset import AnyRuleset, make
from sushigo.core.state import Action, AnyState
from sushigo.games.classic import OPTIONS as CLASSIC_OPTIONS
from sushigo.games.party.cards import (
    APPETIZERS,
    DESSERTS,
    ROLLS,
    SPECIALS,
    SUGGESTED_MENUS,
    menu_option,
    random_menu,
)
from sushigo.play.loop import record_game
from sushigo.play.positions import positions
from sushigo.present import frames
from sushigo.present.sheets.common import text_problem
from sushigo.web.store import SeatRow, TableRow

GAMES = ("sushi-go", "sushi-go-party", "sushi-roll")
PLAYERS = {"sushi-go": (2, 5), "sushi-go-party": (2, 8), "sushi-roll": (2, 5)}
BOTS = ("random", "greedy", "mcts", "policy")
BOT_TITLES = {bot: TITLES[bot] for bot in BOTS}
MCTS_LEVELS = {1: 25, 2: 50, 3: 100, 4: 250, 5: 600}
"""A strength level of the mcts bot: its thinking time per decision, in milliseconds."""
TIMERS = (0, 15, 30, 60, 120, 300)
"""Turn timers offered, in seconds (0: none)."""
NAME_LENGTH = 24
GRACE = 60
"""Seconds a person's seat must have been disconnected before a bot takes it (a
table's ``grace``, by default): the server hands it over by itself then, and any
player seated may (``hand_to_bot``)."""
MAX_GRACE = 86400
STAND_IN = "greedy"
"""The bot that plays a seat handed over (``hand_to_bot``)."""


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def new_id() -> str:
    """A table's id, for its link (72 random bits: not guessable in practice)."""
    return secrets.token_urlsafe(9)


def clean_name(value: object, default: str) -> str:
    """A person's name as shown: trimmed, at most 24 characters, or ``default``."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise OptionsError("a name is text")
    text = " ".join(value.split())[:NAME_LENGTH]
    problem = text_problem(text)
    if problem is not None:
        raise OptionsError(f"a name cannot be used: it {problem}")
    return text or default


CHAT_LENGTH = 200
"""Characters of a table-talk message, at most."""
EMOTES = ("👍", "👏", "😄", "😮", "😅", "🍣")
"""The emotes a seat may send with one tap."""


def clean_chat(value: object) -> str:
    """A table-talk message as kept and shown: text, spaces collapsed, 1 to
    :data:`CHAT_LENGTH` characters, no control, bidirectional-override or
    unpaired-surrogate characters. OptionsError with a sentence otherwise."""
    if not isinstance(value, str):
        raise OptionsError("a message is text")
    text = " ".join(value.split())
    if not text:
        raise OptionsError("a message needs some text")
    if len(text) > CHAT_LENGTH:
        raise OptionsError(f"a message is at most {CHAT_LENGTH} characters")
    problem = text_problem(text)
    if problem is not None:
        raise OptionsError(f"that message cannot be sent: it {problem}")
    return text


def bot_spec(
    seat: dict[str, Any], extra: Mapping[str, str] | None = None
) -> tuple[str, int | None]:
    """The agent spec of a bot seat of a configuration, and its level (mcts only);
    ``extra``: the bots the server was started with (``sushigo serve --bot
    NAME=SPEC``), by name."""
    bot = seat.get("bot")
    extra = extra or {}
    if isinstance(bot, str) and bot in extra:
        return extra[bot], None
    if bot not in BOTS:
        names = ", ".join([*BOTS, *extra])
        raise OptionsError(f"a bot is one of {names}, not {bot!r}")
    if bot != "mcts":
        return str(bot), None
    level = seat.get("level", 3)
    if not isinstance(level, int) or isinstance(level, bool) or level not in MCTS_LEVELS:
        raise OptionsError(f"the mcts bot's level is 1 to {len(MCTS_LEVELS)}, not {level!r}")
    return f"mcts:ms={MCTS_LEVELS[level]}", level


def bot_name(bot: str, level: int | None) -> str:
    """What a bot seat is called at the table."""
    if level is not None:
        return f"MCTS bot (level {level})"
    if bot not in BOTS:  # a bot the server was started with: its own name
        return f"{bot} (bot)"
    return f"{BOT_TITLES[bot]} bot"


def create_options(extra: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the create-table form offers (``GET /api/options``); ``extra``: the bots
    the server was started with, offered after the built-in ones."""
    return {
        "games": [
            {
                "name": "sushi-go",
                "title": "Sushi Go!",
                "players": list(PLAYERS["sushi-go"]),
                "variants": [
                    {"key": k, "text": v, **({"players": [2, 2]} if k == "dummy" else {})}
                    for k, v in CLASSIC_OPTIONS.items()
                ],
            },
            {
                "name": "sushi-go-party",
                "title": "Sushi Go Party!",
                "players": list(PLAYERS["sushi-go-party"]),
                "menus": [
                    {
                        "key": m.key,
                        "name": m.name,
                        "players": list(m.players()),
                        "kinds": list(m.kinds),
                    }
                    for m in SUGGESTED_MENUS.values()
                ],
                "kinds": {
                    "rolls": list(ROLLS),
                    "appetizers": list(APPETIZERS),
                    "specials": list(SPECIALS),
                    "desserts": list(DESSERTS),
                },
            },
            {
                "name": "sushi-roll",
                "title": "Sushi Roll",
                "players": list(PLAYERS["sushi-roll"]),
            },
        ],
        "bots": [
            {"name": "random", "title": BOT_TITLES["random"]},
            {"name": "greedy", "title": BOT_TITLES["greedy"]},
            {"name": "mcts", "title": BOT_TITLES["mcts"], "levels": list(MCTS_LEVELS)},
            {
                "name": "policy",
                "title": BOT_TITLES["policy"],
                "games": [LEARNED[0]],
                "players": [LEARNED[1], LEARNED[1]],
            },
            *({"name": name, "title": name} for name in extra or {}),
        ],
        "timers": list(TIMERS),
    }


def replay_steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every decision step of a finished game's record, for the replay page: the
    position before it (every hand shown: the game is over) and what each seat did."""
    out = [
        {
            "step": pos.step,
            "frame": frames.replay_frame(pos.state),
            "actions": {str(s): str(a) for s, a in sorted(pos.actions.items())},
        }
        for pos in positions(record)
    ]
    out.append({"step": len(out) + 1, "frame": frames.replay_frame(replay(record)), "actions": {}})
    return out


def check_config(
    data: object, rng: random.Random, bots: Mapping[str, str] | None = None
) -> tuple[dict[str, Any], AnyRuleset]:
    """A table's configuration, checked and completed (a random menu drawn), with
    its ruleset. OptionsError, saying what is wrong, for anything a user could get
    wrong.

    >>> import random
    >>> config, rs = check_config({"game": "sushi-go", "players": 2,
    ...     "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}, random.Random(1))
    >>> rs.describe(), config["seats"][1]["agent"], config["seats"][1]["name"]
    ('Sushi Go!, 2 players', 'greedy', 'Greedy bot')
    """
    if not isinstance(data, dict):
        raise OptionsError("a table is a JSON object with game, players and seats")
    game = data.get("game")
    if game not in GAMES:
        raise OptionsError(f"game is one of {', '.join(GAMES)}, not {game!r}")
    players = data.get("players")
    low, high = PLAYERS[game]
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise OptionsError(f"{game} is for {low} to {high} players, not {players!r}")
    options = data.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise OptionsError(f"options is an object, not {options!r}")
    options = _options(game, players, options, rng)
    ruleset = make(game, players=players, **options)
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise OptionsError(f"seats lists the {players} seats, each human or a bot")
    checked: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "bot"):
            raise OptionsError(f"seat {i + 1} is {{'kind': 'human'}} or a bot")
        if seat["kind"] == "human":
            checked.append({"kind": "human"})
        else:
            spec, level = bot_spec(seat, bots)
            bot = seat["bot"]
            if bot == "policy":
                _check_learned(ruleset)
            checked.append(
                {
                    "kind": "bot",
                    "bot": bot,
                    "level": level,
                    "agent": spec,
                    "name": bot_name(bot, level),
                }
            )
    timer = data.get("timer") or 0
    if timer not in TIMERS:
        raise OptionsError(f"the turn timer is one of {', '.join(map(str, TIMERS))} seconds")
    grace = data.get("grace", GRACE)
    if (
        not isinstance(grace, (int, float))
        or isinstance(grace, bool)
        or not 0 <= grace <= MAX_GRACE
    ):
        raise OptionsError(
            f"grace (seconds a seat must be disconnected before it may be handed to a bot) "
            f"is 0 to {MAX_GRACE}, not {grace!r}"
        )
    public = data.get("public")
    if public is None:  # not given: private
        public = False
    if not isinstance(public, bool):
        raise OptionsError(
            f"public (list the table in the lobby) is true or false, not {public!r}; "
            "without it the table is private: only its link leads to it"
        )
    _number_bots(checked)
    config = {
        "game": game,
        "players": players,
        "options": dict(ruleset.options),
        "seats": checked,
        "timer": timer,
        "grace": grace,
        "public": public,
    }
    return config, ruleset


def _check_learned(ruleset: AnyRuleset) -> None:
    """The learned bot's seat: the game it learned (``policy``, the network the package
    ships, docs/rl.md), and numpy to play it with."""
    if not learned_plays(ruleset):
        raise OptionsError(
            "the learned bot plays 2-player Sushi Go! (not the dummy variant); "
            "choose another bot for this table"
        )
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise OptionsError(
            "the learned bot needs numpy on the server (pip install numpy); choose another bot"
        ) from None


def _number_bots(seats: list[dict[str, Any]]) -> None:
    """Bots of one kind are told apart: "Greedy bot 1", "Greedy bot 2"."""
    names = [s.get("name") for s in seats]
    for i, s in enumerate(seats):
        name = names[i]
        if name is not None and names.count(name) > 1:
            s["name"] = f"{name} {names[: i + 1].count(name)}"


def default_menu(players: int) -> str:
    """The menu of a Party table that names none: the Master Menu, or for a player
    count it does not fit (2), the first suggested menu that does."""
    fitting = [k for k, m in SUGGESTED_MENUS.items() if m.players()[0] <= players <= m.players()[1]]
    return "master-menu" if "master-menu" in fitting or not fitting else fitting[0]


def _options(
    game: str, players: int, options: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    if game == "sushi-go":
        unknown = [k for k in options if k not in CLASSIC_OPTIONS]
        if unknown:
            raise OptionsError(
                f"Sushi Go! has no variant {unknown[0]!r}; variants are: "
                f"{', '.join(CLASSIC_OPTIONS)}"
            )
        return {k: bool(v) for k, v in options.items()}
    if game == "sushi-roll":
        if options and options != {"dice": "default"}:
            raise OptionsError("Sushi Roll is played with the default dice here")
        return {}
    if set(options) - {"menu"}:
        raise OptionsError("Sushi Go Party! takes one option: menu")
    menu = options.get("menu")
    if menu is None:  # not given: the default menu
        return {"menu": default_menu(players)}
    if menu == "random":
        return {"menu": menu_option(random_menu(rng, players))}
    menus = f"a menu (one of {', '.join(SUGGESTED_MENUS)}, or random)"
    if isinstance(menu, list):
        if not menu:
            raise OptionsError(f"menu is an empty list: list its card kinds, or name {menus}")
        odd = [k for k in menu if not isinstance(k, str) or not k.strip()]
        if odd:
            raise OptionsError(f"a menu's card kinds are their names (text), not {odd[0]!r}")
        return {"menu": ",".join(menu)}
    if not isinstance(menu, str):
        raise OptionsError(f"menu names {menus} or lists its card kinds, not {menu!r}")
    if not menu.strip():
        raise OptionsError(f"menu is empty: name {menus} or list its card kinds")
    return {"menu": menu}


@dataclass
class Seat:
    """A seat at a table."""

    kind: str
    name: str
    agent: str | None = None
    token_hash: str | None = None
    stand_in: str | None = None
    """A human seat handed to a bot: the bot's spec, until the person reclaims it."""
    stand_in_from: int | None = None
    """The step at which the bot took the seat (what it chose since is told to the
    person on return); None when not known (a seat handed over before issue 25)."""

    @property
    def free(self) -> bool:
        """A human seat nobody has taken yet."""
        return self.kind == "human" and self.token_hash is None

    @property
    def bot(self) -> str | None:
        """The spec of the bot that decides for this seat, if one does."""
        return self.agent if self.agent is not None else self.stand_in


@dataclass
class Table:
    """One table and, once every human seat is taken, its game."""

    id: str
    config: dict[str, Any]
    ruleset: AnyRuleset
    seed: int
    seats: list[Seat]
    status: Literal["waiting", "playing", "finished", "abandoned"] = "waiting"
    """``waiting`` for people, ``playing``, ``finished``, or ``abandoned`` (no person
    connected for the server's abandon time: it is never played on)."""
    state: AnyState | None = None
    pending: dict[int, Action] = field(default_factory=dict)
    """Actions chosen towards the next step, by seat."""
    steps: list[dict[int, str]] = field(default_factory=list)
    """Every decision step applied so far: each deciding seat's action text."""
    rematch: str | None = None
    record: dict[str, Any] | None = None
    agents: dict[int, Any] = field(default_factory=dict)
    forced: list[tuple[int, int, Action]] = field(default_factory=list)
    """Decisions the rules made (the seat had one legal action), ``(step, seat,
    action)``, not yet announced: the server takes them (:meth:`take_forced`)."""
    _rng: random.Random = field(default_factory=random.Random)

    # -- building -------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        data: object,
        creator: str,
        seed: int | None = None,
        bots: Mapping[str, str] | None = None,
    ) -> tuple[Table, str | None]:
        """A new table from a user's configuration, the creator at seat 0; returns
        the table and the creator's token (None when seat 0 is a bot: a table of
        bots, to watch)."""
        seed = secrets.randbits(63) if seed is None else seed
        config, ruleset = check_config(data, random.Random(f"menu/{seed}"), bots)
        token: str | None = new_token() if config["seats"][0]["kind"] == "human" else None
        seats = []
        for i, s in enumerate(config["seats"]):
            if s["kind"] == "bot":
                seats.append(Seat("bot", s["name"], s["agent"]))
            elif i == 0 and token is not None:
                seats.append(Seat("human", creator, token_hash=token_hash(token)))
            else:
                seats.append(Seat("human", f"Seat {i + 1}"))
        return cls(new_id(), config, ruleset, seed, seats), token

    @classmethod
    def restore(cls, row: TableRow) -> Table:
        """A stored table, its game re-played to the step it had reached.
        IllegalActionError if the stored steps no longer re-play."""
        config = row.config
        ruleset = make(config["game"], players=config["players"], **config["options"])
        seats = [
            Seat(s.kind, s.name, s.agent, s.token_hash, s.stand_in, s.stand_in_from)
            for s in row.seats
        ]
        config = {**config, "public": row.public}
        table = cls(row.id, config, ruleset, row.seed, seats, rematch=row.rematch)
        table.record = row.record
        if row.status == "waiting" or (
            row.status == "abandoned" and any(s.free for s in seats)
        ):  # abandoned before it began
            table.status = "abandoned" if row.status == "abandoned" else "waiting"
            return table
        table._begin(force=False)
        for n, actions in enumerate(row.steps):
            joint = {s: table._legal(s, text, f"step {n + 1}") for s, text in actions.items()}
            table._apply(joint, actions, force=False)
        for seat, text in row.pending.items():
            table.pending[seat] = table._legal(seat, text, "the pending choices")
        if row.status == "abandoned":
            table.status = "abandoned"
            return table
        table._advance()
        table.forced = []  # nobody watched the re-play: nothing to announce
        return table

    def seat_rows(self) -> list[SeatRow]:
        return [
            SeatRow(i, s.kind, s.name, s.agent, s.token_hash, s.stand_in, s.stand_in_from)
            for i, s in enumerate(self.seats)
        ]

    @property
    def public(self) -> bool:
        """Listed in the lobby; else private: reached by its link only."""
        return bool(self.config.get("public", True))

    # -- seats ----------------------------------------------------------------------

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.free), None)

    def seat_of(self, token: str) -> int | None:
        """The seat a token names, if any."""
        digest = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return i
        return None

    def hand_to_bot(self, seat: int, spec: str = STAND_IN) -> None:
        """A bot plays a person's seat from now on (its next decision), until
        :meth:`reclaim`."""
        self.seats[seat].stand_in = spec
        self.seats[seat].stand_in_from = self.step
        if self.status == "playing":
            self.agents[seat] = self._agent(seat, spec)

    def reclaim(self, seat: int) -> list[str]:
        """The person is back: the stand-in bot stops (it makes no further decision).
        Returns what was decided for the seat while it stood in (:meth:`away_labels`)."""
        labels = self.away_labels(seat)
        self.seats[seat].stand_in = None
        self.seats[seat].stand_in_from = None
        self.agents.pop(seat, None)
        return labels

    def away_labels(self, seat: int) -> list[str]:
        """The sentences (legal entries' ``label``) of the decisions made for ``seat``
        since a bot took it, in order, the choice made towards the next step included;
        [] when the seat is not handed over or it is not known since when."""
        start = self.seats[seat].stand_in_from
        if self.seats[seat].stand_in is None or start is None:
            return []
        texts = [step[seat] for step in self.steps[start:] if seat in step]
        labels = [
            frames.action_entry(self.ruleset, self.ruleset.parse_action(t))["label"] for t in texts
        ]
        if seat in self.pending:
            labels.append(frames.action_entry(self.ruleset, self.pending[seat])["label"])
        return labels

    def abandon(self) -> None:
        """Nobody came back: the table ends as abandoned, never played on."""
        self.status = "abandoned"
        self.pending = {}
        self.forced = []

    def _agent(self, seat: int, spec: str) -> Any:
        return make_agent(spec, seed=(self.seed + seat) % 2**32)

    def ready(self) -> bool:
        """Every human seat is taken: the game may begin."""
        return self.status == "waiting" and self.free_seat() is None

    def start(self) -> None:
        """Deal: the game begins."""
        if self.status != "waiting":
            raise IllegalActionError("the game has already begun")
        self._begin()

    @property
    def step(self) -> int:
        """Decision steps applied so far."""
        return len(self.steps)

    def _begin(self, force: bool = True) -> None:
        self._rng = random.Random(self.seed)
        self.state = self.ruleset.new_game()
        self.agents = {
            i: self._agent(i, s.bot) for i, s in enumerate(self.seats) if s.bot is not None
        }
        self.status = "playing"
        self._advance(force)

    # -- play -----------------------------------------------------------------------

    def waiting_for(self) -> list[int]:
        """Seats that must still choose for the next step."""
        if self.state is None or self.status != "playing":
            return []
        return [s for s in self.state.to_act() if s not in self.pending]

    def legal(self, seat: int) -> Sequence[Action]:
        assert self.state is not None
        return self.state.legal_actions(seat)

    def _legal(self, seat: int, text: str, where: str) -> Action:
        assert self.state is not None
        if seat not in self.state.to_act():
            raise IllegalActionError(f"{where}: seat {seat + 1} has nothing to decide")
        action = self._named(seat, text)
        if action is None:
            raise IllegalActionError(f"{where}: {text!r} is not a legal choice now")
        return action

    def _named(self, seat: int, text: str) -> Action | None:
        """The legal action of ``seat`` whose notation is ``text``, if any."""
        assert self.state is not None
        for action in self.state.legal_actions(seat):
            if str(action) == text:
                return action
        return None

    def choose(self, seat: int, text: str) -> Action:
        """The legal action ``text`` names for ``seat`` at this step; the table is
        unchanged. IllegalActionError saying why not."""
        if self.status != "playing" or self.state is None:
            raise IllegalActionError(
                {
                    "finished": "the game is over",
                    "abandoned": "the table was abandoned",
                }.get(self.status, "the game has not begun")
            )
        if seat in self.pending and not self.may_change(seat):
            raise IllegalActionError("you have already chosen this turn")
        if seat not in self.state.to_act():
            raise IllegalActionError("it is not your turn to decide")
        action = self._named(seat, text)
        if action is None:
            raise IllegalActionError(f"{text!r} is not one of your choices now")
        return action

    def may_change(self, seat: int) -> bool:
        """``seat`` has chosen towards a step that is still open (others are still
        choosing: a simultaneous pick) and may choose again until the reveal. A step
        with a single deciding seat (a Party mid-turn decision, a Sushi Roll turn) is
        applied as soon as it is chosen, so such a choice is final."""
        return (
            self.status == "playing"
            and self.state is not None
            and seat in self.pending
            and bool(self.waiting_for())
        )

    def submit(self, seat: int, action: Action) -> dict[int, str] | None:
        """Record ``seat``'s checked choice (it replaces the seat's earlier choice
        towards the same step, which :meth:`may_change` allows). When it completes
        the step, apply it and return the step (every seat's action text); else None."""
        self.pending[seat] = action
        if self.waiting_for():
            return None
        joint = dict(self.pending)
        texts = {s: str(a) for s, a in sorted(joint.items())}
        self._apply(joint, texts)
        return texts

    def _apply(self, joint: dict[int, Action], texts: dict[int, str], force: bool = True) -> None:
        assert self.state is not None
        self.pending = {}
        self.state.apply(joint)
        self.steps.append(texts)
        self._advance(force)

    def _advance(self, force: bool = True) -> None:
        """Deal, draw or roll until someone must decide; with ``force``, also take
        every choice that has only one option (a step may be applied here: the
        caller stores :attr:`steps` it has not stored yet)."""
        state = self.state
        assert state is not None
        while True:
            if state.is_chance():
                state.apply_chance(state.sample_chance(self._rng))
                continue
            if state.is_terminal():
                self.status = "finished"
                return
            if not force:
                return
            forced = {seat: legal[0] for seat, legal in state.decisions() if len(legal) == 1}
            self.forced.extend(
                (self.step, seat, a)
                for seat, a in sorted(forced.items())
                if seat not in self.pending
            )
            self.pending.update(forced)
            if self.waiting_for() or not forced:
                return
            joint = dict(self.pending)
            self._apply(joint, {s: str(a) for s, a in sorted(joint.items())}, force=False)

    def take_forced(self) -> list[tuple[int, int, Action]]:
        """The forced decisions not announced yet, ``(step, seat, action)``, in order;
        they are forgotten here."""
        out, self.forced = self.forced, []
        return out

    def finish_record(self) -> dict[str, Any]:
        """The game's record (docs/records.md), once it is over."""
        assert self.state is not None
        names = [s.name for s in self.seats]
        specs = [s.agent or "human" for s in self.seats]
        self.record = record_game(self.state, names, specs, self.seed)
        return self.record
