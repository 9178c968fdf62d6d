"""Who is who in a Royal Court (rules C4.1-C4.3, C8.1, C8.6): pure functions over ``[J, Q, K]``.

A court is a list of three cards indexed by slot (Jack, Queen, King), -1 for an empty slot.
"""

from __future__ import annotations

from courtly.games.kingdoms.data import (
    JACK,
    JACK_CAP,
    JACK_REGNANT_CAP,
    KING,
    KING_CAP,
    KING_WITH_CONSORT_CAP,
    QUEEN,
    QUEEN_CAP,
    SUIT,
)


def regnant_slot(court: list[int]) -> int:
    """A King is always Regnant; else a Queen; else a lone Jack; -1 for an empty court."""
    if court[KING] >= 0:
        return KING
    if court[QUEEN] >= 0:
        return QUEEN
    if court[JACK] >= 0:
        return JACK
    return -1


def consort_slot(court: list[int]) -> int:
    """A Queen beside a King; else a Jack beside a Queen or King Regnant (not both: Chamberlain)."""
    if court[KING] >= 0:
        if court[QUEEN] >= 0:
            return QUEEN
        return JACK if court[JACK] >= 0 else -1
    if court[QUEEN] >= 0 and court[JACK] >= 0:
        return JACK
    return -1


def has_chamberlain(court: list[int]) -> bool:
    return court[JACK] >= 0 and court[QUEEN] >= 0 and court[KING] >= 0


def is_eunuch(court: list[int]) -> bool:
    """A Chamberlain of the Queen's suit cannot activate Glory Power (C8.2)."""
    return has_chamberlain(court) and SUIT[court[JACK]] == SUIT[court[QUEEN]]


def capacity(court: list[int], slot: int) -> int:
    """Subject spaces beside the court member in ``slot`` (0 if the slot is empty)."""
    card = court[slot]
    if card < 0:
        return 0
    if slot == KING:
        return KING_WITH_CONSORT_CAP if (court[QUEEN] >= 0 or court[JACK] >= 0) else KING_CAP
    if slot == QUEEN:
        return QUEEN_CAP
    return JACK_REGNANT_CAP if (court[QUEEN] < 0 and court[KING] < 0) else JACK_CAP


def regnant_suit(court: list[int]) -> int:
    slot = regnant_slot(court)
    return SUIT[court[slot]] if slot >= 0 else -1


def consort_suit(court: list[int]) -> int:
    slot = consort_slot(court)
    return SUIT[court[slot]] if slot >= 0 else -1


def influence(court: list[int]) -> int:
    """The suit of an Influential Court (Regnant and Consort share a suit), else -1 (C10)."""
    reg = regnant_slot(court)
    con = consort_slot(court)
    if reg < 0 or con < 0:
        return -1
    suit = SUIT[court[reg]]
    return suit if SUIT[court[con]] == suit else -1


def is_prestigious(court: list[int]) -> bool:
    """King, Queen and Jack of one suit (C10.5)."""
    return has_chamberlain(court) and SUIT[court[JACK]] == SUIT[court[QUEEN]] == SUIT[court[KING]]


def court_suits_mask(court: list[int]) -> int:
    mask = 0
    for card in court:
        if card >= 0:
            mask |= 1 << SUIT[card]
    return mask
