"""The search's estimate of the final Duty points: E1-E3 softened by the cards still to come.

The greedy evaluation scores the Duties as if the game ended now, so a one-point lead in an
office with half its cards still in the deck counts as much as a settled one. In a search
leaf (a sampled world, so every hand is known) this estimate gives each player a chance of
each Duty instead: a Plackett-Luce draw whose weights are ``exp(sum / spread)``, where the
spread grows with the square root of the summed squared values of that office's cards not
yet in a hand (their variance, if they went to the players at random). An office with
nothing left to come scores exactly as it will at the end.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from courtly.games.for_the_king.data import (
    CARD_OFFICE,
    CARD_VALUE,
    NUM_OFFICES,
    SECONDARY_VALUE,
    uses_secondary,
)
from courtly.games.for_the_king.scoring import NOBODY, duties, office_standings

if TYPE_CHECKING:
    from courtly.games.for_the_king.state import FtkState

# The least spread of an office with cards to come: a one-point lead is then worth about a
# 95% chance with two players.
_SETTLED = 0.35
# How much a card's squared value still to come widens the spread.
_SPREAD_PER_VALUE = 0.5
# Ties of equal sums go to the letter closest to A (E1); a sliver of a point per letter.
_LETTER = 0.01


def _to_come(state: FtkState) -> list[int]:
    """Per office: the summed squared values of its cards that are in no hand yet."""
    pending = [0] * NUM_OFFICES
    cards = [*state.deck, *state.middle, *state.favor]
    if state.held >= 0:
        cards.append(state.held)
    if state.revealed >= 0:
        cards.append(state.revealed)
    for c in cards:
        o = CARD_OFFICE[c]
        if o >= 0:
            pending[o] += CARD_VALUE[c] * CARD_VALUE[c]
    return pending


def expected_points(state: FtkState) -> list[float]:
    """Each player's expected Duty points (E3) under the soft draw described above."""
    n = state.num_players
    table = [office_standings(hand) for hand in state.hands]
    pending = _to_come(state)
    secondary = uses_secondary(n)
    points = [0.0] * n
    settled = None
    for o in state.offices:
        if not pending[o]:
            # Nothing left to come: the office scores as it will at the end (E1-E2).
            if settled is None:
                settled = duties(state, table)
            first_holder, second_holder = settled[o]
            if first_holder != NOBODY:
                points[first_holder] += state.primary[o]
            if second_holder != NOBODY:
                points[second_holder] += SECONDARY_VALUE
            continue
        scores = [sums[o] - _LETTER * best[o] for sums, _counts, best in table]
        spread = _SETTLED + _SPREAD_PER_VALUE * math.sqrt(pending[o])
        top = max(scores)
        weights = [math.exp((s - top) / spread) for s in scores]
        total = sum(weights)
        primary = state.primary[o]
        for p, w in enumerate(weights):
            points[p] += primary * w / total
            if secondary:
                # Second place: someone else first, then p first among the rest.
                second = sum(
                    (wq / total) * (w / (total - wq)) for q, wq in enumerate(weights) if q != p
                )
                points[p] += SECONDARY_VALUE * second
    return points


def soft_margin(state: FtkState, player: int) -> float:
    """Expected points over the best expectation among the other players."""
    points = expected_points(state)
    best_other = max(v for p, v in enumerate(points) if p != player)
    return points[player] - best_other
