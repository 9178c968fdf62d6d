"""How much win chance a move must lose to be marked, per game.

A loss is counted in points of win chance (0.10 is ten points). The thresholds are lower where
the chances are smaller to begin with: with five seats an even chance is 20%, and losing ten
points of it is half of it, where in a two-seat game (an even chance of 50%) it is a fifth.
Kingdoms (always two seats) and Tudor (mostly two or three) get the larger thresholds;
Courtisans and For the King (up to five seats) the smaller ones. The search's estimates move by
a few points from one search to the next (docs/bots.md, "Review"), so a loss below the first
threshold is not marked at all.
"""

from __future__ import annotations

from dataclasses import dataclass

MARKS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Thresholds:
    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, loss: float) -> str | None:
        """The mark a loss of ``loss`` (a share of 1) earns, None for none."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None


THRESHOLDS: dict[str, Thresholds] = {
    "kingdoms": Thresholds(0.06, 0.12, 0.25),
    "tudor": Thresholds(0.05, 0.10, 0.20),
    "courtisans": Thresholds(0.04, 0.08, 0.15),
    "for-the-king": Thresholds(0.04, 0.08, 0.15),
}
#: A game not in the table (one added later) gets these until it is measured.
DEFAULT_THRESHOLDS = Thresholds(0.05, 0.10, 0.20)


def thresholds(game_name: str) -> Thresholds:
    return THRESHOLDS.get(game_name, DEFAULT_THRESHOLDS)
