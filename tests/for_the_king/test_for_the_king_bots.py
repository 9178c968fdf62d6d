"""The bots under the rulebook's bids=any: the search weighs the bids it could pay (its own
pruning, not a rule), so hard and greedy play exactly the games they played under
bids=affordable, and their measured strength carries over (RULINGS FK-08)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from courtly.agents.greedy import GreedyAgent
from courtly.agents.ismcts import ISMCTSAgent, level_settings
from courtly.core.rng import Rng
from courtly.core.seat import Agent, SeatView
from courtly.games.for_the_king import GAME


def _game(options: dict[str, str], seed: int) -> list[dict[str, Any]]:
    """hard (a small iteration budget, no clock) against greedy; the actions played."""
    settings = level_settings(GAME.name, "hard")
    hard = ISMCTSAgent(GAME, replace(settings, iterations=40, seconds=None))
    agents: list[Agent] = [hard, GreedyAgent(GAME)]
    rngs = [Rng(seed * 2 + 1), Rng(seed * 2 + 2)]
    state = GAME.new_game(2, seed=seed, options=options)
    played = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = agents[seat].act(SeatView(state, seat), rngs[seat])
        state.apply(action, player=seat)
        played.append(action.to_json())
    return played


def test_hard_and_greedy_play_the_same_game_under_any_and_affordable_bids() -> None:
    for seed in (1, 2):
        assert _game({"bids": "any"}, seed) == _game({"bids": "affordable"}, seed)
