"""The lists of finished games tell a player's games apart, in English and Korean: the history,
a player's profile and the account's own games give each game's date (in the reader's language
and locale), every seat's score and where the player came (won, a place, lost: the history says
the reader's own result where the browser played a seat). And every page naming a game names
it in the reader's language: the titles are the games' own catalogues', not /api/games' English
ones (a Korean leaderboard once read "Kingdoms, 2인")."""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    DESKTOP,
    Server,
    open_lobby,
    open_profile,
    play_rated_game,
)

from courtly.analysis.ratings import placings_of

LOCALE = {"en": "en-GB", "ko": "ko-KR"}
CATALOGUES = Path(__file__).parents[2] / "src" / "courtly" / "web" / "static" / "i18n"


def _catalogue(lang: str) -> dict[str, str]:
    words: dict[str, str] = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
    return words


def _standing(words: dict[str, str], place: int, players: int) -> str:
    """What the page says of a place (a two-seat game here: won or lost)."""
    assert players == 2
    return words["finished.won"] if place == 1 else words["finished.lost"]


def _date_as_the_reader_reads_it(page: Any, iso: str) -> str:
    shown: str = page.evaluate(
        "([iso, locale]) => new Date(iso).toLocaleString(locale,"
        " { dateStyle: 'medium', timeStyle: 'short' })",
        [iso, page.evaluate("() => navigator.language")],
    )
    return shown


_SECOND = timedelta(seconds=1)


def _moment(iso: str) -> datetime:
    return datetime.fromisoformat(iso.removesuffix("Z"))


def _titles(server: Server, lang: str) -> dict[str, str]:
    """Each game's title in ``lang``, from the games' own catalogues (as the server has them)."""
    games = server.get(f"/api/i18n/{lang}")["games"]
    return {name: words["game.title"] for name, words in games.items()}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_finished_games_say_when_who_scored_what_and_where_the_player_came(
    browser: Any, server: Server, lang: str
) -> None:
    words = _catalogue(lang)
    titles = _titles(server, lang)
    name = {"en": "Fin", "ko": "핀"}[lang] + secrets.token_hex(3)
    context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    page = context.new_page()
    page.goto(server.url + "/account")
    page.fill("#register-name", name)
    page.fill("#register-password", "correct horse battery")
    page.click("#register-submit")
    page.wait_for_selector("#signed-in")
    table_id = play_rated_game(page, server.url)
    info = server.get(f"/api/tables/{table_id}")
    scores, place = info["result"]["scores"], placings_of(info["result"])[0]
    standing = _standing(words, place, 2)

    # The profile: the date, the player's result, every seat's score.
    open_profile(page, server.url, name)
    row = page.locator(f"#finished-games li[data-table='{table_id}']")
    row.wait_for()
    # The stored end (the live table's differs by microseconds from it).
    ended = row.locator("time").get_attribute("datetime")
    assert ended is not None and abs(_moment(ended) - _moment(info["finished_at"])) < _SECOND
    when = _date_as_the_reader_reads_it(page, ended)
    assert row.locator("time").inner_text() == when
    assert row.locator(".standing").inner_text() == standing
    line = row.locator(".score-line").inner_text()
    assert line.startswith(f"{name}: {scores[0]:g} · ") and line.endswith(f": {scores[1]:g}"), line
    assert row.locator("strong").inner_text().startswith(titles["kingdoms"])

    # The history: the same, and the reader's own result (this browser played seat 0).
    page.goto(server.url + "/history")
    row = page.locator(f"li[data-table='{table_id}']")
    row.wait_for()
    assert row.locator("strong").inner_text() == titles["kingdoms"]
    assert row.locator("time").inner_text() == when
    assert row.locator(".score-line").inner_text() == line
    mine = words["finished.yours"].replace("{name}", name).replace("{standing}", standing)
    assert row.locator(".standing").inner_text() == mine

    # The account's own games: the same date, scores and the account's result.
    page.goto(server.url + "/account")
    row = page.locator(f"#my-games li[data-table='{table_id}']")
    row.wait_for()
    assert row.locator("strong").inner_text() == titles["kingdoms"]
    assert row.locator("time").inner_text() == when
    assert row.locator(".score-line").inner_text() == line
    assert row.locator(".standing").inner_text() == standing
    context.close()


def test_a_korean_reader_reads_every_game_title_in_korean(browser: Any, server: Server) -> None:
    titles = _titles(server, "ko")
    english = {g["name"]: g["title"] for g in server.get("/api/games")}
    assert all(titles[name] != english[name] for name in english)
    context = browser.new_context(viewport=DESKTOP, locale="ko-KR")
    page = context.new_page()
    # The leaderboard: its choice of games and its heading.
    page.goto(f"{server.url}/leaderboard/tudor?players=2")
    page.wait_for_selector("#ranked, #ranked-none")
    options = page.eval_on_selector_all("#board-game option", "os => os.map((o) => o.text)")
    assert options == [titles[g["name"]] for g in server.get("/api/games")]
    assert page.inner_text("#board-title").startswith(titles["tudor"])
    # The lobby's cards and the replay's heading.
    open_lobby(page, server.url, "courtisans")
    cards = page.eval_on_selector_all(
        ".game-card", "cs => cs.map((c) => [c.dataset.game, c.querySelector('h2').textContent])"
    )
    assert cards and all(title == titles[game] for game, title in cards), cards
    table_id = next(
        tb["id"]
        for tb in server.get("/api/tables?status=history")
        if tb["status"] == "finished" and tb["game"] == "kingdoms"
    )
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    assert titles["kingdoms"] in page.inner_text("h1")
    assert english["kingdoms"] not in page.inner_text("h1")
    context.close()
