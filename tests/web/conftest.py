"""Browser tests: one `courtly serve` and one Debian Chromium per test session, driven by
Playwright for Python (pytest-playwright's ``browser`` fixture, pointed at /usr/bin/chromium:
no browser download). Screenshots go to tests/web/artifacts/ (ignored by git)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import Server

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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("serve")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = (data / "serve.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from courtly.cli.main import app; app()",
            "serve",
            "--port",
            str(port),
            "--data",
            str(data),
            "--bot-workers",
            "1",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        # The browser tests create more tables a minute from 127.0.0.1 than a person would.
        env={**os.environ, "COURTLY_TABLES_PER_MINUTE": "0"},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((data / "serve.log").read_text())
            time.sleep(0.2)
        yield Server(url, f"sqlite:///{data / 'courtly.sqlite3'}")
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
