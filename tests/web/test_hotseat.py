"""Hot-seat: two seats in one browser; between their turns the privacy screen hides the
previous seat's hand until the next player asks to see theirs."""

from __future__ import annotations

from typing import Any

from browser_support import (
    DESKTOP,
    PRIVACY,
    Server,
    assert_hides,
    click_once,
    hidden_from,
    open_lobby,
    screenshot,
    wait_turn,
)


def test_the_privacy_screen_hides_the_previous_hand(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    open_lobby(page, server.url, "courtisans")
    page.select_option("#seat-kind-1", "hotseat")
    page.fill("#seat-name-0", "Ada")
    page.fill("#seat-name-1", "Bea")
    page.click("#create")
    page.click("#start")
    table_id = page.url.rsplit("/", 1)[-1]
    # The first hand too is shown only once its player asks.
    assert wait_turn(page) == "privacy"
    assert page.query_selector(".board-area") is None
    page.click(PRIVACY)
    assert wait_turn(page) == "mine"
    first = int(page.get_attribute(".table-page", "data-viewer"))
    while wait_turn(page) == "mine":
        click_once(page)
    page.wait_for_selector(PRIVACY)
    state = server.true_state(table_id)
    following = 1 - first
    assert state.current_player == following
    # Nothing of the previous seat is left in the page, and no board at all.
    assert_hides(page, hidden_from(state, following) | hidden_from(state, None))
    assert page.query_selector(".board-area") is None
    assert page.query_selector(".log") is None
    assert "Bea" in page.inner_text(".privacy") or "Ada" in page.inner_text(".privacy")
    screenshot(page, "hotseat-privacy")
    page.click(PRIVACY)
    page.wait_for_selector(f".table-page[data-viewer='{following}']")
    context.close()
