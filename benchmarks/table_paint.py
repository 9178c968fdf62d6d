"""Lighthouse-style figures of the table page, measured in Debian's Chromium through Playwright
with the browser's own Performance APIs (docs/web.md shows the figures):

- first contentful paint (``performance.getEntriesByType("paint")``) and first render of the
  board (the moment ``.board-area`` is in the page, from a MutationObserver), from navigation
  start, for a table page opened cold (a new browser context: nothing cached);
- cumulative layout shift while playing (``PerformanceObserver`` of ``layout-shift``, the
  shifts without recent input summed, as Lighthouse's CLS does), over a number of moves.

    .venv/bin/python benchmarks/table_paint.py [--runs 5] [--moves 12]

Timings depend on the machine and its load; they are figures, never a test's pass or fail
(tests/web/test_layout_shift.py asserts the layout-shift property).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

import httpx
from local_server import free_port, start_serve
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("COURTLY_CHROMIUM", "/usr/bin/chromium")
GAMES = ("courtisans", "tudor", "for-the-king", "kingdoms")
DESKTOP = {"width": 1280, "height": 900}
MINE = ".table-page[data-mine='1']"
OVER = "#result"

# Installed before any of the page's scripts: the layout shifts and the board's first render.
OBSERVE = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push(entry.value);
  }
}).observe({ type: "layout-shift", buffered: true });
window.__board = null;
new MutationObserver((_m, observer) => {
  if (document.querySelector(".board-area")) {
    window.__board = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""


def person_link(http: httpx.Client, game: str, seed: int) -> str:
    """A started two-seat table: seat 1 a person's link, seat 2 a random bot."""
    body = {"game": game, "players": 2, "seats": ["open", "bot:random"], "seed": seed}
    created = http.post("/api/tables", json=body).raise_for_status().json()
    table_id = created["table"]["id"]
    invite = next(s for s in created["seats"] if s["seat"] == 0)["token"]
    headers = {"Authorization": f"Bearer {invite}"}
    taken = http.post(f"/api/tables/{table_id}/take", json={"name": "Ada"}, headers=headers)
    owner = {"Authorization": f"Bearer {created['owner']['token']}"}
    http.post(f"/api/tables/{table_id}/start", headers=owner).raise_for_status()
    link: str = taken.raise_for_status().json()["link"]
    return link


def first_render(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE)
        page.goto(url)
        page.wait_for_selector(".board-area")
        page.wait_for_function("() => window.__board !== null")
        figures: dict[str, float] = page.evaluate(
            """() => ({
              fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
              board: window.__board,
            })"""
        )
        return figures
    finally:
        context.close()


def layout_shift(browser: Any, url: str, moves: int) -> float:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE)
        page.goto(url)
        for _ in range(moves):
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
        shifts: list[float] = page.evaluate("() => window.__shifts")
        return float(sum(shifts))
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold page loads per game")
    parser.add_argument("--moves", type=int, default=12, help="moves played for the shift")
    args = parser.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="courtly-paint-") as folder:
        port = free_port()
        server = start_serve(port, ["--data", folder, "--bot-workers", "1"], Path(folder))
        try:
            base = f"http://127.0.0.1:{port}"
            with httpx.Client(base_url=base, timeout=30) as http, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                try:
                    for game in GAMES:
                        url = base + person_link(http, game, seed=1)
                        loads = [first_render(browser, url) for _ in range(args.runs)]
                        cls = layout_shift(browser, base + person_link(http, game, 2), args.moves)
                        results[game] = {
                            "fcp_ms": statistics.median(r["fcp"] for r in loads),
                            "board_ms": statistics.median(r["board"] for r in loads),
                            "worst_board_ms": max(r["board"] for r in loads),
                            "cls": round(cls, 4),
                        }
                        print(game, json.dumps(results[game]), flush=True)
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(10)
    print(json.dumps({"runs": args.runs, "moves": args.moves, "games": results}, indent=2))


if __name__ == "__main__":
    main()
