"""Issue 21 §2: a state's JSON is either refused with InvalidStateError naming the field, or
a position the engine plays to the end under the conformance checks."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME
from courtly.testing import play_out, refused_or_plays_out


def _reachable() -> list[dict[str, Any]]:
    """States from random games at every player count and in every phase."""
    out = []
    for n, options in ((2, {}), (3, {"king_cards": "apply"}), (5, {"bids": "affordable"})):
        rng = Rng(n)
        state = GAME.new_game(n, seed=n, options=options)
        step = 0
        while not state.is_terminal:
            if step % 23 == 0 or state.phase_name() not in ("place", "pick", "bid"):
                out.append(state.to_json())
            legal = state.legal_action_ids()
            state.step(legal[rng.below(len(legal))])
            step += 1
        out.append(state.to_json())
    return out


STATES = _reachable()
ODD_VALUES: list[object]
ODD_VALUES = [None, -1, 0, 1, 2, 7, 99, True, "", "x", "gold1-01", "king-up1-1", [], {}, [0]]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    return _parent(data, path)[path[-1]]


def _mutate(data: dict[str, Any], draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(data)
    paths = _paths(data)
    kind = draw(st.sampled_from(["change", "drop", "duplicate", "swap"]))
    path = draw(st.sampled_from(paths))
    parent = _parent(data, path)
    if kind == "change":
        parent[path[-1]] = draw(st.sampled_from(ODD_VALUES))
    elif kind == "drop":
        del parent[path[-1]]
    else:
        other = draw(st.sampled_from(paths))
        if other[: len(path)] == path or path[: len(other)] == other:
            return data
        value, other_value = _get(data, path), _get(data, other)
        if kind == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(other_value))
        else:
            parent[path[-1]] = other_value
            _parent(data, other)[other[-1]] = value
    return data


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    return _mutate(draw(st.sampled_from(STATES)), draw)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_state_is_refused_or_plays_to_the_end(data: dict[str, Any]) -> None:
    refused_or_plays_out(GAME, json.dumps(data), Rng(7), checked=3)


def test_reachable_states_load_and_play_to_the_end() -> None:
    for data in STATES[::5]:
        play_out(GAME.from_json(data), Rng(7), checked=3)


def test_a_high_bidder_to_bid_again_is_refused() -> None:
    """Found by the fuzz profile: a bid position whose seat to act holds the high bid loaded,
    then failed the invariants one bid later. The auction ends when every other seat has
    passed, so that seat never bids on its own bid."""
    state = next(
        s for s in STATES if s["phase"] == "bid" and s["auction"]["high_bidder"] is not None
    )
    GAME.from_json(state)  # as reached, it loads
    forged = copy.deepcopy(state)
    forged["current_player"] = state["auction"]["high_bidder"]
    with pytest.raises(InvalidStateError, match="high bidder does not bid again"):
        GAME.from_json(forged)
