"""Quick play on a real server, on SQLite and PostgreSQL: "Play now" seats a logged-in
player at a waiting quick table of the game and player count, or makes one (rated); the table
starts once full; bots of the easy level fill its empty seats after its creator's wait; a
guest is refused, and one account waits at one table of a kind."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_support import TIMEOUT, ServerProcess
from test_server_accounts import Browser
from test_server_ratings import _player


@pytest.fixture
def browsers() -> Iterator[list[Browser]]:
    made: list[Browser] = []
    yield made
    for browser in made:
        browser.close()


def _play_now(browser: Browser, game: str, players: int, **extra: Any) -> Any:
    return browser.post("/api/quickplay", {"game": game, "players": players, **extra})


def test_play_now_seats_two_players_at_one_rated_table_that_starts(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    (first, one), (second, two) = _player(server, browsers), _player(server, browsers)
    made = _play_now(first, "tudor", 2)
    assert made.status_code == 200, made.text
    table = made.json()["table"]
    assert table["rated"] and table["quick"] and table["status"] == "waiting"
    assert made.json()["seat"] == 0 and made.json()["link"].endswith(made.json()["token"])
    joined = _play_now(second, "tudor", 2)
    assert joined.status_code == 200, joined.text
    assert joined.json()["table"]["id"] == table["id"] and joined.json()["seat"] == 1
    info = server.info(table["id"])
    assert info["status"] == "playing"
    assert [(s["name"], s["account"]) for s in info["seats"]] == [(one, True), (two, True)]
    # The seat's token is the player's own: it opens the seat's view.
    client = server.client(table["id"], joined.json()["token"])
    try:
        assert client.wait_type("snapshot")["viewer"] == 1
    finally:
        client.close()


def test_bots_fill_the_empty_seats_after_the_wait(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    player, _ = _player(server, browsers)
    made = _play_now(player, "for-the-king", 2, fill_after=1)
    assert made.status_code == 200, made.text
    table_id = made.json()["table"]["id"]
    deadline = time.monotonic() + TIMEOUT
    while server.info(table_id)["status"] == "waiting":
        assert time.monotonic() < deadline, "the bots never came"
        time.sleep(0.2)
    seats = server.info(table_id)["seats"]
    assert [s["bot"] for s in seats] == [None, "easy"] and server.info(table_id)["rated"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_guests_are_refused_and_one_account_waits_once(
    server: ServerProcess, browsers: list[Browser], lang: str
) -> None:
    guest = server.http.post(
        "/api/quickplay",
        json={"game": "courtisans", "players": 3},
        headers={"Accept-Language": lang},
    )
    assert guest.status_code == 401 and "\n" not in guest.json()["detail"]
    player, _ = _player(server, browsers)
    assert _play_now(player, "courtisans", 3).status_code == 200
    again = _play_now(player, "courtisans", 3, **{})
    assert again.status_code == 409, again.text
    line = again.json()["detail"]
    assert "\n" not in line
    bad = player.post(
        "/api/quickplay",
        {"game": "courtisans", "players": 3, "fill_after": -1},
        **{"Accept-Language": lang},
    )
    assert bad.status_code == 400
    assert any("\uac00" <= c <= "\ud7a3" for c in bad.json()["detail"]) == (lang == "ko")
