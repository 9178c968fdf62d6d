"""Refusals: an HTTP request the server refuses (its status and catalogued line), and the
code an ``error`` frame gives each of the kernel's refusals of an action."""

from __future__ import annotations

from typing import Any

from courtly.core.errors import (
    CourtlyError,
    IllegalActionError,
    InvalidSeatError,
    StaleSequenceError,
    UndoError,
    WrongPlayerError,
)


class RequestError(Exception):
    """A request the server refuses: ``status`` is the HTTP status it maps to; ``key`` and
    ``data`` the refusal (``server.request.*``), shown in the language of the request."""

    def __init__(self, status: int, key: str, /, **data: Any) -> None:
        self.error = CourtlyError.keyed(key, **data)
        super().__init__(str(self.error))
        self.status = status
        self.message = str(self.error)


def refusal_code(exc: CourtlyError) -> str:
    if isinstance(exc, StaleSequenceError):
        return "stale"
    if isinstance(exc, WrongPlayerError):
        return "not_your_turn"
    if isinstance(exc, InvalidSeatError):
        return "bad_seat"
    if isinstance(exc, UndoError):
        return "cannot_undo"
    if isinstance(exc, IllegalActionError):
        return "illegal"
    return "refused"
