"""The end of a game in the terminal: each seat's points in the game's own scoring categories
(``State.score_breakdown``), drawn the same way for every game."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from courtly.core.state import State


def figure(value: Any) -> str:
    """A number as people read it: whole numbers whole, others to two decimals (never 5.55e-17)."""
    if value is None:
        return "-"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if abs(value - round(value)) < 1e-9:
        return str(round(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def words(value: Any) -> str:
    """A stable id (``most-gold``, ``turn_limit``) as words; anything else as compact JSON."""
    if isinstance(value, str):
        return value.replace("-", " ").replace("_", " ")
    return json.dumps(value, separators=(", ", ": "))


def seat_label(seat: int, name: str) -> str:
    return f"seat {seat + 1} ({name})"


def scoreboard(state: State, names: Sequence[str]) -> Group:
    """A table of every seat's score, by category, with the total, the winners, which tie-break
    decided and why the game ended."""
    breakdown: Mapping[str, Any] = state.score_breakdown()
    categories = list(breakdown.get("categories") or [])
    winners = set(state.winners())
    table = Table(title="Scores", title_justify="left")
    table.add_column("seat", overflow="fold")
    for category in categories:
        table.add_column(words(category), justify="right", overflow="fold")
    table.add_column("total", justify="right", style="bold")
    for seat, row in enumerate(breakdown.get("seats") or []):
        mark = " [green]won[/]" if seat in winners else ""
        table.add_row(
            seat_label(seat, names[seat]) + mark,
            *(figure(row.get(c)) for c in categories),
            figure(row.get("total")),
        )
    notes = []
    decided = breakdown.get("decided_by")
    if decided is not None:
        notes.append(f"Tie broken by: {words(decided)}.")
    elif len(winners) > 1:
        notes.append("A shared victory: the tie-breaks left the winners level.")
    end = breakdown.get("end")
    if end is not None and end != "over":  # "over" is the kernel's default: it says nothing
        notes.append(f"The game ended: {words(end)}.")
    return Group(table, *(Text(note) for note in notes))


def winners_line(state: State, names: Sequence[str]) -> str:
    won = state.winners()
    if not won:
        return "No winner."
    label = "Winner" if len(won) == 1 else "Winners"
    return f"{label}: " + ", ".join(seat_label(w, names[w]) for w in won)
