"""Sushi Go Party!: desserts played this round are a colour for soy sauce and tea.

FACTS.md ("Desserts and colours"): the printed rulebook's soy sauce entry goes on
"Only dessert cards played in the current round are [counted]", and tea counts
"cards that you played this round and are still in front of you". So a dessert
played this round counts as a colour (its own: every card type has its own
background colour but wasabi, which shares nigiri's), and desserts kept from earlier
rounds do not. Expected values are worked out by hand from those texts.

Checked here through the scoring functions, the engine (where a round's desserts
join the kept pile at round end), the score calculator and the greedy agent's
valuation.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sushigo
from sushigo.agents import greedy_party
from sushigo.cli import main
from sushigo.games.party import PartyDeal, PartyRuleset, PartyState
from sushigo.games.party.actions import parse_party_action
from sushigo.games.party.scoring import RULINGS, Played, parse_played, score_round

SOY_TEA = "maki, tempura, sashimi, eel, soy-sauce, tea, pudding"


def tabs(*seats: str) -> list[list[Played]]:
    """Each seat's cards at round end, in the notation of ``parse_played``."""
    return [[parse_played(t) for t in seat.split()] for seat in seats]


def family(key: str, *seats: str) -> list[int]:
    return [b[key] for b in score_round(tabs(*seats))]


# ---------------------------------------------------------------------------
# Scoring: soy sauce.

SOY_CASES = [
    # "Only dessert cards played in the current round are [counted]": soy sauce,
    # pudding and tempura are 3 colours against soy sauce and eel's 2.
    pytest.param(("soy-sauce pudding tempura", "soy-sauce eel"), [4, 0], id="pudding-beats-none"),
    # Without the pudding the same tableau ties: both score.
    pytest.param(("soy-sauce tempura", "soy-sauce eel"), [4, 4], id="without-it-a-tie"),
    # A dessert brings the player level with 3 colours: both score.
    pytest.param(
        ("soy-sauce green-tea-ice-cream tempura", "soy-sauce eel tofu"),
        [4, 4],
        id="ice-cream-ties",
    ),
    # Desserts of one kind are one colour: 3 puddings add 1 colour, not 3.
    pytest.param(
        ("soy-sauce pudding pudding pudding", "soy-sauce eel tofu"),
        [0, 4],
        id="puddings-one-colour",
    ),
    # Every fruit card is the same fruit-card background: 3 colours against 4.
    pytest.param(
        (
            "soy-sauce fruit-watermelon-watermelon fruit-orange-orange tempura",
            "soy-sauce eel tofu sashimi",
        ),
        [0, 4],
        id="fruit-one-colour",
    ),
    # A special order copying a dessert has the dessert's colour; with the pudding
    # it copies, still one colour: soy sauce, pudding, tempura = 3 against 2.
    pytest.param(
        ("soy-sauce pudding special-order=pudding tempura", "soy-sauce eel"),
        [4, 0],
        id="special-order-copy",
    ),
    # A flipped dessert is a flipped card (one colour of its own), not a dessert:
    # soy sauce, flipped, pudding = 3 against soy sauce, eel, tofu = 3.
    pytest.param(
        ("soy-sauce flipped:pudding pudding", "soy-sauce eel tofu"),
        [4, 4],
        id="flipped-dessert",
    ),
    # A player without soy sauce is compared too: its dessert makes it the most.
    pytest.param(
        ("soy-sauce tempura eel", "pudding tempura eel sashimi"),
        [0, 0],
        id="dessert-of-a-player-without-soy",
    ),
]


@pytest.mark.parametrize(("seats", "expected"), SOY_CASES)
def test_soy_sauce_counts_desserts_played_this_round(
    seats: tuple[str, ...], expected: list[int]
) -> None:
    assert family("soy-sauce", *seats) == expected


# ---------------------------------------------------------------------------
# Scoring: tea ("1 per card in your biggest set of a single colour").

TEA_CASES = [
    # 3 puddings are the biggest set (tempura 1, tea 1): 3 points.
    pytest.param("tea pudding pudding pudding tempura", 3, id="pudding-set-biggest"),
    # The yellow set (wasabi and 2 nigiri, 3 cards) beats 2 ice creams.
    pytest.param(
        "tea green-tea-ice-cream green-tea-ice-cream wasabi egg-nigiri salmon-nigiri",
        3,
        id="yellow-beats-ice-cream",
    ),
    # 2 ice creams tie 2 tempura for biggest: 2.
    pytest.param(
        "tea green-tea-ice-cream green-tea-ice-cream tempura tempura", 2, id="tied-biggest"
    ),
    # Different fruit cards are one colour: 3 fruit cards, 3 points.
    pytest.param(
        "tea fruit-watermelon-watermelon fruit-pineapple-orange fruit-orange-orange eel",
        3,
        id="fruit-one-set",
    ),
    # A special order copying a pudding joins the pudding set: 2 + 1 = 3.
    pytest.param("tea pudding pudding special-order=pudding tofu", 3, id="special-order-copy"),
    # Two teas each score the biggest set, 4 puddings: 8.
    pytest.param("tea tea pudding pudding pudding pudding", 8, id="two-teas"),
]


@pytest.mark.parametrize(("seat", "expected"), TEA_CASES)
def test_tea_counts_desserts_played_this_round(seat: str, expected: int) -> None:
    assert family("tea", seat) == [expected]


def test_the_ruling_is_listed_with_its_source() -> None:
    text = " ".join(RULINGS)
    assert "Desserts played this round count as a colour for soy sauce and tea" in text
    assert "Only dessert cards played in the current round are [counted]" in text
    assert "desserts kept from earlier rounds do not" in text
    assert not any("no colour" in r for r in RULINGS)


# ---------------------------------------------------------------------------
# The engine: a round's desserts count at its end; kept ones never again.


def rules(players: int, menu: str) -> PartyRuleset:
    rs = sushigo.make("sushi-go-party", players=players, menu=menu)
    assert isinstance(rs, PartyRuleset)
    return rs


def cards(text: str) -> tuple[str, ...]:
    """``"tempura*3 egg-nigiri"`` -> three tempura and an egg nigiri."""
    out: list[str] = []
    for word in text.split():
        name, _, k = word.partition("*")
        out += [name] * int(k or 1)
    return tuple(out)


def play_round(state: PartyState, added: str, hands: tuple[str, str], picks: list[str]) -> None:
    """Deal the round and play ``picks``, one "seat 0 | seat 1" per turn; the last
    card of each hand is played as it comes. The hand dealt to seat 0 is held by
    seat 0 on even turns and by seat 1 on odd ones."""
    r = state.round
    state.apply_chance(PartyDeal(cards(added), (cards(hands[0]), cards(hands[1]))))
    for line in picks:
        a, b = (x.strip() for x in line.split("|"))
        state.apply({0: parse_party_action(a), 1: parse_party_action(b)})
    assert state.round == r + 1


# Rounds 2 and 3: seat 0 takes the soy sauce and the yellow nigiri, seat 1 the soy
# sauce, eel, sashimi and red maki; round 3 adds a pudding for seat 0.
SOY_PICKS = [
    "soy-sauce | soy-sauce",
    "salmon-nigiri | maki-2",
    "{2} | eel",
    "salmon-nigiri | maki-2",
    "{4} | sashimi",
    "salmon-nigiri | maki-2",
    "egg-nigiri | maki-3",
    "salmon-nigiri | maki-2",
    "egg-nigiri | maki-3",
]
SOY_SEAT_1 = "soy-sauce eel sashimi maki-3*2 salmon-nigiri*5"


def test_in_the_engine_desserts_count_in_their_round_only() -> None:
    rs = rules(2, SOY_TEA)
    state = rs.new_game()
    # Round 1: seat 0 takes all 5 puddings, a tea and 4 cards of 4 other colours.
    play_round(
        state,
        "pudding*5",
        (
            "pudding*3 tea tempura egg-nigiri*4 squid-nigiri",
            "pudding*2 sashimi eel maki-1 salmon-nigiri*5",
        ),
        [
            "pudding | salmon-nigiri",
            "pudding | egg-nigiri",
            "pudding | salmon-nigiri",
            "pudding | egg-nigiri",
            "pudding | salmon-nigiri",
            "sashimi | egg-nigiri",
            "tea | salmon-nigiri",
            "eel | egg-nigiri",
            "tempura | salmon-nigiri",
        ],
    )
    first = state.results[0]
    assert sorted(p.token for p in first.tableaux[0]) == sorted(
        cards("pudding*5 sashimi tea eel tempura maki-1")
    )
    # The 5 puddings are the biggest set of one colour: the tea scores 5 (it scored 1
    # when desserts had no colour).
    assert first.breakdown[0]["tea"] == 5
    assert [p.token for p in state.desserts[0]] == ["pudding"] * 5
    # Round 2: seat 0 has soy sauce, tempura and nigiri (3 colours), seat 1 soy sauce,
    # eel, sashimi and maki (4). Seat 0's 5 puddings kept from round 1 are no colour
    # now, so seat 1 alone scores (counted, they would make it a tie).
    picks = [line.replace("{2}", "tempura").replace("{4}", "egg-nigiri") for line in SOY_PICKS]
    play_round(state, "pudding*3", ("soy-sauce tempura egg-nigiri*3 maki-2*5", SOY_SEAT_1), picks)
    second = state.results[1]
    assert sorted({p.kind for p in second.tableaux[0]}) == ["nigiri", "soy-sauce", "tempura"]
    assert sorted({p.kind for p in second.tableaux[1]}) == ["eel", "maki", "sashimi", "soy-sauce"]
    assert [b["soy-sauce"] for b in second.breakdown] == [0, 4]
    # Round 3: the same, but seat 0 plays a pudding this round: 4 colours each, a tie.
    picks = [line.replace("{2}", "pudding").replace("{4}", "tempura") for line in SOY_PICKS]
    play_round(
        state, "pudding*2", ("soy-sauce pudding tempura egg-nigiri*2 maki-2*5", SOY_SEAT_1), picks
    )
    third = state.results[2]
    assert sorted({p.kind for p in third.tableaux[0]}) == [
        "nigiri",
        "pudding",
        "soy-sauce",
        "tempura",
    ]
    assert [b["soy-sauce"] for b in third.breakdown] == [4, 4]
    assert state.is_terminal()
    assert len(state.desserts[0]) == 6


# ---------------------------------------------------------------------------
# The score calculator scores through the same functions.


def test_the_calculator_counts_a_dessert_played_this_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = {
        "game": "sushi-go-party",
        "menu": [k.strip() for k in SOY_TEA.split(",")],
        "names": ["Ann", "Ben"],
        "rounds": [
            # Ann: soy sauce, pudding, eel, tea (4 colours); Ben: soy sauce, tempura,
            # sashimi (3). Ann's tea: the biggest set is 2 (puddings, or eel).
            [
                ["soy-sauce", "pudding", "pudding", "eel", "eel", "tea"],
                ["soy-sauce", "tempura", "tempura", "sashimi"],
            ],
            # Ann's puddings from round 1 are no colour now: 2 colours against 3.
            [["soy-sauce", "eel"], ["soy-sauce", "tempura", "sashimi"]],
        ],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(sheet))
    assert main(["score", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    first, second = result["rounds"]
    assert [b["soy-sauce"] for b in first["breakdown"]] == [4, 0]
    assert [b["tea"] for b in first["breakdown"]] == [2, 0]
    assert [b["soy-sauce"] for b in second["breakdown"]] == [0, 4]
    # Round 1: Ann soy 4 + tea 2 + 2 eel 7 = 13; Ben tempura 5 = 5.
    # Round 2: Ann a lone eel -3; Ben soy 4.
    assert first["scores"] == [13, 5]
    assert second["scores"] == [-3, 4]
    assert result["desserts"] == [["pudding", "pudding"], []]


# ---------------------------------------------------------------------------
# The greedy agent's valuation.


def test_greedy_counts_a_dessert_played_this_round_as_a_colour() -> None:
    seat = greedy_party._seat
    p = parse_played
    soy, pudding, tempura = p("soy-sauce"), p("pudding"), p("tempura")
    assert seat((soy, pudding, tempura), ()).colours == 3
    # A pudding kept from an earlier round is no colour.
    assert seat((soy, tempura), (pudding,)).colours == 2
    # Every fruit card is one colour.
    fruits = (p("fruit-watermelon-watermelon"), p("fruit-orange-orange"))
    assert seat((soy, *fruits), ()).colours == 2
    # Tea is valued through score_round: 3 puddings are its biggest set.
    assert seat((p("tea"), pudding, pudding, pudding, tempura), ()).points == 3
