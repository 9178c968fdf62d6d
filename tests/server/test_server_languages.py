"""Each viewer reads its events and choices in its own language (issue #23): the language of
a connection is its ``hello``'s ``lang``, else its Accept-Language, else English; the browser's
catalogues are served as JSON."""

from __future__ import annotations

import json
import re
from typing import Any

from server_support import ServerProcess
from websockets.sync.client import ClientConnection, connect

HANGUL = re.compile(r"[가-힣]")


def _connect(
    server: ServerProcess, table_id: str, token: str | None, lang: str | None, accept: str | None
) -> ClientConnection:
    headers = {"Accept-Language": accept} if accept else None
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws"
    ws = connect(url, additional_headers=headers).__enter__()
    hello: dict[str, Any] = {"type": "hello", "token": token}
    if lang:
        hello["lang"] = lang
    ws.send(json.dumps(hello))
    return ws


def _next_game_message(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] in ("snapshot", "update"):
            return message


def _texts(message: dict[str, Any]) -> list[str]:
    return [e["text"] for e in message["events"]] + [a["text"] for a in message["legal_actions"]]


def test_each_viewer_reads_its_own_language(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "open"], seed=4)
    server.start_table(created)
    table_id = created["table"]["id"]
    korean = _connect(server, table_id, server.token(created, 0), "ko", "en-US")
    english = _connect(server, table_id, server.token(created, 1), None, None)
    watcher = _connect(server, table_id, None, None, "ko-KR,ko;q=0.9,en;q=0.5")
    try:
        first = {"ko": _next_game_message(korean), "en": _next_game_message(english)}
        spectator = _next_game_message(watcher)
        checked = 0
        # The duel: each seat plays a card face down; seat 1 (index 0) is asked first.
        for _move in range(6):
            mover, message = (
                (korean, first["ko"]) if first["ko"]["legal_actions"] else (english, first["en"])
            )
            if not message["legal_actions"]:
                break
            action = message["legal_actions"][0]
            mover.send(json.dumps({"type": "act", "seq": message["seq"], "action": action["id"]}))
            first = {"ko": _next_game_message(korean), "en": _next_game_message(english)}
            spectator = _next_game_message(watcher)
            for text in _texts(first["ko"]) + _texts(spectator):
                assert HANGUL.search(text) and not re.search(r"[A-Za-z]", text), text
            for text in _texts(first["en"]):
                assert not HANGUL.search(text), text
            checked += len(_texts(first["ko"])) + len(_texts(spectator))
        assert checked > 6
    finally:
        for ws in (korean, english, watcher):
            ws.close()


def test_the_catalogues_are_served_as_json(server: ServerProcess) -> None:
    korean = server.http.get("/api/i18n/ko").json()
    assert korean["lang"] == "ko"
    assert korean["courtly"]["term.seat"] == "{n}번 자리"
    assert korean["games"]["kingdoms"]["term.suit.hearts"] == "하트"
    assert korean["games"]["kingdoms"]["score.hearts"] == "하트"
    english = server.http.get("/api/i18n/en-GB").json()
    assert english["games"]["kingdoms"]["option.battle.help"].startswith("Battle actions")
    assert set(english["games"]["kingdoms"]) == set(korean["games"]["kingdoms"])
    assert server.http.get("/api/i18n/fr").status_code == 404
