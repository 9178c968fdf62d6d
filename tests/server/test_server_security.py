"""Hostile and broken clients: each is refused, the table is unchanged, the server lives on."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from server_support import Client, ServerProcess
from websockets.exceptions import ConnectionClosed


@pytest.fixture
def table(server: ServerProcess) -> Iterator[tuple[ServerProcess, dict[str, Any], list[Client]]]:
    """A started two-person Courtisans table, both seats connected."""
    created, clients = server.seated("courtisans", ["open", "open"], seed=3)
    yield server, created, clients
    for client in clients:
        client.close()


def _unchanged(server: ServerProcess, created: dict[str, Any], seq: int) -> None:
    assert server.info(created["table"]["id"])["seq"] == seq
    assert server.alive()


def _error(client: Client) -> dict[str, Any]:
    return client.wait_type("error")


def test_a_seat_token_acts_only_for_its_own_seat(table: Any) -> None:
    server, created, (first, second) = table
    to_act = first if first.legal else second
    other = second if to_act is first else first
    other.send({"type": "act", "seq": other.seq, "action": to_act.legal[0]["id"]})
    assert _error(other)["code"] == "not_your_turn"
    # A seat field in the message changes nothing: the token decides the seat.
    other.send({"type": "act", "seq": other.seq, "action": to_act.legal[0]["id"], "seat": 0})
    assert _error(other)["code"] == "not_your_turn"
    _unchanged(server, created, 0)


def test_a_spectator_cannot_act(table: Any) -> None:
    server, created, (first, second) = table
    to_act = first if first.legal else second
    for token in (None, created["spectator"]["token"], created["owner"]["token"]):
        watcher = server.client(created["table"]["id"], token)
        assert watcher.wait_type("snapshot")["legal_actions"] == []
        watcher.send({"type": "act", "seq": watcher.seq, "action": to_act.legal[0]["id"]})
        assert _error(watcher)["code"] == "spectator"
        watcher.send({"type": "undo"})
        assert _error(watcher)["code"] == "spectator"
        watcher.close()
    _unchanged(server, created, 0)


def test_a_guessed_token_is_refused(table: Any) -> None:
    server, created, _clients = table
    guess = server.client(created["table"]["id"], secrets.token_urlsafe(24))
    assert _error(guess)["code"] == "bad_token"
    with pytest.raises(ConnectionClosed):
        guess.recv(5)
    guess.close()
    taken = server.http.post(
        f"/api/tables/{created['table']['id']}/take",
        json={"name": "Mallory"},
        headers={"Authorization": f"Bearer {secrets.token_urlsafe(24)}"},
    )
    assert taken.status_code == 403
    assert server.owner_post({**created, "owner": {"token": "guess"}}, "end").status_code == 403
    _unchanged(server, created, 0)


def test_replayed_and_stale_acts_are_refused_and_applied_once(table: Any) -> None:
    server, created, (first, second) = table
    to_act = first if first.legal else second
    message = {"type": "act", "seq": to_act.seq, "action": to_act.legal[0]["id"]}
    to_act.send(message)
    to_act.wait_seq(1)
    to_act.send(message)  # a retry after a reconnect, say
    assert _error(to_act)["code"] == "duplicate"
    other = second if to_act is first else first
    other.wait_seq(1)
    stale = {"type": "act", "seq": 0, "action": other.legal[0]["id"] if other.legal else 0}
    other.send(stale)
    assert _error(other)["code"] in ("stale", "not_your_turn")
    _unchanged(server, created, 1)


def test_oversized_broken_and_malformed_messages_are_refused(table: Any) -> None:
    server, created, (first, _second) = table
    first.send({"type": "act", "seq": 0, "action": "x" * 1_000_000})
    assert _error(first)["code"] == "too_large"
    first.ws.send(b'\xff\xfe{"type": "ping"}')
    assert _error(first)["code"] == "bad_utf8"
    first.ws.send("{not json")
    assert _error(first)["code"] == "bad_json"
    first.ws.send(json.dumps([1, 2]))
    assert _error(first)["code"] == "bad_message"
    first.send({"type": "launch"})
    assert _error(first)["code"] == "bad_message"
    first.send({"type": "act", "seq": "0", "action": 1})
    assert _error(first)["code"] == "bad_message"
    first.send({"type": "act", "seq": 0, "action": {"kind": "no-such-kind"}})
    assert _error(first)["code"] in ("illegal", "not_your_turn")
    first.send({"type": "ping"})
    assert first.wait_type("pong")["seq"] == 0  # the connection still works
    _unchanged(server, created, 0)


def test_a_flood_is_cut_off_and_the_table_is_unharmed(table: Any) -> None:
    server, created, (first, second) = table
    for _ in range(1000):
        try:
            first.ws.send('{"type":"ping"}')
        except ConnectionClosed:
            break
    codes = []
    with pytest.raises(ConnectionClosed):
        while True:
            codes.append(first.recv(10).get("code"))
    assert "rate_limited" in codes
    _unchanged(server, created, 0)
    second.send({"type": "ping"})
    assert second.wait_type("pong")["seq"] == 0
    again = server.client(created["table"]["id"], server.token(created, 0))
    assert again.wait_type("snapshot")["seq"] == 0
    again.close()
