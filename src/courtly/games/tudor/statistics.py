"""Tudor's own statistics for balance reports (``Game.report_statistics``): the Prestige each
kind of scoring brought (per player, averaged over the seats), the Court Offices held at the
end and by whom, and the game's length in rounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from courtly.games.tudor.data import (
    AMBASSADOR_POINTS,
    DIPLOMATIC,
    ESSENTIALS,
    FLEXIBLE,
    FOCUSED,
    OFFICE_NAMES,
    SCORING_CARDS,
)
from courtly.games.tudor.scoring import (
    essentials_points,
    flexible_points,
    focused_points,
    game_end_points,
    garter_points,
    garter_totals,
)
from courtly.games.tudor.state import TudorState

# The game-end Scoring Cards whose Prestige the final position shows card by card.
GAME_END_CARDS: Final[dict[int, Callable[[TudorState, int], int]]] = {
    FOCUSED: lambda st, p: focused_points(st.ctok[p]),
    FLEXIBLE: lambda st, p: flexible_points(st.ctok[p]),
    ESSENTIALS: lambda st, p: essentials_points(st.ctok[p]),
    DIPLOMATIC: lambda st, p: AMBASSADOR_POINTS * st.amb[p],
}


def report_statistics(st: TudorState) -> dict[str, float | str]:
    n = st.num_players
    stats: dict[str, float | str] = {"length/rounds": float(st.round)}
    garter = garter_points(garter_totals(st), st.board.layout.garter_points)
    game_end = [game_end_points(st, p) for p in range(n)]
    for card in st.params.scoring:
        score = GAME_END_CARDS.get(card)
        if score is not None:
            name = SCORING_CARDS[card].name
            stats[f"prestige per player/{name}"] = sum(score(st, p) for p in range(n)) / n
    stats["prestige per player/Order of the Garter"] = sum(garter) / n
    # Everything scored before the game-end scoring: Offices, Crowded Court, card effects.
    during = [st.prestige[p] - game_end[p] - garter[p] for p in range(n)]
    stats["prestige per player/during the rounds"] = sum(during) / n
    held = 0
    for column, holder in enumerate(st.office):
        name = OFFICE_NAMES[column] if column < len(OFFICE_NAMES) else f"Office {column + 1}"
        stats[f"office holder/{name}"] = "vacant" if holder < 0 else f"seat {holder + 1}"
        held += holder >= 0
    stats["offices/held at the end"] = float(held)
    return stats
