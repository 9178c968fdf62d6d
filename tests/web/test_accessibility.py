"""Accessibility, checked by axe-core (the npm registry's package, pinned in
tools/typecheck/package.json and installed by `npm ci --prefix tools/typecheck`; used by the
tests only, never shipped): no violation of any of its rules on the lobby, each game's
table mid-game and ended, the history, a replay, the account pages (a guest's and a
logged-in player's), a waiting quick-play table, a player's profile with its rating graph and
a leaderboard (with the bots' rows), in English and in Korean."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    DESKTOP,
    Server,
    finished_bot_table,
    open_profile,
    play_rated_game,
    wait_turn,
)

ROOT = Path(__file__).parent.parent.parent
AXE = ROOT / "tools" / "typecheck" / "node_modules" / "axe-core" / "axe.min.js"
GAMES = {"courtisans": {}, "tudor": {}, "for-the-king": {}, "kingdoms": {"turn_limit": 6}}


@pytest.fixture(scope="module")
def axe() -> Path:
    if not AXE.exists():
        reason = f"axe-core is missing at {AXE}: npm ci --prefix tools/typecheck (.ci/run does)"
        # CI installs it: there a missing one is a failure, never a quiet skip.
        if os.environ.get("COURTLY_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return AXE


def test_axe_is_the_pinned_package(axe: Path) -> None:
    package = json.loads((ROOT / "tools" / "typecheck" / "package.json").read_text())
    installed = json.loads((axe.parent / "package.json").read_text())
    assert installed["version"] == package["devDependencies"]["axe-core"]


def violations(page: Any, axe: Path) -> list[str]:
    """Every axe-core violation on the page now, one readable line each."""
    page.add_script_tag(path=str(axe))
    result: dict[str, Any] = page.evaluate("() => axe.run(document)")
    return [
        f"{v['id']}: {v['help']} — " + " | ".join(n["html"][:100] for n in v["nodes"][:4])
        for v in result["violations"]
    ]


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, str]:
    """One finished table of bots per game: its id."""
    return {game: finished_bot_table(server, game, 7, **options) for game, options in GAMES.items()}


def new_table(page: Any, server: Server, game: str) -> None:
    """A table of this page's seat against a bot, started, at this seat's first turn."""
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", game)
    page.select_option("#seat-kind-1", "bot")
    page.click("#create")
    page.click("#start")
    assert wait_turn(page) == "mine"


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_no_axe_violation_anywhere(
    browser: Any, server: Server, axe: Path, finished: dict[str, str], locale: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def check(where: str) -> None:
        page.wait_for_timeout(100)
        if problems := violations(page, axe):
            found[where] = problems

    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    check("lobby")
    for game in GAMES:
        new_table(page, server, game)
        # A few moves in: the board as it is mid-game.
        for _ in range(3):
            page.click("button.action >> nth=0")
            if wait_turn(page) != "mine":
                break
        check(f"{game} mid-game")
        page.goto(f"{server.url}/play/{finished[game]}")
        page.wait_for_selector("#result tbody tr")
        check(f"{game} ended")
    page.goto(server.url + "/history")
    page.wait_for_selector(f"li[data-table='{finished['courtisans']}']")
    check("history")
    page.goto(f"{server.url}/replay/{finished['kingdoms']}")
    page.wait_for_selector("#replay-step")
    page.wait_for_selector(".board-area .board")
    check("replay")
    # The account pages: a guest's forms, then the logged-in player's page.
    page.goto(server.url + "/account")
    page.wait_for_selector("#register-form")
    check("account (guest)")
    name = "axe" + locale[:2] + secrets.token_hex(3)
    page.fill("#register-name", name)
    page.fill("#register-password", "correct horse battery")
    page.click("#register-submit")
    page.wait_for_selector("#my-games-title ~ *")
    check("account (logged in)")
    page.goto(server.url + "/")
    page.wait_for_selector("#play-now")
    check("lobby (logged in: quick play)")
    # A waiting quick-play table with bots to come: its waiting words (a pool of Tudor no
    # other test plays by quick play, one per language: 4 and 3 players).
    page.select_option("#quick-game", "tudor")
    page.select_option("#quick-players", "4" if locale == "en-GB" else "3")
    page.check("#quick-bots")
    page.click("#play-now")
    page.wait_for_selector(".table-page[data-status='waiting'] #quick-fill")
    check("quick table, waiting")
    # The players' pages: a profile with a rated game (its graph) and the game's leaderboard.
    play_rated_game(page, server.url)
    open_profile(page, server.url, name)
    page.wait_for_selector("svg.rating-graph circle")
    check("profile")
    page.goto(server.url + "/leaderboard/kingdoms?players=2")
    page.wait_for_selector("#provisional")
    check("leaderboard")
    context.close()
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
