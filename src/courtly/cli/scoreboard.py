"""The end of a game in the terminal: each seat's points in the game's own scoring categories
(``State.score_breakdown``), drawn the same way for every game, in the reader's language (the
game's catalogue names its categories, tie-breaks and endings; rich measures the columns in
terminal cells, so Korean labels line up)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from courtly.core.i18n import current_language, seat_text, text
from courtly.core.state import Game, State


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
    return f"{seat_text(seat, current_language())} ({name})"


def game_words(game: Game, family: str, value: Any) -> str:
    """A scoring id in the reader's language (``score.glory``), else as words."""
    if not isinstance(value, str):
        return words(value)
    return game.text(f"{family}.{value}", current_language(), words(value))


def scoreboard(state: State, names: Sequence[str]) -> Group:
    """A table of every seat's score, by category, with the total, the winners, which tie-break
    decided and why the game ended."""
    breakdown: Mapping[str, Any] = state.score_breakdown()
    categories = list(breakdown.get("categories") or [])
    winners = set(state.winners())
    game = state.game
    table = Table(title=text("cli.scores"), title_justify="left")
    table.add_column(text("cli.scores.seat"), overflow="fold")
    for category in categories:
        table.add_column(game_words(game, "score", category), justify="right", overflow="fold")
    table.add_column(text("cli.scores.total"), justify="right", style="bold")
    for seat, row in enumerate(breakdown.get("seats") or []):
        mark = f" [green]{text('cli.scores.won')}[/]" if seat in winners else ""
        table.add_row(
            seat_label(seat, names[seat]) + mark,
            *(figure(row.get(c)) for c in categories),
            figure(row.get("total")),
        )
    notes = []
    decided = breakdown.get("decided_by")
    if decided is not None:
        notes.append(text("cli.scores.tie_broken", by=game_words(game, "tiebreak", decided)))
    elif len(winners) > 1:
        notes.append(text("cli.scores.shared"))
    end = breakdown.get("end")
    if end is not None and end != "over":  # "over" is the kernel's default: it says nothing
        notes.append(text("cli.scores.ended", why=game_words(game, "end", end)))
    return Group(table, *(Text(note) for note in notes))


def winners_line(state: State, names: Sequence[str]) -> str:
    won = state.winners()
    if not won:
        return text("cli.winner.none")
    label = text("cli.winner.one" if len(won) == 1 else "cli.winner.many")
    return f"{label}: " + text("term.separator").join(seat_label(w, names[w]) for w in won)
