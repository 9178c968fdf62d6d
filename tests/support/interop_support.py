"""What the interop tests share: every game at every player count, and random positions."""

from __future__ import annotations

from collections.abc import Iterator

import courtly
from courtly.core.rng import Rng
from courtly.core.state import State

CONFIGS = [
    (name, n)
    for name in courtly.game_names()
    for n in range(courtly.load(name).min_players, courtly.load(name).max_players + 1)
]


def positions(name: str, players: int, seed: int, every: int) -> Iterator[State]:
    """Every ``every``-th position of one random game, and its last."""
    state = courtly.load(name).new_game(players, seed=seed)
    rng = Rng(seed + 1)
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            yield state
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
        step += 1
    yield state
