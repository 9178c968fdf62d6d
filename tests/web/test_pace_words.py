"""A clock's time in words, in both languages: seconds under a minute, else whole minutes and
seconds (never a fraction of a minute: a 45-second clock once read "0.8 min each")."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import DESKTOP, PHONE, Server

PACES = {
    "en": [
        (45, 0, "A clock per player: 45 s each, 0 s added after each turn."),
        (90, 5, "A clock per player: 1 min 30 s each, 5 s added after each turn."),
        (600, 90, "A clock per player: 10 min each, 1 min 30 s added after each turn."),
    ],
    "ko": [
        (45, 0, "플레이어마다 시계: 각자 45초, 차례가 끝날 때마다 0초 추가."),
        (90, 5, "플레이어마다 시계: 각자 1분 30초, 차례가 끝날 때마다 5초 추가."),
        (600, 90, "플레이어마다 시계: 각자 10분, 차례가 끝날 때마다 1분 30초 추가."),
    ],
}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_clock_is_told_in_minutes_and_seconds(browser: Any, server: Server, lang: str) -> None:
    context = browser.new_context(viewport=DESKTOP, locale={"en": "en-GB", "ko": "ko-KR"}[lang])
    page = context.new_page()
    for initial, added, words in PACES[lang]:
        pace = {"kind": "fischer", "initial_seconds": initial, "increment_seconds": added}
        created = server.create("kingdoms", ["open", "bot:random"], seed=1, pace=pace)
        page.goto(server.url + created["spectator"]["link"])
        page.wait_for_selector("#clock .pace")
        assert page.inner_text("#clock .pace") == words
    context.close()


def test_the_create_button_stands_clear_of_the_pace_box(browser: Any, server: Server) -> None:
    """On a phone, the form's button sits apart from the pace's box above it, not against its
    border."""
    context = browser.new_context(viewport=PHONE, locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    pace = page.locator("fieldset.pace").bounding_box()
    button = page.locator("#create").bounding_box()
    assert pace is not None and button is not None
    assert button["y"] - (pace["y"] + pace["height"]) >= 8, (pace, button)
    context.close()
