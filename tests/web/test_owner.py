"""The table's creator gives a seat nobody took to a bot, then starts and plays."""

from __future__ import annotations

from typing import Any

from browser_support import DESKTOP, Server, open_lobby, play_to_end, shown_result


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
