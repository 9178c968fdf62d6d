"""A search confined to some root actions (the review's estimate of the move played) weighs
only those, even a single one, and reports each root action's mean return and its own line."""

from __future__ import annotations

import courtly
from courtly.agents.ismcts import Searcher, level_settings
from courtly.core.rng import Rng
from courtly.core.seat import SeatView


def _choice(name: str) -> SeatView:
    state = courtly.load(name).new_game(2, seed=5)
    while len(state.legal_action_ids()) < 2:
        state.step(state.legal_action_ids()[0])
    assert state.current_player is not None
    return SeatView(state, state.current_player)


def test_a_confined_search_weighs_only_the_actions_given() -> None:
    game = courtly.load("kingdoms")
    view = _choice("kingdoms")
    searcher = Searcher(game, level_settings("kingdoms", "easy"))
    worst = view.legal_actions[-1].id
    confined = searcher.search(view, Rng(1), only=[worst])
    assert confined.action_id == worst and confined.iterations > 0
    assert set(confined.values) == {worst} and 0.0 <= confined.values[worst] <= 1.0
    free = searcher.search(view, Rng(1))
    assert len(free.values) > 1 and free.line[0] == free.action_id
