"""Hidden information, JSON and conformance (docs/games/tudor.md T14, state format)."""

from __future__ import annotations

import json

import pytest
from tudor_support import give_cards, give_tokens, turn_state
from typed_states import resample

from courtly.core.rng import Rng
from courtly.games.tudor import GAME
from courtly.games.tudor.codes import (
    M_IMMEDIATE,
)
from courtly.games.tudor.state import TudorState
from courtly.testing import run_conformance


def test_t14_1_observation_hides_other_screens_but_shows_counts() -> None:
    st = turn_state(3)
    give_cards(st, 1, red=2, blue=1)
    give_tokens(st, 1, purple=3)
    obs = st.observation(0)
    text = json.dumps(obs)
    assert obs["screens"][1] == {"cards": 3, "court_tokens": 3, "influence_intrigue": 0}
    assert "bag" not in obs and obs["bag_count"] == len(st.bag)
    assert obs["behind_screen"]["cards"]["red"] == 0
    assert '"cards": {"blue": 1' not in text
    mine = st.observation(1)["behind_screen"]
    assert mine["cards"]["red"] == 2 and mine["court_tokens"]["purple"] == 3


def test_t14_2_resample_keeps_what_the_seat_knows() -> None:
    st = turn_state(3)
    give_cards(st, 1, red=2, blue=1)
    give_cards(st, 2, green=1)
    give_tokens(st, 1, purple=3)
    worlds = [resample(st, 0, Rng(k)) for k in range(12)]
    for w in worlds:
        w.check_invariants()
        assert w.observation(0) == st.observation(0)
        assert sum(w.hand[1]) == 3 and sum(w.hand[2]) == 1
    assert len({tuple(w.hand[1]) for w in worlds}) > 1
    assert len({tuple(w.ctok[1]) for w in worlds}) > 1


def test_state_json_round_trip_and_hand_written_changes() -> None:
    st = turn_state(4)
    data = st.to_json()
    again = GAME.from_json(json.dumps(data))
    assert again.to_json() == data
    data["players"][0]["cards"]["red"] = 11
    from courtly.core.errors import InvalidStateError

    with pytest.raises(InvalidStateError):
        GAME.from_json(data)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_conformance_small(n: int) -> None:
    report = run_conformance(GAME, n, games=1, seed=11)
    assert report.ok, report.failures


@pytest.mark.parametrize(
    ("n", "options"),
    [
        (2, {"scenario": 3, "edition": "v15"}),
        (2, {"scenario": 5, "variant": "opportunity", "scoring": "2,6"}),
        (3, {"setup": "random", "novice": True}),
    ],
)
def test_conformance_options_small(n: int, options: dict[str, object]) -> None:
    report = run_conformance(GAME, n, games=1, seed=5, options=options)
    assert report.ok, report.failures


def test_greedy_game_finishes_and_heuristic_values_cards() -> None:
    """The heuristic is defined on sampled worlds; a greedy game must end cleanly."""
    from courtly.agents.greedy import GreedyAgent
    from courtly.agents.random_agent import RandomAgent
    from courtly.core.match import play_match

    result = play_match(GAME, [GreedyAgent(GAME, samples=1), RandomAgent()], seed=3)
    assert result.state.is_terminal and result.winners
    st = turn_state(2)
    give_cards(st, 0, red=3)
    assert GAME.heuristic(st, 0) > GAME.heuristic(st, 1)


def test_t14_2_a_token_awaiting_its_immediate_choice_stays_with_its_owner() -> None:
    """The Intrigue Token seat 0 just picked up (choice pending) is known to everyone."""
    st = turn_state(3)
    for s in [s for s in range(st.board.size) if st.mark[s] == 2][:1]:
        st.mark[s] = 0
        st.intr[0] += 1
    st.mode = M_IMMEDIATE  # seat 0 decides about an Intrigue Token
    st.chosen = 2
    st.cur = 0
    for k in range(10):
        w = resample(st, 1, Rng(k))
        assert w.intr[0] == 1 and w.infl[0] == 0


def test_t14_events_are_public_and_announce_rounds_and_the_end() -> None:
    state = GAME.new_game(2, seed=2)
    assert isinstance(state, TudorState)
    rng = Rng(1)
    events = []
    while not state.is_terminal:
        ids = state.legal_action_ids()
        events += state.apply(ids[rng.below(len(ids))])
    assert all(e.audience is None for e in events)
    kinds = [e.kind for e in events]
    assert kinds.count("round") == state.rounds and kinds[-1] == "game-end"
    assert events[-1].data["winners"] == state.winners()


def test_t14_screens_are_lifted_at_game_end() -> None:
    state = GAME.new_game(2, seed=4)
    assert isinstance(state, TudorState)
    rng = Rng(2)
    assert "revealed" not in state.observation(0)
    while not state.is_terminal:
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
    shown = state.observation(0)["revealed"][1]
    assert sum(shown["cards"].values()) == sum(state.hand[1])


def test_t14_a_finished_game_resamples_to_the_lifted_screens() -> None:
    """Once the screens are lifted, every world shows each seat exactly what it saw; only the
    bag's order stays unknown (worlds used to re-deal the screens as if they were still up)."""
    state = GAME.new_game(3, seed=4)
    assert isinstance(state, TudorState)
    rng = Rng(3)
    while not state.is_terminal:
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
    for seat in range(3):
        for k in range(4):
            world = resample(state, seat, Rng(k))
            world.check_invariants()
            assert world.observation(seat) == state.observation(seat)
            assert sorted(world.bag) == sorted(state.bag)
