"""The Courtisans opening position (C2)."""

from __future__ import annotations

from courtly.games.courtisans.data import (
    BLUE_MISSIONS,
    HAND_SIZE,
    NUM_CARDS,
    REMOVED_AT_SETUP,
    WHITE_MISSIONS,
)
from courtly.games.courtisans.state import CourtisansState


def deal(state: CourtisansState) -> None:
    """The opening position dealt into a blank ``state`` with its own generator."""
    rng = state.rng
    num_players = state.num_players
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    # C2.1: set aside cards unseen; C2.2: deal 3 to each; C2.3: the rest is the deck.
    removed = REMOVED_AT_SETUP[num_players]
    state.removed = sorted(deck[:removed])
    del deck[:removed]
    for hand in state.hands:
        hand.extend(deck[-HAND_SIZE:])
        del deck[-HAND_SIZE:]
        hand.sort()
    state.deck = sorted(deck)
    # C2.4: one white and one blue Secret Mission each; the others stay unseen in the box.
    whites = list(WHITE_MISSIONS)
    blues = list(BLUE_MISSIONS)
    rng.shuffle(whites)
    rng.shuffle(blues)
    state.white = whites[:num_players]
    state.blue = blues[:num_players]
    state.unused_missions = sorted(whites[num_players:] + blues[num_players:])
    # C2.5: a random first player.
    state.first_player = state.current = rng.below(num_players)
