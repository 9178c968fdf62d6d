"""Structured events: every event of random games has a declared kind, data made of ids and
numbers only, and the text ``EVENTS`` forms from kind and data."""

from __future__ import annotations

import json
import re
from typing import Any

from courtly.core.render import event_fields, event_text
from courtly.core.rng import Rng
from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.data import CARD_BY_NAME
from courtly.games.kingdoms.events import EVENTS

KIND = re.compile(r"^[a-z]+(-[a-z]+)*$")
ID = re.compile(r"^[a-z]+(_[a-z]+)*$")


def _plain(value: Any, where: str) -> None:
    """Only seats, numbers, booleans, card names and lower-case ids: no English."""
    if isinstance(value, list):
        for item in value:
            _plain(item, where)
    elif isinstance(value, str):
        assert value in CARD_BY_NAME or ID.match(value), f"{where}: {value!r}"
    else:
        assert isinstance(value, bool | int), f"{where}: {value!r}"


def test_every_event_is_declared_with_plain_data_and_its_text() -> None:
    seen: set[str] = set()
    for seed in range(6):
        options = {"scandal_glory": "own"} if seed % 2 else {}
        state = GAME.new_game(2, seed=seed, options=options)
        rng = Rng(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            for event in state.apply(legal[rng.below(len(legal))]):
                assert KIND.match(event.kind) and event.kind in EVENTS.kinds, event.kind
                json.dumps(event.data)
                assert set(event.data) == event_fields(EVENTS, event.kind), event.kind
                for name, value in event.data.items():
                    _plain(value, f"{event.kind}.{name}")
                assert "{" not in event_text(GAME, event)
                assert "Seat 0" not in event_text(GAME, event) and "seat 0" not in event_text(
                    GAME, event
                )
                seen.add(event.kind)
    # Random games reach most of the vocabulary (the rest is covered by scenario tests).
    assert len(seen) >= len(EVENTS.kinds) // 2, sorted(set(EVENTS.kinds) - seen)


def test_seats_read_from_one_in_text() -> None:
    event = EVENTS.event("duel-won", {"seat": 0})
    assert event_text(GAME, event) == "seat 1 wins the duel and takes the first turn"
