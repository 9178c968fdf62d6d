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


NAMES = ["Anne", "Bess", "Cate"]


def three_on_one_device(browser: Any, server: Server) -> Any:
    """A Tudor table made in the lobby with all three seats played on this device (Anne,
    Bess, Cate), started: the page shows its first privacy screen."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    open_lobby(page, server.url, "tudor")
    page.select_option("#form-players", "3")
    for seat, name in enumerate(NAMES):
        page.select_option(f"#seat-kind-{seat}", "hotseat")
        page.fill(f"#seat-name-{seat}", name)
    page.click("#create")
    # Before the start the device plays every seat, not the one whose view is drawn.
    page.wait_for_selector("#start")
    assert who(page) == "This device plays Anne, Bess, and Cate"
    page.click("#start")
    return page


def who(page: Any) -> str:
    """The heading's line saying whom this page plays (without the sound toggle beside it)."""
    text: str = page.eval_on_selector(".table-head .who", "el => el.firstChild.textContent")
    return text


def privacy_seat(page: Any) -> int:
    page.wait_for_selector(PRIVACY)
    return int(page.get_attribute(".privacy", "data-seat"))


def test_the_move_just_made_is_taken_back_before_the_next_hand_is_shown(
    browser: Any, server: Server
) -> None:
    """After Anne's move the device shows "pass it to Bess": Anne takes her move back from
    there, without Bess's hand being shown, and the device goes back to Anne's privacy screen.
    A seat's own board never offers "Undo my last move" for another seat's move (it once did:
    Bess's board took back Anne's move under those words, and only once Bess's hand was shown)."""
    from courtly.core.registry import load_game
    from courtly.core.table import Table

    page = three_on_one_device(browser, server)
    table_id = page.url.rsplit("/", 1)[-1]
    first = privacy_seat(page)
    assert page.query_selector("#privacy-undo") is None  # nothing was played yet
    page.click(PRIVACY)
    assert wait_turn(page) == "mine"
    assert page.query_selector("button.undo") is None
    seq = int(page.get_attribute(".table-page", "data-seq"))
    click_once(page, board=False)
    following = privacy_seat(page)
    assert following != first
    stored = server.stored(table_id)
    assert stored.seq == seq + 1
    assert Table.from_record(load_game(stored.game), stored.record(), seq=stored.seq).can_undo(
        first
    )
    # The privacy screen for the next player offers the mover's undo, named for the mover,
    # and nothing of anyone's hand.
    assert page.query_selector(".board-area") is None
    undo = page.locator("#privacy-undo")
    assert undo.inner_text() == f"{NAMES[first]}: take back my move"
    assert "Undo my last move" not in page.inner_text("body")
    screenshot(page, "hotseat-undo-offered")
    undo.click()
    # The device goes back to the mover, behind the privacy screen again.
    page.wait_for_selector(f".privacy[data-seat='{first}']")
    assert page.query_selector(".board-area") is None
    assert page.query_selector("#privacy-undo") is None
    assert server.stored(table_id).seq == seq + 2  # an undo is a new position
    screenshot(page, "hotseat-undo-privacy")
    page.click(PRIVACY)
    assert wait_turn(page) == "mine"
    assert int(page.get_attribute(".table-page", "data-viewer")) == first
    assert page.query_selector("button.undo") is None
    # Played again, then shown to the next player: the undo on that board names whose move
    # it takes back, and takes the device back to the mover's privacy screen.
    click_once(page, board=False)
    assert privacy_seat(page) == following
    page.click(PRIVACY)
    page.wait_for_selector(f".table-page[data-viewer='{following}']")
    button = page.locator("button.undo")
    assert button.inner_text() == f"Take back {NAMES[first]}'s move"
    assert "Undo my last move" not in page.inner_text("body")
    button.click()
    assert privacy_seat(page) == first
    assert page.query_selector(".board-area") is None
    page.context.close()


def test_a_reload_mid_game_shows_the_privacy_screen_first(browser: Any, server: Server) -> None:
    """A hot-seat page reloaded mid-game (while the device was being handed over, or at any
    time) shows the privacy screen before any hand: it once drew the seat to act's hand at
    once, whoever held the device."""
    page = three_on_one_device(browser, server)
    first = privacy_seat(page)
    page.click(PRIVACY)
    assert wait_turn(page) == "mine"
    click_once(page, board=False)
    following = privacy_seat(page)
    assert following != first
    # Whatever the page draws from the reload on is watched, a board drawn for a moment too.
    page.add_init_script(
        """window.__privacySeats = [];
           new MutationObserver(() => {
             if (document.querySelector('.board-area .board')) window.__boardShown = true;
             const screen = document.querySelector('.privacy');
             if (screen) window.__privacySeats.push(screen.dataset.seat);
           }).observe(document, { childList: true, subtree: true });"""
    )
    page.reload()
    page.wait_for_selector(PRIVACY)
    # The privacy screen names the seat to act from the first: never another seat's for a
    # moment while the seat to act's snapshot is on its way.
    assert privacy_seat(page) == following
    page.wait_for_timeout(500)  # every seat's snapshot has come by now
    assert page.evaluate("() => window.__boardShown === undefined")
    # No other seat was named on the privacy screen for a moment either.
    assert set(page.evaluate("() => window.__privacySeats")) == {str(following)}
    assert page.query_selector(".board-area .board") is None
    page.context.close()
