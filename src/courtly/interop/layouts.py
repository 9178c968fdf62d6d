"""Print a game's observation-tensor layout as the Markdown table its doc page holds:
``python -m courtly.interop.layouts GAME`` (the interop tests check the page against it)."""

from __future__ import annotations

import sys

from courtly.core.errors import CourtlyError, error_text
from courtly.core.i18n import text
from courtly.core.registry import load_game
from courtly.core.tensor import layout_markdown


def layout_table(name: str) -> str:
    game = load_game(name)
    counts = range(game.min_players, game.max_players + 1)
    return layout_markdown({n: game.observation_tensor_layout(n) for n in counts})


def main(argv: list[str]) -> int:
    """Exit code 2 with one line, as courtly's commands do, for a mistake (an unknown game)."""
    if len(argv) != 1:
        print("usage: python -m courtly.interop.layouts GAME", file=sys.stderr)
        return 2
    try:
        table = layout_table(argv[0])
    except CourtlyError as exc:
        print(text("cli.error"), error_text(exc), file=sys.stderr)
        return 2
    print(table, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
