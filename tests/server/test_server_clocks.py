"""Time at the table on a real server (docs/server.md, "Time at the table"): a turn-based table
played to its end over a simulated week with the server's clock injected (a file the test
moves, never a sleep): deadlines, the stand-in bot taking over and the person coming back,
leave, a restart in the middle, the record replayed byte for byte; a seat that loses on time;
Fischer clocks running out in real time; bots keeping within their clocks; and, on one
PostgreSQL, two server processes acting once on each passed deadline."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from server_support import Client, Postgres, ServerProcess, play_to_an_undoable_move

from courtly.core.canonical import canonical_json
from courtly.core.records import GameRecord
from courtly.core.registry import load_game
from courtly.core.table import Table

DAY = timedelta(days=1)
START = datetime(2026, 3, 2, 9, 0, 0)


class FileClock:
    """The server's injected clock: the time it reads from a file (COURTLY_CLOCK_FILE)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.now = START
        self.set(START)

    def set(self, moment: datetime) -> None:
        self.now = moment
        # Replaced whole (a rename), so the server never reads half a write.
        fresh = self.path.with_suffix(".new")
        fresh.write_text(moment.isoformat())
        fresh.replace(self.path)

    def advance(self, delta: timedelta) -> None:
        self.set(self.now + delta)


#: A server whose clock is a file, the clock, and a restart of the server.
Clocked = tuple[ServerProcess, FileClock, Callable[[], ServerProcess]]


def _eventually(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError("the awaited state did not come")
        time.sleep(0.1)


def _clock(server: ServerProcess, table_id: str) -> dict[str, Any]:
    clock: dict[str, Any] = server.info(table_id)["clock"]
    return clock


def _to_move(server: ServerProcess, table_id: str) -> int | None:
    """The seat whose time runs, once the server has started measuring it."""
    running: int | None = _clock(server, table_id)["running"]
    return running


def _act(client: Client) -> None:
    """The client's seat plays its first legal action; read until the move is stored."""
    seq = client.seq
    client.act(int(client.legal[0]["id"]))
    client.wait_seq(seq + 1)


def _catch_up(clients: list[Client], server: ServerProcess, table_id: str) -> None:
    seq = server.info(table_id)["seq"]
    for client in clients:
        client.wait_seq(seq)


def _post(server: ServerProcess, table_id: str, path: str, token: str, **body: Any) -> Any:
    response = server.http.post(
        f"/api/tables/{table_id}/{path}",
        json=body or None,
        headers={"Authorization": f"Bearer {token}"},
    )
    return response


def _mover(server: ServerProcess, table_id: str, seat: int, clients: list[Client]) -> None:
    """Play until ``seat`` is to decide: each other person's seat plays its first action, a
    seat played by its stand-in bot is waited for."""
    while True:
        info = server.info(table_id)
        for client in clients:
            client.wait_seq(info["seq"])
        clock = info["clock"]
        running = clock["running"]
        if running == seat and clients[seat].seq == info["seq"] and clients[seat].legal:
            return
        if running == seat:
            continue  # moved meanwhile (a stand-in): read again
        if running is None or running in clock["stand_in"]:
            time.sleep(0.05)
            continue
        _act(clients[running])


def _stand_in(server: ServerProcess, table_id: str) -> list[int]:
    seats: list[int] = _clock(server, table_id)["stand_in"]
    return seats


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[Clocked]:
    """A server on SQLite whose clock is a file; ``restart()`` stops it and starts another
    on the same database and clock."""
    clock = FileClock(tmp_path / "now.txt")
    url = f"sqlite:///{tmp_path / 'courtly.sqlite3'}"
    env = {"COURTLY_CLOCK_FILE": str(clock.path)}
    servers = [ServerProcess(url, tmp_path / "server.log", env=env)]
    servers[0].start()

    def restart() -> ServerProcess:
        servers[-1].stop()
        fresh = ServerProcess(url, tmp_path / "server.log", env=env)
        fresh.start()
        servers.append(fresh)
        return fresh

    yield servers[0], clock, restart
    servers[-1].stop()
    print((tmp_path / "server.log").read_text()[-4000:])


def _turn_table(server: ServerProcess, policy: str) -> tuple[str, dict[str, Any], list[Client]]:
    pace = {"kind": "turn", "move_seconds": 86400, "policy": policy, "bot": "easy"}
    return _clocked_table(server, pace)


def _clocked_table(
    server: ServerProcess,
    pace: dict[str, Any],
    game: str = "courtisans",
    seats: tuple[str, str] = ("open", "open"),
    seed: int = 11,
) -> tuple[str, dict[str, Any], list[Client]]:
    """A started table of ``pace`` with a client (snapshot read) for each seat, once its
    clocks run."""
    created = server.create(game, list(seats), seed=seed, pace=pace)
    server.start_table(created)
    table_id = created["table"]["id"]
    clients = [server.client(table_id, s["token"]) for s in created["seats"]]
    for client in clients:
        client.wait_type("snapshot")
    _eventually(lambda: _to_move(server, table_id) is not None)
    return table_id, created, clients


def test_a_turn_based_table_over_a_simulated_week(
    clocked: Clocked,
) -> None:
    server, clock, restart = clocked
    table_id, created, clients = _turn_table(server, "bot")
    tokens = [server.token(created, 0), server.token(created, 1)]
    info = server.info(table_id)
    assert info["clock"]["pace"]["kind"] == "turn" and info["clock"]["pace"]["policy"] == "bot"

    # Day 0: a few moves, then seat 1 does not come back for a day.
    for _ in range(3):
        _act(clients[_to_move(server, table_id)])  # type: ignore[index]
    _mover(server, table_id, 1, clients)
    clock.advance(DAY - timedelta(minutes=1))
    time.sleep(1.0)  # a second of real time: the scheduler looked, and it was not due yet
    assert _stand_in(server, table_id) == []
    seq = server.info(table_id)["seq"]
    clock.advance(timedelta(minutes=2))
    assert _eventually(lambda: _stand_in(server, table_id) == [1])
    # The stand-in (easy) plays seat 1 at once, each time its turn comes, while seat 0 plays.
    _eventually(lambda: server.info(table_id)["seq"] > seq)
    for _ in range(3):
        _mover(server, table_id, 0, clients)
        _act(clients[0])
    assert _stand_in(server, table_id) == [1]

    # Day 1: seat 1 comes back; it plays its own moves again, with a fresh day each.
    clock.advance(timedelta(hours=5))
    assert _post(server, table_id, "back", tokens[1]).status_code == 200
    assert _stand_in(server, table_id) == []
    _mover(server, table_id, 1, clients)
    _act(clients[1])

    # Seat 0 takes three days of leave; its next deadline waits until the leave ends.
    refused = _post(server, table_id, "leave", tokens[0], days=8)
    assert refused.status_code == 400
    taken = _post(server, table_id, "leave", tokens[0], days=3)
    assert taken.status_code == 200, taken.text
    assert "0" in taken.json()["clock"]["leave"]
    _mover(server, table_id, 0, clients)
    for client in clients:
        client.close()
    clock.advance(3 * DAY + timedelta(hours=12))  # past a day's deadline, within the leave's

    # A restart in the middle: the deadlines are the Store's.
    server = restart()
    time.sleep(1.0)
    assert server.info(table_id)["status"] == "playing"
    assert _stand_in(server, table_id) == []
    clock.advance(DAY)  # now past the leave and a day
    assert _eventually(lambda: _stand_in(server, table_id) == [0])
    assert _post(server, table_id, "back", tokens[0]).status_code == 200

    # Days 5 and 6: both play on to the end.
    clients = [server.client(table_id, token) for token in tokens]
    for client in clients:
        client.wait_type("snapshot")
    while server.info(table_id)["status"] == "playing":
        clock.advance(timedelta(minutes=10))
        _catch_up(clients, server, table_id)
        running = _to_move(server, table_id)
        if running is not None and server.info(table_id)["status"] == "playing":
            _act(clients[running])
    assert server.info(table_id)["status"] == "finished"
    assert clock.now - START < 7 * DAY

    record = server.record(table_id)
    kinds = [(e["kind"], e["seat"]) for e in record["clock_events"]]
    assert kinds == [("timeout", 1), ("back", 1), ("leave", 0), ("timeout", 0), ("back", 0)]
    # The stand-in's moves are seat 1's actions in the record: it replays byte for byte.
    game_record = GameRecord.from_json(record)
    replayed = Table.from_record(load_game("courtisans"), game_record)
    assert canonical_json(replayed.record.to_json()["actions"]) == canonical_json(record["actions"])
    assert replayed.record.fingerprints == record["fingerprints"]
    for client in clients:
        client.close()


def test_a_person_who_comes_back_by_acting_is_recorded_as_back(clocked: Clocked) -> None:
    """A timed-out person who plays their seat's move (beating the stand-in to it) rather than
    pressing "I'm back" is back all the same, and the record says so at that move."""
    server, clock, _ = clocked
    # A slow stand-in (hard: a search of up to a second), so the person can act first.
    pace = {"kind": "turn", "move_seconds": 86400, "policy": "bot", "bot": "hard"}
    table_id, created, clients = _clocked_table(server, pace)
    came_back_at = None
    for _ in range(5):  # the stand-in may still win the race now and then: another day
        _mover(server, table_id, 1, clients)
        clock.advance(DAY + timedelta(minutes=1))
        _eventually(lambda: _stand_in(server, table_id) == [1], timeout=30)
        seq = clients[1].seq
        clients[1].act(int(clients[1].legal[0]["id"]))
        clients[1].wait_seq(seq + 1)
        if _stand_in(server, table_id) == []:
            came_back_at = seq  # the person's act was the one stored at ``seq``
            break
        assert _post(server, table_id, "back", server.token(created, 1)).status_code == 200
    assert came_back_at is not None, "the stand-in always moved first"
    events = server.record(table_id)["clock_events"]
    assert [(e["kind"], e["seat"]) for e in events[-2:]] == [("timeout", 1), ("back", 1)]
    assert events[-1]["ply"] == came_back_at
    for client in clients:
        client.close()


def test_a_seat_that_runs_out_of_time_loses_and_the_table_says_why(
    clocked: Clocked,
) -> None:
    server, clock, _ = clocked
    table_id, _, clients = _turn_table(server, "lose")
    late = _to_move(server, table_id)
    clock.advance(DAY + timedelta(seconds=1))
    _eventually(lambda: server.info(table_id)["status"] == "ended")
    info = server.info(table_id)
    # That seat lost: every other seat shares the win.
    others = [seat for seat in range(len(info["seats"])) if seat != late]
    assert info["result"]["time_out"] == late and info["result"]["winners"] == others
    assert info["clock"]["lost"] == late
    # Everyone connected heard it.
    clients[0].until(lambda table: table["status"] == "ended")
    events = server.record(table_id)["clock_events"]
    assert [(e["kind"], e["seat"], e["policy"]) for e in events] == [("timeout", late, "lose")]


def test_fischer_clocks_run_out_in_real_time(server: ServerProcess) -> None:
    pace = {"kind": "fischer", "initial_seconds": 1, "increment_seconds": 0, "policy": "lose"}
    created = server.create("courtisans", ["open", "open"], seed=4, pace=pace)
    server.start_table(created)
    table_id = created["table"]["id"]
    watcher = server.client(table_id, server.token(created, 0))
    snapshot = watcher.wait_type("snapshot")
    # Every message carries the clocks: each seat's time left, measured when it was sent.
    assert snapshot["table"]["clock"]["remaining_ms"][1] == 1000
    assert snapshot["table"]["clock"]["measured_at"].endswith("Z")
    started = time.monotonic()
    watcher.until(lambda table: table["status"] == "ended", timeout=20)
    assert time.monotonic() - started < 10
    info = server.info(table_id)
    assert info["result"]["time_out"] == 0 == info["clock"]["lost"]
    assert info["clock"]["remaining_ms"][0] == 0 and info["clock"]["remaining_ms"][1] == 1000
    watcher.close()


def test_bots_think_within_their_clocks(sqlite_server: ServerProcess) -> None:
    """Two bots that would think a whole second a decision, on clocks of five seconds and half
    a second a move (a seat thinking its whole second would run out within 24 moves): each
    decision is cut to the time its clock has left."""
    pace = {"kind": "fischer", "initial_seconds": 5, "increment_seconds": 0.5, "policy": "lose"}
    spec = "bot:ismcts:seconds=1,depth=0"
    created = sqlite_server.create("courtisans", [spec, spec], seed=9, pace=pace)
    sqlite_server.owner_post(created, "start")
    table_id = created["table"]["id"]

    def far_or_over() -> dict[str, Any] | None:
        info = sqlite_server.info(table_id)
        return info if info["seq"] >= 24 or info["status"] != "playing" else None

    info = _eventually(far_or_over, 60)
    assert info["status"] == "playing" and info["clock"]["lost"] is None, info
    assert sqlite_server.owner_post(created, "end").status_code == 200


@pytest.fixture
def two_processes(postgres: Postgres, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    servers = [ServerProcess(postgres.url, tmp_path / f"server{i}.log") for i in range(2)]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()
    for i in range(2):
        print((tmp_path / f"server{i}.log").read_text()[-3000:])


def test_two_processes_act_once_on_each_passed_deadline(two_processes: list[ServerProcess]) -> None:
    first, second = two_processes
    pace = {"kind": "fischer", "initial_seconds": 2, "policy": "lose"}
    tables = []
    for seed in range(6):
        created = first.create("courtisans", ["open", "open"], seed=seed, pace=pace)
        first.start_table(created)
        table_id = created["table"]["id"]
        second.info(table_id)  # live in both processes: both look for its deadline
        tables.append(table_id)
    for table_id in tables:

        def ended(table_id: str = table_id) -> bool:
            return bool(second.info(table_id)["status"] == "ended")

        _eventually(ended, 30)
    for table_id in tables:
        lost = first.info(table_id)["clock"]["lost"]
        assert lost is not None and second.info(table_id)["result"]["time_out"] == lost
        events = first.record(table_id)["clock_events"]
        assert [(e["kind"], e["seat"]) for e in events] == [("timeout", lost)], events


def test_an_undo_runs_the_clock_of_the_seat_taken_back_to_at_once(clocked: Clocked) -> None:
    """The update that tells of an undo shows the clocks at the position taken back to: the
    seat to decide again is the one whose time runs, from the undo on (nobody is charged for
    the time in between), not the seat whose turn was undone."""
    server, clock, _ = clocked
    pace = {"kind": "fischer", "initial_seconds": 600, "increment_seconds": 0, "policy": "lose"}
    table_id, _, clients = _clocked_table(server, pace, "for-the-king", ("hotseat", "hotseat"), 3)
    mirror = Table(load_game("for-the-king"), 2, seed=3)
    # Until a seat's decision both passes the turn and may be taken back.
    mover = play_to_an_undoable_move(clients, mirror, passing=True)
    seat = mover.viewer
    assert seat is not None
    _catch_up(clients, server, table_id)
    _eventually(lambda: _to_move(server, table_id) == 1 - seat)
    clock.advance(timedelta(seconds=30))  # the other seat's time runs meanwhile
    seq = mover.seq
    mover.send({"type": "undo"})  # the same person holds the other seat: nobody to ask
    assert mover.wait_type("undo_result")["accepted"] is True
    update = mover.wait_for(lambda m: m["type"] == "update" and m["seq"] >= seq + 1)
    shown = update["table"]["clock"]
    assert shown["running"] == seat
    # The other seat's 30 s were not charged (its turn never was), and seat's runs from now.
    assert shown["remaining_ms"][1 - seat] == 600_000
    assert shown["remaining_ms"][seat] <= 600_000
    for client in clients:
        client.close()
