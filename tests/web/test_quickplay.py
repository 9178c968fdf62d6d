"""Quick play in Chromium, in English and Korean: a logged-in player presses "Play now" and
waits at a new rated table; a second player finds it among the lobby's open tables, joins,
and the game starts for both at their own seats. A guest is asked to log in first."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from browser_support import DESKTOP, Server, client_text, english_words, screenshot

LOCALE = {"en": "en-GB", "ko": "ko-KR"}


def _registered(browser: Any, server: Server, lang: str) -> Any:
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    page = context.new_page()
    page.goto(server.url + "/account")
    page.fill("#register-name", "q" + secrets.token_hex(4))
    page.fill("#register-password", "correct horse battery")
    page.click("#register-submit")
    page.wait_for_selector("#signed-in")
    return page


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_play_now_and_join_start_a_rated_game(browser: Any, server: Server, lang: str) -> None:
    guest = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang]).new_page()
    guest.goto(server.url + "/")
    guest.wait_for_selector("#quick-play a[href='/account']")
    assert guest.query_selector("#play-now") is None
    guest.context.close()

    # A pool no other test plays by quick play on this server: 2 to 5 players of courtisans.
    players = {"en": "4", "ko": "5"}[lang]
    first = _registered(browser, server, lang)
    first.goto(server.url + "/")
    first.wait_for_selector("#play-now")
    if lang == "ko":
        assert english_words(client_text(first)) == []
    first.select_option("#quick-game", "courtisans")
    first.select_option("#quick-players", players)
    first.click("#play-now")
    first.wait_for_selector(".table-page[data-status='waiting']")
    table_id = first.url.split("/play/", 1)[1].split("#", 1)[0]
    assert first.get_attribute(".table-page", "data-viewer") == "0"

    joiners = [_registered(browser, server, lang) for _ in range(int(players) - 1)]
    for seat, page in enumerate(joiners, start=1):
        page.goto(server.url + "/")
        page.click(f"button[data-join='{table_id}']")
        page.wait_for_selector(f".table-page[data-viewer='{seat}']")
        if seat == 1:
            screenshot(page, f"quick-join-{lang}")
    for page in [first, *joiners]:
        page.wait_for_selector(".table-page[data-status='playing']")
    assert server.get(f"/api/tables/{table_id}")["rated"] is True
    for page in [first, *joiners]:
        page.context.close()
