"""On a phone every choice is reached by scrolling the page itself: the list of choices once
sat in a box of its own (at most half the screen high, scrolling inside), which showed 8 of
Courtisans' 12 choices in Korean with no sign that more followed."""

from __future__ import annotations

from typing import Any

from browser_support import PHONE, Server, join, screenshot, wait_turn

# Every choice button with what hides it: an ancestor that clips its overflow (scrolls or
# hides it) and is shorter than what it holds, or a bottom below the page's own height.
CLIPPED = """() => {
  const page = document.scrollingElement.scrollHeight;
  return [...document.querySelectorAll('.choices button.action')].map(button => {
    const box = button.getBoundingClientRect();
    const bottom = box.bottom + window.scrollY;
    const clips = [];
    for (let el = button.parentElement; el && el !== document.body; el = el.parentElement) {
      const s = getComputedStyle(el);
      const clipping = [s.overflowY, s.overflow].some(v => v !== 'visible');
      if (clipping && el.scrollHeight > el.clientHeight + 1) clips.push(el.className || el.tagName);
    }
    return { bottom, page, clips };
  });
}"""


def test_every_choice_scrolls_with_the_page_on_a_phone(browser: Any, server: Server) -> None:
    # Seed 0: the first seat opens with three different cards, each to four places, twelve
    # choices (a table of the lobby's own seed may deal two alike, shown as one: eight).
    created = server.create("courtisans", ["open", "bot:random"], seed=0)
    context = browser.new_context(viewport=PHONE, locale="ko-KR", has_touch=True, is_mobile=True)
    page = join(context, server.url + created["seats"][0]["link"], "가람")
    server.post(f"/api/tables/{created['table']['id']}/start", token=created["owner"]["token"])
    assert wait_turn(page) == "mine"
    buttons = page.evaluate(CLIPPED)
    # More than half a phone's screen of buttons.
    assert len(buttons) == 12, len(buttons)
    for button in buttons:
        assert not button["clips"], f"a choice is clipped by {button['clips']}"
        assert button["bottom"] <= button["page"] + 1
    # The last choice is reached by scrolling the page, and is then on the screen.
    last = page.locator(".choices button.action").last
    last.scroll_into_view_if_needed()
    box = last.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    screenshot(page, "phone-choices-ko")
    context.close()
