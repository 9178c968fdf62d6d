"""The table's creator gives a seat nobody took to a bot, then starts and plays."""

from __future__ import annotations

from typing import Any

from browser_support import DESKTOP, PHONE, Server, join, open_lobby, play_to_end, shown_result


def test_the_owner_gives_an_open_seat_to_a_bot(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    open_lobby(page, server.url, "courtisans")
    page.select_option("#seat-kind-1", "open")
    page.click("#create")
    page.wait_for_selector(".invites .link")
    invite = page.input_value(".invites li:first-child .link")
    assert "/play/" in invite and "#token=" in invite
    table_id = page.url.rsplit("/", 1)[-1]
    page.click("#start")  # refused: seat 2 is still open
    page.wait_for_selector(".notice.error")
    page.click(".seat[data-seat='1'] button.replace")
    page.wait_for_selector(".seat[data-seat='1'][data-state='bot']")
    page.click("#start")
    play_to_end(page)
    totals, winners = shown_result(page)
    record = server.get(f"/api/tables/{table_id}/record")
    assert (totals, winners) == (record["result"]["scores"], record["result"]["winners"])
    context.close()


def test_the_owner_mutes_only_other_people_and_shares_the_watch_link_after_the_start(
    browser: Any, server: Server
) -> None:
    """The chat's mute buttons are for the people at the other seats (not the owner's own
    seat, not a seat nobody took, not a bot); once the game is under way the owner still finds
    the spectators' link (the waiting room that showed it is gone)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    open_lobby(page, server.url, "courtisans")
    page.select_option("#form-players", "3")
    page.select_option("#seat-kind-1", "open")
    page.select_option("#seat-kind-2", "bot")
    page.click("#create")
    page.wait_for_selector(".invites .link")
    assert page.inner_text(".waiting .hint").startswith("1 seat still open")
    assert page.query_selector_all(".chat-mute") == []
    invite = page.input_value(".invites li:first-child .link")
    spectators = page.input_value(".invites li:last-child .link")
    guest = join(browser.new_context(viewport=PHONE), invite, "Bea")
    page.wait_for_selector(".seat[data-seat='1'][data-state='online']")
    mutes = page.eval_on_selector_all(".chat-mute", "bs => bs.map((b) => b.dataset.seat)")
    assert mutes == ["1"], mutes
    page.click("#start")
    page.wait_for_selector(".table-page[data-phase]")
    page.click(".share summary")
    assert page.input_value(".share .link") == spectators
    guest.context.close()
    context.close()
