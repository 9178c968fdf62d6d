"""Ratings by OpenSkill's Plackett-Luce model: the one module that speaks to the library.

Each player is a Gaussian belief about their skill, ``mu`` (the mean) and ``sigma`` (how
unsure it is), in OpenSkill's own units (a new player is 25 ± 25/3). A finished game's places
go to ``PlackettLuce.rate``, which handles two to five seats and shared places; this module
never does rating arithmetic of its own, it only turns the belief into a number for people.

The number shown (``Rating.display``) is the mean on an Elo-like scale: a new player shows
1500, and 400 points are odds of about ten to one between two players in a two-seat game
(the Plackett-Luce win chance of two settled players is ``1 / (1 + exp(-(mu_a - mu_b) / c))``
with ``c = sqrt(2 * (beta**2 + sigma**2))``, which is Elo's curve when 400 points stand for
``c * ln 10`` of ``mu``; ``ELO_PER_MU`` takes ``sigma`` as a bot's). The mean, not OpenSkill's
conservative ``mu - 3 * sigma``: that one rises with every game played, won or lost, so a
person and a bot of equal skill would not show the same number, and "hard is about 1,650"
would not mean "a 1,650 player is an even match for hard". How sure the number is shows as
``provisional`` instead (as on the platforms whose players start at 1500).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
# A bot's strength is fixed by its calibration (courtly.analysis.ratings.bots); this is how
# unsure of it a person's update is: about 30 points, the order of the calibration's own error.
BOT_SIGMA = 1.0
NEW_PLAYER_DISPLAY = 1500
ELO_PER_MU = 400.0 / (math.log(10) * math.sqrt(2 * (BETA**2 + BOT_SIGMA**2)))
# Above this the shown rating is provisional: about 115 points either way, about where
# Lichess marks its Glicko ratings provisional (a deviation of 110). A new player's sigma is
# 8.3 (240 points); against even opponents it falls below 4 after about 18 games
# (docs/ratings.md).
PROVISIONAL_SIGMA = 4.0

# OpenSkill's defaults, written out so that an upgrade changing them changes nothing here.
# ``tau`` (added to every sigma before each game) keeps a settled rating able to move.
_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=MU / 300, limit_sigma=False)

MIN_SEATS = 2
MAX_SEATS = 5


@dataclass(frozen=True)
class Rating:
    """One player's rating in one pool (a game at one player count)."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def display(self) -> int:
        """The rating people read: 1500 for a new player, Elo-like steps (module docstring)."""
        return round(NEW_PLAYER_DISPLAY + (self.mu - MU) * ELO_PER_MU)

    @property
    def provisional(self) -> bool:
        """Whether too few games stand behind the rating to rank it (a leaderboard leaves
        provisional ratings out, as the displayed mean of an unsure rating means little)."""
        return self.sigma > PROVISIONAL_SIGMA

    @property
    def conservative(self) -> float:
        """OpenSkill's ordinal, ``mu - 3 * sigma`` (a skill the player almost surely has):
        what to sort by when unsure ratings must be ranked with settled ones."""
        return float(_MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal())


NEW = Rating()


def rating_for_display(display: float, sigma: float = BOT_SIGMA) -> Rating:
    """The rating whose ``display`` is ``display`` (a bot's shipped number back to OpenSkill's
    units)."""
    return Rating(MU + (display - NEW_PLAYER_DISPLAY) / ELO_PER_MU, sigma)


def rate(
    ratings: Sequence[Rating], places: Sequence[int], fixed: Sequence[bool] = ()
) -> list[Rating]:
    """Everyone's rating after a game: ``places[i]`` is seat i's place (1 first; equal places
    share it), ``fixed[i]`` keeps seat i's rating as it was (a bot, whose strength is
    calibrated, not learnt). Two to five seats; the same inputs always give the same ratings."""
    seats = len(ratings)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a rated game has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    if len(places) != seats:
        raise ValueError(f"{len(places)} places given for {seats} seats")
    if any(place < 1 for place in places):
        raise ValueError(f"places count from 1: {list(places)}")
    held = list(fixed) or [False] * seats
    if len(held) != seats:
        raise ValueError(f"{len(held)} fixed flags given for {seats} seats")
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    updated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [
        old if keep else Rating(team[0].mu, team[0].sigma)
        for old, keep, team in zip(ratings, held, updated, strict=True)
    ]
