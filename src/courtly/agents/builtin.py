"""The agent kinds that ship with courtly, and the parameters each takes (the registry names
them, with one difficulty level per entry of ``courtly.agents.levels``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from courtly.agents.greedy import GreedyAgent
from courtly.agents.ismcts import OPPONENT_MODELS, ROLLOUT_POLICIES, make_ismcts
from courtly.agents.random_agent import RandomAgent
from courtly.agents.spec import AgentParam, number, one_of, whole_number, whole_number_or
from courtly.core.i18n import COURTLY, Localized, either
from courtly.core.seat import Agent

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


@dataclass(frozen=True)
class AgentKind:
    """One nameable kind: ``factory(game, **params)`` builds the agent."""

    kind: str
    factory: Callable[..., Agent]
    description: Localized
    params: tuple[AgentParam, ...]


BUILTIN_KINDS = (
    AgentKind("random", lambda game: RandomAgent(), COURTLY.phrase("agent.random"), ()),
    AgentKind(
        "greedy",
        lambda game, samples=2: GreedyAgent(game, samples=samples),
        COURTLY.phrase("agent.greedy"),
        (AgentParam("samples", whole_number, _at_least_one),),
    ),
    AgentKind("ismcts", make_ismcts, COURTLY.phrase("agent.ismcts"), ISMCTS_PARAMS),
)
