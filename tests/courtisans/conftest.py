"""Builders for hand-made Courtisans positions (through the documented JSON form)."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from courtly.games.courtisans import GAME
from courtly.games.courtisans.data import (
    CARD_FAMILY,
    CARD_ROLE,
    FAMILIES,
    IS_SPY,
    NUM_CARDS,
    REMOVED_AT_SETUP,
    ROLE_NAMES,
)
from courtly.games.courtisans.state import CourtisansState


def card(family: str, role: str, nth: int = 0) -> int:
    """The ``nth`` card of ``role`` in ``family`` (e.g. card("Toad", "noble", 1))."""
    f = FAMILIES.index(family)
    r = ROLE_NAMES.index(role)
    matches = [c for c in range(NUM_CARDS) if CARD_FAMILY[c] == f and CARD_ROLE[c] == r]
    return matches[nth]


def cards(spec: str) -> list[int]:
    """``"Toad noble*2, Carp guard"`` -> distinct card ids (repeats take the next copy)."""
    out: list[int] = []
    taken: dict[tuple[str, str], int] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, _, times = part.partition("*")
        family, role = name.split()
        for _ in range(int(times or 1)):
            nth = taken.get((family, role), 0)
            taken[(family, role)] = nth + 1
            out.append(card(family, role, nth))
    return out


def position(
    num_players: int = 2,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    above: Sequence[int] = (),
    below: Sequence[int] = (),
    domains: Sequence[Sequence[int]] | None = None,
    eliminated: Sequence[int] = (),
    deck_size: int = 0,
    current: int | None = 0,
    areas_used: Sequence[str] = (),
    pending_kill: dict[str, Any] | None = None,
    spies_played_by: dict[int, int] | None = None,
    missions: Sequence[tuple[str, str]] | None = None,
    options: dict[str, Any] | None = None,
    default_spy_player: int = 0,
) -> CourtisansState:
    """A legal position: cards not placed anywhere fill the set-aside cards, then the deck
    (``deck_size`` cards), then the eliminated pile. Played spies default to
    ``default_spy_player``'s."""
    hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(num_players)]
    domains = (
        [list(d) for d in domains] if domains is not None else [[] for _ in range(num_players)]
    )
    placed = [
        *above,
        *below,
        *eliminated,
        *(c for h in hands for c in h),
        *(c for d in domains for c in d),
    ]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    free = [c for c in range(NUM_CARDS) if c not in set(placed)]
    removed_count = REMOVED_AT_SETUP[num_players]
    removed, free = free[:removed_count], free[removed_count:]
    deck, free = free[:deck_size], free[deck_size:]
    eliminated_all = [*eliminated, *free]
    spies = dict(spies_played_by or {})
    for c in (*above, *below, *eliminated_all, *(c for d in domains for c in d)):
        if IS_SPY[c]:
            spies.setdefault(c, default_spy_player)
    if missions is None:
        missions = [(f"W{p + 1}", f"B{p + 1}") for p in range(num_players)]
    dealt = {code for pair in missions for code in pair}
    # Seats play in order from the first player (C3.1): name the first player that makes it
    # the current player's turn after the turns these cards show.
    waiting = deck_size + sum(len(h) for h in hands)
    turns_done = (NUM_CARDS - removed_count - waiting - len(areas_used)) // 3
    first = 0 if current is None else (current - turns_done) % num_players
    every = [f"W{i}" for i in range(1, 11)] + [f"B{i}" for i in range(1, 11)]
    data = {
        "format": "courtly-state",
        "version": GAME.state_version,
        "game": "courtisans",
        "num_players": num_players,
        "options": options or {},
        "rng": 12345,
        "first_player": first,
        "current_player": current,
        "areas_used": list(areas_used),
        "pending_kill": pending_kill,
        "deck": sorted(deck),
        "removed": sorted(removed),
        "hands": [sorted(h) for h in hands],
        "queen_table": {"above": list(above), "below": list(below)},
        "domains": domains,
        "eliminated": eliminated_all,
        "spies_played_by": {str(c): s for c, s in spies.items()},
        "missions": [{"white": w, "blue": b} for w, b in missions],
        "unused_missions": [code for code in every if code not in dealt],
    }
    state = GAME.from_json(data)
    assert isinstance(state, CourtisansState)
    return state


def play(state: CourtisansState, **action: Any) -> list[Any]:
    """Apply an action given by its JSON fields, as the current player."""
    return state.apply(action, player=state.current_player)


@pytest.fixture
def cz() -> SimpleNamespace:
    """The builders above, for test modules (which cannot import this file by name)."""
    return SimpleNamespace(card=card, cards=cards, position=position, play=play)
