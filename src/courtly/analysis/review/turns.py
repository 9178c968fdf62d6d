"""A record cut into the decisions a player thinks of: its positions, replayed through the
table's one replay (``Table.follow``), and grouped into turns.

The rule (the same for every game): a *turn* is a run of consecutive actions of one seat during
which nothing new was shown to anyone (no action of the run but the last called
``State.reveal``). Three cards placed one after another, or a movement of several spaces, are
one turn: the player plans them together, and nothing they learn in between could change the
plan. A draw from a hidden pile ends the turn, since what comes next is decided knowing more.
Actions with a single legal choice are forced: they belong to their turn but are never judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from courtly.core.records import GameRecord
from courtly.core.state import Game, State
from courtly.core.table import Table


@dataclass(frozen=True)
class Position:
    """The position before action ``step`` of a record (0-based) and what was played there."""

    step: int
    seat: int
    state: State  # a copy, read only through a SeatView of ``seat`` by the review
    choices: int  # legal actions there (1: a forced move)
    played: int  # the action id played
    revealed: bool  # the action showed some seat something new


@dataclass(frozen=True)
class Turn:
    """Consecutive positions of one seat, judged together."""

    seat: int
    positions: tuple[Position, ...]

    @property
    def step(self) -> int:
        """The first step of the turn (the position the replay links to)."""
        return self.positions[0].step

    @property
    def chosen(self) -> tuple[Position, ...]:
        """The positions of the turn with a real choice (two legal actions or more)."""
        return tuple(p for p in self.positions if p.choices > 1)

    @property
    def judged(self) -> bool:
        return bool(self.chosen)


def replay_positions(game: Game, record: GameRecord) -> list[Position]:
    """Every position of ``record`` before each of its actions, the record verified as it is
    replayed (RecordError at the first step that differs)."""
    table = Table.opening(game, record)
    positions: list[Position] = []
    follow = table.follow(record)
    for step, action in enumerate(record.actions):
        state = table.state
        seat = state.current_player
        before = state.clone()
        played = state.action_space.resolve(action).id
        choices = len(state.legal_action_ids())
        next(follow)  # verifies the step (legal, fingerprint) and plays it
        revealed = not table.steps[-1].undoable
        assert seat is not None  # follow refused an action after the end
        positions.append(Position(step, seat, before, choices, played, revealed))
    for _ in follow:  # the result's check at the end
        pass
    return positions


def turns_of(positions: Sequence[Position]) -> list[Turn]:
    """``positions`` grouped into turns (module docstring)."""
    turns: list[Turn] = []
    run: list[Position] = []
    for position in positions:
        if run and (run[-1].seat != position.seat or run[-1].revealed):
            turns.append(Turn(run[0].seat, tuple(run)))
            run = []
        run.append(position)
    if run:
        turns.append(Turn(run[0].seat, tuple(run)))
    return turns


def line_views(turn: Turn, line: Sequence[int]) -> list[dict[str, Any] | None]:
    """The turn's seat's observation before each move of ``line`` (the moves played at its
    choices, or the search's line for them), played in order from the turn's first choice,
    with any move that had no alternative between two choices played as it comes: what each
    move's words are made from (a kill names the card the seat saw there). None from where
    the line no longer fits (not the seat's move, or not legal there)."""
    seat = turn.seat
    state = turn.chosen[0].state.clone()
    views: list[dict[str, Any] | None] = []
    for action_id in line:
        while state.current_player == seat and len(state.legal_action_ids()) == 1:
            state.apply(state.legal_action_ids()[0], player=seat)
        if state.current_player != seat or action_id not in state.legal_action_ids():
            break
        views.append(state.observation(seat))
        state.apply(action_id, player=seat)
    return views + [None] * (len(line) - len(views))
