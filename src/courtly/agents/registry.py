"""Agent names and parameters (``ismcts:iterations=2000``) into agent objects: every kind
that can be named, the built-in ones and the difficulty levels among them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from courtly.agents.builtin import BUILTIN_KINDS, ISMCTS_PARAMS
from courtly.agents.levels import LEVELS, level_agent_spec, level_spec
from courtly.agents.spec import AgentParam, parse_agent_spec
from courtly.core.errors import AgentSpecError, Words
from courtly.core.i18n import COURTLY, Localized, current_language, localized
from courtly.core.seat import Agent
from courtly.core.state import Game

__all__ = [
    "AgentFactory",
    "agent_kinds",
    "make_agent",
    "make_level_agent",
    "parse_agent_spec",
    "register_agent",
]

AgentFactory = Callable[..., Agent]
#: What ``courtly games`` and the browser say an agent kind does: a text, or its text in a
#: language (``description(lang)``, a ``Phrase``) for a kind whose catalogue has one.
Description = Localized


_FACTORIES: dict[str, tuple[AgentFactory, Description]] = {}
_PARAMS: dict[str, tuple[AgentParam, ...]] = {}


def register_agent(
    kind: str,
    factory: AgentFactory,
    description: Description,
    params: Sequence[AgentParam] | None = None,
) -> None:
    """Make ``kind`` nameable; ``factory(game, **params)`` builds the agent. With ``params``
    declared, a spec naming another parameter or a value of the wrong type is refused with a
    message naming the parameter and what it allows."""
    _FACTORIES[kind] = (factory, description)
    if params is not None:
        _PARAMS[kind] = tuple(params)


def _checked_params(kind: str, spec: str, params: dict[str, Any]) -> dict[str, Any]:
    declared = _PARAMS.get(kind)
    if declared is None:
        return params
    by_name = {p.name: p for p in declared}
    accepted = Words.of(lambda lang: _accepted(declared, lang))
    checked: dict[str, Any] = {}
    for name, value in params.items():
        param = by_name.get(name)
        if param is None:
            raise AgentSpecError.keyed(
                "error.agent.parameter", kind=kind, name=name, spec=spec.strip(), accepted=accepted
            )
        try:
            checked[name] = param.parse(value)
        except ValueError:
            raise AgentSpecError.keyed(
                "error.agent.value",
                name=name,
                value=value,
                spec=spec.strip(),
                allowed=Words.of(partial(localized, param.allowed)),
            ) from None
    return checked


def _accepted(declared: Sequence[AgentParam], lang: str) -> str:
    """The parameters an agent kind takes and what each allows, in ``lang``."""
    listed = "; ".join(f"{p.name} ({localized(p.allowed, lang)})" for p in declared)
    return listed or COURTLY.text("term.none", lang)


def agent_kinds(lang: str | None = None) -> dict[str, str]:
    """Every agent kind and what it does, in ``lang`` (default: the current language)."""
    lang = lang or current_language()
    return {
        kind: localized(description, lang) for kind, (_f, description) in sorted(_FACTORIES.items())
    }


def make_agent(spec: str, game: Game) -> Agent:
    """An agent for ``game`` from a name such as ``random``, ``greedy`` or ``ismcts:seconds=1``."""
    kind, params = parse_agent_spec(spec)
    if kind not in _FACTORIES:
        raise AgentSpecError.keyed(
            "error.agent.unknown", kind=kind, known=", ".join(sorted(_FACTORIES))
        )
    factory, _description = _FACTORIES[kind]
    params = _checked_params(kind, spec, params)
    try:
        agent = factory(game, **params)
    except TypeError:
        # An agent registered without declared parameters, given one it does not take.
        raise AgentSpecError.keyed("error.agent.parameters", kind=kind, spec=spec) from None
    agent.name = spec.strip()
    return agent


def make_level_agent(game: Game, level: str, **overrides: Any) -> Agent:
    """The agent for ``level`` in ``game``, with ``overrides`` replacing the table's parameters."""
    return make_agent(level_agent_spec(game.name, level, **overrides), game)


def _level_factory(level: str) -> AgentFactory:
    def factory(game: Game, **overrides: Any) -> Agent:
        return make_level_agent(game, level, **overrides)

    return factory


for _kind in BUILTIN_KINDS:
    register_agent(_kind.kind, _kind.factory, _kind.description, _kind.params)
for _level in LEVELS:
    register_agent(
        _level,
        _level_factory(_level),
        COURTLY.phrase("agent.level", level=_level, spec=level_spec("", _level)),
        ISMCTS_PARAMS,
    )
