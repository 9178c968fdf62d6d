"""Confidence intervals for win rates and means."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (shared wins count fractionally)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # Rounded far below any figure shown, so that a bound of 0 is 0 and not 5.55e-17.
    return (round(max(0.0, centre - half), 12), round(min(1.0, centre + half), 12))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


class ExactSum:
    """A running sum (and sum of squares) that does not depend on the order of its terms.

    Runs fold games in the order they finish, which varies with the workers; float addition
    is not associative, so plain sums would differ in their last digits from run to run.
    Whole numbers (most scores, game lengths) are summed as integers; the rest as exact
    fractions of their binary values."""

    __slots__ = ("_exact", "_exact_squares", "_whole", "_whole_squares", "count")

    def __init__(self) -> None:
        self.count = 0
        self._whole = 0
        self._whole_squares = 0
        self._exact = Fraction(0)
        self._exact_squares = Fraction(0)

    def add(self, value: float) -> None:
        self.count += 1
        if float(value).is_integer():
            whole = int(value)
            self._whole += whole
            self._whole_squares += whole * whole
        else:
            exact = Fraction(value)
            self._exact += exact
            self._exact_squares += exact * exact

    def merge(self, other: ExactSum) -> None:
        self.count += other.count
        self._whole += other._whole
        self._whole_squares += other._whole_squares
        self._exact += other._exact
        self._exact_squares += other._exact_squares

    @property
    def total(self) -> float:
        return float(self._whole + self._exact)

    @property
    def mean(self) -> float:
        return float((self._whole + self._exact) / self.count) if self.count else 0.0

    def interval(self, z: float = Z95) -> tuple[float, float, float]:
        """The mean and its normal-approximation 95% interval (as :func:`mean_interval`)."""
        n = self.count
        if n == 0:
            return (0.0, 0.0, 0.0)
        total = self._whole + self._exact
        mean = total / n
        if n == 1:
            return (float(mean), float(mean), float(mean))
        variance = (self._whole_squares + self._exact_squares - total * mean) / (n - 1)
        half = z * math.sqrt(max(0.0, float(variance)) / n)
        return (float(mean), float(mean) - half, float(mean) + half)
