"""Korean: a Korean browser gets the lobby in Korean; the switch is remembered; a table
reads in Korean. Text the server sends (event log, choices, rule texts) is marked
data-source="server" and is the server's to translate (the Korean catalogue issue);
everything the client itself writes must be Korean, except proper names."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import (
    DESKTOP,
    PHONE,
    ROMAN,
    Server,
    click_once,
    client_text,
    english_words,
    screenshot,
    wait_turn,
)


def test_korean_lobby_and_table(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    assert page.get_attribute("html", "lang") == "ko"
    assert english_words(client_text(page)) == []
    assert "새 테이블" in page.inner_text("body")
    screenshot(page, "ko-lobby")
    # A free-form option's hint (a placeholder, which innerText leaves out) is Korean too.
    page.select_option("#form-game", "kingdoms")
    assert page.get_attribute("#opt-kingdoms-turn_limit", "placeholder") == "1 이상의 정수"
    page.select_option("#form-game", "courtisans")
    page.fill("#seat-name-0", "가람")
    page.select_option("#seat-kind-1", "bot")
    page.click("#create")
    page.click("#start")
    assert wait_turn(page) == "mine"
    text = client_text(page)
    assert english_words(text) == [], text
    assert "여왕의 테이블" in page.inner_text(".board-area")
    screenshot(page, "ko-table")
    page.set_viewport_size(PHONE)
    screenshot(page, "ko-table-phone")
    context.close()


def test_the_language_switch_is_remembered(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    assert "New table" in page.inner_text("body")
    assert english_words(client_text(page)), "the check sees English where there is some"
    page.select_option("#lang", "ko")
    page.wait_for_selector("text=새 테이블")
    page.reload()
    page.wait_for_selector(".game-card")
    assert page.get_attribute("html", "lang") == "ko"
    assert english_words(client_text(page)) == []
    page.select_option("#lang", "en")
    page.wait_for_selector("text=New table")
    context.close()


def test_a_korean_kingdoms_table_reads_the_servers_texts_in_korean(
    browser: Any, server: Server
) -> None:
    """The log and the choices (written by the server for this viewer) are Korean too."""
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", "kingdoms")
    hint = page.inner_text("#new-table .hint >> nth=0")
    assert english_words(hint) == [], hint  # the option's help, from the game's catalogue
    page.fill("#seat-name-0", "가람")
    page.select_option("#seat-kind-1", "bot")
    page.click("#create")
    page.click("#start")
    for _ in range(4):
        if wait_turn(page) != "mine":
            break
        choices = page.inner_text(".choices .actions")
        assert choices.strip() and english_words(choices) == [], choices
        click_once(page, board=False)
    page.wait_for_selector(".log li")
    log = page.inner_text(".log")
    # The bot seat reads in the log as in the seats bar ("봇 2 (쉬움)"), never as a number.
    assert "봇 2 (쉬움)" in log and "자리" not in log and english_words(log) == [], log
    assert "{" not in log
    screenshot(page, "ko-kingdoms-log")
    # The switch to English reconnects: the same log, now in English.
    page.select_option("#lang", "en")
    # (seats with a name read by it in the log, so look for the events' own English words)
    page.wait_for_function(
        "() => /\\b(turn \\d+ begins|duel)\\b/.test(document.querySelector('.log')?.innerText)"
    )
    context.close()


@pytest.mark.parametrize("game", ["tudor", "courtisans", "for-the-king", "kingdoms"])
def test_every_board_reads_in_korean_server_texts_included(
    browser: Any, server: Server, game: str
) -> None:
    """The whole table page, what the server wrote included (log, choices, the observation's
    words such as Courtisans' missions), holds no English beyond proper names and the
    chambers' Roman numerals (which the Korean rulebook keeps)."""
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", game)
    page.fill("#seat-name-0", "가람")
    page.select_option("#seat-kind-1", "bot")
    page.click("#create")
    page.click("#start")
    assert wait_turn(page) == "mine"
    text = page.inner_text("main")
    assert [w for w in english_words(text) if w not in ROMAN] == [], text
    context.close()
