"""One explicit dispatch: which rule answers each phase.

A position waits in a phase for its current seat's decision: :func:`legal_ids` lists the
choices, :func:`apply_choice` plays one, and :func:`advance` plays on from it to the next real
decision, making every step everyone can see to be forced at once. Each is a chain of tests on
the phase, not a table of functions: compiled, a rule is then called directly, where a call
through a table went through Python's calling convention (a step makes two such calls, a
random playout three per decision).
"""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.for_the_king.codes import (
    BID,
    KING,
    OVER,
    PAY_CARDS,
    PAY_GOLD,
    PICK,
    PLACE,
)
from courtly.games.for_the_king.rules import auction, kings, payment, rounds, share
from courtly.games.for_the_king.state import FtkState


def legal_ids(s: FtkState) -> list[int]:
    """The phase's choices (none once the game is over)."""
    phase = s.phase
    if phase == PLACE:
        return share.place_legal(s)
    if phase == PICK:
        return share.pick_legal(s)
    if phase == BID:
        return auction.bid_legal(s)
    if phase == PAY_GOLD:
        return payment.pay_gold_legal(s)
    if phase == PAY_CARDS:
        return payment.pay_cards_legal(s)
    if phase == OVER:
        return []
    return kings.king_legal(s)  # KING, GAINED_KING


def apply_choice(s: FtkState, phase: int, action_id: int, events: list[Event] | None) -> None:
    """The rule that plays a choice in ``phase`` (the decision alone: what follows is
    :func:`advance`)."""
    if phase == PLACE:
        share.place(s, action_id, events)
    elif phase == PICK:
        share.take(s, action_id, events)
    elif phase == BID:
        auction.bid(s, action_id, events)
    elif phase == PAY_GOLD:
        payment.pay_gold(s, action_id, events)
    elif phase == PAY_CARDS:
        payment.pay_card(s, action_id, events)
    else:  # KING, GAINED_KING
        kings.change_duty(s, action_id, events)


def advance(s: FtkState, phase: int, events: list[Event] | None) -> None:
    """After a decision taken in ``phase``, play on to the next decision; a decision that
    started another phase (a King card gained, RULINGS FK-06) already waits for its own."""
    if s.phase != phase:
        return
    if phase == PLACE:
        share.next_draw(s, events)  # draw the next card, or the opponents pick (P1.1-P1.4)
    elif phase == PICK:
        share.after_take(s, events)  # the next opponent picks, or the turn ends (P1.4-P1.5)
    elif phase == BID:
        auction.next_bidder(s, events)  # the next bidder, or the auction is won (P2.3-P2.5)
    elif phase == PAY_GOLD:
        payment.continue_gold_payment(s, events)  # paid in full: the card is received (P2.6)
    elif phase == PAY_CARDS:
        payment.continue_card_payment(s, events)  # paid in full: the card is received (P2.8)
    elif phase == KING:
        rounds.after_king(s, events)  # the card's last change ends the round (P2.7, P2.10)
    else:  # GAINED_KING
        share.after_gained_king(s, events)  # the card's last change resumes P1 (FK-06)
