"""Finding games. Games register through the ``courtly.games`` entry-point group, so the
kernel never imports a game and a game from another package plugs in the same way."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from courtly.core.errors import UnknownGameError
from courtly.core.state import Game

ENTRY_POINT_GROUP = "courtly.games"


@cache
def _entry_points() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def game_names() -> list[str]:
    return sorted(_entry_points())


_loaded: dict[str, Game] = {}


def load_game(name: str) -> Game:
    """The registered game called ``name``."""
    if name in _loaded:
        return _loaded[name]
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            game = ep.load()
            if not isinstance(game, Game):
                raise UnknownGameError(f"entry point {name!r} does not name a courtly Game")
            _loaded[name] = game
            return game
    known = ", ".join(game_names()) or "none installed"
    raise UnknownGameError.keyed("error.game.unknown", name=name, known=known)
