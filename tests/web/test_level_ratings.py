"""The lobby offers each bot level with its rating in the game beside it, in the reader's
language ("hard · about 1,650"), from the server's catalogue (courtly.analysis.ratings)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import DESKTOP, Server, open_lobby

from courtly.analysis.ratings import bot_ratings


@pytest.mark.parametrize(
    ("locale", "label"),
    [("en-GB", "{level} · about {rating:,}"), ("ko-KR", "{level} · 약 {rating:,}점")],
)
def test_the_lobby_shows_each_levels_rating(
    browser: Any, server: Server, locale: str, label: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    try:
        for game in ("tudor", "kingdoms"):
            open_lobby(page, server.url, game)
            page.select_option("#seat-kind-1", "bot")
            shown = page.eval_on_selector_all(
                "#seat-level-1 option", "os => Object.fromEntries(os.map(o => [o.value, o.text]))"
            )
            names = {"en-GB": {"hard": "hard", "random": "random moves"}}.get(
                locale, {"hard": "어려움", "random": "무작위 수"}
            )
            ratings = bot_ratings(game)
            for level, name in names.items():
                assert shown[level] == label.format(level=name, rating=ratings[level])
    finally:
        context.close()
