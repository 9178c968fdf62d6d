"""Quick play in Chromium, in English and Korean: a logged-in player presses "Play now" and
waits at a new rated table; a second player finds it among the lobby's open tables, joins,
and the game starts for both at their own seats. A guest is asked to log in first. While it
waits, the table page (headed as waiting for players, not as inviting them) says it starts
once full and, when bots fill it, at what time."""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from browser_support import DESKTOP, Server, client_text, english_words, screenshot

LOCALE = {"en": "en-GB", "ko": "ko-KR"}
I18N = Path(__file__).parents[2] / "src" / "courtly" / "web" / "static" / "i18n"


def _words(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text("utf-8"))
    return data


def _registered(browser: Any, server: Server, lang: str) -> Any:
    # In UTC, so that the time bots fill a table is the server's time as the page shows it.
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang], timezone_id="UTC")
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
    # Nobody starts a quick table by hand: it starts once full (no bots chosen here).
    words = _words(lang)
    assert first.inner_text("#quick-wait") == words["quick.starts_when_full"]
    assert words["invite.wait_owner"] not in first.inner_text(".waiting")
    assert first.query_selector("#quick-fill") is None

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


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_waiting_quick_table_says_when_bots_fill_it(
    browser: Any, server: Server, lang: str
) -> None:
    # Pools no other test plays by quick play: 3 and 2 players of courtisans.
    players = {"en": "3", "ko": "2"}[lang]
    page = _registered(browser, server, lang)
    page.goto(server.url + "/")
    page.wait_for_selector("#play-now")
    page.select_option("#quick-game", "courtisans")
    page.select_option("#quick-players", players)
    page.check("#quick-bots")
    page.click("#play-now")
    page.wait_for_selector(".table-page[data-status='waiting'] #quick-fill")
    table_id = page.url.split("/play/", 1)[1].split("#", 1)[0]
    table = server.get(f"/api/tables/{table_id}")
    assert table["quick"] is True and table["fill_after"] == 60
    due = datetime.fromisoformat(table["created_at"].rstrip("Z")) + timedelta(seconds=60)
    words = _words(lang)
    # Headed by what it does: nobody is invited by link to a quick table.
    assert page.inner_text("#waiting-title") == words["quick.waiting_title"]
    assert words["invite.title"] not in page.inner_text(".waiting")
    assert page.inner_text("#quick-wait") == words["quick.starts_when_full"]
    assert words["invite.wait_owner"] not in page.inner_text(".waiting")
    before, after = words["quick.bots_at"].split("{time}")
    fill = page.inner_text("#quick-fill")
    assert fill.startswith(before) and fill.endswith(after), fill
    # The page's language tells the clock's form (12 hours in both); the time is the due one.
    assert f"{due.hour % 12 or 12:02d}:{due.minute:02d}" in fill, (fill, due)
    if lang == "ko":
        # The player's own name (latin letters here) is shown in the page's sentences.
        text = client_text(page).replace(table["seats"][0]["name"], "")
        assert english_words(text) == [], text
    screenshot(page, f"quick-bots-at-{lang}")
    page.context.close()
