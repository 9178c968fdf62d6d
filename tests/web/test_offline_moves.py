"""No move is lost silently while the link to the server is down. The page's websocket goes
through a Playwright route standing for the network: "down" closes it and refuses every new
one (the page then shows "Connection lost: reconnecting"), "up" lets them through to the real
server again. While down, the seat's chip says offline and nothing can be chosen (the
choices disabled, the board not clickable, the choices saying why); once back, the move is
made. A move the link lost on its way (sent, never received) is said after the reconnect."""

from __future__ import annotations

import re
from typing import Any

from browser_support import DESKTOP, MINE, Server, click_once, join


class Network:
    """The page's websockets, through a route: up (to the real server) or down."""

    def __init__(self) -> None:
        self.down = False
        self.drop_acts = False  # the next act is lost, and the link with it
        self.links: list[tuple[Any, Any]] = []

    def route(self, ws: Any) -> None:
        if self.down:
            ws.close()
            return
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if self.drop_acts and '"act"' in str(message):
                self.drop_acts = False
                self.cut()
                return
            server.send(message)

        ws.on_message(from_page)
        self.links.append((ws, server))

    def cut(self) -> None:
        for ws, server in self.links:
            server.close()
            ws.close()
        self.links.clear()


def _seated(browser: Any, server: Server) -> tuple[Any, Any, Network, str]:
    created = server.create("kingdoms", ["open", "bot:random"], seed=7)
    table_id = created["table"]["id"]
    network = Network()
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    context.route_web_socket(re.compile(r"/ws$"), network.route)
    page = join(context, server.url + created["seats"][0]["link"], "Ada")
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    page.wait_for_selector(MINE, timeout=30_000)
    return context, page, network, table_id


def test_nothing_can_be_chosen_while_the_server_is_out_of_reach(
    browser: Any, server: Server
) -> None:
    context, page, network, table_id = _seated(browser, server)
    seq = server.stored(table_id).seq
    network.down = True
    network.cut()
    page.wait_for_selector(".table-page[data-connected='0']")
    page.wait_for_selector("#banner [data-status='conn']")
    assert page.get_attribute(".seat.me", "data-state") == "offline"
    assert page.inner_text(".seat.me .state") != "online"
    buttons = page.query_selector_all(".choices button.action")
    assert buttons and all(b.is_disabled() for b in buttons)
    assert page.query_selector(".board-area .pickable") is None
    assert page.inner_text(".choices .offline-note") == (
        "Your choices wait until the page is connected again."
    )
    assert page.get_attribute(".table-page", "data-mine") == "0"

    network.down = False
    page.wait_for_selector(f"{MINE}[data-connected='1']", timeout=30_000)
    assert page.get_attribute(".seat.me", "data-state") == "online"
    assert page.query_selector("#banner [data-status='conn']") is None
    assert server.stored(table_id).seq == seq
    click_once(page, board=False)
    server.wait_seq(table_id, [page])
    assert server.stored(table_id).seq > seq
    context.close()


def test_a_move_lost_with_the_link_is_said(browser: Any, server: Server) -> None:
    context, page, network, table_id = _seated(browser, server)
    seq = server.stored(table_id).seq
    network.drop_acts = True
    page.locator("button.action:not([disabled])").first.click()
    notice = page.wait_for_selector("#banner [data-status='move']", timeout=30_000)
    assert notice.inner_text() == "Your last move did not reach the server: choose it again."
    page.wait_for_selector(f"{MINE}[data-connected='1']", timeout=30_000)
    assert server.stored(table_id).seq == seq
    click_once(page, board=False)
    server.wait_seq(table_id, [page])
    assert server.stored(table_id).seq > seq
    page.wait_for_selector("#banner [data-status='move']", state="detached")
    context.close()
