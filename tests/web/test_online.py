"""Two browsers play one online table to the end; one reloads mid-game, the other loses
its page and opens its link again; a spectator watches. Neither the opponent's page nor
the spectator's ever holds a card hidden from it (checked against the true state)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import (
    DESKTOP,
    MINE,
    OVER,
    Server,
    assert_hides,
    click_once,
    hidden_from,
    join,
    screenshot,
    shown_result,
)


def test_two_browsers_play_online_with_a_reload_a_reconnect_and_a_spectator(
    browser: Any, server: Server
) -> None:
    created = server.create("courtisans", ["open", "open"], seed=11)
    table_id = created["table"]["id"]
    links = {s["seat"]: server.url + s["link"] for s in created["seats"]}
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(3)]
    pages = [join(contexts[0], links[0], "Alice"), join(contexts[1], links[1], "Bob")]
    spectator = contexts[2].new_page()
    spectator.goto(server.url + created["spectator"]["link"])
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    spectator.wait_for_selector(".table-page[data-status='playing']")
    # A spectator has no choices of its own: the panel says whose move it is.
    assert spectator.inner_text("#choices-title") == "Whose move"
    assert pages[0].inner_text("#choices-title") == "Your choices"
    moves = 0
    deadline = time.monotonic() + 240
    while not all(p.query_selector(OVER) for p in pages):
        assert time.monotonic() < deadline, "the online game did not end in time"
        turn = next((p for p in pages if p.query_selector(MINE)), None)
        if turn is None:
            time.sleep(0.05)
            continue
        click_once(turn, board=moves % 2 == 0)
        moves += 1
        if moves % 6 == 0:
            server.wait_seq(table_id, [*pages, spectator])
            state = server.true_state(table_id)
            for seat, page in enumerate(pages):
                assert_hides(page, hidden_from(state, seat))
            assert_hides(spectator, hidden_from(state, None))
            # The check can fail: seat 0's own page does show what seat 1 may not see.
            with pytest.raises(AssertionError):
                assert_hides(pages[0], hidden_from(state, 1))
        if moves == 15:
            pages[0].reload()
            pages[0].wait_for_selector(".table-page[data-status='playing']")
        if moves == 30:
            pages[1].close()
            pages[1] = contexts[1].new_page()
            pages[1].goto(links[1])
            pages[1].wait_for_selector(".table-page[data-status='playing']")
    screenshot(spectator, "courtisans-spectator")
    record = server.get(f"/api/tables/{table_id}/record")
    for page in [*pages, spectator]:
        totals, winners = shown_result(page)
        assert totals == record["result"]["scores"]
        assert winners == record["result"]["winners"]
    for context in contexts:
        context.close()
