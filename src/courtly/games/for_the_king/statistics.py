"""For the King (and me)'s own statistics for balance reports (``Game.report_statistics``):
what the auctions cost (Gold paid and Gold won, per player), and who takes each office's
Primary Duty at the end (E1-E2)."""

from __future__ import annotations

from courtly.games.for_the_king.data import OFFICES
from courtly.games.for_the_king.scoring import NOBODY, duties
from courtly.games.for_the_king.state import FtkState


def report_statistics(state: FtkState) -> dict[str, float | str]:
    n = state.num_players
    stats: dict[str, float | str] = {
        "gold per player/paid at auctions": sum(state.spent) / n,
        "gold per player/won at auctions": sum(state.won) / n,
        "gold per player/held at the end": sum(state.gold) / n,
    }
    for office, (primary, _secondary) in enumerate(duties(state)):
        if office in state.params.offices:
            holder = "nobody" if primary == NOBODY else f"seat {primary + 1}"
            stats[f"primary duty/{OFFICES[office]}"] = holder
    return stats
