"""The spectator's series: every seat's win chance over a finished game, from the public view
alone (docs/bots.md, "Review").

A point is made at the first choice of every turn with a real choice in it (of any seat: the
steps of the seats' own series, all together). There the review's search (the ``hard``
level's, with the review's budget per point) runs over worlds drawn from the public view
(``PublicView``: ``State.resample`` with None re-draws every card no spectator saw, each seat's
own hand too), its root being the choice of the seat to act; each seat's figure is its mean
return through the root choice searched most. Each figure passes through the game's
calibration (fitted on a deciding seat's value, the same kind of figure: a mean of logistic
scores of positions) and the seats' chances are then scaled to share 1, as the one win does.

Honest by construction: the search sees only the public view, and its generator comes from
the review's seed and the step alone, so the series is the same for every game a spectator
could not tell from the real one (tests/analysis/test_review_spectator.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from courtly.agents.ismcts import Searcher
from courtly.analysis.review.calibration import Calibration, load_calibration
from courtly.analysis.review.engine import ReviewSettings
from courtly.analysis.review.turns import Position, replay_positions, turns_of
from courtly.core.records import GameRecord
from courtly.core.seat import PublicView
from courtly.core.seeds import decision_rng
from courtly.core.state import Game

#: The spectator's searches draw from this seat number's stream of ``decision_rng`` (no seat
#: has it: a game has at most 16 seats), so they share no generator with a seat's review.
PUBLIC_STREAM = 1 << 16


@dataclass(frozen=True)
class PublicPoint:
    """Every seat's win chance at one step, from the public view (shares of 1, summing to 1)."""

    step: int  # the first step of a turn with a real choice (the position before it)
    chances: list[float]
    iterations: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PublicPoint:
        return cls(**{name: data[name] for name in cls.__dataclass_fields__})


@dataclass
class SpectatorReview:
    game: str
    num_players: int
    settings: ReviewSettings
    points: list[PublicPoint] = field(default_factory=list)

    def series(self) -> list[tuple[int, list[float]]]:
        """Each seat's win chance by step, from the public view."""
        return [(p.step, p.chances) for p in self.points]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "num_players": self.num_players,
            "settings": self.settings.to_json(),
            "points": [p.to_json() for p in self.points],
        }


def public_positions(game: Game, record: GameRecord) -> dict[int, Position]:
    """The positions a spectator's series is estimated at, by the step shown: the first choice
    of every turn with a real choice in it, by its turn's first step as the seats' series are
    (the record verified)."""
    turns = turns_of(replay_positions(game, record))
    return {turn.step: turn.chosen[0] for turn in turns if turn.judged}


def estimate_point(
    game: Game, position: Position, step: int, settings: ReviewSettings, calibration: Calibration
) -> PublicPoint:
    """Every seat's win chance at ``position``, from its public view alone."""
    view = PublicView(position.state)
    rng = decision_rng(settings.seed, PUBLIC_STREAM, step)
    result = Searcher(game, settings.search(game)).search_public(view, rng)
    view.expire()
    n = view.num_players
    raw = result.returns or [1.0 / n] * n
    chances = [calibration.chance(value) for value in raw]
    total = sum(chances)
    shared = [c / total for c in chances] if total > 0 else [1.0 / n] * n
    return PublicPoint(step, [round(c, 6) for c in shared], result.iterations)


def review_spectator(
    game: Game,
    record: GameRecord,
    settings: ReviewSettings,
    *,
    done: Mapping[int, PublicPoint] | None = None,
    progress: Callable[[int, int], None] | None = None,
    positions: Mapping[int, Position] | None = None,
) -> SpectatorReview:
    """The spectator's series of ``record``. ``done`` holds points estimated earlier with the
    same settings (by step), kept as they are (a review resumed); ``progress(done, total)`` is
    called after each point. ``positions`` (from :func:`public_positions`) may be given to
    estimate other positions than the record's own (the honesty test's re-drawn games)."""
    if positions is None:
        positions = public_positions(game, record)
    calibration = load_calibration(game.name, record.num_players)
    review = SpectatorReview(game.name, record.num_players, settings)
    earlier = dict(done or {})
    for index, step in enumerate(sorted(positions)):
        point = earlier.get(step)
        if point is None:
            point = estimate_point(game, positions[step], step, settings, calibration)
        review.points.append(point)
        if progress is not None:
            progress(index + 1, len(positions))
    return review
