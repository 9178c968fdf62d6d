"""Conformance checks every game must pass (``courtly selftest GAME``), and the checks of
loaded positions the games' property tests share."""

from courtly.testing.conformance import (
    ConformanceReport,
    check_game,
    check_step,
    check_undoable,
    run_conformance,
    undo_leak,
)
from courtly.testing.loading import play_out, refused_or_plays_out

__all__ = [
    "ConformanceReport",
    "check_game",
    "check_step",
    "check_undoable",
    "play_out",
    "refused_or_plays_out",
    "run_conformance",
    "undo_leak",
]
