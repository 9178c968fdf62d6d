"""Accounts on a real server, on SQLite and PostgreSQL: register, log in and out, names' rules
in both languages, only argon2 hashes stored, the session rotated at log-in, the cookie's
flags, cross-site requests refused, log-in rate limits per account and per address, a seat
taken while logged in played under the account, an account deleted with its games kept
(named as a deleted player), and link play as before for guests."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_support import TIMEOUT, Postgres, ServerProcess
from sqlalchemy import text

from courtly.server.store import Store

PASSWORD = "correct horse battery"


class Browser:
    """One browser: its own cookie jar, its own address (the tests' server trusts the
    X-Forwarded-For of 127.0.0.1, as behind a proxy), and the check token it was given."""

    def __init__(self, server: ServerProcess, address: str | None = None) -> None:
        self.address = address or f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.9"
        self.http = httpx.Client(
            base_url=server.base, timeout=TIMEOUT, headers={"X-Forwarded-For": self.address}
        )
        self.csrf: str | None = None

    def post(self, path: str, body: Any = None, **headers: str) -> httpx.Response:
        sent = {"X-Courtly-CSRF": self.csrf} if self.csrf else {}
        response = self.http.post(path, json=body, headers={**sent, **headers})
        if path.startswith("/api/account") and response.status_code in (200, 201):
            self.csrf = response.json()["csrf"]
        return response

    def me(self) -> dict[str, Any] | None:
        account: dict[str, Any] | None = self.http.get("/api/account").json()["account"]
        return account

    def register(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.post("/api/account/register", {"name": name, "password": password})

    def login(self, name: str, password: str = PASSWORD, **headers: str) -> httpx.Response:
        return self.post("/api/account/login", {"name": name, "password": password}, **headers)

    @property
    def session(self) -> str | None:
        return self.http.cookies.get("courtly_session")

    def close(self) -> None:
        self.http.close()


@pytest.fixture
def browsers(server: ServerProcess) -> Iterator[list[Browser]]:
    made: list[Browser] = []
    yield made
    for browser in made:
        browser.close()


def _browser(server: ServerProcess, made: list[Browser], address: str | None = None) -> Browser:
    browser = Browser(server, address)
    made.append(browser)
    return browser


def _name() -> str:
    return "p" + secrets.token_hex(5)


def _rows(server: ServerProcess, query: str, **params: Any) -> list[Any]:
    store = Store(server.database_url)
    try:
        with store.engine.connect() as connection:
            return list(connection.execute(text(query), params).all())
    finally:
        store.dispose()


def test_register_log_out_and_in(server: ServerProcess, browsers: list[Browser]) -> None:
    browser = _browser(server, browsers)
    name = _name()
    made = browser.register(name)
    assert made.status_code == 201, made.text
    assert made.json()["account"]["name"] == name and browser.me() == made.json()["account"]
    first = browser.session
    assert browser.post("/api/account/logout").status_code == 200
    assert browser.session is None and browser.me() is None
    # The session ended on the server too: its cookie, replayed, is nobody's.
    stolen = _browser(server, browsers)
    stolen.http.cookies.set("courtly_session", first or "", domain="127.0.0.1")
    assert stolen.me() is None and _csrf(stolen)  # sent, and nobody's
    assert browser.login(name.upper()).status_code == 200  # names are one case-insensitively
    assert browser.me() is not None and browser.me() == made.json()["account"]
    wrong = browser.login(name, "not the password")
    assert wrong.status_code == 401 and wrong.json()["detail"] == "wrong name or password"
    unknown = browser.login(_name())
    assert unknown.status_code == 401 and unknown.json() == wrong.json()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_name_and_password_rules_refuse_with_one_line(
    server: ServerProcess, browsers: list[Browser], lang: str
) -> None:
    browser = _browser(server, browsers)
    taken = _name()
    assert browser.register(taken).status_code == 201
    assert browser.post("/api/account/logout").status_code == 200
    refused = {
        "ab": 400,
        "x" * 25: 400,
        "no spaces": 400,
        "<script>": 400,
        taken.upper(): 409,
    }
    for name, status in refused.items():
        answer = browser.post(
            "/api/account/register",
            {"name": name, "password": PASSWORD},
            **{"Accept-Language": lang},
        )
        assert answer.status_code == status, (name, answer.text)
        line = answer.json()["detail"]
        assert "\n" not in line and line
        assert any("\uac00" <= c <= "\ud7a3" for c in line) == (lang == "ko"), line
    short = browser.post(
        "/api/account/register", {"name": _name(), "password": "short"}, **{"Accept-Language": lang}
    )
    assert short.status_code == 400 and ("8" in short.json()["detail"]), short.text
    # Letters of any script are a name's letters.
    assert browser.register("한국" + secrets.token_hex(2)).status_code == 201


def test_only_an_argon2_hash_is_stored(server: ServerProcess, browsers: list[Browser]) -> None:
    browser = _browser(server, browsers)
    name = _name()
    assert browser.register(name).status_code == 201
    (row,) = _rows(server, "SELECT * FROM courtly_accounts WHERE name = :n", n=name)
    assert row.password_hash.startswith("$argon2id$")
    assert all(PASSWORD not in str(value) for value in row)
    # The session's id is not stored either: only its hash.
    sessions = _rows(server, "SELECT * FROM courtly_sessions WHERE account_id = :a", a=row.id)
    assert len(sessions) == 1
    session = browser.session
    assert session is not None
    assert all(session not in str(value) for value in sessions[0])


def test_log_in_rotates_the_session(server: ServerProcess, browsers: list[Browser]) -> None:
    browser = _browser(server, browsers)
    name = _name()
    assert browser.register(name).status_code == 201
    before = browser.session
    # A session id planted beforehand (fixation) or held before is worth nothing after.
    assert browser.login(name).status_code == 200
    after = browser.session
    assert after and after != before
    replay = _browser(server, browsers)
    replay.http.cookies.set("courtly_session", before or "", domain="127.0.0.1")
    assert replay.me() is None and _csrf(replay)
    planted = _browser(server, browsers)
    planted.http.cookies.set("courtly_session", "chosen-by-an-attacker", domain="127.0.0.1")
    assert planted.login(name, **{"X-Courtly-CSRF": _csrf(planted)}).status_code == 200
    assert planted.session != "chosen-by-an-attacker" and planted.me() is not None


def _csrf(browser: Browser) -> str:
    token: str = browser.http.get("/api/account").json()["csrf"]
    return token


def test_the_cookie_is_httponly_lax_and_secure_over_tls(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    browser = _browser(server, browsers)
    cookie = browser.register(_name()).headers["set-cookie"].lower()
    assert "courtly_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert "secure" not in cookie and "path=/" in cookie
    # Behind a TLS proxy (uvicorn trusts 127.0.0.1's X-Forwarded-Proto): Secure.
    other = _browser(server, browsers)
    answer = other.post(
        "/api/account/register",
        {"name": _name(), "password": PASSWORD},
        **{"X-Forwarded-Proto": "https"},
    )
    assert answer.status_code == 201, answer.text
    assert "secure" in answer.headers["set-cookie"].lower()


def test_cross_site_requests_are_refused(server: ServerProcess, browsers: list[Browser]) -> None:
    browser = _browser(server, browsers)
    name = _name()
    assert browser.register(name).status_code == 201
    token, browser.csrf = browser.csrf, None
    tables_before = len(server.http.get("/api/tables").json())
    for headers in ({}, {"X-Courtly-CSRF": "0" * 64}):
        for path, body in (
            ("/api/account/logout", None),
            ("/api/account/delete", {"password": PASSWORD}),
            ("/api/tables", {"game": "tudor", "players": 2, "seats": ["open", "open"]}),
        ):
            refused = browser.post(path, body, **headers)
            assert refused.status_code == 403, (path, refused.text)
    assert browser.me() is not None  # still logged in, still an account
    assert len(server.http.get("/api/tables").json()) == tables_before
    # Another site's page, even with the token (it cannot have it, but the Origin says).
    evil = {"Origin": "https://evil.example", "X-Courtly-CSRF": token or ""}
    assert browser.post("/api/account/logout", **evil).status_code == 403
    # Nor may another site log a visitor into an account of its choosing.
    stranger = _browser(server, browsers)
    assert stranger.login(name, Origin="https://evil.example").status_code == 403
    assert stranger.session is None
    # The page itself (same origin, with the token) is let through.
    same = {"Origin": server.base, "X-Courtly-CSRF": token or ""}
    assert browser.post("/api/account/logout", **same).status_code == 200


def test_log_in_is_rate_limited_per_account(server: ServerProcess, browsers: list[Browser]) -> None:
    owner = _browser(server, browsers)
    name = _name()
    assert owner.register(name).status_code == 201
    for attempt in range(10):
        guesser = _browser(server, browsers)  # a new address each time: the account counts
        assert guesser.login(name, f"guess {attempt}").status_code == 401
    limited = _browser(server, browsers).login(name)  # even the right password now
    assert limited.status_code == 429, limited.text
    assert int(limited.headers["Retry-After"]) > 0
    assert "\n" not in limited.json()["detail"]


def test_log_in_is_rate_limited_per_address(server: ServerProcess, browsers: list[Browser]) -> None:
    owner = _browser(server, browsers)
    name = _name()
    assert owner.register(name).status_code == 201
    guesser = _browser(server, browsers)
    for _ in range(30):  # many accounts' names from one address
        assert guesser.login(_name()).status_code == 401
    assert guesser.login(name).status_code == 429
    assert _browser(server, browsers).login(name).status_code == 200  # elsewhere: fine


def _table_with_seat_for(
    server: ServerProcess, browser: Browser, typed: str
) -> tuple[dict[str, Any], httpx.Response]:
    created = server.create("kingdoms", ["open", "bot:random"], seed=4, options={"turn_limit": 6})
    invite = server.token(created, 0)
    taken = browser.post(
        f"/api/tables/{created['table']['id']}/take",
        {"name": typed},
        Authorization=f"Bearer {invite}",
    )
    if taken.status_code == 200:
        created["seats"][0]["token"] = taken.json()["token"]
    return created, taken


def test_a_logged_in_seat_is_played_under_the_account(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    player = _browser(server, browsers)
    name = _name()
    assert player.register(name).status_code == 201
    created, taken = _table_with_seat_for(server, player, "Typed Name")
    assert taken.status_code == 200, taken.text
    table_id = created["table"]["id"]
    seat = server.info(table_id)["seats"][0]
    assert seat["name"] == name and seat["account"] is True and seat["deleted"] is False
    (row,) = _rows(
        server, "SELECT account_id FROM courtly_seats WHERE table_id = :t AND seat = 0", t=table_id
    )
    assert row.account_id == player.me()["id"]  # type: ignore[index]
    # Nobody else is shown the account's id: the table's description has none.
    assert row.account_id not in server.http.get(f"/api/tables/{table_id}").text
    games = player.http.get("/api/account/games").json()
    assert [(g["id"], g["my_seat"]) for g in games] == [(table_id, 0)]
    # A guest is refused the list (there is no one's games to show).
    assert _browser(server, browsers).http.get("/api/account/games").status_code == 401


def test_the_account_games_say_whose_move_it_is(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    """Every table's description says the seat to decide (``to_move``), clock or not, so the
    account page can list every table waiting on its player."""
    player = _browser(server, browsers)
    assert player.register(_name()).status_code == 201
    created, taken = _table_with_seat_for(server, player, "Typed Name")
    assert taken.status_code == 200, taken.text
    table_id = created["table"]["id"]
    (waiting,) = player.http.get("/api/account/games").json()
    assert waiting["to_move"] is None and waiting["clock"] is None  # not started: nobody
    assert server.owner_post(created, "start").status_code == 200
    client = server.client(table_id, created["seats"][0]["token"])
    try:
        client.until(lambda tb: tb.get("to_move") == 0)  # after the bot's moves, if any
        (game,) = player.http.get("/api/account/games").json()
        assert game["to_move"] == 0 == game["my_seat"]
        # Played on: in every message, the table's to_move is the observation's seat to act.
        client.play_until(lambda: client.seq >= 6)
        played = [m for m in client.messages if m["type"] in ("snapshot", "update")]
        assert {m["table"]["to_move"] for m in played} == {0, 1}
        assert all(m["table"]["to_move"] == m["observation"]["to_act"] for m in played)
    finally:
        client.close()


def test_link_play_is_unchanged_for_guests(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "open"], seed=4, options={"turn_limit": 6})
    # The tests' own client: no cookie, no check token, only the links' tokens.
    assert server.take(created, 0, "Ann").status_code == 200
    assert server.take(created, 1, "Bo").status_code == 200
    seats = server.info(created["table"]["id"])["seats"]
    assert [(s["name"], s["account"]) for s in seats] == [("Ann", False), ("Bo", False)]
    assert server.owner_post(created, "start").status_code == 200


def test_deleting_keeps_the_games_under_a_deleted_player(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    player = _browser(server, browsers)
    name = _name()
    assert player.register(name).status_code == 201
    created, taken = _table_with_seat_for(server, player, name)
    assert taken.status_code == 200
    table_id = created["table"]["id"]
    assert server.owner_post(created, "start").status_code == 200
    client = server.client(table_id, created["seats"][0]["token"])
    try:
        client.play_until(lambda: client.table.get("status") == "finished")
    finally:
        client.close()
    wrong = player.post("/api/account/delete", {"password": "not it at all"})
    assert wrong.status_code == 403 and player.me() is not None
    assert player.post("/api/account/delete", {"password": PASSWORD}).status_code == 200
    assert player.me() is None and player.session is None
    seat = server.info(table_id)["seats"][0]
    assert seat["name"] is None and seat["deleted"] is True
    assert server.info(table_id)["status"] == "finished"
    assert name not in server.http.get(f"/api/tables/{table_id}/record").text
    # The replay and the record's download name the seat in the reader's language.
    for lang, words in (("en", "deleted player"), ("ko", "탈퇴한 플레이어")):
        replay = server.http.get(f"/api/tables/{table_id}/replay", params={"step": 3, "lang": lang})
        assert replay.status_code == 200 and words in replay.text, replay.text[:300]
        record = server.http.get(
            f"/api/tables/{table_id}/record", headers={"Accept-Language": lang}
        ).json()
        assert record["seats"][0] == words, record["seats"]
    # The name is free again, and the old password opens nothing.
    assert _browser(server, browsers).login(name).status_code == 401
    assert _browser(server, browsers).register(name).status_code == 201


def test_a_password_change_ends_every_other_session(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    here, there = _browser(server, browsers), _browser(server, browsers)
    name = _name()
    assert here.register(name).status_code == 201
    assert there.login(name).status_code == 200
    refused = here.post("/api/account/password", {"current": "wrong one!", "new": "x" * 12})
    assert refused.status_code == 403
    changed = here.post("/api/account/password", {"current": PASSWORD, "new": "a new passphrase"})
    assert changed.status_code == 200, changed.text
    assert here.me() is not None and there.me() is None
    assert _browser(server, browsers).login(name).status_code == 401
    assert _browser(server, browsers).login(name, "a new passphrase").status_code == 200


def test_sessions_and_limits_hold_across_processes_on_one_postgresql(
    postgres: Postgres, postgresql_server: ServerProcess, tmp_path: Path
) -> None:
    other = ServerProcess(postgres.url, tmp_path / "other.log")
    other.start()
    made: list[Browser] = []
    try:
        here = _browser(postgresql_server, made)
        name = _name()
        assert here.register(name).status_code == 201
        # The same cookie, sent to the other process, is the same account there.
        there = _browser(other, made)
        there.http.cookies.set("courtly_session", here.session or "", domain="127.0.0.1")
        assert there.me() == here.me() is not None
        # Failed log-ins counted by one process hold at the other.
        for attempt in range(10):
            server = (postgresql_server, other)[attempt % 2]
            assert _browser(server, made).login(name, f"guess {attempt}").status_code == 401
        for server in (postgresql_server, other):
            assert _browser(server, made).login(name).status_code == 429
    finally:
        for browser in made:
            browser.close()
        other.stop()


def test_only_the_first_hot_seat_is_the_accounts(
    server: ServerProcess, browsers: list[Browser]
) -> None:
    player = _browser(server, browsers)
    name = _name()
    assert player.register(name).status_code == 201
    made = player.post(
        "/api/tables", {"game": "tudor", "players": 2, "seats": ["hotseat", "hotseat"], "seed": 3}
    )
    assert made.status_code == 201, made.text
    created = made.json()
    table_id = created["table"]["id"]
    for seat, typed in ((0, "Me"), (1, "A friend"), (0, "Renamed")):
        token = created["seats"][seat]["token"]
        taken = player.post(
            f"/api/tables/{table_id}/take", {"name": typed}, Authorization=f"Bearer {token}"
        )
        assert taken.status_code == 200, taken.text
    seats = server.info(table_id)["seats"]
    # A friend's seat on this device keeps the name typed; the account's keeps the account's.
    assert [(s["name"], s["account"]) for s in seats] == [(name, True), ("A friend", False)]
