"""The report's written summary: what it calls significantly unbalanced, and what not."""

from __future__ import annotations

from courtly.analysis.report.balance import summary
from courtly.analysis.report.tally import ReportTally
from courtly.analysis.simulate import GameOutcome


def tally_of(
    winners: list[list[int]], players: int = 2, values: tuple[str, ...] = ()
) -> ReportTally:
    tally = ReportTally(players, values)
    for index, won in enumerate(winners):
        scores = [1.0 if seat in won else 0.0 for seat in range(players)]
        tally.add(GameOutcome(index, index, scores, won, 10))
    return tally


def test_a_seat_that_wins_far_more_than_its_share_is_named() -> None:
    lines = summary(tally_of([[0]] * 70 + [[1]] * 30), ["random", "random"], None)
    assert lines[0].startswith("Seat 1 wins significantly more often than the fair share: 70.0%")
    assert any(line.startswith("Seat 2 wins significantly less often") for line in lines)
    assert any("scores significantly more than seat 2" in line for line in lines)


def test_an_even_split_is_called_balanced_with_the_precision_it_has() -> None:
    lines = summary(tally_of([[0], [1]] * 50), ["random", "random"], None)
    assert lines[0].startswith("Nothing is significantly unbalanced at 95% over 100 games")
    assert "within about 9.6 points" in lines[1]


def test_a_difference_between_values_of_the_varied_option_is_named() -> None:
    # Game i has value i % 2: seat 1 wins every "a" game and no "b" game.
    tally = tally_of([[0], [1]] * 40, values=("a", "b"))
    lines = summary(tally, ["random", "random"], "mode")
    assert (
        "Seat 1 wins significantly more often with mode=a (100.0%) than with mode=b (0.0%)."
        in lines
    )
    assert not lines[0].startswith("Nothing")


def test_different_agents_and_failed_games_are_mentioned() -> None:
    tally = tally_of([[0], [1]] * 5)
    tally.add(GameOutcome(99, 99, error="boom"))
    lines = summary(tally, ["greedy", "random"], None)
    assert any("different agents" in line for line in lines)
    assert any(line.startswith("1 game(s) failed") for line in lines)
