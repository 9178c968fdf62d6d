"""What the terminal itself is asked to do beyond printing: clear what it keeps, forget keys."""

from __future__ import annotations

from rich.console import Console

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
