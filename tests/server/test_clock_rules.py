"""The clock's rules as pure functions of the stored state and an injected time
(courtly.server.clocks): only the deciding seat's time runs, a Fischer clock gains its
increment when the turn passes (not per decision of a many-step turn), a turn-based seat gets
a fresh move's time, leave holds the deadline back within its limits, a time-out hands the
seat to a stand-in or ends it, and a bot's search is cut to its clock."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from courtly.server import clocks
from courtly.server.clocks import Pace

T0 = datetime(2026, 3, 2, 9, 0, 0)


def _person(seat: int) -> str:
    return "person"


def _started(pace: Pace, seats: int = 2) -> dict[str, Any]:
    return clocks.started(clocks.new_clock(pace, seats), 0, 0, T0)


def test_a_fischer_clock_runs_for_the_deciding_seat_and_gains_its_increment_per_turn() -> None:
    clock = _started(Pace(kind="fischer", initial_seconds=60, increment_seconds=5))
    assert clocks.left(clock, 0, T0 + timedelta(seconds=10)) == 50
    assert clocks.left(clock, 1, T0 + timedelta(seconds=10)) == 60  # not its turn
    # Two decisions of one turn: no increment between them.
    clock = clocks.moved(clock, 0, 0, 1, T0 + timedelta(seconds=10), stand_in=False)
    assert clock["remaining"][0] == 50
    clock = clocks.moved(clock, 0, 1, 2, T0 + timedelta(seconds=15), stand_in=False)
    assert clock["remaining"][0] == 50  # 45 left, and the turn's increment
    assert clocks.deadline(clock, _person) == T0 + timedelta(seconds=75)


def test_a_turn_based_seat_gets_a_whole_move_and_leave_holds_its_deadline() -> None:
    day = timedelta(days=1)
    clock = _started(Pace(kind="turn", move_seconds=86400))
    clock = clocks.moved(clock, 0, 1, 1, T0 + timedelta(hours=20), stand_in=False)
    assert clocks.deadline(clock, _person) == T0 + timedelta(hours=20) + day
    on_leave = clocks.with_leave(clock, 1, 3, T0 + timedelta(hours=21))
    # An hour ran before the leave; the other 23 run after it.
    assert clocks.deadline(on_leave, _person) == T0 + timedelta(hours=21) + 3 * day + timedelta(
        hours=23
    )
    with pytest.raises(ValueError, match="days"):
        clocks.with_leave(clock, 1, 8, T0)
    longer = clocks.with_leave(on_leave, 1, 7, T0 + timedelta(hours=22))
    with pytest.raises(ValueError, match="total"):
        clocks.with_leave(longer, 1, 5, T0 + timedelta(hours=22))
    with pytest.raises(ValueError, match="turn"):
        clocks.with_leave(_started(Pace(kind="fischer")), 0, 1, T0)


def test_a_time_out_hands_the_seat_to_a_stand_in_or_ends_it() -> None:
    clock = _started(Pace(kind="fischer", initial_seconds=1, policy="bot", bot="hard"))
    stood_in = clocks.timed_out(clock, 0)
    assert stood_in["stand_in"] == [0] and clocks.deadline(stood_in, _person) is None
    back = clocks.back(stood_in, 0, T0 + timedelta(seconds=5))
    assert back["stand_in"] == [] and clocks.deadline(back, _person) == T0 + timedelta(seconds=5)
    lost = clocks.timed_out(_started(Pace(kind="fischer", policy="lose"), seats=3), 0)
    # The seat lost on time: the others share the win.
    assert lost["lost"] == 0 and clocks.lost_on_time(lost) == {
        "scores": [],
        "winners": [1, 2],
        "time_out": 0,
    }
    # A bot's seat is not timed where a time-out would only hand it to a bot.
    assert clocks.deadline(clock, lambda seat: "bot") is None


def test_a_bots_search_is_cut_to_its_clock() -> None:
    assert clocks.think_spec("courtisans", "hard", 3600.0) == "hard"
    cut = clocks.think_spec("courtisans", "ismcts:seconds=1,depth=0", 2.0)
    assert cut == "ismcts:seconds=0.5,depth=0"
    assert clocks.think_spec("courtisans", "random", 0.1) == "random"
    assert "seconds=0.02" in clocks.think_spec("courtisans", "easy", 0.01)


def test_a_stand_ins_search_is_not_cut_to_the_clock_that_ran_out() -> None:
    """The stand-in plays at the level the table chose: its seat has 0 s left, but its
    thinking is charged to nobody; once the person is back, their clock cuts again."""
    clock = _started(Pace(kind="fischer", initial_seconds=1, policy="bot", bot="hard"))
    stood_in = clocks.timed_out(clock, 0)
    later = T0 + timedelta(seconds=5)
    seconds = clocks.thinking_time(stood_in, 0, later)
    assert seconds is None and clocks.think_spec("courtisans", "hard", seconds) == "hard"
    assert clocks.thinking_time(clock, 0, T0 + timedelta(seconds=0.5)) == 0.5
    back = clocks.back(stood_in, 0, later)
    assert clocks.thinking_time(back, 0, later) == 0.0
