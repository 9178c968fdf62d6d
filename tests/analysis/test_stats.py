"""The report's intervals: a rate's stays within 0 to 1 (Wilson), a mean's is Student's t, and
neither claims a zero-width interval from one game."""

from __future__ import annotations

import math
import random
import re

import pytest

import courtly
from courtly.analysis.report.labels import interval_text
from courtly.analysis.report.page import render_page
from courtly.analysis.report.tally import GroupTally
from courtly.analysis.simulate import GameOutcome
from courtly.analysis.stats import ExactSum, mean_interval, t95
from courtly.core.i18n import using
from courtly.core.registry import game_names

#: As Courtisans declares them (``Game.report_rates``).
RATES = frozenset({"missions completed"})


def group_of(statistics: list[dict[str, float | str]], rates: frozenset[str] = RATES) -> GroupTally:
    group = GroupTally(2, rates=rates)
    for index, stats in enumerate(statistics):
        group.add(GameOutcome(index, index, [1.0, 0.0], [0], 10, statistics=stats))
    return group


MISSION = "missions completed/W7 3+ nobles in domain"


@pytest.mark.parametrize(
    "values",
    [[1.0], [0.0], [1.0, 0.0], [1.0] * 7 + [0.0], [0.0, 0.0, 0.0, 0.0, 1.0], [1.0] * 3],
)
def test_a_rate_has_a_proportions_interval_within_0_and_1(values: list[float]) -> None:
    """A statistic of 0 or 1 per game (a mission completed or not, when dealt) is a rate: its
    interval is Wilson's, never below 0 or above 1, and not of zero width for few games (the
    normal approximation gave 0.500 -0.066 to 1.066, and 1.000 1.000 to 1.000 for one game)."""
    group = group_of([{MISSION: v} for v in values])
    assert group.is_rate(MISSION)
    rate, low, high = group.statistic_interval(MISSION)
    assert rate == pytest.approx(sum(values) / len(values))
    assert 0.0 <= low <= rate <= high <= 1.0
    assert high - low > 0.1


def test_a_count_or_a_quantity_is_not_a_rate() -> None:
    group = group_of([{"length/rounds": 7.0}, {"length/rounds": 9.0}])
    assert not group.is_rate("length/rounds")
    assert group.statistic_interval("length/rounds") == pytest.approx(mean_interval([7.0, 9.0]))
    # A count that happened at most once in these games is still a count: only what the game
    # declares a rate is one.
    sedition = "Glory powers per game/Sedition"
    counted = group_of([{sedition: 1.0}, {sedition: 0.0}])
    assert not counted.is_rate(sedition)
    assert counted.statistic_interval(sedition)[1] < 0  # a mean's interval, as it may be
    offices = "offices/held at the end"
    assert not group_of([{offices: 1.0}, {offices: 1.0}, {offices: 0.0}]).is_rate(offices)


def test_a_mean_uses_students_t_and_one_game_claims_no_interval() -> None:
    assert t95(1) == pytest.approx(12.706, abs=1e-3)
    assert t95(9) == pytest.approx(2.262, abs=1e-3)
    assert t95(30) == pytest.approx(2.042, abs=1e-3)
    assert t95(200) == pytest.approx(1.972, abs=1e-3)
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and high - mean == pytest.approx(4.303 / math.sqrt(3), abs=1e-3)
    assert mean - low == pytest.approx(high - mean)
    one = ExactSum()
    one.add(5.0)
    assert one.interval() == (5.0, -math.inf, math.inf)
    assert mean_interval([5.0]) == (5.0, -math.inf, math.inf)


def _statistics_rows(page: str) -> dict[str, tuple[str, str]]:
    """The table's statistics by their words (the item under its group's heading)."""
    table = page.split("<h2>The game&#x27;s own statistics</h2>", 1)[1]
    return {
        name: (mean, span)
        for name, mean, span in re.findall(
            r"<tr><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", table
        )
    }


def test_the_page_shows_a_rates_interval_and_says_when_a_mean_has_none() -> None:
    group = group_of([{MISSION: 1.0, "prestige per player/during the rounds": -3.5}])
    rows = _statistics_rows(render_page("t", {}, [], [], group))
    mission = MISSION.split("/", 1)[1]
    assert rows[mission][0] == "1.000"
    low, high = (float(v) for v in rows[mission][1].split(" to "))
    assert 0 < low < high == 1.0
    assert rows["during the rounds"] == (
        "\u22123.500",
        "cannot be estimated from one game",
    )


def test_the_games_declare_their_rates() -> None:
    """Courtisans' missions are its rates (each dealt one completed or not); the others have
    none, and every declared group is one the game's statistics give."""
    assert courtly.load("courtisans").report_rates == RATES
    for name in game_names():
        game = courtly.load(name)
        if name != "courtisans":
            assert game.report_rates == frozenset(), name
            continue
        state = game.new_game(2, seed=1)
        rng = random.Random(1)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        groups = {key.split("/", 1)[0] for key in game.report_statistics(state)}
        assert game.report_rates <= groups, groups


def test_an_interval_reads_in_words_with_true_minus_signs() -> None:
    """One helper writes every designer command's intervals (the report's page, simulate,
    tournament): "a to b" (Korean "a~b"), never "a-b", where the hyphen reads as a minus."""
    assert interval_text(0.04, 0.2312, 3) == "0.040 to 0.231"
    assert interval_text(-11.849, -6.4, 2) == "\u221211.85 to \u22126.40"
    assert interval_text(0.004, 0.1649, 0, percent=True) == "0% to 16%"
    with using("ko"):
        assert interval_text(0.04, 0.2312, 3) == "0.040~0.231"
        assert interval_text(0.004, 0.1649, 0, percent=True) == "0%~16%"
