"""The post-game review: each decision of one seat judged by the strong search from what that
seat knew when it decided (docs/bots.md, "Review")."""

from courtly.analysis.review.engine import (
    Decision,
    Review,
    ReviewSettings,
    judge_turn,
    review_record,
)
from courtly.analysis.review.turns import (
    Position,
    Turn,
    line_views,
    replay_positions,
    turns_of,
)

__all__ = [
    "Decision",
    "Position",
    "Review",
    "ReviewSettings",
    "Turn",
    "judge_turn",
    "line_views",
    "replay_positions",
    "review_record",
    "turns_of",
]
