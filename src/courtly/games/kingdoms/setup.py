"""The opening position (C3.1): the shuffled deck and seven cards each, mulliganed until every
hand holds a Royal card and a Subject."""

from __future__ import annotations

from courtly.games.kingdoms.codes import MAX_MULLIGANS
from courtly.games.kingdoms.data import HAND_SIZE, IS_NUMBER, IS_ROYAL, NUM_CARDS
from courtly.games.kingdoms.state import KingdomsState


def deal(s: KingdomsState) -> None:
    """C3.1: seven cards each; a hand without a Royal or without a Subject must be mulliganed."""
    deck = list(range(NUM_CARDS))
    s.rng.shuffle(deck)
    s.deck = deck
    for p in (0, 1):
        for _ in range(HAND_SIZE):
            s.draw_to_hand(p)
    for p in (0, 1):
        for _ in range(MAX_MULLIGANS):
            hand = s.hand[p]
            if any(IS_ROYAL[c] for c in hand) and any(IS_NUMBER[c] for c in hand):
                break
            s.mulligan(p)
