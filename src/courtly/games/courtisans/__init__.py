"""Courtisans (Catch Up Games), 2-5 players: the Queen's table, domains, roles and missions."""

from courtly.games.courtisans.game import CourtisansGame

GAME = CourtisansGame()
