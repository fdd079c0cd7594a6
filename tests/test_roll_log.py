"""Sushi Roll's log (``sushigo.present.roll.round_log``): every die taken, every
re-roll with what came up, every swap and every slide of the belts, as the board
shows them; checked against the trays and belts over random games."""

from __future__ import annotations

import random

import pytest

import sushigo
from sushigo.present.frames import public_frame, seat_frame


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_log_accounts_for_every_die_and_token(players: int) -> None:
    rng = random.Random(players)
    state = sushigo.make("sushi-roll", players=players).new_game()
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        frame = seat_frame(state, checked % players)
        log = frame["log"]
        assert log == public_frame(state)["log"]  # nothing in it is private
        for p in frame["players"]:
            dice = sum(1 + entry.count("+") for entry in p["played"])
            takes = [e for e in log if e["what"] == "take" and e["seat"] == p["seat"]]
            assert len(takes) == dice
            spent = [e for e in log if e["seat"] == p["seat"] and e["what"] in ("reroll", "swap")]
            ref = f"{{{p['seat']}}}"
            assert all(ref in e["text"] for e in takes + spent)
        for i, e in enumerate(log):
            if e["what"] == "reroll":
                after = log[i + 1]
                assert after["what"] == "rolled" and len(after["cards"]) == len(e["cards"])
            if e["what"] == "swap":
                assert e["other"] != e["seat"] and len(e["cards"]) == 2
        assert sum(e["what"] == "slide" for e in log) == frame["turn"] - 1
        assert all(e["turn"] <= frame["turn"] for e in log)
        acts = {s: rng.choice(state.legal_actions(s)) for s in state.to_act()}
        state.apply(acts)
        checked += 1
    assert checked > 20
