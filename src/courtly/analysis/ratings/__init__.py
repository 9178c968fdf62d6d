"""Ratings: people's per game and player count, updated from finished games by OpenSkill
(``model``), and the bots' on the same scale (``bots``).

How a finished table is rated (docs/ratings.md): read each seat's rating in the pool
(game, player count), a new player's being ``NEW``, a bot's ``bot_rating(game, level, players)``;
``rate(ratings, placings_of(result), fixed=is_bot)``; store the people's new ratings.
"""

from courtly.analysis.ratings.bots import (
    bot_rating,
    bot_ratings,
    bot_ratings_by_players,
    rated_level_label,
)
from courtly.analysis.ratings.model import NEW, Rating, rate
from courtly.analysis.ratings.placings import placings, placings_of

__all__ = [
    "NEW",
    "Rating",
    "bot_rating",
    "bot_ratings",
    "bot_ratings_by_players",
    "placings",
    "placings_of",
    "rate",
    "rated_level_label",
]
