"""Evaluations from one seat's knowledge: face-up cards, the face-down spies it knows, its own
Secret Missions.

``heuristic`` (the greedy agent's and the rollout policy's) scores the position as if the game
ended here: the seat's estimated score minus the best opponent's. ``search_evaluation`` (the
search's leaf evaluation) replaces each family's status by a soft one that leans further the
larger the family's lead at the Queen's table is compared with what the cards still to come
could change.
"""

from __future__ import annotations

import math

from courtly.games.courtisans.data import CARD_FAMILY, CARD_WEIGHT, IS_SPY, MISSION_POINTS
from courtly.games.courtisans.scoring import (
    domain_points,
    family_statuses,
    family_weights,
    mission_met,
)
from courtly.games.courtisans.state import CourtisansState

# Spread of a family's lead still to come, per card that will reach the Queen's table for it
# (its square root is taken): the weights are 1 or 2, so about one weight unit per card.
_SPREAD_PER_CARD = 1.2
# A lead of one weight unit at the very end is a settled status (tanh(1 / 0.5) = 0.96).
_SETTLED = 0.5


def _visible(state: CourtisansState, seat: int) -> tuple[list[int], list[int], list[list[int]]]:
    def known(cards: list[int]) -> list[int]:
        return [c for c in cards if not IS_SPY[c] or state.knows_spy(seat, c)]

    return known(state.above), known(state.below), [known(d) for d in state.domains]


def _relative(state: CourtisansState, seat: int, domain_values: list[float], mine: float) -> float:
    best_other = max(v for p, v in enumerate(domain_values) if p != seat)
    return mine - best_other


def heuristic(state: CourtisansState, seat: int) -> float:
    if state.is_terminal:
        scores = state.scores()
        return scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
    above, below, domains = _visible(state, seat)
    statuses = family_statuses(above, below)
    values = [float(domain_points(d, statuses)) for d in domains]
    mine = values[seat] + _missions(state, seat, domains, above, below, statuses)
    return _relative(state, seat, values, mine)


def search_evaluation(state: CourtisansState, seat: int) -> float:
    if state.is_terminal:
        return heuristic(state, seat)
    above, below, domains = _visible(state, seat)
    up = family_weights(above)
    down = family_weights(below)
    # One card in three that is still to be played goes to the Queen's table.
    to_come = (len(state.deck) + sum(len(h) for h in state.hands)) / 3 / len(up)
    spread = _SETTLED + _SPREAD_PER_CARD * math.sqrt(to_come)
    soft = [math.tanh((u - d) / spread) for u, d in zip(up, down, strict=True)]
    values = [sum(CARD_WEIGHT[c] * soft[CARD_FAMILY[c]] for c in d) for d in domains]
    statuses = family_statuses(above, below)
    mine = values[seat] + _missions(state, seat, domains, above, below, statuses)
    return _relative(state, seat, values, mine)


def _missions(
    state: CourtisansState,
    seat: int,
    domains: list[list[int]],
    above: list[int],
    below: list[int],
    statuses: list[int],
) -> float:
    return float(
        sum(
            MISSION_POINTS
            for mission in (state.white[seat], state.blue[seat])
            if mission_met(mission, seat, domains, above, below, statuses)
        )
    )
