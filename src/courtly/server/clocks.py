"""Time at a table: its pace (a Fischer clock, or a deadline per move), its time-out policy,
and its clocks as the Store keeps them (each seat's time left, whose time runs since when,
leave, stand-in bots), computed from the server's clock alone.

Everything here is a pure function of the stored state and a time given by the caller: the
server's one clock (:data:`Clock`) is injected, so tests move it instead of sleeping, and a
restarted server reads the same state back. Only the seat that must decide has its time
running (the kernel has one deciding seat at a time). A Fischer clock gains its increment
when its seat's turn ends (the deciding seat changes), not per decision of a many-step turn;
a turn-based seat gets a fresh deadline each time the turn comes to it."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from courtly.agents.levels import LEVELS, level_agent_spec
from courtly.agents.spec import parse_agent_spec

#: The server's clock: now, as a naive UTC datetime (the Store's timestamps are).
Clock = Callable[[], datetime]

#: Leave: at most this many days at once, and this many in all per seat and table.
LEAVE_DAYS_AT_ONCE = 7
LEAVE_DAYS_IN_ALL = 14
DAY = 86400.0


def system_clock() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


#: This process's clock, as the table messages read it (``use`` installs the hub's).
_clock: list[Clock] = [system_clock]


def use(clock: Clock) -> None:
    """Make ``clock`` the one every message of this process measures the clocks with."""
    _clock[0] = clock


def now() -> datetime:
    return _clock[0]()


def file_clock(path: Path) -> Clock:
    """A clock that reads the time from a file (ISO 8601, UTC): the tests' injected clock for a
    server in its own process (``COURTLY_CLOCK_FILE``), moved by replacing the file."""
    last = [system_clock()]

    def now() -> datetime:
        # Caught between two writes (the file replaced): the time last read.
        with contextlib.suppress(OSError, ValueError):
            last[0] = datetime.fromisoformat(path.read_text().strip()).replace(tzinfo=None)
        return last[0]

    return now


def clock_from_environment(environ: dict[str, str] | None = None) -> Clock:
    environ = dict(os.environ) if environ is None else environ
    path = environ.get("COURTLY_CLOCK_FILE")
    return system_clock if not path else file_clock(Path(path))


class Pace(BaseModel):
    """How fast a table plays, chosen by its creator (``POST /api/tables``, ``pace``)."""

    kind: Literal["fischer", "turn"] = Field(
        description="'fischer': a clock per seat with an increment; 'turn': a deadline per move"
    )
    initial_seconds: float = Field(
        default=300, ge=1, le=3 * 3600, description="fischer: each seat's time at the start"
    )
    increment_seconds: float = Field(
        default=0, ge=0, le=600, description="fischer: added when the seat's turn ends"
    )
    move_seconds: float = Field(
        default=DAY, ge=60, le=14 * DAY, description="turn: the time for each move (1 h, 1 d ...)"
    )
    policy: Literal["bot", "lose"] = Field(
        default="bot",
        description="on time-out: 'bot' plays the seat until its person comes back; "
        "'lose': the seat loses and the game ends",
    )
    bot: str = Field(default="easy", description="the stand-in's level (policy 'bot')")

    @model_validator(mode="after")
    def _level(self) -> Pace:
        if self.bot not in LEVELS:
            raise ValueError(f"bot must be one of {', '.join(LEVELS)}")
        return self


def new_clock(pace: Pace, seats: int) -> dict[str, Any]:
    """A table's clocks before its start (``seq`` -1: nothing runs yet)."""
    each = pace.initial_seconds if pace.kind == "fischer" else pace.move_seconds
    return {
        "pace": pace.model_dump(),
        "seq": -1,
        "remaining": [float(each)] * seats,
        "running": None,
        "since": None,
        "stand_in": [],
        "leave": {},
        "leave_used": [0.0] * seats,
        "lost": None,
    }


def _at(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _text(moment: datetime) -> str:
    return moment.isoformat()


def leave_until(clock: dict[str, Any], seat: int) -> datetime | None:
    return _at(clock["leave"].get(str(seat)))


def _counting_from(clock: dict[str, Any], seat: int) -> datetime:
    """When the running seat's time started counting: after its leave, if it is on leave."""
    since = _at(clock["since"])
    assert since is not None
    until = leave_until(clock, seat)
    return since if until is None or until < since else until


def left(clock: dict[str, Any], seat: int, now: datetime) -> float:
    """The seconds ``seat`` has left at ``now`` (never below 0)."""
    remaining = float(clock["remaining"][seat])
    if clock["running"] == seat and clock["since"] is not None:
        spent = (now - _counting_from(clock, seat)).total_seconds()
        remaining -= max(0.0, spent)
    return max(0.0, remaining)


def timed(clock: dict[str, Any], seat: int, kind: str) -> bool:
    """Whether a deadline applies to ``seat`` (of seat kind ``kind``): not while a stand-in
    plays it, nor a bot's seat when a time-out would only hand it to a bot."""
    if seat in clock["stand_in"] or clock["lost"] is not None:
        return False
    return not (kind == "bot" and clock["pace"]["policy"] == "bot")


def deadline(clock: dict[str, Any], kind_of: Callable[[int], str]) -> datetime | None:
    """When the running seat's time runs out (None: nothing runs, or no deadline applies)."""
    seat = clock["running"]
    if seat is None or clock["since"] is None or not timed(clock, seat, kind_of(seat)):
        return None
    start = _counting_from(clock, seat)
    return start + timedelta(seconds=max(0.0, float(clock["remaining"][seat])))


def started(clock: dict[str, Any], seq: int, decider: int | None, now: datetime) -> dict[str, Any]:
    """The clocks at position ``seq``, ``decider``'s time running from ``now`` without charging
    anyone (the start, or a position whose clocks were never stored: a crash between an
    action's commit and its clocks' is lost time for nobody)."""
    return {**clock, "seq": seq, "running": decider, "since": _text(now)}


def restarted(
    clock: dict[str, Any],
    seq: int,
    decider: int | None,
    now: datetime,
    kind_of: Callable[[int], str],
) -> tuple[dict[str, Any], datetime | None]:
    """``started`` and its deadline: a position whose clocks were never measured (an undo's,
    or one whose measure was lost)."""
    after = started(clock, seq, decider, now)
    return after, deadline(after, kind_of)


def moved(
    clock: dict[str, Any], seat: int, decider: int | None, seq: int, now: datetime, stand_in: bool
) -> dict[str, Any]:
    """The clocks after ``seat`` acted (at ``now``) and ``decider`` is to decide at ``seq``.
    A stand-in's thinking is not charged to the seat (its person was away)."""
    clock = {**clock, "remaining": list(clock["remaining"])}
    pace = clock["pace"]
    if clock["running"] == seat and not stand_in and clock["since"] is not None:
        clock["remaining"][seat] = left(clock, seat, now)
    if decider != seat:
        if pace["kind"] == "fischer":
            clock["remaining"][seat] += float(pace["increment_seconds"])
        elif decider is not None:
            clock["remaining"][decider] = float(pace["move_seconds"])
    return {**clock, "seq": seq, "running": decider, "since": _text(now)}


def with_leave(clock: dict[str, Any], seat: int, days: float, now: datetime) -> dict[str, Any]:
    """``seat`` on leave for ``days`` more (from now, or from the end of its leave): its
    deadlines wait meanwhile. Raises ValueError past the limits (``LEAVE_DAYS_*``)."""
    if clock["pace"]["kind"] != "turn":
        raise ValueError("turn")
    if not 0 < days <= LEAVE_DAYS_AT_ONCE:
        raise ValueError("days")
    used = float(clock["leave_used"][seat]) + days * DAY
    if used > LEAVE_DAYS_IN_ALL * DAY:
        raise ValueError("total")
    clock = {**clock, "remaining": list(clock["remaining"]), "leave": dict(clock["leave"])}
    if clock["running"] == seat and clock["since"] is not None:
        # What ran before the leave counts; the rest waits until it ends.
        clock["remaining"][seat] = left(clock, seat, now)
        clock["since"] = _text(now)
    until = leave_until(clock, seat)
    start = now if until is None or until < now else until
    clock["leave"][str(seat)] = _text(start + timedelta(days=days))
    clock["leave_used"] = [*clock["leave_used"]]
    clock["leave_used"][seat] = used
    return clock


def timed_out(clock: dict[str, Any], seat: int) -> dict[str, Any]:
    """The clocks once ``seat``'s time ran out: a stand-in plays it, or it lost."""
    clock = {**clock, "remaining": list(clock["remaining"])}
    clock["remaining"][seat] = 0.0
    if clock["pace"]["policy"] == "lose":
        return {**clock, "lost": seat, "running": None}
    return {**clock, "stand_in": sorted({*clock["stand_in"], seat})}


def back(clock: dict[str, Any], seat: int, now: datetime) -> dict[str, Any]:
    """``seat``'s person is back: its stand-in stops; if it is to decide, its time runs from
    now (a turn-based seat with a whole move's time)."""
    clock = {**clock, "stand_in": [s for s in clock["stand_in"] if s != seat]}
    if clock["running"] == seat:
        clock["remaining"] = list(clock["remaining"])
        if clock["pace"]["kind"] == "turn":
            clock["remaining"][seat] = float(clock["pace"]["move_seconds"])
        clock["since"] = _text(now)
    return clock


def lost_on_time(clock: dict[str, Any] | None) -> dict[str, Any] | None:
    """A table ended by a seat's time running out (policy 'lose'), as its result: that seat
    lost, so every other seat shares the win (as a flag fall is a loss on every clocked
    platform: the seat that stayed cannot be made to lose to it), and why. No scores: the game
    did not reach its scoring. The record keeps no result (the game did not reach its end): the
    clock says it."""
    if clock is None or clock["lost"] is None:
        return None
    others = [seat for seat in range(len(clock["remaining"])) if seat != clock["lost"]]
    return {"scores": [], "winners": others, "time_out": clock["lost"]}


def public(clock: dict[str, Any] | None, now: datetime) -> dict[str, Any] | None:
    """The clocks as every viewer sees them: each seat's milliseconds left, measured at
    ``now`` (the page counts the running one down from there and corrects on each message)."""
    if clock is None:
        return None
    seats = range(len(clock["remaining"]))
    leave = {
        seat: until for seat, until in clock["leave"].items() if datetime.fromisoformat(until) > now
    }
    return {
        "pace": clock["pace"],
        "remaining_ms": [round(left(clock, seat, now) * 1000) for seat in seats],
        "running": clock["running"] if clock["seq"] >= 0 else None,
        "measured_at": _text(now) + "Z",
        "stand_in": clock["stand_in"],
        "leave": {seat: until + "Z" for seat, until in leave.items()},
        "lost": clock["lost"],
    }


def thinking_time(clock: dict[str, Any], seat: int, now: datetime) -> float | None:
    """The seconds a bot deciding for ``seat`` may think by its clock (None: no limit). Not a
    stand-in's: charged to nobody (``moved``), it would be cut to its seat's empty clock."""
    if seat in clock["stand_in"]:
        return None
    return left(clock, seat, now)


def think_spec(game_name: str, spec: str, seconds_left: float | None) -> str:
    """A bot's spec for one decision with ``seconds_left`` on its clock: a search that might
    think longer than a quarter of that (with under 4 s left) is cut to it (the rest is the
    margin for the move to travel); a fast agent (random, greedy) is left as it is."""
    if seconds_left is None or seconds_left / 4 >= 1.0:
        return spec  # no admitted spec thinks past 1 s (docs/server.md): as chosen
    kind, params = parse_agent_spec(spec)
    if kind not in (*LEVELS, "ismcts"):
        return spec
    if kind in LEVELS:
        kind, params = parse_agent_spec(level_agent_spec(game_name, kind, **params))
    cap = max(0.02, seconds_left / 4)
    seconds = params.get("seconds")
    if seconds is not None and float(seconds) <= cap:
        return spec
    params["seconds"] = round(cap, 3)  # an iteration budget still stops it sooner
    return kind + ":" + ",".join(f"{k}={v}" for k, v in params.items())
