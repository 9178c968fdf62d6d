"""Undo never crosses hidden information (issue 36): a card drawn from the Draw pile, which was
shuffled once at setup, moves no generator and may make only public events, yet shows the
drawer the pile's top card. Taken back, it would come back on the next try."""

from __future__ import annotations

import pytest

from courtly.core.errors import UndoError
from courtly.core.table import Table
from courtly.games.kingdoms import GAME

ASCEND_SPADES = {"kind": "ascend", "card": "5S"}


def ascendancy_table() -> Table:
    """Seed 11 with both duel cards the first listed: seat 0 acts first and may discard 5 of
    Spades for the No-Consort Ascendancy, whose Spade ability draws the top card (Jack of
    Hearts)."""
    table = Table(GAME, 2, seed=11)
    for _ in range(2):
        seat = table.state.current_player
        assert seat is not None
        table.act(seat, table.seq, table.state.legal_action_ids()[0])
    return table


def test_a_draw_from_the_draw_pile_cannot_be_taken_back() -> None:
    table = ascendancy_table()
    assert table.state.current_player == 0
    generator = table.state.rng.state
    table.act(0, table.seq, ASCEND_SPADES)
    # What the old rule read, and why it let this move be taken back: no generator moved and
    # nobody else was told anything private (the drawer's own line naming the card it drew
    # came later; the rule no longer reads events).
    assert table.state.rng.state == generator
    assert all(e.audience in (None, frozenset({0})) for e in table.steps[-1].events)
    assert "JH" in table.snapshot(0).observation["players"][0]["hand"]
    assert not table.can_undo(0) and not table.snapshot(0).can_undo
    with pytest.raises(UndoError, match="stands"):
        table.undo(0)
    assert len(table.record.actions) == 3


def test_a_move_that_shows_nothing_can_still_be_taken_back() -> None:
    table = ascendancy_table()
    table.act(0, table.seq, ASCEND_SPADES)
    undone = 0
    while undone < 3 and not table.state.is_terminal:
        seat = table.state.current_player
        assert seat is not None
        before = table.state.fingerprint()
        table.act(seat, table.seq, table.state.legal_action_ids()[-1])
        if table.can_undo(seat):
            table.undo(seat)
            assert table.state.fingerprint() == before
            table.act(seat, table.seq, table.state.legal_action_ids()[-1])
            undone += 1
    assert undone == 3
