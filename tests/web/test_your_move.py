"""Your move, for a logged-in player, in Chromium in English and Korean: a table without a
clock where it is the account's move is marked on the account page and counted in the tab
title (the table's description says whose move it is), and, once the player turned
notifications on (the browser's permission granted), a table that starts waiting on them
while the page is open brings a browser notification in the reader's language."""

from __future__ import annotations

import secrets
import time
from typing import Any

import pytest
from browser_support import DESKTOP, Server, client_text, english_words

LOCALES = {"en": "en-GB", "ko": "ko-KR"}
TITLE = {"en": "Your move · courtly", "ko": "내 차례 · courtly"}
BADGE = {"en": "Your move", "ko": "내 차례"}
# Records each notification the page makes (the real Notification still shows it).
RECORD_NOTIFICATIONS = """
window.__notes = [];
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, options) {
    super(title, options);
    window.__notes.push({ title, body: options && options.body, tag: options && options.tag });
  }
};
"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_an_unclocked_table_waiting_on_the_account_is_listed_and_notified(
    browser: Any, server: Server, lang: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(RECORD_NOTIFICATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/account")
    page.wait_for_selector("#register-form")
    name = "Ada" + secrets.token_hex(3)
    page.fill("#register-name", name)
    page.fill("#register-password", "correct horse battery")
    page.click("#register-submit")
    page.wait_for_selector("#signed-in")
    # Off until the player turns it on; on, it is remembered.
    assert not page.is_checked("#notify-toggle")
    page.click("#notify-toggle")
    page.wait_for_function("localStorage.getItem('courtly.notify') === '1'")

    # No clock: only the table's description can say whose move it is.
    created = server.create("courtisans", ["open", "bot:random"], seed=2)
    table_id = created["table"]["id"]
    page.goto(server.url + created["seats"][0]["link"])
    page.wait_for_selector("#take-name")
    page.click(".take-seat button[type='submit']")
    page.wait_for_selector("#take-name", state="detached")
    page.goto(server.url + "/account")  # a fresh page: it learns what waits (nothing yet)
    page.wait_for_selector(f"#my-games li[data-table='{table_id}']")
    assert page.is_checked("#notify-toggle")
    assert page.query_selector(".your-move") is None

    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    deadline = time.monotonic() + 30
    while server.get(f"/api/tables/{table_id}")["to_move"] != 0:
        assert time.monotonic() < deadline, "the account's seat never came to move"
        time.sleep(0.1)
    page.click("#nav-account")  # the page stays open: the list is read again
    badge = page.wait_for_selector(f"#my-games li[data-table='{table_id}'] .your-move")
    assert badge.inner_text() == BADGE[lang]
    assert page.title().startswith("(1) "), page.title()
    if lang == "ko":  # the switch and the list in Korean, every word
        words = client_text(page).replace(name, "")
        assert english_words(words) == [], words
    page.wait_for_function("window.__notes.length > 0")
    notes = page.evaluate("window.__notes")
    assert [n["title"] for n in notes] == [TITLE[lang]], notes
    assert notes[0]["tag"] == f"courtly-{table_id}"
    assert errors == []
    context.close()
