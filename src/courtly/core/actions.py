"""Actions: immutable values with a JSON form, a description for people and a stable id.

Each game enumerates its whole action space once (per player count and options) as
an :class:`ActionSpace`; legal actions are then just ids into that table, so making
the list of legal moves allocates nothing and action masks come for free.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.core.errors import IllegalActionError

JSONScalar = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``kind`` and ``args`` are its JSON form; ``id`` its place in the space."""

    id: int
    kind: str
    args: tuple[tuple[str, JSONScalar], ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        out.update(self.args)
        return out

    def arg(self, name: str) -> JSONScalar:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    def describe(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


def _key(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


class ActionSpace:
    """The table of every action of a game (for one player count and set of options)."""

    __slots__ = ("_by_key", "actions")

    def __init__(self, specs: Iterable[tuple[str, Sequence[tuple[str, JSONScalar]], str]]) -> None:
        self.actions: tuple[Action, ...] = tuple(
            Action(i, kind, tuple(args), text) for i, (kind, args, text) in enumerate(specs)
        )
        self._by_key: dict[str, Action] = {}
        for action in self.actions:
            key = _key(action.to_json())
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

    def decode(self, action_id: int) -> Action:
        if not isinstance(action_id, int) or isinstance(action_id, bool):
            raise IllegalActionError(f"an action id must be an integer, not {action_id!r}")
        if not 0 <= action_id < len(self.actions):
            raise IllegalActionError(
                f"action id {action_id} is outside this game's action space "
                f"(0..{len(self.actions) - 1})"
            )
        return self.actions[action_id]

    def encode(self, action: Action) -> int:
        if not isinstance(action, Action) or self.actions[action.id] != action:
            raise IllegalActionError(f"{action!r} is not an action of this game")
        return action.id

    def from_json(self, obj: Any) -> Action:
        """An action from its JSON form (a mapping with ``kind``), a JSON string, or an id."""
        if isinstance(obj, str):
            try:
                obj = json.loads(obj)
            except json.JSONDecodeError as exc:
                raise IllegalActionError(f"malformed action JSON: {exc}") from None
        if isinstance(obj, int) and not isinstance(obj, bool):
            return self.decode(obj)
        if not isinstance(obj, Mapping) or "kind" not in obj:
            raise IllegalActionError(f"an action must be an object with a 'kind', not {obj!r}")
        try:
            key = _key(obj)
        except (TypeError, ValueError) as exc:
            raise IllegalActionError(f"malformed action: {exc}") from None
        action = self._by_key.get(key)
        if action is None:
            kinds = sorted({a.kind for a in self.actions})
            raise IllegalActionError(
                f"no action of this game has the form {key}; action kinds: {', '.join(kinds)}"
            )
        return action

    def resolve(self, action: Any) -> Action:
        """Accept an :class:`Action`, an id or a JSON form; raise a clear error otherwise."""
        if isinstance(action, Action):
            self.encode(action)
            return action
        return self.from_json(action)
