"""Sushi Go!: a whole position sampled from what one seat may know, for search."""

from __future__ import annotations

import random

from sushigo.core.cards import unseen
from sushigo.games.classic.actions import _singles_of
from sushigo.games.classic.cards import _ORDER, DUMMY_HAND_SIZE, ROUNDS
from sushigo.games.classic.state import _DRAW, _OVER, _PICK, ClassicState, RoundResult
from sushigo.games.classic.views import PlayerView


def determinize(view: PlayerView, rng: random.Random) -> ClassicState:
    """A whole position consistent with ``view``, for search: the viewer's hand and
    the hands it saw earlier this round as they are now; every other hand (in the
    two-player dummy variant, the card the other player drew and the dummy's pile)
    and the undealt cards dealt at random from the cards the viewer has not seen.
    It reads nothing but the view, and ``world.observe(view.seat) == view``.

    >>> import sushigo
    >>> state = sushigo.make("sushi-go", players=3).new_game()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> world = determinize(state.observe(0), random.Random(2))
    >>> world.hand(0) == state.hand(0), len(world.hand(1)), world.to_act()
    (True, 9, (0, 1, 2))
    """
    rs = view.ruleset
    n = view.seats
    seat = view.seat
    players = rs.players
    seen = [h for h in view.hands if h is not None]
    hidden_cards = unseen(rs.deck, [view.discards, *view.tableaux, *seen])
    hidden_cards["pudding"] = hidden_cards.get("pudding", 0) - sum(view.desserts)
    pool = [c for c, k in hidden_cards.items() for _ in range(k)]
    # Cards the viewer cannot see in each player's hand: a whole hand not seen this
    # round, or (dummy variant) the card the other player drew from the dummy's pile.
    hidden = [0] * players
    for s in range(players):
        rel = (s - seat) % n
        known = view.hands[rel]
        hidden[s] = view.hand_sizes[rel] - (len(known) if known is not None else 0)
    drawn = False
    pile = 0
    if rs.dummy:
        # Each turn the controller draws one card from the pile, then gives the
        # dummy one: the hands hold an odd number of cards between the two.
        drawn = sum(view.hand_sizes) % 2 == 1
        pile = DUMMY_HAND_SIZE - view.turn - (1 if drawn else 0)
    need = sum(hidden) + pile
    rand = rng.random
    size = len(pool)
    for i in range(min(need, size)):  # a partial Fisher-Yates draw of what is hidden
        j = i + int(rand() * (size - i))
        pool[i], pool[j] = pool[j], pool[i]
    hands: list[list[str]] = [[] for _ in range(players)]
    ctrl = None if view.controller is None else (seat + view.controller) % n
    world_drawn: str | None = None
    for s in range(players):
        known = view.hands[(s - seat) % n]
        dealt = pool[: hidden[s]]
        del pool[: hidden[s]]
        hands[s] = sorted([*(known or ()), *dealt], key=_ORDER.__getitem__)
        if drawn and s == ctrl:
            world_drawn = view.drawn if s == seat else dealt[0]
    state = ClassicState(rs)
    state._phase = _PICK if not rs.dummy or drawn else _DRAW
    state._round = view.round
    state._turn = view.turn
    state._hands = hands
    state._singles = [_singles_of(h) for h in hands]
    state._tabs = [tuple(view.tableaux[(s - seat) % n]) for s in range(n)]
    state._pile = tuple(sorted(pool[:pile], key=_ORDER.__getitem__))
    del pool[:pile]
    state._drawn = world_drawn
    left: dict[str, int] = {}
    for c in pool:
        left[c] = left.get(c, 0) + 1
    state._deck = left
    state._next_deck = left
    state._pass_right = rs.pass_step(view.round) == -1
    state._dealt = tuple(tuple(h) for h in hands)
    state._desserts = [view.desserts[(s - seat) % n] for s in range(n)]
    state._discards = tuple(view.discards)
    back = (n - seat) % n  # relative to the view, seen from absolute seat 0
    state._turns = [t[back:] + t[:back] for t in view.turns]
    state._results = tuple(
        [
            RoundResult(
                (),
                (),
                (),
                r.tableaux[back:] + r.tableaux[:back],
                r.breakdown[back:] + r.breakdown[:back],
                r.scores[back:] + r.scores[:back],
            )
            for r in view.rounds
        ]
    )
    if view.round >= ROUNDS:  # the game is over: its scores are final
        state._phase = _OVER
        state._final = tuple(view.scores[back:] + view.scores[:back])
    return state
