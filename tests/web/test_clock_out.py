"""A seat whose clock ran out is played by a stand-in bot (policy "bot"); *I'm back* is offered
only where coming back gives the seat time: at a Fischer table without an increment its clock
stays empty, so the page says a bot plays the seat to the end instead of a button that would
lose the turn at once."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import DESKTOP, Server, join


def _stood_in(server: Server, table_id: str) -> int:
    """The seat a stand-in plays, once one does."""
    deadline = time.monotonic() + 60
    while not (stand_in := server.get(f"/api/tables/{table_id}")["clock"]["stand_in"]):
        assert time.monotonic() < deadline, "no seat ran out of time"
        time.sleep(0.2)
    return int(stand_in[0])


@pytest.mark.parametrize(("increment", "shown"), [(0, "#clock-out"), (30, "#clock-back")])
def test_im_back_is_offered_only_where_it_gives_time(
    browser: Any, server: Server, increment: int, shown: str
) -> None:
    pace = {"kind": "fischer", "initial_seconds": 4, "increment_seconds": increment}
    created = server.create("for-the-king", ["open", "open", "bot:easy"], seed=5, pace=pace)
    table_id = created["table"]["id"]
    pages = []
    for seat, name in enumerate(("Ada", "Bea")):
        context = browser.new_context(viewport=DESKTOP, locale="en-GB")
        pages.append(join(context, server.url + created["seats"][seat]["link"], name))
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    seat = _stood_in(server, table_id)
    page = pages[seat]
    page.wait_for_selector(shown, timeout=30_000)
    other = "#clock-back" if shown == "#clock-out" else "#clock-out"
    assert page.query_selector(other) is None
    if shown == "#clock-out":
        assert "a bot plays your seat to the end" in page.inner_text(shown)
    for each in pages:
        each.context.close()
