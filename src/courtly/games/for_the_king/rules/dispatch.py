"""One explicit dispatch: which rule answers each phase.

A position waits in a phase for its current seat's decision: ``PHASE_LEGAL`` lists the choices,
``PHASE_APPLY`` plays one, and :func:`advance` plays on from it (``PHASE_ADVANCE``) to the next
real decision, making every step everyone can see to be forced at once. The tables are written
here, where they are read, indexed by the codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from courtly.core.events import Event
from courtly.games.for_the_king.codes import (
    BID,
    GAINED_KING,
    KING,
    OVER,
    PAY_CARDS,
    PAY_GOLD,
    PICK,
    PLACE,
)
from courtly.games.for_the_king.rules import auction, kings, payment, rounds, share
from courtly.games.for_the_king.state import FtkState

LegalFn = Callable[[FtkState], list[int]]
ApplyFn = Callable[[FtkState, int, "list[Event] | None"], None]
AdvanceFn = Callable[[FtkState, "list[Event] | None"], None]


def nothing_legal(s: FtkState) -> list[int]:
    """The game is over."""
    return []


# Phase -> its choices.
PHASE_LEGAL: Final[dict[int, LegalFn]] = {
    PLACE: share.place_legal,
    PICK: share.pick_legal,
    BID: auction.bid_legal,
    PAY_GOLD: payment.pay_gold_legal,
    PAY_CARDS: payment.pay_cards_legal,
    KING: kings.king_legal,
    OVER: nothing_legal,
    GAINED_KING: kings.king_legal,
}

# Phase -> the rule that plays a choice (the decision alone: what follows is ``PHASE_ADVANCE``).
PHASE_APPLY: Final[dict[int, ApplyFn]] = {
    PLACE: share.place,
    PICK: share.take,
    BID: auction.bid,
    PAY_GOLD: payment.pay_gold,
    PAY_CARDS: payment.pay_card,
    KING: kings.change_duty,
    GAINED_KING: kings.change_duty,
}

# Phase -> how the game goes on after a decision in it, up to the next decision.
PHASE_ADVANCE: Final[dict[int, AdvanceFn]] = {
    PLACE: share.next_draw,  # draw the next card, or the opponents pick (P1.1-P1.4)
    PICK: share.after_take,  # the next opponent picks, or the turn ends (P1.4-P1.5)
    BID: auction.next_bidder,  # the next bidder, or the auction is won (P2.3-P2.5)
    PAY_GOLD: payment.continue_gold_payment,  # paid in full: the card is received (P2.6)
    PAY_CARDS: payment.continue_card_payment,  # paid in full: the card is received (P2.8)
    KING: rounds.after_king,  # the card's last change ends the round (P2.7, P2.10)
    GAINED_KING: share.after_gained_king,  # the card's last change resumes P1 (FK-06)
}


def advance(s: FtkState, phase: int, events: list[Event] | None) -> None:
    """After a decision taken in ``phase``, play on to the next decision; a decision that
    started another phase (a King card gained, RULINGS FK-06) already waits for its own."""
    if s.phase == phase:
        PHASE_ADVANCE[phase](s, events)
