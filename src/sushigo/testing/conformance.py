"""``check_ruleset``: what every ruleset promises, checked over random games.

The checks, each at every step of every game played:

* **decisions**: ``decisions()`` agrees with ``to_act()`` and ``legal_actions``;
  every seat that must decide has at least one legal action, and no action twice;
* **notation and ids**: every legal action reads back from ``str(action)`` with
  ``parse_action`` and from its ``action_id`` with ``action_from_id``; ids are
  unique among a seat's legal actions;
* **views never leak**: a world re-dealt from a seat's view
  (``ruleset.determinize(view, rng)``) shows that seat the identical view and the
  same legal actions, and plays on to the end of the game;
* **copies**: a ``copy()`` is complete (it plays on exactly like its original)
  and independent (playing the copy leaves the original as it was);
* **the fast path**: a game's own ``apply`` agrees with the checked
  :meth:`State.apply <sushigo.core.state.State.apply>` of the base class, on legal
  joint decisions and on illegal ones (both refuse them, and neither changes the
  state);
* **chance**: ``sample_chance`` leaves the state unchanged;
* **records**: each finished game's record, written and read back as JSON, re-plays
  to the same final position.

A failed check raises :class:`ConformanceError` saying which check failed, in
which game and at which step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sushigo.core.errors import IllegalActionError
from sushigo.core.records import dumps, loads, make_record, replay
from sushigo.core.ruleset import AnyRuleset
from sushigo.core.state import AnyState, State


class ConformanceError(AssertionError):
    """A ruleset broke one of its promises."""


@dataclass
class Report:
    """What :func:`check_ruleset` checked."""

    games: int = 0
    """Games played to the end."""
    decisions: int = 0
    """Positions where some seat decided."""
    actions: int = 0
    """Legal actions whose notation and id were read back."""
    worlds: int = 0
    """Worlds sampled from a view and compared with it."""
    playouts: int = 0
    """Sampled worlds played on to the end."""
    chance: int = 0
    """Chance outcomes sampled and applied."""


def check_ruleset(
    ruleset: AnyRuleset,
    games: int = 5,
    seed: int = 0,
    *,
    worlds_every: int = 1,
    playouts_every: int = 7,
) -> Report:
    """Play ``games`` random games of ``ruleset`` (game ``g`` from seed ``seed + g``)
    and check every promise a ruleset makes at every step; raise
    :class:`ConformanceError` at the first broken one.

    ``worlds_every``: sample a world from every player's view at every ``k``-th
    decision; ``playouts_every``: play every ``k``-th sampled world to the end.
    """
    report = Report()
    for g in range(games):
        _Game(ruleset, seed + g, report, worlds_every, playouts_every).play()
        report.games += 1
    return report


class _Game:
    """One random game under every check."""

    def __init__(
        self,
        ruleset: AnyRuleset,
        seed: int,
        report: Report,
        worlds_every: int,
        playouts_every: int,
    ) -> None:
        self.rs = ruleset
        self.seed = seed
        self.rng = random.Random(seed)
        self.report = report
        self.worlds_every = max(1, worlds_every)
        self.playouts_every = max(1, playouts_every)
        self.step = 0
        self.seen: list[Any] = []
        """Actions met earlier in the game (candidates for an illegal action)."""

    def fail(self, what: str) -> ConformanceError:
        return ConformanceError(
            f"{self.rs.describe()}, game with seed {self.seed}, step {self.step}: {what}"
        )

    def play(self) -> None:
        rs = self.rs
        state: AnyState = rs.new_game()
        while not state.is_terminal():
            self.step += 1
            if state.is_chance():
                self.chance(state)
                continue
            self.decision(state)
        if state.decisions():
            raise self.fail("a finished game still asks for decisions")
        self.record(state)

    # -- chance -------------------------------------------------------------

    def chance(self, state: AnyState) -> None:
        if state.decisions() or state.to_act():
            raise self.fail("a chance node also asks seats to decide")
        before = _snapshot(state)
        outcome = state.sample_chance(self.rng)
        if _snapshot(state) != before:
            raise self.fail("sample_chance changed the state (it must only draw)")
        state.apply_chance(outcome)
        self.report.chance += 1

    # -- decisions ----------------------------------------------------------

    def decision(self, state: AnyState) -> None:
        rs = self.rs
        report = self.report
        report.decisions += 1
        decisions = state.decisions()
        if not decisions:
            raise self.fail("neither terminal, nor a chance node, nor anyone to decide")
        if _fingerprint(state.copy()) != _fingerprint(state):
            raise self.fail("a copy differs from its original")
        seats = tuple(seat for seat, _ in decisions)
        if seats != state.to_act():
            raise self.fail(f"decisions() names seats {seats}, to_act() {state.to_act()}")
        joint: dict[int, Any] = {}
        for seat, legal in decisions:
            if not legal:
                raise self.fail(f"seat {seat} must decide but has no legal action")
            if list(legal) != list(state.legal_actions(seat)):
                raise self.fail(f"decisions() and legal_actions({seat}) differ")
            self.notation(seat, legal)
            joint[seat] = legal[int(self.rng.random() * len(legal))]
        if report.decisions % self.worlds_every == 0:
            for seat in range(rs.players):
                self.world(state, seat)
        self.illegal(state, joint, decisions)
        self.apply(state, joint)

    def notation(self, seat: int, legal: Sequence[Any]) -> None:
        rs = self.rs
        ids: set[int] = set()
        for action in legal:
            text = str(action)
            try:
                back = rs.parse_action(text)
            except Exception as exc:  # noqa: BLE001 - any failure is the finding
                raise self.fail(f"seat {seat}: {text!r} does not parse back ({exc})") from None
            if back != action:
                raise self.fail(f"seat {seat}: {text!r} parses back as {back!r}, not {action!r}")
            number = rs.action_id(action)
            if rs.action_from_id(number) != action:
                raise self.fail(f"seat {seat}: id {number} of {text!r} does not read back")
            if number in ids:
                raise self.fail(f"seat {seat}: two legal actions share id {number}")
            ids.add(number)
            self.report.actions += 1
        if len(self.seen) < 64:
            self.seen.extend(legal[:4])

    def world(self, state: AnyState, seat: int) -> None:
        """A world sampled from ``seat``'s view shows that seat the same view."""
        rs = self.rs
        view = state.observe(seat)
        world_rng = random.Random(f"{self.seed}/{self.step}/{seat}")
        world: AnyState = rs.determinize(view, world_rng)
        self.report.worlds += 1
        if world.observe(seat) != view:
            raise self.fail(
                f"seat {seat}: a world sampled from its view shows it another view\n"
                f"  view:  {view!r}\n  world: {world.observe(seat)!r}"
            )
        if world.to_act() != state.to_act():
            raise self.fail(f"seat {seat}: a sampled world has other seats to decide")
        if _texts(world.legal_actions(seat)) != _texts(state.legal_actions(seat)):
            raise self.fail(f"seat {seat}: a sampled world offers it other legal actions")
        if self.report.worlds % self.playouts_every == 0:
            self.report.playouts += 1
            try:
                _finish(world, world_rng)
            except Exception as exc:  # noqa: BLE001 - any failure is the finding
                raise self.fail(
                    f"seat {seat}: a world sampled from its view cannot be played on: {exc!r}"
                ) from None

    def illegal(
        self, state: AnyState, joint: dict[int, Any], decisions: Sequence[tuple[int, Any]]
    ) -> None:
        """An illegal action for one seat is refused by the game's own ``apply`` and
        by the checked one alike, and neither changes the state."""
        for seat, legal in decisions:
            wrong = [a for a in self.seen if a not in legal]
            if not wrong:
                continue
            bad = dict(joint)
            bad[seat] = wrong[int(self.rng.random() * len(wrong))]
            before = _fingerprint(state)
            paths = (("the game's apply", type(state).apply), ("State.apply", State.apply))
            for how, apply in paths:
                trial = state.copy()
                try:
                    apply(trial, bad)
                except IllegalActionError:
                    pass
                else:
                    raise self.fail(f"{how} took {bad[seat]!r} from seat {seat}: not legal")
                if _fingerprint(trial) != before:
                    raise self.fail(f"{how} changed the state while refusing {bad[seat]!r}")
            return  # one illegal action a position is enough

    def apply(self, state: AnyState, joint: dict[int, Any]) -> None:
        """The joint decision through the game's ``apply``, on a copy through the
        checked ``State.apply``, and on a second copy: all three agree, and the
        original is untouched until it is its turn."""
        before = _fingerprint(state)
        checked = state.copy()
        State.apply(checked, joint)
        fast = state.copy()
        fast.apply(joint)
        if _fingerprint(state) != before:
            raise self.fail("applying a decision to a copy changed the original")
        state.apply(joint)
        after = _fingerprint(state)
        if _fingerprint(fast) != after:
            raise self.fail("a copy played on differently from its original")
        if _fingerprint(checked) != after:
            raise self.fail("the game's apply and the checked State.apply disagree")

    # -- the record ---------------------------------------------------------

    def record(self, state: AnyState) -> None:
        rs = self.rs
        record = make_record(
            state,
            names=[f"seat {s}" for s in range(rs.seats)],
            agents=["random"] * rs.seats,
            seed=self.seed,
        )
        where = f"record of the game with seed {self.seed}"
        try:
            again = replay(loads(dumps(record), where), where)
        except Exception as exc:  # noqa: BLE001 - any failure is the finding
            raise self.fail(f"the record does not re-play: {exc}") from None
        if _fingerprint(again) != _fingerprint(state):
            raise self.fail("the record re-plays to another final position")


def _texts(actions: Sequence[Any]) -> list[str]:
    return [str(a) for a in actions]


def _finish(state: AnyState, rng: random.Random) -> None:
    """Play ``state`` to its end with random decisions."""
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        state.apply({s: legal[int(rng.random() * len(legal))] for s, legal in state.decisions()})


def _fingerprint(state: AnyState) -> tuple[Any, ...]:
    """What anyone may ask of a position: who decides and from what, every seat's
    view, the points and the end."""
    rs = state.ruleset
    return (
        state.is_terminal(),
        state.is_chance(),
        state.to_act(),
        tuple((seat, _texts(legal)) for seat, legal in state.decisions()),
        tuple(state.observe(seat) for seat in range(rs.players)),
        tuple(state.returns()),
    )


def _snapshot(state: AnyState) -> dict[str, Any]:
    """Every attribute of a state, private ones included, as values."""
    out: dict[str, Any] = {}
    for name in dir(state):
        if name.startswith("__"):
            continue
        try:
            value = getattr(state, name)
        except Exception:  # noqa: BLE001 - a property that needs another phase
            continue
        if callable(value):
            continue
        out[name] = _frozen(value)
    return out


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return ("dict", tuple((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_frozen(v) for v in value))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(value))
    return value
