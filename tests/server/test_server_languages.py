"""Each viewer reads its events and choices in its own language (issue #23): the language of
a connection is its ``hello``'s ``lang``, else its Accept-Language, else English; the browser's
catalogues are served as JSON."""

from __future__ import annotations

import json
import re
from typing import Any

from server_support import ServerProcess
from websockets.sync.client import ClientConnection, connect

from courtly.core.i18n import naming, using
from courtly.core.registry import load_game

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
                # The seats' names (start_table's "Player N") are the only Latin words.
                unnamed = re.sub(r"Player \d", "", text)
                assert HANGUL.search(text) and not re.search(r"[A-Za-z]", unnamed), text
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
    # What a free-form option allows (the lobby field's hint), formed in the asked language.
    assert korean["games"]["kingdoms"]["option.turn_limit.allowed"] == "1 이상의 정수"
    assert korean["games"]["tudor"]["option.scoring.allowed"].startswith("서로 다른 번호 1-6")
    english = server.http.get("/api/i18n/en-GB").json()
    assert english["games"]["kingdoms"]["option.battle.help"].startswith("Battle actions")
    assert set(english["games"]["kingdoms"]) == set(korean["games"]["kingdoms"])
    assert english["games"]["kingdoms"]["option.turn_limit.allowed"] == "an integer >= 1"
    unknown = server.http.get("/api/i18n/fr")
    assert unknown.status_code == 404
    assert unknown.json()["detail"] == "no catalogue for language 'fr'"
    # Refused in the reader's language, as every refusal is.
    refused = server.http.get("/api/i18n/fr", headers={"Accept-Language": "ko"})
    assert refused.json()["detail"] == "'fr' 언어의 카탈로그는 없습니다"


def _next_error(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == "error":
            return message


def test_a_refusal_reads_in_the_viewers_language(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "open"], seed=4)
    server.start_table(created)
    table_id = created["table"]["id"]
    korean = _connect(server, table_id, server.token(created, 1), "ko", None)
    english = _connect(server, table_id, server.token(created, 1), "en", None)
    try:
        seen = {"ko": _next_game_message(korean), "en": _next_game_message(english)}
        # Seat 1 (index 0) decides first: seat 2 acting is the kernel's wrong-seat refusal.
        action = 0
        for lang, ws in (("ko", korean), ("en", english)):
            ws.send(json.dumps({"type": "act", "seq": seen[lang]["seq"], "action": action}))
        ko, en = _next_error(korean), _next_error(english)
        assert ko["code"] == en["code"] == "not_your_turn"
        assert en["reason"].startswith("it is seat 1's decision, not seat 2's")
        assert ko["reason"].startswith("지금은 1번 자리가 결정할 차례이고 2번 자리의 차례가")
        assert not re.search(r"[A-Za-z]", ko["reason"]), ko["reason"]
        # A message the protocol refuses: a Korean sentence around the protocol's own detail.
        korean.send(json.dumps({"type": "act"}))
        assert _next_error(korean)["reason"].startswith("메시지를 받을 수 없습니다: ")
    finally:
        for ws in (korean, english):
            ws.close()


def test_a_refusal_before_the_hello_is_taken_reads_in_the_browsers_language(
    server: ServerProcess,
) -> None:
    created = server.create("kingdoms", ["open", "open"], seed=4)
    table_id = created["table"]["id"]
    for lang, accept, expected in (
        ("ko", None, "메시지를 받을 수 없습니다: "),  # the hello's own language
        (None, "ko-KR,ko;q=0.9", "메시지를 받을 수 없습니다: "),  # else the browser's
        (None, None, "this token belongs to no seat"),
    ):
        ws = _connect(server, table_id, "not-a-token", lang, accept)
        try:
            error = _next_error(ws)
            assert error["code"] == "bad_token" and error["reason"].startswith(expected)
        finally:
            ws.close()
    url = f"ws://127.0.0.1:{server.port}/api/tables/no-such-table/ws"
    with connect(url, additional_headers={"Accept-Language": "ko"}) as ws:  # closed before hello
        assert json.loads(ws.recv(timeout=20)) == {
            "type": "error",
            "code": "no_table",
            "reason": "no-such-table 테이블이 없습니다",
            "seq": None,
        }


def test_an_api_error_follows_accept_language(server: ServerProcess) -> None:
    korean = server.http.post(
        "/api/tables",
        json={"game": "kingdoms", "players": 3, "seats": ["open", "open", "open"]},
        headers={"Accept-Language": "ko"},
    )
    assert korean.status_code == 400
    assert korean.json()["detail"].startswith("킹덤즈는 2인 게임입니다."), korean.json()
    english = server.http.post(
        "/api/tables", json={"game": "kingdoms", "players": 3, "seats": ["open", "open", "open"]}
    )
    assert english.json()["detail"] == "Kingdoms is for exactly 2 players, not 3"
    # The server's own refusals (not the kernel's) follow it too.
    missing = server.http.get("/api/tables/nosuchtable", headers={"Accept-Language": "ko"})
    assert missing.status_code == 404
    assert missing.json()["detail"] == "'nosuchtable' 테이블이 없습니다"
    assert server.http.get("/api/tables/nosuchtable").json()["detail"] == "no table 'nosuchtable'"


def test_agent_descriptions_are_served_in_each_language(server: ServerProcess) -> None:
    korean = server.http.get("/api/i18n/ko").json()["agents"]
    english = server.http.get("/api/i18n/en").json()["agents"]
    assert set(korean) == set(english) >= {"random", "greedy", "ismcts", "easy", "hard"}
    assert english["random"] == "uniformly random legal actions"
    assert korean["random"] == "규칙에 맞는 수 가운데 아무것이나 고르기"
    assert HANGUL.search(korean["hard"]) and "difficulty level 'hard'" in english["hard"]
    # The API's catalogue stays English whatever the reader's language.
    games = server.http.get("/api/games", headers={"Accept-Language": "ko"}).json()
    assert games[0]["agents"]["random"] == "uniformly random legal actions"


def test_the_log_names_seats_by_their_names_in_every_language(server: ServerProcess) -> None:
    """Issue 37: the server makes each reader's log with the table's seat names, in Korean
    and in English alike (the browser no longer swaps "seat N" for names), and the log a
    viewer downloads before the end reads the same in its language."""
    created = server.create("kingdoms", ["open", "open"], seed=4)
    for seat, name in ((0, "Bob"), (1, "민지")):
        assert server.take(created, seat, name).status_code == 200
    assert server.owner_post(created, "start").status_code == 200
    table_id = created["table"]["id"]
    # Bob (seat 1) plays a duel card face down; 민지 (seat 2) reads it in both languages (Bob
    # reads his own move as the card he chose).
    actor = _connect(server, table_id, server.token(created, 0), "en", None)
    token = server.token(created, 1)
    korean = _connect(server, table_id, token, "ko", None)
    english = _connect(server, table_id, token, "en", None)
    try:
        seen = _next_game_message(actor)
        _next_game_message(korean)
        _next_game_message(english)
        action = seen["legal_actions"][0]["id"]
        actor.send(json.dumps({"type": "act", "seq": seen["seq"], "action": action}))
        ko = " / ".join(e["text"] for e in _next_game_message(korean)["events"])
        en = " / ".join(e["text"] for e in _next_game_message(english)["events"])
        # "Bob" ends in a consonant (이), where "1번 자리" takes 가.
        assert "Bob이 " in ko and "번 자리" not in ko, ko
        assert "Bob " in en and "seat 1" not in en, en
    finally:
        for ws in (actor, korean, english):
            ws.close()
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "ko"}
    log = server.http.get(f"/api/tables/{table_id}/record", headers=headers).json()
    assert log["format"] == "courtly-log"
    exported = " / ".join(e["text"] for e in log["events"])
    assert "Bob이 " in exported and "번 자리" not in exported, exported


def test_the_korean_replay_names_seats_as_the_live_log_does(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "bot:random"], seed=4, options={"turn_limit": 6})
    assert server.take(created, 0, "Bob").status_code == 200
    assert server.owner_post(created, "start").status_code == 200
    table_id = created["table"]["id"]
    player = server.client(table_id, server.token(created, 0))
    try:
        player.wait_type("snapshot")
        player.play_until(lambda: player.table["status"] == "finished")
    finally:
        player.close()
    steps = len(server.record(table_id)["actions"])
    url = f"/api/tables/{table_id}/replay?step={steps}"
    ko = " / ".join(e["text"] for e in server.http.get(url + "&lang=ko").json()["events"])
    en = " / ".join(e["text"] for e in server.http.get(url + "&lang=en").json()["events"])
    # Seat 1 is Bob, by name in both languages (in Korean with its particle); the bot's seat
    # reads as the seats bar shows it, never as a bare number.
    assert "Bob이 " in ko and "1번 자리" not in ko and "2번 자리" not in ko, ko
    assert "봇 2 (무작위 수)" in ko, ko
    assert "Bob " in en and "seat 1 " not in en and "seat 2" not in en, en
    assert "Bot 2 (random moves)" in en, en
    # Its refusals read in the request's language too.
    beyond = f"/api/tables/{table_id}/replay?step={steps + 1}"
    refused = server.http.get(beyond, headers={"Accept-Language": "ko"})
    assert refused.status_code == 400
    assert refused.json()["detail"] == f"{steps + 1}단계는 없습니다: 이 게임은 {steps}단계입니다"
    english = server.http.get(beyond).json()["detail"]
    assert english == f"step {steps + 1}: this game has {steps} steps"


def test_a_refused_message_reads_wholly_in_the_viewers_language(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "open"], seed=4)
    server.start_table(created)
    table_id = created["table"]["id"]
    korean = _connect(server, table_id, server.token(created, 0), "ko", None)
    english = _connect(server, table_id, server.token(created, 0), "en", None)
    watcher = _connect(server, table_id, None, "ko", None)
    try:
        for ws in (korean, english, watcher):
            _next_game_message(ws)
        # Each message the protocol's models refuse: the Korean line is Korean throughout,
        # the field it names aside (the protocol's own word).
        refused = [
            ({"type": "act", "seq": 0}, "'action' 값이 없습니다", "'action' is missing"),
            (
                {"type": "act", "seq": "0", "action": 0},
                "'seq'에는 정수를 써야 합니다",
                "'seq' must be a whole number",
            ),
            (
                {"type": "undo_reply", "accept": "yes"},
                "'accept'에는 true나 false를 써야 합니다",
                "'accept' must be true or false",
            ),
            ({"type": "hello"}, "이미 연결되어 있습니다", "already connected"),
            ([1], "메시지는 JSON 객체여야 합니다", "a message must be a JSON object"),
        ]
        for message, ko, en in refused:
            korean.send(json.dumps(message))
            english.send(json.dumps(message))
            said_ko, said_en = _next_error(korean), _next_error(english)
            assert said_ko["code"] == said_en["code"] == "bad_message"
            assert said_ko["reason"].startswith("메시지를 받을 수 없습니다: " + ko), said_ko
            assert said_en["reason"].startswith(en), said_en
        watcher.send(json.dumps({"type": "undo"}))
        spectator = _next_error(watcher)
        assert spectator["code"] == "spectator"
        assert spectator["reason"] == "메시지를 받을 수 없습니다: 관전자는 둘 수 없습니다"
    finally:
        for ws in (korean, english, watcher):
            ws.close()


def test_a_seat_given_to_a_bot_is_told_so_in_its_language(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "open"], seed=4)
    table_id = created["table"]["id"]
    # An open seat's invite holder, watching in Korean, is told its seat is a bot's now.
    korean = _connect(server, table_id, server.token(created, 1), "ko", None)
    try:
        _next_game_message(korean)
        given = server.owner_post(created, "seats/1/bot", bot="random")
        assert given.status_code == 200, given.text
        told = _next_error(korean)
        assert told["code"] == "replaced"
        assert told["reason"] == "이제 봇이 이 자리를 둡니다"
    finally:
        korean.close()


def _explained(message: dict[str, Any], lang: str) -> str:
    """What the page is told of the same observation in ``lang`` (``Game.rules``)."""
    game = load_game(message["table"]["game"])
    names = [seat.get("name") for seat in message["table"]["seats"]]
    with using(lang), naming(names):
        return game.rules(message["observation"])


def _next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == kind:
            return message


def _rules(ws: ClientConnection) -> dict[str, Any]:
    """The server's answer to a seat asking for the rules of its decision."""
    ws.send(json.dumps({"type": "explain"}))
    return _next_of(ws, "explain")


def test_the_seat_to_act_reads_the_rules_of_its_decision(server: ServerProcess) -> None:
    created = server.create("kingdoms", ["open", "open"], seed=4)
    server.start_table(created)
    table_id = created["table"]["id"]
    first, second = server.token(created, 0), server.token(created, 1)
    viewers = {
        "ko": _connect(server, table_id, first, "ko", None),
        "en": _connect(server, table_id, first, None, "en-US"),
        "other": _connect(server, table_id, second, "ko", None),
        "watcher": _connect(server, table_id, None, "ko", None),
    }
    try:
        seen = {name: _next_game_message(ws) for name, ws in viewers.items()}
        # The rules are not sent with every update, only to a seat that asks.
        assert all("explain" not in message for message in seen.values())
        # Seat 1 (index 0) decides first: asking, it is told the rules of that decision in
        # its language, the very text the terminal's ``?`` shows for its observation.
        for lang in ("ko", "en"):
            told = _rules(viewers[lang])
            assert told["seq"] == seen[lang]["seq"]
            assert told["text"] == _explained(seen[lang], lang)
        assert HANGUL.search(_rules(viewers["ko"])["text"])
        assert _rules(viewers["en"])["text"].isascii()
        # A seat with no decision to make is told no rules (nor anything else of seat 1's);
        # a spectator has no decision to ask about.
        assert _rules(viewers["other"]) == {
            "type": "explain",
            "seq": seen["other"]["seq"],
            "text": None,
        }
        viewers["watcher"].send(json.dumps({"type": "explain"}))
        assert _next_error(viewers["watcher"])["code"] == "spectator"
        # After seat 1's card, seat 2 decides: the answer follows who is to act.
        action = seen["en"]["legal_actions"][0]["id"]
        viewers["en"].send(json.dumps({"type": "act", "seq": seen["en"]["seq"], "action": action}))
        seen = {name: _next_game_message(ws) for name, ws in viewers.items()}
        assert seen["other"]["legal_actions"]
        told = _rules(viewers["other"])
        assert told["text"] == _explained(seen["other"], "ko") and HANGUL.search(told["text"])
        assert _rules(viewers["en"])["text"] is None
    finally:
        for ws in viewers.values():
            ws.close()
