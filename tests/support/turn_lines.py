"""What a hint's or a review's line of moves must be: one turn the seat can plan now."""

from __future__ import annotations

from courtly.core.state import State


def assert_one_turn(state: State, seat: int, line: list[int]) -> None:
    """``line`` is ``seat``'s moves in one turn from ``state``: each legal in turn, forced
    moves between them played as they come (a search's line leaves them out), nothing shown to
    anyone before its last move."""
    real = state.clone()
    for i, action_id in enumerate(line):
        while real.current_player == seat and len(forced := real.legal_action_ids()) == 1:
            seen = real.reveals
            real.step(forced[0])
            assert real.reveals == seen, (line, i)
        assert real.current_player == seat, (line, i)
        assert action_id in real.legal_action_ids(), (line, i)
        seen = real.reveals
        real.step(action_id)
        assert i == len(line) - 1 or real.reveals == seen, (line, i)
