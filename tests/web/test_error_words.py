"""Refusals and dead ends in words, where the person looks: a refused or failed request in the
Korean phone lobby is said in view, without the browser's error name, "null" or an HTTP code;
an address of nothing, a table that is not there, an invitation used already and a replay of
no game each say so once, in words, and lead back to the lobby."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import DESKTOP, PHONE, Server, join

TECHNICAL = re.compile(r"TypeError|Failed to fetch|null|HTTP|\b\d{3}\b|token|토큰", re.IGNORECASE)


def _phone_lobby(browser: Any, server: Server) -> tuple[Any, Any]:
    context = browser.new_context(viewport=PHONE, locale="ko-KR", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", "kingdoms")
    page.select_option("#seat-kind-1", "bot")
    return context, page


@pytest.mark.parametrize(
    ("refusal", "expected"),
    [
        ("network", "서버에 연결할 수 없습니다"),
        ("500", "서버에 문제가 생겼습니다"),
        ("500-json", "서버에 문제가 생겼습니다"),
    ],
)
def test_a_refused_new_table_is_said_in_view_in_words(
    browser: Any, server: Server, refusal: str, expected: str
) -> None:
    context, page = _phone_lobby(browser, server)

    def refuse(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
        elif refusal == "network":
            route.abort("failed")
        elif refusal == "500":
            route.fulfill(status=500, body="Internal Server Error", content_type="text/plain")
        else:
            route.fulfill(status=500, body='{"detail": null}', content_type="application/json")

    page.route("**/api/tables", refuse)
    page.locator("#create").tap()
    notice = page.locator("#banner .notice.error")
    notice.wait_for()
    text = notice.inner_text()
    assert expected in text, text
    assert TECHNICAL.search(text) is None, text
    # Where the person looks: the tap was far below the banner on a phone.
    page.wait_for_function(
        "() => { const r = document.querySelector('#banner .notice.error').getBoundingClientRect();"
        " return r.top > -2 && r.bottom < innerHeight + 2; }",
        timeout=5_000,
    )
    assert page.is_enabled("#create")
    context.close()


def _nothing_here(page: Any, words: str) -> None:
    page.wait_for_selector("#nothing-here")
    body = page.inner_text("#app") + page.inner_text("#banner")
    assert body.count(words) == 1, body
    assert TECHNICAL.search(body) is None, body
    assert "…" not in body, body  # not left "Loading…"
    page.click("#nothing-here a#to-lobby")
    page.wait_for_selector(".game-card")
    assert re.fullmatch(r"http://[^/]+/", page.url), page.url


def test_a_table_that_is_not_there(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(server.url + "/play/doesnotexist1")
    _nothing_here(page, "There is no such table.")
    context.close()


def test_an_address_of_nothing_is_the_clients_page(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = context.new_page()
    answer = page.goto(server.url + "/nonsense/path")
    assert answer is not None and answer.status == 404
    _nothing_here(page, "그런 페이지가 없습니다.")
    assert "detail" not in page.content()
    context.close()


def test_an_invitation_opened_again_after_its_seat_was_taken(browser: Any, server: Server) -> None:
    created = server.create("kingdoms", ["open", "bot:random"], seed=3)
    link = server.url + created["seats"][0]["link"]
    first = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    join(first, link, "Ada")
    second = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = second.new_page()
    page.goto(link)
    _nothing_here(page, "초대 링크는 한 번만 쓸 수 있어서 이미 자리를 잡는 데 쓰였거나")
    assert "이 테이블의 것이 아닙니다" not in page.inner_text("body")
    first.close()
    second.close()


def test_a_replay_of_no_game(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + "/replay/doesnotexist3")
    _nothing_here(page, "그런 게임이 없습니다.")
    context.close()
