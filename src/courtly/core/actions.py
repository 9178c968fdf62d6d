"""Actions: immutable values with a JSON form and a stable id (their sentences are made when
shown, by ``courtly.core.render``).

Each game enumerates its whole action space once (per player count and options) as
an :class:`ActionSpace`; legal actions are then just ids into that table, so making
the list of legal moves allocates nothing and action masks come for free.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, SupportsIndex

from courtly.core.canonical import canonical_json
from courtly.core.errors import IllegalActionError
from courtly.core.i18n import Domain

JSONScalar = str | int | float | bool | None

#: What a reader's observation adds to an action's data for its sentence (``ActionTexts``):
#: ``(args, observation) -> data``, empty where the observation does not show the place.
Seen = Callable[[Mapping[str, JSONScalar], Mapping[str, Any]], Mapping[str, JSONScalar]]


def plain_int(value: object) -> int | None:
    """``value`` as a plain ``int`` if it is an integer: Python's, or any integral type such as
    numpy's (``operator.index``), as a researcher's ids come from a mask's ``nonzero()``; None
    for anything else. A bool is no integer here: ``True`` is no id, seat, count or seed."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:  # anything without ``__index__`` raises TypeError
        return int(operator.index(value))  # type: ignore[arg-type]
    except TypeError:
        return None


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``kind`` and ``args`` are its JSON form; ``id`` its place in the space."""

    id: int
    kind: str
    args: tuple[tuple[str, JSONScalar], ...]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        out.update(self.args)
        return out

    def arg(self, name: str) -> JSONScalar:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    def __str__(self) -> str:
        # Its JSON form: what a reader sees is made by the renderer, in the reader's language.
        return canonical_json(self.to_json())


@dataclass(frozen=True, slots=True)
class ChoiceGrid:
    """Choices laid out as a table, for a front short of room (the terminal): one row per
    ``rows`` label (a card), one column per ``columns`` label (where it may go), in each cell
    the id of the action that does both, or None. ``corner`` names the two (row / column)."""

    corner: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int | None, ...]], ...]

    def action_ids(self) -> set[int]:
        return {cell for _, cells in self.rows for cell in cells if cell is not None}


class ActionTexts:
    """What a game's actions' sentences are made of, from its catalogue ``domain``: an action
    of ``kind`` is the message ``action.<kind>``, or ``action.<kind>.<value>`` when
    ``variants`` names an argument whose value picks one of several sentences (``{"draw":
    "from"}``: ``action.draw.deck``). Placeholders are the action's argument names;
    ``formatters`` (``(value, language) -> words``) turn an argument's value into words.

    An action whose arguments name a place rather than what lies there (Courtisans' "the
    card at position 2") reads as its reader sees that place: ``seen[kind]`` takes the
    arguments and the reader's observation and gives the data it adds (the card there as that
    reader sees it, whose domain it is), and the sentence is then ``<key>.seen``, whose
    placeholders may name that data. It reads only the observation it is handed, so what a
    reader cannot see stays unseen; without an observation (or if it gives nothing) the
    sentence is ``<key>``. ``courtly.core.render`` makes the sentence when it is shown."""

    def __init__(
        self,
        domain: Domain,
        formatters: Mapping[str, Callable[[Any, str], str]] | None = None,
        variants: Mapping[str, str] | None = None,
        seen: Mapping[str, Seen] | None = None,
    ) -> None:
        self.domain = domain
        self.formatters = dict(formatters or {})
        self.variants = dict(variants or {})
        self.seen = dict(seen or {})
        #: Sentences the renderer made, by (language, seat names, kind, args and what the
        #: reader saw): kept, as an action's words never change.
        self.sentences: dict[
            tuple[str, tuple[str | None, ...], str, tuple[tuple[str, JSONScalar], ...]], str
        ] = {}

    def key(self, kind: str, args: Mapping[str, JSONScalar]) -> str:
        """The catalogue key of an action of ``kind`` with ``args``."""
        variant = self.variants.get(kind)
        return f"action.{kind}" if variant is None else f"action.{kind}.{args[variant]}"


class ActionSpace:
    """The table of every action of a game (for one player count and set of options).

    ``specs`` are ``(kind, args)`` pairs; ``texts`` is the vocabulary they read in (the game's
    :class:`ActionTexts`, None for a plug-in without a catalogue)."""

    __slots__ = ("_by_key", "actions", "texts")

    def __init__(
        self,
        specs: Iterable[Sequence[Any]],
        texts: ActionTexts | None = None,
    ) -> None:
        self.texts = texts
        actions = []
        for i, spec in enumerate(specs):
            kind: str = spec[0]
            args: tuple[tuple[str, JSONScalar], ...] = tuple(spec[1])
            actions.append(Action(i, kind, args))
        self.actions: tuple[Action, ...] = tuple(actions)
        self._by_key: dict[str, Action] = {}
        for action in self.actions:
            key = canonical_json(action.to_json())
            if key in self._by_key:
                raise ValueError(f"two actions share the JSON form {key}")
            self._by_key[key] = action

    @property
    def size(self) -> int:
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, action_id: int) -> Action:
        return self.actions[action_id]

    def decode(self, action_id: SupportsIndex) -> Action:
        """The action of id ``action_id`` (any integer, numpy's too)."""
        index = action_id if type(action_id) is int else plain_int(action_id)
        if index is None:
            raise IllegalActionError.keyed("error.action.id_type", value=action_id)
        if not 0 <= index < len(self.actions):
            raise IllegalActionError.keyed(
                "error.action.id_range", id=index, last=len(self.actions) - 1
            )
        return self.actions[index]

    def encode(self, action: Action) -> int:
        if not isinstance(action, Action) or self.actions[action.id] != action:
            raise IllegalActionError.keyed("error.action.foreign", action=action)
        return action.id

    def from_json(self, obj: Any) -> Action:
        """An action from its JSON form (a mapping with ``kind``), a JSON string, or an id (any
        integer, numpy's too)."""
        if isinstance(obj, str):
            try:
                obj = json.loads(obj)
            except json.JSONDecodeError as exc:
                raise IllegalActionError.keyed("error.action.json", reason=exc) from None
        if type(obj) is int:
            return self.decode(obj)
        if not isinstance(obj, Mapping):
            index = plain_int(obj)
            if index is None:
                raise IllegalActionError.keyed("error.api.action", value=obj)
            return self.decode(index)
        if "kind" not in obj:
            raise IllegalActionError.keyed("error.action.object", value=obj)
        try:
            key = canonical_json(obj)
        except (TypeError, ValueError) as exc:
            raise IllegalActionError.keyed("error.action.malformed", reason=exc) from None
        action = self._by_key.get(key)
        if action is None:
            kinds = sorted({a.kind for a in self.actions})
            raise IllegalActionError.keyed("error.action.form", form=key, kinds=", ".join(kinds))
        return action

    def resolve(self, action: Any) -> Action:
        """Accept an :class:`Action`, an id or a JSON form; raise a clear error otherwise."""
        if isinstance(action, Action):
            self.encode(action)
            return action
        return self.from_json(action)
