"""Every event is a declared kind with plain data, and its text is made from kind + data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from courtly.core.render import event_fields, event_text
from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.data import CODE_TO_CARD, OFFICES
from courtly.games.for_the_king.events import EVENTS

KIND_STRINGS = {"own", "favor"}


def _plain(value: Any) -> bool:
    """Ids, numbers, booleans and kind strings only (no English), nested in lists."""
    if value is None or isinstance(value, bool | int | float):
        return True
    if isinstance(value, str):
        return value in CODE_TO_CARD or value in OFFICES or value in KIND_STRINGS
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return False


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("options", [{}, {"king_cards": "apply"}, {"bids": "affordable"}])
def test_every_event_is_declared_with_plain_data_and_its_text(
    n: int, options: dict[str, str]
) -> None:
    rng = Rng(n)
    kinds = set()
    for seed in range(3):
        state = GAME.new_game(n, seed=seed, options=options)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            for event in state.apply(legal[rng.below(len(legal))]):
                assert event.kind in EVENTS.kinds, event.kind
                assert set(event.data) >= event_fields(EVENTS, event.kind)
                assert all(_plain(v) for v in event.data.values()), event.data
                json.dumps(dict(event.data))
                assert "{" not in event_text(GAME, event)
                kinds.add(event.kind)
    assert {"draw", "take", "reveal", "bid", "pass", "win", "end", "duty"} <= kinds


def test_seats_read_from_one_in_the_text() -> None:
    event = EVENTS.event("bid", {"seat": 0, "amount": 3})
    assert event_text(GAME, event) == "seat 1 bids 3"
    penalty = EVENTS.event("penalty", {"seat": 1, "drawn_by_seat": 2, "card_drawn": True})
    assert event_text(GAME, penalty).startswith("seat 2 cannot pay: seat 3 draws")
