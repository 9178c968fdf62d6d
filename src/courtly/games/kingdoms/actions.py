"""The Kingdoms action space: every decision, each with a fixed id.

Choices that name a card use its public name; a card is only ever named to the seat that may
see it (own hand, own Army, or a face-up card). The ids themselves are in ``codes``.
"""

from __future__ import annotations

from courtly.core.actions import ActionSpace, JSONScalar
from courtly.games.kingdoms.codes import CARD_KIND_NAMES, SPACE_SIZE
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    DECLARATIONS,
    NUM_CARDS,
    SLOT_NAMES,
    card_long,
)

# Kinds taking one card argument, with the text each gives (in the order of the id blocks).
CARD_KINDS: tuple[tuple[str, str], ...] = (
    ("duel", "Play {} face down for the first-player duel"),
    ("select", "Choose {}"),
    ("discard", "Discard {} from your hand"),
    ("move", "Move the Subject {} out of your Population"),
    ("flip", "Turn the Army card {} face up"),
    ("jester", "Place {} as your Court Jester"),
    ("crown", "Place {} into your Royal Court"),
    ("ace", "Play {} as an assassin"),
    ("treaty", "Place {} as a Treaty card on the opponent's Jester space"),
    ("break", "Place {} on your Treaty card to discard both"),
    ("ascend", "No-Consort Ascendancy: discard {}"),
    ("power", "Glory Power: discard {} from your Glory"),
    ("regnant", "Regnant Ability: outcast {}"),
    ("battle", "Battle: reveal the Army card {}"),
    ("give", "Polity: pass {}"),
)


def build_space() -> ActionSpace:
    specs: list[tuple[str, list[tuple[str, JSONScalar]], str]] = []
    for kind, text in CARD_KINDS:
        for card in range(NUM_CARDS):
            specs.append((kind, [("card", CARD_NAMES[card])], text.format(card_long(card))))
    for slot in range(3):
        specs.append(("row", [("slot", SLOT_NAMES[slot])], f"Beside your {SLOT_NAMES[slot]}"))
    for slot in range(3):
        specs.append(
            ("opp_row", [("slot", SLOT_NAMES[slot])], f"Beside the opponent's {SLOT_NAMES[slot]}")
        )
    specs += [
        ("army", [], "As a face-down Army card beside your Regnant"),
        ("peasant", [], "Onto your Peasant pile"),
        ("draw", [("from", "deck")], "Draw from the Draw pile"),
        ("draw", [("from", "own_peasant")], "Draw the top card of your Peasant pile"),
        (
            "draw",
            [("from", "opponent_peasant")],
            "Draw the top card of the opponent's Peasant pile",
        ),
        ("draw", [("from", "discard")], "Draw the top card of the Discard pile (Divine)"),
        ("scandal", [], "Invoke Scandal"),
        ("revolt", [], "Invoke Revolt"),
        ("treason", [], "Invoke Treason"),
        ("polity", [], "Declare Polity"),
        ("rearrange", [], "Rearrange your Population"),
        ("consort", [], "Activate your Consort ability"),
        ("endow", [], "Endow: take the Refugee card instead"),
        (
            "prestige",
            [("from", "own_peasant")],
            "Prestigious Court: take your Peasant pile's top card",
        ),
        (
            "prestige",
            [("from", "opponent_peasant")],
            "Prestigious Court: take the opponent's Peasant pile's top card",
        ),
        ("done", [], "Done: end this phase"),
        ("skip", [], "Skip"),
        ("abstain", [], "Abstain"),
    ]
    for name in DECLARATIONS:
        specs.append(("declare", [("name", name)], f"Chamberlain Declaration: {name.capitalize()}"))
    assert tuple(kind for kind, _ in CARD_KINDS) == CARD_KIND_NAMES
    space = ActionSpace(specs)
    assert space.size == SPACE_SIZE
    return space
