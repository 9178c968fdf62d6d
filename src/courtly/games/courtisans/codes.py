"""The integer codes of Courtisans: zones, rows, areas, action-id ranges, phases.

Zones: 0 is above the Queen's table, 1 below it, ``2 + s`` the domain of seat ``s``.
Play ids come first (``card * zones + zone``), then the eliminations (row, 1-based position;
rows are "above", "below" and "domain" of the zone where the assassin was just placed), then
the single "spare" (use no kill). Kill targets are positions in a row, a public handle: they
never name a face-down spy.
"""

from __future__ import annotations

from typing import Any, Final

from courtly.games.courtisans.data import MAX_ROW_CARDS, NUM_CARDS

NO_SEAT: Final = -1  # ``current`` once the game is over
NO_ZONE: Final = -1  # ``pending`` when no assassin awaits its kill decision

ABOVE: Final = 0
BELOW: Final = 1
FIRST_DOMAIN: Final = 2
ROW_NAMES: Final = ("above", "below", "domain")
ROW_DOMAIN: Final = 2

# Bits of a turn's "areas used": one card per area per turn (C3.2).
AREA_QUEEN: Final = 1
AREA_OWN: Final = 2
AREA_OPPONENT: Final = 4
ALL_AREAS: Final = AREA_QUEEN | AREA_OWN | AREA_OPPONENT
AREA_NAMES: Final = ((AREA_QUEEN, "queen"), (AREA_OWN, "own"), (AREA_OPPONENT, "opponent"))

# Phase ids (``phase_name``): a card to play, an assassin's kill to decide, the game over.
PHASE_PLAY: Final = "play"
PHASE_ELIMINATE: Final = "eliminate"
PHASE_OVER: Final = "over"


def zone_count(num_players: int) -> int:
    return FIRST_DOMAIN + num_players


def kill_base(num_players: int) -> int:
    """The id of the first "eliminate" action."""
    return NUM_CARDS * zone_count(num_players)


def spare_id(num_players: int) -> int:
    return kill_base(num_players) + len(ROW_NAMES) * MAX_ROW_CARDS


def areas_used_json(used: int) -> list[str]:
    return [name for bit, name in AREA_NAMES if used & bit]


def zone_json(zone: int) -> dict[str, Any]:
    if zone < FIRST_DOMAIN:
        return {"place": ROW_NAMES[zone]}
    return {"place": "domain", "seat": zone - FIRST_DOMAIN}
