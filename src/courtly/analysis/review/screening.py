"""Positions drawn by the value they show, for the deciles an even draw seldom reaches.

An even draw of a game's positions (``fit.play_and_sample``) puts them where the chances fall:
at four and five seats in Courtisans a seat is given more than 50% in under 2% of positions,
so a calibration's upper deciles rest on a few dozen of them after tens of thousands of games.
Here every position of a game with a real choice is first searched cheaply
(``Screen.iterations``); those whose cheap value is at least ``Screen.above`` (*promising*)
are searched with the calibration's own budget, at most ``Screen.keep`` of them per seat of a
game (drawn at random among that seat's promising ones), and of the others one in
``Screen.others`` (each drawn with that chance).

Each position searched in full is weighted by the inverse of its chance of being drawn, times
the share of the game's positions an even draw takes (``positions`` of its decisions), so that
the weighted positions of a game stand, on average over the draw, for exactly the positions an
even draw of the same game would give (the Horvitz-Thompson estimator). A decile's weighted
rate thus estimates the rate of evenly drawn positions in it, whichever positions the screen
favoured, and runs of both kinds can be fitted and measured together. Nothing in the drawing
reads the game's result: only the cheap searches' values and the game's random stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from courtly.analysis.review.engine import ReviewSettings, search_value
from courtly.analysis.review.fit import Sample, play_game
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.state import Game


@dataclass(frozen=True)
class Screen:
    """How a screened run draws a game's positions (module docstring)."""

    iterations: int  # the cheap search's budget, per position with a choice
    above: float  # a cheap value at least this is promising
    keep: int = 2  # promising positions searched in full per seat of a game, at most
    others: int = 20  # one in this many of the other positions is searched in full

    def chances(
        self, seats: Sequence[int], promising: Sequence[bool], rng: Rng
    ) -> dict[int, float]:
        """The positions drawn (by their place in the game) and each one's chance of being
        drawn: every promising one of a seat with at most ``keep`` of them, else ``keep`` of
        them drawn evenly without replacement; each other one with chance ``1 / others``."""
        drawn: dict[int, float] = {}
        by_seat: dict[int, list[int]] = {}
        for at, (seat, hopeful) in enumerate(zip(seats, promising, strict=True)):
            if hopeful:
                by_seat.setdefault(seat, []).append(at)
            elif rng.below(self.others) == 0:
                drawn[at] = 1 / self.others
        for seat in sorted(by_seat):
            places = by_seat[seat]
            if len(places) > self.keep:
                rng.shuffle(places)
            for at in places[: self.keep]:
                drawn[at] = min(1.0, self.keep / len(places))
        return drawn

    def __call__(
        self,
        game: Game,
        players: int,
        index: int,
        seed: int,
        positions: int,
        settings: ReviewSettings,
    ) -> list[Sample]:
        """Game ``index`` played as ``fit.play_and_sample`` plays it, its positions drawn by
        their cheap values and weighted (module docstring)."""
        played = play_game(game, players, index, seed)
        rng, choices = played.rng, played.choices
        if not choices:
            return []
        cheap = replace(settings, iterations=self.iterations, seconds=None)
        promising = [
            search_value(game, SeatView(state, seat), cheap, rng.fork())[0] >= self.above
            for seat, state in choices
        ]
        drawn = self.chances([seat for seat, _ in choices], promising, rng)
        # Each position's expected draws in an even run (``positions`` draws, at most one a
        # position in a game of fewer).
        share = min(positions, len(choices)) / len(choices)
        samples = []
        for at in sorted(drawn):
            seat, state = choices[at]
            value, _ = search_value(game, SeatView(state, seat), settings, rng.fork())
            weight = share / drawn[at]
            samples.append(Sample(index, players, value, played.rewards[seat], weight, seat))
        return samples
