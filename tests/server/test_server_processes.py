"""Several server processes on one PostgreSQL: a move stored through one reaches the clients
of the other (LISTEN/NOTIFY), and two processes never store diverging games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import ServerProcess
from websockets.exceptions import ConnectionClosed

from courtly.core.registry import load_game
from courtly.core.table import Table
from courtly.server.store import Store


@pytest.fixture
def second(postgresql_server: ServerProcess, tmp_path: Path) -> Iterator[ServerProcess]:
    other = ServerProcess(postgresql_server.database_url, tmp_path / "second.log")
    other.start()
    yield other
    other.stop()


def test_a_move_made_through_one_process_reaches_the_clients_of_another(
    postgresql_server: ServerProcess, second: ServerProcess
) -> None:
    created, (here, _also) = postgresql_server.seated("tudor", ["open", "open"], seed=31)
    _also.close()  # seat 1 plays through the other process
    table_id = created["table"]["id"]
    there = second.client(table_id, postgresql_server.token(created, 1))
    watcher = second.client(table_id)
    for client in (there, watcher):
        client.wait_type("snapshot")
    for _ in range(6):
        mover = here if here.legal else there
        mover.act(mover.legal[0]["id"])
        seq = mover.seq + 1
        for client in (here, there, watcher):
            client.wait_seq(seq)
    assert here.seq == there.seq == watcher.seq == 6
    mirror = Table(load_game("tudor"), 2, seed=31)
    store = Store(postgresql_server.database_url)
    stored = store.load_table(table_id)
    store.dispose()
    assert stored is not None and len(stored.actions) == 6
    for action in stored.actions:
        seat = mirror.state.current_player
        assert seat is not None
        mirror.act(seat, mirror.seq, action)
    assert there.observation == mirror.snapshot(1).observation
    assert watcher.events == [e.to_json() for e in mirror.events_seen(None)]
    for client in (here, there, watcher):
        client.close()


def test_a_seat_taken_through_one_process_is_closed_to_its_invite_on_another(
    postgresql_server: ServerProcess, second: ServerProcess
) -> None:
    created = postgresql_server.create("courtisans", ["open", "open"], seed=32)
    table_id = created["table"]["id"]
    invite = postgresql_server.token(created, 1)
    # Someone watches seat 1 through its invite on the other process, and seat 0's person
    # waits there too: before the start neither is sent anything of the deal.
    peek = second.client(table_id, invite)
    assert peek.wait_type("snapshot")["observation"] is None
    assert postgresql_server.take(created, 0, "Anne").status_code == 200
    player = second.client(table_id, postgresql_server.token(created, 0))
    assert player.wait_type("snapshot")["observation"] is None
    assert postgresql_server.take(created, 1, "Bea").status_code == 200
    with pytest.raises((ConnectionClosed, TimeoutError)):
        while True:
            peek.recv(10)
    peek.close()
    # Started through the first process, the deal reaches the other's clients.
    assert postgresql_server.owner_post(created, "start").status_code == 200
    player.wait_for(lambda m: m["type"] == "update" and m["observation"] is not None)
    assert player.observation == Table(load_game("courtisans"), 2, seed=32).snapshot(0).observation
    player.close()
    postgresql_server.owner_post(created, "end")
