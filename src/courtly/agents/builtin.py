"""The agents that ship with courtly, registered by name."""

from __future__ import annotations

from collections.abc import Callable
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
from courtly.core.i18n import text
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


def _described(key: str, **fields: Any) -> Callable[[str], str]:
    """An agent's description: ``key`` of the ``courtly`` catalogue, in the reader's language."""

    def description(lang: str) -> str:
        return text(key, lang, **fields)

    return description


def register_all() -> None:
    register_agent("random", lambda game: RandomAgent(), _described("agent.random"), ())
    register_agent(
        "greedy",
        lambda game, samples=2: GreedyAgent(game, samples=samples),
        _described("agent.greedy"),
        (AgentParam("samples", whole_number, "a whole number, at least 1"),),
    )
    register_agent("ismcts", make_ismcts, _described("agent.ismcts"), ISMCTS_PARAMS)
    for level in LEVELS:
        register_agent(
            level,
            _level_factory(level),
            _described("agent.level", level=level, spec=level_spec("", level)),
            ISMCTS_PARAMS,
        )
