"""The Courtisans opening position (C2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.rng import Rng
from courtly.core.state import Game
from courtly.games.courtisans.data import (
    BLUE_MISSIONS,
    HAND_SIZE,
    NUM_CARDS,
    REMOVED_AT_SETUP,
    WHITE_MISSIONS,
)
from courtly.games.courtisans.state import CourtisansState


def new_state(
    game: Game, num_players: int, seed: int, options: Mapping[str, Any]
) -> CourtisansState:
    rng = Rng(seed)
    state = CourtisansState(game, num_players, options, rng)
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
    return state
