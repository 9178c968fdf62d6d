"""The end of a game in the terminal: each seat's points in the game's own scoring categories
(``State.score_breakdown``), drawn the same way for every game, in the reader's language (the
game's catalogue names its categories, tie-breaks and endings; rich measures the columns in
terminal cells, so Korean labels line up)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from courtly.agents.levels import level_name
from courtly.core.i18n import COURTLY, current_language, seat_text, text
from courtly.core.state import Game, State

# The seat spec of a person at this terminal (``--seat human``).
HUMAN = "human"


def figure(value: Any) -> str:
    """A number as people read it: whole numbers whole, others to two decimals (never 5.55e-17),
    a negative one with a true minus."""
    if value is None:
        return "-"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if abs(value - round(value)) < 1e-9:
        shown = str(round(value))
    else:
        shown = f"{value:.2f}".rstrip("0").rstrip(".")
    # A true minus, as every other table of figures writes one (``labels.number``); "-0" is 0.
    if shown.startswith("-"):
        shown = "0" if float(shown) == 0 else "\u2212" + shown[1:]
    return shown


def words(value: Any) -> str:
    """A stable id (``most-gold``, ``turn_limit``) as words; anything else as compact JSON."""
    if isinstance(value, str):
        return value.replace("-", " ").replace("_", " ")
    return json.dumps(value, separators=(", ", ": "))


def seat_holder(name: str) -> str:
    """Who holds a seat, in the reader's words. A record made in the terminal names its seats
    by the specs typed (``human``, ``random``, ``ismcts:iterations=200``): a person, or the
    bot's level by name (never its parameters); a server's record names them as its table
    did (players' names, "Bot 2 (hard)"), kept as they are."""
    if name == HUMAN:
        return text("cli.seat.person")
    return level_name(name) if _is_spec(name) else name


def _is_spec(name: str) -> bool:
    return name == HUMAN or COURTLY.has(f"agent.name.{name.split(':')[0]}")


def seat_label(seat: int, name: str) -> str:
    """ "seat 2 (random moves)", "2번 자리 (무작위 수)": the seat and who holds it; the seat
    alone where nobody is named (a record that names no seats: not "seat 2 (seat 2)")."""
    said = seat_text(seat, current_language())
    if not name or name == said:
        return said
    return f"{said} ({seat_holder(name)})"


def sentence_names(names: Sequence[str]) -> list[str]:
    """The seats' names inside a sentence ("in seat 2's domain"): a seat held by a spec is
    said as the seat ("seat 2", not "random's"); a name of a server's record as it is."""
    lang = current_language()
    return [seat_text(p, lang) if _is_spec(name) else name for p, name in enumerate(names)]


def game_words(game: Game, family: str, value: Any) -> str:
    """A scoring id in the reader's language (``score.glory``), else as words."""
    if not isinstance(value, str):
        return words(value)
    return game.text(f"{family}.{value}", current_language(), words(value))


def _longest_word(label: str) -> int:
    return max((cell_len(word) for word in label.split()), default=1)


# A seat's column is never made narrower than this (a label wraps between its words).
_SEAT_WIDTH = 10


class ScoreTable:
    """Seats by categories, drawn to the width it is given without breaking a category's name
    inside a word: a row per seat when the categories fit side by side, else a row per
    category and a column per seat (For the King's six offices at 80 columns)."""

    def __init__(self, categories: list[str], seats: list[str], rows: list[list[str]]) -> None:
        self.categories, self.seats, self.rows = categories, seats, rows

    def _width_needed(self) -> int:
        words = [_longest_word(c) for c in self.categories]
        # Each column takes its text, a space each side and one border.
        return _SEAT_WIDTH + sum(words) + 3 * (len(words) + 1) + 1

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self._width_needed() <= options.max_width:
            yield self._by_seat()
        else:
            yield self._by_category(options.max_width)

    def _table(self) -> Table:
        return Table(title=text("cli.scores"), title_justify="left")

    def _by_seat(self) -> Table:
        table = self._table()
        table.add_column(text("cli.scores.seat"), overflow="fold", min_width=_SEAT_WIDTH)
        for category in self.categories[:-1]:
            table.add_column(category, justify="right", min_width=_longest_word(category))
        table.add_column(self.categories[-1], justify="right", style="bold")
        for seat, row in zip(self.seats, self.rows, strict=True):
            table.add_row(seat, *row)
        return table

    def _by_category(self, width: int) -> Table:
        table = self._table()
        longest = max(_longest_word(c) for c in self.categories)
        table.add_column("", width=longest)
        # The seats share what is left equally (rich, left to itself, overflowed 80 columns).
        left = width - longest - 3 * (len(self.seats) + 1) - 1
        each = max(left // max(len(self.seats), 1), 3)
        for seat in self.seats:
            table.add_column(seat, justify="right", overflow="fold", width=each)
        for i, category in enumerate(self.categories):
            style = "bold" if i == len(self.categories) - 1 else ""
            table.add_row(category, *(row[i] for row in self.rows), style=style)
        return table


def scoreboard(state: State, names: Sequence[str]) -> Group:
    """A table of every seat's score, by category, with the total, the winners, which tie-break
    decided and why the game ended."""
    breakdown: Mapping[str, Any] = state.score_breakdown()
    categories = list(breakdown.get("categories") or [])
    winners = set(state.winners())
    game = state.game
    labels = [game_words(game, "score", c) for c in categories] + [text("cli.scores.total")]
    seats: list[str] = []
    rows: list[list[str]] = []
    for seat, row in enumerate(breakdown.get("seats") or []):
        mark = f" [green]{text('cli.scores.won')}[/]" if seat in winners else ""
        seats.append(seat_label(seat, names[seat]) + mark)
        rows.append([*(figure(row.get(c)) for c in categories), figure(row.get("total"))])
    table = ScoreTable(labels, seats, rows)
    notes = []
    decided = breakdown.get("decided_by")
    if decided == "shared" or (decided is None and len(winners) > 1):
        notes.append(text("cli.scores.shared"))
    elif decided is not None:
        notes.append(text("cli.scores.tie_broken", by=game_words(game, "tiebreak", decided)))
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
