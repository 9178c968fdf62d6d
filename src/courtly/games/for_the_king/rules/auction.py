"""The auction of a Favor card (P2.3-P2.5, P2.9): bids and passes around the table, the win,
and the penalty of a winner who cannot pay."""

from __future__ import annotations

from typing import Final

from courtly.core.events import Event
from courtly.games.for_the_king.codes import BATCH_BASE, BID, BID_BASE, PASS
from courtly.games.for_the_king.data import CARD_CATEGORY, CARD_CODE, CARD_KIND, GOLD, MAX_BID
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.rules.payment import start_payment
from courtly.games.for_the_king.rules.rounds import end_round
from courtly.games.for_the_king.state import FtkState


def affordable_top(s: FtkState) -> int:
    """The highest bid the bidder could pay, or the smallest raise if that is higher (option
    ``bids=affordable``, and the bids a search weighs: RULINGS FK-08)."""
    cur = s.cur
    can = len(s.hands[cur]) if CARD_CATEGORY[s.revealed] == GOLD else s.gold[cur]
    top = can if can > s.high else s.high + 1
    return MAX_BID if top > MAX_BID else top


# The id of a bid of k at index k, and at index 0 the pass (PASS is BID_BASE - 1): the legal
# bids are then one slice of it, its first item made the pass. A slice copies a list, where
# building the ids from a range made each in turn (a third of a random playout's work).
_BIDS: Final = [BID_BASE - 1 + k for k in range(MAX_BID + 1)]


def bid_legal(s: FtkState) -> list[int]:
    """P2.3: pass, or any number higher than the last bid (option bids: RULINGS FK-08)."""
    top = affordable_top(s) if s.params.affordable else MAX_BID
    ids = _BIDS[s.high : top + 1]
    ids[0] = PASS
    return ids


def bid(s: FtkState, action_id: int, events: list[Event] | None) -> None:
    """P2.3: a bid higher than the last, or a pass, final for this card."""
    if action_id == PASS:
        s.out |= 1 << s.cur
        if events is not None:
            events.append(EVENTS.event("pass", {"seat": s.cur}))
        return
    amount = action_id - BID_BASE + 1
    s.high = amount
    s.high_bidder = s.cur
    if events is not None:
        events.append(EVENTS.event("bid", {"seat": s.cur, "amount": amount}))


def next_bidder(s: FtkState, events: list[Event] | None) -> None:
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


def _discard_revealed(s: FtkState, events: list[Event] | None) -> None:
    """P2.5: a card nobody bids on is discarded face up."""
    card = s.revealed
    s.revealed = -1
    s.discard_up(card)
    if events is not None:
        events.append(EVENTS.event("unwanted", {"card": CARD_CODE[card]}))
    end_round(s, events)


def _win(s: FtkState, winner: int, events: list[Event] | None) -> None:
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
    start_payment(s, winner, events)


def _penalty(s: FtkState, loser: int, events: list[Event] | None) -> None:
    """P2.9: the left neighbour draws a random card from the loser's hand and discards it face
    down."""
    n = s.num_players
    if CARD_CATEGORY[s.revealed] != GOLD:
        s.learn_gold(loser, 0, s.high - 1)
    left = (loser + 1) % n
    hand = s.hands[loser]
    # Told as it happens: the loser cannot pay, then the card drawn from their hand (to the
    # two who see it). An empty hand has nothing to draw (FK-16): its own sentence says so.
    if events is not None:
        failed = {"seat": loser, "drawn_by_seat": left, "card_drawn": bool(hand)}
        events.append(EVENTS.event("penalty" if hand else "penalty-empty-hand", failed))
    if hand:
        s.reveal()  # a card drawn at random, seen by the loser and its left neighbour
        card = s.copy_in_hand(loser, CARD_KIND[hand[s.rng.below(len(hand))]], hidden=True)
        s.from_hand(loser, card)
        s.loc[card] = BATCH_BASE + s.add_batch(loser, (1 << loser) | (1 << left))
        if events is not None:
            data = {"seat": loser, "card": CARD_CODE[card]}
            events.append(EVENTS.event("penalty-card", data, frozenset({loser, left})))
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
