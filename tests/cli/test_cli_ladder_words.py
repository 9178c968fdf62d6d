"""The ladder's 95% intervals read as the report's do ("44% to 97%", Korean "44%~97%"), whole
on one line: "44-97%" read as a minus sign, as simulate's and tournament's did."""

from __future__ import annotations

import pytest

from courtly.analysis.ladder import LadderResult, LadderStep
from courtly.cli.common import console
from courtly.cli.ladder import steps_table
from courtly.core.i18n import using

RESULT = LadderResult(
    game="tudor",
    players=2,
    agents=("hard", "greedy"),
    seed=1,
    steps=(LadderStep("hard", "greedy", 40, 0.75, (0.44, 0.97), 0.5),),
    elo={"hard": 0.0, "greedy": -200.0},
)


@pytest.mark.parametrize(("lang", "said"), [("en", "44% to 97%"), ("ko", "44%~97%")])
@pytest.mark.parametrize("width", [80, 60])
def test_the_ladders_interval_is_in_words_on_one_line(lang: str, said: str, width: int) -> None:
    kept = console.width
    try:
        with using(lang), console.capture() as captured:
            console.width = width
            console.print(steps_table(RESULT))
    finally:
        console.width = kept
    shown = captured.get()
    assert said in shown, shown
    assert "44-97%" not in shown
