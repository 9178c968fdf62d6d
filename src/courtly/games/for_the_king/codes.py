"""The small integer codes a state is made of: card locations and phases.

Every card has one location code. Hands and face-down discard batches are numbered from a
base so that one int says both "in a hand" and whose.
"""

from __future__ import annotations

UNUSED = 0  # numbered above the player count: back in the box, known to all
BOX = 1  # removed at random at setup: nobody knows which
DECK = 2  # the Advisors' draw deck (Share Influence phase)
HELD = 3  # drawn by the Advisor, not yet placed
MIDDLE = 4  # face up in the middle, waiting to be chosen
FAVOR = 5  # the Favor deck
REVEALED = 6  # the Favor card being auctioned (or a King card being applied)
UP = 7  # the face-up discard pile (Gold payments, King cards, unwanted cards)
HAND_BASE = 8  # + seat
BATCH_BASE = 16  # + batch index: a face-down discard (Gold-card payment or penalty)

PUBLIC_LOCATIONS = frozenset({UNUSED, MIDDLE, REVEALED, UP})

PLACE = 0
PICK = 1
BID = 2
PAY_GOLD = 3
PAY_CARDS = 4
KING = 5
OVER = 6
PHASE_NAMES = ("place", "pick", "bid", "pay-gold", "pay-cards", "king", "over")

# Knowledge of one card by one seat: these two codes, or (>= 0) "in its holder's hand or in
# one of the holder's face-down batches numbered at least this" (see knowledge.py).
EXACT = -1
UNKNOWN = -2
