"""Runs of one count pooled by what each knows where (``pooling.py``): within a band of value,
each run's weights sum to its effective number of positions there, their proportions kept; a
count with one run is left alone; results are never read; and where the value is rare, the
pool knows more than the runs weighted as drawn, its rates as right."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from courtly.analysis.review.fit import Sample
from courtly.analysis.review.measure import reliability
from courtly.analysis.review.pooling import pooled
from courtly.core.rng import Rng


def _even(values: list[float], players: int = 4, first: int = 0) -> list[Sample]:
    """An even run's positions: weight 1, each its own outcome."""
    return [Sample(first + at, players, v, float(at % 2)) for at, v in enumerate(values)]


def test_a_count_with_one_run_is_left_as_it_is() -> None:
    even = _even([0.1, 0.5, 0.9, 0.3])
    screened = [Sample(100 + at, 5, 0.95, 1.0, 0.1, 0) for at in range(4)]
    # Each count has one run: nothing to pool (the even pools refit as before).
    assert pooled([even, screened]) == even + screened
    assert pooled([even]) == even


def test_each_run_weighs_what_it_knows_in_a_band() -> None:
    # One band (every value alike). The even run: 100 positions of weight 1, each alone, worth
    # 100. The screened run: 100 positions of weight 0.1, two a seat of a game (one outcome):
    # 50 units of 0.2, worth 0.1 * 100 squared / (50 * 0.2 squared) = 50; its proportions kept.
    even = _even([0.9] * 100)
    screened = [
        Sample(1000 + at // 2, 4, 0.9, 1.0, 0.1 * (1 + at % 2), seat=0) for at in range(100)
    ]
    worth = 15.0**2 / (50 * 0.3**2)  # 50
    out = pooled([even, screened])
    assert sum(s.weight for s in out[:100]) == pytest.approx(100)
    assert sum(s.weight for s in out[100:]) == pytest.approx(worth)
    assert out[101].weight == pytest.approx(2 * out[100].weight)
    assert [replace(s, weight=1.0) for s in out] == [
        replace(s, weight=1.0) for s in even + screened
    ]


def test_results_are_never_read() -> None:
    rng = Rng(5)
    even = _even([rng.random() for _ in range(300)])
    screened = [
        Sample(5000 + at, 4, 0.8 + rng.random() / 5, 1.0, 0.05, seat=at % 3) for at in range(300)
    ]
    flipped = [[replace(s, outcome=1 - s.outcome) for s in run] for run in (even, screened)]
    assert [s.weight for s in pooled([even, screened])] == [s.weight for s in pooled(flipped)]


def test_where_the_value_is_rare_the_pool_knows_more_and_as_right() -> None:
    """A game won with a chance equal to the value. The even run: 20,000 positions of every
    value, 2% of them above 0.9 (weight 1 each). The screened run: 2,000 positions above 0.9
    drawn for sure (weight 0.05 each: each stands for itself among twenty of its game) and
    2,000 others drawn one in twenty (weight 1). Weighted as drawn, the even run's few dominate
    the top decile; pooled, the screened run's many count, and the rate stays the true one."""
    rng = Rng(17)

    def value() -> float:
        return 0.9 + rng.random() / 10 if rng.random() < 0.02 else rng.random() * 0.9

    even = [Sample(at, 4, v, float(rng.random() < v)) for at in range(20_000) for v in [value()]]
    screened = []
    for at in range(4000):
        v = 0.9 + rng.random() / 10 if at < 2000 else rng.random() * 0.9
        weight = 0.05 if at < 2000 else 1.0
        screened.append(Sample(100_000 + at, 4, v, float(rng.random() < v), weight, seat=0))

    def top(samples: list[Sample]) -> tuple[float, float, float]:
        bins = reliability(
            [s.value for s in samples],
            [s.outcome for s in samples],
            [s.weight for s in samples],
            [at if s.seat is None else (s.game_index, s.seat) for at, s in enumerate(samples)],
        )
        return bins[-1].effective, bins[-1].observed, bins[-1].predicted

    as_drawn, _, _ = top(even + screened)
    worth, observed, predicted = top(pooled([even, screened]))
    assert worth > 3 * as_drawn, (worth, as_drawn)
    margin = 1.96 * math.sqrt(predicted * (1 - predicted) / worth)
    assert abs(observed - predicted) < 2 * margin, (observed, predicted, margin)
