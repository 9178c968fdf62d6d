"""Whom a page says it plays before anyone sits: an invite's page before its name is given is
an invitation to a seat, not "You play Seat 1 (open)" (no one's name). (A hot-seat device
holding every seat names them all: tests/web/test_hotseat.py.)"""

from __future__ import annotations

from typing import Any

from browser_support import DESKTOP, Server


def who(page: Any) -> str:
    """The heading's line saying whom this page plays (without the sound toggle beside it)."""
    text: str = page.eval_on_selector(".table-head .who", "el => el.firstChild.textContent")
    return text


def test_an_invite_before_its_name_is_an_invitation(browser: Any, server: Server) -> None:
    created = server.create("courtisans", ["open", "open"], seed=2)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.url + created["seats"][0]["link"])
    page.wait_for_selector("#take-name")
    assert who(page) == "You are invited to seat 1"
    page.fill("#take-name", "Ada")
    page.click(".take-seat button[type=submit]")
    page.wait_for_selector("#take-name", state="detached")
    page.wait_for_function(
        "() => document.querySelector('.table-head .who').textContent.startsWith('You play Ada')"
    )
    assert who(page) == "You play Ada"
    context.close()
