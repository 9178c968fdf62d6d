"""Structured events (issue 28): every event Tudor emits has a declared kind, data of ids,
numbers and booleans (seats as 0-based indices), and the text EVENTS makes from them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from courtly.core.render import event_fields, event_text
from courtly.core.rng import Rng
from courtly.games.tudor import GAME
from courtly.games.tudor.events import EVENTS


def plain(value: Any) -> bool:
    """An id, a number or a boolean, or a list of them."""
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return value is None or isinstance(value, bool | int | str)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"scenario": 3}),
        (4, {"scenario": 2, "variant": "opportunity"}),
        (3, {"edition": "v15", "scenario": 5, "scoring": "3,6"}),
        (2, {"scenario": 4}),
    ],
)
def test_every_event_is_declared_and_its_text_comes_from_kind_and_data(
    players: int, options: dict[str, Any]
) -> None:
    state = GAME.new_game(players, seed=players * 31, options=options)
    rng = Rng(7)
    seen: set[str] = set()
    while not state.is_terminal:
        ids = state.legal_action_ids()
        for event in state.apply(ids[rng.below(len(ids))]):
            assert event.kind in EVENTS.kinds
            assert event.kind == event.kind.lower() and "_" not in event.kind
            json.dumps(event.data)
            assert all(plain(v) for v in event.data.values()), event
            assert set(event.data) >= event_fields(EVENTS, event.kind)
            assert "{" not in event_text(GAME, event)
            assert event.audience is None  # nothing Tudor announces is private (RULINGS 1)
            if "seat" in event.data:
                assert 0 <= event.data["seat"] < players
            seen.add(event.kind)
    assert {"draft", "finger", "round", "game-end", "prestige"} <= seen


def test_seats_read_from_one_in_text() -> None:
    event = EVENTS.event("draft", {"seat": 0, "ring": "blue"})
    assert event_text(GAME, event) == "seat 1 drafts a blue Ring"
    gains = EVENTS.event("prestige", {"gains": [0, 4, 1]})
    assert event_text(GAME, gains) == "Prestige: seat 2 +4, seat 3 +1"
    end = EVENTS.event("game-end", {"scores": [30, 31], "winners": [1]})
    assert event_text(GAME, end) == "Final Prestige seat 1: 30, seat 2: 31. Winner: seat 2"
