"""A hint's line is one turn the seat can plan now: its moves are the seat's own and legal one
after another in the real position, and none but the last shows anything new. The search's
own line ran on past a draw into the worlds it imagined: a Kingdoms hint went on to play a
card the seat did not hold."""

from __future__ import annotations

import pytest
from turn_lines import assert_one_turn

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.engine import hint, planned_turn, search_value
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.state import State
from courtly.core.table import Table

FEW = ReviewSettings(iterations=60, seconds=None, seed=1)
SEATS = {"kingdoms": 2, "tudor": 2, "courtisans": 3, "for-the-king": 3}


def _decisions(name: str, seed: int, every: int) -> list[State]:
    """Positions of a greedy game at every ``every``-th decision with a real choice."""
    game = courtly.load(name)
    table = Table(game, SEATS[name], seed=seed, record=False)
    agents = [make_agent("greedy", game) for _ in range(SEATS[name])]
    found: list[State] = []
    count = 0
    while (seat := table.state.current_player) is not None and len(found) < 6:
        if len(table.state.legal_action_ids()) > 1:
            count += 1
            if count % every == 0:
                found.append(table.state.clone())
        table.play(seat, table.choose(seat, agents[seat]), events=False)
    return found


@pytest.mark.parametrize("name", sorted(SEATS))
def test_a_hint_is_one_turn_of_the_seats_own_moves(name: str) -> None:
    game = courtly.load(name)
    cut = 0
    for state in _decisions(name, seed=3, every=4):
        seat = state.current_player
        assert seat is not None
        view = SeatView(state, seat)
        line = hint(game, view, FEW, Rng(5)).line
        _, result = search_value(game, SeatView(state, seat), FEW, Rng(5))
        cut += len(line) < len(result.line)
        # Played in the real position: the seat's own, legal, nothing shown before the last
        # (a forced move between two of them played as it comes: the line leaves it out).
        assert_one_turn(state, seat, line)
    if name == "kingdoms":
        # Its search's lines do run on past a draw: the cut is exercised, not only allowed.
        assert cut > 0


def test_the_cut_keeps_the_first_move_whatever_the_line() -> None:
    game = courtly.load("tudor")
    state = Table(game, 2, seed=1, record=False).state
    view = SeatView(state, state.current_player or 0)
    first = state.legal_action_ids()[0]
    assert planned_turn(view, [first, -1, -2], Rng(0)) == [first]
    assert planned_turn(view, [], Rng(0)) == []
