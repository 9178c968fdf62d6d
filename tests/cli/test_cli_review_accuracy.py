"""``courtly review``'s accuracy says how it is reckoned (sweep H2 of the terminal): the mean,
over the judged decisions, of the win chance after the move played divided by the chance
before it (``Review.accuracy``), in one line of 80 columns in either language."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.engine import Decision, Review
from courtly.cli.common import console
from courtly.cli.review import _print
from courtly.core.i18n import using
from courtly.core.match import play_match


def _decision(step: int, before: float, after: float, move: int) -> Decision:
    return Decision(step, step, 1, [move], [move], before, after, before - after, None, 5)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Accuracy: 75% (mean of each decision's chance after ÷ before, at most 100%)"),
        ("ko", "정확도: 75% (결정마다 '둔 수의 승률 / 결정 전 승률'의 평균, 각 최대 100%)"),
    ],
)
def test_the_accuracy_line_says_its_formula(lang: str, said: str) -> None:
    game = courtly.load("courtisans")
    agents = [make_agent("greedy", game) for _ in range(2)]
    record = play_match(game, agents, seed=7, keep_record=True).record
    assert record is not None
    move = game.new_game(2, seed=7).legal_action_ids()[0]
    # 0.25 / 0.5 kept half, 0.4 / 0.4 all: 75% by the formula the line states.
    decisions = [_decision(0, 0.5, 0.25, move), _decision(2, 0.4, 0.4, move)]
    review = Review("courtisans", 0, ReviewSettings(iterations=5), decisions=decisions)
    assert review.accuracy() == 75.0
    with using(lang), console.capture() as captured:
        _print(game, record, review, [])
    lines = captured.get().splitlines()
    assert said in lines, lines
    assert cell_len(said.replace("75%", "100%")) <= 80
