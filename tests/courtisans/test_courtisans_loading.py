"""Issue 21 §2: from_json accepts exactly the positions the game could reach and play on from.

A hypothesis property: reachable states from random games, their JSON mutated (a field changed,
dropped, duplicated or swapped; cards moved, copied or swapped between zones), are either
refused with InvalidStateError or play to the end under the conformance checks."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
from courtly.games.courtisans import GAME
from courtly.games.courtisans.state import CourtisansState
from courtly.testing import refused_or_plays_out

Slot = tuple[Any, Any]  # (container, key): one place in the JSON tree

ODD_VALUES = st.one_of(
    st.integers(-2, 95),
    st.none(),
    st.booleans(),
    st.sampled_from(["", "x", "above", "domain", "W1", "B10", "own", "4", 3.0, [], {}, [1, 2]]),
)


def _slots(node: Any) -> list[Slot]:
    """Every (container, key) in the tree, parents before children."""
    found: list[Slot] = []
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in items:
        found.append((node, key))
        if isinstance(value, dict | list):
            found += _slots(value)
    return found


def _card_lists(node: Any) -> list[list[Any]]:
    lists = [] if not isinstance(node, list) else [node]
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    for value in children:
        if isinstance(value, dict | list):
            lists += _card_lists(value)
    return lists


def _reachable(num_players: int, seed: int, moves: int) -> dict[str, Any]:
    state = GAME.new_game(
        num_players, seed=seed, options={"spy_memory": ["remember", "forget"][seed % 2]}
    )
    rng = Rng(seed)
    for _ in range(moves):
        legal = state.legal_action_ids()
        if not legal:
            break
        state.step(legal[rng.below(len(legal))])
    data: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    return data


@st.composite
def mutated_states(draw: st.DrawFn) -> dict[str, Any]:
    data = _reachable(
        draw(st.integers(2, 5)), draw(st.integers(0, 2**20)), draw(st.integers(0, 160))
    )
    for _ in range(draw(st.integers(1, 2))):
        slots = _slots(data)
        lists = [cards for cards in _card_lists(data) if cards]
        how = draw(
            st.sampled_from(["change", "drop", "duplicate", "swap", "move", "copy", "swap-cards"])
        )
        if how in ("move", "copy", "swap-cards") and lists:
            source = draw(st.sampled_from(lists))
            target = draw(st.sampled_from(_card_lists(data)))
            i = draw(st.integers(0, len(source) - 1))
            if how == "swap-cards" and target:
                j = draw(st.integers(0, len(target) - 1))
                source[i], target[j] = target[j], source[i]
            else:
                card = source[i] if how == "copy" else source.pop(i)
                target.insert(draw(st.integers(0, len(target))), card)
            continue
        container, key = draw(st.sampled_from(slots))
        if how == "change":
            container[key] = draw(ODD_VALUES)
        elif how == "drop":
            del container[key]
        elif how == "duplicate":
            if isinstance(container, list):
                container.insert(key, json.loads(json.dumps(container[key])))
            else:
                container[f"{key}_again"] = container[key]
        else:
            other, other_key = draw(st.sampled_from(slots))
            # When one slot lies inside the other there is nothing to swap.
            with contextlib.suppress(KeyError, IndexError):
                container[key], other[other_key] = other[other_key], container[key]
    return data


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=mutated_states())
def test_a_mutated_state_is_refused_or_plays_to_the_end(data: dict[str, Any]) -> None:
    rng = Rng(data["rng"] if type(data.get("rng")) is int else 0)
    refused_or_plays_out(GAME, data, rng, every=1)  # every position checked: they are cheap


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("first_player", 1, "current_player must be"),
        ("current_player", True, "current_player must be an integer"),
        ("deck", [0, 1, "2"], r"deck\[2\] must be an integer"),
        ("areas_used", ["queen", "queen"], "areas_used lists an area twice"),
        ("pending_kill", {"place": "domain"}, "pending_kill.seat is missing"),
        ("spies_played_by", {"04": 0}, "'04' is not a spy card id"),
        ("missions", [{"white": "W1", "blue": "B1"}], "missions must have 2 entries"),
        ("stray", 1, "unknown fields: stray"),
    ],
)
def test_a_bad_field_is_refused_by_name(field: str, value: Any, message: str) -> None:
    data = _reachable(2, 4, 0)
    data["current_player"] = data["first_player"]
    data[field] = value
    with pytest.raises(InvalidStateError, match=message):
        GAME.from_json(data)


def test_once_the_deck_is_empty_only_the_seats_still_to_play_hold_cards() -> None:
    """C3.4: the deck runs out at the end of a round; then the seats play their last turn in
    order, so a seat that has played its last turn cannot hold cards while a later one does."""
    state = GAME.new_game(3, seed=2)
    assert isinstance(state, CourtisansState)
    rng = Rng(2)
    while state.deck or state.current != state.first_player or state.used:
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
    for _ in range(3):  # the first player plays its last turn
        state.step(next(i for i in state.legal_action_ids()))
        while state.pending >= 0:
            state.step(state.legal_action_ids()[-1])
    data = json.loads(json.dumps(state.to_json()))
    GAME.from_json(data)
    first, second = state.first_player, (state.first_player + 1) % 3
    last = (state.first_player + 2) % 3
    assert data["hands"][first] == [] and data["hands"][second] and data["hands"][last]
    data["hands"][first], data["hands"][last] = data["hands"][last], data["hands"][first]
    with pytest.raises(InvalidStateError, match="still to play"):
        GAME.from_json(data)


def test_a_row_that_would_overflow_is_refused(cz: Any) -> None:
    """Every row and domain gets at most one card a turn, so none ever holds more than 30."""
    deck = 30
    above = [c for c in range(90) if c % 15 in (11, 12, 13, 14)][:1]
    state = cz.position(
        2, hands=[cz.cards("Toad guard*3"), cz.cards("Stag guard*3")], deck_size=deck, above=above
    )
    assert state.deck
    data = json.loads(json.dumps(state.to_json()))
    moved = data["eliminated"][: 30 - 1]
    data["eliminated"] = data["eliminated"][30 - 1 :]
    data["queen_table"]["above"] += moved
    with pytest.raises(InvalidStateError, match="more than 30 cards"):
        GAME.from_json(data)
