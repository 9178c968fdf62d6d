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
    # The second seat's first messages are held until the start has been drawn: the page
    # must know it holds two seats before both have heard from the server (it once showed
    # the first hand without the privacy screen when the start came first).
    late: list[tuple[Any, str | bytes]] = []
    holding = [True]
    links = [0]

    def relay(ws: Any) -> None:
        upstream = ws.connect_to_server()
        links[0] += 1
        second = links[0] == 2

        def to_page(message: str | bytes) -> None:
            if second and holding[0]:
                late.append((ws, message))
            else:
                ws.send(message)

        upstream.on_message(to_page)

    page.route_web_socket("**/api/tables/*/ws", relay)
    open_lobby(page, server.url, "courtisans")
    page.select_option("#seat-kind-1", "hotseat")
    page.fill("#seat-name-0", "Ada")
    page.fill("#seat-name-1", "Bea")
    page.click("#create")
    page.click("#start")
    table_id = page.url.rsplit("/", 1)[-1]
    # The first hand too is shown only once its player asks.
    page.wait_for_selector(f"{PRIVACY}, .table-page[data-status='playing']")
    assert late, "the second seat's messages were not held"
    holding[0] = False
    for ws, message in late:
        ws.send(message)
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
