"""One game driven for learners: what every environment shares (PettingZoo's AEC and
parallel envs, Gymnasium's single-seat env). Pure Python: the envs turn its lists
into arrays.

A match deals and rolls by itself, asks the seats that must decide (``active``) for
a slot each, reveals simultaneous picks together once every one is in, and pays
rewards when points are scored. Decisions made in steps (a takeout box's flips)
keep their seat active until the decision is complete.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from sushigo.core.errors import IllegalActionError, OptionsError
from sushigo.core.ruleset import AnyRuleset, make
from sushigo.core.scoring import winners
from sushigo.core.state import Action, AnyState
from sushigo.play.files import with_dice_file
from sushigo.rl.codec import Codec, codec_for

REWARDS: Final = ("margin", "score", "win")
"""``margin``: my points minus the other players' mean, paid as points are scored
(zero-sum); ``score``: my points as they are scored; ``win``: at the end, 1 for a
win, 1/k for a win shared by k players, else 0."""
ILLEGAL: Final = ("fallback", "terminate", "raise")
"""What an illegal slot does: ``fallback`` plays a legal one drawn from the match's
seeded generator (``info["illegal"]`` says so); ``terminate`` ends the game, the
offender rewarded ``-1`` and the others 0; ``raise`` raises IllegalActionError."""
GAMES: Final = ("sushi-go", "sushi-go-party", "sushi-roll")


class Match:
    """One game of a ruleset, replayed from its seed (see the module docstring)."""

    def __init__(
        self,
        game: str = "sushi-go",
        players: int = 2,
        *,
        reward: str = "margin",
        illegal: str = "fallback",
        duplicate: bool = False,
        **options: Any,
    ) -> None:
        if reward not in REWARDS:
            raise OptionsError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise OptionsError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.game = game
        self.players = players
        self.reward = reward
        self.illegal = illegal
        self.duplicate = bool(duplicate)
        options = with_dice_file(game, options)
        self._random_menu = game == "sushi-go-party" and options.get("menu") == "random"
        self._options = options
        if self._random_menu:
            options = {**options, "menu": self._draw_menu(0)}
        self.ruleset: AnyRuleset = make(game, players, **options)
        self.codec: Codec = codec_for(self.ruleset)
        self.seed = 0
        self.state: AnyState = self.ruleset.new_game()
        self.active: tuple[int, ...] = ()
        self.legal: dict[int, list[int]] = {}
        self.done = False
        self.stopped = False
        """The game ended early: an illegal slot with ``illegal="terminate"``."""
        self.version = 0
        """Counts the changes of position (observations may be cached by it)."""
        self._joint: dict[int, Action] = {}
        self._points = [0] * players
        self._fallback = random.Random(0)
        self._chance = random.Random(0)

    def _draw_menu(self, seed: int) -> Any:
        from sushigo.games.party.cards import random_menu

        return random_menu(random.Random(f"{seed}/menu"), self.players)

    def reset(self, seed: int | None = None) -> None:
        """A new game: ``seed`` decides every deal and roll (and a random menu); None
        draws one."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        self.seed = seed
        if self._random_menu:
            options = {**self._options, "menu": self._draw_menu(seed)}
            self.ruleset = make(self.game, self.players, **options)
            self.codec = codec_for(self.ruleset)
        self.codec.reset()
        self._chance = random.Random(seed)
        self._fallback = random.Random(f"{seed}/fallback")
        self.state = self.ruleset.new_game()
        self._joint = {}
        self._points = [0] * self.players
        self.done = False
        self.stopped = False
        self._advance()

    def _advance(self) -> None:
        """Deal, draw and roll until someone decides or the game is over."""
        state = self.state
        while state.is_chance():
            rng = self._chance
            if self.duplicate:
                rng = random.Random(f"{self.seed}/{state.chance_stream()}")
            state.apply_chance(state.sample_chance(rng))
        self.done = state.is_terminal()
        self._ask(state.to_act())

    def _ask(self, seats: tuple[int, ...]) -> None:
        codec = self.codec
        state = self.state
        self.active = seats
        self.legal = {seat: codec.legal_slots(state, seat) for seat in seats}
        self.version += 1

    def mask(self, seat: int) -> list[int]:
        """The slots ``seat`` may choose now: its legal slots, or only the no-op."""
        return self.legal.get(seat) or [self.codec.noop]

    def observe(self, seat: int) -> list[float]:
        """``seat``'s observation now (its view, through the codec)."""
        return self.codec.observe(self.state.observe(seat))

    def step(
        self, slots: Mapping[int, Any], actions: Mapping[int, Action] | None = None
    ) -> tuple[list[float], set[int]]:
        """Take a slot from every active seat (others are ignored), or for the seats in
        ``actions`` an action (bots playing beside a learner; IllegalActionError for an
        illegal one); returns each player's reward and the seats whose slot was
        illegal."""
        if self.done:
            raise IllegalActionError("the game is over: reset to play another")
        rewards = [0.0] * self.players
        illegal: set[int] = set()
        codec = self.codec
        state = self.state
        waiting: list[int] = []
        for seat in self.active:
            if actions is not None and seat in actions:
                action = actions[seat]
                if action not in state.legal_actions(seat):
                    raise IllegalActionError(f"{action} is not a legal action of player_{seat}")
                self._joint[seat] = action
                continue
            legal = self.legal[seat]
            slot = slots.get(seat)
            if slot is None or not isinstance(slot, int) or slot not in legal:
                if self.illegal == "raise":
                    raise IllegalActionError(
                        f"slot {slot} is not a legal decision of player_{seat} now"
                    )
                illegal.add(seat)
                if self.illegal == "terminate":
                    rewards[seat] = -1.0
                    self.done = self.stopped = True
                    self._ask(())
                    return rewards, illegal
                slot = legal[int(self._fallback.random() * len(legal))]
            action = codec.play(state, seat, slot)
            if action is None:
                waiting.append(seat)
            else:
                self._joint[seat] = action
        if waiting:
            self._ask(tuple(waiting))
            return rewards, illegal
        state.apply(self._joint)
        self._joint = {}
        self._advance()
        self._pay(rewards)
        return rewards, illegal

    def _pay(self, rewards: list[float]) -> None:
        """Add what the last step scored to ``rewards``."""
        n = self.players
        if self.reward == "win":
            if self.done:
                won = self.winners()
                for seat in won:
                    rewards[seat] += 1.0 / len(won)
            return
        points = self.state.returns()[:n]
        gained = [points[i] - self._points[i] for i in range(n)]
        self._points = list(points)
        if not any(gained):
            return
        if self.reward == "score":
            for i in range(n):
                rewards[i] += gained[i]
            return
        total = sum(gained)
        for i in range(n):
            rewards[i] += gained[i] - (total - gained[i]) / (n - 1)

    def winners(self) -> list[int]:
        """The players who won the finished game (more than one for a shared win)."""
        end = self.ruleset.end_fields(self.state)
        won = end.get("winners")
        if isinstance(won, list):
            return [int(s) for s in won]
        return winners(self.state.returns(), [0] * self.ruleset.seats, self.players)

    def scores(self) -> list[int]:
        """Every player's points so far (final once the game is over), by seat."""
        return list(self.state.returns()[: self.players])

    def final_value(self, seat: int) -> float:
        """What the rewards of a finished game sum to for ``seat``."""
        if self.reward == "win":
            won = self.winners()
            return 1.0 / len(won) if seat in won else 0.0
        points = self.scores()
        if self.reward == "score":
            return float(points[seat])
        others = sum(points) - points[seat]
        return points[seat] - others / (self.players - 1)

    # -- slots and actions, for checks and for agents that think in actions --

    def legal_actions(self, seat: int) -> Any:
        """``seat``'s legal actions now (empty when it has nothing to decide)."""
        return self.state.legal_actions(seat) if seat in self.active else ()

    def slot_of(self, seat: int, action: Action) -> int:
        """The slot of a legal action of ``seat`` now (IllegalActionError otherwise)."""
        if seat not in self.active:
            raise IllegalActionError(f"player_{seat} has nothing to decide now")
        return self.codec.slot_of(self.state, seat, action)

    def action_of(self, seat: int, slot: int) -> Action:
        """The action a legal slot of ``seat`` stands for now."""
        if seat not in self.active:
            raise IllegalActionError(f"player_{seat} has nothing to decide now")
        return self.codec.action_of(self.state, seat, slot)
