"""Events: what an action caused, each tagged with who may see it.

Events are the game log, the replay as a seat sees it and the network messages, so the
audience tag is the one place hidden information is guarded. An event is a kind and its
data: its sentence is made only when it is shown (``courtly.core.render``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from courtly.core.errors import InvalidSeatError
from courtly.core.i18n import Domain

__all__ = ["Event", "EventKinds", "events_for"]


@dataclass(frozen=True, slots=True)
class Event:
    """``audience`` None means every seat and spectators; otherwise only the listed seats.

    A hidden move is told twice: publicly without its card ("plays a card face down") and to
    the seats that know the card in a private event of their own ("plays 9♦ face down").
    ``private_to`` names those seats on the public half, so each viewer reads the move once:
    they are not shown it, and once the game is over (when every event is shown) nobody is."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    private_to: frozenset[int] = frozenset()

    def visible_to(self, player: int | None) -> bool:
        """Whether seat ``player`` (None: a spectator) may see this event."""
        if self.audience is None:
            return player is None or player not in self.private_to
        return player is not None and player in self.audience

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
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
    when the game is ``over``, as the end shows everyone everything (a hidden move's public half
    left out: its private halves say it with the card). The one rule of what a
    viewer is shown: the table's log and deliveries, replays and the replay viewer all use it.
    A seat outside 0..num_players-1 (or a negative one, when the count is not given) is
    refused."""
    given: object = player  # compiled code trusts the annotation: check what really came
    if player is not None and (
        type(given) is not int or player < 0 or (num_players is not None and player >= num_players)
    ):
        raise InvalidSeatError(f"{player!r} is not a seat of this game")
    if over:
        return [e for e in events if not e.private_to]
    return [e for e in events if e.visible_to(player)]


class EventKinds:
    """A game's event vocabulary: every kind it emits and what its sentences are made of.

    An event is its kind and its data; nothing here makes a sentence (``courtly.core.render``
    does, when an event is shown, in the reader's language and with the table's seat names).

    A converted game gives its catalogue ``domain`` and the ``kinds`` it emits: the sentence of
    ``kind`` is the message ``event.<kind>`` of that domain, its placeholders the data's
    fields, and ``formatters`` (``(value, language) -> words``) turn a field's id into words
    (a card id into its name, a suit id into a term). Fields named ``seat`` or ending in
    ``_seat`` read as seats (their names, else "seat 2", "2번 자리") unless a formatter says
    otherwise.

    A plug-in without a catalogue gives ``EventKinds(templates, formatters)``: English
    ``str.format`` templates and one-argument formatters, English in every language.
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
        #: English templates by kind (a plug-in without a catalogue); empty with a domain.
        self.templates: dict[str, str] = {}
        if domain is None:
            if not isinstance(templates, Mapping):
                raise TypeError("English templates (a mapping) are needed without a domain")
            self.templates = dict(templates)
            self._kinds = tuple(self.templates)
        else:
            self._kinds = tuple(templates)
            missing = [k for k in self._kinds if not domain.has(f"event.{k}")]
            if missing:
                raise KeyError(f"no message event.{missing[0]} in the {domain.name} catalogues")
        self._declared = frozenset(self._kinds)

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._kinds

    def event(
        self,
        kind: str,
        data: Mapping[str, Any],
        audience: frozenset[int] | None = None,
        *,
        private_to: frozenset[int] = frozenset(),
    ) -> Event:
        """An event of a declared kind (KeyError for an undeclared one: a bug, not input);
        ``private_to``: the seats told this public event's move in a private one of their own
        (``Event``)."""
        if kind not in self._declared:
            raise KeyError(kind)
        # The sentence is made later, when shown: the data must not move with the state.
        owned = {name: _owned(value) for name, value in data.items()}
        return Event(kind, owned, audience, private_to)


def _owned(value: Any) -> Any:
    """``value`` with its lists and mappings copied (a rule may pass the state's own list)."""
    if isinstance(value, list):
        return [_owned(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_owned(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _owned(v) for k, v in value.items()}
    return value
