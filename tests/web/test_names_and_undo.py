"""Names and Undo in the browser: a name full of markup is shown exactly as typed and never
runs; the log names seats by their names; the Undo button is there exactly when the kernel's
rule lets that seat take back the last decision."""

from __future__ import annotations

import time
from typing import Any

from browser_support import DESKTOP, MINE, Server, click_once, join

from courtly.core.registry import load_game
from courtly.core.table import Table

# Markup, an entity and both quotes (at most 32 characters, the name limit).
MARKUP = """<img src=x onerror=p=1>&amp;"'"""


def true_table(server: Server, table_id: str) -> Table:
    """The kernel Table as the server's database holds it now."""
    stored = server.stored(table_id)
    return Table.from_record(load_game(stored.game), stored.record(), seq=stored.seq)


def online_table(browser: Any, server: Server, seed: int) -> tuple[str, dict[str, Any], list[Any]]:
    created = server.create("courtisans", ["open", "open"], seed=seed)
    table_id: str = created["table"]["id"]
    links = [server.url + s["link"] for s in created["seats"]]
    pages = [
        join(browser.new_context(viewport=DESKTOP), links[0], MARKUP),
        join(browser.new_context(viewport=DESKTOP), links[1], "Bob"),
    ]
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    for page in pages:
        page.wait_for_selector(".table-page[data-status='playing']")
    return table_id, created, pages


def play_one(server: Server, table_id: str, pages: list[Any]) -> int:
    """The seat to act clicks its first choice; every page shows the new position. The seat."""
    deadline = time.monotonic() + 60
    while True:
        turn = next((i for i, p in enumerate(pages) if p.query_selector(MINE)), None)
        if turn is not None:
            break
        assert time.monotonic() < deadline, "no page may act"
        time.sleep(0.05)
    # The position every page must reach is counted from the page, not asked of the server:
    # asked right after the click, the server may not have taken the action in yet.
    seq = int(pages[turn].get_attribute(".table-page", "data-seq")) + 1
    click_once(pages[turn], board=False)
    for page in pages:
        page.wait_for_selector(f".table-page[data-seq='{seq}']")
    wait_stored(server, table_id, seq)
    return turn


def wait_stored(server: Server, table_id: str, seq: int) -> None:
    """The database commits in groups, a moment after the pages are told."""
    deadline = time.monotonic() + 30
    while server.stored(table_id).seq != seq:
        assert time.monotonic() < deadline, f"the server never stored position {seq}"
        time.sleep(0.02)


def test_a_name_with_markup_is_shown_as_typed_and_never_runs(browser: Any, server: Server) -> None:
    table_id, _created, pages = online_table(browser, server, seed=5)
    mover = play_one(server, table_id, pages)
    for page in pages:
        names = page.eval_on_selector_all(".seats-bar .name", "els => els.map(e => e.textContent)")
        assert names == [MARKUP, "Bob"]
        assert page.evaluate("() => window.p") is None, "a name ran as markup"
        assert page.query_selector("img[src=x]") is None
        assert page.query_selector(".seats-bar .name *") is None  # text, no elements
        # The log says who by name, never "seat N", for both seats have names.
        log = page.eval_on_selector_all(".log li", "els => els.map(e => e.textContent)")
        assert log and not any("seat 1" in line or "seat 2" in line for line in log)
        assert any(line.startswith([MARKUP, "Bob"][mover]) for line in log), log
    for page in pages:
        page.context.close()


def test_undo_is_offered_exactly_when_the_rule_allows(browser: Any, server: Server) -> None:
    table_id, _created, pages = online_table(browser, server, seed=3)
    seen = set()
    for _ in range(40):
        mover = play_one(server, table_id, pages)
        table = true_table(server, table_id)
        allowed = table.can_undo(mover)
        seen.add(allowed)
        assert (pages[mover].query_selector("button.undo") is not None) == allowed
        assert pages[1 - mover].query_selector("button.undo") is None
        if allowed and False in seen:
            break
    assert seen == {True, False}, "the game never offered an undo, or always did"
    seq = table.seq
    pages[mover].click("button.undo")
    other = pages[1 - mover]
    other.wait_for_selector(".undo-request")
    pages[mover].wait_for_selector("button.undo", state="detached")  # a request is waiting
    other.click(".undo-request button >> nth=0")  # accept
    for page in pages:
        page.wait_for_selector(f".table-page[data-seq='{seq + 1}']")
    wait_stored(server, table_id, seq + 1)
    # The decision before it drew a card or was the other seat's: nothing more to take back.
    again = true_table(server, table_id)
    assert (pages[mover].query_selector("button.undo") is not None) == again.can_undo(mover)
    for page in pages:
        page.context.close()


def test_a_name_being_typed_survives_a_redraw(browser: Any, server: Server) -> None:
    """The page is drawn anew on every message; a player typing their name when another seat
    comes online (a message to every page) keeps what was typed and where the caret was (it
    was wiped, and the empty box then refused the form: a browser test's flake in CI)."""
    created = server.create("courtisans", ["open", "open"], seed=5)
    links = [server.url + s["link"] for s in created["seats"]]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(links[0])
    page.wait_for_selector("#take-name")
    page.click("#take-name")
    page.keyboard.type("Ad")
    other = join(browser.new_context(viewport=DESKTOP), links[1], "Bob")
    # Bob's seat shown here by name: this page was drawn again after Bob took it.
    page.wait_for_function("() => document.querySelector('.seats-bar')?.innerText.includes('Bob')")
    assert page.input_value("#take-name") == "Ad"
    assert page.evaluate("document.activeElement && document.activeElement.id") == "take-name"
    page.keyboard.type("a")  # the caret is where it was: at the end
    assert page.input_value("#take-name") == "Ada"
    page.click(".take-seat button[type=submit]")
    page.wait_for_selector("#take-name", state="detached")
    other.context.close()
    context.close()
