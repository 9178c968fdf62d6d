"""The lists of finished games say each one's end: the history (``GET /api/tables?status=
history``) and a player's public profile (``GET /api/players/NAME``) give every seat's score
and place (the places the ratings count: winners first, the others by score) and when the
game ended, so the pages can tell a player's games apart (they once listed only a title and
the seats' names)."""

from __future__ import annotations

import secrets
import time
from typing import Any

import pytest
from server_support import TIMEOUT, ServerProcess
from test_server_accounts import Browser
from test_server_ratings import play_to_the_end, play_to_the_end_seen

from courtly.analysis.ratings import placings_of
from courtly.server.standings import listed_places, result_places


@pytest.fixture
def player(server: ServerProcess) -> Any:
    browser = Browser(server)
    name = "f" + secrets.token_hex(5)
    assert browser.register(name).status_code == 201
    yield browser, name
    browser.close()


def _listed_game(server: ServerProcess, name: str, table_id: str) -> dict[str, Any]:
    """The profile's entry for the table (the profile reads the stored table: at once)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        games = server.http.get(f"/api/players/{name}").json()["games"]
        found = [g for g in games if g["id"] == table_id]
        if found or time.monotonic() > deadline:
            assert found, games
            entry: dict[str, Any] = found[0]
            return entry
        time.sleep(0.1)


def test_the_profile_and_the_history_give_scores_places_and_dates(
    server: ServerProcess, player: Any
) -> None:
    browser, name = player
    table_id = play_to_the_end(server, browser, rated=False)
    result = server.record(table_id)["result"]
    places = placings_of(result)

    entry = _listed_game(server, name, table_id)
    assert entry["seat"] == 0
    assert entry["scores"] == result["scores"]
    assert entry["places"] == places
    assert entry["finished_at"].endswith("Z")

    history = server.http.get("/api/tables", params={"status": "history"}).json()
    listed = next(tb for tb in history if tb["id"] == table_id)
    assert listed["places"] == places
    assert listed["result"]["scores"] == result["scores"]
    assert listed["finished_at"] == entry["finished_at"]

    # The account's own list of games carries them too (the account page's results).
    mine = browser.http.get("/api/account/games").json()
    assert next(tb for tb in mine if tb["id"] == table_id)["places"] == places


def test_a_live_tables_end_is_the_moment_stored(server: ServerProcess, player: Any) -> None:
    # The player's connection heard the end with the moment the Store keeps, to the
    # microsecond: a restart (which reads it back) shows the same table, not a moment later.
    browser, name = player
    table_id, seen = play_to_the_end_seen(server, browser, rated=False)
    assert _listed_game(server, name, table_id)["finished_at"] == seen["finished_at"]


def test_a_table_stopped_before_its_end_has_no_places(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "bot:random"], seed=3)
    assert server.owner_post(created, "end").status_code == 200
    history = server.http.get("/api/tables", params={"status": "history"}).json()
    listed = next(tb for tb in history if tb["id"] == created["table"]["id"])
    assert listed["result"] is None and listed["places"] is None


def test_places_of_a_result_as_a_table_shows_it() -> None:
    # The game's: winners first (a tie-break's winner above an equal score), then by score.
    assert result_places({"scores": [5, 9, 9, 2], "winners": [2]}) == [3, 2, 1, 4]
    assert result_places({"scores": [4, 4], "winners": [0, 1]}) == [1, 1]
    # A loss on time (no scoring): the seat that ran out second, the others share the win.
    assert result_places({"scores": [], "winners": [0, 2], "time_out": 1}) == [1, 2, 1]


def test_a_stored_result_that_names_no_places_lists_without_them() -> None:
    """A list shows every row it has: a result without winners (as a tool or an older courtly
    may have stored one; the store's tests write such rows into the database a server lists)
    has no places, and is not an error that takes the whole list down (it was a 500)."""
    assert listed_places({"scores": [1, 0]}) is None
    assert listed_places(None) is None
    assert listed_places({"scores": [4, 4], "winners": [0, 1]}) == [1, 1]
