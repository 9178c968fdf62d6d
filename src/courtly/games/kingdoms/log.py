"""Event helpers: the rules call ``say`` only when events are being collected."""

from __future__ import annotations

from courtly.core.events import Event

SEATS = ("Seat 0", "Seat 1")


def say(
    events: list[Event] | None,
    text: str,
    kind: str = "kingdoms",
    audience: frozenset[int] | None = None,
    **data: object,
) -> None:
    if events is not None:
        events.append(Event(kind, text, dict(data), audience))


def private(events: list[Event] | None, player: int, text: str, public_text: str) -> None:
    """``public_text`` for everyone, and the full ``text`` for ``player`` alone."""
    if events is None:
        return
    events.append(Event("kingdoms", public_text, {}, None))
    events.append(Event("kingdoms", text, {}, frozenset({player})))
