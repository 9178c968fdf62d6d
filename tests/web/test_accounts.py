"""Accounts in Chromium, in English and Korean: register on the account page, log out and in
again, take a seat by an invite link while logged in (the seat then bears the account's name
and is listed among the player's games), log out from the page; and delete the account, its
game kept under a deleted player."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from browser_support import DESKTOP, Server, client_text, english_words, screenshot

LOCALE = {"en": "en-GB", "ko": "ko-KR"}
PASSWORD = "correct horse battery"


def _log_in(page: Any, kind: str, name: str, typed: str | None = None) -> None:
    """Log in (or register) as ``name``, typed as ``typed`` (another case is the same name)."""
    page.fill(f"#{kind}-name", typed or name)
    page.fill(f"#{kind}-password", PASSWORD)
    page.click(f"#{kind}-submit")
    page.wait_for_selector("#signed-in")
    assert name in page.inner_text("#signed-in")
    assert page.inner_text("#nav-account") == name


def _log_out(page: Any, lang: str) -> None:
    page.click("#logout")
    page.wait_for_selector("#login-form")
    assert page.inner_text("#nav-account") == {"en": "Log in", "ko": "로그인"}[lang]


def _words_are_the_clients(page: Any, lang: str) -> None:
    if lang == "ko":
        text = client_text(page)
        assert english_words(text) == [], text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_register_log_in_take_a_seat_and_log_out(browser: Any, server: Server, lang: str) -> None:
    name = {"en": "Ada", "ko": "에이다"}[lang] + secrets.token_hex(3)
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.click("#nav-account")
    page.wait_for_selector("#register-form")
    _words_are_the_clients(page, lang)
    _log_in(page, "register", name)
    _log_out(page, lang)
    _log_in(page, "login", name, name.upper())
    _words_are_the_clients(page, lang)

    created = server.create("kingdoms", ["open", "bot:random"], options={"turn_limit": 6})
    table_id = created["table"]["id"]
    page.goto(server.url + created["seats"][0]["link"])
    page.wait_for_selector("#take-name")
    assert page.input_value("#take-name") == name  # the account's name, as the seat will bear
    page.click(".take-seat button[type='submit']")
    page.wait_for_function(
        "id => !document.querySelector('#take-name')", arg=table_id, timeout=30_000
    )
    seat = server.get(f"/api/tables/{table_id}")["seats"][0]
    assert seat["name"] == name and seat["account"] is True, seat

    page.goto(server.url + "/account")
    page.wait_for_selector(f"#my-games li[data-table='{table_id}']")
    screenshot(page, f"account-{lang}")
    _words_are_the_clients(page, lang)
    _log_out(page, lang)
    context.close()


def test_deleting_the_account_keeps_its_game_under_a_deleted_player(
    browser: Any, server: Server
) -> None:
    name = "Del" + secrets.token_hex(3)
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(server.url + "/account")
    page.wait_for_selector("#register-form")
    _log_in(page, "register", name)
    created = server.create("kingdoms", ["open", "bot:random"], options={"turn_limit": 6})
    table_id = created["table"]["id"]
    page.goto(server.url + created["seats"][0]["link"])
    page.click(".take-seat button[type='submit']")
    page.wait_for_function("() => !document.querySelector('#take-name')")
    page.goto(server.url + "/account")
    page.wait_for_selector("#delete-form")
    page.fill("#delete-password", PASSWORD)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#delete-submit")
    page.wait_for_selector("#register-form")
    seat = server.get(f"/api/tables/{table_id}")["seats"][0]
    assert seat["name"] is None and seat["deleted"] is True
    page.goto(server.url + "/")
    row = f".table-list li:has(a[href='/play/{table_id}'])"
    page.wait_for_selector(row)
    assert "deleted player" in page.inner_text(row)
    context.close()
