"""What the terminal itself is asked to do beyond printing: clear what it keeps, forget keys."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

# ESC [ 3 J: erase the saved lines (the scrollback) of xterm, VTE, kitty, iTerm2, Windows
# Terminal...; a terminal that does not know it ignores it.
CLEAR_SCROLLBACK = "\x1b[3J"


def clear_screen_and_scrollback(console: Console) -> None:
    """Clear the screen and the lines scrolled off it, so nothing before can be scrolled back
    to (the hot-seat privacy screen)."""
    console.clear()
    if console.is_terminal:
        console.file.write(CLEAR_SCROLLBACK)
        console.file.flush()


class Within:
    """``renderable`` told how many lines it may take (``options.height``): a view that can
    draw itself shorter (Courtisans' compact table) does so when it would not fit. Nothing is
    cut: a view that cannot draw itself shorter is printed whole."""

    def __init__(self, renderable: RenderableType, height: int) -> None:
        self.renderable = renderable
        self.height = height

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from console.render(self.renderable, options.update(height=max(1, self.height)))


def lines_of(console: Console, renderable: RenderableType) -> int:
    """How many lines ``renderable`` takes at the console's width."""
    return len(console.render_lines(renderable, console.options.update(height=None), pad=False))
