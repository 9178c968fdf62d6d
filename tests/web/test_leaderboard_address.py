"""The leaderboard's address always names a pool the page shows: another game keeps the player
count where that game is played at it and else takes the game's smallest (never an empty
``?players=``), and a count the game is not played at is corrected in the heading, the box
and the address alike, with no refusal from the server beside it."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_support import DESKTOP, Server


def _address(page: Any) -> str:
    url = urlsplit(page.url)
    return f"{url.path}?{url.query}"


def _shows(page: Any, title: str) -> None:
    """Wait for the page drawn for ``title``'s pool: the address changes first, and the page
    is drawn once the games' list has come."""
    page.wait_for_function(
        "t => document.querySelector('#board-title')?.textContent === t", arg=title
    )


def test_another_game_keeps_a_count_it_is_played_at(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(server.url + "/leaderboard/courtisans?players=5")
    _shows(page, "Courtisans, 5 players")
    page.select_option("#board-game", "kingdoms")  # for exactly 2 players
    _shows(page, "Kingdoms, 2 players")
    assert _address(page) == "/leaderboard/kingdoms?players=2"
    assert page.input_value("#board-players") == "2"
    page.select_option("#board-game", "tudor")
    _shows(page, "Tudor, 2 players")
    assert _address(page) == "/leaderboard/tudor?players=2"
    page.select_option("#board-players", "3")
    _shows(page, "Tudor, 3 players")
    page.select_option("#board-game", "courtisans")
    _shows(page, "Courtisans, 3 players")
    assert _address(page) == "/leaderboard/courtisans?players=3"
    assert page.input_value("#board-players") == "3"
    context.close()


@pytest.mark.parametrize(
    ("asked", "shown"),
    [
        ("/leaderboard/kingdoms?players=3", "/leaderboard/kingdoms?players=2"),
        ("/leaderboard/kingdoms?players=", "/leaderboard/kingdoms?players=2"),
        ("/leaderboard/tudor?players=two", "/leaderboard/tudor?players=2"),
        ("/leaderboard/courtisans?players=9", "/leaderboard/courtisans?players=2"),
    ],
)
def test_a_count_the_game_is_not_played_at_is_corrected(
    browser: Any, server: Server, asked: str, shown: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = context.new_page()
    page.goto(server.url + asked)
    page.wait_for_selector("#board-title")
    page.wait_for_selector("#ranked, #ranked-none")
    assert _address(page) == shown
    assert page.input_value("#board-players") == "2"
    assert page.inner_text("#board-title").endswith(", 2인")
    assert page.inner_text("#banner").strip() == ""
    context.close()
