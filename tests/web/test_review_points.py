"""The review panel against the replay: one number for one move across the page (the review's
list, its costliest moves, the graph's points and the replay's counter), the costliest moves'
loss said as win-chance points (English and Korean), the graph's points reached by the
keyboard and by a finger anywhere near them on a phone, the graph's percent scale kept in view
on a phone however far the graph is scrolled (laid out again when a window narrows to a
phone's width), and an answer for a seat no longer chosen never drawn under the one chosen
now.

Real reviews, made by a server of this module's own at a small search budget (an operator's
setting, ``COURTLY_REVIEW_ITERATIONS``: docs/server.md), so that they take seconds; the
default budget's review runs in tests/web/test_review.py."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from browser_support import DESKTOP, PHONE, Server, finished_bot_table, serving


@pytest.fixture(scope="module")
def review_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("review-serve"), review_iterations="20") as running:
        yield running


def _reviewed(server: Server, table_id: str, seat: str) -> dict[str, Any]:
    """``seat``'s review (a seat's number, or ``spectator``), asked for and waited for."""
    server.post(f"/api/tables/{table_id}/reviews/{seat}")
    deadline = time.monotonic() + 180
    while (review := server.get(f"/api/tables/{table_id}/reviews/{seat}?lang=en"))[
        "status"
    ] != "done":
        assert time.monotonic() < deadline, review
        time.sleep(0.3)
    return dict(review)


@pytest.fixture(scope="module")
def game(review_server: Server) -> dict[str, Any]:
    """A finished game of two random bots, every seat's review and the spectator's series."""
    table_id = finished_bot_table(review_server, "courtisans", 11)
    steps = len(review_server.get(f"/api/tables/{table_id}/record")["actions"])
    assert steps > 20
    reviews = {seat: _reviewed(review_server, table_id, seat) for seat in ("0", "1")}
    spectator = _reviewed(review_server, table_id, "spectator")
    assert len(reviews["1"]["series"]) >= 3 and len(spectator["series"]) >= 3
    return {"id": table_id, "steps": steps, "reviews": reviews, "spectator": spectator}


def _percent(chance: float) -> str:
    """A chance as the page writes it (``Math.round``: halves up)."""
    return f"{math.floor(chance * 100 + 0.5)}%"


def _counter_says(page: Any, text: str) -> None:
    page.wait_for_function(
        "text => document.querySelector('#replay-step').textContent === text", arg=text
    )


def _open(browser: Any, server: Server, table_id: str, **kw: Any) -> Any:
    """The replay of ``table_id`` with seat 2's stored review shown."""
    context = browser.new_context(**kw)
    page = context.new_page()
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#review-start")
    page.select_option("#review-seat", "1")
    page.wait_for_selector("#review-summary")
    return context, page


def _worst(review: dict[str, Any]) -> tuple[int, int]:
    """The costliest move's step and its loss in win-chance points, as the page rounds it."""
    worst = review["costliest"][0]
    loss = next(d["loss"] for d in review["decisions"] if d["step"] == worst)
    return worst, math.floor(loss * 100 + 0.5)


def test_one_number_for_one_move(browser: Any, review_server: Server, game: dict[str, Any]) -> None:
    review, steps = game["reviews"]["1"], game["steps"]
    context, page = _open(browser, review_server, game["id"], viewport=DESKTOP, locale="en-GB")
    worst, loss = _worst(review)
    move = worst + 1
    # The costliest move: its number, and its loss in win-chance points (not game points).
    costliest = page.inner_text("#review-costliest")
    points = "point" if loss == 1 else "points"
    assert f"move {move} (−{loss} {points} of win chance)" in costliest, costliest
    # The same move in the list, on the graph and on the counter it opens.
    row = page.locator(f".review-move[data-step='{worst}'] .review-link")
    assert row.inner_text() == f"Move {move}"
    chance = dict((step, c) for step, c in review["series"])[worst]
    point = page.locator(f"#review-graph a.review-point[data-step='{worst}']")
    assert point.get_attribute("aria-label") == f"Before move {move}: {_percent(chance)}"
    row.click()
    _counter_says(page, f"Before move {move} of {steps}")
    page.click(".replay-controls button[aria-label='First move']")
    _counter_says(page, f"Before move 1 of {steps}")
    page.click("#review-costliest a")
    _counter_says(page, f"Before move {move} of {steps}")
    context.close()


def test_the_loss_in_korean(browser: Any, review_server: Server, game: dict[str, Any]) -> None:
    context, page = _open(browser, review_server, game["id"], viewport=DESKTOP, locale="ko-KR")
    worst, loss = _worst(game["reviews"]["1"])
    costliest = page.inner_text("#review-costliest")
    assert f"{worst + 1}번째 수 (승률 −{loss}%p)" in costliest, costliest
    context.close()


def test_the_graphs_points_are_links_for_the_keyboard(
    browser: Any, review_server: Server, game: dict[str, Any]
) -> None:
    series, steps = game["reviews"]["1"]["series"], game["steps"]
    context, page = _open(browser, review_server, game["id"], viewport=DESKTOP, locale="en-GB")
    points = page.locator("#review-graph a.review-point")
    assert points.count() == len(series)
    # One stop for Tab: from the last link before the graph, Tab lands on its first point.
    page.focus("#review-costliest a >> nth=-1")
    page.keyboard.press("Tab")
    focused = "() => document.activeElement.getAttribute('data-step')"
    assert page.evaluate(focused) == str(series[0][0])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == str(series[2][0])
    page.keyboard.press("Enter")
    _counter_says(page, f"Before move {series[2][0] + 1} of {steps}")
    # Tab leaves the graph at once (the other points are not stops of their own).
    page.keyboard.press("Tab")
    assert page.evaluate("() => !document.activeElement.closest('#review-graph')")
    context.close()


def test_a_finger_near_a_point_opens_it(
    browser: Any, review_server: Server, game: dict[str, Any]
) -> None:
    series, steps = game["reviews"]["1"]["series"], game["steps"]
    context, page = _open(
        browser,
        review_server,
        game["id"],
        viewport=PHONE,
        locale="en-GB",
        is_mobile=True,
        has_touch=True,
    )
    graph = page.locator("#review-graph")
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    assert box is not None
    # Each point's target is as tall as the graph (a finger's size, and more).
    for i in range(page.locator("#review-graph a.review-point").count()):
        target = page.locator("#review-graph a.review-point").nth(i).bounding_box()
        assert target is not None and target["height"] >= 44, target
    # A tap beside the third point, well away from its dot, opens it.
    step = series[2][0]
    dot = page.locator(f"#review-graph a.review-point[data-step='{step}'] circle").bounding_box()
    assert dot is not None
    page.touchscreen.tap(dot["x"] + dot["width"] / 2 + 4, box["y"] + 6)
    _counter_says(page, f"Before move {step + 1} of {steps}")
    context.close()


def test_an_answer_for_a_seat_no_longer_chosen_is_not_drawn(
    browser: Any, review_server: Server, game: dict[str, Any]
) -> None:
    """Seat 1's review is asked for and its answer held back; seat 2 is chosen and its review
    drawn; seat 1's answer, let through then, must not replace it."""
    mine = [str(d["step"]) for d in game["reviews"]["1"]["decisions"]]
    theirs = [str(d["step"]) for d in game["reviews"]["0"]["decisions"]]
    assert mine != theirs
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    held: list[Any] = []
    page.route("**/api/tables/*/reviews/0?*", lambda route: held.append(route))
    page.goto(f"{review_server.url}/replay/{game['id']}")
    page.wait_for_selector("#review-start")
    page.select_option("#review-seat", "0")
    page.select_option("#review-seat", "1")
    page.wait_for_selector("#review-summary")
    drawn = "() => [...document.querySelectorAll('.review-move')].map((m) => m.dataset.step)"
    assert page.evaluate(drawn) == mine
    assert len(held) == 1
    held[0].continue_()  # the real answer, late
    page.wait_for_timeout(800)
    assert page.input_value("#review-seat") == "1"
    assert page.evaluate(drawn) == mine
    context.close()


def test_the_public_graphs_points_are_links_per_turn(
    browser: Any, review_server: Server, game: dict[str, Any]
) -> None:
    series, steps = game["spectator"]["series"], game["steps"]
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    page.goto(f"{review_server.url}/replay/{game['id']}")
    page.wait_for_selector("#review-graph.review-public")
    points = page.locator("#review-graph a.review-point")
    assert points.count() == len(series)
    # A turn's link holds every seat's point, and names each seat's chance.
    assert points.nth(1).locator(".review-seat circle").count() == 2
    step, chances = series[1]
    label = points.nth(1).get_attribute("aria-label")
    assert label == (
        f"Before move {step + 1}: Bot 1 (random moves) {_percent(chances[0])}, "
        f"Bot 2 (random moves) {_percent(chances[1])}"
    ), label
    points.nth(1).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    _counter_says(page, f"Before move {series[2][0] + 1} of {steps}")
    # The graph is wider than the panel: the last point, reached by the arrow keys, is
    # scrolled into the graph's frame.
    for _ in range(len(series)):
        page.keyboard.press("ArrowRight")
    frame = page.locator(".review-graph-scroll").bounding_box()
    last = points.nth(len(series) - 1).locator("circle").first.bounding_box()
    assert frame is not None and last is not None
    assert frame["x"] <= last["x"] and last["x"] + last["width"] <= frame["x"] + frame["width"]
    context.close()


HITS = "els => els.map((e) => e.getBoundingClientRect().width)"
DOTS = """links => links.map((a) => {
  const dot = a.querySelector("circle").getBoundingClientRect();
  return [dot.left + dot.width / 2, dot.width];
})"""


def _seen_and_tappable(page: Any, points: int) -> None:
    """Every point of the graph on the page: a target at least a finger's 24 pixels wide, a
    dot of 5 pixels or more, and no two dots closer than a finger."""
    widths = page.eval_on_selector_all("#review-graph .review-hit", HITS)
    assert len(widths) == points and min(widths) >= 24, widths
    dots = page.eval_on_selector_all("#review-graph a.review-point", DOTS)
    assert min(width for _, width in dots) >= 5, dots
    centres = [x for x, _ in dots]
    assert min(b - a for a, b in pairwise(centres)) >= 24, centres
    # A graph wider than the phone scrolls in its own frame: the page does not.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_on_a_phone_every_point_is_seen_and_tapped(
    browser: Any, review_server: Server, game: dict[str, Any], locale: str
) -> None:
    """The public graph (a point per judged turn: more than a phone's width holds at a finger's
    size) and a seat's: each point big enough to see and to tap; the last one, scrolled to in
    the graph's frame, opens its position."""
    series = game["spectator"]["series"]
    context = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{review_server.url}/replay/{game['id']}")
    page.wait_for_selector("#review-graph.review-public")
    _seen_and_tappable(page, len(series))
    step = series[-1][0]
    dot = page.locator(f"#review-graph a.review-point[data-step='{step}'] circle").first
    dot.scroll_into_view_if_needed()
    box = dot.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "step => document.querySelector('#replay-slider').value === step", arg=str(step)
    )
    page.select_option("#review-seat", "1")
    page.wait_for_selector("#review-summary")
    _seen_and_tappable(page, len(game["reviews"]["1"]["series"]))
    context.close()


# Where each percent label of the graph's scale is, and whether it is what the page shows at
# its centre (not scrolled out of the graph's frame, nor covered).
LABELS = """els => els.filter((e) => e.textContent.endsWith("%")).map((e) => {
  const box = e.getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  return { text: e.textContent, left: box.left, right: box.right, y,
           seen: document.elementFromPoint(x, y) === e };
})"""
# Each turn's points of the public graph: the centre's height on the page, seat by seat.
HEIGHTS = """links => links.map((a) => [...a.querySelectorAll("circle")].map((c) => {
  const box = c.getBoundingClientRect();
  return box.top + box.height / 2;
}))"""


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_on_a_phone_the_scale_stays_in_view(
    browser: Any, review_server: Server, game: dict[str, Any], locale: str
) -> None:
    """A long game's graph scrolls sideways on a phone; its percent scale does not: scrolled to
    the game's end, the 0, 50 and 100% labels are still seen beside the points, each at the
    height of its chance on the plot."""
    series = game["spectator"]["series"]
    context = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{review_server.url}/replay/{game['id']}")
    page.wait_for_selector("#review-graph.review-public")
    frame = page.locator(".review-graph-scroll")
    frame.scroll_into_view_if_needed()
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")  # a graph that scrolls
    end = frame.evaluate("f => { f.scrollLeft = f.scrollWidth; return f.scrollLeft; }")
    assert end == frame.evaluate("f => f.scrollWidth - f.clientWidth") > 0
    # The plot's heights on the page: a chance's is linear in it (two points far apart give it).
    heights = page.eval_on_selector_all("#review-graph a.review-point", HEIGHTS)
    placed: list[tuple[float, float]] = [
        (chance, height)
        for (_, chances), seats in zip(series, heights, strict=True)
        for chance, height in zip(chances, seats, strict=True)
    ]
    (low, at_low), (high, at_high) = min(placed), max(placed)
    assert high - low > 0.2, placed

    def height(chance: float) -> float:
        return at_low + (chance - low) * (at_high - at_low) / (high - low)

    box = frame.bounding_box()
    assert box is not None
    labels = page.eval_on_selector_all(".review-panel .review-axis", LABELS)
    assert [label["text"] for label in labels] == ["0%", "50%", "100%"], labels
    for label, chance in zip(labels, (0, 0.5, 1), strict=True):
        assert label["seen"], label
        assert label["left"] >= 0 and label["right"] <= PHONE["width"], label
        assert box["y"] <= label["y"] <= box["y"] + box["height"], label
        assert abs(label["y"] - height(chance)) <= 3, (label, height(chance))
    context.close()


def test_a_window_narrowed_to_a_phones_width_lays_the_graph_out_again(
    browser: Any, review_server: Server, game: dict[str, Any]
) -> None:
    # The graph is laid out for a mouse or a finger when drawn; a window narrowed past a
    # phone's width (or a phone turned) draws it again, with no new answer from the server.
    context, page = _open(browser, review_server, game["id"], viewport=DESKTOP, locale="en-GB")
    beside = ".review-panel .review-graph-beside"
    assert page.locator(beside).count() == 0
    page.set_viewport_size(PHONE)
    page.wait_for_selector(beside)
    points = page.locator("#review-graph a.review-point")
    assert points.count() == len(game["reviews"]["1"]["series"])
    page.set_viewport_size(DESKTOP)
    page.wait_for_selector(beside, state="detached")
    context.close()
