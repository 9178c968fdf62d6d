"""The keyboard's focus on a board is seen: every clickable part of a board wears a gold
outline (.pickable), and the focused one must look different from the others (it once wore
the same gold outline, 3 px, so the focus was invisible on every board)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import PRIVACY, Server, open_bot_table, screenshot, wait_turn

LOOK = """el => {
  const s = getComputedStyle(el);
  return [s.outlineStyle, s.outlineColor, s.outlineWidth, s.boxShadow].join(" | ");
}"""


@pytest.mark.parametrize("game", ["courtisans", "tudor"])
def test_the_focused_board_part_looks_unlike_the_others(
    browser: Any, server: Server, game: str
) -> None:
    page = open_bot_table(browser, server, game, 2)
    while (state := wait_turn(page)) == "privacy":
        page.click(PRIVACY)
    assert state == "mine"
    page.mouse.move(0, 0)  # no part under the pointer (hovered parts wear a shadow)
    # Tab through the page to the first clickable part of the board, as a keyboard user does.
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.board-area .pickable')"):
            break
    else:
        raise AssertionError("Tab never reached a clickable part of the board")
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
    focused = page.evaluate(f"() => ({LOOK})(document.activeElement)")
    others = page.evaluate(
        f"() => [...document.querySelectorAll('.board-area .pickable')]"
        f".filter(el => el !== document.activeElement).map({LOOK})"
    )
    assert others, "the board has one clickable part only"
    assert focused not in others, f"the focused part looks like the others: {focused}"
    # Not only a shade apart: a thicker outline, or another colour of it.
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
    width = page.evaluate("() => parseFloat(getComputedStyle(document.activeElement).outlineWidth)")
    plain = page.evaluate(
        "() => { const el = [...document.querySelectorAll('.board-area .pickable')]"
        ".find(e => e !== document.activeElement); const s = getComputedStyle(el);"
        " return [s.outlineColor, parseFloat(s.outlineWidth)]; }"
    )
    assert outline != plain[0] or width > plain[1]
    screenshot(page, f"keyboard-focus-{game}")
    page.context.close()
