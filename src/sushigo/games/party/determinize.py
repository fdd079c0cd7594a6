"""Sushi Go Party!: a whole position sampled from what one seat may know, for search."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from sushigo.games.party.actions import SPECIAL_ORDER
from sushigo.games.party.cards import (
    _BONUS,
    _IDS,
    _NUMBER,
    _ORDER,
    _QUEUED,
    ROUNDS,
    _distinct,
    _expand,
    _ids_of,
)
from sushigo.games.party.scoring import played_of_token
from sushigo.games.party.state import (
    _CHOOSE,
    _MENU_DRAW,
    _OVER,
    PartyRound,
    PartyState,
    _partial_shuffle,
)
from sushigo.games.party.turn import _call_key, _matching, _orderable
from sushigo.games.party.views import PartyView, Pending, _relative

_RESEAT: Final = 64
"""Deals (or menu draws) tried for a world in which another seat's pending decision has
more than one answer, as it must have (with one, the engine would not have asked)."""


def determinize(view: PartyView, rng: random.Random) -> PartyState:
    """A whole position consistent with ``view`` at a decision point, for search: the
    viewer's hand and the hands it saw earlier this round as they are now; every other
    hand, the rest of the deck (menu draws, later rounds) and which desserts were
    shuffled in are dealt at random from the cards the viewer has not seen. A turn
    stopped at a mid-turn decision resumes there: the bonus cards called and the menus
    and takeout boxes still to resolve are read from the table and the log. It reads
    nothing but the view.

    >>> import sushigo
    >>> state = sushigo.make("sushi-go-party", players=4, menu="master-menu").new_game()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> world = determinize(state.observe(0), random.Random(2))
    >>> world.hand(0) == state.hand(0), len(world.hand(1)), world.observe(0) == state.observe(0)
    (True, 9, True)
    """
    rs = view.ruleset
    n = view.seats
    seat = view.seat
    rel = [(s - seat) % n for s in range(n)]  # absolute seat -> relative index
    hands: list[list[str]] = [[] for _ in range(n)]
    seen: list[str] = [*view.discards, *view.drawn]
    if view.pending is not None and view.pending.kind == "copy":
        seen.append(SPECIAL_ORDER)  # taken mid-turn, not yet on the table
    for r, known in enumerate(view.hands):
        if known is not None:
            hands[(seat + r) % n] = list(known)
            seen.extend(known)
    tabs = [list(view.tableaux[rel[s]]) for s in range(n)]
    for tab in tabs:
        seen.extend([p.card for p in tab])
    unseen = dict(rs.deck)  # the round's cards other than desserts, less those seen
    sweets = dict(rs.desserts)  # dessert cards neither kept nor seen
    hidden = sum(rs.desserts_added[: view.round + 1])  # desserts in the deck, unseen
    orders_kept = 0
    for d in view.desserts:
        for p in d:
            if p.card == SPECIAL_ORDER:
                orders_kept += 1
            else:
                sweets[p.card] -= 1
                hidden -= 1
    unseen[SPECIAL_ORDER] = unseen.get(SPECIAL_ORDER, 0) - orders_kept
    in_deck: dict[str, int] = {}
    for c in seen:
        if c in sweets:
            sweets[c] -= 1
            hidden -= 1
            in_deck[c] = in_deck.get(c, 0) + 1
        else:
            unseen[c] -= 1
    rand = rng.random
    pile = _expand(sweets)
    added = _partial_shuffle(pile, hidden, rand)
    for i in added:
        in_deck[_IDS[i]] = in_deck.get(_IDS[i], 0) + 1
    pool = _expand(unseen) + added
    pend = view.pending
    pending = None
    if pend is not None:
        pending = Pending((pend.seat + seat) % n, pend.kind, pend.card, pend.detail,
                          (pend.owner + seat) % n)  # fmt: skip
    picky = pending.seat if pending is not None and pending.kind in ("take", "give") else -1
    blind = [s for s in range(n) if view.hands[rel[s]] is None]
    for _ in range(_RESEAT):  # partial Fisher-Yates draws of the unseen hands
        for s in blind:
            k = view.hand_sizes[rel[s]]
            hands[s] = list(_ids_of(_partial_shuffle(pool, k, rand)))
            del pool[len(pool) - k :]
        if picky not in blind or len(_choice_options(pending, hands[picky])) > 1:
            break
        for s in blind:
            pool.extend([_ORDER[c] for c in hands[s]])
    world = PartyState(rs)
    world._round = view.round
    world._turn = view.turn
    world._hands = hands
    world._tabs = tabs
    world._earlier = [view.earlier[rel[s]] for s in range(n)]
    for s, tab in enumerate(tabs):
        for p in tab:
            if p.kind == "wasabi" and not p.covered:
                world._free_wasabi[s] += 1
            elif p.kind == "uramaki":
                world._uramaki_icons[s] += p.icons
            elif p.kind in _BONUS:
                world._bonus_count[s] += 1
    deck: dict[str, int] = {}
    for c in [*view.drawn, *_ids_of(pool)]:  # the viewer's menu draw is in the deck
        deck[c] = deck.get(c, 0) + 1
    world._undealt = deck
    world._in_deck = in_deck
    world._pile = {c: 0 for c in rs.dessert_ids}
    for i in pile[: len(pile) - hidden]:
        world._pile[_IDS[i]] += 1
    world._special_orders_kept = orders_kept
    world._desserts = [list(view.desserts[rel[s]]) for s in range(n)]
    world._discards = list(view.discards)
    world._uramaki_claimed = view.uramaki_claimed
    world._uramaki_scored = [view.uramaki_scored[rel[s]] for s in range(n)]
    world._dealt_hands = tuple([tuple(h) for h in hands])
    back = (n - seat) % n  # the view's log, seen from the seat that is absolute 0
    world._log = [_relative(h, back, n) for h in view.log]
    world._turn_picks = [h.cards for h in world._log if h.what == "reveal"]
    world._results = tuple(
        [
            PartyRound(
                (),
                (),
                (),
                (),
                tuple([_relative(h, back, n) for h in r.log]),
                r.tableaux[back:] + r.tableaux[:back],
                r.breakdown[back:] + r.breakdown[:back],
                r.scores[back:] + r.scores[:back],
            )
            for r in view.rounds
        ]
    )
    world._draws[seat] = view.draws
    if view.round >= ROUNDS:  # the game is over: its scores are final
        world._phase = _OVER
        world._final_scores = tuple(view.scores[back:] + view.scores[:back])
        return world
    if pending is None:
        world._start_turn()  # the last turn's forced picks, if it is the last
        return world
    _resume(world, pending, view.drawn, rand)
    return world


def _choice_options(pending: Pending | None, hand: list[str]) -> list[str]:
    """The answers a chopsticks or a spoon's giver has with ``hand``."""
    assert pending is not None
    if pending.kind == "take":
        return _distinct(hand)
    return _matching(hand, pending.detail)


def _resume(
    world: PartyState, pending: Pending, drawn: tuple[str, ...], rand: Callable[[], float]
) -> None:
    """Set ``world`` in the middle of its turn, at ``pending`` (from the log and the
    table): the queue still to resolve, the menu's cards, the miso soups played."""
    n = world._rules.players
    turn = world._turn + 1
    done = {(pending.seat, pending.card)}
    picks: tuple[str, ...] = ()
    misos = 0
    drew = 0  # cards drawn by the menu being resolved
    for h in world._log:
        if h.turn != turn:
            continue
        if h.what == "reveal":
            picks = h.cards
        elif h.what == "take" or h.what == "ask":
            done.add((h.seat, h.cards[0]))
        elif h.what == "miso":
            misos += 1
        elif h.what == "draw" and h.cards[0] == pending.card:
            drew = h.other
    queue = world._to_resolve
    for s in range(n):
        call = picks[s].partition(" call:")[2]
        if call and (s, call) not in done:
            called = played_of_token(call)
            queue.append(_call_key(called) + (s, called))
        for p in world._tabs[s][world._earlier[s] :]:
            if p.kind in _QUEUED and (s, p.token) not in done:
                queue.append((_NUMBER[p.card], 0, s, p))
            elif p.kind == "miso-soup":
                world._turn_misos.append((s, p))
    world._turn_miso_count = misos + len(world._turn_misos)
    world._pending = pending
    world._phase = _CHOOSE
    if pending.kind != "order" or drawn:
        world._drawn = drawn
    elif not drew:
        world._phase = _MENU_DRAW
    else:  # another seat's menu drew cards the viewer has not seen
        cards = _expand(world._deck_now())
        for _ in range(_RESEAT):
            world._drawn = _ids_of(_partial_shuffle(cards, drew, rand))
            if len(_orderable(world._drawn)) > 1:
                break
