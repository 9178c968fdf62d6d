"""The Courtisans action space: every action the game can offer, with its id and text
(the id layout is in codes.py)."""

from __future__ import annotations

from courtly.core.actions import ActionSpace, JSONScalar
from courtly.games.courtisans.codes import (
    ABOVE,
    BELOW,
    FIRST_DOMAIN,
    ROW_DOMAIN,
    ROW_NAMES,
    zone_count,
)
from courtly.games.courtisans.data import MAX_ROW_CARDS, NUM_CARDS, card_name


def zone_text(zone: int) -> str:
    if zone == ABOVE:
        return "above the Queen's table"
    if zone == BELOW:
        return "below the Queen's table"
    return f"in seat {zone - FIRST_DOMAIN + 1}'s domain"  # people read seats from 1


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
