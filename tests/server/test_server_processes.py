"""Several ``courtly serve`` processes on one PostgreSQL (started here, restarted and stopped
here): a change stored through one reaches the clients of every other, even one made while a
process was not listening; nothing a client is shown is ever ahead of what is stored; the
owner's start and end respect the stored table; presence, undo and seat changes cross
processes; the loser of a race is told so without an error in the log; a table's bots think
in one process only; and after a database restart or outage every process serves every
table exactly as stored."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from server_support import REQUIRE_POSTGRES, Client, Postgres, ServerProcess
from websockets.exceptions import ConnectionClosed

from courtly.core.registry import load_game
from courtly.core.render import event_json
from courtly.core.table import Table
from courtly.server.protocol import seat_names
from courtly.server.store import Store
from courtly.server.stored import StoredTable

# After a restart or outage every process must show every table as stored within this time.
SETTLE = 8.0


@dataclass
class Cluster:
    postgres: Postgres
    processes: list[ServerProcess]
    store: Store

    def stored(self, table_id: str) -> StoredTable:
        stored = self.store.load_table(table_id)
        assert stored is not None
        return stored

    def log_marks(self) -> list[int]:
        return [len(p.log_path.read_bytes()) for p in self.processes]

    def assert_no_traceback(self, marks: list[int]) -> None:
        """Nothing these processes logged since ``marks`` is an error with a traceback."""
        for process, mark in zip(self.processes, marks, strict=True):
            said = process.log_path.read_bytes()[mark:].decode(errors="replace")
            assert "Traceback" not in said, said[-3000:]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Three processes on a PostgreSQL of their own (the tests restart and stop it)."""
    try:
        postgres = Postgres()
        postgres.start()
    except (RuntimeError, OSError, KeyError) as exc:
        if REQUIRE_POSTGRES:
            pytest.fail(f"PostgreSQL could not be started: {exc}")
        pytest.skip(f"PostgreSQL could not be started here ({exc}); CI runs these tests")
    folder = tmp_path_factory.mktemp("processes")
    processes = [ServerProcess(postgres.url, folder / f"{name}.log") for name in "abc"]
    store = Store(postgres.url)
    try:
        for process in processes:
            process.start()
        yield Cluster(postgres, processes, store)
    finally:
        for process in processes:
            process.stop()
            print(f"--- {process.log_path} ---\n{process.log_path.read_text()[-4000:]}")
        store.dispose()
        postgres.stop()


def _within(seconds: float, check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds} s: {what}")
        time.sleep(0.05)


def _seated_across(
    cluster: Cluster, game: str, seats: list[str], seed: int, where: list[int]
) -> tuple[dict[str, Any], list[Client]]:
    """A started table made on the first process, each person's seat connected through the
    process ``where`` names for it."""
    first = cluster.processes[0]
    created = first.create(game, seats, seed=seed)
    first.start_table(created)
    table_id = created["table"]["id"]
    clients = []
    for seat, index in zip(created["seats"], where, strict=True):
        clients.append(cluster.processes[index].client(table_id, seat["token"]))
    for client in clients:
        client.wait_type("snapshot")
    return created, clients


def _play(clients: list[Client], moves: int) -> None:
    for _ in range(moves):
        mover = next(c for c in clients if c.legal)
        mover.act(mover.legal[0]["id"])
        seq = mover.seq + 1
        for client in clients:
            client.wait_seq(seq)


def test_a_move_made_through_one_process_reaches_the_clients_of_another(
    cluster: Cluster,
) -> None:
    a, b, _ = cluster.processes
    created, (here, there) = _seated_across(cluster, "tudor", ["open", "open"], 31, [0, 1])
    table_id = created["table"]["id"]
    watcher = b.client(table_id)
    watcher.wait_type("snapshot")
    _play([here, there, watcher], 6)
    assert here.seq == there.seq == watcher.seq == 6
    mirror = Table(load_game("tudor"), 2, seed=31)
    stored = cluster.stored(table_id)
    assert len(stored.actions) == 6
    for action in stored.actions:
        seat = mirror.state.current_player
        assert seat is not None
        mirror.act(seat, mirror.seq, action)
    assert there.observation == mirror.snapshot(1).observation
    names = seat_names(watcher.table, "en")
    shown = mirror.events_seen(None)
    assert watcher.events == [event_json(mirror.game, e, "en", names) for e in shown]
    for client in (here, there, watcher):
        client.close()
    assert a.owner_post(created, "end").status_code == 200


def test_presence_undo_and_seat_changes_cross_three_processes(cluster: Cluster) -> None:
    a = cluster.processes[0]
    seats = ["open", "open", "open"]
    created, clients = _seated_across(cluster, "courtisans", seats, 3, [0, 1, 2])
    table_id = created["table"]["id"]
    # Each process shows the seats connected through the others as connected.
    for client in clients:
        client.until(lambda table: all(s["connected"] for s in table["seats"]))
    for process in cluster.processes:
        assert all(s["connected"] for s in process.info(table_id)["seats"])

    mirror = Table(load_game("courtisans"), 3, seed=3)
    mover = next(cl for cl in clients if cl.legal)
    seat = mover.viewer
    assert seat is not None
    mirror.act(seat, mirror.seq, mover.legal[0]["id"])
    _play(clients, 1)
    assert mirror.can_undo(seat)
    asker = clients[seat]
    others = [cl for cl in clients if cl is not asker]
    seq = asker.seq

    # Declined through another process: every process hears the answer.
    asker.send({"type": "undo"})
    for other in others:
        request = other.wait_type("undo_request")
        assert request["seat"] == seat
        assert request["waiting_for"] == sorted(o.viewer or 0 for o in others)
    others[0].send({"type": "undo_reply", "accept": False})
    for client in clients:
        declined = client.wait_type("undo_result")
        assert declined["accepted"] is False
        assert declined["reason"] == f"seat {(others[0].viewer or 0) + 1} declined"
        client.until(lambda table: table["undo"] is None)

    # Accepted by both others, each through its own process: granted everywhere.
    asker.send({"type": "undo"})
    for other in others:
        other.wait_type("undo_request")
    others[0].send({"type": "undo_reply", "accept": True})
    for client in clients:
        client.until(
            lambda table: (
                table["undo"] is not None and table["undo"]["waiting_for"] == [others[1].viewer]
            )
        )
    others[1].send({"type": "undo_reply", "accept": True})
    mirror.undo(seat)
    for client in clients:
        granted = client.wait_type("undo_result")
        assert granted["accepted"] is True and granted["reason"] == "taken back"
        client.wait_seq(seq + 1)
        assert client.messages[-1]["reset"] is True
        assert client.observation == mirror.snapshot(client.viewer).observation
    assert cluster.stored(table_id).seq == seq + 1 and not cluster.stored(table_id).actions

    # A person connected through B keeps their seat: not given to a bot through A.
    refused = a.owner_post(created, "seats/1/bot", bot="random")
    assert refused.status_code == 409, refused.text
    for client in clients:
        client.close()
    assert a.owner_post(created, "end").status_code == 200


def test_seat_changes_cross_processes(cluster: Cluster) -> None:
    """Before the start: a seat connected through C is not kicked through A (only an idle
    one is, as on one process); once kicked its old link is refused everywhere and its new
    one works; an invite watched through B and given to a bot through A is closed, saying
    why."""
    a, b, c = cluster.processes
    created = a.create("tudor", ["open", "open", "open"], seed=5)
    table_id = created["table"]["id"]
    assert a.take(created, 2, "Cleo").status_code == 200
    cleo = c.client(table_id, a.token(created, 2))
    cleo.wait_type("snapshot")
    _within(5, lambda: a.info(table_id)["seats"][2]["connected"], "A sees C's connection")
    assert a.owner_post(created, "seats/2/kick").status_code == 409
    cleo.close()
    _within(5, lambda: not a.info(table_id)["seats"][2]["connected"], "A sees it gone")
    kicked = a.owner_post(created, "seats/2/kick")
    assert kicked.status_code == 200, kicked.text
    _within(
        5,
        lambda: all(p.info(table_id)["seats"][2]["kind"] == "open" for p in cluster.processes),
        "every process sees the seat open",
    )
    stale = c.client(table_id, a.token(created, 2))
    assert stale.wait_type("error")["code"] == "bad_token"
    fresh = b.client(table_id, kicked.json()["token"])
    assert fresh.wait_type("snapshot")["viewer"] == 2

    invite = b.client(table_id, a.token(created, 1))
    invite.wait_type("snapshot")
    replaced = a.owner_post(created, "seats/1/bot", bot="random")
    assert replaced.status_code == 200, replaced.text
    assert invite.wait_type("error")["code"] == "replaced"
    for client in (stale, fresh, invite):
        client.close()
    assert a.owner_post(created, "end").status_code == 200


def test_start_and_end_respect_the_stored_table(cluster: Cluster) -> None:
    """The owner's start and end race an act (or each other) through another process: one
    start wins, an end never answers ``ended`` while the table plays on, and the sequence
    number never goes back."""
    for round_ in range(8):
        _start_and_end_racing(cluster, 40 + round_)


def _start_and_end_racing(cluster: Cluster, seed: int) -> None:
    a, b, _ = cluster.processes
    created = a.create("tudor", ["open", "open"], seed=seed)
    for seat in (0, 1):
        assert a.take(created, seat, f"P{seat}").status_code == 200
    table_id = created["table"]["id"]
    b.info(table_id)  # B holds the table live too
    starts: list[int] = []
    _at_once(
        lambda: starts.append(a.owner_post(created, "start").status_code),
        lambda: starts.append(b.owner_post(created, "start").status_code),
    )
    assert sorted(starts) == [200, 409], starts
    clients = [b.client(table_id, b.token(created, s)) for s in (0, 1)]
    for client in clients:
        client.wait_type("snapshot")
    mover = next(cl for cl in clients if cl.legal)
    ended: list[dict[str, Any]] = []
    _at_once(
        lambda: mover.act(mover.legal[0]["id"]),
        lambda: ended.append(a.owner_post(created, "end").json()),
    )
    stored = cluster.stored(table_id)
    assert stored.status == "ended" and ended[0]["status"] == "ended"
    assert stored.seq == len(stored.actions) == ended[0]["seq"], (stored.seq, ended)
    _within(5, lambda: a.info(table_id)["seq"] == b.info(table_id)["seq"] == stored.seq, "seq")
    for client in clients:
        client.until(lambda table: table["status"] == "ended")
        seqs = [m["table"]["seq"] for m in client.messages if "table" in m]
        assert seqs == sorted(seqs), f"the sequence number went back: {seqs}"
        client.close()


def _at_once(*actions: Callable[[], None]) -> None:
    barrier = threading.Barrier(len(actions))
    errors: list[BaseException] = []

    def run(action: Callable[[], None]) -> None:
        barrier.wait()
        try:
            action()
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    if errors:
        raise errors[0]


def test_the_loser_of_a_race_is_told_duplicate_or_stale_and_no_error_is_logged(
    cluster: Cluster,
) -> None:
    a, b, _ = cluster.processes
    marks = cluster.log_marks()
    created, (first, second) = _seated_across(cluster, "tudor", ["open", "open"], 51, [0, 1])
    table_id = created["table"]["id"]
    twins = {s: b.client(table_id, a.token(created, s)) for s in (0, 1)}  # the same seats on B
    for twin in twins.values():
        twin.wait_type("snapshot")
    everyone = [first, second, *twins.values()]
    codes = []
    for round_ in range(6):
        here = first if first.legal else second
        there = twins[here.viewer or 0]
        there.wait_seq(here.seq)
        same = round_ % 2 == 0 or len(here.legal) == 1
        picks = (here.legal[0]["id"], here.legal[0 if same else 1]["id"])
        seq = here.seq
        _both_act(here, there, picks)
        for client in everyone:
            client.wait_seq(seq + 1)
        for client in (here, there):
            errors = [m for m in client.messages if m["type"] == "error"]
            codes += [m["code"] for m in errors]
            client.messages.clear()
        stored = cluster.stored(table_id)
        assert stored.seq == seq + 1 and len(stored.actions) == seq + 1
    assert set(codes) <= {"duplicate", "stale"}, codes
    for client in everyone:
        client.close()
    assert a.owner_post(created, "end").status_code == 200
    cluster.assert_no_traceback(marks)


def _both_act(here: Client, there: Client, picks: tuple[int, int]) -> None:
    _at_once(lambda: here.act(picks[0]), lambda: there.act(picks[1]))


def test_a_tables_bots_think_in_one_process_only(cluster: Cluster) -> None:
    a, b, c = cluster.processes
    before = [p.http.get("/api/health").json()["bot_decisions"] for p in cluster.processes]
    created = a.create("tudor", ["bot:random", "bot:random"], seed=61)
    table_id = created["table"]["id"]
    watchers = [process.client(table_id) for process in (b, c)]  # held live by all three
    for watcher in watchers:
        watcher.wait_type("snapshot")
    a.owner_post(created, "start")
    watchers[0].wait_seq(20)
    a.owner_post(created, "end")
    stored = cluster.stored(table_id)
    after = [p.http.get("/api/health").json()["bot_decisions"] for p in cluster.processes]
    decided = sum(after) - sum(before)
    # At most one decision in flight when the table ended was not stored.
    assert stored.seq <= decided <= stored.seq + 1, (decided, stored.seq)
    for watcher in watchers:
        watcher.close()


def test_an_act_while_the_database_is_away_is_refused_and_never_shown(cluster: Cluster) -> None:
    a = cluster.processes[0]
    created, clients = _seated_across(cluster, "tudor", ["open", "open"], 71, [0, 0])
    table_id = created["table"]["id"]
    _play(clients, 2)
    mover = next(cl for cl in clients if cl.legal)
    cluster.postgres.pause()
    try:
        mover.act(mover.legal[0]["id"])
        refused = mover.wait_type("error")
        assert refused["code"] == "storage" and refused["seq"] == 2
        assert a.info(table_id)["seq"] == 2  # nothing ahead of what is stored
        mover.send({"type": "ping"})
        assert mover.wait_type("pong")["seq"] == 2
    finally:
        cluster.postgres.resume()
    for client in clients:  # told the table is back (never silence)
        client.wait_type("table", timeout=SETTLE)
    fresh = a.client(table_id, a.token(created, mover.viewer or 0))
    assert fresh.wait_type("snapshot")["seq"] == cluster.stored(table_id).seq == 2
    mover.act(mover.legal[0]["id"])
    for client in (*clients, fresh):
        client.wait_seq(3)
    assert cluster.stored(table_id).seq == 3
    for client in (*clients, fresh):
        client.close()
    assert a.owner_post(created, "end").status_code == 200


def test_a_request_while_the_database_is_away_is_answered_503_in_one_line(
    cluster: Cluster,
) -> None:
    a = cluster.processes[0]
    marks = cluster.log_marks()
    body = {"game": "tudor", "players": 2, "seats": ["open", "open"]}
    cluster.postgres.pause()
    try:
        listed = a.http.get("/api/tables", params={"status": "history"})
        assert listed.status_code == 503, listed.text
        assert listed.json() == {
            "detail": "the database cannot be reached now; try again in a moment"
        }
        made = a.http.post("/api/tables", json=body, headers={"Accept-Language": "ko"})
        assert made.status_code == 503, made.text
        assert (
            made.json()["detail"]
            == "지금은 데이터베이스에 연결할 수 없습니다. 잠시 후 다시 시도하세요"
        )
    finally:
        cluster.postgres.resume()
    _within(SETTLE, lambda: a.http.post("/api/tables", json=body).status_code == 201, "served")
    cluster.assert_no_traceback(marks)


def test_a_change_stored_while_another_process_was_not_listening_reaches_it(
    cluster: Cluster,
) -> None:
    a, b, _ = cluster.processes
    created, (here, there) = _seated_across(cluster, "tudor", ["open", "open"], 81, [0, 1])
    table_id = created["table"]["id"]
    _play([here, there], 2)
    mover = here if here.legal else there
    acting_on = a if mover is here else b
    cluster.postgres.restart()
    # Acted at once through one process (retried while its connections come back): the other
    # is still reconnecting its LISTEN and cannot hear of it.
    deadline = time.monotonic() + SETTLE
    while True:
        mover.act(mover.legal[0]["id"])
        answer = mover.wait_for(lambda m: m["type"] in ("update", "error"))
        if answer["type"] == "update":
            break
        assert answer["code"] == "storage" and time.monotonic() < deadline, answer
        time.sleep(0.1)
    other = there if mover is here else here
    other.wait_seq(3, timeout=SETTLE)
    for process in (a, b):
        assert process.info(table_id)["seq"] == 3
    late = (b if acting_on is a else a).client(table_id)
    assert late.wait_type("snapshot")["seq"] == 3
    for client in (here, there, late):
        client.close()
    assert a.owner_post(created, "end").status_code == 200


@pytest.mark.parametrize("disruption", ["restart", "outage"])
def test_after_a_database_restart_or_outage_every_process_shows_every_table_as_stored(
    cluster: Cluster, disruption: str
) -> None:
    a, b, c = cluster.processes
    marks = cluster.log_marks()
    # Bots that think a while (about 0.1 s a decision): the game is still on after the test.
    thinker = "bot:ismcts:seconds=0.1"
    bots = a.create("tudor", [thinker, thinker], seed=91)
    mixed = c.create("tudor", ["open", "bot:random"], seed=92)
    people = b.create("tudor", ["open", "open"], seed=93)
    for created in (bots, mixed, people):
        a.start_table(created)
    ids = [created["table"]["id"] for created in (bots, mixed, people)]
    watchers = {(i, t): p.client(t) for i, p in enumerate(cluster.processes) for t in ids}
    person = b.client(ids[1], b.token(mixed, 0))
    players = [a.client(ids[2], a.token(people, 0)), c.client(ids[2], c.token(people, 1))]
    everyone = [*watchers.values(), person, *players]
    for client in everyone:
        client.wait_type("snapshot")
    _play(players, 2)
    while not person.legal:  # the bot of the mixed table has moved: it waits for the person
        person.recv()

    if disruption == "restart":
        cluster.postgres.restart()
    else:
        cluster.postgres.pause()
        mover = next(p for p in players if p.legal)
        mover.act(mover.legal[0]["id"])
        assert mover.wait_type("error")["code"] == "storage"
        time.sleep(1.0)
        cluster.postgres.resume()
    heard = {id(client): len(client.messages) for client in everyone}

    # Every client hears from its process again (a fresh view or the table's news).
    for client in everyone:
        client.wait_for(lambda m: True, timeout=SETTLE)
        assert len(client.messages) > heard[id(client)]
    # Every process shows the quiet tables exactly as stored, and keeps up with the bots.
    for table_id in ids[1:]:
        stored = cluster.stored(table_id)
        for process in cluster.processes:
            _within(
                SETTLE,
                lambda p=process, t=table_id, s=stored.seq: p.info(t)["seq"] == s,  # type: ignore[misc]
                f"{process.log_path.name} shows {table_id} as stored",
            )
    # The bots' table: every process keeps up with it, and its bots play on.
    seen = cluster.stored(ids[0])
    assert seen.status == "playing"
    for index in range(3):
        watchers[(index, ids[0])].wait_seq(seen.seq + 2, timeout=SETTLE)
    person.wait_for(lambda m: m["type"] in ("snapshot", "update", "table"), timeout=SETTLE)
    if person.legal:
        seq = person.seq
        person.act(person.legal[0]["id"])
        person.wait_seq(seq + 1, timeout=SETTLE)
    _play(players, 1)
    assert cluster.stored(ids[2]).seq == players[0].seq
    for client in everyone:
        client.close()
    for created in (bots, mixed, people):
        a.owner_post(created, "end")
    cluster.assert_no_traceback(marks)


def test_a_seat_taken_through_one_process_is_closed_to_its_invite_on_another(
    cluster: Cluster,
) -> None:
    postgresql_server, second, _ = cluster.processes
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
