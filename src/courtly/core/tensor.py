"""Fixed-length number vectors of an observation, for learning algorithms (OpenSpiel, PettingZoo).

A game's encoder (its ``tensor.py``) reads nothing but a seat's observation dict and writes it
through a :class:`TensorWriter`, field by field. The writer records each field's name, place
and meaning as it goes, so the vector and its documented layout come from the same calls and
cannot drift apart. The fields an encoder writes may depend on the player count, never on the
position: that is what makes the length fixed (the interop tests check it along random games).

Numbers are scaled by a documented constant so they stay near [0, 1]; a value is never
clipped, so nothing the observation says is lost.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TensorField:
    """One named slice of an observation tensor."""

    name: str
    start: int
    size: int
    meaning: str


class TensorWriter:
    """Collects an observation's numbers (float32) and, when asked, the layout they follow."""

    __slots__ = ("fields", "record", "values")

    def __init__(self, record: bool = False) -> None:
        self.values = array("f")
        # The layout is recorded only when asked for: a tensor per decision is the hot path.
        self.record = record
        self.fields: list[TensorField] = []

    def _open(self, name: str, size: int, meaning: str) -> int:
        start = len(self.values)
        if self.record:
            self.fields.append(TensorField(name, start, size, meaning))
        self.values.extend(_ZEROS[:size] if size <= len(_ZEROS) else array("f", bytes(4 * size)))
        return start

    def envelope(self, observation: Mapping[str, Any], seats: int) -> None:
        """The kernel envelope's seats, first in every game's tensor: ``viewer`` and
        ``to_act`` one-hot over ``seats`` (none for a spectator, none once the game is over)."""
        self.one_hot(
            "viewer", observation["viewer"], seats, "the seat this view is for (none: a spectator)"
        )
        self.one_hot("to_act", observation["to_act"], seats, "the seat to decide (none once over)")

    def number(self, name: str, value: float, scale: float, meaning: str) -> None:
        """One slot: ``value / scale``."""
        start = self._open(name, 1, f"{meaning} (divided by {scale:g})" if scale != 1 else meaning)
        self.values[start] = float(value) / scale

    def numbers(
        self, name: str, values: Sequence[float], size: int, scale: float, meaning: str
    ) -> None:
        """``size`` slots: the values divided by ``scale``, then zeros."""
        if len(values) > size:
            raise ValueError(f"tensor field {name}: {len(values)} values for {size} slots")
        shown = f"{meaning} (divided by {scale:g})" if scale != 1 else meaning
        start = self._open(name, size, shown)
        for i, value in enumerate(values):
            self.values[start + i] = float(value) / scale

    def flag(self, name: str, value: bool, meaning: str) -> None:
        """One slot: 1 if ``value`` else 0."""
        start = self._open(name, 1, meaning)
        self.values[start] = 1.0 if value else 0.0

    def one_hot(self, name: str, index: int | None, size: int, meaning: str) -> None:
        """``size`` slots, a 1 at ``index`` (none at all for None)."""
        start = self._open(name, size, meaning)
        if index is not None:
            if not 0 <= index < size:
                raise ValueError(f"tensor field {name}: index {index} outside 0..{size - 1}")
            self.values[start + index] = 1.0

    def choice(self, name: str, value: object, choices: Sequence[object], meaning: str) -> None:
        """A one-hot over ``choices``; a value that is None and not a choice sets none."""
        index = None if value is None and None not in choices else list(choices).index(value)
        self.one_hot(name, index, len(choices), meaning)

    def counts(
        self, name: str, indices: Iterable[int], size: int, scale: float, meaning: str
    ) -> None:
        """``size`` slots counting how often each index occurs, divided by ``scale``
        (a multi-hot when every index occurs at most once and ``scale`` is 1)."""
        shown = f"{meaning} (divided by {scale:g})" if scale != 1 else meaning
        start = self._open(name, size, shown)
        step = 1.0 / scale
        for index in indices:
            if not 0 <= index < size:
                raise ValueError(f"tensor field {name}: index {index} outside 0..{size - 1}")
            self.values[start + index] += step


_ZEROS = array("f", bytes(4 * 4096))


def layout_size(fields: Sequence[TensorField]) -> int:
    return fields[-1].start + fields[-1].size if fields else 0


def layout_markdown(layouts: dict[int, Sequence[TensorField]]) -> str:
    """A Markdown table of a game's layout at each player count (the keys): one row per field,
    its size at each count and its meaning. Fields follow one another in the order listed,
    so a field's offset is the sum of the sizes above it."""
    counts = sorted(layouts)
    first = layouts[counts[0]]
    names = [f.name for f in first]
    for n in counts:
        if [f.name for f in layouts[n]] != names:
            raise ValueError(f"the fields at {n} players differ from those at {counts[0]}")
    head = "| field | " + " | ".join(f"{n}p" for n in counts) + " | meaning |"
    rule = "| --- | " + " | ".join("---:" for _ in counts) + " | --- |"
    rows = [head, rule]
    for i, name in enumerate(names):
        sizes = " | ".join(str(layouts[n][i].size) for n in counts)
        rows.append(f"| `{name}` | {sizes} | {first[i].meaning} |")
    totals = " | ".join(f"**{layout_size(layouts[n])}**" for n in counts)
    rows.append(f"| total | {totals} | |")
    return "\n".join(rows) + "\n"
