"""Kingdoms game data: the cards, court capacities, option defaults and the names used in JSON.

Cards are ints 0..53: ``suit * 13 + (rank - 1)`` for the 52 suited cards (rank 1 is the Ace,
11 Jack, 12 Queen, 13 King) and 52, 53 for the two Jokers.
"""

from __future__ import annotations

from typing import Final

SPADES: Final = 0
HEARTS: Final = 1
CLUBS: Final = 2
DIAMONDS: Final = 3
SUIT_CHARS: Final = "SHCD"
SUIT_KEYS: Final = ("spades", "hearts", "clubs", "diamonds")  # the suits as ids (data, catalogues)

NUM_CARDS: Final = 54
HAND_SIZE: Final = 7
DRAW_SKIP_AT: Final = 7  # hand size at which the Draw Phase is skipped (rule C2.3)
GLORY_TO_END: Final = 10  # Glory cards that end the game (rule C1.2)

# Royal Court slots: the index of a court card in ``court[p]`` is its rank minus 11.
JACK: Final = 0
QUEEN: Final = 1
KING: Final = 2
SLOT_NAMES: Final = ("Jack", "Queen", "King")  # the slots in the actions' JSON form
SLOT_KEYS: Final = ("jack", "queen", "king")  # the slots as ids in observations, events, catalogues

RANK_NAMES: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}


def suit_of(card: int) -> int:
    """Suit of a suited card (-1 for a Joker)."""
    return card // 13 if card < 52 else -1


def rank_of(card: int) -> int:
    """1 (Ace) .. 13 (King); 0 for a Joker."""
    return card % 13 + 1 if card < 52 else 0


# Precomputed per card, because the hot path asks these millions of times.
SUIT: Final = tuple(suit_of(c) for c in range(NUM_CARDS))
RANK: Final = tuple(rank_of(c) for c in range(NUM_CARDS))
# Glory/Subject value: Number cards count their number, an Ace 1 (DATA.md), court cards and
# Jokers never count.
VALUE: Final = tuple(r if 1 <= r <= 10 else 0 for r in RANK)
IS_NUMBER: Final = tuple(1 <= r <= 10 for r in RANK)  # a Subject card (Aces included, ruling R1)
IS_ROYAL: Final = tuple(r >= 11 for r in RANK)
IS_ACE: Final = tuple(r == 1 for r in RANK)
IS_JOKER: Final = tuple(c >= 52 for c in range(NUM_CARDS))
SLOT_OF: Final = tuple(r - 11 if r >= 11 else -1 for r in RANK)


def card_name(card: int) -> str:
    """Short human form used in JSON and texts: 'AS', '10H', 'QD', 'X1' (Jokers X1, X2)."""
    if card >= 52:
        return f"X{card - 51}"
    rank = RANK[card]
    return f"{RANK_NAMES.get(rank, str(rank))}{SUIT_CHARS[SUIT[card]]}"


CARD_NAMES: Final = tuple(card_name(c) for c in range(NUM_CARDS))


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


CARD_BY_NAME: Final = {name: c for c, name in enumerate(CARD_NAMES)}


def parse_card(name: object) -> int:
    if not isinstance(name, str) or name.upper() not in CARD_BY_NAME:
        raise ValueError(f"unknown card {name!r} (cards are written like 'AS', '10H', 'QD', 'X1')")
    return CARD_BY_NAME[name.upper()]


# Subject spaces beside each court member (rule C4.2).
KING_CAP: Final = 3
KING_WITH_CONSORT_CAP: Final = 4
QUEEN_CAP: Final = 3
JACK_CAP: Final = 2
JACK_REGNANT_CAP: Final = 3

# Battle strength bonuses (DATA.md's reconstruction, rule C9.5).
BATTLE_CLUB_BONUS: Final = 1
BATTLE_REGNANT_SUIT_BONUS: Final = 1
BATTLE_CLUB_REGNANT_BONUS: Final = 1

# Polity value bonuses (rule C9.6).
POLITY_GLORY_SUIT_BONUS: Final = 1
POLITY_REGNANT_SUIT_BONUS: Final = 1
POLITY_ROUNDS_TO_WIN: Final = 2

DEFAULT_TURN_LIMIT: Final = 200  # the endless-game safeguard (ruling R20)

# The abilities by suit, as ids (event data; their names are the catalogues' term.ability.ID).
REGNANT_KEYS: Final = ("harvest", "invention", "invade", "investment")
CONSORT_KEYS: Final = ("reap", "epiphany", "honour", "negotiations")
ASCENDANCY_KEYS: Final = ("master_of_the_hunt", "herald", "champion", "treasurer")
GLORY_POWER_KEYS: Final = ("cultivate", "oracle", "pillage", "pledge")
DECLARATIONS: Final = ("estate", "paramour", "depose", "greed")
# The Glory suit each Declaration costs: Estate a Spade, Paramour a Heart, Depose a Club,
# Greed a Diamond.
DECLARATION_COST: Final = (SPADES, HEARTS, CLUBS, DIAMONDS)
