"""The screenshots of docs/images/: each game mid-game, on a desktop and on a phone, in English
and in Korean (16 pictures), and a post-game review in the replay viewer in both languages,
taken from a real ``courtly serve`` by Debian's Chromium, so the pictures show what the code
draws today.

    .venv/bin/python tools/screenshots.py                    # every picture
    .venv/bin/python tools/screenshots.py review             # only the review's
    .venv/bin/python tools/screenshots.py courtisans kingdoms  # only these games'

Every input is fixed: a seed per game, seat 1 a person (taken over the API, its link opened in
the page) against ``bot:easy``, and the person's moves chosen by one rule (the first
highlighted thing on the board, else the first listed choice) for a fixed number of clicks.
The server runs on a free port of 127.0.0.1 with a temporary data folder and is stopped at the
end, error or not.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
CHROMIUM = os.environ.get("COURTLY_CHROMIUM", "/usr/bin/chromium")
# Game -> (seed, the person's clicks before the pictures): enough for a board well under way.
GAMES = {
    "courtisans": (11, 6),
    "tudor": (7, 14),
    "for-the-king": (5, 6),
    "kingdoms": (3, 12),
}
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-GB", "ko": "ko-KR"}
START_SECONDS = 60
TURN_MS = 60_000
MINE = ".table-page[data-mine='1']"
OVER = "#result"
PRIVACY = "#privacy-continue"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(port: int, data: Path) -> subprocess.Popen[bytes]:
    """``courtly serve`` on ``port`` with its data and log in ``data``, once it answers."""
    command = [sys.executable, "-m", "courtly.cli.main", "serve", "--port", str(port)]
    command += ["--data", str(data), "--bot-workers", "1"]
    # One address creates every table here, more a minute than the server lets a person.
    # A review's budget in iterations: the same review, so the same picture, on any machine.
    env = {**os.environ, "COURTLY_TABLES_PER_MINUTE": "0", "COURTLY_REVIEW_ITERATIONS": "200"}
    log = data / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited:\n{log.read_text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    stop_server(process)
    raise SystemExit(f"the server did not answer within {START_SECONDS} s")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def post(http: httpx.Client, path: str, body: Any = None, token: str | None = None) -> Any:
    """The server's answer to a POST; SystemExit with its one-line reason when it refuses."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = http.post(path, json=body, headers=headers)
    if response.is_error:
        raise SystemExit(f"POST {path}: {response.status_code} {response.text}")
    return response.json()


def person_link(http: httpx.Client, game: str, seed: int) -> str:
    """A started table of ``game``: seat 1 taken by a person over the API, the other a bot.
    The link (with the person's token) that opens the person's page."""
    body = {"game": game, "players": 2, "seats": ["open", "bot:easy"], "seed": seed}
    created = post(http, "/api/tables", body)
    table_id = created["table"]["id"]
    invite = next(s for s in created["seats"] if s["seat"] == 0)["token"]
    taken = post(http, f"/api/tables/{table_id}/take", {"name": "Alice"}, invite)
    post(http, f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    link: str = taken["link"]
    return link


def wait_turn(page: Any) -> None:
    """Wait until the person may act (past a privacy screen); fail if the game is over."""
    while True:
        page.wait_for_selector(f"{MINE}, {OVER}, {PRIVACY}", timeout=TURN_MS)
        if page.query_selector(OVER):
            raise SystemExit("the game ended before its pictures: fewer clicks")
        if not page.query_selector(PRIVACY):
            return
        page.click(PRIVACY)


def click_first(page: Any) -> None:
    """The fixed rule: the first highlighted thing on the board, else the first listed
    choice; then wait until the page has taken the click in."""
    before = page.get_attribute(".table-page", "data-state")
    target = page.query_selector(".board-area .pickable")
    if target is None:
        target = page.query_selector("button.action:not([disabled])")
    if target is None:
        raise SystemExit("the person's turn shows nothing to click")
    target.click()
    page.wait_for_function(
        "before => { const el = document.querySelector('.table-page');"
        " return !el || el.dataset.state !== before || document.querySelector('#result'); }",
        arg=before,
        timeout=TURN_MS,
    )


def play(browser: Any, url: str, clicks: int) -> None:
    """Open the person's page and make ``clicks`` clicks by the fixed rule."""
    context = browser.new_context(viewport=VIEWPORTS["desktop"], locale=LOCALES["en"])
    try:
        page = context.new_page()
        page.goto(url)
        for _ in range(clicks):
            wait_turn(page)
            click_first(page)
    finally:
        context.close()


def shoot(browser: Any, url: str, path: Path, viewport: dict[str, int], locale: str) -> None:
    """The person's page at its turn, as one screen (no full-page picture) shows it."""
    context = browser.new_context(viewport=viewport, locale=locale, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(url)
        wait_turn(page)
        page.evaluate("document.fonts.ready.then(() => true)")
        page.wait_for_timeout(300)  # the last redraw settles
        page.screenshot(path=str(path))
    finally:
        context.close()


# The reviewed game: two greedy bots' Courtisans, seat 2 reviewed.
REVIEW_GAME, REVIEW_SEED, REVIEW_SEAT = "courtisans", 8, 1
REVIEW_MS = 300_000


def review_shots(browser: Any, http: httpx.Client, base: str) -> None:
    """A finished bots' game in the replay viewer, its seat reviewed: the review panel (the
    summary, the graph, the marked moves) beside the board, then the public view's series (a
    line per seat), in English and Korean."""
    body = {"game": REVIEW_GAME, "players": 2, "seats": ["bot:greedy"] * 2, "seed": REVIEW_SEED}
    created = post(http, "/api/tables", body)
    table_id = created["table"]["id"]
    post(http, f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    deadline = time.monotonic() + TURN_MS / 1000
    while http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        if time.monotonic() > deadline:
            raise SystemExit("the bots' game did not end")
        time.sleep(0.2)
    for lang, locale in LOCALES.items():
        context = browser.new_context(
            viewport=VIEWPORTS["desktop"], locale=locale, reduced_motion="reduce"
        )
        try:
            page = context.new_page()
            page.goto(f"{base}/replay/{table_id}")
            page.wait_for_selector("#review-start")
            page.select_option("#review-seat", str(REVIEW_SEAT))
            page.click("#review-start")
            page.wait_for_selector("#review-summary", timeout=REVIEW_MS)
            page.evaluate("document.fonts.ready.then(() => true)")
            page.locator(".review-panel").scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            path = IMAGES / f"replay-review-desktop-{lang}.png"
            page.screenshot(path=str(path))
            print(f"{path.relative_to(IMAGES.parent.parent)}")
            # The public view: every seat's win chance from what a spectator saw.
            page.select_option("#review-seat", "spectator")
            page.click("#review-start")
            page.wait_for_function(
                "() => document.querySelector('#review-graph.review-public')"
                " && !document.querySelector('#review-progress')",
                timeout=REVIEW_MS,
            )
            page.locator(".review-panel").scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            path = IMAGES / f"replay-review-public-desktop-{lang}.png"
            page.screenshot(path=str(path))
            print(f"{path.relative_to(IMAGES.parent.parent)}")
        finally:
            context.close()


def main() -> None:
    chosen = sys.argv[1:] or ["review", *GAMES]
    unknown = sorted(set(chosen) - {"review", *GAMES})
    if unknown:
        raise SystemExit(f"no such picture set: {', '.join(unknown)} (review, {', '.join(GAMES)})")
    IMAGES.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="courtly-shots-") as folder:
        server = start_server(port, Path(folder))
        try:
            with httpx.Client(base_url=base, timeout=30) as http, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                try:
                    if "review" in chosen:
                        review_shots(browser, http, base)
                    for game in [g for g in GAMES if g in chosen]:
                        seed, clicks = GAMES[game]
                        url = base + person_link(http, game, seed)
                        play(browser, url, clicks)
                        for device, viewport in VIEWPORTS.items():
                            for lang, locale in LOCALES.items():
                                path = IMAGES / f"{game}-{device}-{lang}.png"
                                shoot(browser, url, path, viewport, locale)
                                print(f"{path.relative_to(IMAGES.parent.parent)}")
                finally:
                    browser.close()
        finally:
            stop_server(server)


if __name__ == "__main__":
    main()
