"""Bot seats: which specs the server accepts, and what a bot worker process runs.

A worker is handed the table's record, rebuilds the game with the kernel's ``Table`` and lets
the agent decide through ``Table.choose``, as every other front does. The action it returns goes
through ``Table.act`` in the server like a person's. The worker processes themselves, and the
fair order in which tables' decisions reach them, are the scheduler's
(:mod:`courtly.server.scheduler`).
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized
from types import FrameType
from typing import Any

from courtly.agents.budget import over_budget
from courtly.agents.registry import make_agent
from courtly.analysis.review.calibration import load_calibration
from courtly.analysis.review.engine import ReviewSettings, hint, judge_turn, seat_turns
from courtly.analysis.review.spectator import estimate_point, public_positions
from courtly.analysis.review.turns import Position, Turn
from courtly.core.errors import RecordError
from courtly.core.records import GameRecord
from courtly.core.registry import load_game
from courtly.core.seat import SeatView
from courtly.core.seeds import decision_rng
from courtly.core.state import Game
from courtly.core.table import Table


def admit_bot(spec: str, game: Game) -> str:
    """``spec`` as a bot seat of this server stores it, or the refusal (an AgentSpecError, one
    line): an unknown agent or parameter, or a spec that may think longer than the strongest
    level of ``game`` (a stranger's bot must not hold a worker for minutes; docs/server.md)."""
    make_agent(spec, game)  # an unknown agent is refused now, not at its turn
    refusal = over_budget(game.name, spec)
    if refusal is not None:
        raise refusal
    return spec.strip()


# Per worker process: the tables it has rebuilt lately, so a bot's next decision plays only the
# actions made since its last one instead of replaying the whole game (long games stay linear).
_TABLES: dict[str, Table] = {}
_KEPT = 64


def _table(table_id: str, data: dict[str, Any]) -> Table:
    record = GameRecord.from_json(data)
    table = _TABLES.pop(table_id, None)
    kept = 0 if table is None else len(table.record.actions)
    if (
        table is not None
        and table.record.actions == record.actions[:kept]
        and table.record.fingerprints == record.fingerprints[: kept + 1]
    ):
        try:
            for _ in table.follow(record):
                pass
        except RecordError:
            pass  # not the game this worker kept (or its record was edited): replay it whole
        else:
            _TABLES[table_id] = table
            return table
    table = Table.from_record(load_game(record.game), record)
    if len(_TABLES) >= _KEPT:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[table_id] = table
    return table


def decide(table_id: str, record: dict[str, Any], seat: int, spec: str) -> dict[str, Any]:
    """Run in a worker: the action (JSON form) agent ``spec`` chooses for ``seat``."""
    table = _table(table_id, record)
    return table.choose(seat, make_agent(spec, table.game)).to_json()


# Per worker process: the turns of the seats it reviewed lately (a review's turns come one job
# at a time; the record is replayed once per seat, not once per turn).
_TURNS: dict[tuple[str, str, int], list[Turn]] = {}


def review_turn(
    key: str, data: dict[str, Any], seat: int, step: int, settings: dict[str, Any]
) -> dict[str, Any]:
    """Run in a worker: the judged turn of ``seat`` that starts at ``step`` (its JSON form), or
    for ``seat`` -1 the spectator's point at ``step`` (``review_point``)."""
    if seat < 0:
        return review_point(key, data, step, settings)
    record = GameRecord.from_json(data)
    game = load_game(record.game)
    cache = (key, record.fingerprints[-1] if record.fingerprints else "", seat)
    turns = _TURNS.get(cache)
    if turns is None:
        turns = seat_turns(game, record, seat)
        _TURNS.clear()  # one review at a time per worker is the common case
        _TURNS[cache] = turns
    turn = next((t for t in turns if t.step == step and t.judged), None)
    if turn is None:
        raise ValueError(f"seat {seat + 1} has no turn to judge at step {step}")
    chosen = ReviewSettings(**settings)
    return judge_turn(game, turn, chosen, load_calibration(game.name, record.num_players)).to_json()


# Per worker process: the public positions of the spectator's series it estimated lately.
_PUBLIC: dict[tuple[str, str], dict[int, Position]] = {}


def review_point(
    key: str, data: dict[str, Any], step: int, settings: dict[str, Any]
) -> dict[str, Any]:
    """Run in a worker: every seat's win chance at ``step`` from the public view alone (a
    point of the spectator's series, its JSON form)."""
    record = GameRecord.from_json(data)
    game = load_game(record.game)
    cache = (key, record.fingerprints[-1] if record.fingerprints else "")
    positions = _PUBLIC.get(cache)
    if positions is None:
        positions = public_positions(game, record)
        _PUBLIC.clear()  # one series at a time per worker is the common case
        _PUBLIC[cache] = positions
    position = positions.get(step)
    if position is None:
        raise ValueError(f"no turn to estimate at step {step}")
    calibration = load_calibration(game.name, record.num_players)
    chosen = ReviewSettings(**settings)
    return estimate_point(game, position, step, chosen, calibration).to_json()


def hint_now(
    table_id: str, data: dict[str, Any], seat: int, settings: dict[str, Any]
) -> dict[str, Any]:
    """Run in a worker: a hint for ``seat``, which is to act, from its own view alone, with the
    generator a bot in that seat would have for this decision."""
    table = _table(table_id, data)
    view = SeatView(table.state, seat)
    rng = decision_rng(table.record.seed, seat, table.ply)
    try:
        return hint(table.game, view, ReviewSettings(**settings), rng).to_json()
    finally:
        view.expire()


#: The jobs a worker runs, by kind.
JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    "decide": decide,
    "review": review_turn,
    "hint": hint_now,
}


# --- the worker process -----------------------------------------------------------------------

#: The signal the scheduler sends a worker to stop the decision it no longer needs (None where
#: the system has none: the decision then runs to its end, within its budget).
INTERRUPT = getattr(signal, "SIGUSR1", None)


class DecisionCancelled(Exception):
    """Raised in a worker, inside the agent's search, when its decision is no longer wanted."""


_current: int | None = None  # the job this worker is deciding
_cancel: Synchronized[int] | None = None  # the job the scheduler wants stopped


def _interrupted(signum: int, frame: FrameType | None) -> None:
    # Only the job the scheduler named: a signal arriving just after that job ended (its
    # answer already on its way) must not cut into the next one.
    if _current is not None and _cancel is not None and _cancel.value == _current:
        raise DecisionCancelled


def serve(conn: Connection, cancel: Synchronized[int]) -> None:
    """A worker's life: run each ``(job, kind, args)`` it is sent (``JOBS``) and
    answer ``("done", action)``, ``("cancelled", None)`` or ``("error", text)``."""
    global _current, _cancel
    _cancel = cancel
    # Ctrl-C in the server's terminal reaches the whole process group; the server stops its
    # workers itself, so they ignore it rather than print a traceback each.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if INTERRUPT is not None:
        signal.signal(INTERRUPT, _interrupted)
    while True:
        try:
            job, kind, args = conn.recv()
        except (EOFError, OSError):
            return  # the server has gone
        reply: tuple[str, Any]
        try:
            _current = job
            try:
                reply = ("done", JOBS[kind](*args))
            finally:
                _current = None
        except DecisionCancelled:
            _TABLES.pop(args[0], None)  # it may have been cut off halfway through an update
            reply = ("cancelled", None)
        except Exception as exc:
            reply = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
