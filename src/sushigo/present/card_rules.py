"""What each card does, in a sentence or two per family (Sushi Go!, Sushi Roll) or
menu kind (Sushi Go Party!), from the rulebooks' card guides (and FACTS.md for the
soy sauce promo). ``sushigo rules`` prints them under "Cards"; the catalog the
browser draws from carries them (``rule``), so every card shows the same text."""

from __future__ import annotations

import textwrap

from sushigo.games.party.cards import KINDS as PARTY_KINDS

CLASSIC_CARD_RULES: dict[str, str] = {
    "maki": "Most maki roll icons this round scores 6, second most 3. Ties split the "
    "points (round down); a tie for most splits 6 and nobody scores second.",
    "tempura": "5 points for each pair; a single tempura scores nothing.",
    "sashimi": "10 points for each set of 3; 1 or 2 left over score nothing.",
    "dumpling": "1, 2, 3, 4, 5 or more dumplings score 1, 3, 6, 10 or 15 points.",
    "nigiri": "Egg 1, salmon 2, squid 3 points; triple on a wasabi.",
    "wasabi": "The next nigiri you take goes on it and scores triple. Alone: 0.",
    "chopsticks": "On a later turn, take 2 cards from your hand; the chopsticks go back "
    "into the hand you pass. Scores 0.",
    "pudding": "Kept until the game ends: most puddings +6, fewest -6 (not with 2 "
    "players); ties split the points.",
    "soy-sauce": "4 points if you have the most card colours this round; players tied "
    "for most split 4 (round down). Only one soy sauce per player scores.",
}


def kind_rule(kind: str, players: int | None = None) -> str:
    """How one card kind scores or works, in one short line (from the card guide).

    >>> kind_rule("dumpling")
    '1, 3, 6, 10, 15 points for 1, 2, 3, 4, 5+ dumplings.'
    """
    big = players is not None and players >= 6
    two = players == 2
    rules = {
        "nigiri": "Egg 1, salmon 2, squid 3; triple on a wasabi.",
        "maki": (
            "Most maki icons 6, second 4, third 2" if big else "Most maki icons 6, second most 3"
        )
        + "; ties all take the full points.",
        "temaki": "Most temaki 4"
        + ("; no penalty with 2 players." if two else ", fewest (0 counts) -4."),
        "uramaki": "First to 10 icons scores 8 at once, the next 5, then 2; "
        "at round end the most icons left take the next place.",
        "tempura": "5 points per pair.",
        "sashimi": "10 points per set of 3.",
        "dumpling": "1, 3, 6, 10, 15 points for 1, 2, 3, 4, 5+ dumplings.",
        "eel": "1 eel -3 points; 2 or more eels 7.",
        "tofu": "1 tofu 2 points, 2 tofu 6, 3 or more 0.",
        "onigiri": "Each set of different shapes: 1, 4, 9, 16 points for 1-4 shapes.",
        "edamame": "Each scores 1 per opponent with edamame (at most 4).",
        "miso-soup": "3 points, but if two or more are played in the same turn, "
        "all of them are discarded.",
        "chopsticks": "Call it on a later turn: play a second card from your hand; "
        "the chopsticks go into that hand.",
        "soy-sauce": "4 points if you have the most colours (ties too).",
        "tea": "1 point per card in your biggest set of one colour.",
        "menu": "When played: draw 4 cards, play 1 of them (not a menu).",
        "spoon": "Call it on a later turn and name a card: the first player to your "
        "left with it gives it to you and takes the spoon.",
        "special-order": "Copies a card you played earlier this round.",
        "takeout-box": "When played: flip any of your cards from earlier turns "
        "face-down; each is worth 2.",
        "wasabi": "The next nigiri you play goes on it and scores triple.",
        "pudding": "Game end: most 6"
        + ("; no penalty with 2 players." if two else ", fewest (0 counts) -6."),
        "green-tea-ice-cream": "Game end: 12 points per 4.",
        "fruit": "Game end, for each fruit by icons: 0 -2, 1 0, 2 1, 3 3, 4 6, 5+ 10.",
        "flipped": "Flipped face-down by a takeout box: worth 2 at round end.",
    }
    return rules[kind]


ROLL_CARD_RULES: dict[str, str] = {
    "maki": "Most maki icons this round scores 6, second most 3; tied players take the "
    "full points.",
    "tempura": "Sets of up to 3: 1, 2 or 3 tempura score 1, 5 or 10.",
    "sashimi": "Sets of up to 3: 1, 2 or 3 sashimi score 0, 6 or 13.",
    "dumpling": "Sets of up to 3: 1, 2 or 3 dumplings score 2, 4 or 8.",
    "nigiri": "Egg 1, salmon 2, squid 3 points; triple on a wasabi.",
    "wasabi": "The next nigiri die you take goes on it and scores triple. Alone: 0.",
    "chopsticks": "Take that many chopsticks tokens: spend one before taking a die to "
    "swap a die on your belt with one on another belt.",
    "menu": "Take that many menu tokens: spend one before taking a die to re-roll any "
    "dice on your belt. 1 point per 2 unused tokens at the end.",
    "pudding": "Take that many pudding tokens: most at game end +6, fewest -6 (not "
    "with 2 players).",
}

CARD_RULES: dict[str, dict[str, str]] = {
    "sushi-go": CLASSIC_CARD_RULES,
    "sushi-roll": ROLL_CARD_RULES,
}
"""Sushi Go!'s and Sushi Roll's card rules, by family (a Roll face's own kind where
its family is broad); Sushi Go Party!'s depend on the player count
(:func:`kind_rule`)."""


def rule_key(game: str, card: str, family: str) -> str:
    """The key of :data:`CARD_RULES` (or Party kind) that says what ``card`` does:
    its own kind where the game has a rule for it (a wasabi in the nigiri family,
    Sushi Roll's ``chopsticks-2``), else its family."""
    if game == "sushi-go-party":
        return family
    own = card.split("+")[0]
    if own[-1:].isdigit():
        own = own.rsplit("-", 1)[0]
    return own if own in CARD_RULES.get(game, {}) else family


def card_rule(game: str, card: str, family: str, players: int | None = None) -> str:
    """What a card (or die face) does, in a sentence or two (see :func:`rule_key`);
    Sushi Go Party!'s for ``players`` (the maki places and temaki/pudding penalty
    depend on it)."""
    key = rule_key(game, card, family)
    if game == "sushi-go-party":
        return kind_rule(key, players)
    return CARD_RULES.get(game, {}).get(key, "")


def cards_text(game: str) -> str:
    """The "Cards" section of ``sushigo rules``."""
    lines = ["\nCards:"]
    rules = CARD_RULES.get(game) or {k: kind_rule(k) for k in PARTY_KINDS}
    for key, rule in rules.items():
        lines.append(
            textwrap.fill(
                rule,
                78,
                initial_indent=f"  {key}: ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines) + "\n"
