"""From the search's value to a win chance, per game and player count.

The review's search returns a mean of logistic scores of heuristic positions (depth-0
rollouts), which orders positions well but is not a probability. A calibration maps it to the
rate at which positions with that value were won, fitted on positions of finished games
between bots, separately at each player count (a value of 0.6 is won far less often among
five seats than between two). Two fits are tried: a logistic curve on the value's log-odds
(Platt scaling, two parameters) and an isotonic one (the increasing step function closest to
the outcomes, each step holding at least ``MIN_BLOCK`` positions, or more (``MIN_BLOCKS``), so
it does not learn from noise); the one with the better Brier score across folds of the
training games is kept. Both are shipped as knots in one small JSON file per game
(``data/<game>.json``, one curve per player count), refitted by
``benchmarks/calibrate_review.py`` (``fit.py``). A game or player count with no curve is not
calibrated: its chance is the search's value, clipped to [0, 1].
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from courtly.core.canonical import canonical_json
from courtly.core.state import text_fingerprint

CALIBRATION_FORMAT = "courtly-calibration"


@dataclass(frozen=True)
class Calibration:
    """An increasing step function: ``values[i]`` (ascending) maps to ``chances[i]``; between
    two knots the chance is interpolated linearly, outside them it is the nearest knot's."""

    values: tuple[float, ...] = ()
    chances: tuple[float, ...] = ()

    def chance(self, value: float) -> float:
        xs, ys = self.values, self.chances
        if not xs:
            return min(1.0, max(0.0, value))
        if value <= xs[0]:
            return ys[0]
        if value >= xs[-1]:
            return ys[-1]
        i = bisect.bisect_right(xs, value)
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 if x1 == x0 else y0 + (y1 - y0) * (value - x0) / (x1 - x0)

    def digest(self) -> str:
        """A short name of this curve: a review made with another curve (an older courtly's) is
        not taken up with this one, whose chances would differ for the same values."""
        return text_fingerprint(canonical_json([self.values, self.chances]))

    def to_json(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "format": CALIBRATION_FORMAT,
            "values": list(self.values),
            "chances": list(self.chances),
            **(extra or {}),
        }


def data_path(game_name: str) -> Path:
    """Where the calibration of ``game_name`` is shipped (in the package)."""
    return Path(str(resources.files("courtly.analysis.review") / "data" / f"{game_name}.json"))


@cache
def _shipped(game_name: str) -> dict[str, Any]:
    """The calibration file shipped for ``game_name``, read once per process (a review reads
    it for every turn it judges); empty if there is none."""
    path = data_path(game_name)
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def fitted_iterations(game_name: str) -> int | None:
    """The search budget (iterations per search) the shipped curves of ``game_name`` were fitted
    at: the budget whose values they turn into win chances (None: the game has no curve)."""
    iterations = _shipped(game_name).get("search_iterations")
    return int(iterations) if iterations is not None else None


def load_calibration(game_name: str, players: int) -> Calibration:
    """The calibration of ``game_name`` at ``players`` seats: none (the value itself) at a
    player count it was not fitted at, since the chances differ with the number of seats (a
    sure win of a two-seat Courtisans game read 24% through a curve fitted at three and four
    seats)."""
    curve = _shipped(game_name).get("counts", {}).get(str(players))
    if curve is None:
        return Calibration()
    return Calibration(tuple(curve["values"]), tuple(curve["chances"]))


#: The values at which a logistic fit is written down as knots (interpolated between).
KNOTS = tuple(i / 40 for i in range(41))
_EDGE = 1e-3  # values are clipped to [_EDGE, 1 - _EDGE] before their log-odds are taken


def _logit(value: float) -> float:
    v = min(1.0 - _EDGE, max(_EDGE, value))
    return math.log(v / (1.0 - v))


def _sigmoid(x: float) -> float:
    """``1 / (1 + exp(-x))``, 0 where ``exp`` would overflow (a step of Newton's method on a
    few positions that separate may take ``x`` that far)."""
    return 1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0


def logistic(
    values: Sequence[float],
    outcomes: Sequence[float],
    weights: Sequence[float] | None = None,
) -> Calibration:
    """``chance = 1 / (1 + exp(-(a * logit(value) + b)))`` fitted by maximum likelihood
    (Newton's method, a little ridge for a sample that separates), written as knots. Each
    position counts ``weights[i]`` times (1 each if not given: ``screening.py``)."""
    xs = [_logit(v) for v in values]
    ws = [1.0] * len(xs) if weights is None else weights
    a, b = 1.0, 0.0
    ridge = 1e-3
    for _ in range(50):
        # Gradient and Hessian of the negative log-likelihood (plus the ridge).
        ga, gb = ridge * a, ridge * b
        haa, hab, hbb = ridge, 0.0, ridge
        for x, y, n in zip(xs, outcomes, ws, strict=True):
            p = _sigmoid(a * x + b)
            w = n * p * (1.0 - p)
            ga += n * (p - y) * x
            gb += n * (p - y)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    chances = tuple(round(_sigmoid(a * _logit(k) + b), 4) for k in KNOTS)
    return Calibration(KNOTS, chances)


#: The fewest positions an isotonic step may rest on, unless told otherwise. Not 30: a step of
#: 30 positions has a rate known only within 10 to 18 points, and the folds, which score the
#: whole curve, chose such steps where one at an end said more than it knew (three-seat For
#: the King's top step said 97% where 91% were won; four-seat Courtisans' 98% where 92%).
MIN_BLOCK = 100
#: The smallest steps an isotonic fit may be made of, among which the training folds choose
#: (``fit.py``): smaller steps follow the curve's shape, larger ones keep an end step from
#: resting on the few positions valued highest.
MIN_BLOCKS = (MIN_BLOCK, 300)


def isotonic(
    values: Sequence[float],
    outcomes: Sequence[float],
    min_block: int = MIN_BLOCK,
    weights: Sequence[float] | None = None,
) -> Calibration:
    """The increasing step function of the value closest to the outcomes (pool adjacent
    violators), its steps merged until each holds ``min_block`` positions, written as knots at
    each step's mean value (interpolated between, flat beyond). Each position counts
    ``weights[i]`` times in a step's rate and mean value (1 each if not given), and once in
    its size."""
    ws = [1.0] * len(values) if weights is None else weights
    # Positions of one value start as one block: a curve gives one chance to one value. (Sorted
    # by value and then by outcome, as tuples sort, ties were split into their lost and their
    # won positions, and a value many positions share, such as a search's certain 1.0, was
    # given the chance of its won positions alone: 100%.)
    tied: dict[float, list[float]] = {}
    for value, outcome, weight in zip(values, outcomes, ws, strict=True):
        block = tied.setdefault(value, [0.0, 0.0, 0.0, 0.0])
        block[0] += 1.0
        block[1] += weight
        block[2] += weight * value
        block[3] += weight * outcome
    # Each block: [positions, weight, weighted sum of values, weighted sum of outcomes].
    blocks: list[list[float]] = []
    for value in sorted(tied):
        blocks.append(tied[value])
        while len(blocks) > 1 and _rate(blocks[-2]) >= _rate(blocks[-1]):
            _merge(blocks, len(blocks) - 2)
    while len(blocks) > 1:
        small = min(range(len(blocks)), key=lambda i: blocks[i][0])
        if blocks[small][0] >= min_block:
            break
        # Into the neighbour whose rate is closest (the merge that bends the curve least).
        if small == 0:
            _merge(blocks, 0)
        elif small == len(blocks) - 1:
            _merge(blocks, small - 1)
        else:
            left = abs(_rate(blocks[small - 1]) - _rate(blocks[small]))
            right = abs(_rate(blocks[small + 1]) - _rate(blocks[small]))
            _merge(blocks, small - 1 if left <= right else small)
    knots = [(b[2] / b[1], round(_rate(b), 4)) for b in blocks]
    return Calibration(tuple(k for k, _ in knots), tuple(c for _, c in knots))


def _rate(block: list[float]) -> float:
    return block[3] / block[1]


def _merge(blocks: list[list[float]], i: int) -> None:
    """Block ``i`` and the next one made one."""
    a, b = blocks[i], blocks.pop(i + 1)
    blocks[i] = [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
