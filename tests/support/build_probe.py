"""What a build computes, for comparing the pure and compiled builds (test_compiled_build.py).

Run as a script (``python build_probe.py``) it prints the same JSON as :func:`probe`, so a test
can compute it in another interpreter: one with the compiled build installed, or the pure
sources first on its path.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any

from courtly.agents.ismcts import ISMCTSAgent, level_settings, settings_from_params
from courtly.agents.registry import make_agent
from courtly.core.build import build_name
from courtly.core.registry import game_names, load_game
from courtly.core.rng import Rng
from courtly.core.seat import Agent, SeatView
from courtly.core.state import Game

RANDOM_GAMES = 3  # per game and player count
SEARCH_ITERATIONS = 60


def _random_game(name: str, players: int, seed: int) -> dict[str, Any]:
    """Every fingerprint of a random game, a resampled world's every few steps, the result."""
    state = load_game(name).new_game(players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    trail = hashlib.sha256()
    steps = 0
    legal = state.legal_action_ids()
    while legal:
        state.step(legal[rng.below(len(legal))])
        steps += 1
        trail.update(state.fingerprint().encode())
        player = state.current_player
        if steps % 9 == 0 and player is not None:
            trail.update(state.resample(player, rng.fork()).fingerprint().encode())
        legal = state.legal_action_ids()
    return {"steps": steps, "trail": trail.hexdigest(), "scores": state.scores()}


def _searchers(game: Game) -> list[Agent]:
    """Greedy, plain ISMCTS and the ``hard`` level's search, on iteration budgets only (a time
    budget would make the choice depend on the machine's speed, which is the point of a build)."""
    hard = level_settings(game.name, "hard")
    return [
        make_agent("greedy", game),
        ISMCTSAgent(game, settings_from_params(iterations=SEARCH_ITERATIONS)),
        ISMCTSAgent(game, replace(hard, iterations=SEARCH_ITERATIONS, seconds=None)),
    ]


def _decisions(name: str, players: int, seed: int) -> list[int]:
    """Each searcher's choice at a few positions of a random game, for the same seeds."""
    game = load_game(name)
    state = game.new_game(players, seed=seed)
    rng = Rng(seed)
    chosen: list[int] = []
    for _ in range(3):
        for _ in range(rng.below(12) + 3):
            legal = state.legal_action_ids()
            if not legal:
                return chosen
            state.step(legal[rng.below(len(legal))])
        player = state.current_player
        if player is None:
            return chosen
        for agent in _searchers(game):
            chosen.append(agent.act(SeatView(state, player), Rng(seed * 31 + len(chosen))).id)
    return chosen


def probe() -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name in game_names():
        game = load_game(name)
        for players in sorted({game.min_players, game.max_players}):
            results[f"{name}/{players}"] = {
                "games": [_random_game(name, players, seed) for seed in range(RANDOM_GAMES)],
                "decisions": _decisions(name, players, 101 + players),
            }
    return {"build": build_name(), "results": results}


if __name__ == "__main__":
    print(json.dumps(probe()))
