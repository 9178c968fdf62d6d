"""Tables that never lose what they hold to the terminal's width.

Rich fits a table that is too wide by shrinking its columns, down to cutting words and figures
behind "…" (``playe…``, ``83…``): a reader loses what the table was printed for. A
:class:`WholeTable` gives each column at least its longest word (a figure is one word) and
shares the rest of the width out, so cells wrap between words only; when even the longest
words do not fit side by side, it prints one block per row instead, each figure beside its
heading. A single word wider than the whole screen is the only thing ever folded.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Column, Table
from rich.text import Text

# How far a row's headings and figures stand in under its first cell, when rows are blocks.
_INDENT = 2


class WholeTable:
    """``table`` drawn without cutting a word or a figure at any width: as the table, its
    columns wrapping between words, when their longest words fit side by side; else as one
    block per row (the first cell, then each heading with its cell)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = fitted_widths(console, options, self.table)
        if widths is None:
            yield from _blocks(self.table)
            return
        for column, width in zip(self.table.columns, widths, strict=True):
            column.width = width
            column.overflow = "fold"  # only a word wider than its column, which none is now
        if self.table.collapse_padding and self.table.pad_edge:
            # Collapsed, rich counts one side of each column's padding, yet draws the first
            # column with both: its width must hold the side rich leaves uncounted.
            self.table.columns[0].width = widths[0] + self.table.padding[3]
        yield self.table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


def _column_range(console: Console, options: ConsoleOptions, column: Column) -> Measurement:
    """A column's narrowest (its longest word) and widest (its longest line) text width."""
    cells: list[RenderableType] = [column.header, *column.cells]
    sizes = [Measurement.get(console, options, cell) for cell in cells]
    widest = max(size.maximum for size in sizes)
    # A column that must not wrap needs its whole lines.
    narrowest = widest if column.no_wrap else max(size.minimum for size in sizes)
    least = max(narrowest, column.min_width or 0)
    return Measurement(least, max(widest, least))


def _frame_width(table: Table) -> int:
    """The cells' padding and the borders: what a table takes beyond its columns' text."""
    _top, right, _bottom, left = table.padding
    borders = 0
    if table.box is not None:
        borders = len(table.columns) - 1 + (2 if table.show_edge else 0)
    if table.collapse_padding:
        # Two columns' facing sides are one space: the first column has both sides, each
        # other only what its left side adds to its neighbour's right.
        inner = max(0, left - right) + right
        return left + right + inner * (len(table.columns) - 1) + borders
    return (left + right) * len(table.columns) + borders


def fitted_widths(console: Console, options: ConsoleOptions, table: Table) -> list[int] | None:
    """Each column's text width so that the table fits ``options.max_width`` with no column
    narrower than its longest word; None when the longest words alone are too wide."""
    ranges = [_column_range(console, options, column) for column in table.columns]
    room = options.max_width - _frame_width(table)
    lows = [size.minimum for size in ranges]
    highs = [size.maximum for size in ranges]
    if sum(lows) > room:
        return None
    if sum(highs) <= room:
        return highs
    # What is left over the longest words goes to the columns in proportion to how much more
    # they would take (Rich's own shrinking cuts the widest column first, words and all).
    spare = room - sum(lows)
    wishes = [high - low for high, low in zip(highs, lows, strict=True)]
    total = sum(wishes)
    return [low + spare * wish // total for low, wish in zip(lows, wishes, strict=True)]


def _blocks(table: Table) -> Iterator[RenderableType]:
    """The rows one after another: the first cell on a line of its own, then a heading and a
    cell a line, wrapping between words in whatever width there is."""
    if table.title:
        yield Text.assemble((str(table.title), "bold"))
    columns = table.columns
    cells = [list(column.cells) for column in columns]
    for index, row in enumerate(table.rows):
        lines = Table.grid(padding=(0, 1))
        lines.add_column(style="bold", overflow="fold")
        lines.add_column(overflow="fold")
        for column, column_cells in zip(columns[1:], cells[1:], strict=True):
            lines.add_row(column.header, column_cells[index], style=row.style)
        first = Table.grid()
        first.add_column(style="bold", overflow="fold")
        first.add_row(cells[0][index], style=row.style)
        if index:
            yield Text("")
        yield Group(first, Padding(lines, (0, 0, 0, _INDENT), expand=False))
    if table.caption:
        yield Text(str(table.caption), style="dim")
