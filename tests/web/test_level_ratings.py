"""The lobby offers each bot level with its rating in the game beside it, in the reader's
language ("hard · about 1,650"), from the server's catalogue (courtly.analysis.ratings): the
rating at the table's player count, which follows the count chosen in the form."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import DESKTOP, Server, open_lobby

from courtly.analysis.ratings import bot_ratings


def _shown(page: Any, seat: int) -> dict[str, str]:
    shown: dict[str, str] = page.eval_on_selector_all(
        f"#seat-level-{seat} option", "os => Object.fromEntries(os.map(o => [o.value, o.text]))"
    )
    return shown


@pytest.mark.parametrize(
    ("locale", "label"),
    [("en-GB", "{level} · about {rating:,}"), ("ko-KR", "{level} · 약 {rating:,}점")],
)
def test_the_lobby_shows_each_levels_rating_at_the_tables_count(
    browser: Any, server: Server, locale: str, label: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    names = {"en-GB": {"hard": "hard", "random": "random moves"}}.get(
        locale, {"hard": "어려움", "random": "무작위 수"}
    )

    def labels(game: str, players: int) -> dict[str, str]:
        ratings = bot_ratings(game, players)
        return {
            level: label.format(level=name, rating=ratings[level]) for level, name in names.items()
        }

    try:
        open_lobby(page, server.url, "kingdoms")
        page.select_option("#seat-kind-1", "bot")
        assert {level: _shown(page, 1)[level] for level in names} == labels("kingdoms", 2)

        open_lobby(page, server.url, "tudor")
        page.select_option("#seat-kind-1", "bot")
        page.select_option("#seat-level-1", "hard")
        assert {level: _shown(page, 1)[level] for level in names} == labels("tudor", 2)
        # Four players: every seat's list says the four-seat ratings, the seat chosen is kept.
        page.select_option("#form-players", "4")
        four = labels("tudor", 4)
        assert four != labels("tudor", 2)
        for seat in range(4):
            assert {level: _shown(page, seat)[level] for level in names} == four
        assert page.input_value("#seat-kind-1") == "bot"
        assert page.input_value("#seat-level-1") == "hard"
        page.select_option("#form-players", "3")
        assert page.query_selector("#seat-level-3") is None
        assert {level: _shown(page, 1)[level] for level in names} == labels("tudor", 3)
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_each_level_is_described_in_plain_words(browser: Any, server: Server, locale: str) -> None:
    """A level's tooltip says what it is like to play against, in the page's language: never
    the search it stands for (`ismcts:iterations=...`, `samples=N`), never an English name."""
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    try:
        open_lobby(page, server.url, "tudor")
        page.select_option("#seat-kind-1", "bot")
        titles: dict[str, str] = page.eval_on_selector_all(
            "#seat-level-1 option", "os => Object.fromEntries(os.map(o => [o.value, o.title]))"
        )
        assert set(titles) >= {"easy", "medium", "hard", "random", "greedy"}, titles
        for level, title in titles.items():
            assert title, level
            assert re.search(r"=|ismcts|iterations|samples|spec", title) is None, title
            if locale == "ko-KR":
                assert re.search(r"[A-Za-z]{2,}", title) is None, title
        assert len(set(titles.values())) == len(titles), titles
    finally:
        context.close()
