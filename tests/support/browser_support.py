"""Helpers of the browser tests (tests/web): the running server as the tests see it,
screenshots, and playing in the page as a person does."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ARTIFACTS = Path(__file__).parent.parent / "web" / "artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


class Server:
    def __init__(self, url: str, database: str) -> None:
        self.url = url
        self.database = database
        self.http = httpx.Client(base_url=url, timeout=30)

    def create(self, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        body = {"game": game, "players": len(seats), "seats": seats, **extra}
        response = self.http.post("/api/tables", json=body)
        response.raise_for_status()
        created: dict[str, Any] = response.json()
        return created

    def post(self, path: str, token: str | None = None, **body: Any) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.post(path, json=body or None, headers=headers)
        response.raise_for_status()
        answer: dict[str, Any] = response.json()
        return answer

    def get(self, path: str) -> Any:
        response = self.http.get(path)
        response.raise_for_status()
        return response.json()

    def stored(self, table_id: str) -> Any:
        """The table as the server's database holds it now (a StoredTable)."""
        from courtly.server.store import Store

        store = Store(self.database)
        try:
            stored = store.load_table(table_id)
        finally:
            store.dispose()
        assert stored is not None
        return stored

    def true_state(self, table_id: str) -> Any:
        """The table's true state now and every event so far, replayed from its record in
        the server's database."""
        from courtly.core.registry import load_game
        from courtly.core.replay import replay

        record = self.stored(table_id).record()
        steps = list(replay(load_game(record.game), record))
        events = [event for _state, step_events in steps for event in step_events]
        return TrueState(steps[-1][0], events)

    def wait_seq(self, table_id: str, pages: list[Any]) -> None:
        """Wait until every page shows the position the database holds, with no act of theirs
        still on its way. Both are polled: an action clicked a moment ago may still be on its
        way to the server, and the database commits in groups a moment after the pages are
        told."""
        deadline = time.monotonic() + 30
        while True:
            stored = str(self.stored(table_id).seq)
            shown = {page.get_attribute(".table-page", "data-seq") for page in pages}
            # data-state ends in 1 while a page's act is on its way: the position would move on
            # under a caller that reads the true state next (and then finds the page ahead of it).
            states = [page.get_attribute(".table-page", "data-state") or "" for page in pages]
            sending = [state for state in states if state.endswith(":1")]
            if shown == {stored} and not sending:
                return
            assert time.monotonic() < deadline, f"pages show {shown}, the server holds {stored}"
            time.sleep(0.05)


class TrueState:
    """The true state with its events: what each seat may know, seen from the server."""

    def __init__(self, state: Any, events: list[Any]) -> None:
        self.state = state
        self.events = events
        self.num_players = state.num_players
        self.current_player = state.current_player

    def known_to(self, viewer: int | None) -> set[Any]:
        """Cards ``viewer`` sees now or was shown by an event."""
        from courtly.core.events import events_for

        known = cards_in(self.state.observation(viewer))
        for event in events_for(self.events, viewer, self.num_players):
            known |= cards_in(event.to_json()["data"])
        return known


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


MINE = ".table-page[data-mine='1']"
OVER = "#result"
PRIVACY = "#privacy-continue"


def wait_turn(page: Any, timeout: float = 60_000) -> str:
    """Wait until this page may act, shows a privacy screen, or shows the result."""
    page.wait_for_selector(f"{MINE}, {OVER}, {PRIVACY}", timeout=timeout)
    if page.query_selector(OVER):
        return "over"
    if page.query_selector(PRIVACY):
        return "privacy"
    return "mine"


def click_once(page: Any, board: bool = True) -> None:
    """One click: a highlighted thing on the board when there is one, else the first
    listed choice; then wait until the page has taken it in."""
    before = page.get_attribute(".table-page", "data-state")
    # Locators, not element handles: the page may redraw between finding a thing and
    # clicking it (a message came; a card still sliding into place is waited for), and a
    # locator finds the thing again in the new drawing.
    on_board = board and page.query_selector(".board-area .pickable") is not None
    selector = ".board-area .pickable" if on_board else "button.action:not([disabled])"
    # A click the page took changes its state at once (a selection, or "waiting" for the
    # server's answer); one that met no handler (the page redrawn under the pointer on a busy
    # machine) changes nothing, and clicking again is then safe.
    for attempt in range(3):
        page.locator(selector).first.click()
        try:
            page.wait_for_function(
                "before => { const el = document.querySelector('.table-page'); return !el"
                " || el.dataset.state !== before || document.querySelector('#result'); }",
                arg=before,
                timeout=10_000 if attempt < 2 else 30_000,
            )
            return
        except PlaywrightTimeout:
            if attempt == 2:
                raise


def play_to_end(page: Any, limit: int = 3000, board: bool = True) -> int:
    """Play this page's seat(s) to the end of the game; the number of clicks."""
    clicks = 0
    while clicks < limit:
        state = wait_turn(page)
        if state == "over":
            return clicks
        if state == "privacy":
            page.click(PRIVACY)
            continue
        click_once(page, board)
        clicks += 1
    raise AssertionError(f"the game did not end within {limit} clicks")


def shown_result(page: Any) -> tuple[list[float], list[int]]:
    """The totals and winners the result panel shows, by seat."""
    page.wait_for_selector(OVER)
    rows = page.query_selector_all("#result tbody tr")
    totals = [float(r.query_selector("td.total").inner_text()) for r in rows]
    winners = [i for i, r in enumerate(rows) if "winner" in (r.get_attribute("class") or "")]
    return totals, winners


def cards_in(value: Any) -> set[Any]:
    """Every card identity shown: the ``card`` (or ``cards``) of each object in it."""
    found: set[Any] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "card" and isinstance(item, int | str):
                found.add(item)
            elif key == "cards" and isinstance(item, list):
                found |= {c for c in item if isinstance(c, int | str)}
            found |= cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    return found


def hidden_from(true: TrueState, viewer: int | None) -> set[Any]:
    """Cards some seat knows that ``viewer`` (None: a spectator) may not know."""
    everyone: set[Any] = set()
    for seat in range(true.num_players):
        everyone |= true.known_to(seat)
    return everyone - true.known_to(viewer)


def page_dump(page: Any) -> tuple[str, str]:
    """The whole DOM: all its text (hidden parts too) and its markup with every attribute."""
    text: str = page.evaluate(
        """() => {
          const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
          const parts = [];
          while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
          return parts.join("\\n");
        }"""
    )
    html: str = page.evaluate("() => document.documentElement.outerHTML")
    return text, html


def assert_hides(page: Any, hidden: set[Any]) -> None:
    """No hidden card in the page: not drawn as a card, not named by the server's text form
    (``... #ID``), not in any attribute."""
    text, html = page_dump(page)
    for card in hidden:
        assert f'data-card="{card}"' not in html, f"hidden card {card} drawn in the page"
        named = re.search(rf"\b[A-Z][a-z]+ [a-z]+ #{card}\b", text)
        assert named is None, f"hidden card named in the page: {named and named.group(0)!r}"
        attribute = re.search(rf"(\"|&quot;)card\1:{card}(?!\d)", html)
        assert attribute is None, f"hidden card {card} in an attribute: {attribute}"


def join(context: Any, url: str, name: str) -> Any:
    """A new page of ``context`` that opens an invite link and takes the seat as ``name``."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#take-name")
    page.fill("#take-name", name)
    page.click(".take-seat button[type=submit]")
    page.wait_for_selector("#take-name", state="detached")
    return page


def open_bot_table(
    browser: Any,
    server: Server,
    game: str,
    players: int,
    *,
    name: str = "Ada",
    context_options: dict[str, Any] | None = None,
    options: dict[str, str] | None = None,
) -> Any:
    """A table made in the lobby and started: this device's player ``name`` in seat 1 and
    random bots in the others, the game's ``options`` typed in; the page collects its script
    errors in ``page.errors``."""
    context = browser.new_context(**{"viewport": DESKTOP, **(context_options or {})})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", game)
    page.select_option("#form-players", str(players))
    page.select_option("#seat-kind-0", "hotseat")
    page.fill("#seat-name-0", name)
    for seat in range(1, players):
        page.select_option(f"#seat-kind-{seat}", "bot")
        page.select_option(f"#seat-level-{seat}", "random")
    for option, value in (options or {}).items():
        page.fill(f"#opt-{game}-{option}", value)
    page.click("#create")
    page.click("#start")
    return page


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(data: Path, **limits: str) -> Iterator[Server]:
    """A `courtly serve` of its own on 127.0.0.1 keeping its tables in ``data``, until the
    block ends. ``limits``: operator settings as environment variables (``review_iterations=
    "20"`` is ``COURTLY_REVIEW_ITERATIONS=20``, docs/server.md "Limits")."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = (data / "serve.log").open("w")
    settings = {f"COURTLY_{name.upper()}": value for name, value in limits.items()}
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from courtly.cli.main import app; app()",
            "serve",
            "--port",
            str(port),
            "--data",
            str(data),
            "--bot-workers",
            "1",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        # The browser tests create more tables a minute from 127.0.0.1 than a person would.
        env={**os.environ, "COURTLY_TABLES_PER_MINUTE": "0", **settings},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((data / "serve.log").read_text())
            time.sleep(0.2)
        yield Server(url, f"sqlite:///{data / 'courtly.sqlite3'}")
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def open_lobby(page: Any, url: str, game: str) -> None:
    """The lobby, with ``game`` chosen in the new-table form."""
    page.goto(url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", game)


def finished_bot_table(server: Server, game: str, seed: int, **options: Any) -> str:
    """A table of two random bots, started and played to its end; its id."""
    import time

    created = server.create(game, ["bot:random", "bot:random"], seed=seed, options=options)
    table_id: str = created["table"]["id"]
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{table_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    return table_id


# Proper names the client may show in Latin script: the project, a language, a protocol. The
# games' titles are not among them: a Korean page names every game in Korean.
PROPER = {"courtly", "English", "HTTP"}
ROMAN = {"II", "III", "IV"}


def client_text(page: Any) -> str:
    """The page's visible text, without what the server wrote."""
    text: str = page.evaluate(
        """() => {
          const marked = [...document.querySelectorAll('[data-source="server"]')];
          for (const el of marked) el.dataset.was = el.style.display, el.style.display = "none";
          const text = document.body.innerText;
          for (const el of marked) el.style.display = el.dataset.was;
          return text;
        }"""
    )
    return text


def english_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in PROPER]


def play_rated_game(page: Any, url: str) -> str:
    """A rated kingdoms table (six turns) made in the lobby by this page's logged-in player
    against bot:random, played to its end; its id."""
    open_lobby(page, url, "kingdoms")
    page.select_option("#seat-kind-1", "bot")
    page.select_option("#seat-level-1", "random")
    limit = page.locator("#opt-kingdoms-turn_limit")
    if limit.evaluate("el => el.tagName") == "SELECT":
        page.select_option("#opt-kingdoms-turn_limit", label="6")
    else:
        limit.fill("6")
    page.check("#form-rated")
    page.click("#create")
    page.click("#start")
    play_to_end(page)
    table_id: str = page.url.rsplit("/", 1)[1]
    return table_id


def open_profile(page: Any, url: str, name: str) -> None:
    """The player's public profile, once it shows a rating (counted just after a game's end)."""
    for _ in range(50):
        page.goto(f"{url}/players/{name}")
        page.wait_for_selector("#ratings, #no-ratings")
        if page.query_selector("#ratings"):
            return
        page.wait_for_timeout(200)
    raise AssertionError("the profile never showed a rating")
