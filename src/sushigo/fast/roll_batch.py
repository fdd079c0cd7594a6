"""The Sushi Roll batch engine's Python side: arrays in, arrays out, compiled loops
between (the kernels are in :mod:`sushigo.fast.roll`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sushigo.core.errors import OptionsError
from sushigo.core.scoring import winners
from sushigo.fast import roll as k
from sushigo.fast.base import Batch
from sushigo.fast.roll_stats import card_stats
from sushigo.games.roll.dice import FACE_IDS, KINDS, TRAY_CODE, TRAY_IDS
from sushigo.games.roll.views import RollView

_F = {f: i for i, f in enumerate(FACE_IDS)}
_FAMILIES = ("maki", "nigiri", "dumpling", "tempura", "sashimi")


def _static(ruleset: Any) -> np.ndarray:
    """The observation's numbers the ruleset fixes, added up as sushigo.rl.roll does
    (in Python floats, then float32): the same bytes."""
    out = [0.0] * k.OBS
    out[k.O_PLAYERS + ruleset.players - 2] = 1.0
    out[k.O_PER_PLAYER] = ruleset.per_player / k.MAXB
    for faces in ruleset.dice:
        for f in faces:
            out[k.O_ODDS + f] += 1.0 / 6.0
    return np.asarray(out, np.float32)


class RollBatch(Batch):
    """``batch`` games of Sushi Roll (see :mod:`sushigo.fast`), in the layouts of
    :mod:`sushigo.rl.roll`: one seat decides at a time (a die to take, a chopsticks
    swap or a menu re-roll), every other seat's only slot is the no-op. The rolls a
    decision calls for are made at once from the game's generator, so every game is
    always at a decision or over; games do not all last the same number of steps.

    Policies (:meth:`rollout`, :meth:`playout`): ``random``, uniformly random over the
    legal slots (the games are those that stepping with :meth:`sample_slots` would
    play), or ``heuristic``, the engine's quick playout heuristic (see
    :meth:`heuristic_slots`). :attr:`puddings` are the pudding tokens, the end's
    tie-break (as :func:`sushigo.games.roll.dice.roll_winners` decides).
    """

    _kernels = k
    _TIEBREAK = k.PUD

    slots = k.SLOTS
    """The action space of sushigo.rl.roll: 1,361 slots, the last the no-op."""
    size = k.OBS
    """The observation's length (282)."""

    def __init__(self, ruleset: Any, batch: int, seed: int) -> None:
        super().__init__(ruleset, batch, seed)
        self._k = ruleset.per_player
        if k.log_bound(self.players, self._k) > k.LOG_SIZE:  # pragma: no cover - a guard
            raise OptionsError(f"the batch engine's log is too short for {self.players} players")
        self._dice = np.array(ruleset.dice, np.int64)
        """Each kind of die's six faces (face numbers), in KINDS order."""
        self._masks = [int(m) for m in ruleset.face_masks]
        self._head = _static(ruleset)
        self._mask = np.zeros((batch, self.players, self.slots), np.bool_)
        self._set = np.full((batch, self.players, k.MAX_LEGAL + 1), -1, np.int16)
        self._obs = np.zeros((batch, self.players, k.OBS), np.float32)
        self._work = np.zeros((batch, k.OBS), np.float32)
        self._scratch = np.empty((batch, k.SCRATCH), np.int64)
        """Each game's working space in the compiled loops (no allocation per call)."""
        self._stats: dict[str, np.ndarray] | None = None
        self._sampled = False
        """Whether the rows are worlds sampled from a view (:meth:`determinize`): their
        past before the view is not in their logs, so they have no record."""

    # -- playing ------------------------------------------------------------

    def _deal(self) -> None:
        k.reset_rows(self._rows, self._rng, self.players, self._k, self._dice)
        self._sampled = False

    def _deal_rows(self, rows: np.ndarray) -> None:
        k.reset_rows_at(self._rows, self._rng, rows, self.players, self._k, self._dice)

    def _step(self, slots: np.ndarray) -> int:
        bad: int = k.step_rows(self._rows, self._rng, slots, self.players, self._k, self._dice)
        return bad

    def _step_rows(self, slots: np.ndarray, live: np.ndarray) -> int:
        bad: int = k.step_rows_at(
            self._rows, self._rng, slots, live, self.players, self._k, self._dice
        )
        return bad

    def _play_until(self, chosen: np.ndarray, stop: np.ndarray, live: np.ndarray) -> None:
        k.play_until_rows(
            self._rows, self._rng, self._prng, chosen, stop, live, self.players, self._k,
            self._dice,
        )  # fmt: skip

    def decides(self, seats: np.ndarray) -> np.ndarray:
        """Whether seat ``seats[g]`` is to decide in each game (batch booleans; one
        seat decides at a time, none once the game is over)."""
        out: np.ndarray = self.to_act == np.asarray(seats)
        return out

    def _illegal(self, game: int) -> str:
        seat = int(self.to_act[game])
        legal = np.flatnonzero(self.legal_mask()[game, seat]).tolist()
        return (
            f"are not all legal (seat {seat} decides, among {legal}; every other seat's "
            f"slot is the no-op, {k.NOOP})"
        )

    def _play(self, chosen: np.ndarray) -> np.ndarray:
        k.rollout_rows(self._rows, self._rng, self._prng, chosen, self.players, self._k, self._dice)
        return self.returns

    def sample_slots(self) -> np.ndarray:
        """A uniformly random legal slot for every seat of every game (the no-op for
        the seats not deciding and in a game over), from the batch's own policy
        generators: reproducible, and apart from the games' rolls (batch x players)."""
        self._check()
        out = np.empty((self.batch, self.players), np.int64)
        k.sample_rows(self._rows, self._prng, self.players, out)
        return out

    def heuristic_slots(self, greedy: bool = False) -> np.ndarray:
        """The engine's quick playout heuristic (``RollState.playout_action``) for the
        deciding seat of every game (the no-op for the other seats and in a game over;
        batch x players integers): one time in five any die of the belt, else the die
        worth most to the seat's tray now (appetizer sets, maki icons, nigiri on a free
        wasabi, wasabi, tokens, puddings; equal worths broken at random); it never
        spends a token. Drawn from the batch's policy generators like
        :meth:`sample_slots`. ``greedy``: always the die worth most, ties to the lowest
        face, nothing drawn (to check it against the engine)."""
        self._check()
        out = np.empty((self.batch, self.players), np.int64)
        k.heuristic_rows(self._rows, self._prng, self.players, bool(greedy), out)
        return out

    # -- worlds sampled from a view (search) -------------------------------------

    def determinize(self, view: RollView, seed: int | None = None) -> None:
        """Fill every game of the batch with the position ``view`` shows (a
        :class:`~sushigo.games.roll.views.RollView` of this batch's ruleset, at a
        decision), as the engine's ``determinize(view, rng)`` rebuilds it: in Sushi
        Roll a view holds everything but the rolls to come, so every world is that
        position, and the worlds differ in the rolls they will make, each drawn from
        its game's own generator: the batch's next ``batch`` games of its seed (a
        ``seed`` given starts again from its game 0), as :meth:`reset` numbers them,
        so the worlds are reproducible and the same whatever the batch size. It reads
        nothing but the view.

        A world holds what the rest of the game reads: belts, trays (in the order
        taken) with their wasabi, tokens, puddings, the supply, scores, the round,
        cycle, turn and red belt, and the finished rounds' breakdowns. It does not
        hold the steps before the view, so :meth:`export_record` and
        :meth:`card_stats` refuse such games (OptionsError). OptionsError for a view
        of another game or dice, of a finished game, between turns (a roll due), or
        one no position of the game shows."""
        row = self._template(view)
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise OptionsError(f"seed must be a whole number, 0 or more, not {seed!r}")
            self.seed = seed
            self._next = 0
        self._seed_rows()
        self._rows[:] = row
        self._ready = True
        self._masked = False
        self._sampled = True

    def _template(self, view: RollView) -> np.ndarray:
        """A row holding the position ``view`` shows (see :meth:`determinize`)."""
        rs = self.ruleset
        if not isinstance(view, RollView):
            raise OptionsError(
                f"determinize takes a Sushi Roll player's view (state.observe(seat)), "
                f"not {type(view).__name__}"
            )
        if view.ruleset != rs:
            raise OptionsError(f"the view is of {view.ruleset!r}; this batch plays {rs!r}")
        if view.round >= k.ROUNDS:
            raise OptionsError("the view is of a finished game: there is no world to sample")
        if view.to_move is None:
            raise OptionsError(
                "the view is between turns (a roll is due): sample worlds from a view at a decision"
            )
        n = self.players
        seat = view.seat
        where = f"no position of {rs!r} shows this view"
        if view.seats != n or not 0 <= seat < n or not 0 <= view.cycle < self._k:
            raise OptionsError(f"{where} (seat {seat})")
        row = np.zeros(k.WIDTH, np.int16)
        bag = k.DICE_COUNTS.copy()
        r = view.round
        try:
            for rel in range(n):
                s = (seat + rel) % n
                belt = sorted(_F[f] for f in view.belts[rel])
                if len(belt) != self._k - view.cycle - view.taken[rel]:
                    raise OptionsError(f"{where}: seat {s}'s belt holds {len(belt)} dice")
                for i, f in enumerate(belt):
                    if not (self._masks[int(k.KIND[f])] >> f) & 1:
                        raise OptionsError(f"{where}: no die shows {FACE_IDS[f]}")
                    row[k.BELT + s * k.MAXB + i] = f
                    bag[k.KIND[f]] -= 1
                row[k.BLEN + s] = len(belt)
                tray = [TRAY_CODE[e] for e in view.trays[rel]]
                stacks = sum(e >= k.STACK0 for e in tray)
                if len(tray) + stacks != view.cycle + view.taken[rel]:
                    raise OptionsError(f"{where}: seat {s}'s tray holds other dice")
                for i, e in enumerate(tray):
                    row[k.TRAY + s * k.NT + e] += 1
                    row[k.TLIST + (r * k.S + s) * k.MAXB + i] = e
                    bag[k.TRAY_KIND[e]] -= 1
                    if e >= k.STACK0:
                        bag[k.SPECIAL] -= 1
                row[k.TN + r * k.S + s] = len(tray)
                row[k.MENUS + s] = view.menus[rel]
                row[k.CHOPS + s] = view.chopsticks[rel]
                row[k.PUD + s] = view.puddings[rel]
                row[k.SCORE + s] = view.scores[rel]
                for past, done in enumerate(view.rounds):
                    at = k.BREAK + (past * k.S + s) * k.FAMILIES
                    row[at : at + k.FAMILIES] = [done.breakdown[rel][f] for f in _FAMILIES]
                    entries = [TRAY_CODE[e] for e in done.trays[rel]]
                    for i, e in enumerate(entries):
                        row[k.TLIST + (past * k.S + s) * k.MAXB + i] = e
                    row[k.TN + past * k.S + s] = len(entries)
            if len(view.rounds) != r:
                raise OptionsError(f"{where}: {len(view.rounds)} rounds finished, not {r}")
            taken = sum(view.taken)
            red = (seat + view.red) % n
            if (seat + view.to_move) % n != (red + taken) % n or list(view.taken) != [
                1 if (rel - view.red) % n < taken else 0 for rel in range(n)
            ]:
                raise OptionsError(f"{where}: the turns taken are not the red belt's")
            held = [view.menus, view.chopsticks, view.puddings]
            for i, start in enumerate(k.SUPPLY):
                if view.supply[i] < 0 or min(held[i]) < 0 or view.supply[i] + sum(held[i]) > start:
                    raise OptionsError(f"{where}: more tokens than the supply holds")
            row[k.SUP : k.SUP + 3] = view.supply
        except OptionsError:
            raise
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise OptionsError(f"{where} ({exc!r})") from None
        if (bag < 0).any():
            raise OptionsError(f"{where}: more dice of a kind than the bag holds")
        row[k.ROUND] = r
        row[k.CYCLE] = view.cycle
        row[k.STEP] = taken
        row[k.RED] = red
        return row

    def _played(self, i: int) -> list[dict[str, Any]]:
        """Game ``i``'s steps since its rows were set (a world's since the view: the
        decisions, rolls and deals of its playout), as records write them."""
        row = self._rows[i].tolist()
        return _steps(row[k.LOG : k.LOG + row[k.LOGN]], 0, row[k.LOGN], self.players, self._k)

    # -- recorded rolls --------------------------------------------------------

    def _last(self, i: int, op: int, what: str) -> np.ndarray:
        self._change()
        if not 0 <= i < self.batch:
            raise IndexError(f"no game {i} in a batch of {self.batch}")
        row: np.ndarray = self._rows[i]
        if int(row[k.LAST]) != op:
            raise OptionsError(f"game {i}: no {what} was just rolled (a decision came after it)")
        return row

    def _faces(self, i: int, faces: Any, where: str) -> list[int]:
        if not isinstance(faces, (list, tuple)):
            raise OptionsError(f"game {i}: {where} is a list of faces")
        out = []
        for face in faces:
            if not isinstance(face, str) or face not in _F:
                raise OptionsError(f"game {i}: {where}: no face is called {face!r}")
            out.append(_F[face])
        return out

    def _rollable(self, i: int, kind: int, face: int, where: str) -> None:
        if not (self._masks[kind] >> face) & 1:
            raise OptionsError(
                f"game {i}: {where}: no {KINDS[kind]} die shows {FACE_IDS[face]} "
                "with these dice faces"
            )

    def _belts(self, i: int, belts: Any, size: int, where: str) -> np.ndarray:
        n = self.players
        if not isinstance(belts, (list, tuple)) or len(belts) != n:
            raise OptionsError(f"game {i}: {where} is {n} belts, one a seat")
        out = np.zeros((n, size), np.int64)
        for s, belt in enumerate(belts):
            faces = sorted(self._faces(i, belt, f"{where}, seat {s}"))
            if len(faces) != size:
                raise OptionsError(
                    f"game {i}: {where}: seat {s}'s belt holds {size} dice, not {len(faces)}"
                )
            for f in faces:
                self._rollable(i, int(k.KIND[f]), f, f"{where}, seat {s}")
            out[s] = faces
        return out

    def force_deal(self, i: int, belts: Any, red: int) -> None:
        """Replace game ``i``'s deal of the round just started (before its first
        decision) by ``belts`` (one list of face ids per seat, as rolled) and the red
        belt's seat, as a record's ``{"deal": belts, "red": seat}`` says: how a recorded
        game is re-played in the batch (tests/test_fast_roll.py). OptionsError for a
        deal the bag and the dice cannot give, or a red belt that moved (it is drawn
        only in the first round)."""
        row = self._last(i, k.DEAL, "deal")
        n = self.players
        out = self._belts(i, belts, self._k, "the deal")
        drawn = np.bincount(k.KIND[out.ravel()], minlength=k.NK)
        for kind in range(k.NK):
            if drawn[kind] > k.DICE_COUNTS[kind]:
                raise OptionsError(
                    f"game {i}: the deal has {drawn[kind]} {KINDS[kind]} dice; "
                    f"the bag holds {k.DICE_COUNTS[kind]}"
                )
        if not isinstance(red, int) or isinstance(red, bool) or not 0 <= red < n:
            raise OptionsError(f"game {i}: the red belt goes to a seat from 0 to {n - 1}")
        if int(row[k.ROUND]) > 0 and red != int(row[k.RED]):
            raise OptionsError(f"game {i}: the red belt is at seat {int(row[k.RED])}, not {red}")
        k.force_deal(self._rows, i, n, out, red)

    def force_roll(self, i: int, faces: Any) -> None:
        """Replace the faces game ``i``'s last menu token rolled (before any decision
        since) by ``faces`` (face ids, one for each die re-rolled, in the order the
        action named them), as a record's ``{"roll": faces}`` says. OptionsError for
        faces those dice cannot show."""
        row = self._last(i, k.ROLL, "menu re-roll")
        at = k.LOG + int(row[k.LAST_AT])
        m = int(row[at + 1])
        codes = self._faces(i, faces, "the roll")
        if len(codes) != m:
            raise OptionsError(f"game {i}: {m} dice were re-rolled, not {len(codes)}")
        named = at - m  # the menu's dice, just before the roll in the log
        for j, f in enumerate(codes):
            self._rollable(i, int(k.KIND[int(row[named + j])]), f, "the roll")
        k.force_roll(self._rows, i, np.array(codes, np.int64))

    def force_slide(self, i: int, belts: Any) -> None:
        """Replace the faces game ``i``'s belts showed when rolled after they last slid
        (before any decision since) by ``belts`` (one list of face ids per seat), as a
        record's ``{"slide": belts}`` says. OptionsError unless each belt holds the
        same kinds of dice as before, showing faces they can show."""
        row = self._last(i, k.SLIDE, "slide")
        size = int(row[k.BLEN])
        out = self._belts(i, belts, size, "the slide")
        for s in range(self.players):
            now = row[k.BELT + s * k.MAXB : k.BELT + s * k.MAXB + size]
            if sorted(k.KIND[now].tolist()) != sorted(k.KIND[out[s]].tolist()):
                raise OptionsError(f"game {i}: seat {s}'s belt holds other kinds of dice")
        k.force_slide(self._rows, i, self.players, out)

    def force_chance(self, i: int, step: dict[str, Any]) -> None:
        """A record's chance step (``{"deal": ..., "red": ...}``, ``{"roll": ...}`` or
        ``{"slide": ...}``) as game ``i``'s last roll."""
        if "deal" in step:
            self.force_deal(i, step["deal"], step.get("red", -1))
        elif "roll" in step:
            self.force_roll(i, step["roll"])
        elif "slide" in step:
            self.force_slide(i, step["slide"])
        else:
            raise OptionsError(f"game {i}: {step!r} is no deal or roll")

    # -- what the games show --------------------------------------------------

    def card_stats(self) -> dict[str, np.ndarray]:
        """What each seat of each finished game had on its belt at its takes, took,
        passed up and scored, face by face (:mod:`sushigo.fast.roll_stats`): arrays
        ``offered``, ``taken``, ``cards`` (batch x players x 17), ``over`` (batch x
        players x 17 x 17) and ``points`` (float). The batch's own arrays, rewritten by
        the next call."""
        self._check()
        if self._sampled:
            raise OptionsError(
                "the games are worlds sampled from a view (determinize): what was on the "
                "belts and taken before the view is not known; card statistics need whole "
                "games"
            )
        if self._stats is None:
            shape = (self.batch, self.players, k.NF)
            self._stats = {
                "offered": np.zeros(shape, np.int64),
                "taken": np.zeros(shape, np.int64),
                "over": np.zeros((*shape, k.NF), np.int64),
                "points": np.zeros(shape, np.float64),
                "cards": np.zeros(shape, np.int64),
            }
        a = self._stats
        card_stats(self._rows, self.players, self._k,
                   a["offered"], a["taken"], a["over"], a["points"], a["cards"])  # fmt: skip
        return a

    @property
    def to_act(self) -> np.ndarray:
        """The seat deciding in each game, -1 once it is over (batch integers)."""
        rows = self._rows
        seat = (rows[:, k.RED].astype(np.int64) + rows[:, k.STEP]) % self.players
        out: np.ndarray = np.where(rows[:, k.DONE] == 1, -1, seat)
        return out

    def observe(self) -> np.ndarray:
        """Every seat's observation (batch x players x 282 float32), as sushigo.rl
        builds it from that seat's view. Rewritten by the next call: copy to keep."""
        self._check()
        k.observe_rows(self._rows, self.players, self._head, self._obs, self._work, self._scratch)
        return self._obs

    # -- records ----------------------------------------------------------------

    def export_record(self, i: int) -> dict[str, Any]:
        """Game ``i`` of the batch as a record in the project's format (its finished
        rounds, and its end once over): deals, decisions and rolls, and the trays,
        scores and breakdowns this engine worked out, which ``sushigo replay --verify``
        checks."""
        self._check()
        if not 0 <= i < self.batch:
            raise IndexError(f"no game {i} in a batch of {self.batch}")
        if self._sampled:
            raise OptionsError(
                f"game {i} is a world sampled from a view (determinize): its steps before "
                "the view are not known, so it has no record (a record re-plays a game "
                "from its first deal); reset the batch for whole games"
            )
        row = self._rows[i].tolist()
        n = self.players
        finished = row[k.ROUND]
        log = row[k.LOG : k.LOG + row[k.LOGN]]
        rounds = []
        for r in range(finished):
            start = row[k.RSTART + r]
            end = row[k.RSTART + r + 1] if r + 1 < k.ROUNDS else len(log)
            trays, scores, breakdown = [], [], []
            for s in range(n):
                at = k.TLIST + (r * k.S + s) * k.MAXB
                trays.append([TRAY_IDS[e] for e in row[at : at + row[k.TN + r * k.S + s]]])
                b = k.BREAK + (r * k.S + s) * k.FAMILIES
                values = row[b : b + k.FAMILIES]
                breakdown.append(dict(zip(_FAMILIES, values, strict=True)))
                scores.append(sum(values))
            rounds.append(
                {
                    "steps": _steps(log, start, end, n, self._k),
                    "trays": trays,
                    "scores": scores,
                    "breakdown": breakdown,
                }
            )
        record = self._record(rounds)
        if row[k.DONE]:
            puddings = row[k.PUD : k.PUD + n]
            final = row[k.SCORE : k.SCORE + n]
            record.update(
                {
                    "puddings": puddings,
                    "tokens_left": [row[k.MENUS + s] + row[k.CHOPS + s] for s in range(n)],
                    "token_scores": row[k.TOKEN_PTS : k.TOKEN_PTS + n],
                    "dessert_scores": row[k.DESSERT_PTS : k.DESSERT_PTS + n],
                    "final_scores": final,
                    "winners": winners(final, puddings),
                }
            )
        record["batch"] = {"seed": self.seed, "game": int(self._games[i])}
        return record


def _steps(log: list[int], start: int, end: int, n: int, per: int) -> list[dict[str, Any]]:
    """A round's steps, as records write them, from the row's log (sushigo.fast.roll);
    ``per`` dice a belt at the deal."""
    out: list[dict[str, Any]] = []
    at = start
    while at < end:
        op, seat = divmod(log[at], 8)
        if op == k.DEAL:
            faces = log[at + 2 : at + 2 + n * per]
            out.append(
                {
                    "deal": [
                        [FACE_IDS[f] for f in faces[s * per : (s + 1) * per]] for s in range(n)
                    ],
                    "red": log[at + 1],
                }
            )
            at += 2 + n * per
        elif op == k.TAKE:
            out.append({"seat": seat, "action": FACE_IDS[log[at + 1]]})
            at += 2
        elif op == k.CHOP:
            mine, other, theirs = log[at + 1 : at + 4]
            text = f"chopsticks:{FACE_IDS[mine]},{other},{FACE_IDS[theirs]}"
            out.append({"seat": seat, "action": text})
            at += 4
        elif op == k.MENU:
            m = log[at + 1]
            text = "menu:" + "+".join(FACE_IDS[f] for f in log[at + 2 : at + 2 + m])
            out.append({"seat": seat, "action": text})
            at += 2 + m
        elif op == k.ROLL:
            m = log[at + 1]
            out.append({"roll": [FACE_IDS[f] for f in log[at + 2 : at + 2 + m]]})
            at += 2 + m
        else:
            size = log[at + 1]
            faces = log[at + 2 : at + 2 + n * size]
            out.append(
                {
                    "slide": [
                        [FACE_IDS[f] for f in faces[s * size : (s + 1) * size]] for s in range(n)
                    ]
                }
            )
            at += 2 + n * size
    return out
