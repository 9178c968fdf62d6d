"""Random-game conformance, JSON round trips and whole-game properties."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.agents.greedy import GreedyAgent
from courtly.core.errors import InvalidStateError
from courtly.core.match import play_match
from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.codes import UP
from courtly.games.for_the_king.data import NUM_CARDS
from courtly.games.for_the_king.state import FtkState
from courtly.testing import run_conformance


def new_game(n: int, seed: int) -> FtkState:
    state = GAME.new_game(n, seed=seed)
    assert isinstance(state, FtkState)
    return state


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conformance(n: int) -> None:
    report = run_conformance(GAME, n, games=2 if n == 2 else 1, seed=n)
    assert report.ok, report.failures


def test_conformance_any_bids() -> None:
    report = run_conformance(GAME, 2, games=1, seed=7, options={"bids": "any"})
    assert report.ok, report.failures


@settings(max_examples=12, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_every_card_accounted_for_and_paid_gold_never_returns(n: int, seed: int) -> None:
    state = new_game(n, seed=seed)
    rng = Rng(seed)
    spent = [0] * n
    up: list[int] = []
    while not state.is_terminal:
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
        assert len(state.loc) == NUM_CARDS
        assert list(state.up[: len(up)]) == up  # the face-up pile only grows
        assert all(state.loc[c] == UP for c in up)
        assert all(a >= b for a, b in zip(state.spent, spent, strict=True))
        up, spent = list(state.up), list(state.spent)
    state.check_invariants()
    assert state.winners()


def test_json_round_trip_and_bad_json_refused() -> None:
    state = new_game(4, seed=1)
    rng = Rng(2)
    for _ in range(200):
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
    data = state.to_json()
    again = GAME.from_json(json.dumps(data))
    assert again.fingerprint() == state.fingerprint()
    broken = json.loads(json.dumps(data))
    broken["cards"]["box"] = broken["cards"]["box"][1:] if broken["cards"]["box"] else ["nope"]
    with pytest.raises(InvalidStateError):
        GAME.from_json(broken)
    twice = json.loads(json.dumps(data))
    twice["cards"]["discard_up"] = twice["cards"]["discard_up"] + ["diplomacy-A"]
    with pytest.raises(InvalidStateError):
        GAME.from_json(twice)


def test_greedy_agents_finish_a_game() -> None:
    agents = [GreedyAgent(GAME, samples=1) for _ in range(3)]
    result = play_match(GAME, agents, seed=3)
    assert result.state.is_terminal and result.winners
    assert max(result.scores) > 0
