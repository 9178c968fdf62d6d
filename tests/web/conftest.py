"""Browser tests: one `courtly serve` and one Debian Chromium per test session, driven by
Playwright for Python (pytest-playwright's ``browser`` fixture, pointed at /usr/bin/chromium:
no browser download). Screenshots go to tests/web/artifacts/ (ignored by git)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, serving

CHROMIUM = Path(os.environ.get("COURTLY_CHROMIUM", "/usr/bin/chromium"))


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    if not CHROMIUM.exists():
        reason = (
            f"browser tests need Debian's chromium at {CHROMIUM}: apt-get install -y chromium "
            "fonts-noto-cjk (.ci/run does)"
        )
        # CI installs the browser: there a missing one is a failure, never a quiet skip.
        if os.environ.get("COURTLY_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return {"executable_path": str(CHROMIUM), "args": ["--no-sandbox"]}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("serve")) as running:
        yield running
