"""courtly: court-intrigue tabletop games, exactly as their rulebooks define them.

``courtly.games()`` lists the registered games and ``courtly.load(name)`` returns one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from courtly import games

if TYPE_CHECKING:
    from courtly.core.state import Game

__all__ = ["games", "load"]
__version__ = "0.1.0"


def load(name: str) -> Game:
    """The registered game called ``name`` (UnknownGameError names the known ones)."""
    # The registry is imported when first needed: the ``courtly`` command imports this
    # package before it can handle Ctrl-C, so it must start in an instant (courtly.cli).
    from courtly.core.registry import load_game

    return load_game(name)
