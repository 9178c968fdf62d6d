"""Links in the browser: an invite shows nothing of the deal before the start, and its token
leaves the address bar once the page holds it; the owner link of a table made over the API
opens the owner's view. Before the start the waiting room is headed by what its reader does
there: the owner invites players (with the links), a guest waits for the game to start."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import DESKTOP, Server, assert_hides, hidden_from, join, page_dump

LOCALE = {"en": "en-GB", "ko": "ko-KR"}
I18N = Path(__file__).parents[2] / "src" / "courtly" / "web" / "static" / "i18n"


def held(page: Any, table_id: str) -> dict[str, Any]:
    """What the page keeps for the table in its browser's storage."""
    value: dict[str, Any] = page.evaluate(
        "id => JSON.parse(localStorage.getItem('courtly.table.' + id) || '{}')", table_id
    )
    return value


def test_an_invite_shows_no_hand_before_the_start_and_leaves_no_token_in_the_address(
    browser: Any, server: Server
) -> None:
    created = server.create("courtisans", ["open", "open"], seed=11)
    table_id = created["table"]["id"]
    invites = [s["token"] for s in created["seats"]]
    context = browser.new_context(viewport=DESKTOP)
    page = join(context, server.url + created["seats"][0]["link"], "Alice")
    page.wait_for_selector(".table-page[data-status='waiting'] .waiting")
    # Nothing is dealt for viewers before the start: no board, no card, no log.
    assert page.query_selector(".board-area") is None
    assert page.query_selector(".log") is None
    _text, html = page_dump(page)
    assert "data-card=" not in html
    # The token left the address bar (and so the history), and taking the seat swapped the
    # invite for a token of the page's own.
    assert page.evaluate("location.href") == f"{server.url}/play/{table_id}"
    mine = held(page, table_id)["seats"]["0"]
    assert mine not in invites and invites[0] not in page.url
    # Opening the (used) invite again in this browser is the same seat, and the address is
    # cleaned again.
    page.goto(server.url + created["seats"][0]["link"])
    page.wait_for_selector(".table-page[data-viewer='0']")
    page.wait_for_function("() => !location.hash")
    assert page.query_selector(".notice.error") is None

    other = join(
        browser.new_context(viewport=DESKTOP), server.url + created["seats"][1]["link"], "Bob"
    )
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    page.wait_for_selector(".table-page[data-status='playing'] .board-area")
    other.wait_for_selector(".table-page[data-status='playing'] .board-area")
    state = server.true_state(table_id)
    assert_hides(page, hidden_from(state, 0))
    assert "data-card=" in page_dump(page)[1]  # the seat's own hand is now drawn
    server.post(f"/api/tables/{table_id}/end", token=created["owner"]["token"])
    context.close()
    other.context.close()


def test_the_owner_link_of_a_table_made_over_the_api_opens_the_owner_view(
    browser: Any, server: Server
) -> None:
    created = server.create("courtisans", ["open", "bot:easy"])
    table_id = created["table"]["id"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.url + created["owner"]["link"])
    page.wait_for_selector("#start")
    page.wait_for_function("() => !location.hash")
    assert held(page, table_id)["owner"] == created["owner"]["token"]
    # The owner's controls: the open seat may be given to a bot, then the table started.
    page.click(".seat[data-seat='0'] button.replace")
    page.wait_for_selector(".seat[data-seat='0'][data-state='bot']")
    page.click("#start")
    page.wait_for_selector(".table-page[data-status='playing']")
    # A reload without the link still knows the owner (and is no seat).
    page.reload()
    page.wait_for_selector(".table-page[data-viewer='null']")
    assert held(page, table_id)["owner"] == created["owner"]["token"]
    # Two bots may finish the game first (409: nothing left to end).
    end = server.http.post(
        f"/api/tables/{table_id}/end",
        headers={"Authorization": f"Bearer {created['owner']['token']}"},
    )
    assert end.status_code in (200, 409), end.text
    context.close()


def test_a_spectator_link_leaves_no_token_in_the_address(browser: Any, server: Server) -> None:
    created = server.create("courtisans", ["open", "bot:easy"])
    table_id = created["table"]["id"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.url + created["spectator"]["link"])
    page.wait_for_selector(".table-page[data-viewer='null']")
    page.wait_for_function("() => !location.hash", timeout=5000)
    assert held(page, table_id)["spectator"] == created["spectator"]["token"]
    assert created["spectator"]["token"] not in page.evaluate("location.href")
    context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_guest_waiting_room_is_not_headed_as_inviting_players(
    browser: Any, server: Server, lang: str
) -> None:
    words: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text("utf-8"))
    created = server.create("courtisans", ["open", "open"])
    table_id = created["table"]["id"]
    guest_context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    guest = join(guest_context, server.url + created["seats"][0]["link"], "Alice")
    guest.wait_for_selector(".table-page[data-status='waiting'] .waiting")
    # The guest holds no invitation links, so the box is not headed as if they could invite.
    assert guest.query_selector(".waiting .invites") is None
    assert guest.inner_text("#waiting-title") == words["invite.waiting_title"]
    assert words["invite.wait_owner"] in guest.inner_text(".waiting")
    # The owner, who starts the table and is shown its links, is still asked to invite players.
    owner_context = browser.new_context(viewport=DESKTOP, locale=LOCALE[lang])
    owner = owner_context.new_page()
    owner.goto(server.url + created["owner"]["link"])
    owner.wait_for_selector(".waiting #start")
    assert owner.inner_text("#waiting-title") == words["invite.title"]
    server.post(f"/api/tables/{table_id}/end", token=created["owner"]["token"])
    guest_context.close()
    owner_context.close()
