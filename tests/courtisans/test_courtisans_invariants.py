"""Impossible positions are refused; random play keeps all 90 cards accounted for (C1.1)."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
from courtly.games.courtisans import GAME
from courtly.games.courtisans.data import IS_SPY, NUM_CARDS
from courtly.games.courtisans.state import CourtisansState


def base(cz: SimpleNamespace) -> dict[str, Any]:
    state = cz.position(
        2,
        hands=[cz.cards("Toad courtier*3"), cz.cards("Carp courtier*3")],
        deck_size=6,
        above=[cz.card("Hare", "spy")],
    )
    data: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    return data


def _dup(d: dict[str, Any]) -> None:
    d["deck"][0] = d["hands"][0][0]


def _removed(d: dict[str, Any]) -> None:
    d["deck"].append(d["removed"].pop())
    d["deck"].sort()


def _unsorted(d: dict[str, Any]) -> None:
    d["deck"].reverse()


def _hand_size(d: dict[str, Any]) -> None:
    d["deck"] += d["hands"][0][:1] + d["hands"][1][:2]
    d["deck"].sort()
    d["hands"][0] = d["hands"][0][1:]
    d["hands"][1] = d["hands"][1][2:]


def _mission(d: dict[str, Any]) -> None:
    d["missions"][1]["white"] = d["missions"][0]["white"]


def _unknown_mission(d: dict[str, Any]) -> None:
    d["missions"][1]["blue"] = "B11"


def _spy_player(d: dict[str, Any]) -> None:
    d["spies_played_by"] = {}


def _pending(d: dict[str, Any]) -> None:
    d["pending_kill"] = {"place": "above"}


def _card_range(d: dict[str, Any]) -> None:
    d["eliminated"].append(90)


def _terminal(d: dict[str, Any]) -> None:
    d["current_player"] = None


def _empty_hand_with_deck(d: dict[str, Any]) -> None:
    d["deck"] = sorted(d["deck"] + d["hands"][1])
    d["hands"][1] = []


BREAKERS: list[Callable[[dict[str, Any]], None]] = [
    _dup,
    _removed,
    _unsorted,
    _hand_size,
    _mission,
    _unknown_mission,
    _spy_player,
    _pending,
    _card_range,
    _terminal,
    _empty_hand_with_deck,
]


def test_the_base_position_is_valid(cz: SimpleNamespace) -> None:
    GAME.from_json(base(cz))


@pytest.mark.parametrize("breaker", BREAKERS, ids=lambda f: f.__name__.strip("_"))
def test_impossible_positions_are_refused(
    cz: SimpleNamespace, breaker: Callable[[dict[str, Any]], None]
) -> None:
    data = base(cz)
    breaker(data)
    with pytest.raises(InvalidStateError):
        GAME.from_json(data)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), moves=st.integers(0, 200))
def test_random_play_accounts_for_every_card_and_hides_spies(
    seed: int, players: int, moves: int
) -> None:
    """C1.1: every card is exactly once somewhere; C5.2: no seat sees a spy it does not know."""
    state = GAME.new_game(players, seed=seed)
    assert isinstance(state, CourtisansState)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
    state.check_invariants()
    zones = [
        state.deck,
        state.removed,
        state.above,
        state.below,
        state.eliminated,
        *state.hands,
        *state.domains,
    ]
    assert sorted(c for z in zones for c in z) == list(range(NUM_CARDS))
    for seat in range(players):
        obs = state.observation(seat)
        shown = [*obs["queen_table"]["above"], *obs["queen_table"]["below"], *obs["eliminated"]]
        shown += [c for d in obs["domains"] for c in d]
        for view in shown:
            if "card" in view and IS_SPY[view["card"]] and view.get("face_down", False):
                assert view["played_by"] == seat, "only its player knows a face-down spy"
        for other in range(players):
            if other != seat:
                assert all(f"'card': {c}," not in str(obs["hand"]) for c in state.hands[other])
