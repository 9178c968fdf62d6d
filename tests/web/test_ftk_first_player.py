"""For the King's board names the round's first player through the round: during its auction
the observation names the first player in the auction (it bids first), and the board, which
read only the top-level field, said "First player —" for most of a replay."""

from __future__ import annotations

from typing import Any

from browser_support import DESKTOP, Server, finished_bot_table


def test_the_first_player_is_named_during_an_auction(browser: Any, server: Server) -> None:
    table_id = finished_bot_table(server, "for-the-king", 6)
    steps = len(server.get(f"/api/tables/{table_id}/record")["actions"])
    # A step in an auction, where only the auction names the first player.
    step, first = next(
        (step, shown["observation"]["auction"]["first_player"])
        for step in range(steps)
        for shown in [server.get(f"/api/tables/{table_id}/replay?step={step}")]
        if "first_player" not in shown["observation"] and "auction" in shown["observation"]
    )
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    page.fill("#replay-slider", str(step))
    page.wait_for_function(
        "text => document.querySelector('#replay-step').textContent === text",
        arg=f"Before move {step + 1} of {steps}",
    )
    page.wait_for_selector(".for-the-king .auction")
    name = page.inner_text(f".for-the-king .players-table tbody tr:nth-child({first + 1}) th")
    stat = page.locator(".for-the-king .stats .stat", has_text="First player")
    assert stat.locator("b").inner_text() == name
    context.close()
