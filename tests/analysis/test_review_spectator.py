"""The spectator's series of a review (courtly.analysis.review.spectator): every seat's win
chance at each judged turn, from the public view alone, the same whatever the hidden cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.review import ReviewSettings, review_record
from courtly.analysis.review.spectator import public_positions, review_spectator
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.rng import Rng

FEW = ReviewSettings(iterations=30, seconds=None, seed=3)
SEATS = {"kingdoms": 2, "tudor": 2, "courtisans": 3, "for-the-king": 3}


def _record(name: str, seed: int = 11) -> GameRecord:
    game = courtly.load(name)
    agents = [make_agent("greedy", game) for _ in range(SEATS[name])]
    record = play_match(game, agents, seed=seed, keep_record=True).record
    assert record is not None
    return record


@pytest.mark.parametrize("name", sorted(SEATS))
def test_the_spectator_series_is_the_same_whatever_no_spectator_saw(name: str) -> None:
    """Honesty: every position is replaced by a game re-drawn from its public view (every card
    no spectator saw drawn again, each seat's own hand too); the series is identical."""
    game = courtly.load(name)
    record = _record(name)
    positions = public_positions(game, record)
    rng = Rng(99)
    redrawn = {}
    changed = 0
    for step, position in positions.items():
        world = position.state.resample(None, rng)
        changed += world.fingerprint() != position.state.fingerprint()
        redrawn[step] = replace(position, state=world)
    assert changed > 0, "the re-drawn games must differ from the real ones"
    real = review_spectator(game, record, FEW, positions=positions)
    assert review_spectator(game, record, FEW, positions=redrawn).to_json() == real.to_json()
    # Every seat has a chance at every point, and the chances share the one win.
    for point in real.points:
        assert len(point.chances) == SEATS[name]
        assert abs(sum(point.chances) - 1.0) < 1e-4


def test_the_spectator_series_has_a_point_at_each_seats_judged_turn() -> None:
    game = courtly.load("courtisans")
    record = _record("courtisans", seed=4)
    settings = ReviewSettings(iterations=10, seconds=None, seed=1)
    series = review_spectator(game, record, settings)
    steps = sorted(
        d.step for seat in range(3) for d in review_record(game, record, seat, settings).decisions
    )
    assert [p.step for p in series.points] == steps
    # The same settings give the same series; a resumed one keeps what was done.
    again = review_spectator(game, record, settings, done={series.points[0].step: series.points[0]})
    assert again.to_json() == series.to_json()
