"""Every card says what it does: the catalog's ``rule`` texts, ``sushigo rules``'s
"Cards" section and the how-to-play content share one source
(``sushigo.present.card_rules``)."""

from __future__ import annotations

import pytest

from sushigo.core.ruleset import make
from sushigo.games.party.cards import KINDS, SUGGESTED_MENUS
from sushigo.present.card_rules import CARD_RULES, card_rule, kind_rule
from sushigo.present.frames import catalog
from sushigo.present.rules import how_to_play, rules_page

CONFIGS = [
    ("sushi-go", 2, {"soy_sauce": True}),
    ("sushi-go", 5, {}),
    ("sushi-roll", 3, {}),
    *[("sushi-go-party", m.players()[0], {"menu": key}) for key, m in SUGGESTED_MENUS.items()],
]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_every_card_of_a_table_says_what_it_does(game: str, players: int, options: dict) -> None:
    cat = catalog(make(game, players, **options))
    for card, entry in cat["cards"].items():
        assert entry["rule"], card
        assert entry["rule"] == card_rule(game, card, entry["family"], players)
    for kind in cat.get("menu", {}).get("kinds", []):
        assert kind["rule"] == kind_rule(kind["kind"], players)


@pytest.mark.parametrize(
    ("game", "card", "words"),
    [
        ("sushi-go", "wasabi", "triple"),
        ("sushi-go", "squid-nigiri", "squid 3"),
        ("sushi-go", "maki-2", "second most 3"),
        ("sushi-go", "soy-sauce", "split 4"),
        ("sushi-roll", "chopsticks-2", "swap"),
        ("sushi-roll", "menu", "re-roll"),
        ("sushi-roll", "wasabi+egg-nigiri", "triple"),
        ("sushi-roll", "sashimi", "0, 6 or 13"),
        ("sushi-roll", "pudding-3", "pudding tokens"),
    ],
)
def test_a_card_gets_its_own_kind_s_rule(game: str, card: str, words: str) -> None:
    cat = catalog(make(game, 3, **({"soy_sauce": True} if game == "sushi-go" else {})))
    assert words in cat["cards"][card]["rule"]


def test_party_rules_follow_the_player_count() -> None:
    assert "second 4, third 2" in kind_rule("maki", 6)
    assert "second most 3" in kind_rule("maki", 4)
    assert "no penalty with 2" in kind_rule("pudding", 2)
    assert "-6" in kind_rule("pudding", 5)
    assert catalog(make("sushi-go-party", 2, menu="my-first-meal"))["menu"]["kinds"][0]["rule"]


@pytest.mark.parametrize("game", ["sushi-go", "sushi-go-party", "sushi-roll"])
def test_sushigo_rules_prints_every_card_rule(game: str) -> None:
    text = " ".join(rules_page(game).split())
    rules = CARD_RULES.get(game) or {k: kind_rule(k) for k in KINDS}
    assert "Cards:" in text
    for rule in rules.values():
        assert " ".join(rule.split()) in text


@pytest.mark.parametrize("game", ["sushi-go", "sushi-go-party", "sushi-roll"])
def test_the_how_to_play_page_covers_every_card_once(game: str) -> None:
    page = how_to_play(game)
    grouped = [c for g in page["groups"] for c in g["cards"]]
    assert len(grouped) == len(set(grouped))
    drawn = {c for c in page["catalog"]["cards"] if "+" not in c and c != "flipped"}
    assert set(grouped) == drawn
    for group in page["groups"]:
        assert group["rule"] and group["title"]
        for card in group["cards"]:
            assert (
                page["catalog"]["cards"][card]["rule"] == group["rule"] or game == "sushi-go-party"
            )
    assert page["summary"] and page["rulings"]
