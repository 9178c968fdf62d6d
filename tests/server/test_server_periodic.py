"""What the server does for every table at every action or every tick, kept cheap
(docs/server.md, "Load"): a table without a clock never reads the time for its info, a
timestamp is spelled as before however often it is spelled, and the deadline check forgets
the tables it no longer holds (it looks only at those whose clocks are behind)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from courtly.core.registry import load_game
from courtly.core.table import Table
from courtly.server import clocks
from courtly.server.database import StoreThread
from courtly.server.deadlines import Deadlines
from courtly.server.live import LiveTable, utc_text
from courtly.server.peer_signals import PeerSignals
from courtly.server.store import Store
from courtly.server.stored import PERSON, PLAYING, StoredSeat, StoredTable
from courtly.server.tables import LiveTables

CREATED = datetime(2026, 11, 27, 12, 0, 0, 123456)


def _live(table_id: str, clock: dict[str, object] | None = None) -> LiveTable:
    game = load_game("courtisans")
    options = game.resolve_options({})
    seats = [StoredSeat(s, PERSON, name=f"p{s}", token_hash=f"h{s}") for s in (0, 1)]
    table = Table(game, 2, seed=7, options=options, seats=[s.label() for s in seats])
    stored = StoredTable(
        id=table_id,
        game=game.name,
        num_players=2,
        options=options,
        seed=7,
        start_fingerprint=table.record.fingerprints[0],
        status=PLAYING,
        seq=0,
        owner_hash="",
        spectator_hash="",
        seats=seats,
        created_at=CREATED,
        updated_at=CREATED,
    )
    stored.clock = clock
    return LiveTable(stored, table)


@pytest.fixture
def counted_clock() -> Iterator[list[datetime]]:
    """The process's clock (``clocks.use``), each reading of it kept."""
    readings: list[datetime] = []

    def now() -> datetime:
        readings.append(CREATED)
        return CREATED

    clocks.use(now)
    try:
        yield readings
    finally:
        clocks.use(clocks.system_clock)


def test_an_unclocked_tables_info_never_reads_the_clock(counted_clock: list[datetime]) -> None:
    live = _live("plain")
    info = live.info()
    assert info["clock"] is None
    assert counted_clock == []  # built for every accepted action: no clock, no reading
    assert info["created_at"] == "2026-11-27T12:00:00.123456Z"
    pace = clocks.Pace(kind="fischer", initial_seconds=60)
    clocked = _live("clocked", clocks.new_clock(pace, 2))
    assert clocked.info()["clock"] is not None
    assert len(counted_clock) == 1  # a clocked table's time left is measured now


def test_timestamps_are_spelled_as_isoformat_however_often() -> None:
    for moment in (CREATED, CREATED.replace(microsecond=0), datetime(2026, 1, 2)):
        assert utc_text(moment) == moment.isoformat() + "Z"
        assert utc_text(moment) == moment.isoformat() + "Z"  # remembered: the same text
    # Equal instants in other zones are equal datetimes: each keeps its own spelling.
    utc = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    east = utc.astimezone(timezone(timedelta(hours=9)))
    assert utc == east
    assert utc_text(utc) == utc.isoformat() + "Z"
    assert utc_text(east) == east.isoformat() + "Z"


def test_the_deadline_check_forgets_tables_no_longer_held(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'periodic.sqlite3'}")
    store.migrate()
    thread = StoreThread(store)
    tables = LiveTables(thread, PeerSignals(thread), lambda live: None)
    deadlines = Deadlines(tables, clocks.system_clock, lambda live: None)
    pace = clocks.Pace(kind="fischer", initial_seconds=60)
    # Clocks measured at position 0 of a table now at 3 (another process's measure on its
    # way): the check waits for it, remembering since when; a table whose clocks are current
    # and one without a clock are never remembered.
    behind = _live("behind", {**clocks.new_clock(pace, 2), "seq": 0})
    behind.stored.seq = 3
    current = _live("current", {**clocks.new_clock(pace, 2), "seq": 0})
    plain = _live("plain")
    for live in (behind, current, plain):
        tables.add(live)

    async def ticks() -> None:
        await deadlines.tick()
        assert set(deadlines._lagging) == {"behind"}
        del tables.tables["behind"]  # ended, or handed to another process
        await deadlines.tick()
        assert deadlines._lagging == {}

    try:
        asyncio.run(ticks())
    finally:
        thread.shutdown()
