"""Post-game reviews on the server: refused before the end, computed in the background after
it (progress shown), stored with the table, and still there after a restart (SQLite and
PostgreSQL)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from server_support import Postgres, ServerProcess

from courtly.analysis.review.calibration import fitted_iterations, load_calibration
from courtly.server.store import Store

# A small fixed budget: the same review on any machine, and quick.
ENV = {"COURTLY_REVIEW_ITERATIONS": "20"}


def _url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'courtly.sqlite3'}"
    postgres: Postgres = request.getfixturevalue("postgres")
    return postgres.url


def _finished(server: ServerProcess, table_id: str) -> None:
    deadline = time.monotonic() + 120
    while server.info(table_id)["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)


def _bots_game(server: ServerProcess, game: str, seed: int) -> str:
    """A game of two greedy bots, played to its end; its table's id."""
    bots = server.create(game, ["bot:greedy", "bot:greedy"], seed=seed)
    server.start_table(bots)
    table_id: str = bots["table"]["id"]
    _finished(server, table_id)
    return table_id


def _review(server: ServerProcess, table_id: str, seat: int, done: bool) -> dict[str, Any]:
    deadline = time.monotonic() + 180
    while True:
        response = server.http.get(f"/api/tables/{table_id}/reviews/{seat}?lang=ko")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        if not done or body["status"] == "done":
            return body
        assert body["status"] == "running", body
        assert time.monotonic() < deadline, body
        time.sleep(0.2)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_review_after_the_end_is_stored_and_survives_a_restart(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    server = ServerProcess(_url(backend, tmp_path, request), tmp_path / "server.log", ENV)
    server.start()
    try:
        playing = server.create("courtisans", ["open", "bot:greedy"], seed=5)
        server.start_table(playing)
        refused = server.http.post(f"/api/tables/{playing['table']['id']}/reviews/0")
        assert refused.status_code == 409 and "over" in refused.text

        table_id = _bots_game(server, "courtisans", 6)
        assert _review(server, table_id, 0, done=False)["status"] == "none"
        started = server.http.post(f"/api/tables/{table_id}/reviews/0")
        assert started.status_code == 200, started.text
        assert started.json()["status"] in ("running", "done") and started.json()["total"] > 0
        assert server.http.post(f"/api/tables/{table_id}/reviews/7").status_code in (400, 422)

        review = _review(server, table_id, 0, done=True)
        assert review["done"] == review["total"] == len(review["decisions"])
        for decision in review["decisions"]:
            # The moves in the language asked for (Korean here), never an identifier.
            assert len(decision["played_text"]) == decision["parts"]
            assert all(isinstance(t, str) and t for t in decision["played_text"])
            assert 0.0 <= decision["after"] <= decision["before"] <= 1.0
        # Each move reads as the seat saw its position: a kill names the card, never where it
        # lay ("여왕의 테이블 위의 2번째 카드 제거하기").
        texts = [t for d in review["decisions"] for t in d["played_text"] + d["preferred_text"]]
        assert any(t.endswith(" 제거하기") for t in texts), texts
        assert not any("번째 카드" in t for t in texts), texts
        assert 0 <= review["accuracy"] <= 100
        assert [step for step, _ in review["series"]] == [d["step"] for d in review["decisions"]]

        # The other seat's review is asked for, and the server stopped while it may run.
        server.http.post(f"/api/tables/{table_id}/reviews/1")
        server.stop()
        server = ServerProcess(server.database_url, tmp_path / "server.log", ENV)
        server.start()
        assert _review(server, table_id, 0, done=False) == review  # stored: not computed again
        other = _review(server, table_id, 1, done=True)  # taken up again after the restart
        assert other["done"] == other["total"]
    finally:
        server.stop()


def test_with_no_budget_set_a_review_searches_the_games_calibrated_iterations(
    tmp_path: Path,
) -> None:
    """A server started with neither ``COURTLY_REVIEW_ITERATIONS`` nor ``_SECONDS``: each
    turn's search runs the iterations the game's win chances were calibrated at, so the
    chances shown are the calibrated ones and the same on any machine."""
    fitted = fitted_iterations("kingdoms")
    assert fitted is not None
    server = ServerProcess(f"sqlite:///{tmp_path / 'courtly.sqlite3'}", tmp_path / "server.log")
    server.start()
    try:
        table_id = _bots_game(server, "kingdoms", 3)
        assert server.http.post(f"/api/tables/{table_id}/reviews/0").status_code == 200
        review = _review(server, table_id, 0, done=True)
        assert review["settings"] == {"iterations": fitted, "seconds": None, "seed": 0}
        assert review["decisions"]
        assert all(d["iterations"] > 0 for d in review["decisions"])
    finally:
        server.stop()


def test_a_review_asked_of_two_processes_is_computed_once(
    postgres: Postgres, tmp_path: Path
) -> None:
    """Two processes on one PostgreSQL are asked for the same review at the same moment: one
    claims it and judges every turn, the other shows what the first stored; between them each
    turn is judged once (their ``review_turns`` add up to the review's turns). A review whose
    process died is taken up by the other."""
    # Long enough for the two requests to overlap; the first process judges a turn far more
    # slowly than the second, so that it is killed (below) with most of a review still to do
    # whatever the machine's load (at 150 on an idle machine it could finish a whole review
    # between two looks).
    first = ServerProcess(postgres.url, tmp_path / "a.log", {"COURTLY_REVIEW_ITERATIONS": "3000"})
    second = ServerProcess(postgres.url, tmp_path / "b.log", {"COURTLY_REVIEW_ITERATIONS": "150"})
    first.start()
    second.start()
    try:
        table_id = _bots_game(first, "courtisans", 8)
        _finished(second, table_id)
        barrier = threading.Barrier(2)

        def ask(server: ServerProcess) -> int:
            barrier.wait()
            return server.http.post(f"/api/tables/{table_id}/reviews/0").status_code

        with ThreadPoolExecutor(2) as pool:
            assert list(pool.map(ask, (first, second))) == [200, 200]
        # Asked again on both while it runs: still nobody else starts it.
        for server in (second, first):
            assert server.http.post(f"/api/tables/{table_id}/reviews/0").status_code == 200
        review = _review(first, table_id, 0, done=True)
        assert _review(second, table_id, 0, done=True) == review
        judged = [s.http.get("/api/health").json()["review_turns"] for s in (first, second)]
        assert sum(judged) == review["total"] > 0, judged
        assert 0 in judged  # one process did all of it

        # The other seat's review, begun by the first process, which then dies (kill -9): its
        # claim goes with its connection, and the second process, asked, takes the review up.
        first.http.post(f"/api/tables/{table_id}/reviews/1")
        deadline = time.monotonic() + 120
        while _review(second, table_id, 1, done=False)["done"] == 0:
            assert time.monotonic() < deadline, "the first process judged no turn"
            time.sleep(0.2)
        first.kill9()
        killed = _review(second, table_id, 1, done=False)
        assert killed["done"] < killed["total"], "the first process finished before it was killed"
        other = _review(second, table_id, 1, done=True)
        assert other["done"] == other["total"]
        assert second.http.get("/api/health").json()["review_turns"] > 0  # it took it up
    finally:
        first.stop()
        second.stop()


def _wait_turn(client: Any) -> None:
    while not client.legal:
        client.recv()


def test_hints_only_where_the_creator_turned_them_on_and_only_for_your_own_turn(
    sqlite_server: ServerProcess,
) -> None:
    server = sqlite_server
    plain = server.create("kingdoms", ["open", "bot:greedy"], seed=3)
    assert plain["table"]["hints"] is False  # off by default
    server.start_table(plain)
    token = server.token(plain, 0)
    refused = server.http.post(
        f"/api/tables/{plain['table']['id']}/hint", headers={"Authorization": f"Bearer {token}"}
    )
    assert refused.status_code == 403 and "hint" in refused.text

    hinted = server.create("kingdoms", ["open", "bot:greedy"], seed=3, hints=True)
    table_id = hinted["table"]["id"]
    assert hinted["table"]["hints"] is True
    server.start_table(hinted)
    assert server.info(table_id)["hints"] is True  # stored with the table, shown to everyone
    token = server.token(hinted, 0)
    player = server.client(table_id, token)
    player.wait_type("snapshot")
    _wait_turn(player)
    asked = server.http.post(
        f"/api/tables/{table_id}/hint?lang=ko", headers={"Authorization": f"Bearer {token}"}
    )
    assert asked.status_code == 200, asked.text
    hint = asked.json()
    assert hint["seat"] == 0 and hint["actions"][0] in {a["id"] for a in player.legal}
    assert len(hint["moves"]) == len(hint["actions"]) and all(hint["moves"])
    # The first move (the duel's card) names its card by parts, as a legal action does (the
    # hint in Korean, the seat's choices in English: the same card).
    first = {a["id"]: a for a in player.legal}[hint["actions"][0]]
    cards = [
        [p["card"] for p in parts if "card" in p]
        for parts in (hint["move_parts"][0], first["parts"])
    ]
    assert cards[0] == cards[1] and cards[0], cards
    assert 0.0 <= hint["chance"] <= 1.0 and 0.0 < hint["sure"] <= 1.0
    # The owner's and the spectator's links hold no seat: no hint for them.
    for other in (hinted["owner"]["token"], hinted["spectator"]["token"]):
        response = server.http.post(
            f"/api/tables/{table_id}/hint", headers={"Authorization": f"Bearer {other}"}
        )
        assert response.status_code == 403
    # Not on the bot's turn: the player acts, and asks while the bot is to move or after.
    player.act(hint["actions"][0])
    player.wait_seq(player.seq + 1)
    if not player.legal:
        seen = player.seq
        waiting = server.http.post(
            f"/api/tables/{table_id}/hint", headers={"Authorization": f"Bearer {token}"}
        )
        if waiting.status_code != 409:
            # The greedy bot moves at once: it may have played between the update and the
            # request (failed once in CI), and the turn was the player's again by then.
            assert waiting.status_code == 200 and server.info(table_id)["seq"] > seen
    player.close()


def _spectator(server: ServerProcess, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 180
    while True:
        response = server.http.get(f"/api/tables/{table_id}/reviews/spectator")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        if body["status"] in ("done", "none"):
            return body
        assert body["status"] == "running", body
        assert time.monotonic() < deadline, body
        time.sleep(0.2)


def test_the_spectators_series_is_stored_with_the_table_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    """Every seat's win chance from the public view, at each judged turn of any seat: refused
    before the end, computed once after it, the same after a restart."""
    url = f"sqlite:///{tmp_path / 'courtly.sqlite3'}"
    server = ServerProcess(url, tmp_path / "server.log", ENV)
    server.start()
    try:
        playing = server.create("tudor", ["open", "bot:greedy"], seed=5)
        server.start_table(playing)
        refused = server.http.post(f"/api/tables/{playing['table']['id']}/reviews/spectator")
        assert refused.status_code == 409 and "over" in refused.text

        table_id = _bots_game(server, "tudor", 6)
        assert _spectator(server, table_id)["status"] == "none"
        started = server.http.post(f"/api/tables/{table_id}/reviews/spectator")
        assert started.status_code == 200, started.text
        assert started.json()["total"] > 0
        series = _spectator(server, table_id)
        assert series["status"] == "done" and series["done"] == series["total"]
        assert len(series["series"]) == series["total"]
        for _step, chances in series["series"]:
            assert len(chances) == 2 and abs(sum(chances) - 1.0) < 1e-3
        # At each judged turn of either seat: the steps of both seats' own series.
        steps = []
        for seat in (0, 1):
            server.http.post(f"/api/tables/{table_id}/reviews/{seat}")
            steps += [step for step, _ in _review(server, table_id, seat, done=True)["series"]]
        assert [step for step, _ in series["series"]] == sorted(steps)
        server.stop()
        server = ServerProcess(url, tmp_path / "server.log", ENV)
        server.start()
        assert _spectator(server, table_id) == series  # stored: not computed again
    finally:
        server.stop()


def test_a_review_made_with_another_curve_is_made_again(tmp_path: Path) -> None:
    # A review stored by an older courtly, whose calibration curve differed: asked for again,
    # it is planned anew with this curve, not shown or taken up with the old chances.
    server = ServerProcess(f"sqlite:///{tmp_path / 'curve.sqlite3'}", tmp_path / "s.log", ENV)
    server.start()
    try:
        table_id = _bots_game(server, "courtisans", 6)
        assert server.http.post(f"/api/tables/{table_id}/reviews/0").status_code == 200
        made = _review(server, table_id, 0, done=True)
        store = Store(server.database_url)
        try:
            body = store.reviews.load(table_id, 0)
            assert body is not None
            assert body["calibration"] == load_calibration("courtisans", 2).digest()
            older = {**body, "calibration": "an older curve"}
            older["decisions"] = [{**d, "before": 0.5, "after": 0.5} for d in body["decisions"]]
            store.reviews.save(table_id, 0, older)
        finally:
            store.dispose()
        assert server.http.post(f"/api/tables/{table_id}/reviews/0").status_code == 200
        again = _review(server, table_id, 0, done=True)
        assert again["decisions"] == made["decisions"]  # this curve's chances, not the old
    finally:
        server.stop()
