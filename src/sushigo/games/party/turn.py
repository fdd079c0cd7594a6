"""Sushi Go Party!: what happens in a turn once the picks are in. The cards are
revealed and placed, each with its effects (wasabi, miso soup, uramaki, bonus cards,
menus and takeout boxes queued); then each queued card may need one seat's decision:
chopsticks take a second card from the hand, a spoon asks the players to the left for
a card, a menu plays one of the cards it drew, a special order taken mid-turn copies a
card, a takeout box flips cards face-down.

These are the state's own steps, written as functions of a :class:`PartyState`. The
state keeps the phases: it walks the turn's queue (``PartyState._advance``), asks for
the decisions and the menu draws, and ends the turn and the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from sushigo.games.party.actions import (
    _SINGLE,
    SPECIAL_ORDER,
    Choice,
    FlipChoices,
    PartyPick,
    choice_of,
)
from sushigo.games.party.cards import (
    _BONUS,
    _BY_ID,
    _NUMBER,
    _QUEUED,
    KINDS,
    PARTY_CARDS,
    _distinct,
    _sorted_hand,
)
from sushigo.games.party.scoring import (
    FLIPPED,
    Played,
    played_of_token,
    played_value,
    uramaki_claims,
)
from sushigo.games.party.views import Happening, Pending

if TYPE_CHECKING:
    from sushigo.games.party.state import PartyState

_PLAIN: Final = {c: played_value(c) for c in PARTY_CARDS.ids}
"""Each card as it lies in front of a player when played plainly."""


def _copy(target: str) -> Played:
    """The special order copying ``target`` (a card id, or ``flipped``)."""
    if target == FLIPPED:
        return played_value(SPECIAL_ORDER, flipped=True)
    return played_value(SPECIAL_ORDER, target)


def _call_key(p: Played) -> tuple[int, int]:
    """Resolution order of a called bonus card: its number, then printed before copy."""
    return (_NUMBER[p.counts_as], 1 if p.card == SPECIAL_ORDER else 0)


def _matching(hand: list[str], name: str) -> list[str]:
    """The different cards in ``hand`` a spoon's request for ``name`` matches."""
    if name in KINDS:
        return [c for c in _distinct(hand) if _BY_ID[c].family == name]
    return [name] if name in hand else []


def _orderable(drawn: Sequence[str]) -> list[str]:
    """The cards a menu may play from those it drew: any but a menu."""
    return [c for c in _distinct(_sorted_hand(drawn)) if _BY_ID[c].family != "menu"]


# ---------------------------------------------------------------------------
# The reveal, and the cards placed with their effects.


def _reveal(state: PartyState, plist: list[PartyPick]) -> None:
    """Every seat plays its pick (``plist[seat]``) at once; then the turn's queue
    resolves."""
    n = state._rules.players
    hands = state._hands
    singles = state._singles
    if state._forced_picks:
        state._forced_picks = {}
    texts = tuple([p.text for p in plist])
    state._turn_picks.append(texts)
    state._log.append(Happening(state._turn + 1, "reveal", -1, texts))
    queue = state._to_resolve
    for s in range(n):
        p = plist[s]
        card = p.card
        hand = hands[s]
        i = hand.index(card)
        del hand[i]
        cached = singles[s]
        # Hands are sorted: another copy would lie next to the one taken.
        if (
            cached is not None
            and (i == 0 or hand[i - 1] != card)
            and (i == len(hand) or hand[i] != card)
        ):
            pick = _SINGLE[card]
            singles[s] = tuple([q for q in cached if q is not pick])
        if p.call is not None:
            called = played_of_token(p.call)
            queue.append(_call_key(called) + (s, called))
    for s in range(n):
        p = plist[s]
        if p.card == SPECIAL_ORDER:
            if p.copy is None:
                state._discards.append(SPECIAL_ORDER)  # nothing to copy
                state._log.append(Happening(state._turn + 1, "uncopied", s))
            else:
                _put(state, s, _copy(p.copy), False)
        else:
            _put(state, s, _PLAIN[p.card], False)
    if state._rules.uramaki:
        ura = state._uramaki_icons
        reached = {s: ura[s] for s in range(n) if ura[s] >= 10}
        if reached:
            _claim(state, reached)
    state._advance()


def _put(state: PartyState, seat: int, p: Played, later: bool) -> None:
    """Place a card in front of ``seat``, with the effects of playing it.

    ``later``: played after the reveal (through chopsticks, spoon, menu or a
    special order's copy), so uramaki score at once, on their own.
    """
    tab = state._tabs[seat]
    kind = p.kind
    if kind == "nigiri":
        if state._free_wasabi[seat]:
            for i, q in enumerate(tab):
                if q.kind == "wasabi" and not q.covered:
                    tab[i] = played_value(q.card, q.copies, False, False, True)
                    break
            state._free_wasabi[seat] -= 1
            p = played_value(p.card, p.copies, False, True, False)
    elif kind == "wasabi":
        state._free_wasabi[seat] += 1
    elif kind in _BONUS:
        state._bonus_count[seat] += 1
        state._callable_tokens[seat] = None
    elif kind == "uramaki":
        state._uramaki_icons[seat] += p.icons
    elif kind in _QUEUED:
        state._to_resolve.append((_NUMBER[p.card], 0, seat, p))
    tab.append(p)
    if kind == "miso-soup":
        # "If more than 1 miso soup is played on the same turn, all are discarded",
        # counting those played through chopsticks, spoon, menu or special order.
        state._turn_misos.append((seat, p))
        state._turn_miso_count += 1
        if state._turn_miso_count > 1:
            for s, q in state._turn_misos:
                _remove(state, s, q)
                state._discards.append(q.card)
                state._log.append(Happening(state._turn + 1, "miso", s, (q.token,)))
            state._turn_misos = []
    elif kind == "uramaki" and later and state._uramaki_icons[seat] >= 10:
        _claim(state, {seat: state._uramaki_icons[seat]})


def _remove(state: PartyState, seat: int, p: Played) -> None:
    """Take one card off the table in front of ``seat`` (the last one equal to ``p``)."""
    tab = state._tabs[seat]
    for i in range(len(tab) - 1, -1, -1):
        if tab[i] is p or tab[i] == p:
            del tab[i]
            if i < state._earlier[seat]:
                state._earlier[seat] -= 1
            _uncount(state, seat, p)
            return
    raise AssertionError(f"{p} is not in front of seat {seat}")


def _uncount(state: PartyState, seat: int, p: Played) -> None:
    """Keep the counts of what lies in front of ``seat`` when ``p`` leaves the table or
    is flipped: bonus cards, uramaki icons, free wasabi."""
    kind = p.kind
    if kind in _BONUS:
        state._bonus_count[seat] -= 1
        state._callable_tokens[seat] = None
    elif kind == "uramaki":
        state._uramaki_icons[seat] -= p.icons
    elif kind == "wasabi" and not p.covered:
        state._free_wasabi[seat] -= 1


def _claim(state: PartyState, reached: dict[int, int]) -> None:
    """Uramaki: the seats that reached 10 icons score and discard their uramaki."""
    awards, state._uramaki_claimed = uramaki_claims(reached, state._uramaki_claimed)
    for seat, pts in awards.items():
        state._uramaki_scored[seat] += pts
        state._log.append(Happening(state._turn + 1, "uramaki", seat, (), pts))
        tab = state._tabs[seat]
        for q in [q for q in tab if q.kind == "uramaki"]:
            _remove(state, seat, q)
            state._discards.append(q.card)


# ---------------------------------------------------------------------------
# The decisions in the middle of a turn: what may be chosen, what a choice does.


def _choice_actions(state: PartyState) -> Sequence[Choice]:
    """Every answer the pending decision allows."""
    pending = state._pending
    assert pending is not None
    kind = pending.kind
    seat = pending.seat
    if kind == "take":
        return tuple([choice_of("take", (c,)) for c in _distinct(state._hands[seat])])
    if kind == "ask":
        return state._rules.asks
    if kind == "give":
        return tuple(choice_of("give", (c,)) for c in _matching(state._hands[seat], pending.detail))
    if kind == "order":
        return tuple(choice_of("order", (c,)) for c in _orderable(state._drawn))
    if kind == "copy":
        return tuple(choice_of("copy", (t,)) for t in state._copy_targets(seat))
    if kind == "flip":
        return FlipChoices(state._flippable(seat))
    raise AssertionError(kind)


def _why_not(state: PartyState, seat: int, action: Choice) -> str:
    """Why ``action``, of the kind asked for, is not one of the answers allowed."""
    pending = state._pending
    assert pending is not None
    what = ",".join(action.cards) or "nothing"
    if action.kind in ("take", "give"):
        return f"seat {seat} cannot {action.kind} {what}: their hand holds " + (
            ", ".join(state._hands[seat]) or "nothing"
        )
    if action.kind == "order":
        return f"seat {seat} cannot play {what} from the menu: it drew {', '.join(state._drawn)}"
    if action.kind == "copy":
        have = ", ".join(state._copy_targets(seat))
        return f"seat {seat}: the special order may copy {have}, not {what}"
    if action.kind == "flip":
        have = ", ".join(state._flippable(seat)) or "nothing"
        return (
            f"seat {seat} may flip only cards played on earlier turns this round "
            f"({have}), not {what}"
        )
    names = ", ".join(a.cards[0] for a in state._rules.asks)
    return f"seat {seat}: a spoon asks for one of {names}, not {what}"


def _resolve(state: PartyState, seat: int, action: Choice) -> None:
    """Apply a checked mid-turn choice, then go on with the turn."""
    pending = state._pending
    assert pending is not None
    state._mid_turn_steps.append((state._turn + 1, seat, action.text))
    state._pending = None
    kind = pending.kind
    card = action.cards[0] if action.cards else ""
    if kind == "take":
        _take(state, seat, played_of_token(pending.card), card)
    elif kind == "ask":
        _ask(state, seat, played_of_token(pending.card), card)
    elif kind == "give":
        _give(state, pending.owner, played_of_token(pending.card), seat, card)
    elif kind == "order":
        _order(state, seat, played_of_token(pending.card), card)
    elif kind == "copy":
        state._log.append(Happening(state._turn + 1, "copy", seat, (card,)))
        _put(state, seat, _copy(card), True)
    else:
        state._log.append(Happening(state._turn + 1, "flip", seat, (pending.card, *action.cards)))
        _flip(state, seat, action.cards)
        _discard_used(state, seat, played_of_token(pending.card))
    state._advance()


def _take(state: PartyState, seat: int, chopsticks: Played, card: str) -> None:
    """Chopsticks: play ``card`` from the hand; the chopsticks go into the hand."""
    state._log.append(Happening(state._turn + 1, "take", seat, (chopsticks.token, card)))
    _remove(state, seat, chopsticks)
    hand = state._hands[seat]
    hand.remove(card)
    hand.append(chopsticks.card)
    state._hands[seat] = _sorted_hand(hand)
    state._singles[seat] = None
    _play_later(state, seat, card)


def _ask(state: PartyState, seat: int, spoon: Played, name: str) -> None:
    """Spoon: the first player to the left holding ``name`` gives it."""
    state._log.append(Happening(state._turn + 1, "ask", seat, (spoon.token, name)))
    n = state._rules.players
    for k in range(1, n):
        giver = (seat + k) % n
        matches = _matching(state._hands[giver], name)
        if len(matches) == 1:
            _give(state, seat, spoon, giver, matches[0])
            return
        if matches:
            state._pending = Pending(giver, "give", spoon.token, name, seat)
            return
    state._log.append(Happening(state._turn + 1, "unanswered", seat, (spoon.token,)))
    _discard_used(state, seat, spoon)  # nobody has it


def _give(state: PartyState, seat: int, spoon: Played, giver: int, card: str) -> None:
    """Spoon answered: ``giver`` gives ``card`` to ``seat`` and takes the spoon into its hand."""
    state._log.append(Happening(state._turn + 1, "give", giver, (card,), seat))
    _remove(state, seat, spoon)
    hand = state._hands[giver]
    hand.remove(card)
    hand.append(spoon.card)
    state._hands[giver] = _sorted_hand(hand)
    state._singles[giver] = None
    _play_later(state, seat, card)


def _menu_drawn(state: PartyState, cards: tuple[str, ...]) -> None:
    """A menu's cards are drawn: its player chooses one to play (not a menu). With
    one to choose from it is played at once; with none the menu is discarded. The
    caller goes on with the turn."""
    pending = state._pending
    assert pending is not None
    if cards:
        state._mid_turn_steps.append((state._turn + 1, -1, ",".join(cards)))
    state._log.append(Happening(state._turn + 1, "draw", pending.seat, (pending.card,), len(cards)))
    state._draws[pending.seat] += (cards,)
    state._drawn = cards
    options = _orderable(cards)
    if len(options) > 1:
        return
    state._pending = None
    if options:
        _order(state, pending.seat, played_of_token(pending.card), options[0])
    else:
        state._drawn = ()
        state._log.append(Happening(state._turn + 1, "unused", pending.seat, (pending.card,)))
        _discard_used(state, pending.seat, played_of_token(pending.card))


def _order(state: PartyState, seat: int, menu: Played, card: str) -> None:
    """Menu: play ``card`` from those drawn; the others go back into the deck."""
    state._log.append(Happening(state._turn + 1, "order", seat, (card,)))
    state._deck_now()[card] -= 1  # the other cards go back into the deck
    state._drawn = ()
    _discard_used(state, seat, menu)
    _play_later(state, seat, card)


def _flip(state: PartyState, seat: int, tokens: Sequence[str]) -> None:
    """Takeout box: turn the cards named (played on earlier turns) face-down."""
    tab = state._tabs[seat]
    for token in tokens:
        for i in range(state._earlier[seat]):
            q = tab[i]
            if q.token == token:
                _uncount(state, seat, q)
                tab[i] = played_value(q.card, flipped=True)
                break


def _discard_used(state: PartyState, seat: int, p: Played) -> None:
    """A used menu or takeout box, a spoon nobody answered: off the table, face-up."""
    _remove(state, seat, p)
    state._discards.append(p.card)


def _play_later(state: PartyState, seat: int, card: str) -> None:
    """Play a card taken after the reveal (chopsticks, spoon, menu)."""
    if card != SPECIAL_ORDER:
        _put(state, seat, _PLAIN[card], True)
        return
    targets = state._copy_targets(seat)
    if not targets:
        state._discards.append(card)  # nothing to copy
        state._log.append(Happening(state._turn + 1, "uncopied", seat))
    elif len(targets) == 1:
        state._log.append(Happening(state._turn + 1, "copy", seat, (targets[0],)))
        _put(state, seat, _copy(targets[0]), True)
    else:
        state._pending = Pending(seat, "copy", SPECIAL_ORDER, "", seat)
