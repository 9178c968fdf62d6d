"""For the King (and me), 2-5 players (Steve Finn, IELLO, 2021)."""

from courtly.games.for_the_king.game import ForTheKing

GAME = ForTheKing()
