"""Table chat on a real server, on SQLite and PostgreSQL: seats write, spectators only where
the creator allowed it; length, rate, empty and control characters refused with one line in
the writer's language and nothing stored; markup kept as text; the owner mutes a seat; the
messages go with the record and survive a restart; on one PostgreSQL a message posted
through one process reaches a viewer on another."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import Client, Postgres, ServerProcess

from courtly.core.records import GameRecord


def _chat(client: Client, text: object) -> dict[str, Any]:
    """Send a chat message; the server's answer (the message as delivered, or the refusal):
    others' messages heard meanwhile are passed over."""
    client.send({"type": "chat", "text": text})
    mine = text.strip() if isinstance(text, str) else None
    return client.wait_for(
        lambda m: m["type"] == "error" or (m["type"] == "chat" and m["message"]["text"] == mine)
    )


def _joined(client: Client) -> list[dict[str, Any]]:
    """Read a new client's snapshot and chat history; the history's messages."""
    client.wait_type("snapshot")
    messages: list[dict[str, Any]] = client.wait_type("chat_history")["messages"]
    return messages


def _table(
    server: ServerProcess, lang: str | None = None, **extra: Any
) -> tuple[dict[str, Any], Client, Client]:
    created = server.create("courtisans", ["open", "open"], seed=5, **extra)
    server.start_table(created)
    table_id = created["table"]["id"]
    first = server.client(table_id, server.token(created, 0), lang)
    second = server.client(table_id, server.token(created, 1), lang)
    assert _joined(first) == [] and _joined(second) == []
    return created, first, second


def test_seats_write_and_every_viewer_reads_it_as_written(server: ServerProcess) -> None:
    created, first, second = _table(server)
    said = _chat(first, "  <b>hello</b> & 'you' 안녕  ")
    assert said["type"] == "chat", said
    # Trimmed, never escaped: showing it as text is the client's part.
    assert said["message"]["text"] == "<b>hello</b> & 'you' 안녕"
    assert said["message"]["seat"] == 0
    assert second.wait_type("chat")["message"] == said["message"]
    # A spectator (the public view) reads it too: chat is public to the table.
    watcher = server.client(created["table"]["id"])
    assert [m["text"] for m in _joined(watcher)] == ["<b>hello</b> & 'you' 안녕"]
    for client in (first, second, watcher):
        client.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_abuse_is_refused_in_the_writers_language_and_nothing_is_stored(
    server: ServerProcess, lang: str
) -> None:
    created, first, second = _table(server, lang)
    refusals = {
        "x" * 201: "chat_long",
        "two\nlines": "chat_control",
        "bell\x07": "chat_control",
        "\u202ereversed": "chat_control",
        "   ": "chat_empty",
    }
    for text, code in refusals.items():
        refused = _chat(first, text)
        assert refused["type"] == "error" and refused["code"] == code, refused
        assert "\n" not in refused["reason"]
        hangul = any("\uac00" <= c <= "\ud7a3" for c in refused["reason"])
        assert hangul == (lang == "ko"), refused["reason"]
    assert _chat(first, 5)["code"] == "bad_message"
    # Exactly 200 characters is fine; then the rate: three at once, the fourth refused.
    assert _chat(first, "y" * 200)["type"] == "chat"
    assert _chat(first, "two")["type"] == "chat"
    assert _chat(first, "three")["type"] == "chat"
    assert _chat(first, "four")["code"] == "chat_fast"
    # The other seat has a rate of its own.
    assert _chat(second, "mine")["type"] == "chat"
    fresh = server.client(created["table"]["id"], server.token(created, 1))
    assert [m["text"] for m in _joined(fresh)] == ["y" * 200, "two", "three", "mine"]
    for client in (first, second, fresh):
        client.close()


def test_spectators_write_only_where_the_creator_allowed_it(server: ServerProcess) -> None:
    closed, first, second = _table(server)
    assert closed["table"]["spectator_chat"] is False  # off by default
    watcher = server.client(closed["table"]["id"], closed["spectator"]["token"])
    _joined(watcher)
    assert _chat(watcher, "hi")["code"] == "chat_spectators"
    opened, *seats = _table(server, spectator_chat=True)
    assert server.info(opened["table"]["id"])["spectator_chat"] is True
    guest = server.client(opened["table"]["id"])
    _joined(guest)
    said = _chat(guest, "hi all")
    assert said["type"] == "chat" and said["message"]["seat"] is None
    assert seats[0].wait_type("chat")["message"]["text"] == "hi all"
    for client in (first, second, watcher, guest, *seats):
        client.close()


def test_the_owner_mutes_a_seat(server: ServerProcess) -> None:
    created, first, second = _table(server)
    table_id = created["table"]["id"]
    assert _chat(second, "before")["type"] == "chat"
    # A seat cannot mute; the owner's link can.
    seat_link = {"Authorization": f"Bearer {server.token(created, 1)}"}
    path = f"/api/tables/{table_id}/seats/0/mute"
    assert server.http.post(path, json={"muted": True}, headers=seat_link).status_code == 403
    assert server.owner_post(created, "seats/1/mute", muted=True).json()["muted"] == [1]
    first.until(lambda t: t.get("muted") == [1])
    second.until(lambda t: t.get("muted") == [1])
    assert _chat(second, "after")["code"] == "chat_muted"
    assert server.info(table_id)["muted"] == [1]
    assert server.owner_post(created, "seats/1/mute", muted=False).status_code == 200
    second.until(lambda t: t.get("muted") == [])
    assert _chat(second, "again")["type"] == "chat"
    fresh = server.client(table_id)
    assert [m["text"] for m in _joined(fresh)] == ["before", "again"]
    for client in (first, second, fresh):
        client.close()


def test_the_chat_goes_with_the_record(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "bot:random"], seed=4, options={"turn_limit": 6})
    server.start_table(created)
    table_id = created["table"]["id"]
    player = server.client(table_id, server.token(created, 0))
    try:
        _joined(player)
        assert _chat(player, "good luck <3")["type"] == "chat"
        # Before the end, the events this viewer saw and the (public) chat.
        assert [m["text"] for m in server.record(table_id)["chat"]] == ["good luck <3"]
        player.play_until(lambda: player.table["status"] == "finished")
        assert _chat(player, "gg")["type"] == "chat"  # after the end too
    finally:
        player.close()
    record = server.record(table_id)
    assert [(m["seat"], m["text"]) for m in record["chat"]] == [(0, "good luck <3"), (0, "gg")]
    GameRecord.from_json(record)  # `courtly replay` reads the record past its chat


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'courtly.sqlite3'}"
    postgres: Postgres = request.getfixturevalue("postgres")
    return postgres.url


def test_the_chat_survives_a_restart(database_url: str, tmp_path: Path) -> None:
    process = ServerProcess(database_url, tmp_path / "first.log")
    process.start()
    try:
        created, first, second = _table(process)
        assert _chat(first, "see you after the restart")["type"] == "chat"
        assert process.owner_post(created, "seats/1/mute", muted=True).status_code == 200
        for client in (first, second):
            client.close()
    finally:
        process.stop()
    again = ServerProcess(database_url, tmp_path / "second.log")
    again.start()
    try:
        table_id = created["table"]["id"]
        second = again.client(table_id, again.token(created, 1))
        assert [m["text"] for m in _joined(second)] == ["see you after the restart"]
        assert _chat(second, "muted still")["code"] == "chat_muted"
        second.close()
    finally:
        again.stop()


@pytest.fixture
def two_processes(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[ServerProcess, ...]]:
    processes = tuple(ServerProcess(postgres.url, tmp_path / f"{n}.log") for n in "ab")
    try:
        for process in processes:
            process.start()
        yield processes
    finally:
        for process in processes:
            process.stop()


def test_a_message_crosses_server_processes(two_processes: tuple[ServerProcess, ...]) -> None:
    a, b = two_processes
    created, first, second = _table(a)
    table_id = created["table"]["id"]
    far = b.client(table_id, b.token(created, 1))
    _joined(far)
    said = _chat(first, "from process a")
    assert far.wait_type("chat")["message"] == said["message"]
    # A mute made through b holds at once for a writer on a.
    assert b.owner_post(created, "seats/0/mute", muted=True).status_code == 200
    assert _chat(first, "muted elsewhere")["code"] == "chat_muted"
    first.until(lambda t: t.get("muted") == [0])  # and a's viewers hear of it
    for client in (first, second, far):
        client.close()


def test_a_message_the_database_cannot_store_is_refused_and_sent_again(tmp_path: Path) -> None:
    """PostgreSQL stopped under a running server: the message is refused (``storage``), the
    connection stays, and once the database is back the same message goes through."""
    postgres = Postgres()
    try:
        postgres.start()
    except (RuntimeError, OSError, KeyError) as exc:
        pytest.skip(f"PostgreSQL could not be started here ({exc})")
    process = ServerProcess(postgres.url, tmp_path / "server.log")
    try:
        process.start()
        _created, first, second = _table(process)
        postgres.pause()
        refused = _chat(first, "lost?")
        assert refused["type"] == "error" and refused["code"] == "storage", refused
        postgres.resume()
        deadline = time.monotonic() + 30
        while (said := _chat(first, "lost?"))["type"] == "error":
            assert said["code"] == "storage" and time.monotonic() < deadline, said
            time.sleep(0.5)
        assert second.wait_type("chat")["message"]["text"] == "lost?"
        for client in (first, second):
            client.close()
    finally:
        process.stop()
        postgres.stop()
