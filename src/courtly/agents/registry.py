"""Agent names and parameters (``ismcts:iterations=2000``) into agent objects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from courtly.core.errors import AgentSpecError
from courtly.core.seat import Agent
from courtly.core.state import Game

AgentFactory = Callable[..., Agent]

_FACTORIES: dict[str, tuple[AgentFactory, str]] = {}


def register_agent(kind: str, factory: AgentFactory, description: str) -> None:
    """Make ``kind`` nameable; ``factory(game, **params)`` builds the agent."""
    _FACTORIES[kind] = (factory, description)


def _ensure_builtin() -> None:
    if not _FACTORIES:
        from courtly.agents import builtin

        builtin.register_all()


def agent_kinds() -> dict[str, str]:
    _ensure_builtin()
    return {kind: description for kind, (_f, description) in sorted(_FACTORIES.items())}


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    kind, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise AgentSpecError(
                f"agent parameter {part!r} in {spec!r} is not of the form name=value"
            )
        params[key.strip()] = _value(value.strip())
    return kind.strip(), params


def make_agent(spec: str, game: Game) -> Agent:
    """An agent for ``game`` from a name such as ``random``, ``greedy`` or ``ismcts:seconds=1``."""
    _ensure_builtin()
    kind, params = parse_agent_spec(spec)
    if kind not in _FACTORIES:
        raise AgentSpecError(f"no agent called {kind!r}; agents: {', '.join(sorted(_FACTORIES))}")
    factory, _description = _FACTORIES[kind]
    try:
        agent = factory(game, **params)
    except TypeError as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None
    agent.name = spec.strip()
    return agent
