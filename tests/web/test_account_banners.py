"""The account page's refusals: each form's banner is replaced by its next attempt's, and a
success clears the banners the login and register forms raised, so on a phone no stale banner
stays over the page once the player is in; a password shorter than the server's rule is said
by the browser before anything is sent."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from browser_support import PHONE, Server

PASSWORD = "correct horse battery"


def _errors(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        "#banner .notice.error", "boxes => boxes.map((b) => b.innerText)"
    )
    return texts


def test_a_success_clears_the_refusals_of_the_forms(browser: Any, server: Server) -> None:
    taken = "taken" + secrets.token_hex(3)
    # A client of its own: the shared one must not carry this account's session cookie.
    with httpx.Client(base_url=server.url, timeout=30) as client:
        client.post("/api/account/register", json={"name": taken, "password": PASSWORD})
    name = "alice" + secrets.token_hex(3)
    context = browser.new_context(viewport=PHONE, locale="ko-KR", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.url + "/account")
    page.wait_for_selector("#register-form")
    # Two refused logins: the second's banner takes the first's place, they do not pile up.
    for attempt in ("wrongpass1", "wrongpass2"):
        page.fill("#login-name", "nobody" + secrets.token_hex(2))
        page.fill("#login-password", attempt)
        page.click("#login-submit")
        page.wait_for_selector("#banner .notice.error")
        page.wait_for_timeout(300)
    assert len(_errors(page)) == 1, _errors(page)
    # A name taken already: the register form's own banner, beside the login's.
    page.fill("#register-name", taken)
    page.fill("#register-password", PASSWORD)
    page.click("#register-submit")
    page.wait_for_function("() => document.querySelectorAll('#banner .notice.error').length === 2")
    # Then the account is made: the page is the player's, with no banner left over it.
    page.fill("#register-name", name)
    page.click("#register-submit")
    page.wait_for_selector("#signed-in")
    page.wait_for_selector("#my-games-title ~ *")
    assert _errors(page) == [], _errors(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    heading = page.locator("h1").bounding_box()
    banner = page.locator("#banner").bounding_box()
    assert heading is not None and banner is not None
    assert banner["height"] < 1 or banner["y"] + banner["height"] <= heading["y"], (banner, heading)
    context.close()


def test_a_short_password_is_said_before_it_is_sent(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    page.goto(server.url + "/account")
    page.wait_for_selector("#register-form")
    # The server's rule (src/courtly/server/credentials.py): 8 to 256 characters.
    assert page.get_attribute("#register-password", "minlength") == "8"
    assert page.get_attribute("#register-password", "maxlength") == "256"
    page.fill("#register-name", "bob" + secrets.token_hex(3))
    page.fill("#register-password", "short")
    page.click("#register-submit")
    page.wait_for_timeout(500)
    assert page.eval_on_selector("#register-password", "el => el.validity.tooShort")
    assert not [url for url in sent if "/api/account/register" in url], sent
    assert _errors(page) == []
    # Eight characters go.
    page.fill("#register-password", "long enough")
    page.click("#register-submit")
    page.wait_for_selector("#signed-in")
    # A new password keeps to the same rule.
    assert page.get_attribute("#password-new", "minlength") == "8"
    context.close()
