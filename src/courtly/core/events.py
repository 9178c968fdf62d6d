"""Events: what an action caused, each tagged with who may see it.

Events are the game log, the replay as a seat sees it and (later) the network
messages, so the audience tag is the one place hidden information is guarded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

EVERYONE: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """``audience`` None means every seat and spectators; otherwise only the listed seats."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    def visible_to(self, player: int | None) -> bool:
        """Whether seat ``player`` (None: a spectator) may see this event."""
        return self.audience is None or (player is not None and player in self.audience)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": dict(self.data)}
        out["audience"] = None if self.audience is None else sorted(self.audience)
        return out


def events_for(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events seat ``player`` may see (None: what a spectator may see)."""
    return [e for e in events if e.visible_to(player)]
