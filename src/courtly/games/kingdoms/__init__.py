"""Kingdoms (Jonathan Hinson): two kingdoms of playing cards competing for Glory."""

from courtly.games.kingdoms.game import KingdomsGame

GAME = KingdomsGame()

__all__ = ["GAME", "KingdomsGame"]
