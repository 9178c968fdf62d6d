"""The numbered choices of a turn, laid out to fit a screen with the table above them.

Most choices are one numbered line each. Two kinds take less room:

- amounts: the actions of one kind that differ only by a whole number (For the King's bids,
  up to 79 of them) are one choice; its number asks for the amount (``2``, then ``30``), or
  takes it at once (``2 30``). The actions stay the kernel's, one per amount.
- a grid: where the game lays its choices out as a table (:meth:`Game.choice_grid`: a card by
  where it goes), each cell holds a choice's number.
- columns: more than :data:`MAX_LINES` short choices (For the King's 13 cards to discard) run
  down side-by-side columns, as ``ls`` lists files, when they fit the screen's width.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from courtly.cli.tables import WholeTable
from courtly.core.actions import Action, ChoiceGrid
from courtly.core.i18n import text

# Fewer actions than this that differ by a number read better as a list (a row's few card
# positions, the last bids of an auction); more than a screenful is typed as an amount.
MIN_AMOUNTS = 12
# More plain choices than this are laid out in columns when they fit side by side.
MAX_LINES = 8
# The room between two columns of choices.
GUTTER = 2


@dataclass(frozen=True)
class Amounts:
    """One choice standing for the actions of ``kind`` that differ only by ``arg``."""

    kind: str
    arg: str
    by_amount: dict[int, Action]

    @property
    def first(self) -> Action:
        return self.by_amount[min(self.by_amount)]

    @property
    def last(self) -> Action:
        return self.by_amount[max(self.by_amount)]

    def span(self) -> str:
        """The amounts as runs: ``2–79``, or ``1–3, 5, 8–9`` when some are missing."""
        runs: list[list[int]] = []
        for amount in sorted(self.by_amount):
            if runs and amount == runs[-1][-1] + 1:
                runs[-1].append(amount)
            else:
                runs.append([amount])
        return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


Choice = Action | Amounts


def _number_arg(action: Action) -> str | None:
    """The one argument of ``action`` that is a whole number, if it has exactly one."""
    numbers = [k for k, v in action.args if isinstance(v, int) and not isinstance(v, bool)]
    return numbers[0] if len(numbers) == 1 else None


def choices(legal: Sequence[Action]) -> list[Choice]:
    """``legal`` as numbered choices: in the kernel's order, the actions of one kind that
    differ only by a number, a run of at least :data:`MIN_AMOUNTS`, folded into one."""
    groups: dict[tuple[str, str, tuple[object, ...]], list[Action]] = {}
    for action in legal:
        number = _number_arg(action)
        if number is not None:
            rest = tuple((k, v) for k, v in action.args if k != number)
            groups.setdefault((action.kind, number, rest), []).append(action)
    folded: dict[int, Amounts] = {}
    for (kind, name, _rest), actions in groups.items():
        values = sorted(int(a.arg(name) or 0) for a in actions)
        # An amount is a run of whole numbers (2 to 78), not a scatter of positions.
        if len(actions) >= MIN_AMOUNTS and values[-1] - values[0] == len(values) - 1:
            group = Amounts(kind, name, {int(a.arg(name) or 0): a for a in actions})
            for action in actions:
                folded[action.id] = group
    out: list[Choice] = []
    for action in legal:
        found = folded.get(action.id)
        if found is None:
            out.append(action)
        elif found not in out:
            out.append(found)
    return out


# A choice's number in a line or a grid's cell: three wide, right-aligned.
NUMBER_WIDTH = 3


def _number(n: int) -> Text:
    return Text(f"{n:>{NUMBER_WIDTH}}", style="bold cyan")


def layout(
    listed: Sequence[Choice],
    describe: Callable[[Action], str],
    grid: ChoiceGrid | None,
    width: int | None = None,
) -> RenderableType:
    """The choices, numbered from 1: a line each, an amount choice as its first and last
    action with how to give the amount, and the grid's actions in its table. Given the
    screen's ``width``, many short lines run down columns."""
    in_grid = grid.action_ids() if grid is not None else set()
    numbers = {c.id: n for n, c in enumerate(listed, start=1) if isinstance(c, Action)}
    parts: list[RenderableType] = []
    grid_shown = False
    for n, choice in enumerate(listed, start=1):
        if isinstance(choice, Action) and choice.id in in_grid:
            if not grid_shown and grid is not None:
                parts.append(_grid_table(grid, numbers, width))
                grid_shown = True
            continue
        line = Text("  ").append_text(_number(n)).append("  ")
        if isinstance(choice, Amounts):
            line.append(f"{describe(choice.first)} … {describe(choice.last)}")
            line.append(" " + text("cli.choice.amounts", number=n, example=max(choice.by_amount)))
        else:
            line.append(describe(choice))
        parts.append(line)
    if width is not None and not grid_shown:
        return _columns(parts, width)
    return Group(*parts)


def _columns(lines: list[RenderableType], width: int) -> RenderableType:
    """Many ``lines`` (Texts): those narrower than half the ``width`` down as few columns as
    fit it, the first column first, after the wider ones (For the King's pass, then its bids);
    as they are when few, or too wide to stand two abreast."""
    texts = [line for line in lines if isinstance(line, Text)]
    if len(texts) != len(lines) or len(texts) <= MAX_LINES:
        return Group(*lines)
    narrow = [t for t in texts if cell_len(t.plain) + GUTTER <= width // 2]
    if len(narrow) < MAX_LINES // 2:
        return Group(*lines)
    widest = max(cell_len(t.plain) for t in narrow) + GUTTER
    across = width // widest
    down = -(-len(narrow) // across)
    table = Table.grid(padding=(0, GUTTER, 0, 0))
    for _ in range(across):
        table.add_column(no_wrap=True)
    for row in range(down):
        cells = (narrow[c * down + row] for c in range(across) if c * down + row < len(narrow))
        table.add_row(*cells)
    return Group(*(t for t in texts if t not in narrow), table)


def _grid_table(
    grid: ChoiceGrid, numbers: dict[int, int], width: int | None = None
) -> RenderableType:
    """The grid as a table that cuts no word (:class:`WholeTable`): the column headings wrap
    between words where they must, and each label (a card's name) stays on one line where
    the table fits so, else wraps between its words. The corner heads the labels' column
    where the table fits ``width`` with every heading on one line; else it is a line above
    the table (a long heading in a narrow column would take a line a word)."""
    if len(grid.columns) == 1 and len(grid.rows) > MAX_LINES and width is not None:
        return _list_grid(grid, numbers, width)
    labels = [label for label, _ in grid.rows]
    headings = grid.columns
    above = width is not None and _grid_width([grid.corner, *labels], headings) > width
    whole_labels = width is None or _grid_width(labels, list(map(_longest_word, headings))) <= width
    table = Table(box=None, padding=(0, 1), collapse_padding=True, header_style="bold")
    table.add_column("" if above else grid.corner, no_wrap=whole_labels, overflow="fold")
    for column in grid.columns:
        table.add_column(column, justify="center", overflow="fold", min_width=NUMBER_WIDTH)
    for label, cells in grid.rows:
        shown = [_number(numbers[c]) if c is not None else Text("-", style="dim") for c in cells]
        table.add_row(Text(label), *shown)
    if width is None:
        return table
    if not above:
        return WholeTable(table)
    # Where the table's own first cell begins (after its padding), so that the two line up.
    return Group(Text(f" {grid.corner}", style="bold"), WholeTable(table))


def _longest_word(heading: str) -> str:
    return max(heading.split(), key=cell_len, default="")


def _grid_width(first: Sequence[str], headings: Sequence[str]) -> int:
    """How wide a grid is whose first column holds ``first`` on a line each, under
    ``headings`` (or their longest words): the widths and the space around the columns, as
    :class:`WholeTable` counts them (one either side of the first, one after each other)."""
    widest = max(map(cell_len, first), default=0)
    return widest + sum(max(cell_len(h), NUMBER_WIDTH) for h in headings) + 2 + len(headings)


def _list_grid(grid: ChoiceGrid, numbers: dict[int, int], width: int) -> Table:
    """A one-column grid (a name and its choice's number a row, For the King's cards to
    discard) as pairs of columns side by side, the first pair first: as many as ``width``
    holds."""
    labels = [label for label, _ in grid.rows]
    pair = max(cell_len(label) for label in labels) + 1 + 3 + GUTTER
    across = max(1, min(width // pair, -(-len(labels) // MAX_LINES) + 1))
    down = -(-len(labels) // across)
    table = Table(box=None, padding=(0, 1), collapse_padding=True, header_style="bold")
    for c in range(across):
        table.add_column(grid.corner if c == 0 else "", no_wrap=True)
        table.add_column(grid.columns[0] if c == 0 else "", justify="right", no_wrap=True)
    for row in range(down):
        cells: list[Text] = []
        for c in range(across):
            index = c * down + row
            if index < len(grid.rows):
                label, (action,) = grid.rows[index]
                number = _number(numbers[action]) if action is not None else Text("-")
                cells += [Text(label), number]
            else:
                cells += [Text(""), Text("")]
        table.add_row(*cells)
    return table
