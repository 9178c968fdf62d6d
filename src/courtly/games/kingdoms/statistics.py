"""Kingdoms' own statistics for balance reports (``Game.report_statistics``): how the game
ended (a kingdom reached ten Glory cards, C1.2, or the turn limit of ruling R20 was reached),
its length in turns, and the Glory each kingdom gathered."""

from __future__ import annotations

from courtly.games.kingdoms.data import GLORY_TO_END
from courtly.games.kingdoms.state import KingdomsState


def report_statistics(state: KingdomsState) -> dict[str, float | str]:
    reached = any(len(glory) >= GLORY_TO_END for glory in state.glory)
    return {
        "how the game ended/end": f"{GLORY_TO_END} Glory cards" if reached else "turn limit",
        "length/turns": float(state.turns),
        "glory per kingdom/cards": sum(len(g) for g in state.glory) / 2,
        "glory per kingdom/value": sum(state.glory_value_total(p) for p in (0, 1)) / 2,
    }
