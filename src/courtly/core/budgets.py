"""What a game declares about its bots' difficulty levels (``Game.level_budgets``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LevelBudgets:
    """The search iterations of the ``easy``, ``medium`` and ``hard`` levels in one game, and
    the ``scale`` of its heuristic (about one standard deviation in mid-game, so that the
    search's logistic return stays graded). ``courtly.agents.levels`` builds the searches;
    the game, which the numbers were measured on, declares them (docs/bots.md)."""

    easy: int
    medium: int
    hard: int
    scale: float
