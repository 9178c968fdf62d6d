"""Positions drawn by the value they show (``screening.py``): each drawn with a chance it knows
and weighted by its inverse, so a decile's weighted rate is the rate of evenly drawn positions,
measured with the margin of the independent positions behind it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmark_scripts import calibrate_review

import courtly
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.calibration import isotonic, logistic
from courtly.analysis.review.fit import Sample, collect, fit, play_game
from courtly.analysis.review.measure import Bin, reliability
from courtly.analysis.review.screening import Screen
from courtly.core.rng import Rng

SMALL = ReviewSettings(iterations=10, seconds=None, seed=0)


def test_each_position_is_drawn_with_the_chance_it_is_weighted_by() -> None:
    # Seat 0 has four promising positions (two are drawn: 1/2 each), seat 1 one (always), and
    # the two others are drawn one time in four each.
    seats = [0, 0, 0, 0, 1, 1, 0]
    promising = [True, True, True, True, False, True, False]
    screen = Screen(iterations=1, above=0.5, keep=2, others=4)
    expected = [0.5, 0.5, 0.5, 0.5, 0.25, 1.0, 0.25]
    draws = 8000
    counts = [0] * len(seats)
    rng = Rng(11)
    for _ in range(draws):
        drawn = screen.chances(seats, promising, rng)
        assert sum(1 for at in drawn if promising[at] and seats[at] == 0) == 2
        for at, chance in drawn.items():
            assert chance == expected[at]
            counts[at] += 1
    for at, count in enumerate(counts):
        assert count / draws == pytest.approx(expected[at], abs=0.02), at


def test_weighted_rates_are_those_of_the_even_draw_where_plain_rates_are_not() -> None:
    """A population where the promising positions are the ones won more often: the screened
    draw's plain rate in a decile is off, its weighted rate is that of every position."""
    rng = Rng(3)
    seats, promising, chances, won = [], [], [], []
    for at in range(40_000):
        hopeful = rng.random() < 0.2
        seats.append(at // 20)  # twenty positions a seat, each one outcome of its own here
        promising.append(hopeful)
        chances.append(0.55)  # every position in the 50-60% decile
        won.append(float(rng.random() < (0.8 if hopeful else 0.4)))
    everyone = sum(won) / len(won)
    screen = Screen(iterations=1, above=0.5, keep=1, others=40)
    drawn = screen.chances(seats, promising, rng)
    picked = sorted(drawn)
    weights = [1 / drawn[at] for at in picked]
    plain = reliability([chances[at] for at in picked], [won[at] for at in picked])
    weighted = reliability([chances[at] for at in picked], [won[at] for at in picked], weights)
    assert abs(plain[0].observed - everyone) > 0.1
    assert weighted[0].observed == pytest.approx(everyone, abs=0.03)
    assert weighted[0].effective < plain[0].count


def test_one_seats_positions_in_one_game_count_as_one_in_the_margin() -> None:
    chances = [0.55, 0.56, 0.57, 0.58]
    outcomes = [1.0, 1.0, 0.0, 1.0]
    (alone,) = reliability(chances, outcomes)
    assert alone.count == 4 and alone.effective == 4
    (shared,) = reliability(chances, outcomes, units=["a", "a", "a", "b"])
    assert shared.count == 4 and shared.observed == alone.observed
    assert shared.effective == pytest.approx(16 / 10)  # units of weight 3 and 1
    table = calibrate_review().reliability_table([shared, Bin(0.6, 0.7, 400, 0.65, 0.66, 400.0)])
    assert "| 50-60% | 4 (2) |" in table[2], "the effective number beside the count"
    assert "| 60-70% | 400 |" in table[3]
    margin = float(table[2].split("|")[6])
    assert margin == pytest.approx(1.96 * 100 * (0.565 * 0.435 / 1.6) ** 0.5, abs=0.1)


def test_a_weight_counts_as_that_many_positions_in_the_fits() -> None:
    rng = Rng(4)
    values = [rng.random() for _ in range(300)]
    outcomes = [float(rng.random() < v) for v in values]
    weights = [float(1 + rng.below(3)) for _ in values]
    copies = [
        (v, o) for v, o, w in zip(values, outcomes, weights, strict=True) for _ in range(int(w))
    ]
    twice_v, twice_o = [v for v, _ in copies], [o for _, o in copies]
    stepped, repeated = isotonic(values, outcomes, 1, weights), isotonic(twice_v, twice_o, 1)
    assert stepped.chances == repeated.chances
    assert stepped.values == pytest.approx(repeated.values, abs=1e-12)
    weighted, copied = logistic(values, outcomes, weights), logistic(twice_v, twice_o)
    assert weighted.chances == pytest.approx(copied.chances, abs=1e-4)
    assert weighted != logistic(values, outcomes)


def test_a_few_positions_that_separate_fit_without_overflow() -> None:
    curve = logistic([0.01, 0.02, 0.98, 0.99], [0.0, 0.0, 1.0, 1.0])
    assert curve.chance(0.0) < 0.01 and curve.chance(1.0) > 0.99


def test_a_screened_game_draws_its_positions_by_their_cheap_values() -> None:
    game = courtly.load("kingdoms")
    played = play_game(game, 2, 5, 0)
    positions = len(played.choices)
    # Everything promising, a keep above any seat's count: every position drawn, each standing
    # for its share of the game's even draw of 6.
    every = Screen(iterations=5, above=-1.0, keep=positions, others=3)
    samples = every(game, 2, 5, 0, 6, SMALL)
    assert len(samples) == positions
    assert sum(s.weight for s in samples) == pytest.approx(6)
    assert [s.outcome for s in samples] == [played.rewards[s.seat or 0] for s in samples]
    # Nothing promising: one in three drawn, each weighing three shares.
    none = Screen(iterations=5, above=2.0, keep=1, others=3)
    drawn = none(game, 2, 5, 0, 6, SMALL)
    assert 0 < len(drawn) < positions
    assert {round(s.weight, 9) for s in drawn} == {round(3 * 6 / positions, 9)}
    assert drawn == none(game, 2, 5, 0, 6, SMALL), "the same game draws the same positions"


def test_a_screened_run_keeps_its_settings_and_plays_games_of_its_own(tmp_path: Path) -> None:
    game = courtly.load("kingdoms")
    screen = Screen(iterations=5, above=0.6, keep=1, others=4)
    samples = collect(game, [2], 3, 6, SMALL, 0, sampler=screen, first=1_000_000)
    assert {s.game_index for s in samples} == {1_000_000, 1_000_001, 1_000_002}
    assert all(s.seat is not None for s in samples)
    script = calibrate_review()
    path = tmp_path / "kingdoms-2-screened.json"
    script.write_samples(path, samples)
    assert [Sample(**s) for s in script.read_samples(path)] == samples
    even = collect(game, [2], 3, 2, SMALL, 0)
    script.write_samples(path, even)
    assert all(
        set(s) == {"game_index", "players", "value", "outcome"}
        for s in json.loads(path.read_text())
    ), "an even run's file keeps its form"
    run = {"game": "kingdoms", "players": [2], "positions": 6, "iterations": 10, "seed": 0}
    log = script.SampleLog(tmp_path / "run.part", {**run, "screen": {"above": 0.6}})
    log.keep(1_000_000, samples[:1])
    with pytest.raises(ValueError, match="other settings"):
        script.SampleLog(tmp_path / "run.part", run)
    fitted = fit(samples + even)
    assert fitted.held_out == sum(1 for s in samples + even if s.game_index % 3 == 0)
