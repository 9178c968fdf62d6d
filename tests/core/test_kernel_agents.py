from __future__ import annotations

import pytest
from highcards import HighCards

from courtly.agents import make_agent, parse_agent_spec
from courtly.core.errors import AgentSpecError
from courtly.core.match import play_match
from courtly.core.seat import SeatView
from courtly.core.seeds import seat_rng


def test_agent_spec_parsing() -> None:
    assert parse_agent_spec("ismcts:iterations=2000,c=0.7,rollout=random") == (
        "ismcts",
        {"iterations": 2000, "c": 0.7, "rollout": "random"},
    )
    with pytest.raises(AgentSpecError, match="not of the form"):
        parse_agent_spec("greedy:samples")


def test_unknown_agent_is_refused(toy: HighCards) -> None:
    with pytest.raises(AgentSpecError, match="no agent called 'nobody'"):
        make_agent("nobody", toy)
    with pytest.raises(AgentSpecError, match="greedy:wings=2"):
        make_agent("greedy:wings=2", toy)


def test_greedy_plays_its_highest_card(toy: HighCards) -> None:
    # In the toy game the heuristic is the score lead, so greedy plays its best card first.
    state = toy.new_game(2, seed=3)
    greedy = make_agent("greedy", toy)
    action = greedy.act(SeatView(state, 0), seat_rng(3, 0))
    assert action.arg("card") == max(state.legal_action_ids())


def test_agents_are_deterministic_for_a_seed(toy: HighCards) -> None:
    for spec in ("random", "greedy"):
        runs = [
            play_match(toy, [make_agent(spec, toy), make_agent(spec, toy)], 5).state.fingerprint()
            for _ in range(2)
        ]
        assert runs[0] == runs[1]


def test_seat_view_hides_the_state(toy: HighCards) -> None:
    state = toy.new_game(2, seed=1)
    view = SeatView(state, 1)
    assert not hasattr(view, "state") and not hasattr(view, "_state")
    assert view.observation == state.observation(1)
