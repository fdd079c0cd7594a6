"""Sushi Roll's rules, from the rulebook (../shared/rules/sushi-roll-rulebook.md).

Scoring is table-driven from the rulebook's tables and worked examples; the turn,
token, belt and round rules are checked on positions built from chosen rolls.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import sushigo
from sushigo.core.errors import IllegalActionError, OptionsError, ParseError
from sushigo.games.roll import (
    MENU,
    BeltRoll,
    Reroll,
    RollAction,
    RollDeal,
    RollState,
    action_from_id,
    action_id,
    parse_roll_action,
    reroll,
    swap,
    take,
)
from sushigo.games.roll.dice import (
    DEFAULT_DICE,
    check_dice,
    maki_points,
    pudding_points,
    roll_winners,
    score_trays,
    set_points,
    token_points,
)
from sushigo.play.files import load_dice

# ---------------------------------------------------------------------------
# Scoring tables (rulebook, "Scoring a round" and "Ending the game").


@pytest.mark.parametrize(
    ("face", "points"),
    [
        ("dumpling", [0, 2, 4, 8, 10, 12, 16]),
        ("tempura", [0, 1, 5, 10, 11, 15, 20]),
        ("sashimi", [0, 0, 6, 13, 13, 19, 26]),
    ],
)
def test_appetizer_sets_of_up_to_three(face: str, points: list[int]) -> None:
    # 1-3 icons from the table; more icons start another set ("multiple sets").
    assert [set_points(face, n) for n in range(7)] == points


def test_rulebook_example_four_tempura_and_two_sashimi_score_17() -> None:
    breakdowns, totals = score_trays([["tempura"] * 4 + ["sashimi"] * 2])
    assert totals == [17]
    assert breakdowns[0]["tempura"] == 11 and breakdowns[0]["sashimi"] == 6


def test_rulebook_maki_example_ties_take_full_points() -> None:
    # Andrew and Chris 4 icons each, Karen and Meredith 3: 6, 6, 3, 3.
    trays = [["maki-3", "maki-1"], ["maki-2", "maki-2"], ["maki-3"], ["maki-1", "maki-2"]]
    assert score_trays(trays)[1] == [6, 6, 3, 3]


@pytest.mark.parametrize(
    ("icons", "points"),
    [
        ([4, 4], [6, 6]),  # the issue: two players tied on 4 maki both score 6
        ([5, 2, 0], [6, 3, 0]),
        ([0, 0, 0], [0, 0, 0]),  # no maki, no points
        ([3, 3, 3, 1], [6, 6, 6, 3]),
        ([6, 2, 2, 1, 0], [6, 3, 3, 0, 0]),
    ],
)
def test_maki_most_six_second_three(icons: list[int], points: list[int]) -> None:
    assert maki_points(icons) == points


@pytest.mark.parametrize(
    ("tray", "points"),
    [
        (["egg-nigiri", "salmon-nigiri", "squid-nigiri"], 6),
        (["wasabi+egg-nigiri"], 3),
        (["wasabi+salmon-nigiri"], 6),
        (["wasabi+squid-nigiri", "squid-nigiri"], 12),
        (["wasabi"], 0),  # a wasabi without a nigiri scores nothing
        (["wasabi", "wasabi", "pudding-3", "menu-2", "chopsticks"], 0),  # tokens score later
    ],
)
def test_nigiri_and_wasabi(tray: list[str], points: int) -> None:
    assert score_trays([tray])[1] == [points]


@pytest.mark.parametrize(
    ("puddings", "points"),
    [
        ([6, 6, 0, 0], [6, 6, -6, -6]),  # the rulebook's example
        ([3, 1], [6, 0]),  # 2 players: no -6
        ([0, 2, 5], [-6, 0, 6]),
        ([2, 2, 2], [0, 0, 0]),  # ruling: everyone equal, nobody scores
        ([4, 4], [0, 0]),
    ],
)
def test_pudding_tokens_at_game_end(puddings: list[int], points: list[int]) -> None:
    assert pudding_points(puddings) == points


def test_one_point_per_two_leftover_tokens_any_combination() -> None:
    assert token_points([3, 1, 0, 2], [2, 1, 1, 0]) == [2, 1, 0, 1]


def test_winner_tie_broken_by_pudding_tokens_then_shared() -> None:
    assert roll_winners([40, 40, 39], [1, 3, 9]) == [1]
    assert roll_winners([40, 40, 39], [3, 3, 9]) == [0, 1]


# ---------------------------------------------------------------------------
# Positions built from chosen rolls.


def dealt(players: int, belts: list[list[str]], red: int = 0, **options: Any) -> RollState:
    rules = sushigo.make("sushi-roll", players=players, **options)
    state = rules.new_game()
    state.apply_chance(RollDeal(red, tuple(tuple(b) for b in belts)))
    return state


def act(state: RollState, text: str) -> None:
    (seat,) = state.to_act()
    state.apply({seat: parse_roll_action(text)})


FOUR = [
    ["dumpling", "tempura", "maki-1", "egg-nigiri", "wasabi", "pudding-1"],
    ["sashimi", "dumpling", "maki-3", "squid-nigiri", "menu-2", "pudding-3"],
    ["tempura", "tempura", "maki-2", "salmon-nigiri", "chopsticks-2", "pudding-2"],
    ["dumpling", "sashimi", "maki-1", "egg-nigiri", "wasabi", "menu"],
]


def test_set_up_tokens_dice_and_supply() -> None:
    for players, dice in [(2, 8), (3, 7), (4, 6), (5, 5)]:
        state = sushigo.make("sushi-roll", players=players).new_game()
        assert state.is_chance() and state.to_act() == ()
        state.apply_chance(state.sample_chance(random.Random(players)))
        assert [len(state.belt(s)) for s in range(players)] == [dice] * players
        assert state.menus == (3,) * players and state.chopsticks == (2,) * players
        assert state.supply == (18 - 3 * players, 12 - 2 * players, 32)
        assert sum(state.bag.values()) == 30 - dice * players


def test_turns_go_left_from_the_red_belt_one_at_a_time() -> None:
    state = dealt(4, FOUR, red=2)
    order = []
    for text in ["tempura", "dumpling", "tempura", "maki-3"]:
        order.append(state.to_act()[0])
        act(state, text)
    assert order == [2, 3, 0, 1]


def test_a_take_moves_the_die_to_the_tray_unchanged() -> None:
    state = dealt(4, FOUR)
    act(state, "maki-1")
    assert state.tray(0) == ("maki-1",)
    assert state.belt(0) == ("dumpling", "tempura", "egg-nigiri", "wasabi", "pudding-1")
    assert state.to_act() == (1,)


def test_menu_token_rerolls_the_chosen_dice_only() -> None:
    state = dealt(4, FOUR)
    act(state, "menu:dumpling+maki-1")
    assert state.menus[0] == 2 and state.supply[0] == 18 - 12 + 1
    assert state.is_chance() and state.rerolling == ("dumpling", "maki-1")
    assert state.to_act() == ()
    state.apply_chance(Reroll(("sashimi", "maki-3")))
    assert state.belt(0) == ("tempura", "sashimi", "maki-3", "egg-nigiri", "wasabi", "pudding-1")
    assert state.to_act() == (0,)  # still seat 0's turn: tokens, then one die


def test_a_reroll_must_be_a_face_of_the_same_die() -> None:
    state = dealt(4, FOUR)
    act(state, "menu:maki-1")
    with pytest.raises(IllegalActionError, match="maki die re-rolled from maki-1 cannot show"):
        state.apply_chance(Reroll(("tempura",)))
    with pytest.raises(IllegalActionError, match="1 dice are re-rolled, not 2"):
        state.apply_chance(Reroll(("maki-2", "maki-3")))


def test_chopsticks_swap_two_belt_dice_faces_unchanged() -> None:
    state = dealt(4, FOUR)
    act(state, "chopsticks:dumpling,1,squid-nigiri")
    assert state.chopsticks[0] == 1 and state.supply[1] == 12 - 8 + 1
    assert "squid-nigiri" in state.belt(0) and "dumpling" not in state.belt(0)
    assert state.belt(1) == ("dumpling", "dumpling", "sashimi", "maki-3", "menu-2", "pudding-3")
    act(state, "squid-nigiri")  # then the mandatory die
    assert state.tray(0) == ("squid-nigiri",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chopsticks:dumpling,0,tempura", "another player's belt"),
        ("chopsticks:dumpling,1,tempura", "seat 1's belt has no tempura"),
        ("chopsticks:dumpling,3,dumpling", "same face changes nothing"),
        ("chopsticks:sashimi,1,dumpling", "seat 0 has no sashimi"),
        ("menu:sashimi", "has no sashimi to re-roll"),
        ("menu:tempura+tempura", "has no tempura to re-roll"),
        ("squid-nigiri", "seat 0 has no squid-nigiri on its belt"),
    ],
)
def test_illegal_decisions_say_why(text: str, message: str) -> None:
    state = dealt(4, FOUR)
    with pytest.raises(IllegalActionError, match=message):
        act(state, text)
    assert state.belt(0) == tuple(FOUR[0]) and state.menus[0] == 3


def test_dice_on_trays_can_never_be_swapped() -> None:
    state = dealt(4, FOUR)
    act(state, "tempura")
    with pytest.raises(IllegalActionError, match="dice on trays can never be swapped"):
        act(state, "chopsticks:sashimi,0,tempura")


def test_only_the_seat_to_move_decides() -> None:
    state = dealt(4, FOUR)
    with pytest.raises(IllegalActionError, match=r"seats \[0\]"):
        state.apply({1: take("sashimi")})


def test_no_token_no_use() -> None:
    state = dealt(4, FOUR)
    act(state, "chopsticks:dumpling,1,squid-nigiri")
    act(state, "chopsticks:egg-nigiri,1,sashimi")
    with pytest.raises(IllegalActionError, match="no chopsticks token left"):
        act(state, "chopsticks:tempura,1,dumpling")
    for _ in range(3):
        act(state, "menu:tempura")
        state.apply_chance(Reroll(("tempura",)))
    with pytest.raises(IllegalActionError, match="no menu token left"):
        act(state, "menu:tempura")
    assert all(not str(a).startswith(("menu", "chop")) for a in state.legal_actions(0))


@pytest.mark.parametrize(
    ("face", "menus", "chopsticks", "puddings"),
    [
        ("menu-2", 5, 2, 0),
        ("menu", 4, 2, 0),
        ("chopsticks-2", 3, 4, 0),
        ("pudding-3", 3, 2, 3),
        ("pudding-1", 3, 2, 1),
    ],
)
def test_taking_a_token_die_gives_tokens_at_once(
    face: str, menus: int, chopsticks: int, puddings: int
) -> None:
    belt = ["menu-2", "menu", "chopsticks-2", "pudding-3", "pudding-1"]
    state = dealt(2, [belt + ["tempura"] * 3, ["dumpling"] * 4 + ["maki-1"] * 4])
    act(state, face)
    assert (state.menus[0], state.chopsticks[0], state.puddings[0]) == (menus, chopsticks, puddings)
    assert state.supply == (18 - 6 - (menus - 3), 12 - 4 - (chopsticks - 2), 32 - puddings)


def test_tokens_that_run_out_give_what_is_left() -> None:
    # 5 players take 15 of the 18 menu tokens and 10 of the 12 chopsticks at the start.
    belts = [
        ["menu-2", "menu-2", "tempura", "tempura", "tempura"],
        ["dumpling"] * 5,
        ["maki-1"] * 5,
        ["egg-nigiri"] * 5,
        ["pudding-1"] * 4 + ["wasabi"],
    ]
    state = dealt(5, belts)
    act(state, "menu-2")
    assert state.menus[0] == 5 and state.supply[0] == 1
    # seat 1 swaps seat 0's second menu-2 over and takes it: only 1 token is left
    act(state, "chopsticks:dumpling,0,menu-2")
    assert state.chopsticks[1] == 1 and state.supply[1] == 3
    act(state, "menu-2")
    assert state.menus[1] == 4 and state.supply[0] == 0
    assert min(state.supply) >= 0


def same_roll(state: RollState) -> None:
    """The roll after a slide, every die showing the face it had."""
    state.apply_chance(BeltRoll(tuple(state.belt(s) for s in range(state.rules.players))))


def test_nigiri_goes_on_a_free_wasabi_one_per_wasabi() -> None:
    state = dealt(
        2,
        [
            ["wasabi", "egg-nigiri"] + ["dumpling"] * 6,
            ["salmon-nigiri", "squid-nigiri", "wasabi", "egg-nigiri"] + ["maki-1"] * 4,
        ],
    )
    moves = [
        ("egg-nigiri", "maki-1"),  # seat 0 has no wasabi yet: a plain egg nigiri
        ("wasabi", "dumpling"),  # seat 1 starts cycles 2, 4, 6; seat 0 moves second
        ("wasabi", "maki-1"),
        ("salmon-nigiri", "dumpling"),  # on the first wasabi
        ("dumpling", "squid-nigiri"),  # seat 1 has no wasabi: a plain squid
        ("egg-nigiri", "dumpling"),  # on the second wasabi
    ]
    for cycle, (mine, theirs) in enumerate(moves):
        order = [mine, theirs] if cycle % 2 == 0 else [theirs, mine]
        for text in order:
            act(state, text)
        same_roll(state)
    assert state.tray(0) == ("egg-nigiri", "wasabi+salmon-nigiri", "wasabi+egg-nigiri", "dumpling")
    assert state.tray(1) == ("maki-1", "dumpling", "maki-1", "dumpling", "squid-nigiri", "dumpling")


def test_a_squid_on_wasabi_after_the_belts_come_round() -> None:
    belt = ["wasabi", "wasabi", "egg-nigiri", "salmon-nigiri", "squid-nigiri", "tempura"]
    state = dealt(2, [belt + ["sashimi", "sashimi"], ["dumpling"] * 4 + ["maki-1"] * 4])
    act(state, "wasabi")
    act(state, "dumpling")
    same_roll(state)
    act(state, "wasabi")  # seat 1 now holds the red belt and seat 0's old belt
    act(state, "maki-1")
    same_roll(state)
    act(state, "squid-nigiri")
    assert state.tray(0) == ("wasabi+squid-nigiri", "maki-1")
    assert state.tray(1) == ("dumpling", "wasabi")


SLID = (
    ("dumpling", "maki-1", "egg-nigiri", "wasabi", "menu-2"),
    ("tempura", "maki-2", "salmon-nigiri", "chopsticks", "pudding-2"),
    ("sashimi", "maki-3", "squid-nigiri", "menu-2", "pudding-3"),
    ("tempura", "maki-2", "salmon-nigiri", "chopsticks-2", "pudding-2"),
)


def test_the_slide_moves_belts_left_and_the_red_belt_starts() -> None:
    state = dealt(4, FOUR, red=0)
    for text in ["tempura", "dumpling", "tempura", "dumpling"]:
        act(state, text)
    assert state.is_chance() and state.red == 1 and state.cycle == 1
    # the belt seat 3 held is now in front of seat 0, and so on; every die is re-rolled
    assert state.belt(0) == ("sashimi", "maki-1", "egg-nigiri", "wasabi", "menu")
    assert state.belt(1) == ("dumpling", "maki-1", "egg-nigiri", "wasabi", "pudding-1")
    state.apply_chance(BeltRoll(SLID))
    assert [state.belt(s) for s in range(4)] == list(SLID)
    assert state.to_act() == (1,)


def test_a_belt_roll_keeps_each_belts_dice() -> None:
    state = dealt(4, FOUR, red=0)
    for text in ["tempura", "dumpling", "tempura", "dumpling"]:
        act(state, text)
    wrong = (SLID[0], SLID[1][:4] + ("wasabi",), SLID[2], SLID[3])
    with pytest.raises(IllegalActionError, match="seat 1's belt holds other dice"):
        state.apply_chance(BeltRoll(wrong))


def play_round(state: RollState, rng: random.Random) -> None:
    """Take the first die offered at every turn until the round is over."""
    start = state.round
    while state.round == start and not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            (seat,) = state.to_act()
            state.apply({seat: state.legal_actions(seat)[0]})


def sampled_deal(players: int, red: int, seed: int = 0) -> RollDeal:
    """Belts drawn and rolled at random, with the red belt where a test wants it."""
    state = sushigo.make("sushi-roll", players=players).new_game()
    deal = state.sample_chance(random.Random(seed))
    assert isinstance(deal, RollDeal)
    return RollDeal(red, deal.belts)


@pytest.mark.parametrize(
    ("players", "red_after_round_one"),
    [(2, 1), (3, 1), (4, 1), (5, 4)],
)
def test_the_start_player_changes_each_round(players: int, red_after_round_one: int) -> None:
    # Belts slide after every cycle but the last; with 3 players they slide once more.
    state = sushigo.make("sushi-roll", players=players).new_game()
    state.apply_chance(sampled_deal(players, 0))
    play_round(state, random.Random(1))
    assert state.red == red_after_round_one
    assert state.is_chance() and state.round == 1  # the next round's deal
    with pytest.raises(IllegalActionError, match="the red belt is at seat"):
        state.apply_chance(sampled_deal(players, (red_after_round_one + 1) % players))
    state.apply_chance(sampled_deal(players, red_after_round_one))
    assert state.to_act() == (red_after_round_one,)


def test_three_player_belt_rule_slides_once_more_at_round_end() -> None:
    state = sushigo.make("sushi-roll", players=3).new_game()
    state.apply_chance(sampled_deal(3, 0))
    slides = 0
    while state.round == 0:
        if state.is_chance():
            slides += 1
            state.apply_chance(state.sample_chance(random.Random(slides)))
        else:
            (seat,) = state.to_act()
            state.apply({seat: state.legal_actions(seat)[0]})
    assert slides == 6  # between the 7 cycles
    assert state.red == 7 % 3  # 6 slides, then the 3-player slide at round end


def test_dice_return_to_the_bag_between_rounds() -> None:
    state = sushigo.make("sushi-roll", players=2).new_game()
    state.apply_chance(sampled_deal(2, 0))
    assert sum(state.bag.values()) == 14
    play_round(state, random.Random(3))
    assert state.bag == {"appetizer": 10, "maki": 6, "nigiri": 5, "special": 5, "pudding": 4}
    deal = state.sample_chance(random.Random(5))
    assert isinstance(deal, RollDeal) and deal.red == state.red


def test_a_deal_cannot_draw_more_dice_than_the_bag_holds() -> None:
    rules = sushigo.make("sushi-roll", players=2)
    state = rules.new_game()
    with pytest.raises(IllegalActionError, match="the deal has 16 pudding dice; the bag holds 4"):
        state.apply_chance(RollDeal(0, (("pudding-1",) * 8, ("pudding-2",) * 8)))
    with pytest.raises(IllegalActionError, match="seat 1's belt holds 8 dice"):
        state.apply_chance(RollDeal(0, (("tempura",) * 8, ("maki-1",) * 7)))
    with pytest.raises(IllegalActionError, match="unknown face"):
        RollDeal(0, (("tempura",) * 7 + ("tofu",), ("maki-1",) * 8))
    assert state.is_chance() and state.round == 0


def test_a_copied_state_knows_no_future_roll() -> None:
    state = dealt(4, FOUR)
    act(state, "menu:dumpling+tempura+maki-1+egg-nigiri+wasabi+pudding-1")
    copy = state.copy()
    outcomes = {str(copy.sample_chance(random.Random(seed))) for seed in range(20)}
    assert len(outcomes) > 1  # the roll is made when it is applied, not stored
    copy.apply_chance(copy.sample_chance(random.Random(1)))
    assert state.is_chance() and state.belt(0) == tuple(FOUR[0])  # the original is untouched


# ---------------------------------------------------------------------------
# Notation, ids, options.


@pytest.mark.parametrize(
    "text",
    ["tempura", "menu:dumpling+maki-1+maki-1", "chopsticks:squid-nigiri,3,pudding-2"],
)
def test_notation_and_ids_round_trip(text: str) -> None:
    action = parse_roll_action(text)
    assert str(action) == text
    assert action_from_id(action_id(action)) == action
    assert parse_roll_action(str(action)) == action


def test_builders_match_the_notation() -> None:
    assert take("tempura") == parse_roll_action("take:tempura")
    assert reroll("maki-1", "dumpling") == parse_roll_action("menu:dumpling+maki-1")
    assert swap("tempura", 2, "maki-3") == parse_roll_action("chopsticks:tempura,2,maki-3")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("menu:", "name the dice to re-roll"),
        ("chopsticks:tempura,maki-3", "your die, the other seat and their die"),
        ("spoon:tempura", "an action is a die to take"),
        ("tofu", "unknown card"),
    ],
)
def test_bad_notation_is_a_parse_error(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_roll_action(text)


def test_player_counts() -> None:
    for players in (1, 6):
        with pytest.raises(OptionsError, match="2 to 5 players"):
            sushigo.make("sushi-roll", players=players)


def test_custom_dice_are_validated_and_kept_in_the_options(tmp_path: Any) -> None:
    table = {k: list(v) for k, v in DEFAULT_DICE.items()}
    table["nigiri"] = ["squid-nigiri"] * 6
    rules = sushigo.make("sushi-roll", players=3, dice=table)
    assert rules.options["dice"]["nigiri"] == ["squid-nigiri"] * 6
    assert rules.faces_of("nigiri") == ("squid-nigiri",) * 6
    default = sushigo.make(
        "sushi-roll", players=3, dice={k: list(v) for k, v in DEFAULT_DICE.items()}
    )
    assert default.options == {"dice": "default"}
    state = rules.new_game()
    state.apply_chance(state.sample_chance(random.Random(0)))
    nigiri = [f for s in range(3) for f in state.belt(s) if f.endswith("nigiri")]
    assert set(nigiri) <= {"squid-nigiri"}
    with pytest.raises(IllegalActionError, match="no nigiri die shows 'egg-nigiri'"):
        rules.new_game().apply_chance(RollDeal(0, (("egg-nigiri",) + ("tempura",) * 6,) * 3))


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ([], "one list per die"),
        ({**DEFAULT_DICE, "maki": ["maki-1"] * 5}, "the maki die has 6 faces, not 5"),
        (
            {**DEFAULT_DICE, "maki": ["maki-1"] * 5 + ["tempura"]},
            "'tempura' cannot be a face of the maki die",
        ),
        (
            {k: v for k, v in DEFAULT_DICE.items() if k != "pudding"},
            "pudding die's faces are missing",
        ),
        ({**DEFAULT_DICE, "soy": ["wasabi"] * 6}, "no die is called 'soy'"),
        ({**DEFAULT_DICE, "nigiri": "egg"}, "a list of face names"),
    ],
)
def test_bad_dice_tables(table: object, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        check_dice(table)


def test_dice_file_errors(tmp_path: Any) -> None:
    with pytest.raises(OptionsError, match="cannot read the dice file"):
        load_dice(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(OptionsError, match="not valid JSON"):
        load_dice(str(bad))


def test_the_first_red_belt_goes_to_a_random_seat() -> None:
    state = sushigo.make("sushi-roll", players=4).new_game()
    reds = set()
    for seed in range(40):
        deal = state.sample_chance(random.Random(seed))
        assert isinstance(deal, RollDeal)
        reds.add(deal.red)
    assert reds == {0, 1, 2, 3}


def test_a_menu_rerolls_at_least_one_die() -> None:
    state = dealt(4, FOUR)
    with pytest.raises(IllegalActionError, match="at least one die"):
        state.apply({0: RollAction(MENU, dice=())})
    menus = [a for a in state.legal_actions(0) if a.what == "menu"]
    assert len(menus) == 2**6 - 1 and all(a.dice for a in menus)


RULING_TESTS: dict[str, list[str]] = {
    "faces of the dice are the project's reconstruction": [
        "test_custom_dice_are_validated_and_kept_in_the_options",
        "test_bad_dice_tables",
    ],
    "red-bordered belt goes to a random seat": ["test_the_first_red_belt_goes_to_a_random_seat"],
    "menu token re-rolls at least one die": ["test_a_menu_rerolls_at_least_one_die"],
    "chopsticks swap needs a die on another": [
        "test_illegal_decisions_say_why",
        "test_dice_on_trays_can_never_be_swapped",
    ],
    "Pudding tokens are counted by value": ["test_taking_a_token_die_gives_tokens_at_once"],
    "same number of pudding tokens, nobody scores": ["test_pudding_tokens_at_game_end"],
    "at least one maki icon": ["test_maki_most_six_second_three"],
    "win is shared": ["test_winner_tie_broken_by_pudding_tokens_then_shared"],
}
"""Every ruling in roll.RULINGS (by a phrase of it) and the tests that pin it down."""


def test_every_ruling_has_a_test() -> None:
    from sushigo.games.roll import RULINGS

    for ruling in RULINGS:
        keys = [k for k in RULING_TESTS if k in ruling]
        assert len(keys) == 1, f"no test is named for the ruling {ruling!r}"
        for name in RULING_TESTS[keys[0]]:
            assert callable(globals().get(name)), f"{name} (for {keys[0]!r}) does not exist"
