"""The agents that ship with courtly, registered by name."""

from __future__ import annotations

from typing import Any

from courtly.agents.greedy import GreedyAgent
from courtly.agents.ismcts import make_ismcts
from courtly.agents.levels import LEVELS, level_spec, make_level_agent
from courtly.agents.random_agent import RandomAgent
from courtly.agents.registry import AgentFactory, register_agent
from courtly.core.seat import Agent
from courtly.core.state import Game


def _level_factory(level: str) -> AgentFactory:
    def factory(game: Game, **overrides: Any) -> Agent:
        return make_level_agent(game, level, **overrides)

    return factory


def register_all() -> None:
    register_agent("random", lambda game: RandomAgent(), "uniformly random legal actions")
    register_agent(
        "greedy",
        lambda game, samples=2: GreedyAgent(game, samples=int(samples)),
        "one-step lookahead on the game's heuristic, averaged over sampled worlds (samples=N)",
    )
    register_agent(
        "ismcts",
        make_ismcts,
        "information-set MCTS over sampled worlds (iterations=N or seconds=S; c, rollout="
        "random|greedy, greedy_prob, depth=N|end, scale, opponents=tree|policy)",
    )
    for level in LEVELS:
        register_agent(
            level,
            _level_factory(level),
            f"difficulty level {level!r}: a per-game search budget "
            f"(default {level_spec('', level)}; parameters override it)",
        )
