"""Which Courtisans positions can occur: every impossible one is refused with the reason.

``from_json`` runs these checks on every loaded state, and the conformance checks after every
action, so a position either plays on under the rules or is refused as the field it breaks.
"""

from __future__ import annotations

from courtly.core.errors import InvalidStateError
from courtly.games.courtisans.codes import (
    ALL_AREAS,
    AREA_OPPONENT,
    AREA_OWN,
    AREA_QUEEN,
    FIRST_DOMAIN,
    NO_SEAT,
    NO_ZONE,
    ROW_NAMES,
    zone_count,
)
from courtly.games.courtisans.data import (
    BLUE_MISSIONS,
    HAND_SIZE,
    IS_ASSASSIN,
    MAX_ROW_CARDS,
    NUM_CARDS,
    NUM_MISSIONS,
    REMOVED_AT_SETUP,
    SPY_CARDS,
    WHITE_MISSIONS,
    card_name,
)
from courtly.games.courtisans.rules.assassins import kill_targets
from courtly.games.courtisans.state import CourtisansState

_ALL_CARDS = list(range(NUM_CARDS))


def check_invariants(state: CourtisansState) -> None:
    problem = find_problem(state)
    if problem:
        raise InvalidStateError(f"impossible Courtisans position: {problem}")


def _accounting_problem(every: list[int]) -> str:
    """Why ``every`` (all cards in all zones) is not each card exactly once."""
    for card in every:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < NUM_CARDS:
            return f"{card!r} is not a card (0..{NUM_CARDS - 1})"
    for card in _ALL_CARDS:
        count = every.count(card)
        if count != 1:
            return f"card {card} ({card_name(card)}) appears {count} times (must be exactly once)"
    raise AssertionError("unreachable: the cards were all there")


def find_problem(state: CourtisansState) -> str | None:
    """The first reason this position cannot occur, or None."""
    n = state.num_players
    every = [
        c
        for zone in (
            state.deck,
            state.removed,
            state.above,
            state.below,
            state.eliminated,
            *state.hands,
            *state.domains,
        )
        for c in zone
    ]
    if sorted(every) != _ALL_CARDS:
        return _accounting_problem(every)
    if len(state.removed) != REMOVED_AT_SETUP[n]:
        return f"{n} players set aside {REMOVED_AT_SETUP[n]} cards, not {len(state.removed)}"
    if len(state.deck) % HAND_SIZE:
        return "the deck size must be a multiple of 3"
    if state.removed != sorted(state.removed) or state.deck != sorted(state.deck):
        return "the deck and the removed cards are kept sorted (their order is unknowable)"
    for zone in (state.above, state.below, *state.domains):
        if len(zone) > MAX_ROW_CARDS:
            return f"no row or domain can hold more than {MAX_ROW_CARDS} cards"
    played = {c for z in (state.above, state.below, state.eliminated, *state.domains) for c in z}
    for card, seat in zip(SPY_CARDS, state.spy_player, strict=True):
        if (card in played) != (0 <= seat < n):
            return f"spy {card} needs a playing seat exactly when it has been played"
    problem = _turn_problem(state)
    if problem:
        return problem
    return _mission_problem(state)


def _turn_problem(state: CourtisansState) -> str | None:
    n = state.num_players
    if not 0 <= state.first_player < n:
        return "first_player is not a seat"
    if state.current == NO_SEAT:
        if state.deck or any(state.hands) or state.used or state.pending != NO_ZONE:
            return "the game is over only when the deck and every hand are empty"
        return None
    if not 0 <= state.current < n:
        return "current_player is not a seat"
    plays = bin(state.used).count("1")
    if state.used & ~ALL_AREAS:
        return "areas_used holds an unknown area"
    if len(state.hands[state.current]) != HAND_SIZE - plays:
        return "the current player must hold 3 cards minus those played this turn"
    for seat, hand in enumerate(state.hands):
        if seat != state.current and len(hand) not in (0, HAND_SIZE):
            return "a player who is not playing holds 0 or 3 cards"
        if seat != state.current and state.deck and not hand:
            return "while the deck lasts, every player holds 3 cards between turns"
        if hand != sorted(hand):
            return "hands are kept sorted"
    problem = _round_problem(state, plays)
    if problem:
        return problem
    if state.pending == NO_ZONE:
        if state.used == ALL_AREAS:
            return "a turn with all three areas played is over"
        return None
    if not 0 <= state.pending < zone_count(n):
        return "pending_kill names no zone"
    zone = state.zone_cards(state.pending)
    if not zone or not IS_ASSASSIN[zone[-1]]:
        return "a pending kill needs the assassin just placed as the last card of its zone"
    if not state.used & _area(state, state.pending):
        return "a pending kill belongs to an area played this turn"
    if not kill_targets(state):
        return "a pending kill needs something to eliminate"
    return None


def _round_problem(state: CourtisansState, plays: int) -> str | None:
    """C3.1, C3.4: every seat plays once per round, in order from the first player, and the
    deck runs out at the end of a round (the setup removal makes it so), so the turn number
    fixes whose turn it is and, once the deck is empty, who still holds cards. Every row and
    domain gets at most one card a turn: with the turns still to play it stays within
    MAX_ROW_CARDS (the action ids have room for no more)."""
    n = state.num_players
    waiting = len(state.deck) + sum(len(h) for h in state.hands)
    turns_done = (NUM_CARDS - len(state.removed) - waiting - plays) // HAND_SIZE
    if state.current != (state.first_player + turns_done) % n:
        return (
            f"after {turns_done} turns from first_player {state.first_player}, "
            f"current_player must be {(state.first_player + turns_done) % n}"
        )
    if not state.deck:
        last = (state.first_player - 1) % n  # drew the last cards: the round's last seat
        to_play = {(state.current + i) % n for i in range((last - state.current) % n + 1)}
        for seat, hand in enumerate(state.hands):
            if seat != state.current and bool(hand) != (seat in to_play):
                return (
                    "once the deck is empty, exactly the seats still to play this round hold cards"
                )
    # Whole turns still to come (the current one too if it has not started).
    turns_left = waiting // HAND_SIZE
    for zone in range(zone_count(n)):
        area = _area(state, zone)
        open_now = 1 if plays and not state.used & area else 0
        if len(state.zone_cards(zone)) + turns_left + open_now > MAX_ROW_CARDS:
            return f"{_zone_name(zone)} would hold more than {MAX_ROW_CARDS} cards by the end"
    return None


def _area(state: CourtisansState, zone: int) -> int:
    if zone < FIRST_DOMAIN:
        return AREA_QUEEN
    return AREA_OWN if zone - FIRST_DOMAIN == state.current else AREA_OPPONENT


def _zone_name(zone: int) -> str:
    if zone < FIRST_DOMAIN:
        return f"queen_table.{ROW_NAMES[zone]}"
    return f"domains[{zone - FIRST_DOMAIN}]"


def _mission_problem(state: CourtisansState) -> str | None:
    for seat in range(state.num_players):
        if state.white[seat] not in WHITE_MISSIONS or state.blue[seat] not in BLUE_MISSIONS:
            return f"seat {seat} needs one white and one blue Secret Mission"
    every = sorted([*state.white, *state.blue, *state.unused_missions])
    if every != list(range(NUM_MISSIONS)):
        return "the 20 Secret Missions must each be dealt or unused exactly once"
    if state.unused_missions != sorted(state.unused_missions):
        return "unused missions are kept sorted"
    return None
