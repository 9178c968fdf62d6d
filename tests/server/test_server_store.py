"""The Store on both databases: migrations are repeatable, a group commit is all or nothing."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from server_support import Postgres
from sqlalchemy import insert

from courtly.server.append_rows import ROWS_AT_ONCE, CompiledAppends, added, moves
from courtly.server.schema import ACTION_ROWS, ADVANCE
from courtly.server.store import Store
from courtly.server.stored import FINISHED, PLAYING, Append, ConflictError, StoredSeat, StoredTable
from courtly.server.tokens import new_token


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "postgresql":
        postgres: Postgres = request.getfixturevalue("postgres")
        url = postgres.url
    else:
        url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    opened = Store(url)
    opened.migrate()
    opened.migrate()  # a second start finds the schema current
    yield opened
    opened.dispose()


def _table(store: Store) -> str:
    now = datetime(2026, 1, 1)
    table_id = new_token()[:12]
    seats = [StoredSeat(0, "open", token_hash="a" * 64), StoredSeat(1, "bot", bot_spec="easy")]
    store.create_table(
        StoredTable(
            table_id, "tudor", 2, {}, 2**64 - 1, "f0", PLAYING, 0, "o", "s", seats, now, now
        )
    )
    return table_id


def _append(table_id: str, ply: int) -> Append:
    """The bot seat's action at ``ply`` (an open seat has nobody who may act)."""
    return Append(table_id, ply, 1, {"kind": "pass"}, f"f{ply + 1}", ply + 1, PLAYING, None)


def test_actions_are_stored_in_order_and_a_failed_batch_stores_nothing(store: Store) -> None:
    first, second = _table(store), _table(store)
    store.actions.append([_append(first, 0), _append(second, 0)])
    with pytest.raises(Exception):  # noqa: B017 (the driver's own integrity error)
        store.actions.append([_append(second, 1), _append(first, 0)])  # ply 0 exists
    loaded = store.load_table(second)
    assert loaded is not None
    assert loaded.seq == 1 and loaded.fingerprints == ["f1"], "the whole batch was refused"
    assert loaded.seed == 2**64 - 1  # beyond a signed 64-bit column, kept exactly
    store.actions.truncate(second, 0, 2)
    again = store.load_table(second)
    assert again is not None and again.actions == [] and again.seq == 2
    assert store.load_table("missing") is None


def test_a_batch_with_a_table_moved_elsewhere_is_refused_whole(store: Store) -> None:
    first, second = _table(store), _table(store)
    store.actions.append([_append(first, 0)])
    # ``second`` is at position 0, not 1 (another process would have moved it): conflict.
    with pytest.raises(ConflictError):
        store.actions.append([_append(first, 1), _append(second, 1)])
    loaded = store.load_table(first)
    assert loaded is not None and loaded.seq == 1 and loaded.fingerprints == ["f1"]
    with pytest.raises(ConflictError):
        store.actions.truncate(second, 0, 5)
    last = Append(first, 1, 1, {"kind": "pass"}, "f2", 2, FINISHED, {"scores": [1, 0]})
    store.actions.append([last, _append(second, 0)])
    ended = store.load_table(first)
    assert ended is not None and ended.status == FINISHED and ended.result == {"scores": [1, 0]}
    assert ended.finished_at is not None and ended.fingerprints == ["f1", "f2"]


def test_sqlites_compiled_group_commit_stores_what_core_stores(tmp_path: Path) -> None:
    """SQLite's group commit hands the driver statements compiled once
    (``append_rows.CompiledAppends``): many tables moved by one statement, more tables than
    one statement carries, a table with two actions in one batch, one table alone; the rows
    it stores are those SQLAlchemy Core stores from the same parameters, row by row, the
    moments written in the same text."""
    store = Store(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    store.migrate()
    try:
        count = ROWS_AT_ONCE + 3
        compiled = [_table(store) for _ in range(count)]
        core = [_table(store) for _ in range(count)]
        moment = datetime(2026, 11, 27, 20, 30, 1)  # no microseconds: still written with them
        compiled_path = CompiledAppends(store.engine.dialect)

        def batches(tables: list[str]) -> list[list[Append]]:
            last = Append(tables[0], 2, 1, {"kind": "pass"}, "f3", 3, FINISHED, {"scores": [1]})
            return [
                [_append(table_id, 0) for table_id in tables],
                [_append(tables[0], 1), _append(tables[1], 1), last],
                [_append(tables[2], 1)],
            ]

        with store.writes.begin() as connection:
            for batch in batches(compiled):
                assert compiled_path.advance(connection, batch, moment) == len(batch)
                compiled_path.add(connection, batch, moment)
            for batch in batches(core):
                for one in batch:
                    assert connection.execute(ADVANCE, moves([one], moment)).rowcount == 1
                    connection.execute(insert(ACTION_ROWS), added([one], moment))
        with sqlite3.connect(tmp_path / "store.sqlite3") as raw:

            def rows(table_id: str) -> list[tuple[object, ...]]:
                tables = "SELECT seq, status, updated_at, finished_at, result FROM courtly_tables"
                actions = "SELECT ply, seat, action, fingerprint, created_at FROM courtly_actions"
                found = raw.execute(f"{tables} WHERE id = ?", (table_id,)).fetchall()
                order = " ORDER BY ply"
                return (
                    found
                    + raw.execute(f"{actions} WHERE table_id = ?{order}", (table_id,)).fetchall()
                )

            for mine, theirs in zip(compiled, core, strict=True):
                assert rows(mine) == rows(theirs)
            assert rows(compiled[0])[0][:4] == (3, FINISHED, *("2026-11-27 20:30:01.000000",) * 2)
            assert [row[0] for row in rows(compiled[1])] == [2, 0, 1]
            assert [row[0] for row in rows(compiled[2])] == [2, 0, 1]
            assert [row[0] for row in rows(compiled[-1])] == [1, 0]
        with store.writes.begin() as connection:  # tables no longer there: nothing moves
            gone = [_append(compiled[0], 0), _append(compiled[2], 0)]
            assert compiled_path.advance(connection, gone, moment) == 0
    finally:
        store.dispose()


def test_sqlites_group_commit_steps_once_for_the_tables_and_once_for_the_actions(
    tmp_path: Path,
) -> None:
    """A batch's tables move in one statement and its actions go in one (not one executemany
    row each): SQLite's driver lets go of the GIL at each step and waits to win it back from
    the event loop, so a batch of five cost twenty waits, now about six."""
    store = Store(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    store.migrate()
    try:
        tables = [_table(store) for _ in range(5)]
        steps: list[str] = []
        with store.writes.begin() as connection:  # the connection the next writes keep
            raw = connection.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        raw.set_trace_callback(steps.append)
        try:
            store.actions.append([_append(table_id, 0) for table_id in tables])
        finally:
            raw.set_trace_callback(None)
        moved = [step for step in steps if step.startswith("UPDATE courtly_tables")]
        inserted = [step for step in steps if step.startswith("INSERT INTO courtly_actions")]
        assert len(moved) == 1 and len(inserted) == 1, steps
        for table_id in tables:
            loaded = store.load_table(table_id)
            assert loaded is not None and loaded.seq == 1 and loaded.fingerprints == ["f1"]
    finally:
        store.dispose()


def test_a_seat_change_is_stored(store: Store) -> None:
    table_id = _table(store)
    store.update_seat(table_id, StoredSeat(0, "person", None, "<Anne & 'B'>", "c" * 64))
    loaded = store.load_table(table_id)
    assert loaded is not None
    assert loaded.seats[0] == StoredSeat(0, "person", None, "<Anne & 'B'>", "c" * 64)
    assert loaded.seats[1].bot_spec == "easy"
    with pytest.raises(ConflictError):
        store.update_seat(table_id, StoredSeat(7, "person", None, "nobody", None))


def test_a_table_is_read_in_one_snapshot_while_another_process_writes(
    postgres: Postgres,
) -> None:
    """A reload reads the row, seats and actions of one position: while another writer moves
    the table on (another server process would), every read has as many actions as its
    sequence number says (no undo here), never the newer actions under the older number."""
    reader, writer = Store(postgres.url), Store(postgres.url)
    reader.migrate()
    table_id = _table(reader)
    done = threading.Event()

    def write() -> None:
        ply = 0
        while not done.is_set() and ply < 5000:
            writer.actions.append([_append(table_id, ply)])
            ply += 1

    thread = threading.Thread(target=write)
    thread.start()
    mixed = []
    try:
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline and thread.is_alive():
            loaded = reader.load_table(table_id)
            assert loaded is not None
            if loaded.seq != len(loaded.actions):
                mixed.append((loaded.seq, len(loaded.actions)))
    finally:
        done.set()
        thread.join(30)
        reader.dispose()
        writer.dispose()
    assert not mixed, f"{len(mixed)} reads mixed two positions, e.g. {mixed[:3]}"


def test_an_act_is_stored_only_for_who_holds_the_seat_of_a_table_still_playing(
    store: Store,
) -> None:
    """The seat's holder and the table's state are checked in the storing transaction: a
    seat freed (or given to a bot) through another process, or a table ended there, refuses
    the act of a process that has not heard of it yet."""
    table_id = _table(store)
    anne, kicked = "c" * 64, "d" * 64
    store.update_seat(table_id, StoredSeat(0, "person", None, "Anne", anne))

    def person(ply: int, holder: str) -> Append:
        return Append(
            table_id, ply, 0, {"kind": "pass"}, f"f{ply + 1}", ply + 1, PLAYING, None, holder
        )

    store.actions.append([person(0, anne)])
    store.update_seat(table_id, StoredSeat(0, "open", None, None, kicked))  # freed: new link
    with pytest.raises(ConflictError):
        store.actions.append([person(1, anne)])
    with pytest.raises(ConflictError):  # a bot's act for a seat that is no bot's
        store.actions.append([Append(table_id, 1, 0, {"kind": "pass"}, "f2", 2, PLAYING, None)])
    store.actions.append([person(1, kicked)])  # the new link's holder may
    ended = store.transition(table_id, [PLAYING, "waiting"], "ended")
    assert ended.changed and ended.status == "ended" and ended.seq == 2
    with pytest.raises(ConflictError):
        store.actions.append([_append(table_id, 2)])
    again = store.transition(table_id, [PLAYING, "waiting"], "ended")
    assert not again.changed and again.seq == 2
    loaded = store.load_table(table_id)
    assert loaded is not None and loaded.status == "ended" and loaded.seq == len(loaded.actions)
    assert loaded.acted_by == [0, 0]
