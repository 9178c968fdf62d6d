"""Accessibility of the lobby and a table, checked by axe-core (vendored from the npm
registry at a pinned version, tests/web/vendor/): every control has a label."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import DESKTOP, Server, wait_turn

VENDOR = Path(__file__).parent / "vendor"
# The rules that say a control, link, image or field has a name a screen reader can read.
LABEL_RULES = [
    "button-name",
    "label",
    "link-name",
    "select-name",
    "input-button-name",
    "aria-command-name",
    "aria-input-field-name",
    "image-alt",
    "aria-toggle-field-name",
    "document-title",
    "html-has-lang",
]


def test_the_vendored_axe_is_the_pinned_package() -> None:
    lock = json.loads((VENDOR / "axe-core.lock.json").read_text())
    digest = hashlib.sha256((VENDOR / "axe.min.js").read_bytes()).hexdigest()
    assert digest == lock["sha256"], "re-vendor with tests/web/vendor/vendor-axe.sh"


def label_violations(page: Any) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(VENDOR / "axe.min.js"))
    result: dict[str, Any] = page.evaluate(
        "rules => axe.run(document, {runOnly: {type: 'rule', values: rules}})", LABEL_RULES
    )
    return [
        {"rule": v["id"], "nodes": [n["html"][:120] for n in v["nodes"]]}
        for v in result["violations"]
    ]


@pytest.mark.parametrize("game", ["courtisans", "tudor", "for-the-king", "kingdoms"])
def test_every_control_has_a_label(browser: Any, server: Server, game: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#form-game", game)
    assert label_violations(page) == []
    page.select_option("#seat-kind-1", "bot")
    page.click("#create")
    page.click("#start")
    assert wait_turn(page) == "mine"
    assert label_violations(page) == []
    context.close()
