"""On a phone every choice is reached by scrolling the page itself: the list of choices once
sat in a box of its own (at most half the screen high, scrolling inside), which showed 8 of
Courtisans' 12 choices in Korean with no sign that more followed."""

from __future__ import annotations

from typing import Any

from browser_support import PHONE, PRIVACY, Server, open_lobby, screenshot, wait_turn

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
    context = browser.new_context(viewport=PHONE, locale="ko-KR", has_touch=True, is_mobile=True)
    page = context.new_page()
    open_lobby(page, server.url, "courtisans")
    page.select_option("#seat-kind-1", "hotseat")
    page.click("#create")
    page.click("#start")
    assert wait_turn(page) == "privacy"
    page.click(PRIVACY)
    assert wait_turn(page) == "mine"
    buttons = page.evaluate(CLIPPED)
    # Three cards, each to four places: more than half a phone's screen of buttons.
    assert len(buttons) >= 9, len(buttons)
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
