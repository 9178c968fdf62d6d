"""Rated games in Chromium, in English and Korean: a logged-in player makes a rated table in
the lobby (hints cannot be chosen with it), plays it to the end against a bot of a named
level, and finds the rating on their public profile (with its graph and the game's replay
link) and on the game's leaderboard, all in the page's language."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from browser_support import DESKTOP, Server, client_text, english_words, play_to_end, screenshot

LOCALE = {"en": "en-GB", "ko": "ko-KR"}


def _words_are_the_clients(page: Any, lang: str) -> None:
    if lang == "ko":
        text = client_text(page)
        assert english_words(text) == [], text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_rated_game_shows_on_the_profile_and_leaderboard(
    browser: Any, server: Server, lang: str
) -> None:
    name = {"en": "Rae", "ko": "레이"}[lang] + secrets.token_hex(3)
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    page = context.new_page()
    page.goto(server.url + "/account")
    page.fill("#register-name", name)
    page.fill("#register-password", "correct horse battery")
    page.click("#register-submit")
    page.wait_for_selector("#signed-in")

    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", "kingdoms")
    page.select_option("#seat-kind-1", "bot")
    page.select_option("#seat-level-1", "random")
    limit = page.locator("#opt-kingdoms-turn_limit")
    if limit.evaluate("el => el.tagName") == "SELECT":
        page.select_option("#opt-kingdoms-turn_limit", label="6")
    else:
        limit.fill("6")
    page.check("#form-hints")
    page.check("#form-rated")
    # Rated, the table gives no hints: the box is cleared and cannot be ticked.
    assert not page.is_checked("#form-hints") and page.is_disabled("#form-hints")
    _words_are_the_clients(page, lang)
    page.click("#create")
    page.click("#start")
    play_to_end(page)
    table_id = page.url.rsplit("/", 1)[1]

    page.goto(server.url + "/account")
    page.click("#my-profile")
    # The rating is counted just after the end: the profile shows it once counted.
    for _ in range(50):
        page.wait_for_selector("#ratings, #no-ratings")
        if page.query_selector("#ratings"):
            break
        page.wait_for_timeout(200)
        page.reload()
    page.wait_for_selector("#ratings li")
    page.wait_for_selector("svg.rating-graph circle")
    page.wait_for_selector(
        f"#finished-games li[data-table='{table_id}'] a[href='/replay/{table_id}']"
    )
    assert page.inner_text("h1") == name
    _words_are_the_clients(page, lang)
    screenshot(page, f"profile-{lang}")

    page.click("#ratings li a")  # to the pool's leaderboard
    page.wait_for_selector(f"#provisional a:text-is('{name}')")
    assert page.input_value("#board-game") == "kingdoms"
    _words_are_the_clients(page, lang)
    screenshot(page, f"leaderboard-{lang}")
    context.close()
