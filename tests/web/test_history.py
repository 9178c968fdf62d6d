"""History: a finished table is listed, and its replay viewer steps through the game,
jumps to a move, shows any seat's view, and ends on the result of the record."""

from __future__ import annotations

from typing import Any

from browser_support import DESKTOP, PHONE, Server, finished_bot_table, screenshot, shown_result


def test_history_and_replay_viewer(browser: Any, server: Server) -> None:
    table_id = finished_bot_table(server, "courtisans", 3)
    record = server.get(f"/api/tables/{table_id}/record")
    steps = len(record["actions"])
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.url + "/history")
    page.click(f"li[data-table='{table_id}'] a[href='/replay/{table_id}']")
    page.wait_for_selector("#replay-step")
    page.wait_for_function(f"() => document.querySelector('#replay-slider').max === '{steps}'")
    assert page.query_selector(".board-area .board") is not None
    # Before the first move the log says so rather than stand empty.
    assert page.is_visible(".log-panel p.muted")
    page.click("button[aria-label='Step forward']")
    page.wait_for_function("() => document.querySelector('#replay-slider').value === '1'")
    assert page.query_selector_all(".log li"), "the first move's events are shown"
    assert not page.is_visible(".log-panel p.muted")
    page.select_option("#replay-viewer", "1")
    page.wait_for_selector(".board-area .hand .card")
    page.click("button[aria-label='Last move']")
    totals, winners = shown_result(page)
    assert totals == record["result"]["scores"]
    assert winners == record["result"]["winners"]
    screenshot(page, "replay")
    # On a phone "Seen by" stays beside its list (it once ended the slider's line, its list
    # alone on the next).
    page.set_viewport_size(PHONE)
    label, chooser = (
        page.locator(selector).bounding_box()
        for selector in ("label[for='replay-viewer']", "#replay-viewer")
    )
    assert label is not None and chooser is not None
    assert abs((label["y"] + label["height"] / 2) - (chooser["y"] + chooser["height"] / 2)) < 4
    assert label["x"] < chooser["x"]
    context.close()


def test_result_and_replay_routes(server: Server) -> None:
    waiting = server.create("kingdoms", ["open", "bot:random"])["table"]["id"]
    # Before the end neither route answers: a replay would show what is still hidden.
    for path in ("result", "replay?step=0"):
        response = server.http.get(f"/api/tables/{waiting}/{path}")
        assert response.status_code == 409, path
    table_id = finished_bot_table(server, "kingdoms", 5, turn_limit=6)
    record = server.get(f"/api/tables/{table_id}/record")
    result = server.get(f"/api/tables/{table_id}/result")
    assert result["scores"] == record["result"]["scores"]
    assert result["winners"] == record["result"]["winners"]
    assert [s["total"] for s in result["breakdown"]["seats"]] == record["result"]["scores"]
    steps = len(record["actions"])
    last = server.get(f"/api/tables/{table_id}/replay?step={steps}&viewer=0")
    assert last["observation"]["to_act"] is None
    assert last["breakdown"] == result["breakdown"]
    assert server.http.get(f"/api/tables/{table_id}/replay?step={steps + 1}").status_code == 400
    assert server.http.get(f"/api/tables/{table_id}/replay?viewer=2").status_code == 400
