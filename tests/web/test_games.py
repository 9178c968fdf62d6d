"""Each game played to the end in the browser against a bot, by clicking (on the board
where it offers something, else the listed choices); the result shown is the server's."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import (
    DESKTOP,
    PHONE,
    Server,
    open_lobby,
    play_to_end,
    screenshot,
    shown_result,
    wait_turn,
)

# Kingdoms is played with a short turn limit (a game option) to keep the suite quick.
GAMES = {
    "courtisans": {},
    "tudor": {},
    "for-the-king": {},
    "kingdoms": {"turn_limit": "12"},
}


def create_in_lobby(page: Any, server: Server, game: str, options: dict[str, str]) -> str:
    open_lobby(page, server.url, game)
    page.select_option("#seat-kind-0", "hotseat")
    page.fill("#seat-name-0", "Ada")
    page.select_option("#seat-kind-1", "bot")
    page.select_option("#seat-level-1", "random")
    for name, value in options.items():
        page.fill(f"#opt-{game}-{name}", value)
    page.click("#create")
    page.wait_for_selector("#start")
    table_id: str = page.url.rsplit("/", 1)[-1].split("#")[0]
    page.click("#start")
    return table_id


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_against_a_bot(browser: Any, server: Server, game: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table_id = create_in_lobby(page, server, game, GAMES[game])
    # A few moves in, every board is photographed at desktop and phone sizes.
    for _ in range(4):
        if wait_turn(page) != "mine":
            break
        page.click("button.action >> nth=0")
        page.wait_for_timeout(100)
    wait_turn(page)
    screenshot(page, f"{game}-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, f"{game}-phone")
    # On a phone the page reflows (no sideways scrolling) and every control is a touch
    # target of at least 44 px.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, select, a.button, [role=button]')]
              .map((el) => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
              .filter(([, r]) => r.width > 0 && (r.height < 44 || r.width < 44))
              .map(([html]) => html)"""
    )
    assert small == []
    page.set_viewport_size(DESKTOP)
    play_to_end(page)
    totals, winners = shown_result(page)
    screenshot(page, f"{game}-result")
    record = server.get(f"/api/tables/{table_id}/record")
    assert record["result"] is not None
    assert totals == pytest.approx(record["result"]["scores"])
    assert winners == record["result"]["winners"]
    assert errors == []
    context.close()
