"""Courtisans (Catch Up Games), 2-5 players: the Queen's table, domains, roles and missions."""

from courtly.games.courtisans.game import CourtisansGame
from courtly.games.courtisans.state import CourtisansState

GAME = CourtisansGame()

__all__ = ["GAME", "CourtisansGame", "CourtisansState"]
