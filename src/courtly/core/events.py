"""Events: what an action caused, each tagged with who may see it.

Events are the game log, the replay as a seat sees it and (later) the network
messages, so the audience tag is the one place hidden information is guarded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from courtly.core.errors import InvalidSeatError
from courtly.core.i18n import ENGLISH, Domain, fill, placeholders, seat_text

__all__ = ["Event", "EventKinds", "events_for", "seat_text"]


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
    events: Iterable[Event],
    player: int | None,
    num_players: int | None = None,
    *,
    over: bool = False,
) -> list[Event]:
    """The events seat ``player`` may see (None: what a spectator may see); every one of them
    when the game is ``over``, as the end shows everyone everything. The one rule of what a
    viewer is shown: the table's log and deliveries, replays and the replay viewer all use it.
    A seat outside 0..num_players-1 (or a negative one, when the count is not given) is
    refused."""
    given: object = player  # compiled code trusts the annotation: check what really came
    if player is not None and (
        type(given) is not int or player < 0 or (num_players is not None and player >= num_players)
    ):
        raise InvalidSeatError(f"{player!r} is not a seat of this game")
    if over:
        return list(events)
    return [e for e in events if e.visible_to(player)]


class EventKinds:
    """A game's event vocabulary: every kind it emits and how its sentence is made from the
    event's data (the one place a game's log text is defined).

    A converted game gives its catalogue ``domain`` and the ``kinds`` it emits: the sentence of
    ``kind`` is the message ``event.<kind>`` of that domain, its placeholders the data's
    fields, and ``formatters`` (``(value, language) -> words``) turn a field's id into words
    (a card id into its name, a suit id into a term). Fields named ``seat`` or ending in
    ``_seat`` read as seats numbered from 1 ("seat 2", "2번 자리") unless a formatter says
    otherwise.

    The older form, ``EventKinds(templates, formatters)`` with English ``str.format`` templates
    and one-argument formatters, still works for a game not converted yet: its text is English
    in every language.
    """

    def __init__(
        self,
        templates: Mapping[str, str] | Iterable[str],
        formatters: Mapping[str, Callable[..., str]] | None = None,
        *,
        domain: Domain | None = None,
    ) -> None:
        self.domain = domain
        self.formatters = dict(formatters or {})
        self.templates: dict[str, str]
        if domain is None:
            if not isinstance(templates, Mapping):
                raise TypeError("English templates (a mapping) are needed without a domain")
            self.templates = dict(templates)
        else:
            self.templates = {kind: domain.text(f"event.{kind}", ENGLISH) for kind in templates}
        self.fields: dict[str, frozenset[str]] = {
            kind: placeholders(template) for kind, template in self.templates.items()
        }

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.templates)

    def text(self, kind: str, data: Mapping[str, Any], lang: str = ENGLISH) -> str:
        """The sentence for an event of ``kind`` with ``data``, in ``lang``."""
        if self.domain is None:
            words = {name: self._legacy_word(name, data[name]) for name in self.fields[kind]}
            return self.templates[kind].format_map(words)
        template = (
            self.templates[kind] if lang == ENGLISH else self.domain.text(f"event.{kind}", lang)
        )
        words = {name: self._word(name, data[name], lang) for name in placeholders(template)}
        return fill(template, words)

    def event(
        self, kind: str, data: Mapping[str, Any], audience: frozenset[int] | None = None
    ) -> Event:
        """An event of a declared kind (KeyError for an undeclared one: a bug, not input)."""
        return Event(kind, self.text(kind, data), dict(data), audience)

    def _word(self, name: str, value: Any, lang: str) -> str:
        formatter = self.formatters.get(name)
        if formatter is not None:
            return str(formatter(value, lang))
        if name == "seat" or name.endswith("_seat"):
            return seat_text(value, lang)
        return str(value)

    def _legacy_word(self, name: str, value: Any) -> str:
        formatter = self.formatters.get(name)
        if formatter is not None:
            return str(formatter(value))
        if name == "seat" or name.endswith("_seat"):
            return seat_text(value, ENGLISH)
        return str(value)
