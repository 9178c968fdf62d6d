"""The helpers that keep tables whole and times readable (courtly/cli/tables.py, common.py)."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from courtly.cli.common import milliseconds
from courtly.cli.tables import WholeTable


def test_a_whole_table_never_cuts_a_cell_at_any_width() -> None:
    table = Table(title="a table of long words and wide figures")
    table.add_column("game")
    for heading in ("decisions per second", "games", "resamples", "ISMCTS iterations"):
        table.add_column(heading, justify="right")
    cells = [
        ["head-of-the-snake", "12,345,678", "98,765", "4,321,000", "87,654"],
        ["for-the-king", "1,234", "5", "76,543,210", "0.0041"],
    ]
    for row in cells:
        table.add_row(*row)
    for width in (120, 80, 60, 40, 30):
        out = _drawn(table, width)
        assert "…" not in out, out
        assert max(cell_len(line) for line in out.splitlines()) <= width, out
        for row in cells:
            for cell in row:
                assert _whole(cell, out), (width, cell, out)


def _drawn(table: Table, width: int) -> str:
    drawing = Console(width=width, file=io.StringIO())
    drawing.print(WholeTable(table))
    assert isinstance(drawing.file, io.StringIO)
    return drawing.file.getvalue()


def _whole(figure: str, output: str) -> bool:
    return re.search(rf"(?<![\d.,]){re.escape(figure)}(?![\d,])", output) is not None


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(0.0, "0"), (4.12e-6, "0.0041"), (0.000198, "0.20"), (0.0123, "12"), (1.25, "1,250")],
)
def test_times_are_milliseconds_to_two_significant_digits(seconds: float, shown: str) -> None:
    assert milliseconds(seconds) == shown
