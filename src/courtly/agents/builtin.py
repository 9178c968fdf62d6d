"""The agents that ship with courtly, registered by name."""

from __future__ import annotations

from typing import Any

from courtly.agents.greedy import GreedyAgent
from courtly.agents.ismcts import OPPONENT_MODELS, ROLLOUT_POLICIES, make_ismcts
from courtly.agents.levels import LEVELS, level_spec, make_level_agent
from courtly.agents.random_agent import RandomAgent
from courtly.agents.registry import (
    AgentFactory,
    AgentParam,
    number,
    one_of,
    register_agent,
    whole_number,
    whole_number_or,
)
from courtly.core.seat import Agent
from courtly.core.state import Game

# The parameters of ``courtly.agents.ismcts.settings_from_params``, as a spec may write them
# (a test checks that the two lists agree). The levels take the same ones as overrides.
ISMCTS_PARAMS = (
    AgentParam("iterations", whole_number, "a whole number, at least 1"),
    AgentParam("seconds", number, "a number of seconds above 0"),
    AgentParam("c", number, "a number, at least 0"),
    AgentParam("rollout", one_of(*ROLLOUT_POLICIES), " or ".join(ROLLOUT_POLICIES)),
    AgentParam("greedy_prob", number, "a number from 0 to 1"),
    AgentParam("depth", whole_number_or("end"), "a whole number, at least 0, or end"),
    AgentParam("scale", number, "a number above 0"),
    AgentParam("opponents", one_of(*OPPONENT_MODELS), " or ".join(OPPONENT_MODELS)),
    AgentParam("reuse", whole_number, "a whole number, at least 1"),
)


def _level_factory(level: str) -> AgentFactory:
    def factory(game: Game, **overrides: Any) -> Agent:
        return make_level_agent(game, level, **overrides)

    return factory


def register_all() -> None:
    register_agent("random", lambda game: RandomAgent(), "uniformly random legal actions", ())
    register_agent(
        "greedy",
        lambda game, samples=2: GreedyAgent(game, samples=samples),
        "one-step lookahead on the game's heuristic, averaged over sampled worlds (samples=N)",
        (AgentParam("samples", whole_number, "a whole number, at least 1"),),
    )
    register_agent(
        "ismcts",
        make_ismcts,
        "information-set MCTS over sampled worlds (iterations=N or seconds=S; c, rollout="
        "random|greedy, greedy_prob, depth=N|end, scale, opponents=tree|policy, reuse=N)",
        ISMCTS_PARAMS,
    )
    for level in LEVELS:
        register_agent(
            level,
            _level_factory(level),
            f"difficulty level {level!r}: a per-game search budget "
            f"(default {level_spec('', level)}; parameters override it)",
            ISMCTS_PARAMS,
        )
