"""Undo never crosses hidden information (issue 36): the payment that settles an auction turns
up the next card of the Favor deck. That moves no generator (the deck was shuffled when the
Gain Esteem phase began) and makes only public events, yet shows every seat a card none could
know, so the payment stands."""

from __future__ import annotations

import pytest

from courtly.core.errors import UndoError
from courtly.core.rng import Rng
from courtly.core.table import Table
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.state import FtkState


def test_the_payment_that_turns_up_the_next_auction_card_cannot_be_taken_back() -> None:
    table = Table(GAME, 3, seed=1)
    choose = Rng(1)
    while not table.state.is_terminal:
        state = table.state
        assert isinstance(state, FtkState)
        seat = state.current_player
        assert seat is not None
        legal = state.legal_action_ids()
        paying = state.phase_name().startswith("pay")
        card, generator = state.revealed, state.rng.state
        table.act(seat, table.seq, legal[choose.below(len(legal))])
        turned_up = state.revealed >= 0 and state.revealed != card
        public = all(e.audience is None for e in table.steps[-1].events)
        if paying and turned_up and public and state.rng.state == generator:
            break  # the old rule (no chance, public events) let this one be taken back
    else:
        raise AssertionError("no payment turned up the next auction card")
    assert state.phase_name() == "bid"
    assert not table.can_undo(seat) and not table.snapshot(seat).can_undo
    with pytest.raises(UndoError):
        table.undo(seat)
