"""Undo never crosses hidden information (issue 36): a movement restocks the Throne Room spaces
it left from the bag, shuffled once at setup. That moves no generator and makes only public
events, yet shows every seat tokens none could know, so the movement stands."""

from __future__ import annotations

import pytest

from courtly.core.errors import UndoError
from courtly.core.rng import Rng
from courtly.core.table import Table
from courtly.games.tudor import GAME
from courtly.games.tudor.state import TudorState


def test_a_movement_that_restocks_from_the_bag_cannot_be_taken_back() -> None:
    table = Table(GAME, 2, seed=1)
    choose = Rng(1)
    while not table.state.is_terminal:
        state = table.state
        assert isinstance(state, TudorState)
        seat = state.current_player
        assert seat is not None
        legal = state.legal_action_ids()
        bag, generator = len(state.bag), state.rng.state
        table.act(seat, table.seq, legal[choose.below(len(legal))])
        drew = len(state.bag) < bag
        public = all(e.audience is None for e in table.steps[-1].events)
        if drew and public and state.rng.state == generator and not state.is_terminal:
            break  # the old rule (no chance, public events) let this one be taken back
    else:
        raise AssertionError("no movement restocked from the bag")
    assert not table.can_undo(seat) and not table.snapshot(seat).can_undo
    with pytest.raises(UndoError):
        table.undo(seat)
