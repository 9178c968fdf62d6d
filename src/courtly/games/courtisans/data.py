"""Courtisans component data: families, roles, the 90-card deck, setup removal, the 20 missions.

Cards are the ints 0..89: ``family = card // 15`` and ``role = ROLE_BY_INDEX[card % 15]``, so
every per-card lookup below is a flat tuple indexed by the card id (the hot path never builds
objects). Sources: the rulebook and the Courtisans section of shared/rules/DATA.md.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# Mat order, left to right; the Queen's column (face-down spies) sits between Nightingale and Hare.
FAMILIES: Final = ("Butterfly", "Toad", "Nightingale", "Hare", "Stag", "Carp")
NUM_FAMILIES: Final = len(FAMILIES)
QUEEN_COLUMN_AFTER: Final = 2  # the Queen's column is drawn after FAMILIES[2] (Nightingale)

NOBLE: Final = 0
SPY: Final = 1
ASSASSIN: Final = 2
GUARD: Final = 3
COURTIER: Final = 4  # no role
ROLE_NAMES: Final = ("noble", "spy", "assassin", "guard", "courtier")

# Per family: 4 Nobles + 2 Spies + 2 Assassins + 3 Guards + 4 courtiers without a role (DATA.md).
ROLE_BY_INDEX: Final = (NOBLE,) * 4 + (SPY,) * 2 + (ASSASSIN,) * 2 + (GUARD,) * 3 + (COURTIER,) * 4
CARDS_PER_FAMILY: Final = len(ROLE_BY_INDEX)
NUM_CARDS: Final = NUM_FAMILIES * CARDS_PER_FAMILY

CARD_FAMILY: Final = tuple(card // CARDS_PER_FAMILY for card in range(NUM_CARDS))
CARD_ROLE: Final = tuple(ROLE_BY_INDEX[card % CARDS_PER_FAMILY] for card in range(NUM_CARDS))
# "Each noble counts as two cards" at game end, everywhere (rulebook, Nobles).
CARD_WEIGHT: Final = tuple(2 if role == NOBLE else 1 for role in CARD_ROLE)
IS_SPY: Final = tuple(role == SPY for role in CARD_ROLE)
IS_GUARD: Final = tuple(role == GUARD for role in CARD_ROLE)
IS_ASSASSIN: Final = tuple(role == ASSASSIN for role in CARD_ROLE)
SPY_CARDS: Final = tuple(card for card in range(NUM_CARDS) if IS_SPY[card])
SPY_INDEX: Final = {card: i for i, card in enumerate(SPY_CARDS)}  # position in per-spy lists

# Setup step 1: cards removed unseen, so that every player gets the same number of turns.
REMOVED_AT_SETUP: Final = {2: 30, 3: 18, 4: 6, 5: 0}
HAND_SIZE: Final = 3  # cards dealt, played and drawn per turn
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
# Every turn puts exactly one card at the Queen's table and two in domains, so no row of the
# table and no domain can ever hold more cards than there are turns in a 5-player game.
MAX_ROW_CARDS: Final = NUM_CARDS // HAND_SIZE

MISSION_POINTS: Final = 3


class Mission(NamedTuple):
    """One Secret Mission card. ``kind`` selects the test in scoring.py; ``param``/``amount``
    are its family or role and its threshold."""

    code: str
    colour: str  # "white": about your own domain; "blue": about the Queen's table
    kind: str
    param: int
    amount: int
    text: str


def _fewer_than_left(index: int, family: int) -> Mission:
    name = FAMILIES[family]
    return Mission(
        f"W{index}",
        "white",
        "fewer-than-left",
        family,
        0,
        f"you have fewer {name} cards in your domain than your left-hand neighbour has in theirs",
    )


def _fallen(index: int, family: int) -> Mission:
    return Mission(
        f"B{index}",
        "blue",
        "family-fallen",
        family,
        0,
        f"the {FAMILIES[family]} family is fallen from grace",
    )


MISSIONS: Final = (
    *(_fewer_than_left(f + 1, f) for f in range(NUM_FAMILIES)),
    Mission("W7", "white", "role-in-domain", NOBLE, 3, "at least 3 Nobles in your domain"),
    Mission("W8", "white", "role-in-domain", ASSASSIN, 2, "at least 2 Assassins in your domain"),
    Mission("W9", "white", "role-in-domain", GUARD, 4, "at least 4 Guards in your domain"),
    Mission("W10", "white", "role-in-domain", SPY, 3, "at least 3 Spies in your domain"),
    *(_fallen(f + 1, f) for f in range(NUM_FAMILIES)),
    Mission(
        "B7",
        "blue",
        "every-family-below",
        0,
        1,
        "every family has at least one card below the Queen's table",
    ),
    Mission(
        "B8",
        "blue",
        "some-family-below",
        0,
        5,
        "some family has at least 5 cards below the Queen's table",
    ),
    Mission("B9", "blue", "at-most-esteemed", 0, 3, "at most 3 families are esteemed"),
    Mission("B10", "blue", "at-least-fallen", 0, 2, "at least 2 families are fallen from grace"),
)
NUM_MISSIONS: Final = len(MISSIONS)
WHITE_MISSIONS: Final = tuple(i for i, m in enumerate(MISSIONS) if m.colour == "white")
BLUE_MISSIONS: Final = tuple(i for i, m in enumerate(MISSIONS) if m.colour == "blue")
MISSION_BY_CODE: Final = {m.code: i for i, m in enumerate(MISSIONS)}

# Family status at the Queen's table.
ESTEEMED: Final = 1
NEUTRAL: Final = 0
FALLEN: Final = -1
STATUS_NAMES: Final = {ESTEEMED: "esteemed", NEUTRAL: "neutral", FALLEN: "fallen from grace"}


def card_name(card: int) -> str:
    """``"Toad noble"``, ``"Carp courtier"``: what a face-up card shows."""
    return f"{FAMILIES[CARD_FAMILY[card]]} {ROLE_NAMES[CARD_ROLE[card]]}"
