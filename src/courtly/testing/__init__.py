"""Conformance checks every game must pass (``courtly selftest GAME``)."""

from courtly.testing.conformance import (
    ConformanceReport,
    check_game,
    check_step,
    run_conformance,
)

__all__ = ["ConformanceReport", "check_game", "check_step", "run_conformance"]
