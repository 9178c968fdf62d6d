"""The lobby's open tables in Chromium: a table opened by another client appears in the list
while one looks at the lobby, without reloading it; once the lobby is left it is no longer
asked for."""

from __future__ import annotations

from typing import Any

from browser_support import DESKTOP, Server


def test_a_table_opened_elsewhere_appears_without_reload(browser: Any, server: Server) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#open-tables h2")
    reads: list[str] = []
    page.on("request", lambda r: reads.append(r.url) if "status=active" in r.url else None)
    loads: list[str] = []
    page.on("load", lambda _: loads.append("load"))

    # Another client (the API) opens a table.
    created = server.create("kingdoms", ["open", "bot:random"])
    table_id = created["table"]["id"]
    page.wait_for_selector(f"#open-tables li[data-table='{table_id}']", timeout=20_000)
    assert loads == [], "the lobby was reloaded"
    assert page.is_visible(f"#open-tables li[data-table='{table_id}'] a[href='/play/{table_id}']")

    # Left for another view (in the page, no reload): the list is no longer read.
    page.click("a[href='/history']")
    page.wait_for_url("**/history")
    reads.clear()
    page.wait_for_timeout(7_000)
    assert reads == []
    page.context.close()
