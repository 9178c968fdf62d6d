"""A record read back: its positions, and its log as one seat (or everyone) saw it.

Everything here replays through the table's one replay (``Table.follow``), which checks every
fingerprint and the result: a record is shown only as far as it is true.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from courtly.core.errors import CourtlyError, RecordError
from courtly.core.events import Event, events_for
from courtly.core.records import GameRecord
from courtly.core.state import Game, State
from courtly.core.table import Table

#: A replayed game (:class:`ReplayedGame`) keeps a copy of its state every CHECKPOINT steps.
CHECKPOINT = 16


def replay(game: Game, record: GameRecord) -> Iterator[tuple[State, list[Event]]]:
    """Yield the state after each action (the first with no events: the start), verifying the
    whole record: every fingerprint present and equal, and the stored result equal to the
    replayed one. Raises RecordError naming the first step that differs. The same state object
    is yielded each time, changed in place."""
    table = Table.opening(game, record)
    yield table.state, []
    for events in table.follow(record):
        yield table.state, events


@dataclass
class Replayed:
    """A verified record as one viewer saw it."""

    opening: dict[str, Any]  # the viewer's observation at step 0: its starting hand, secrets...
    events: list[Event]  # what the viewer saw (every event, once the game is over)
    final: State

    @property
    def public_now(self) -> bool:
        """Whether the game is over, so that nothing in it is hidden any more."""
        return self.final.is_terminal


def replay_for(game: Game, record: GameRecord, seat: int | None = None) -> Replayed:
    """Verify ``record`` and keep what ``seat`` saw (None: everything, the omniscient log).
    Once the game is over every event is shown, hidden ones included."""
    if seat is not None and not 0 <= seat < record.num_players:
        raise RecordError.keyed("error.record.seat", players=record.num_players, seat=seat + 1)
    table = Table.opening(game, record)
    opening = table.state.observation(seat)
    for _ in table.follow(record):
        pass
    over = seat is None or table.state.is_terminal
    return Replayed(opening, events_for(table.log(), seat, over=over), table.state)


def replay_events(game: Game, record: GameRecord, seat: int | None = None) -> Iterator[Event]:
    """The log as ``seat`` saw it (None: everything, the omniscient log). Once the game is over
    every event is shown, hidden ones included."""
    yield from replay_for(game, record, seat).events


class ReplayedGame:
    """A record, replayed (and verified) once, to be read at any step (the browser's replay
    viewer): each step's events, and a copy of the state every ``CHECKPOINT`` steps, so that a
    position is at most that many actions from one (replaying the whole game for each step made
    stepping through a long game quadratic)."""

    def __init__(self, game: Game, record: GameRecord) -> None:
        self.game = game
        self.record = record
        self.events: list[list[Event]] = []
        self._checkpoints: list[State] = []
        #: Actions applied since the replay, to reach the positions asked for.
        self.replayed = 0
        for index, (state, events) in enumerate(replay(game, record)):
            self.events.append(events)
            if index % CHECKPOINT == 0:
                self._checkpoints.append(state.clone())

    def state(self, step: int) -> State:
        """The state after ``step`` actions (a fresh copy)."""
        if not 0 <= step <= len(self.record.actions):
            raise CourtlyError.keyed("error.replay.step", step=step)
        base = step // CHECKPOINT * CHECKPOINT
        state = self._checkpoints[step // CHECKPOINT].clone()
        # Actions the replay above verified: played again with no checks and no events.
        for action in self.record.actions[base:step]:
            state.step(state.action_space.resolve(action).id)
            self.replayed += 1
        return state
