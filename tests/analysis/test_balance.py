"""The report's written summary: what it calls significantly unbalanced, and what not."""

from __future__ import annotations

import re

from courtly.analysis.report.balance import summary
from courtly.analysis.report.tally import ReportTally
from courtly.analysis.simulate import GameOutcome
from courtly.core.i18n import using


def tally_of(
    winners: list[list[int]], players: int = 2, values: tuple[object, ...] = ()
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
        "Seat 1 wins significantly more often with mode: a (100.0%) than with mode: b (0.0%)."
        in lines
    )
    assert not lines[0].startswith("Nothing")


def test_the_varied_option_is_named_in_words() -> None:
    """Issue: the summary named the option as typed ("battle=True", "spy_memory=remember"):
    now its label and value words, as the facts (``Battle: yes``), in English and Korean."""
    tally = tally_of([[0], [1]] * 40, values=(True, False))
    lines = summary(tally, ["random", "random"], "battle", "kingdoms")
    assert (
        "Seat 1 wins significantly more often with Battle: yes (100.0%) than with Battle: no "
        "(0.0%)." in lines
    ), lines
    assert any(line.startswith("Seat 1 (Battle: yes) wins significantly more") for line in lines)
    with using("ko"):
        lines = summary(tally, ["random", "random"], "battle", "kingdoms")
    assert any(
        line.startswith("1번 자리의 승률은 전투: 예일 때(100.0%)가 전투: 아니요일 때(0.0%)보다")
        for line in lines
    ), lines
    assert not any(re.search("battle|True|False|=", line) for line in lines), lines
    balanced = summary(
        tally_of([[0], [1], [1], [0]] * 20, values=("remember", "forget")),
        ["random"] * 2,
        "spy_memory",
        "courtisans",
    )
    assert "whatever the value of Spy memory." in balanced[0], balanced


def test_different_agents_and_failed_games_are_mentioned() -> None:
    tally = tally_of([[0], [1]] * 5)
    tally.add(GameOutcome(99, 99, error="boom"))
    lines = summary(tally, ["greedy", "random"], None)
    assert any("different agents" in line for line in lines)
    assert any(line.startswith("1 game(s) failed") for line in lines)


def _by_count(games: int, winner_of: dict[int, list[int]]) -> ReportTally:
    """Games alternate between 2 and 3 players; ``winner_of[count]`` gives each count's winners."""
    tally = ReportTally(3, (2, 3), vary_players=True)
    for index in range(games):
        count = (2, 3)[index % 2]
        won = winner_of[count]
        scores = [1.0 if seat in won else 0.0 for seat in range(count)]
        tally.add(GameOutcome(index, index, scores, won, 10, varied=count))
    return tally


def test_with_the_player_count_varied_each_count_has_its_own_fair_share() -> None:
    # Seat 1 wins every game: 100% against 50% with two players, against 33.3% with three.
    lines = summary(_by_count(80, {2: [0], 3: [0]}), ["random"] * 3, "players")
    assert any(
        "Seat 1 (players: 2) wins significantly more" in line and "50.0%." in line for line in lines
    )
    assert any(
        "Seat 1 (players: 3) wins significantly more" in line and "33.3%." in line for line in lines
    )
    # Seat 1 is not "better with two players" for winning half its games there and a third
    # with three: each is its fair share, and nothing is called unbalanced.
    split = {2: [0, 1], 3: [0, 1, 2]}
    lines = summary(_by_count(80, split), ["random"] * 3, "players")
    assert lines[0].startswith("Nothing is significantly unbalanced at 95% over 80 games")
    assert "fair share of 1/players, whatever the value of players" in lines[0]


def test_the_varied_player_count_reads_in_korean() -> None:
    split = {2: [0, 1], 3: [0, 1, 2]}
    with using("ko"):
        lines = summary(_by_count(80, split), ["random"] * 3, "players")
    assert "인원 값이 무엇이든 모든 자리의 승률이 공정한 몫(1/인원 수)에 들어맞습니다" in lines[0]
    # A finding names the player count in Korean words too, and English is unchanged.
    with using("ko"):
        lines = summary(_by_count(80, {2: [0], 3: [0]}), ["random"] * 3, "players")
    assert any(line.startswith("1번 자리 (인원: 2일 때)") for line in lines), lines


def test_a_range_of_negative_scores_reads_unambiguously() -> None:
    """Issue: "against -9.12 (-11.85--6.40)": a range is written with words (Korean: a tilde)
    and true minus signs, never as a hyphen between two hyphenated figures."""
    tally = ReportTally(2)
    for index in range(40):
        scores = [10.0 + index % 5, -12.0 + index % 7]
        tally.add(GameOutcome(index, index, scores, [0], 10))
    for lang, joined in (("en", " to \u2212"), ("ko", "~\u2212")):
        with using(lang):
            lines = summary(tally, ["random", "random"], None)
        (line,) = [line for line in lines if "\u2212" in line]  # the scores' finding
        assert joined in line and "\u22129." in line, line
        assert not any(re.search(r"\d-|--", line) for line in lines), lines
