"""The numbering of every Courtisans action, shared by the state (ids) and the game (texts).

Zones: 0 is above the Queen's table, 1 below it, ``2 + s`` the domain of seat ``s``.
Play ids come first (``card * zones + zone``), then the eliminations (row, 1-based position;
rows are "above", "below" and "domain" of the zone where the assassin was just placed), then
the single "spare" (use no kill). Kill targets are positions in a row, a public handle: they
never name a face-down spy.
"""

from __future__ import annotations

from typing import Final

from courtly.core.actions import ActionSpace, JSONScalar
from courtly.games.courtisans.data import MAX_ROW_CARDS, NUM_CARDS, card_name

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


def zone_count(num_players: int) -> int:
    return FIRST_DOMAIN + num_players


def kill_base(num_players: int) -> int:
    """The id of the first "eliminate" action."""
    return NUM_CARDS * zone_count(num_players)


def spare_id(num_players: int) -> int:
    return kill_base(num_players) + len(ROW_NAMES) * MAX_ROW_CARDS


def zone_text(zone: int) -> str:
    if zone == ABOVE:
        return "above the Queen's table"
    if zone == BELOW:
        return "below the Queen's table"
    return f"in seat {zone - FIRST_DOMAIN}'s domain"


def build_action_space(num_players: int) -> ActionSpace:
    specs: list[tuple[str, list[tuple[str, JSONScalar]], str]] = []
    for card in range(NUM_CARDS):
        for zone in range(zone_count(num_players)):
            args: list[tuple[str, JSONScalar]] = [("card", card)]
            if zone < FIRST_DOMAIN:
                args.append(("place", ROW_NAMES[zone]))
            else:
                args += [("place", "domain"), ("seat", zone - FIRST_DOMAIN)]
            specs.append(("play", args, f"play {card_name(card)} #{card} {zone_text(zone)}"))
    for row, row_name in enumerate(ROW_NAMES):
        where = "in that domain" if row == ROW_DOMAIN else f"{row_name} the Queen's table"
        for position in range(1, MAX_ROW_CARDS + 1):
            specs.append(
                (
                    "eliminate",
                    [("row", row_name), ("position", position)],
                    f"eliminate card #{position} {where}",
                )
            )
    specs.append(("spare", [], "eliminate nothing (the assassin's kill is optional)"))
    return ActionSpace(specs)
