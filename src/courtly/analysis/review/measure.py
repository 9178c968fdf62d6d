"""How well chances match outcomes: deciles of predicted chance with the rate observed in each
(and the independent positions behind it), the Brier score, and how surely a curve misses the
review's calibration target (every decile within 5 points). Positions may carry weights and
share outcomes (``screening.py``); evenly drawn ones weigh 1 and stand alone."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

#: How far a decile's predicted chance may be from its observed rate: the target.
TOLERANCE = 0.05


@dataclass(frozen=True)
class Bin:
    low: float
    high: float
    count: int  # positions
    predicted: float  # their mean predicted chance (weighted)
    observed: float  # the rate at which they were won (weighted)
    # The independent positions their rates are worth (Kish's effective size): ``count`` when
    # every position weighs 1 and stands alone; fewer where weights differ, or where one
    # seat's positions in one game, which share one outcome, count as one of their weight.
    effective: float


def reliability(
    chances: Sequence[float],
    outcomes: Sequence[float],
    weights: Sequence[float] | None = None,
    units: Sequence[Hashable] | None = None,
) -> list[Bin]:
    """Decile bins of predicted chance: how many, the mean predicted, the rate observed, and
    the effective number of positions behind them. Positions weigh ``weights[i]`` (1 each if
    not given); those of the same ``units[i]`` share one outcome (each its own if not given)."""
    ws = [1.0] * len(chances) if weights is None else weights
    us: Sequence[Hashable] = range(len(chances)) if units is None else units
    bins = []
    for decile in range(10):
        low, high = decile / 10, (decile + 1) / 10
        inside = [
            (c, o, w, u)
            for c, o, w, u in zip(chances, outcomes, ws, us, strict=True)
            if low <= c < high or (decile == 9 and c == 1.0)
        ]
        if inside:
            total = sum(w for _, _, w, _ in inside)
            predicted = sum(w * c for c, _, w, _ in inside) / total
            observed = sum(w * o for _, o, w, _ in inside) / total
            effective = effective_size([w for _, _, w, _ in inside], [u for *_, u in inside])
            bins.append(Bin(low, high, len(inside), predicted, observed, effective))
    return bins


def effective_size(weights: Sequence[float], units: Sequence[Hashable]) -> float:
    """The independent positions that positions of these weights are worth (Kish's effective
    size), those of one unit sharing one outcome: they count as one of their summed weight."""
    per_unit: dict[Hashable, float] = {}
    for w, u in zip(weights, units, strict=True):
        per_unit[u] = per_unit.get(u, 0.0) + w
    return sum(weights) ** 2 / sum(w * w for w in per_unit.values())


def brier(
    chances: Sequence[float], outcomes: Sequence[float], weights: Sequence[float] | None = None
) -> float:
    ws = [1.0] * len(chances) if weights is None else weights
    return sum(w * (c - o) ** 2 for c, o, w in zip(chances, outcomes, ws, strict=True)) / sum(ws)


def missed(bins: Sequence[Bin]) -> float:
    """How surely deciles miss the target: each decile's distance beyond ``TOLERANCE``, in
    standard errors of its observed rate, squared and summed (0 when every decile is within
    5 points). A decile far off on many positions counts; one off on a handful, little."""
    total = 0.0
    for b in bins:
        beyond = abs(b.predicted - b.observed) - TOLERANCE
        if beyond > 0:
            error = math.sqrt(max(b.predicted * (1 - b.predicted), 1e-4) / b.effective)
            total += (beyond / error) ** 2
    return total
