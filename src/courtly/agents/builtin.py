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
from courtly.core.i18n import COURTLY, either
from courtly.core.seat import Agent
from courtly.core.state import Game

_at_least_one = COURTLY.phrase("allowed.whole_at_least", min=1)


# The parameters of ``courtly.agents.ismcts.settings_from_params``, as a spec may write them
# (a test checks that the two lists agree). The levels take the same ones as overrides.
ISMCTS_PARAMS = (
    AgentParam("iterations", whole_number, _at_least_one),
    AgentParam("seconds", number, COURTLY.phrase("allowed.seconds_above", min=0)),
    AgentParam("c", number, COURTLY.phrase("allowed.number_at_least", min=0)),
    AgentParam("rollout", one_of(*ROLLOUT_POLICIES), either(ROLLOUT_POLICIES)),
    AgentParam("greedy_prob", number, COURTLY.phrase("allowed.number_between", low=0, high=1)),
    AgentParam(
        "depth",
        whole_number_or("end"),
        COURTLY.phrase("allowed.whole_at_least_or", min=0, word="end"),
    ),
    AgentParam("scale", number, COURTLY.phrase("allowed.number_above", min=0)),
    AgentParam("opponents", one_of(*OPPONENT_MODELS), either(OPPONENT_MODELS)),
    AgentParam("reuse", whole_number, _at_least_one),
)


def _level_factory(level: str) -> AgentFactory:
    def factory(game: Game, **overrides: Any) -> Agent:
        return make_level_agent(game, level, **overrides)

    return factory


def register_all() -> None:
    register_agent("random", lambda game: RandomAgent(), COURTLY.phrase("agent.random"), ())
    register_agent(
        "greedy",
        lambda game, samples=2: GreedyAgent(game, samples=samples),
        COURTLY.phrase("agent.greedy"),
        (AgentParam("samples", whole_number, _at_least_one),),
    )
    register_agent("ismcts", make_ismcts, COURTLY.phrase("agent.ismcts"), ISMCTS_PARAMS)
    for level in LEVELS:
        register_agent(
            level,
            _level_factory(level),
            COURTLY.phrase("agent.level", level=level, spec=level_spec("", level)),
            ISMCTS_PARAMS,
        )
