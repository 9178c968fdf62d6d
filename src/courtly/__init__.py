"""courtly: court-intrigue tabletop games, exactly as their rulebooks define them.

``courtly.game_names()`` lists the registered games and ``courtly.load(name)`` returns one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from courtly.core.state import Game

__all__ = ["game_names", "load"]
__version__ = "0.1.0"


def game_names() -> list[str]:
    """The names of the registered games (the ``courtly.games`` entry points), sorted."""
    # Imported when first needed, as in ``load`` below.
    from courtly.core.registry import game_names as names

    return names()


def load(name: str) -> Game:
    """The registered game called ``name`` (UnknownGameError names the known ones)."""
    # The registry is imported when first needed: the ``courtly`` command imports this
    # package before it can handle Ctrl-C, so it must start in an instant (courtly.cli).
    from courtly.core.registry import load_game

    return load_game(name)
