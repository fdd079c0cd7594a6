"""Sushi Go!: the cards, hand sizes and rounds, the variants and the rulings.

Rules: ../shared/rules/sushi-go-rulebook.md, sushi-go-game-help.md, FACTS.md.
Rulings the rules leave open are listed in :data:`RULINGS` and in docs/rulings.md.
"""

from __future__ import annotations

from sushigo.core.cards import CardTable, CardType

CLASSIC_CARDS = CardTable(
    [
        CardType("tempura", "Tempura", "tempura", "purple", 14),
        CardType("sashimi", "Sashimi", "sashimi", "green", 14),
        CardType("dumpling", "Dumpling", "dumpling", "blue", 14),
        CardType("maki-1", "Maki roll (1)", "maki", "red", 6, 1),
        CardType("maki-2", "Maki roll (2)", "maki", "red", 12, 2),
        CardType("maki-3", "Maki roll (3)", "maki", "red", 8, 3),
        CardType("egg-nigiri", "Egg nigiri", "nigiri", "yellow", 5, 1),
        CardType("salmon-nigiri", "Salmon nigiri", "nigiri", "yellow", 10, 2),
        CardType("squid-nigiri", "Squid nigiri", "nigiri", "yellow", 5, 3),
        CardType("pudding", "Pudding", "pudding", "pink", 10),
        CardType("wasabi", "Wasabi", "nigiri", "yellow", 6),
        CardType("chopsticks", "Chopsticks", "chopsticks", "light blue", 4),
        CardType("soy-sauce", "Soy sauce", "soy-sauce", "soy", 4),
    ]
)
"""Every classic card type. Soy sauce is only in the deck with the soy sauce promo."""

HAND_SIZES = {2: 10, 3: 9, 4: 8, 5: 7}
DUMMY_HAND_SIZE = 9
ROUNDS = 3
DUMPLING_POINTS = (0, 1, 3, 6, 10, 15)
FAMILIES = ("maki", "tempura", "sashimi", "dumpling", "nigiri", "soy-sauce")
"""Round-score breakdown keys, in display order (wasabi scores within nigiri)."""

OPTIONS: dict[str, str] = {
    "pass_both_ways": "rounds 1 and 3 pass left, round 2 passes right",
    "dummy": "two-player dummy: a third hand is played by whoever controls it",
    "reshuffle": "every round, all cards but kept puddings are shuffled back in",
    "soy_sauce": "soy sauce promo: 4 soy sauce cards join the deck",
}

RULINGS: tuple[str, ...] = (
    "Chopsticks: the two cards resolve in the order chosen, so wasabi then a nigiri puts "
    "the nigiri on that wasabi; nigiri then wasabi leaves the wasabi empty (unless an "
    "empty wasabi was already there).",
    "Chopsticks need two cards in hand (three for the player controlling the dummy) and "
    "a chopsticks card in front of you from an earlier turn; at most one per turn.",
    "The last card of each hand is played automatically (the rulebook: the player "
    "receiving it simply places it) and is recorded as the round's last turn; a nigiri "
    "still goes on a free wasabi. In the dummy variant the controller still chooses, "
    "since they hold two cards after drawing.",
    "Winner: most points, then most puddings; still tied, the win is shared.",
    "Two-player dummy: the round is scored as a 3-player game (the dummy takes maki and "
    "pudding places and the fewest-pudding penalty applies); only the two players can win. "
    "Control alternates every turn across the whole game (the first player controls the "
    "first turn of round 1), and the controller may use chopsticks for their own pick.",
    "Soy sauce promo: colours are counted over the cards in front of a player at round "
    "end (puddings played this round count; used chopsticks went back to the hand). "
    "Players tied for the most colours split 4 (round down); a player scores it only with "
    "at least one soy sauce, and only one soy sauce each per round.",
    "Reshuffle variant: before each deal, every card except the puddings kept by players "
    "goes back into the deck.",
)

SUMMARY = """\
Sushi Go! - 2 to 5 players, 3 rounds. 108 cards, never reshuffled between rounds.

Deal: 10 cards each with 2 players, 9 with 3, 8 with 4, 7 with 5.
Each turn everyone picks 1 card from their hand at the same time and reveals it;
then hands pass to the left. The last card of each hand is played automatically.

Chopsticks: with a chopsticks card in front of you, you may pick 2 cards on a
later turn (choose both before the reveal); the chopsticks go back into your
hand and are passed on. At most one chopsticks per turn.
Wasabi: the next nigiri you take goes on it and scores triple.

Scoring each round:
  Maki rolls   most icons 6, second most 3. Ties split the points (round down);
               a tie for most splits 6 and nobody scores second. 0 icons never places.
  Tempura      5 per pair                 Sashimi  10 per set of 3
  Dumplings    1 / 3 / 6 / 10 / 15 for 1 / 2 / 3 / 4 / 5 or more
  Nigiri       egg 1, salmon 2, squid 3; tripled on wasabi. Wasabi alone 0.
  Chopsticks   0
Puddings stay in front of you until the end of the game:
  most puddings +6, fewest (0 counts) -6, ties split (round down); nobody scores
  if all are equal; with 2 players nobody loses points.
Winner: most points; a tie goes to the most puddings.

Variants (--variant):
  pass-both-ways  rounds 1 and 3 pass left, round 2 passes right
  dummy           two players and a dummy hand (see the rulings)
  reshuffle       all cards but kept puddings are shuffled back every round
  soy-sauce       promo: 4 soy sauce cards; a soy sauce scores 4 if you have
                  the most card colours this round
"""

_ORDER = CLASSIC_CARDS.order
_NIGIRI = {t.id: t.icons for t in CLASSIC_CARDS.types if t.family == "nigiri" and t.icons}
_MAKI = {t.id: t.icons for t in CLASSIC_CARDS.types if t.family == "maki"}
_COLOUR = {t.id: t.colour for t in CLASSIC_CARDS.types}
_N = len(CLASSIC_CARDS.ids)
