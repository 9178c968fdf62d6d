"""A seat that runs out of time at a table whose clock policy is "lose" ends the game: the
live pages say at once that the game is over and show the result panel (who won, and that a
seat ran out of time) above the board and the log, which stay; a reload shows the same. The
seat that runs out here never moved, nor did anyone before it: the table ended at its first
position (the server once sent such a table's pages no board after a reload)."""

from __future__ import annotations

import time
from typing import Any

from browser_support import DESKTOP, Server, join


def _over(page: Any, loser: str, winners: list[str]) -> None:
    page.wait_for_selector("#result .time-out", timeout=30_000)
    assert page.get_attribute(".table-page", "data-status") == "ended"
    assert page.inner_text(".table-head .turn") == "The game is over"
    assert page.query_selector(".table-head .phase") is None
    shown = page.inner_text("#result .winners")
    assert shown.startswith("Winners:"), shown
    for name in winners:
        assert name in shown, (name, shown)
    assert loser not in shown, shown
    assert loser in page.inner_text("#result .time-out")
    assert "ran out of time" in page.inner_text("#result .time-out")
    # The board and the log stay under the result; nothing is left to choose.
    assert page.query_selector(".board-area") is not None
    assert page.query_selector("ol.log li") is not None
    assert page.query_selector("button.action:not([disabled])") is None


def test_a_seat_that_runs_out_of_time_ends_the_game_with_its_result(
    browser: Any, server: Server
) -> None:
    pace = {"kind": "fischer", "initial_seconds": 6, "increment_seconds": 0, "policy": "lose"}
    created = server.create("for-the-king", ["open", "open", "bot:easy"], seed=5, pace=pace)
    table_id = created["table"]["id"]
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    errors: list[str] = []
    ada = join(context, server.url + created["seats"][0]["link"], "Ada")
    ada.on("pageerror", lambda exc: errors.append(str(exc)))
    other = browser.new_context(viewport=DESKTOP, locale="en-GB")
    bea = join(other, server.url + created["seats"][1]["link"], "Bea")
    bea.on("pageerror", lambda exc: errors.append(str(exc)))
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])

    # Nobody moves: the first person to act runs out of time.
    deadline = time.monotonic() + 60
    while (info := server.get(f"/api/tables/{table_id}"))["status"] == "playing":
        assert time.monotonic() < deadline, "no seat ran out of time"
        time.sleep(0.2)
    assert info["status"] == "ended", info
    result = info["result"]
    assert result is not None and isinstance(result["time_out"], int), result
    names = ["Ada", "Bea", info["seats"][2]["name"] or ""]
    loser = names[result["time_out"]]
    winners = [names[seat] for seat in result["winners"] if info["seats"][seat]["kind"] != "bot"]
    assert loser in ("Ada", "Bea")

    for page in (ada, bea):
        _over(page, loser, winners)
    ada.reload()
    _over(ada, loser, winners)
    assert errors == []
    context.close()
    other.close()
