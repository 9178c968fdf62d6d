"""A game's view for the terminal, fitted to the lines it is given.

Every game's ``view.render`` draws its table whole, or compact (short handles, details left to
the ``?`` help) when a front short of lines says how many it leaves (rich's
``options.height``: the lines above the choices) and the whole table would need more. The
choice between the two is made here once, for the four games alike."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

__all__ = ["Draw", "FittedView"]

# (width, compact) -> the table drawn to that width, compact or whole.
Draw = Callable[[int, bool], RenderableType]


class FittedView:
    def __init__(self, draw: Draw) -> None:
        self._draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        whole = self._draw(options.max_width, False)
        if options.height is not None:
            lines = console.render_lines(whole, options.update(height=None), pad=False)
            if len(lines) > options.height:
                whole = self._draw(options.max_width, True)
        yield whole
