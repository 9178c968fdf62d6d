"""The rules: what may be decided now, and what each decision does.

Clause numbers (S = setup, P1 = Share Influence, P2 = Gain Esteem, E = end) refer to
docs/games/for_the_king.md. One dispatch per phase, in :func:`legal_action_ids` and
:func:`apply`. Steps that everyone can see are forced (a card that can only go to one area, a
middle with one kind of card left, a Gold-card payment of the whole hand) and are played
at once; choices forced only by a hidden hand are still asked for.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING

from courtly.core.events import Event
from courtly.games.for_the_king.codes import (
    BATCH_BASE,
    BID,
    BID_BASE,
    DISCARD_BASE,
    FAVOR,
    GAINED_KING,
    HELD,
    KING,
    LOWER_BASE,
    MIDDLE,
    OVER,
    PASS,
    PAY_BASE,
    PAY_CARDS,
    PAY_GOLD,
    PICK,
    PLACE,
    PLACE_FAVOR,
    PLACE_MIDDLE,
    PLACE_OWN,
    RAISE_BASE,
    REVEALED,
    TAKE_BASE,
)
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_CODE,
    CARD_KIND,
    DUTY_MAX,
    DUTY_MIN,
    GOLD,
    GOLD_KIND_BASE,
    GOLD_OF,
    GOLD_VALUES,
    GOV,
    MAX_BID,
    OFFICES,
    king_effect,
)
from courtly.games.for_the_king.data import KING as KING_CARD
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.scoring import duties, victory_points, winners

if TYPE_CHECKING:
    from courtly.games.for_the_king.state import FtkState

Events = list[Event] | None

# --- legal actions, one function per phase -------------------------------------------------


def affordable_top(s: FtkState) -> int:
    """The highest bid the bidder could pay, or the smallest raise if that is higher (option
    ``bids=affordable``, and the bids a search weighs: RULINGS FK-08)."""
    cur = s.cur
    can = len(s.hands[cur]) if CARD_CATEGORY[s.revealed] == GOLD else s.gold[cur]
    top = can if can > s.high else s.high + 1
    return MAX_BID if top > MAX_BID else top


def _legal_bid(s: FtkState) -> list[int]:
    """P2.3: pass, or any number higher than the last bid (option bids: RULINGS FK-08)."""
    ids = [PASS]
    ids.extend(
        range(BID_BASE + s.high, BID_BASE + (affordable_top(s) if s.affordable else MAX_BID))
    )
    return ids


def _legal_place(s: FtkState) -> list[int]:
    """P1.2: the personal deck and the Favor deck take one card, the middle n - 1."""
    ids = []
    if not s.n_own:
        ids.append(PLACE_OWN)
    if s.n_mid < s.num_players - 1:
        ids.append(PLACE_MIDDLE)
    if not s.n_fav:
        ids.append(PLACE_FAVOR)
    return ids


def _legal_pick(s: FtkState) -> list[int]:
    return sorted({TAKE_BASE + CARD_KIND[c] for c in s.middle})


def _legal_pay_gold(s: FtkState) -> list[int]:
    return sorted({PAY_BASE + GOLD_OF[c] - 1 for c in s.hands[s.cur] if GOLD_OF[c]})


def _legal_pay_cards(s: FtkState) -> list[int]:
    return sorted({DISCARD_BASE + CARD_KIND[c] for c in s.hands[s.cur]})


def _legal_king(s: FtkState) -> list[int]:
    """P2.7: each change names an office (two different ones for a two-office card)."""
    delta = king_effect(s.revealed)[2]
    ids: list[int] = []
    if delta >= 0:
        ids.extend(RAISE_BASE + o for o in s.offices if o != s.king_first)
    if delta <= 0:
        ids.extend(LOWER_BASE + o for o in s.offices if o != s.king_first)
    return ids


def _legal_over(s: FtkState) -> list[int]:
    return []


# The dispatch by phase: FtkState.legal_action_ids reads it (one call fewer on the hot path).
LEGAL_BY_PHASE: dict[int, Callable[[FtkState], list[int]]] = {
    PLACE: _legal_place,
    PICK: _legal_pick,
    BID: _legal_bid,
    PAY_GOLD: _legal_pay_gold,
    PAY_CARDS: _legal_pay_cards,
    KING: _legal_king,
    OVER: _legal_over,
    GAINED_KING: _legal_king,
}


# --- decisions, one function per phase --------------------------------------------------------


def _do_place(s: FtkState, action_id: int, events: Events) -> None:
    _place(s, action_id - PLACE_OWN, events)
    if s.phase == PLACE:
        _next_draw(s, events)


def _do_pick(s: FtkState, action_id: int, events: Events) -> None:
    _take(s, s.picker, action_id - TAKE_BASE, events)
    if s.phase == PICK:
        _after_take(s, events)


def _do_bid(s: FtkState, action_id: int, events: Events) -> None:
    if action_id == PASS:
        _pass(s, events)
    else:
        _bid(s, action_id - BID_BASE + 1, events)


def _do_pay_gold(s: FtkState, action_id: int, events: Events) -> None:
    _pay_gold(s, action_id - PAY_BASE + 1, events)
    _continue_gold_payment(s, events)


def _do_pay_cards(s: FtkState, action_id: int, events: Events) -> None:
    _discard_kind(s, action_id - DISCARD_BASE, events)
    _continue_card_payment(s, events)


def _do_king(s: FtkState, action_id: int, events: Events) -> None:
    if action_id >= LOWER_BASE:
        _king_change(s, action_id - LOWER_BASE, -1, events)
    else:
        _king_change(s, action_id - RAISE_BASE, 1, events)


# The dispatch by phase: FtkState._apply reads it (one call fewer on the hot path).
APPLY_BY_PHASE: dict[int, Callable[[FtkState, int, Events], None]] = {
    PLACE: _do_place,
    PICK: _do_pick,
    BID: _do_bid,
    PAY_GOLD: _do_pay_gold,
    PAY_CARDS: _do_pay_cards,
    KING: _do_king,
    GAINED_KING: _do_king,
}


# --- P1: Share Influence ----------------------------------------------------------------------


def start_turn(s: FtkState, events: Events) -> None:
    """P1.1: a new Advisor turn (the Advisor is already set)."""
    s.phase = PLACE
    s.n_own = s.n_mid = s.n_fav = 0
    s.cur = s.advisor
    _next_draw(s, events)


def _next_draw(s: FtkState, events: Events) -> None:
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
        _place(s, 0 if not s.n_own else (1 if s.n_mid < n - 1 else 2), events)
        if s.phase != PLACE:
            return


def _place(s: FtkState, area: int, events: Events) -> None:
    card = s.held
    s.held = -1
    a = s.advisor
    if area == 0:
        s.n_own = 1
        if s.king_apply and CARD_CATEGORY[card] == KING_CARD:
            s.reveal()  # the King card only the Advisor had seen is shown
            _gain_king(s, a, card, events)
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
        s.favor_placed[a] += 1
        s.n_fav = 1
    if events is not None:
        if area == 1:
            data: dict[str, object] = {"seat": a, "card": CARD_CODE[card]}
            events.append(EVENTS.event("place-middle", data))
        else:
            data = {"seat": a, "area": "own" if area == 0 else "favor"}
            events.append(EVENTS.event("place-face-down", data))


def _start_picks(s: FtkState, events: Events) -> None:
    s.phase = PICK
    s.picker = (s.advisor + 1) % s.num_players
    _next_pick(s, events)


def _after_take(s: FtkState, events: Events) -> None:
    s.picker = (s.picker + 1) % s.num_players
    _next_pick(s, events)


def _next_pick(s: FtkState, events: Events) -> None:
    """P1.4: opponents clockwise from the Advisor's left each take a middle card."""
    while s.picker != s.advisor and s.middle:
        kinds = {CARD_KIND[c] for c in s.middle}
        if len(kinds) > 1:
            s.cur = s.picker
            return
        _take(s, s.picker, kinds.pop(), events)
        if s.phase != PICK:
            return
        s.picker = (s.picker + 1) % s.num_players
    _end_turn(s, events)


def _take(s: FtkState, seat: int, kind: int, events: Events) -> None:
    card = min(c for c in s.middle if CARD_KIND[c] == kind)
    s.middle.remove(card)
    if events is not None:
        events.append(EVENTS.event("take", {"seat": seat, "card": CARD_CODE[card]}))
    if s.king_apply and CARD_CATEGORY[card] == KING_CARD:
        _gain_king(s, seat, card, events)
        return
    s.to_hand(seat, card, public=True)


def _gain_king(s: FtkState, seat: int, card: int, events: Events) -> None:
    """Option king_cards=apply (RULINGS FK-06): a King card the Advisor keeps or an opponent
    takes is shown and applied at once by its new owner, then discarded face up."""
    s.loc[card] = REVEALED
    s.revealed = card
    s.phase = GAINED_KING
    s.cur = seat
    s.king_left = king_effect(card)[3]
    s.king_first = -1
    if events is not None:
        events.append(EVENTS.event("king-gained", {"seat": seat, "card": CARD_CODE[card]}))


def _end_turn(s: FtkState, events: Events) -> None:
    """P1.5: the deck passes left; once it is empty the Gain Esteem phase begins."""
    s.picker = -1
    if s.deck:
        s.advisor = (s.advisor + 1) % s.num_players
        start_turn(s, events)
        return
    s.rng.shuffle(s.favor)
    s.first = (s.advisor + 1) % s.num_players
    if events is not None:
        events.append(EVENTS.event("gain-esteem", {"first_seat": s.first}))
    _start_round(s, events)


# --- P2: Gain Esteem --------------------------------------------------------------------------


def _start_round(s: FtkState, events: Events) -> None:
    if not s.favor:
        s.phase = OVER
        s.cur = -1
        s.revealed = -1
        if events is not None:
            _end_events(s, events)
        return
    card = s.favor.pop()
    s.reveal()  # the next auction card is turned up
    s.placer[card] = -1
    s.loc[card] = REVEALED
    s.revealed = card
    s.phase = BID
    s.high = 0
    s.high_bidder = -1
    s.excluded = 0
    s.out = 0
    s.cur = s.first
    if events is not None:
        events.append(EVENTS.event("reveal", {"seat": s.first, "card": CARD_CODE[card]}))


def _end_events(s: FtkState, events: list[Event]) -> None:
    """E: who takes each Duty tile, the points and the winners."""
    for o, (first, second) in enumerate(duties(s)):
        if o in s.offices:
            data = {
                "office": OFFICES[o],
                "value": s.primary[o],
                "primary_seat": None if first < 0 else first,
                "secondary_seat": None if second < 0 else second,
            }
            events.append(EVENTS.event("duty", data))
    data = {"points": victory_points(s), "winners": winners(s)}
    events.append(EVENTS.event("end", data))


def _bid(s: FtkState, amount: int, events: Events) -> None:
    s.high = amount
    s.high_bidder = s.cur
    if events is not None:
        events.append(EVENTS.event("bid", {"seat": s.cur, "amount": amount}))
    _next_bidder(s, events)


def _pass(s: FtkState, events: Events) -> None:
    s.out |= 1 << s.cur
    if events is not None:
        events.append(EVENTS.event("pass", {"seat": s.cur}))
    _next_bidder(s, events)


def _next_bidder(s: FtkState, events: Events) -> None:
    """P2.3-P2.5: the auction ends when one bidder is left, or nobody bid."""
    n = s.num_players
    active = ((1 << n) - 1) & ~s.out
    if not active:
        _discard_revealed(s, events)
        return
    if not active & (active - 1):
        if s.high:
            _win(s, s.high_bidder, events)
            return
        s.cur = active.bit_length() - 1
        return
    seat = s.cur
    while True:
        seat = seat + 1 if seat + 1 < n else 0
        if active >> seat & 1:
            s.cur = seat
            return


def _discard_revealed(s: FtkState, events: Events) -> None:
    card = s.revealed
    s.revealed = -1
    s.discard_up(card)
    if events is not None:
        events.append(EVENTS.event("unwanted", {"card": CARD_CODE[card]}))
    _end_round(s, events)


def _end_round(s: FtkState, events: Events) -> None:
    s.first = (s.first + 1) % s.num_players
    _start_round(s, events)


def _win(s: FtkState, winner: int, events: Events) -> None:
    """P2.6-P2.8: the winner pays, or loses a random card and the others bid again."""
    card = s.revealed
    gold_card = CARD_CATEGORY[card] == GOLD
    can = len(s.hands[winner]) if gold_card else s.gold[winner]
    if events is not None:
        data = {"seat": winner, "amount": s.high, "card": CARD_CODE[card]}
        events.append(EVENTS.event("win", data))
    if not gold_card:
        s.reveal()  # whether the winner's Gold covers the bid (the others cannot see it)
    if can < s.high:
        _penalty(s, winner, events)
        return
    s.cur = winner
    s.due = s.high
    s.paid = 0
    if gold_card:
        s.phase = PAY_CARDS
        s.batch = -1
        _continue_card_payment(s, events)
    else:
        s.phase = PAY_GOLD
        _continue_gold_payment(s, events)


def _penalty(s: FtkState, loser: int, events: Events) -> None:
    """P2.9: the left neighbour discards a random card of the loser's face down."""
    n = s.num_players
    if CARD_CATEGORY[s.revealed] != GOLD:
        s.learn_gold(loser, 0, s.high - 1)
    left = (loser + 1) % n
    hand = s.hands[loser]
    if hand:
        s.reveal()  # a card drawn at random, seen by the loser and its left neighbour
        card = s.copy_in_hand(loser, CARD_KIND[hand[s.rng.below(len(hand))]], hidden=True)
        s.from_hand(loser, card)
        s.loc[card] = BATCH_BASE + len(s.batches)
        s.batches.append((loser, (1 << loser) | (1 << left)))
        if events is not None:
            data = {"seat": loser, "card": CARD_CODE[card]}
            events.append(EVENTS.event("penalty-card", data, frozenset({loser, left})))
    if events is not None:
        data = {"seat": loser, "drawn_by_seat": left, "card_drawn": bool(hand)}
        events.append(EVENTS.event("penalty", data))
    s.excluded |= 1 << loser
    s.out = s.excluded
    s.high = 0
    s.high_bidder = -1
    s.phase = BID
    active = ((1 << n) - 1) & ~s.out
    if not active:
        _discard_revealed(s, events)
        return
    seat = s.first
    while not active >> seat & 1:
        seat = (seat + 1) % n
    s.cur = seat


def _continue_gold_payment(s: FtkState, events: Events) -> None:
    # Even a forced choice is asked for: skipping it would tell the table which Gold
    # values the payer holds.
    if s.paid >= s.due:
        _receive(s, events)


def _pay_gold(s: FtkState, value: int, events: Events) -> None:
    seat = s.cur
    best = s.copy_in_hand(seat, GOLD_KIND_BASE + GOLD_VALUES.index(value), hidden=False)
    if _copy_unsure(s, seat, best):
        s.reveal()  # the copy paid face up shows which one the hand held
    s.from_hand(seat, best)
    s.discard_up(best)
    s.spent[seat] += value
    s.paid += value
    if events is not None:
        events.append(EVENTS.event("pay", {"seat": seat, "card": CARD_CODE[best]}))


def _copy_unsure(s: FtkState, seat: int, card: int) -> bool:
    """Whether another seat may not know that the copy ``seat`` pays face up is ``card``: it
    arrived hidden, or ``seat`` has discarded face down, after which a seat knows only "in the
    hand or discarded" of the copies it saw arrive, so which copy is still held is uncertain."""
    return s.arrive[card] < 0 or any(batch[0] == seat for batch in s.batches)


def _continue_card_payment(s: FtkState, events: Events) -> None:
    # Only a payment of the whole hand (public: everyone sees its size) is made at once.
    hand = s.hands[s.cur]
    if len(hand) == s.due - s.paid:
        while hand:
            _discard_kind(s, CARD_KIND[hand[0]], events)
    if s.paid >= s.due:
        _receive(s, events)


def _discard_kind(s: FtkState, kind: int, events: Events) -> None:
    seat = s.cur
    card = s.copy_in_hand(seat, kind, hidden=True)
    s.from_hand(seat, card)
    if s.batch < 0:
        s.batch = len(s.batches)
        s.batches.append((seat, 1 << seat))
    s.loc[card] = BATCH_BASE + s.batch
    s.paid += 1
    if events is not None:
        events.append(EVENTS.event("discard", {"seat": seat}))
        data = {"seat": seat, "card": CARD_CODE[card]}
        events.append(EVENTS.event("discard-card", data, frozenset({seat})))


def _receive(s: FtkState, events: Events) -> None:
    card = s.revealed
    seat = s.cur
    s.batch = -1
    if CARD_CATEGORY[card] == GOV or CARD_CATEGORY[card] == GOLD:
        s.won[seat] += GOLD_OF[card]
        s.revealed = -1
        s.to_hand(seat, card, public=True)
        _end_round(s, events)
        return
    s.phase = KING
    s.king_left = king_effect(card)[3]
    s.king_first = -1


def _king_change(s: FtkState, office: int, delta: int, events: Events) -> None:
    """P2.7: a King card moves Primary values by 1, within 1..6, then is discarded."""
    value = s.primary[office] + delta
    s.primary[office] = min(DUTY_MAX, max(DUTY_MIN, value))
    s.king_left -= 1
    s.king_first = office
    if events is not None:
        data = {"seat": s.cur, "office": OFFICES[office], "change": delta}
        data["value"] = s.primary[office]
        events.append(EVENTS.event("king", data))
    if s.king_left:
        return
    card = s.revealed
    s.revealed = -1
    s.king_first = -1
    s.discard_up(card)
    if s.phase == KING:
        _end_round(s, events)
    elif s.picker >= 0:  # a King card taken from the middle: the picks go on
        s.phase = PICK
        _after_take(s, events)
    else:  # a King card the Advisor kept: the turn goes on
        s.phase = PLACE
        _next_draw(s, events)
