"""Rated tables on a real server, on SQLite and PostgreSQL: a rated game played to its end
changes its accounts' ratings once (also when two processes on one PostgreSQL could both
count it), an unrated one changes none, a table of four seats counts its bots at their
four-seat ratings, a guest is refused a seat at a rated table, and the leaderboard and the
public profile show only public data."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import TIMEOUT, Postgres, ServerProcess
from sqlalchemy import text
from test_server_accounts import Browser

from courtly.analysis.ratings import NEW, bot_rating, placings_of, rate
from courtly.server.rated import new_ratings
from courtly.server.rating_rows import Settled
from courtly.server.store import Store

GAME = {"game": "kingdoms", "players": 2, "options": {"turn_limit": 6}, "seed": 4}


@pytest.fixture
def browsers() -> Iterator[list[Browser]]:
    made: list[Browser] = []
    yield made
    for browser in made:
        browser.close()


def _player(server: ServerProcess, made: list[Browser]) -> tuple[Browser, str]:
    browser = Browser(server)
    made.append(browser)
    name = "r" + secrets.token_hex(5)
    assert browser.register(name).status_code == 201
    return browser, name


def _rows(server: ServerProcess, query: str, **params: Any) -> list[Any]:
    store = Store(server.database_url)
    try:
        with store.engine.begin() as connection:
            result = connection.execute(text(query), params)
            return list(result.all()) if result.returns_rows else []
    finally:
        store.dispose()


def _table(browser: Browser, seats: list[str], **extra: Any) -> Any:
    return browser.post("/api/tables", {**GAME, "seats": seats, **extra})


def _take(browser: Browser, created: dict[str, Any], seat: int) -> Any:
    entry = next(s for s in created["seats"] if s["seat"] == seat)
    taken = browser.post(
        f"/api/tables/{created['table']['id']}/take",
        {"name": "typed"},
        Authorization=f"Bearer {entry['token']}",
    )
    if taken.status_code == 200:
        entry["token"] = taken.json()["token"]
    return taken


def play_to_the_end(server: ServerProcess, browser: Browser, rated: bool) -> str:
    """A kingdoms game of the browser's account against bot:random, started and finished."""
    table_id, _ = play_to_the_end_seen(server, browser, rated)
    return table_id


def play_to_the_end_seen(
    server: ServerProcess, browser: Browser, rated: bool
) -> tuple[str, dict[str, Any]]:
    """``play_to_the_end``, with the table as the player's connection last described it."""
    made = _table(browser, ["open", "bot:random"], rated=rated)
    assert made.status_code == 201, made.text
    created = made.json()
    assert created["table"]["rated"] is rated
    assert _take(browser, created, 0).status_code == 200
    assert server.owner_post(created, "start").status_code == 200
    client = server.client(created["table"]["id"], created["seats"][0]["token"])
    try:
        client.play_until(lambda: client.table.get("status") == "finished")
    finally:
        client.close()
    table_id: str = created["table"]["id"]
    return table_id, dict(client.table)


def _profile(server: ServerProcess, name: str, games: int = 0) -> dict[str, Any]:
    """The public profile, once it shows ``games`` rated games (counted just after the end)."""
    import time

    deadline = time.monotonic() + TIMEOUT
    while True:
        answer = server.http.get(f"/api/players/{name}")
        assert answer.status_code == 200, answer.text
        profile: dict[str, Any] = answer.json()
        if len(profile["history"]) >= games or time.monotonic() > deadline:
            return profile
        time.sleep(0.1)


def test_a_rated_game_changes_the_ratings_once(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    browser, name = _player(server, browsers)
    table_id = play_to_the_end(server, browser, rated=True)
    profile = _profile(server, name, games=1)
    ((pool,),) = [profile["ratings"]]
    assert (pool["game"], pool["players"], pool["games"]) == ("kingdoms", 2, 1)
    assert pool["rating"] != 1500 and pool["provisional"] is True
    (change,) = profile["history"]
    assert change["table"] == table_id and change["rating"] == pool["rating"]
    assert [g["id"] for g in profile["games"]] == [table_id]
    # The bot's rating is fixed: only the account has a rating row.
    rows = _rows(server, "SELECT * FROM courtly_ratings WHERE game = 'kingdoms'")
    account = browser.me()["id"]  # type: ignore[index]
    assert [r.account_id for r in rows if r.account_id == account] == [account]
    # Counting it again (a second process, a restart) finds it counted: nothing changes.
    store = Store(server.database_url)
    try:
        assert store.ratings.settle(table_id, new_ratings) is None
    finally:
        store.dispose()
    assert _profile(server, name)["ratings"] == profile["ratings"]
    # It is on the game's leaderboard, apart while provisional.
    board = server.http.get("/api/leaderboard/kingdoms", params={"players": 2}).json()
    mine = [p for p in board["provisional"] if p["name"] == name]
    assert mine == [{"name": name, "rating": pool["rating"], "games": 1}]
    assert all(p["name"] != name for p in board["ranked"])


def test_a_four_seat_table_rates_with_the_bots_four_seat_ratings(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    browser, name = _player(server, browsers)
    levels = ["random", "greedy", "easy"]
    made = browser.post(
        "/api/tables",
        {
            "game": "for-the-king",  # a pool at four seats no other test rates
            "players": 4,
            "seats": ["open", *(f"bot:{level}" for level in levels)],
            "seed": 5,
            "rated": True,
        },
    )
    assert made.status_code == 201, made.text
    created = made.json()
    assert _take(browser, created, 0).status_code == 200
    assert server.owner_post(created, "start").status_code == 200
    table_id = created["table"]["id"]
    client = server.client(table_id, created["seats"][0]["token"])
    try:
        client.play_until(lambda: client.table.get("status") == "finished")
    finally:
        client.close()
    places = placings_of(server.info(table_id)["result"])
    (change,) = _profile(server, name, games=1)["history"]

    def rated_with(players: int) -> int:
        bots = [bot_rating("for-the-king", level, players) for level in levels]
        assert all(bots)
        ratings = [NEW, *(bot for bot in bots if bot is not None)]
        return rate(ratings, places, [False, True, True, True])[0].display

    # The bots' ratings are those calibrated at four seats, not the two-seat ones.
    assert change["rating"] == rated_with(4) != rated_with(2)


def test_an_unrated_game_changes_no_rating(server: ServerProcess, browsers: list[Browser]) -> None:
    browser, name = _player(server, browsers)
    table_id = play_to_the_end(server, browser, rated=False)
    profile = _profile(server, name)
    assert profile["ratings"] == [] and profile["history"] == []
    assert [g["id"] for g in profile["games"]] == [table_id]  # listed all the same
    assert (
        _rows(server, "SELECT * FROM courtly_rating_history WHERE table_id = :t", t=table_id) == []
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_guest_is_refused_a_seat_at_a_rated_table(
    server: ServerProcess, browsers: list[Browser], lang: str
) -> None:
    owner, _ = _player(server, browsers)
    made = _table(owner, ["open", "open"], rated=True)
    assert made.status_code == 201, made.text
    created = made.json()
    # The tests' own client has no account: a guest with the invite.
    refused = server.http.post(
        f"/api/tables/{created['table']['id']}/take",
        json={"name": "guest"},
        headers={
            "Authorization": f"Bearer {created['seats'][1]['token']}",
            "Accept-Language": lang,
        },
    )
    assert refused.status_code == 403, refused.text
    line = refused.json()["detail"]
    assert "\n" not in line and any("\uac00" <= c <= "\ud7a3" for c in line) == (lang == "ko")
    seats = server.info(created["table"]["id"])["seats"]
    assert seats[1]["kind"] == "open"  # nothing changed
    # One account takes one seat only: its second would be nobody's rating.
    assert _take(owner, created, 0).status_code == 200
    assert _take(owner, created, 1).status_code == 403
    # Nor can the game start with a seat no account holds.
    assert server.owner_post(created, "start").status_code == 409


def test_a_rated_table_needs_named_bot_levels_and_no_hints(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    owner, _ = _player(server, browsers)
    for seats, extra in (
        (["open", "bot:hard:iterations=5"], {}),
        (["open", "bot:random"], {"hints": True}),
    ):
        refused = _table(owner, seats, rated=True, **extra)
        assert refused.status_code == 400, refused.text
        assert "\n" not in refused.json()["detail"]
    created = _table(owner, ["open", "open"], rated=True).json()
    swapped = server.owner_post(created, "seats/1/bot", bot="hard:iterations=5")
    assert swapped.status_code == 400, swapped.text
    assert server.owner_post(created, "seats/1/bot", bot="easy").status_code == 200


def test_the_profile_shows_only_public_data(server: ServerProcess, browsers: list[Browser]) -> None:
    browser, name = _player(server, browsers)
    play_to_the_end(server, browser, rated=True)
    page = server.http.get(f"/api/players/{name.upper()}")  # names are one case-insensitively
    assert page.status_code == 200 and page.json()["name"] == name
    account = browser.me()["id"]  # type: ignore[index]
    assert account not in page.text and "token" not in page.text and "hash" not in page.text
    missing = server.http.get("/api/players/nobody-" + secrets.token_hex(3))
    assert missing.status_code == 404 and "\n" not in missing.json()["detail"]
    assert server.http.get("/api/leaderboard/no-such-game").status_code in (400, 404)


def test_two_processes_count_a_game_once(
    postgres: Postgres, postgresql_server: ServerProcess, tmp_path: Path
) -> None:
    other = ServerProcess(postgres.url, tmp_path / "other.log")
    made: list[Browser] = []
    try:
        browser, name = _player(postgresql_server, made)
        table_id = play_to_the_end(postgresql_server, browser, rated=True)
        before = _profile(postgresql_server, name, games=1)["ratings"]
        # A process starting counts the games nobody counted: this one was, so it is left.
        other.start()
        assert _profile(other, name)["ratings"] == before
        # Both processes' code (and both servers' upkeep) racing to count one game not counted
        # yet, as if its process had stopped just after the end: it is counted once.
        forget = Store(postgres.url)
        with forget.engine.begin() as connection:  # one transaction: nobody sees half of it
            for statement in (
                "DELETE FROM courtly_rating_history WHERE table_id = :t",
                "DELETE FROM courtly_ratings WHERE account_id IN"
                " (SELECT account_id FROM courtly_seats WHERE table_id = :t)",
                "UPDATE courtly_tables SET rated_at = NULL WHERE id = :t",
            ):
                connection.execute(text(statement), {"t": table_id})
        forget.dispose()
        stores = [Store(postgres.url), Store(postgres.url)]
        results: list[Settled | None] = []
        gate = threading.Barrier(2)

        def count(store: Store) -> None:
            gate.wait()
            results.append(store.ratings.settle(table_id, new_ratings))

        threads = [threading.Thread(target=count, args=(s,)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for store in stores:
            store.dispose()
        # One of them counted it, or neither: the servers' upkeep (every 5 s) got there first.
        assert sum(r is not None for r in results) <= 1
        after = _profile(other, name, games=1)
        assert after["ratings"] == before and len(after["history"]) == 1  # counted once
    finally:
        for browser in made:
            browser.close()
        other.stop()


def test_the_leaderboard_ranks_settled_ratings_and_leaves_deleted_players_out(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    game = "courtisans"  # a pool no other test rates
    players = 2 + secrets.randbelow(3)  # a fresh pool on a server the tests share
    made = [_player(server, browsers) for _ in range(4)]
    # Settled ratings as many rated games leave them (sigma under 4), and one still unsure.
    for (browser, _), (mu, sigma) in zip(
        made, [(27.0, 2.0), (30.0, 2.5), (24.0, 3.0), (35.0, 6.0)], strict=True
    ):
        _rows(
            server,
            "INSERT INTO courtly_ratings VALUES (:a, :g, :p, :mu, :sigma, 20, '2026-11-27')",
            a=browser.me()["id"],  # type: ignore[index]
            g=game,
            p=players,
            mu=mu,
            sigma=sigma,
        )
    gone = made[2][0]
    assert (
        gone.post("/api/account/delete", {"password": "correct horse battery"}).status_code == 200
    )
    board = server.http.get(f"/api/leaderboard/{game}", params={"players": players}).json()
    assert [(p["rank"], p["name"]) for p in board["ranked"]] == [(1, made[1][1]), (2, made[0][1])]
    assert [p["name"] for p in board["provisional"]] == [made[3][1]]
    assert board["ranked"][0]["rating"] > board["ranked"][1]["rating"] > 1500
    assert server.http.get(f"/api/players/{made[2][1]}").status_code == 404


def test_a_rated_game_lost_on_time_counts_as_a_loss(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    browser, name = _player(server, browsers)
    pace = {"kind": "fischer", "initial_seconds": 1, "increment_seconds": 0, "policy": "lose"}
    made = browser.post(
        "/api/tables",
        {
            "game": "courtisans",
            "players": 2,
            "seats": ["open", "bot:random"],
            "seed": 4,
            "rated": True,
            "pace": pace,
        },
    )
    assert made.status_code == 201, made.text
    created = made.json()
    assert _take(browser, created, 0).status_code == 200
    assert server.owner_post(created, "start").status_code == 200
    table_id = created["table"]["id"]
    # The account's seat never moves: its clock runs out, it loses, the game ends.
    profile = _profile(server, name, games=1)
    assert server.info(table_id)["result"]["time_out"] == 0
    (change,) = profile["history"]
    assert change["table"] == table_id and change["place"] == 2 and change["rating"] < 1500
