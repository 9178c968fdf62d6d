"""How an agent is named: ``kind`` or ``kind:key=value,key=value``, and what each declared
parameter of a kind accepts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from courtly.core.errors import AgentSpecError
from courtly.core.i18n import Localized


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
