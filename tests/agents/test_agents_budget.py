"""What a spec may cost: every level of every game is within the strongest level's budget, and
the specs that could hold a worker for minutes are not."""

from __future__ import annotations

import pytest

from courtly.agents.budget import over_budget
from courtly.agents.levels import LEVELS
from courtly.core.errors import error_text
from courtly.core.registry import game_names


@pytest.mark.parametrize("game", game_names())
def test_every_level_is_within_the_budget(game: str) -> None:
    for level in LEVELS:
        assert over_budget(game, level) is None
    assert over_budget(game, "random") is None
    assert over_budget(game, "greedy") is None
    assert over_budget(game, "hard:seconds=1") is None


@pytest.mark.parametrize(
    ("spec", "key"),
    [
        ("ismcts:seconds=100000", "error.agent.budget_seconds"),
        ("hard:seconds=1.5", "error.agent.budget_seconds"),
        ("ismcts:iterations=1000000000", "error.agent.budget_iterations"),
        ("ismcts:iterations=100", "error.agent.budget_iterations"),  # rollouts to the end
        ("easy:depth=end", "error.agent.budget_iterations"),
        ("greedy:samples=100000000", "error.agent.budget_samples"),
    ],
)
def test_a_costlier_spec_is_over_with_one_line_in_each_language(spec: str, key: str) -> None:
    error = over_budget("tudor", spec)
    assert error is not None and error.key == key
    for lang in ("en", "ko"):
        line = error_text(error, lang)
        assert spec in line and "\n" not in line
