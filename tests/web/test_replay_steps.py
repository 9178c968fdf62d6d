"""A replay step starts from the nearest kept state, not from the start of the game, and shows
exactly what replaying the whole record shows the viewer."""

from __future__ import annotations

import pytest

from courtly.core.events import Event, events_for
from courtly.core.registry import load_game
from courtly.core.render import event_json
from courtly.core.replay import CHECKPOINT, ReplayedGame, replay
from courtly.core.rng import Rng
from courtly.core.table import Table
from courtly.server.routes.replay import position


def _finished(game_name: str, players: int) -> Table:
    table = Table(load_game(game_name), players, seed=3)
    rng = Rng(4)
    while not table.state.is_terminal:
        legal = table.state.legal_action_ids()
        seat = table.state.current_player
        assert seat is not None
        table.act(seat, table.seq, rng.choice(legal))
    return table


@pytest.mark.parametrize(
    ("game_name", "players"),
    [("kingdoms", 2), ("tudor", 2), ("for-the-king", 3), ("courtisans", 2)],
)
def test_every_step_is_the_full_replays_and_costs_less_than_a_checkpoint(
    game_name: str, players: int
) -> None:
    table = _finished(game_name, players)
    game, record = table.game, table.record
    replayed = ReplayedGame(game, record)
    steps = len(record.actions)
    assert steps > 2 * CHECKPOINT
    # The last step, asked for again and again, is not the whole game replayed each time.
    for _ in range(3):
        before = replayed.replayed
        position(replayed, steps, None)
        assert replayed.replayed - before < CHECKPOINT
    so_far: list[Event] = []
    for step, (state, events) in enumerate(replay(game, record)):
        so_far.extend(events)
        for viewer in (None, 0):
            shown = position(replayed, step, viewer)
            assert shown["observation"] == state.observation(viewer)
            # What the viewer saw up to there; everything once the end has shown it.
            seen = events_for(so_far, viewer, players, over=state.is_terminal)
            assert shown["events"] == [event_json(game, e, "en") for e in seen]
