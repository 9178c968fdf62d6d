"""Events: what an action caused, each tagged with who may see it.

Events are the game log, the replay as a seat sees it and (later) the network
messages, so the audience tag is the one place hidden information is guarded.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from courtly.core.errors import InvalidSeatError


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


def events_for(
    events: Iterable[Event], player: int | None, num_players: int | None = None
) -> list[Event]:
    """The events seat ``player`` may see (None: what a spectator may see). A seat outside
    0..num_players-1 (or a negative one, when the count is not given) is refused."""
    given: object = player  # compiled code trusts the annotation: check what really came
    if player is not None and (
        type(given) is not int or player < 0 or (num_players is not None and player >= num_players)
    ):
        raise InvalidSeatError(f"{player!r} is not a seat of this game")
    return [e for e in events if e.visible_to(player)]


def seat_text(seat: Any) -> str:
    """A seat as people read it: numbered from 1."""
    return f"seat {int(seat) + 1}"


class EventKinds:
    """A game's event vocabulary: every kind it emits, with the English sentence made from
    the event's data (the one place a game's log text is written; catalogues key on ``kind``).

    ``templates`` maps kind to a ``str.format`` template over the data's fields;
    ``formatters`` turn a field's id into words (a card id into its name...). Fields named
    ``seat`` or ending in ``_seat`` read as seats numbered from 1 unless a formatter says
    otherwise.
    """

    def __init__(
        self,
        templates: Mapping[str, str],
        formatters: Mapping[str, Callable[[Any], str]] | None = None,
    ) -> None:
        self.templates = dict(templates)
        self.formatters = dict(formatters or {})
        self.fields: dict[str, frozenset[str]] = {
            kind: frozenset(
                name.split(".")[0].split("[")[0]
                for _, name, _, _ in string.Formatter().parse(template)
                if name
            )
            for kind, template in self.templates.items()
        }

    def text(self, kind: str, data: Mapping[str, Any]) -> str:
        """The English sentence for an event of ``kind`` with ``data``."""
        words = {name: self._word(name, data[name]) for name in self.fields[kind]}
        return self.templates[kind].format_map(words)

    def event(
        self, kind: str, data: Mapping[str, Any], audience: frozenset[int] | None = None
    ) -> Event:
        """An event of a declared kind (KeyError for an undeclared one: a bug, not input)."""
        return Event(kind, self.text(kind, data), dict(data), audience)

    def _word(self, name: str, value: Any) -> str:
        formatter = self.formatters.get(name)
        if formatter is not None:
            return formatter(value)
        if name == "seat" or name.endswith("_seat"):
            return seat_text(value)
        return str(value)
