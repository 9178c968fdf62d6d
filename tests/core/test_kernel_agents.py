from __future__ import annotations

from dataclasses import replace

import pytest
from highcards import HighCards

from courtly.agents import make_agent, parse_agent_spec
from courtly.core.actions import Action
from courtly.core.errors import AgentSpecError, IllegalActionError
from courtly.core.match import play_match
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.seeds import decision_rng
from courtly.core.table import Table


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
    action = greedy.act(SeatView(state, 0), decision_rng(3, 0, 0))
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


def test_a_seat_view_observes_on_first_read_and_never_a_later_position(toy: HighCards) -> None:
    state = toy.new_game(2, seed=1)
    read, unread = SeatView(state, 0), SeatView(state, 0)
    assert read.observation == state.observation(0)
    seen = read.observation
    read.expire()
    unread.expire()
    state.step(state.legal_action_ids()[0])
    assert read.observation is seen  # what was read before the move stays
    with pytest.raises(RuntimeError, match="moved on"):
        _ = unread.observation  # read only after the move: refused, not the later position
    with pytest.raises(RuntimeError, match="moved on"):
        unread.sample_world(Rng(1))


def test_a_tables_seat_view_is_observed_when_it_is_made(toy: HighCards) -> None:
    table = Table(toy, 2, seed=3)
    view = table.seat_view(0)
    before = table.state.observation(0)
    table.act(0, table.seq, table.state.legal_action_ids()[0])
    assert view.observation == before != table.state.observation(0)


class _Keeper:
    """An agent that reads its previous decision's view: a bug the match must not hide."""

    name = "keeper"

    def __init__(self) -> None:
        self.views: list[SeatView] = []

    def act(self, view: SeatView, rng: Rng) -> Action:
        self.views.append(view)
        if len(self.views) > 1:
            _ = self.views[0].observation
        return view.legal_actions[0]


class _FromJson:
    """An agent that answers with an equal action of its own making, not the view's object."""

    name = "from-json"

    def act(self, view: SeatView, rng: Rng) -> Action:
        chosen = rng.choice(view.legal_actions)
        return replace(chosen, args=chosen.args)


def test_a_match_refuses_a_view_read_after_its_decision(toy: HighCards) -> None:
    with pytest.raises(RuntimeError, match="moved on"):
        play_match(toy, [_Keeper(), _Keeper()], 5)


def test_an_action_not_offered_by_the_view_is_checked_and_plays_the_same(
    toy: HighCards,
) -> None:
    class Illegal:
        name = "illegal"

        def act(self, view: SeatView, rng: Rng) -> Action:
            offered = {a.id for a in view.legal_actions}
            space = toy.action_space(2)
            return next(a for a in space.actions if a.id not in offered)

    mine = play_match(toy, [_FromJson(), _FromJson()], 5, keep_record=True)
    theirs = play_match(toy, [make_agent("random", toy)] * 2, 5, keep_record=True)
    assert mine.record is not None and theirs.record is not None
    assert mine.record.fingerprints == theirs.record.fingerprints
    with pytest.raises(IllegalActionError):
        play_match(toy, [Illegal(), Illegal()], 5)
