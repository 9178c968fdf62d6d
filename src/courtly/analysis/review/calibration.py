"""From the search's value to a win chance, per game.

The review's search returns a mean of logistic scores of heuristic positions (depth-0
rollouts), which orders positions well but is not a probability. A calibration maps it to the
rate at which positions with that value were won: an increasing step function (isotonic
regression, pool-adjacent-violators) fitted on positions of finished games between bots, shipped
as one small JSON file per game (``data/<game>.json``) and refitted by ``courtly review
--calibrate GAME`` (``fit.py``). A game with no file is not calibrated: its chance is the
search's value, clipped to [0, 1].
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

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


def load_calibration(game_name: str) -> Calibration:
    path = data_path(game_name)
    if not path.is_file():
        return Calibration()
    data = json.loads(path.read_text(encoding="utf-8"))
    return Calibration(tuple(data["values"]), tuple(data["chances"]))


def isotonic(values: Sequence[float], outcomes: Sequence[float]) -> Calibration:
    """The increasing fit of ``outcomes`` (won: 1, else 0 or a share) on ``values`` by pool
    adjacent violators; one knot per pooled block (at its mean value)."""
    pairs = sorted(zip(values, outcomes, strict=True))
    blocks: list[list[float]] = []  # [sum of values, sum of outcomes, count]
    for x, y in pairs:
        blocks.append([x, y, 1.0])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            x2, y2, n2 = blocks.pop()
            blocks[-1][0] += x2
            blocks[-1][1] += y2
            blocks[-1][2] += n2
    xs = tuple(round(b[0] / b[2], 4) for b in blocks)
    ys = tuple(round(b[1] / b[2], 4) for b in blocks)
    return Calibration(xs, ys)
