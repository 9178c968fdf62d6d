"""The replay's step controls: the counter names the position by the move about to be played
(the number the review gives that move), the buttons beside it never move while its numbers
grow (desktop, and a phone, where all four share one row), and quick arrow presses on the
slider are not undone by the answers to the presses before them."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import DESKTOP, PHONE, Server, finished_bot_table


@pytest.fixture(scope="module")
def long_game(server: Server) -> tuple[str, int]:
    """A finished Tudor of two random bots: well over a hundred moves."""
    table_id = finished_bot_table(server, "tudor", 7)
    steps = len(server.get(f"/api/tables/{table_id}/record")["actions"])
    assert steps >= 100, steps
    return table_id, steps


def _buttons(page: Any) -> list[dict[str, float]]:
    boxes = [page.locator(".replay-controls button").nth(i).bounding_box() for i in range(4)]
    assert all(boxes)
    return boxes


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_step_buttons_stay_put_as_the_counter_grows(
    browser: Any, server: Server, long_game: tuple[str, int], viewport: dict[str, int]
) -> None:
    table_id, steps = long_game
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    assert page.inner_text("#replay-step") == f"Before move 1 of {steps}"
    before = _buttons(page)
    # One row of four buttons.
    assert len({round(box["y"]) for box in before}) == 1, before
    page.fill("#replay-slider", str(steps - 2))
    page.wait_for_function(
        "text => document.querySelector('#replay-step').textContent === text",
        arg=f"Before move {steps - 1} of {steps}",
    )
    assert _buttons(page) == before
    page.click(".replay-controls button[aria-label='Last move']")
    page.wait_for_function(
        "text => document.querySelector('#replay-step').textContent === text",
        arg=f"After move {steps}, the last",
    )
    assert _buttons(page) == before
    context.close()


def test_quick_arrow_presses_are_not_pulled_back(browser: Any, server: Server) -> None:
    table_id = finished_bot_table(server, "courtisans", 5)
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    held: list[Any] = []

    def hold_step_one(route: Any) -> None:
        # The answer for the first press is slow: it comes after the second press's.
        if "step=1&" in route.request.url:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/tables/*/replay?*", hold_step_one)
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    page.focus("#replay-slider")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.includes('move 3 ')"
    )
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_timeout(800)
    assert page.input_value("#replay-slider") == "2"
    assert page.inner_text("#replay-step").startswith("Before move 3 ")
    # The buttons step from the position last asked for.
    page.click(".replay-controls button[aria-label='Step forward']")
    page.wait_for_function("() => document.querySelector('#replay-slider').value === '3'")
    context.close()


def test_a_late_answer_does_not_move_the_slider_under_a_finger(
    browser: Any, server: Server
) -> None:
    """A finger holds the slider's thumb while the answer to an earlier step arrives: the
    thumb stays under the finger (the board and counter show the answer), and is set to the
    position last asked for when the finger lifts."""
    table_id = finished_bot_table(server, "courtisans", 5)
    context = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True, is_mobile=True)
    page = context.new_page()
    held: list[Any] = []

    def hold_step_one(route: Any) -> None:
        if "step=1&" in route.request.url:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/tables/*/replay?*", hold_step_one)
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector("#replay-step")
    # Step forward: its answer is on its way (held) when the finger comes down.
    page.click(".replay-controls button[aria-label='Step forward']")
    for _ in range(200):  # the route's handler runs while Playwright reads the page's events
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    box = page.locator("#replay-slider").bounding_box()
    assert box is not None
    # The finger on the thumb (at 0, the slider's left end): a real touch, through the
    # browser's input pipeline, so the page hears it as pointer events.
    finger = {"x": box["x"] + 8, "y": box["y"] + box["height"] / 2}
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [finger]})
    assert page.input_value("#replay-slider") == "0"
    held[0].continue_()
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.startsWith('Before move 2 ')"
    )
    assert page.input_value("#replay-slider") == "0"
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("() => document.querySelector('#replay-slider').value === '1'")
    context.close()
