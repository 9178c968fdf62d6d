"""The uniformly random agent."""

from __future__ import annotations

from courtly.core.actions import Action
from courtly.core.rng import Rng
from courtly.core.seat import SeatView


class RandomAgent:
    name = "random"

    def act(self, view: SeatView, rng: Rng) -> Action:
        return rng.choice(view.legal_actions)
