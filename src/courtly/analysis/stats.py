"""Confidence intervals for win rates, other rates and means."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

Z95 = 1.959963984540054
# Above this many degrees of freedom, Student's t quantile is taken from its expansion in
# 1/df around the normal one (exact to far below the digits shown); at or below, exactly.
_T_EXACT_UP_TO = 100


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


def _t_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with a whole number ``df`` of degrees of freedom, in closed
    form (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2:
        term, total = math.cos(theta), 0.0
        for k in range(3, df + 1, 2):
            total += term
            term *= cos2 * (k - 1) / k
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term, total = 1.0, 0.0
    for k in range(2, df + 1, 2):
        total += term
        term *= cos2 * (k - 1) / k
    return math.sin(theta) * total


@lru_cache(maxsize=256)
def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (12.71 at 1,
    2.26 at 9, 1.96 as df grows)."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if df > _T_EXACT_UP_TO:
        z, v = Z95, float(df)
        return (
            z
            + (z**3 + z) / (4 * v)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
        )
    low, high = Z95, 13.0
    for _ in range(60):
        middle = (low + high) / 2
        if _t_two_sided(middle, df) < 0.95:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (Student's t). One value says nothing of the spread: its
    interval is unbounded (-inf to inf), never the zero width of the value itself."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, -math.inf, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
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

    def interval(self) -> tuple[float, float, float]:
        """The mean and its 95% interval (Student's t, as :func:`mean_interval`: unbounded
        for a single term)."""
        n = self.count
        if n == 0:
            return (0.0, 0.0, 0.0)
        total = self._whole + self._exact
        mean = total / n
        if n == 1:
            return (float(mean), -math.inf, math.inf)
        variance = (self._whole_squares + self._exact_squares - total * mean) / (n - 1)
        half = t95(n - 1) * math.sqrt(max(0.0, float(variance)) / n)
        return (float(mean), float(mean) - half, float(mean) + half)

    def rate_interval(self) -> tuple[float, float, float]:
        """The share of terms that are 1 (a rate's terms are each 0 or 1) and its Wilson 95%
        interval, within 0 to 1 and never of zero width, whatever the count."""
        low, high = wilson_interval(self.total, self.count)
        return (self.mean, low, high)
