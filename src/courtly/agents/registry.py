"""Agent names and parameters (``ismcts:iterations=2000``) into agent objects."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from courtly.core.errors import AgentSpecError, Words
from courtly.core.i18n import COURTLY, Localized, current_language, localized
from courtly.core.seat import Agent
from courtly.core.state import Game

AgentFactory = Callable[..., Agent]
#: What ``courtly games`` and the browser say an agent kind does: a text, or its text in a
#: language (``description(lang)``, a ``Phrase``) for a kind whose catalogue has one.
Description = Localized


@dataclass(frozen=True)
class AgentParam:
    """One parameter an agent kind accepts: ``parse`` turns the value written in a spec (already
    read as a number, true/false or a word) into the value, raising ``ValueError`` when it
    cannot; ``allowed`` says in words what may be written (a ``Phrase``: in the reader's
    language)."""

    name: str
    parse: Callable[[Any], Any]
    allowed: Localized


def whole_number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError
    return value


def number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError
    return float(value)


def one_of(*words: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if value not in words:
            raise ValueError
        return str(value)

    return parse


def whole_number_or(word: str) -> Callable[[Any], int | str]:
    def parse(value: Any) -> int | str:
        return word if value == word else whole_number(value)

    return parse


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


def _ensure_builtin() -> None:
    if not _FACTORIES:
        from courtly.agents import builtin

        builtin.register_all()


def agent_kinds(lang: str | None = None) -> dict[str, str]:
    """Every agent kind and what it does, in ``lang`` (default: the current language)."""
    _ensure_builtin()
    lang = lang or current_language()
    return {
        kind: localized(description, lang) for kind, (_f, description) in sorted(_FACTORIES.items())
    }


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
            raise AgentSpecError.keyed("error.agent.pair", part=part, spec=spec)
        params[key.strip()] = _value(value.strip())
    return kind.strip(), params


def make_agent(spec: str, game: Game) -> Agent:
    """An agent for ``game`` from a name such as ``random``, ``greedy`` or ``ismcts:seconds=1``."""
    _ensure_builtin()
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
