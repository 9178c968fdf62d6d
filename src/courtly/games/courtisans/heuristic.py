"""A quick evaluation for the greedy agent: the seat's estimated score minus the best opponent's.

It only uses what the seat could know: face-up cards, the face-down spies it knows, its own
Secret Missions. Family status is taken as it stands now, as if the game ended here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from courtly.games.courtisans.data import IS_SPY, MISSION_POINTS
from courtly.games.courtisans.scoring import domain_points, family_statuses, mission_met

if TYPE_CHECKING:
    from courtly.games.courtisans.state import CourtisansState


def evaluate(state: CourtisansState, seat: int) -> float:
    if state.is_terminal:
        scores = state.scores()
        return scores[seat] - max(s for p, s in enumerate(scores) if p != seat)

    def visible(cards: list[int]) -> list[int]:
        return [c for c in cards if not IS_SPY[c] or state.knows_spy(seat, c)]

    above = visible(state.above)
    below = visible(state.below)
    domains = [visible(d) for d in state.domains]
    statuses = family_statuses(above, below)
    mine = float(domain_points(domains[seat], statuses))
    for mission in (state.white[seat], state.blue[seat]):
        if mission_met(mission, seat, domains, above, below, statuses):
            mine += MISSION_POINTS
    best_other = max(domain_points(d, statuses) for p, d in enumerate(domains) if p != seat)
    return mine - best_other
