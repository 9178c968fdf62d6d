"""The Share Influence phase (P1): the Advisor draws and places each card, then the opponents
take the middle cards; the deck passes left until it is empty.

Steps that everyone can see are forced (a card that can only go to one area, a middle with one
kind of card left) and are played at once; choices forced only by a hidden hand are still asked
for."""

from __future__ import annotations

from bisect import insort

from courtly.core.events import Event
from courtly.games.for_the_king.codes import (
    FAVOR,
    HELD,
    MIDDLE,
    PICK,
    PLACE,
    PLACE_FAVOR,
    PLACE_MIDDLE,
    PLACE_OWN,
    TAKE_BASE,
)
from courtly.games.for_the_king.data import CARD_CATEGORY, CARD_CODE, CARD_KIND
from courtly.games.for_the_king.data import KING as KING_CARD
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.rules.kings import gain_king, king_done
from courtly.games.for_the_king.rules.rounds import start_esteem
from courtly.games.for_the_king.state import FtkState, added


def place_legal(s: FtkState) -> list[int]:
    """P1.2: the personal deck and the Favor deck take one card, the middle n - 1."""
    ids = []
    if not s.n_own:
        ids.append(PLACE_OWN)
    if s.n_mid < s.num_players - 1:
        ids.append(PLACE_MIDDLE)
    if not s.n_fav:
        ids.append(PLACE_FAVOR)
    return ids


def pick_legal(s: FtkState) -> list[int]:
    return sorted({TAKE_BASE + CARD_KIND[c] for c in s.middle})


def start_turn(s: FtkState, events: list[Event] | None) -> None:
    """P1.1: a new Advisor turn (the Advisor is already set)."""
    s.phase = PLACE
    s.n_own = s.n_mid = s.n_fav = 0
    s.cur = s.advisor
    next_draw(s, events)


def next_draw(s: FtkState, events: list[Event] | None) -> None:
    """P1.1-P1.3: draw the next card, placing it at once when only one area is open."""
    n = s.num_players
    while True:
        full = s.n_own and s.n_fav and s.n_mid == n - 1
        if full or not s.deck:
            _start_picks(s, events)
            return
        card = s.deck.pop()
        s.reveal()  # the Advisor sees a card of the hidden deck
        s.loc[card] = HELD
        s.held = card
        if events is not None:
            data = {"seat": s.advisor, "card": CARD_CODE[card]}
            events.append(EVENTS.event("draw", data, frozenset({s.advisor})))
        open_areas = (not s.n_own) + (s.n_mid < n - 1) + (not s.n_fav)
        if open_areas > 1:
            s.cur = s.advisor
            return
        only = PLACE_OWN if not s.n_own else (PLACE_MIDDLE if s.n_mid < n - 1 else PLACE_FAVOR)
        place(s, only, events)
        if s.phase != PLACE:
            return


def place(s: FtkState, action_id: int, events: list[Event] | None) -> None:
    """P1.2: the drawn card goes to the personal deck, the middle or the Favor deck."""
    area = action_id - PLACE_OWN
    card = s.held
    s.held = -1
    a = s.advisor
    if area == 0:
        s.n_own = 1
        if s.params.king_apply and CARD_CATEGORY[card] == KING_CARD:
            s.reveal()  # the King card only the Advisor had seen is shown
            gain_king(s, a, card, events)
            return
        s.to_hand(a, card, public=False)
    elif area == 1:
        s.middle.append(card)
        s.loc[card] = MIDDLE
        s.n_mid += 1
    else:
        insort(s.favor, card)
        s.loc[card] = FAVOR
        s.placer[card] = a
        s.favor_placed = added(s.favor_placed, a, 1)
        s.n_fav = 1
    if events is not None:
        if area == 1:
            data: dict[str, object] = {"seat": a, "card": CARD_CODE[card]}
            events.append(EVENTS.event("place-middle", data))
        else:
            data = {"seat": a, "area": "own" if area == 0 else "favor"}
            events.append(EVENTS.event("place-face-down", data))


def _start_picks(s: FtkState, events: list[Event] | None) -> None:
    s.phase = PICK
    s.picker = (s.advisor + 1) % s.num_players
    _next_pick(s, events)


def after_take(s: FtkState, events: list[Event] | None) -> None:
    s.picker = (s.picker + 1) % s.num_players
    _next_pick(s, events)


def _next_pick(s: FtkState, events: list[Event] | None) -> None:
    """P1.4: opponents clockwise from the Advisor's left each take a middle card."""
    while s.picker != s.advisor and s.middle:
        kind = _only_kind(s.middle)
        if kind < 0:
            s.cur = s.picker
            return
        take(s, TAKE_BASE + kind, events)
        if s.phase != PICK:
            return
        s.picker = (s.picker + 1) % s.num_players
    _end_turn(s, events)


def _only_kind(cards: list[int]) -> int:
    """The kind every card of ``cards`` (not empty) is, or -1 when there are several."""
    kind = CARD_KIND[cards[0]]
    for c in cards:
        if CARD_KIND[c] != kind:
            return -1
    return kind


def take(s: FtkState, action_id: int, events: list[Event] | None) -> None:
    """P1.4: the picker takes a middle card of the chosen kind into their personal deck."""
    kind = action_id - TAKE_BASE
    seat = s.picker
    # The lowest id of that kind (a loop: compiled, a generator is an object per call).
    card = -1
    for c in s.middle:
        if CARD_KIND[c] == kind and (card < 0 or c < card):
            card = c
    s.middle.remove(card)
    if events is not None:
        events.append(EVENTS.event("take", {"seat": seat, "card": CARD_CODE[card]}))
    if s.params.king_apply and CARD_CATEGORY[card] == KING_CARD:
        gain_king(s, seat, card, events)
        return
    s.to_hand(seat, card, public=True)


def _end_turn(s: FtkState, events: list[Event] | None) -> None:
    """P1.5: the deck passes left; once it is empty the Gain Esteem phase begins."""
    s.picker = -1
    if s.deck:
        s.advisor = (s.advisor + 1) % s.num_players
        start_turn(s, events)
        return
    start_esteem(s, events)


def after_gained_king(s: FtkState, events: list[Event] | None) -> None:
    """After a change made by a King card gained in this phase (RULINGS FK-06): once the card
    is discarded, the picks go on (taken from the middle) or the turn does (kept)."""
    if not king_done(s):
        return
    if s.picker >= 0:
        s.phase = PICK
        after_take(s, events)
    else:
        s.phase = PLACE
        next_draw(s, events)
