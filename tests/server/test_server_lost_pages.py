"""What the server shows of a game that stopped and of an address of nothing: a table ended
by a seat's time running out before anyone moved still shows its position and its result to
whoever connects afterwards (it was dealt: only a table closed before its start shows
nothing); a browser asking for a page at an address of none gets the client's page (404),
while the API and the static files keep their one-line JSON refusal."""

from __future__ import annotations

import time

from server_support import ServerProcess


def test_a_table_lost_on_time_at_its_first_position_still_shows_it(
    sqlite_server: ServerProcess,
) -> None:
    server = sqlite_server
    pace = {"kind": "fischer", "initial_seconds": 1, "increment_seconds": 0, "policy": "lose"}
    created = server.create("courtisans", ["open", "open"], seed=4, pace=pace)
    server.start_table(created)
    table_id = created["table"]["id"]
    deadline = time.monotonic() + 20
    while server.info(table_id)["status"] != "ended":
        assert time.monotonic() < deadline, "nobody ran out of time"
        time.sleep(0.1)
    for token in (server.token(created, 0), server.token(created, 1), None):
        client = server.client(table_id, token)
        snapshot = client.wait_type("snapshot")
        client.close()
        assert snapshot["seq"] == 0
        assert snapshot["observation"] is not None, snapshot
        assert snapshot["table"]["result"] == {"scores": [], "winners": [1], "time_out": 0}


def test_an_ended_table_never_started_shows_nothing_of_its_deal(
    sqlite_server: ServerProcess,
) -> None:
    server = sqlite_server
    pace = {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0, "policy": "lose"}
    created = server.create("courtisans", ["open", "open"], seed=4, pace=pace)
    assert server.owner_post(created, "end").status_code == 200
    client = server.client(created["table"]["id"])
    snapshot = client.wait_type("snapshot")
    client.close()
    assert snapshot["observation"] is None and snapshot["events"] == []


def test_a_page_address_of_nothing_gets_the_clients_page(sqlite_server: ServerProcess) -> None:
    http = sqlite_server.http
    html = {"Accept": "text/html,application/xhtml+xml", "Accept-Language": "ko"}
    page = http.get("/nonsense/path", headers=html)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/main.js">' in page.text
    assert http.head("/nonsense/path", headers=html).status_code == 404
    # The API, the static files and a client that asks for no HTML: one line of JSON.
    for path, headers in (
        ("/api/nothing/here", html),
        ("/static/nothing.js", html),
        ("/nonsense/path", {"Accept": "application/json"}),
    ):
        answer = http.get(path, headers=headers)
        assert answer.status_code == 404, path
        assert set(answer.json()) == {"detail"}, (path, answer.text)
