"""The cards are drawn, in the project's own SVG, with nothing downloaded (issue 38):
Courtisans' every card face shows its family's emblem and its role's badge (none for a
plain courtier); Kingdoms' every number card shows its pips as a printed card does (an Ace
one), in the corners its rank; in English and in Korean."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import DESKTOP, Server, click_once, wait_turn


def open_table(browser: Any, server: Server, game: str, locale: str) -> tuple[Any, list[str]]:
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    images: list[str] = []
    page.on("request", lambda r: images.append(r.url) if r.resource_type == "image" else None)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", game)
    page.select_option("#seat-kind-1", "bot")
    page.select_option("#seat-level-1", "random")
    page.click("#create")
    page.click("#start")
    return page, images


def no_downloaded_art(images: list[str]) -> bool:
    # The favicon is the only picture the page asks for.
    return all(url.endswith("/favicon.svg") for url in images)


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_courtisans_cards_show_family_emblem_and_role_badge(
    browser: Any, server: Server, locale: str
) -> None:
    page, images = open_table(browser, server, "courtisans", locale)
    for _ in range(6):
        assert wait_turn(page) == "mine"
        click_once(page, board=False)
    assert wait_turn(page) == "mine"
    faces = page.evaluate(
        """() => [...document.querySelectorAll('.board-area .board .courtier-card')].map((c) => ({
             family: c.dataset.family, role: c.dataset.role,
             emblem: c.querySelector('svg.card-art .emblem')?.children.length ?? 0,
             badge: c.querySelector('svg.card-art .role-badge')?.children.length ?? 0,
             hidden: c.querySelector('svg.card-art')?.getAttribute('aria-hidden'),
           }))"""
    )
    assert len(faces) >= 5
    families = {f["family"] for f in faces}
    for face in faces:
        assert face["emblem"] > 0, face
        assert (face["badge"] > 0) == (face["role"] != "courtier"), face
        assert face["hidden"] == "true"
    # Each family has an emblem of its own.
    emblems = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.board-area .courtier-card')]
             .map((c) => [c.dataset.family, c.querySelector('.emblem').innerHTML]))"""
    )
    assert len(set(emblems.values())) == len(families)
    assert no_downloaded_art(images), images
    page.context.close()


PIPS = {"A": 1, **{str(n): n for n in range(2, 11)}}


@pytest.mark.parametrize("locale", ["en-GB", "ko-KR"])
def test_kingdoms_cards_are_standard_faces_with_pips(
    browser: Any, server: Server, locale: str
) -> None:
    page, images = open_table(browser, server, "kingdoms", locale)
    assert wait_turn(page) == "mine"
    faces = page.evaluate(
        """() => [...document.querySelectorAll('.board-area .board .playing-card[data-card]')]
           .map((c) => ({
             code: c.dataset.card, label: c.getAttribute('aria-label'),
             pips: c.querySelectorAll('svg.playing-face > g > path').length,
             ranks: [...c.querySelectorAll('svg.playing-face text.rank')].map((t) => t.textContent),
           }))"""
    )
    assert faces
    for face in faces:
        m = re.fullmatch(r"(10|[2-9AJQK])([HDCS])|X([12])", face["code"])
        assert m, face
        assert face["label"] and face["label"] != face["code"], face
        if m[1] in PIPS:
            assert face["pips"] == PIPS[m[1]], face
        if m[1]:
            assert face["ranks"] == [m[1], m[1]], face
    assert no_downloaded_art(images), images
    page.context.close()
