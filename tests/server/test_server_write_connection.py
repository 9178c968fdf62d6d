"""The database thread's writes share one kept connection (a pooled one per transaction cost
a pre-ping and a rollback, round trips to PostgreSQL, per commit), and nothing about what
is stored or refused changes: a failed write gives its connection back, and a database
restarted while the server was idle is met by the pool's pre-ping as before."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from server_support import Postgres
from sqlalchemy import event

from courtly.server import write_connection
from courtly.server.store import Store
from courtly.server.stored import PLAYING, Append, ConflictError, StoredSeat, StoredTable
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
    yield opened
    opened.dispose()


def _table(store: Store) -> str:
    now = datetime(2026, 1, 1)
    table_id = new_token()[:12]
    seats = [StoredSeat(0, "open"), StoredSeat(1, "bot", bot_spec="easy")]
    store.create_table(
        StoredTable(table_id, "tudor", 2, {}, 7, "f0", PLAYING, 0, "o", "s", seats, now, now)
    )
    return table_id


def _append(table_id: str, ply: int) -> Append:
    """The bot seat's action at ``ply``."""
    return Append(table_id, ply, 1, {"kind": "pass"}, f"f{ply + 1}", ply + 1, PLAYING, None)


def _checkouts(store: Store) -> list[int]:
    taken: list[int] = []
    event.listen(store.engine, "checkout", lambda *_: taken.append(1))
    return taken


def test_a_busy_servers_commits_take_no_connection_from_the_pool(store: Store) -> None:
    table_id = _table(store)
    store.actions.append([_append(table_id, 0)])  # the first write takes the connection
    taken = _checkouts(store)
    for ply in range(1, 30):
        store.actions.append([_append(table_id, ply)])
    assert taken == [], "each commit took (and pinged, and reset) a pooled connection"
    loaded = store.load_table(table_id)
    assert loaded is not None and loaded.seq == 30
    assert loaded.fingerprints == [f"f{ply + 1}" for ply in range(30)]


def test_a_refused_write_gives_its_connection_back_and_the_next_one_is_stored(
    store: Store,
) -> None:
    table_id = _table(store)
    store.update_seat(table_id, StoredSeat(0, "person", name="ann", token_hash="h"))
    with pytest.raises(ConflictError):
        store.update_seat(table_id, StoredSeat(5, "person", name="bob"))  # no such seat
    taken = _checkouts(store)
    store.update_seat(table_id, StoredSeat(0, "person", name="cat", token_hash="h"))
    assert taken == [1], "a failed transaction's connection is not kept"
    loaded = store.load_table(table_id)
    assert loaded is not None and loaded.seats[0].name == "cat"


def test_an_action_refused_as_a_race_stores_nothing_of_its_batch(store: Store) -> None:
    first, second = _table(store), _table(store)
    store.actions.append([_append(first, 0)])
    with pytest.raises(ConflictError):  # first is no longer at ply 0; second could move
        store.actions.append([_append(second, 0), _append(first, 0)])
    loaded = store.load_table(second)
    assert loaded is not None and loaded.seq == 0 and loaded.fingerprints == []
    store.actions.append([_append(second, 0), _append(first, 1)])  # the connection still works
    loaded = store.load_table(second)
    assert loaded is not None and loaded.seq == 1


def test_after_an_idle_spell_a_restarted_database_is_met_by_the_pools_pre_ping(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(write_connection, "IDLE_SECONDS", 0.2)
    postgres = Postgres()
    postgres.start()
    store = Store(postgres.url)
    try:
        store.migrate()
        table_id = _table(store)
        store.actions.append([_append(table_id, 0)])
        postgres.restart()  # every connection cut while the server had nothing to write
        time.sleep(0.3)
        store.actions.append([_append(table_id, 1)])  # not refused: a fresh connection
        loaded = store.load_table(table_id)
        assert loaded is not None and loaded.seq == 2
    finally:
        store.dispose()
        postgres.stop()


def test_a_database_restarted_between_two_busy_commits_is_met_on_a_fresh_connection() -> None:
    postgres = Postgres()
    postgres.start()
    store = Store(postgres.url)
    try:
        store.migrate()
        table_id = _table(store)
        store.actions.append([_append(table_id, 0)])
        postgres.restart()  # faster than the kept connection's idle spell
        store.actions.append([_append(table_id, 1)])  # not refused: the socket said so
        loaded = store.load_table(table_id)
        assert loaded is not None and loaded.seq == 2
    finally:
        store.dispose()
        postgres.stop()
