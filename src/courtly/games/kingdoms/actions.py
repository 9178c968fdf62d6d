"""The Kingdoms action space: every decision, each with a fixed id.

Choices that name a card use its public name; a card is only ever named to the seat that may
see it (own hand, own Army, or a face-up card). The ids themselves are in ``codes``; the texts
are the catalogue's ``action.<kind>`` messages.
"""

from __future__ import annotations

from typing import Final

from courtly.core.actions import ActionSpace, ActionTexts, JSONScalar
from courtly.games.kingdoms.codes import CARD_KIND_NAMES, SPACE_SIZE
from courtly.games.kingdoms.data import CARD_NAMES, DECLARATIONS, NUM_CARDS, SLOT_NAMES
from courtly.games.kingdoms.words import TEXTS, card_long, slot_words, terms

TEXTS_OF_ACTIONS: Final = ActionTexts(
    TEXTS,
    {"card": card_long, "slot": slot_words, "name": terms("declaration")},
    variants={"draw": "from", "prestige": "from"},
)


def build_action_space(num_players: int) -> ActionSpace:
    """Two players only: the same actions always."""
    specs: list[tuple[str, list[tuple[str, JSONScalar]]]] = []
    for kind in CARD_KIND_NAMES:
        for card in range(NUM_CARDS):
            specs.append((kind, [("card", CARD_NAMES[card])]))
    for kind in ("row", "opp_row"):
        for slot in range(3):
            specs.append((kind, [("slot", SLOT_NAMES[slot])]))
    specs += [
        ("army", []),
        ("peasant", []),
        ("draw", [("from", "deck")]),
        ("draw", [("from", "own_peasant")]),
        ("draw", [("from", "opponent_peasant")]),
        ("draw", [("from", "discard")]),
        ("scandal", []),
        ("revolt", []),
        ("treason", []),
        ("polity", []),
        ("rearrange", []),
        ("consort", []),
        ("endow", []),
        ("prestige", [("from", "own_peasant")]),
        ("prestige", [("from", "opponent_peasant")]),
        ("done", []),
        ("skip", []),
        ("abstain", []),
    ]
    for name in DECLARATIONS:
        specs.append(("declare", [("name", name)]))
    space = ActionSpace(specs, TEXTS_OF_ACTIONS)
    assert space.size == SPACE_SIZE
    return space
