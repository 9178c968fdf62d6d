"""Strict readers for the fields of a state's JSON body: each names the field it refuses.

Loaders use these instead of ``int(x)`` (which accepts ``True``, ``"3"`` and ``3.9``), so a
hand-edited position is either read exactly or refused with a message that says where.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from courtly.core.errors import InvalidStateError

T = TypeVar("T")


def field(data: Mapping[str, Any], name: str, where: str = "") -> Any:
    """``data[name]``, or an error naming the missing field."""
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{where or 'the state'} must be a JSON object")
    if name not in data:
        raise InvalidStateError(f"{_path(where, name)} is missing")
    return data[name]


def integer(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """An integer (never a bool or a float), within ``low..high`` when given."""
    if type(value) is not int:
        raise InvalidStateError(f"{what} must be an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{'' if low is None else low}..{'' if high is None else high}"
        raise InvalidStateError(f"{what} must be in {bounds}, not {value}")
    return value


def boolean(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise InvalidStateError(f"{what} must be true or false, not {value!r}")
    return value


def seat(value: Any, what: str, num_players: int, none: int | None = None) -> int:
    """A seat index; ``null`` reads as ``none`` when the field may be empty."""
    if value is None and none is not None:
        return none
    return integer(value, what, 0, num_players - 1)


def listing(value: Any, what: str, length: int | None = None) -> list[Any]:
    """A JSON list (of ``length`` items when given)."""
    if not isinstance(value, list):
        raise InvalidStateError(f"{what} must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise InvalidStateError(f"{what} must have {length} entries, not {len(value)}")
    return value


def each(
    value: Any, what: str, read: Callable[[Any, str], T], length: int | None = None
) -> list[T]:
    """Every item of a list read with ``read(item, "what[i]")``."""
    return [read(item, f"{what}[{i}]") for i, item in enumerate(listing(value, what, length))]


def integers(value: Any, what: str, low: int | None = None, high: int | None = None) -> list[int]:
    return [integer(v, f"{what}[{i}]", low, high) for i, v in enumerate(listing(value, what))]


def per_seat(value: Any, what: str, num_players: int) -> list[Any]:
    """A list with exactly one entry per seat."""
    return listing(value, what, num_players)


def choice(value: Any, what: str, allowed: Mapping[Any, T] | tuple[Any, ...]) -> Any:
    """One of ``allowed`` (a tuple of values, or a mapping whose value is returned)."""
    if isinstance(allowed, Mapping):
        if value in allowed:
            return allowed[value]
    elif value in allowed:
        return value
    shown = ", ".join(repr(a) for a in list(allowed)[:20])
    raise InvalidStateError(f"{what} must be one of {shown}, not {value!r}")


def _path(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name
