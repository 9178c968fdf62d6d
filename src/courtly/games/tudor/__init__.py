"""Tudor (Jan Kirschner, Academy Games, 2018) for 2-4 players."""

from courtly.games.tudor.game import TudorGame

GAME = TudorGame()

__all__ = ["GAME", "TudorGame"]
