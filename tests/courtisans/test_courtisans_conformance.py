"""The kernel's random-game conformance checks, at every player count and with each option."""

from __future__ import annotations

import pytest

from courtly.games.courtisans import GAME
from courtly.testing import run_conformance


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance(players: int) -> None:
    report = run_conformance(GAME, players, games=5, seed=players)
    assert report.ok, report.failures


def test_conformance_with_spies_forgotten() -> None:
    report = run_conformance(GAME, 3, games=3, seed=9, options={"spy_memory": "forget"})
    assert report.ok, report.failures
