"""Kingdoms' own statistics for balance reports (``Game.report_statistics``): how the game
ended (a kingdom reached ten Glory cards, C1.2, or the turn limit of ruling R20 was reached),
its length in turns, the Glory each kingdom gathered, and how often the two Glory powers were
used (``EVENT_COUNTS``)."""

from __future__ import annotations

from typing import Final

from courtly.games.kingdoms.data import GLORY_TO_END
from courtly.games.kingdoms.state import KingdomsState

# Sedition: a Subject placed into Glory in the suit of the opponent's Regnant makes the opponent
# discard a card from hand, or else outcast a Subject or discard an Army card (one event each
# way; none when they can do neither). Conspiracy (DATA's name): a Subject placed into Glory
# sharing no suit with one's Royal Court lets one discard a card from one's Glory.
EVENT_COUNTS: Final = {
    "sedition-discard": "Glory powers per game/Sedition",
    "sedition-army": "Glory powers per game/Sedition",
    "sedition-outcast": "Glory powers per game/Sedition",
    "conspiracy": "Glory powers per game/Conspiracy",
}


def report_statistics(state: KingdomsState) -> dict[str, float | str]:
    reached = any(len(glory) >= GLORY_TO_END for glory in state.glory)
    return {
        "how the game ended/end": f"{GLORY_TO_END} Glory cards" if reached else "turn limit",
        "length/turns": float(state.turns),
        "glory per kingdom/cards": sum(len(g) for g in state.glory) / 2,
        "glory per kingdom/value": sum(state.glory_value_total(p) for p in (0, 1)) / 2,
    }
