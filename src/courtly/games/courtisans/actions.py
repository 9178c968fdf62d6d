"""The Courtisans action space: every action the game can offer, with its id and its text in
the reader's language (the id layout is in codes.py; the texts: ``action.<kind>.<place or
row>`` in the catalogue)."""

from __future__ import annotations

from typing import Any

from courtly.core.actions import ActionSpace, ActionTexts, JSONScalar
from courtly.core.i18n import seat_text
from courtly.games.courtisans.codes import FIRST_DOMAIN, ROW_NAMES, zone_count
from courtly.games.courtisans.data import MAX_ROW_CARDS, NUM_CARDS
from courtly.games.courtisans.words import TEXTS, card_words


def _card(card: Any, lang: str) -> str:
    return card_words(int(card), lang)


ACTION_TEXTS = ActionTexts(
    TEXTS,
    {"card": _card, "seat": seat_text},
    variants={"play": "place", "eliminate": "row"},
)


def build_action_space(num_players: int) -> ActionSpace:
    specs: list[tuple[str, list[tuple[str, JSONScalar]]]] = []
    for card in range(NUM_CARDS):
        for zone in range(zone_count(num_players)):
            args: list[tuple[str, JSONScalar]] = [("card", card)]
            if zone < FIRST_DOMAIN:
                args.append(("place", ROW_NAMES[zone]))
            else:
                args += [("place", "domain"), ("seat", zone - FIRST_DOMAIN)]
            specs.append(("play", args))
    for row_name in ROW_NAMES:
        for position in range(1, MAX_ROW_CARDS + 1):
            specs.append(("eliminate", [("row", row_name), ("position", position)]))
    specs.append(("spare", []))
    return ActionSpace(specs, ACTION_TEXTS)
