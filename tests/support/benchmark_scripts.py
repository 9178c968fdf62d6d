"""The benchmark scripts (``benchmarks/*.py``, not a package) loaded as modules, for the tests
of what they do (a calibration run's log, its files)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def calibrate_review() -> ModuleType:
    """``benchmarks/calibrate_review.py``."""
    path = BENCHMARKS / "calibrate_review.py"
    spec = importlib.util.spec_from_file_location("calibrate_review", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
