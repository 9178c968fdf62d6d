"""Rated games in Chromium, in English and Korean: a logged-in player makes a rated table in
the lobby (hints cannot be chosen with it), plays it to the end against a bot of a named
level, and finds the rating on their public profile (with its graph and the game's replay
link) and on the game's leaderboard, all in the page's language. The leaderboard places the
bots' levels among the people at their fixed ratings."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import quote

import pytest
from browser_support import (
    DESKTOP,
    Server,
    client_text,
    english_words,
    open_lobby,
    open_profile,
    play_rated_game,
    screenshot,
)

from courtly.agents.levels import level_name
from courtly.analysis.ratings import bot_ratings

LOCALE = {"en": "en-GB", "ko": "ko-KR"}
# A narrow phone's screen (many Android phones are 360 pixels wide).
NARROW_PHONE = {"width": 360, "height": 780}


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

    open_lobby(page, server.url, "kingdoms")
    page.check("#form-hints")
    page.check("#form-rated")
    # Rated, the table gives no hints: the box is cleared and cannot be ticked.
    assert not page.is_checked("#form-hints") and page.is_disabled("#form-hints")
    _words_are_the_clients(page, lang)
    table_id = play_rated_game(page, server.url)

    page.goto(server.url + "/account")
    page.wait_for_selector("#my-profile")
    assert page.get_attribute("#my-profile", "href") == f"/players/{quote(name)}"
    open_profile(page, server.url, name)
    page.wait_for_selector("#ratings li")
    page.wait_for_selector("svg.rating-graph circle")
    page.wait_for_selector(
        f"#finished-games li[data-table='{table_id}'] a[href='/replay/{table_id}']"
    )
    assert page.inner_text("h1") == name
    _words_are_the_clients(page, lang)
    screenshot(page, f"profile-{lang}")
    _the_graph_reads_on_a_phone(browser, server, name, lang)

    page.click("#ratings li a")  # to the pool's leaderboard
    page.wait_for_selector(f"#provisional a:text-is('{name}')")
    assert page.input_value("#board-game") == "kingdoms"
    _words_are_the_clients(page, lang)
    screenshot(page, f"leaderboard-{lang}")
    context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_leaderboard_places_the_bots_at_their_fixed_ratings(
    browser: Any, server: Server, lang: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    page = context.new_page()
    page.goto(server.url + "/leaderboard/tudor?players=3")
    levels = bot_ratings("tudor", 3)  # the page's pool: three players
    page.wait_for_selector("#ranked tr.bot-row[data-bot='hard']")
    rows = page.query_selector_all("#ranked tbody tr")
    shown = [float(row.query_selector_all("td")[1].inner_text()) for row in rows]
    assert shown == sorted(shown, reverse=True)  # people and bots by rating, strongest first
    for level, rating in levels.items():
        row = page.query_selector(f"#ranked tr.bot-row[data-bot='{level}']")
        assert row.query_selector_all("td")[1].inner_text() == str(rating)
        name = row.query_selector("th").inner_text()
        # The level in the reader's language, marked as a bot; no rank of its own.
        assert name.startswith(level_name(level, lang)), name
        assert row.query_selector(".bot-badge") is not None
        assert row.query_selector_all("td")[0].inner_text() == ""
    # The three-seat calibration's numbers, not the two-seat ones.
    assert levels["hard"] != bot_ratings("tudor", 2)["hard"]
    _words_are_the_clients(page, lang)
    screenshot(page, f"leaderboard-bots-{lang}")
    context.close()


def _the_graph_reads_on_a_phone(browser: Any, server: Server, name: str, lang: str) -> None:
    """The drawing is scaled to the screen (about 0.55 of its width on a 360-pixel phone):
    no word is drawn inside it. The 1500 line's figure is page text over it, at the page's
    size (drawn inside, larger on a phone, it still read 10 pixels there), and each line's
    pool and last rating are a legend in the page's own text (inside they read 7 pixels)."""
    context = browser.new_context(viewport=NARROW_PHONE, locale=LOCALE[lang])
    page = context.new_page()
    open_profile(page, server.url, name)
    page.wait_for_selector("svg.rating-graph circle")
    # The pixels a word of the figure is drawn at: its font size, scaled with the drawing
    # where it is inside it.
    size = page.evaluate(
        """() => {
          const word = [...document.querySelectorAll('.rating-figure *')].find(
            (el) => el.children.length === 0 && el.textContent === '1500');
          const font = parseFloat(getComputedStyle(word).fontSize);
          const svg = word.closest('svg');
          return svg ? font * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : font;
        }"""
    )
    assert size >= 12, size
    # At the baseline's height, in the margin left of the lines.
    tick = page.locator(".rating-figure :text-is('1500')").bounding_box()
    baseline = page.locator("svg.rating-graph .baseline").bounding_box()
    assert tick is not None and baseline is not None
    assert abs(tick["y"] + tick["height"] / 2 - baseline["y"]) < 2
    assert tick["x"] + tick["width"] <= baseline["x"] + 1
    assert page.query_selector_all("svg.rating-graph text") == []
    legend = page.query_selector_all(".rating-legend li")
    assert len(legend) == len(page.query_selector_all("svg.rating-graph g.pool")) == 1
    # The line's last rating and pool, as the ratings above name them.
    pool = page.inner_text("#ratings li a")
    rating = page.inner_text("#ratings li strong")
    assert legend[0].inner_text().strip() == f"{rating} · {pool}"
    right = page.evaluate(
        "() => document.querySelector('.rating-legend li span').getBoundingClientRect().right"
    )
    assert right <= NARROW_PHONE["width"], right
    screenshot(page, f"profile-phone-{lang}")
    context.close()
