"""The post-game review in the replay viewer: a seat's review is asked for, its progress shown,
then the summary, the win-chance graph and each judged move with its mark, every move a link
to its position in the replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_support import (
    DESKTOP,
    Server,
    finished_bot_table,
    join,
    open_lobby,
    screenshot,
    wait_turn,
)

CATALOGUES = Path(__file__).parents[2] / "src" / "courtly" / "web" / "static" / "i18n"


def test_a_review_shows_marks_a_graph_and_links_to_positions(browser: Any, server: Server) -> None:
    table_id = finished_bot_table(server, "courtisans", 8)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#review-start")
    page.select_option("#review-seat", "1")
    page.click("#review-start")
    page.wait_for_selector("#review-summary", timeout=180_000)
    review = server.get(f"/api/tables/{table_id}/reviews/1")
    assert review["status"] == "done"
    moves = page.query_selector_all(".review-move")
    assert len(moves) == len(review["decisions"]) > 0
    assert len(page.query_selector_all("#review-graph circle")) == len(review["series"])
    # The graph has its scales: 0, 50 and 100% up the side, the first and last judged moves
    # below (the points stand evenly apart, one per judged move).
    scale = page.eval_on_selector_all(
        "#review-graph .review-axis", "ts => ts.map((t) => t.textContent)"
    )
    first_move, last_move = review["series"][0][0] + 1, review["series"][-1][0] + 1
    assert scale == ["0%", "50%", "100%", f"Move {first_move}", f"Move {last_move}"], scale
    marked = [d for d in review["decisions"] if d["mark"]]
    assert len(page.query_selector_all(".review-move .review-mark")) == len(marked)
    # A move's link opens the position before it in the replay.
    last = review["decisions"][-1]["step"]
    page.click(f".review-move[data-step='{last}'] .review-link")
    page.wait_for_function(f"() => document.querySelector('#replay-slider').value === '{last}'")
    screenshot(page, "replay-review")
    context.close()
    _the_accuracy_says_how_it_is_reckoned(browser, server, table_id)


def _the_accuracy_says_how_it_is_reckoned(browser: Any, server: Server, table_id: str) -> None:
    """Beside the accuracy, in page text (read by the keyboard, a finger and a screen reader
    alike), how it is reckoned: Review.accuracy's mean share of the win chance kept."""
    for lang, locale in (("en", "en-GB"), ("ko", "ko-KR")):
        words = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
        context = browser.new_context(viewport=DESKTOP, locale=locale)
        page = context.new_page()
        page.goto(f"{server.url}/replay/{table_id}")
        page.wait_for_selector("#review-start")
        page.select_option("#review-seat", "1")
        page.click("#review-start")  # stored: shown at once
        page.wait_for_selector("#review-summary")
        how = page.locator("#review-summary + #accuracy-how")
        assert how.is_visible()
        assert how.inner_text() == words["review.accuracy_how"]
        context.close()


def test_the_public_view_shows_every_seats_win_chance_as_a_line(
    browser: Any, server: Server
) -> None:
    """The review's first choice is the public view, as the replay's: the spectator's series
    is asked for and drawn as one line per seat, each point a link to its position."""
    table_id = finished_bot_table(server, "kingdoms", 3)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#review-start")
    assert page.input_value("#review-seat") == "spectator"
    assert "public view" in page.inner_text("#review-start")
    page.click("#review-start")
    page.wait_for_function(
        "() => document.querySelector('#review-graph.review-public')"
        " && !document.querySelector('#review-progress')",
        timeout=180_000,
    )
    series = server.get(f"/api/tables/{table_id}/reviews/spectator")
    assert series["status"] == "done" and series["series"]
    lines = page.query_selector_all("#review-graph .review-seat polyline")
    assert len(lines) == 2
    dots = page.query_selector_all("#review-graph .review-seat circle")
    assert len(dots) == 2 * len(series["series"])
    legend = page.inner_text(".review-legend")
    last = series["series"][-1][1]
    assert f"{round(last[0] * 100)}%" in legend and f"{round(last[1] * 100)}%" in legend
    # A point opens its position in the replay.
    step = series["series"][-1][0]
    page.locator("#review-graph .review-seat-0 circle").last.click()
    page.wait_for_function(f"() => document.querySelector('#replay-slider').value === '{step}'")
    # A seat chosen again shows that seat's own review (not asked for yet: nothing drawn).
    page.select_option("#review-seat", "0")
    page.wait_for_function("() => !document.querySelector('#review-graph')")
    assert "this seat" in page.inner_text("#review-start").lower()
    # The review follows the replay's viewer: the public view there shows the series again,
    # a seat there that seat's review.
    page.select_option("#replay-viewer", "")
    page.wait_for_selector("#review-graph.review-public")
    assert page.input_value("#review-seat") == "spectator"
    page.select_option("#replay-viewer", "1")
    page.wait_for_function("() => document.querySelector('#review-seat').value === '1'")
    context.close()


def test_hints_are_shown_where_the_creator_turned_them_on(browser: Any, server: Server) -> None:
    created = server.create("kingdoms", ["open", "bot:greedy"], seed=4, hints=True)
    table_id = created["table"]["id"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    open_lobby(page, server.url, "kingdoms")
    assert not page.is_checked("#form-hints")  # off unless the creator turns it on
    page.wait_for_selector(".table-list .hints-on")  # the lobby says this table gives hints
    player = join(context, server.url + created["seats"][0]["link"], "Ann")
    server.post(f"/api/tables/{table_id}/start", token=created["owner"]["token"])
    assert wait_turn(player) == "mine"
    assert player.query_selector(".table-head .hints-on") is not None
    player.click("#hint-ask")
    player.wait_for_function(
        "() => { const el = document.querySelector('#hint-text');"
        " return el && el.textContent.includes('%'); }"
    )
    assert "The bot would play" in player.inner_text("#hint-text")
    # Its moves' cards are drawn as the choices draw them (the duel's card as its glyph), not
    # written in words as the terminal writes them.
    assert player.query_selector("#hint-text .card-glyph") is not None
    context.close()
