"""One-step lookahead on the game's own heuristic, over worlds sampled from the seat's view."""

from __future__ import annotations

from courtly.core.actions import Action
from courtly.core.errors import AgentSpecError
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.state import Game


class GreedyAgent:
    name = "greedy"

    def __init__(self, game: Game, samples: int = 2) -> None:
        if samples < 1:
            raise AgentSpecError("greedy needs samples >= 1")
        self.game = game
        self.samples = samples

    def act(self, view: SeatView, rng: Rng) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            world = view.sample_world(rng)
            for index, action in enumerate(actions):
                after = world.clone()
                after.step(action.id)
                totals[index] += self.game.heuristic(after, view.player)
        best = max(totals)
        # Ties go to a random one of the best, so the agent is not predictable by action order.
        return actions[rng.choice([i for i, t in enumerate(totals) if t == best])]
