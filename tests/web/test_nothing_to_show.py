"""Addresses that show nothing say why, in words, with a way on: a player nobody is named
(with the server's line naming whom), a replay of no game, and a replay of a game still being
played, not started or stopped before its end, which leads to its table instead of a broken
replay."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import DESKTOP, PHONE, Server

NO_PLAYER = {
    "en": ("There is no such player.", "no player is named 'Nobody'"),
    "ko": ("그런 플레이어가 없습니다.", "'Nobody'라는 이름의 플레이어가 없습니다"),
}
LOCALE = {"en": "en-GB", "ko": "ko-KR"}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_profile_of_nobody(browser: Any, server: Server, lang: str) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    page = context.new_page()
    page.goto(server.url + "/players/Nobody")
    page.wait_for_selector("#nothing-here")
    heading, reason = NO_PLAYER[lang]
    assert page.inner_text("#nothing-here h1") == heading
    assert reason in page.inner_text("#nothing-here"), page.inner_text("#nothing-here")
    # Not a refusal: no banner says the server refused anything.
    assert page.inner_text("#banner").strip() == ""
    assert page.query_selector("#nothing-here a#to-lobby") is not None
    page.click("#nothing-here a#to-leaderboards")
    page.wait_for_selector("#board-game")
    context.close()


def test_a_replay_of_no_game_leads_back(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=PHONE, locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + "/replay/doesnotexist4")
    page.wait_for_selector("#nothing-here")
    assert page.inner_text("#nothing-here h1") == "그런 게임이 없습니다."
    assert page.inner_text("#banner").strip() == ""
    page.click("#nothing-here a#to-lobby")
    page.wait_for_selector(".game-card")
    context.close()


WORDS = {
    "playing": "아직 진행 중입니다",
    "waiting": "아직 시작하지 않았습니다",
    "ended": "끝나기 전에 중단되어",
}


@pytest.mark.parametrize("status", ["playing", "waiting", "ended"])
def test_a_replay_of_a_game_still_played_leads_to_its_table(
    browser: Any, server: Server, status: str
) -> None:
    created = server.create("kingdoms", ["hotseat", "bot:random"], seed=5)
    table_id = created["table"]["id"]
    token = created["owner"]["token"]
    if status != "waiting":
        server.post(f"/api/tables/{table_id}/start", token=token)
    if status == "ended":  # its owner closed it before its end: nothing to replay either
        server.post(f"/api/tables/{table_id}/end", token=token)
    assert server.get(f"/api/tables/{table_id}")["status"] == status
    context = browser.new_context(viewport=PHONE, locale="ko-KR")
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#nothing-here")
    assert WORDS[status] in page.inner_text("#nothing-here h1")
    # No refusal shown, and no half-drawn replay: no step buttons, no review asked for.
    page.wait_for_timeout(500)
    assert page.inner_text("#banner").strip() == ""
    assert page.query_selector("#replay-step") is None
    assert page.query_selector("#review-start") is None
    assert not [url for url in asked if "/reviews/" in url], asked
    page.click("#nothing-here a#to-table")
    page.wait_for_selector(".table-page")
    assert page.url.endswith(f"/play/{table_id}")
    context.close()
