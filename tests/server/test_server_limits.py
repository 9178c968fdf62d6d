"""Nobody can stall the server, and every refusal is one line: bot budgets, request sizes,
tables per address, waiting tables expiring, errors in the documented shape."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_support import TIMEOUT, ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from courtly.core.errors import error_text
from courtly.server.invalid import invalid_request


def _refused(response: httpx.Response, status: int) -> str:
    """The one line of a refusal with ``status``."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"detail"} and isinstance(body["detail"], str), body
    detail: str = body["detail"]
    assert detail and "\n" not in detail
    return detail


def _create(server: ServerProcess, seats: list[str], **headers: str) -> httpx.Response:
    body = {"game": "kingdoms", "players": len(seats), "seats": seats, "seed": 1}
    return server.http.post("/api/tables", json=body, headers=headers)


@pytest.mark.parametrize(
    ("spec", "limit"),
    [
        ("ismcts:seconds=100000", "at most 1.0 s"),
        ("ismcts:iterations=1000000000", "at most 600 iterations at depth 0"),
        ("greedy:samples=100000000", "at most 600"),
        ("hard:seconds=5", "at most 1.0 s"),
        ("ismcts:iterations=300", "seconds of at most 1.0"),  # rollouts to the end
    ],
)
def test_a_bot_beyond_the_hard_levels_budget_is_refused(
    server: ServerProcess, spec: str, limit: str
) -> None:
    assert limit in _refused(_create(server, ["open", f"bot:{spec}"]), 400)
    korean = _refused(_create(server, ["open", f"bot:{spec}"], **{"Accept-Language": "ko"}), 400)
    assert "hard" in korean and any("\uac00" <= c <= "\ud7a3" for c in korean)
    # Nor may the owner put one in a seat.
    created = server.create("kingdoms", ["open", "open"])
    replaced = server.owner_post(created, "seats/1/bot", bot=spec)
    assert limit in _refused(replaced, 400)
    assert server.info(created["table"]["id"])["seats"][1]["kind"] == "open"


@pytest.mark.parametrize(
    "spec",
    [
        "easy",
        "medium",
        "hard",
        "hard:seconds=0.5",
        "ismcts:seconds=1",
        "ismcts:iterations=600,depth=0",
        "greedy",
        "greedy:samples=600",
        "random",
    ],
)
def test_levels_and_specs_within_the_budget_are_accepted(server: ServerProcess, spec: str) -> None:
    assert _create(server, ["open", f"bot:{spec}"]).status_code == 201


def test_validation_errors_are_one_line_with_400(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "open"])
    token = {"Authorization": f"Bearer {server.token(created, 0)}"}
    take = f"/api/tables/{created['table']['id']}/take"
    for name in (12, None):
        detail = _refused(server.http.post(take, json={"name": name}, headers=token), 400)
        assert detail == "'name' must be text"
    assert _refused(server.http.post(take, json={}, headers=token), 400) == "'name' is missing"
    body = {"game": "kingdoms", "players": 2, "seats": ["open", "open"]}
    for seed, rule in ((-1, "at least 0"), (2**64, f"less than {2**64}"), ("x", "a whole number")):
        detail = _refused(server.http.post("/api/tables", json={**body, "seed": seed}), 400)
        assert detail == f"'seed' must be {rule}"
    broken = server.http.post(
        "/api/tables", content=b'{"game": "kingdoms",', headers={"Content-Type": "application/json"}
    )
    assert _refused(broken, 400).startswith("the request body is not valid JSON")
    for unreadable in (b'{"seed": ' + b"9" * 5000 + b"}", b"[" * 5000):
        refused = server.http.post(
            "/api/tables", content=unreadable, headers={"Content-Type": "application/json"}
        )
        assert _refused(refused, 400).startswith("the request body cannot be read as JSON")
    assert (
        _refused(server.http.get("/api/nothing/here"), 404) == "nothing is served at this address"
    )
    korean = server.http.post(
        "/api/tables", json={**body, "seed": -1}, headers={"Accept-Language": "ko"}
    )
    assert _refused(korean, 400).startswith("'seed'") and "0 이상이어야" in korean.text
    kick = f"/api/tables/{created['table']['id']}/seats/one/kick"
    assert _refused(server.http.post(kick), 400) == "'seat' must be a whole number"


def test_every_pydantic_error_reads_as_a_catalogued_line() -> None:
    error = invalid_request([{"type": "less_than", "loc": ("body", "seed"), "ctx": {"lt": 9}}])
    assert str(error) == "'seed' must be less than 9"
    assert "9보다 작아야" in error_text(error, "ko")
    odd = invalid_request([{"type": "url_scheme", "loc": ("query", "status")}])
    assert str(odd) == "'status' is not valid here"


def test_head_of_the_front_page_answers(server: ServerProcess) -> None:
    response = server.http.head("/")
    assert response.status_code == 200 and response.content == b""


def test_a_large_request_body_is_refused_unread(server: ServerProcess) -> None:
    huge = {"game": "kingdoms", "players": 2, "seats": ["open", "open"], "options": {}}
    huge["padding"] = "x" * 10_000_000
    detail = _refused(server.http.post("/api/tables", json=huge), 413)
    assert detail == "a request body has at most 16384 bytes"
    # Without a Content-Length too (chunked): counted as it comes.
    chunks = (b"x" * 65536 for _ in range(160))
    streamed = server.http.post(
        "/api/tables", content=chunks, headers={"Content-Type": "application/json"}
    )
    assert _refused(streamed, 413) == detail
    assert server.alive()


def test_a_number_of_thousands_of_digits_is_an_error_frame(server: ServerProcess) -> None:
    created, (first, _second) = server.seated("courtisans", ["open", "open"], seed=3)
    log_before = server.log_path.read_text()
    first.ws.send('{"type": "act", "seq": ' + "9" * 5000 + ', "action": 1}')
    error = first.wait_type("error")
    assert error["code"] == "bad_json" and "digits" in error["reason"]
    first.send({"type": "ping"})
    assert first.wait_type("pong")["seq"] == 0  # still connected
    assert "Traceback" not in server.log_path.read_text()[len(log_before) :]
    for client in (first, _second):
        client.close()
    server.owner_post(created, "end")


def test_a_client_without_hello_is_closed_with_a_close_frame(sqlite_server: ServerProcess) -> None:
    created = sqlite_server.create("kingdoms", ["open", "open"])
    url = f"ws://127.0.0.1:{sqlite_server.port}/api/tables/{created['table']['id']}/ws"
    with connect(url, open_timeout=TIMEOUT) as ws:
        error = json.loads(ws.recv(timeout=20))
        assert error["type"] == "error" and error["code"] == "no_hello"
        assert error["reason"] == "no 'hello' within 10 s"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    # A close frame was received (code 1008), not a dropped connection.
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own: 3 tables a minute per address, waiting tables end after 2 s."""
    env = {"COURTLY_TABLES_PER_MINUTE": "3", "COURTLY_WAITING_TABLE_HOURS": str(2 / 3600)}
    process = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log", env=env)
    process.start()
    yield process
    process.stop()


def test_tables_per_address_are_limited_and_waiting_tables_expire(strict: ServerProcess) -> None:
    made = [strict.create("kingdoms", ["hotseat", "hotseat"]) for _ in range(3)]
    over = _create(strict, ["open", "open"])
    detail = _refused(over, 429)
    assert detail.startswith("at most 3 tables a minute from one address")
    assert int(over.headers["Retry-After"]) >= 1
    korean = _create(strict, ["open", "open"], **{"Accept-Language": "ko"})
    assert "3개" in _refused(korean, 429)
    # Another address (as the trusted proxy on 127.0.0.1 reports it) has its own allowance.
    elsewhere = _create(strict, ["open", "open"], **{"X-Forwarded-For": "203.0.113.9"})
    assert elsewhere.status_code == 201

    started: dict[str, Any] = made[0]
    assert strict.owner_post(started, "start").status_code == 200
    watcher = strict.client(made[1]["table"]["id"])
    assert watcher.wait_type("snapshot")["table"]["status"] == "waiting"
    # Within a few sweeps every waiting table is ended; the started one plays on.
    watcher.until(lambda table: table["status"] == "ended", timeout=15)
    deadline = time.monotonic() + 15
    while strict.info(made[2]["table"]["id"])["status"] != "ended":
        assert time.monotonic() < deadline, "a waiting table did not expire"
        time.sleep(0.2)
    assert strict.info(started["table"]["id"])["status"] == "playing"
    watcher.close()
