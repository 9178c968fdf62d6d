"""Throne Room geometry, precomputed once per player count.

Spaces are numbered column by column, bottom to top. Neighbour tables hold -1 off the board;
columns share a row number from the bottom, so a shorter column has no neighbour beside the
taller one's upper spaces (no diagonal moves exist at all).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from courtly.games.tudor.data import LAYOUTS, STAIRS_ROW, Layout


@dataclass(frozen=True)
class Board:
    layout: Layout
    heights: tuple[int, ...]
    size: int
    col_of: tuple[int, ...]
    row_of: tuple[int, ...]  # 1 = bottom row
    up: tuple[int, ...]
    down: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]  # up, down, left, right that exist
    is_top: tuple[bool, ...]
    bottom: tuple[int, ...]  # bottom-row spaces, left to right
    restock_rank: tuple[int, ...]  # place in the restock order (top to bottom, left to right)
    above_stairs: tuple[bool, ...]

    @property
    def columns(self) -> int:
        return len(self.heights)

    def space(self, col: int, row: int) -> int:
        """The index of the space in column ``col`` (0-based) and row ``row`` (1 = bottom)."""
        if not 0 <= col < len(self.heights) or not 1 <= row <= self.heights[col]:
            raise ValueError(f"no Throne Room space at column {col + 1}, row {row}")
        return sum(self.heights[:col]) + row - 1

    def label(self, s: int) -> str:
        return f"{self.col_of[s] + 1}-{self.row_of[s]}"


def _build(num_players: int) -> Board:
    layout = LAYOUTS[num_players]
    heights = layout.column_heights
    col_of: list[int] = []
    row_of: list[int] = []
    index: dict[tuple[int, int], int] = {}
    for c, h in enumerate(heights):
        for r in range(1, h + 1):
            index[(c, r)] = len(col_of)
            col_of.append(c)
            row_of.append(r)
    size = len(col_of)

    def at(c: int, r: int) -> int:
        return index.get((c, r), -1)

    up = tuple(at(col_of[s], row_of[s] + 1) for s in range(size))
    down = tuple(at(col_of[s], row_of[s] - 1) for s in range(size))
    left = tuple(at(col_of[s] - 1, row_of[s]) for s in range(size))
    right = tuple(at(col_of[s] + 1, row_of[s]) for s in range(size))
    neighbours = tuple(
        tuple(x for x in (up[s], down[s], left[s], right[s]) if x >= 0) for s in range(size)
    )
    top_set = {index[(c, h)] for c, h in enumerate(heights)}
    order = sorted(range(size), key=lambda s: (-row_of[s], col_of[s]))
    return Board(
        layout=layout,
        heights=heights,
        size=size,
        col_of=tuple(col_of),
        row_of=tuple(row_of),
        up=up,
        down=down,
        left=left,
        right=right,
        neighbours=neighbours,
        is_top=tuple(s in top_set for s in range(size)),
        bottom=tuple(index[(c, 1)] for c in range(len(heights))),
        restock_rank=tuple(order.index(s) for s in range(size)),
        above_stairs=tuple(r > STAIRS_ROW for r in row_of),
    )


BOARDS: Final[dict[int, Board]] = {n: _build(n) for n in LAYOUTS}
