"""What one decision of an agent spec may cost, compared with the strongest level's budget.

A server that lets strangers name bots needs a bound it can check before the first decision:
``over_budget`` says whether a spec can think longer than the strongest level (``hard``) of
that game may, and why, in one line naming the limit. The server decides what to do with it
(docs/server.md); the agents package only knows what each spec costs.

The bound, per kind (docs/bots.md has the measurements behind the levels' budgets):

- ``random`` decides at once.
- an ISMCTS search (``ismcts`` or a level with overrides) with ``seconds`` stops within that
  time, so it is within budget when ``seconds`` is at most the strongest level's. Without
  ``seconds`` its time is iterations times the cost of one iteration, which grows with the
  rollout's depth (a rollout to the end of a Kingdoms game made 1000 iterations take 8 s, at
  depth 0 0.1 s): it is within budget with at most the strongest level's iterations and a
  depth no deeper than its.
- ``greedy`` scores every legal action in each sampled world, about one depth-0 iteration's
  work a sample: at most as many samples as the strongest level's iterations.
- any other kind's cost is unknown, so it is over budget.
"""

from __future__ import annotations

from courtly.agents.ismcts import SearchSettings, level_settings, settings_from_params
from courtly.agents.levels import LEVELS, level_agent_spec
from courtly.agents.spec import parse_agent_spec
from courtly.core.errors import AgentSpecError

#: The level whose budget bounds every spec.
STRONGEST = LEVELS[-1]


def over_budget(game_name: str, spec: str) -> AgentSpecError | None:
    """Why ``spec`` (already a valid agent spec for ``game_name``) may think longer than the
    strongest level of ``game_name`` does; None when it cannot."""
    kind, params = parse_agent_spec(spec)
    limit = level_settings(game_name, STRONGEST)
    if kind == "random":
        return None
    if kind == "greedy":
        samples = int(params.get("samples", 2))
        allowed = limit.iterations or 0
        if samples <= allowed:
            return None
        return AgentSpecError.keyed(
            "error.agent.budget_samples", spec=spec.strip(), samples=samples, limit=allowed
        )
    if kind in LEVELS:
        kind, params = parse_agent_spec(level_agent_spec(game_name, kind, **params))
    if kind != "ismcts":
        return AgentSpecError.keyed("error.agent.budget_unknown", spec=spec.strip(), kind=kind)
    return _search_over(spec.strip(), settings_from_params(**params), limit)


def _search_over(spec: str, search: SearchSettings, limit: SearchSettings) -> AgentSpecError | None:
    seconds = limit.seconds if limit.seconds is not None else 1.0
    if search.seconds is not None:
        if search.seconds <= seconds:
            return None
        return AgentSpecError.keyed(
            "error.agent.budget_seconds", spec=spec, seconds=search.seconds, limit=seconds
        )
    iterations = limit.iterations or 0
    depth = limit.depth
    # None is a rollout to the end of the game: deeper than any number.
    deeper = depth is not None and (search.depth is None or search.depth > depth)
    if search.iterations is not None and search.iterations <= iterations and not deeper:
        return None
    return AgentSpecError.keyed(
        "error.agent.budget_iterations",
        spec=spec,
        iterations=iterations,
        depth="end" if depth is None else depth,
        seconds=seconds,
    )
