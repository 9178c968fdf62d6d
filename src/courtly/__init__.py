"""courtly: court-intrigue tabletop games, exactly as their rulebooks define them.

``courtly.games()`` lists the registered games and ``courtly.load(name)`` returns one.
"""

from courtly import games
from courtly.core.registry import load_game as load

__all__ = ["games", "load"]
__version__ = "0.1.0"
