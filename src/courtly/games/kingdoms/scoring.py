"""Scoring (C1.2): the value of each Glory, why the game ended, and the breakdown by suit.

The highest Glory total wins; equal totals share the victory (R21), so no tie-break ever
decides. The game ends the moment a player holds ten Glory cards (R29), or at the turn limit
(R20).
"""

from __future__ import annotations

from typing import Any, Final

from courtly.games.kingdoms.data import GLORY_TO_END, SUIT, SUIT_KEYS, VALUE
from courtly.games.kingdoms.state import KingdomsState

END_GLORY: Final = "ten_glory_cards"
END_TURN_LIMIT: Final = "turn_limit"


def end_of_game(s: KingdomsState) -> dict[str, Any] | None:
    """Why the game ended: ``{"reason": "ten_glory_cards", "seat": p}`` for the player who
    reached ten Glory cards, ``{"reason": "turn_limit", "seat": None}``; None while it lasts."""
    if not s.is_terminal:
        return None
    for p in (0, 1):
        if len(s.glory[p]) >= GLORY_TO_END:
            return {"reason": END_GLORY, "seat": p}
    return {"reason": END_TURN_LIMIT, "seat": None}


def score_breakdown(s: KingdomsState) -> dict[str, Any]:
    """Glory value per suit for each seat (the total is the score)."""
    seats = []
    for p in (0, 1):
        row: dict[str, Any] = {key: 0.0 for key in SUIT_KEYS}
        for card in s.glory[p]:
            row[SUIT_KEYS[SUIT[card]]] += VALUE[card]
        row["total"] = float(s.glory_value_total(p))
        seats.append(row)
    end = end_of_game(s)
    return {
        "categories": list(SUIT_KEYS),
        "seats": seats,
        "decided_by": None,
        "end": None if end is None else end["reason"],
    }
