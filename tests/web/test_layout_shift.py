"""No layout shift on the table page (issue 38's budget, a property rather than a timing): the
browser's own layout-shift entries (PerformanceObserver, the shifts without recent input that
Lighthouse's CLS sums) stay at zero from loading a table through a few moves of each game.
The timings (first paint, first render of the board) are figures, not tests:
benchmarks/table_paint.py measures them and docs/web.md shows them."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import DESKTOP, MINE, OVER, Server

OBSERVE = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push([entry.value, entry.sources.map((s) =>
      s.node && s.node.nodeType === 1 ? s.node.tagName + "." + s.node.className : "")]);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def person_page(browser: Any, server: Server, game: str) -> Any:
    created = server.create(game, ["open", "bot:random"], seed=2)
    table_id = created["table"]["id"]
    invite = next(s for s in created["seats"] if s["seat"] == 0)["token"]
    taken = server.post(f"/api/tables/{table_id}/take", invite, name="Ada")
    server.post(f"/api/tables/{table_id}/start", created["owner"]["token"])
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.add_init_script(OBSERVE)

    def slow(route: Any) -> None:
        # The words come after the page is first drawn, as on a slow connection: what is
        # drawn before them must not move when they come.
        time.sleep(0.4)
        route.continue_()

    page.route("**/i18n/**", slow)
    page.goto(server.url + taken["link"])
    return page


@pytest.mark.parametrize("game", ["courtisans", "tudor", "for-the-king", "kingdoms"])
def test_the_table_does_not_shift_while_playing(browser: Any, server: Server, game: str) -> None:
    page = person_page(browser, server, game)
    for _ in range(6):
        page.wait_for_selector(f"{MINE}, {OVER}", timeout=60_000)
        if page.query_selector(OVER):
            break
        before = page.get_attribute(".table-page", "data-state")
        target = page.query_selector(".board-area .pickable") or page.query_selector(
            "button.action:not([disabled])"
        )
        target.click()
        page.wait_for_function(
            "b => document.querySelector('.table-page')?.dataset.state !== b", arg=before
        )
    page.wait_for_timeout(500)
    shifts = page.evaluate("() => window.__shifts")
    assert sum(value for value, _ in shifts) < 0.001, shifts
    page.context.close()
