"""The small integer codes a state is made of: card locations, phases and action ids.

Every card has one location code. Hands and face-down discard batches are numbered from a
base so that one int says both "in a hand" and whose. Rule modules take these from here.
"""

from __future__ import annotations

from typing import Final

from courtly.games.for_the_king.data import GOLD_VALUES, MAX_BID, NUM_KINDS, NUM_OFFICES

# --- card locations -------------------------------------------------------------------------
UNUSED: Final = 0  # numbered above the player count: back in the box, known to all
BOX: Final = 1  # removed at random at setup: nobody knows which
DECK: Final = 2  # the Advisors' draw deck (Share Influence phase)
HELD: Final = 3  # drawn by the Advisor, not yet placed
MIDDLE: Final = 4  # face up in the middle, waiting to be chosen
FAVOR: Final = 5  # the Favor deck
REVEALED: Final = 6  # the Favor card being auctioned (or a King card being applied)
UP: Final = 7  # the face-up discard pile (Gold payments, King cards, unwanted cards)
HAND_BASE: Final = 8  # + seat
BATCH_BASE: Final = 16  # + batch index: a face-down discard (Gold-card payment or penalty)

PUBLIC_LOCATIONS: Final = frozenset({UNUSED, MIDDLE, REVEALED, UP})

# --- phases (``phase_name`` is the public id) ------------------------------------------------
PLACE: Final = 0
PICK: Final = 1
BID: Final = 2
PAY_GOLD: Final = 3
PAY_CARDS: Final = 4
KING: Final = 5  # a King card won at auction is applied (P2.7)
OVER: Final = 6
GAINED_KING: Final = 7  # option king_cards=apply: a King card gained in Share Influence is applied
PHASE_NAMES: Final = (
    "place",
    "pick",
    "bid",
    "pay-gold",
    "pay-cards",
    "king",
    "over",
    "king-gained",
)
SHARE_PHASES: Final = frozenset({PLACE, PICK, GAINED_KING})

# Knowledge of one card by one seat: these two codes, or (>= 0) "in its holder's hand or in
# one of the holder's face-down batches numbered at least this" (see knowledge.py).
EXACT: Final = -1
UNKNOWN: Final = -2

# --- action ids: one fixed layout for every player count (actions.py names them) ------------
PLACE_OWN: Final = 0
PLACE_MIDDLE: Final = 1
PLACE_FAVOR: Final = 2
TAKE_BASE: Final = 3  # + kind: take a card of that kind from the middle
PASS: Final = TAKE_BASE + NUM_KINDS
BID_BASE: Final = PASS + 1  # + (amount - 1)
PAY_BASE: Final = BID_BASE + MAX_BID  # + gold value index: pay with a Gold card of that value
DISCARD_BASE: Final = PAY_BASE + len(GOLD_VALUES)  # + kind: discard a card of that kind face down
RAISE_BASE: Final = DISCARD_BASE + NUM_KINDS  # + office: a King card raises its Primary Duty
LOWER_BASE: Final = RAISE_BASE + NUM_OFFICES
SPACE_SIZE: Final = LOWER_BASE + NUM_OFFICES
