"""Hand-written For the King positions for the scenario tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from courtly.core.state import STATE_FORMAT
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.data import CARD_CODE, CARD_MARK, OFFICES, offices_in_play
from courtly.games.for_the_king.state import FtkState

Builder = Callable[..., FtkState]


def build(
    n: int,
    *,
    phase: str = "bid",
    current: int | None = 0,
    hands: list[list[str]] | None = None,
    favor: list[str] | None = None,
    revealed: str | None = None,
    first: int = 0,
    advisor: int = 0,
    deck: list[str] | None = None,
    middle: list[str] | None = None,
    held: str | None = None,
    placed: dict[str, int] | None = None,
    picker: int | None = None,
    up: list[str] | None = None,
    batches: list[dict[str, Any]] | None = None,
    public_arrival: dict[str, int] | None = None,
    favor_placer: dict[str, int] | None = None,
    primary: dict[str, int] | None = None,
    auction: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    spent: list[int] | None = None,
) -> FtkState:
    """A position from its parts; every card not mentioned goes to the box."""
    hands = hands or [[] for _ in range(n)]
    favor = favor or []
    deck = deck or []
    middle = middle or []
    up = up or []
    batches = batches or []
    used = set(favor) | set(deck) | set(middle) | set(up)
    used |= {c for h in hands for c in h} | {c for b in batches for c in b["cards"]}
    used |= {x for x in (revealed, held) if x}
    unused = [CARD_CODE[c] for c in range(len(CARD_CODE)) if CARD_MARK[c] > n]
    box = [code for code in CARD_CODE if code not in used and code not in unused]
    placers = favor_placer if favor_placer is not None else dict.fromkeys(favor, advisor)
    favor_placed = [0] * n
    for p in placers.values():
        favor_placed[p] += 1
    base_auction: dict[str, Any] = {
        "high_bid": 0,
        "high_bidder": None,
        "out": [],
        "excluded": [],
        "due": 0,
        "paid": 0,
        "batch": None,
        "king_changes_left": 0,
        "king_first_office": None,
    }
    base_auction.update(auction or {})
    data = {
        "format": STATE_FORMAT,
        "version": GAME.state_version,
        "game": GAME.name,
        "num_players": n,
        "options": options or {},
        "rng": 12345,
        "phase": phase,
        "current_player": current,
        "advisor": advisor,
        "placed": placed or {"own": 0, "middle": 0, "favor": 0},
        "picker": picker,
        "first_player": first,
        "primary": primary or {OFFICES[o]: 3 for o in offices_in_play(n)},
        "cards": {
            "unused": unused,
            "box": box,
            "deck": deck,
            "held": held,
            "middle": middle,
            "favor": favor,
            "revealed": revealed,
            "discard_up": up,
            "hands": hands,
        },
        "batches": batches,
        "public_arrival": public_arrival or {},
        "favor_placer": placers,
        "favor_placed": favor_placed,
        "gold_spent": spent or [0] * n,
        "gold_won": [0] * n,
        "gold_limits": [],
        "auction": base_auction,
    }
    state = GAME.from_json(data)
    assert isinstance(state, FtkState)
    return state


@pytest.fixture
def make() -> Builder:
    return build


def act(state: FtkState, kind: str, **args: Any) -> list[Any]:
    """Play the action with this JSON form as the current player."""
    return state.apply({"kind": kind, **args}, player=state.current_player)


@pytest.fixture
def play() -> Callable[..., list[Any]]:
    return act
