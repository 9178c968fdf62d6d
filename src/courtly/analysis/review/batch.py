"""Reviewing many turns (of one record or of many) on the local pool or Ray, like
``simulate``: each judged turn is a task, seeded by the review's seed, the seat and its step
alone, so the reviews are the same whatever the backend, the workers and the order turns
finish in (docs/bots.md, "Review")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from courtly.analysis.review.calibration import load_calibration
from courtly.analysis.review.engine import ReviewSettings, judge_turn, seat_turns
from courtly.analysis.review.spectator import estimate_point, public_positions
from courtly.analysis.review.turns import Position, Turn
from courtly.analysis.runner import Runner
from courtly.core.records import GameRecord
from courtly.core.registry import load_game


@dataclass(frozen=True)
class TurnTask:
    """One turn to judge: of ``seat`` in the record numbered ``index``, starting at ``step``
    (or a point of the spectator's series at ``step``: ``estimate_tasks``)."""

    index: int
    record: dict[str, Any]  # the record's JSON form (sent to other processes)
    seat: int
    step: int
    settings: dict[str, Any]


# Per worker process: the turns of the records it judged lately (a record is replayed once per
# worker, not once per turn).
_TURNS: dict[tuple[str, int], list[Turn]] = {}
_KEPT = 8


def judge_tasks(tasks: list[TurnTask]) -> list[tuple[int, dict[str, Any]]]:
    """Run in a worker: each task's judged turn, as ``(index, Decision JSON)``."""
    out = []
    for task in tasks:
        record = GameRecord.from_json(task.record)
        game = load_game(record.game)
        key = (record.fingerprints[-1] if record.fingerprints else "", task.seat)
        turns = _TURNS.get(key)
        if turns is None:
            turns = seat_turns(game, record, task.seat)
            if len(_TURNS) >= _KEPT:
                _TURNS.pop(next(iter(_TURNS)))
            _TURNS[key] = turns
        turn = next(t for t in turns if t.step == task.step and t.judged)
        calibration = load_calibration(game.name, record.num_players)
        decision = judge_turn(game, turn, ReviewSettings(**task.settings), calibration)
        out.append((task.index, decision.to_json()))
    return out


def judge_many(tasks: list[TurnTask], runner: Runner) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every task's judged turn, yielded as they finish (one task a batch, so a stopped run
    keeps every turn judged before it stopped)."""
    for batch in runner.map(judge_tasks, tasks, 1):
        yield from batch


# Per worker process: the public positions of the records whose spectator's series it estimated
# lately (a record is replayed once per worker, not once per point).
_PUBLIC: dict[str, dict[int, Position]] = {}


def estimate_tasks(tasks: list[TurnTask]) -> list[tuple[int, dict[str, Any]]]:
    """Run in a worker: each task's point of the spectator's series (its ``seat`` unused), as
    ``(index, PublicPoint JSON)``."""
    out = []
    for task in tasks:
        record = GameRecord.from_json(task.record)
        game = load_game(record.game)
        key = record.fingerprints[-1] if record.fingerprints else ""
        positions = _PUBLIC.get(key)
        if positions is None:
            positions = public_positions(game, record)
            if len(_PUBLIC) >= _KEPT:
                _PUBLIC.pop(next(iter(_PUBLIC)))
            _PUBLIC[key] = positions
        calibration = load_calibration(game.name, record.num_players)
        settings = ReviewSettings(**task.settings)
        point = estimate_point(game, positions[task.step], task.step, settings, calibration)
        out.append((task.index, point.to_json()))
    return out


def estimate_many(tasks: list[TurnTask], runner: Runner) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every task's point of a spectator's series, yielded as they finish (``judge_many``)."""
    for batch in runner.map(estimate_tasks, tasks, 1):
        yield from batch
