"""A `courtly serve` on 127.0.0.1 for the server benchmarks (serve_load.py, bot_fairness.py):
a free port, and a server process started with its log in a folder, ready when it answers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

START_SECONDS = 120


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_serve(
    port: int,
    flags: list[str],
    folder: Path,
    name: str = "server",
    environment: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """``courtly serve --port PORT FLAGS``, its output in FOLDER/NAME.log; returned once its
    health answers (SystemExit if it exits or does not answer within two minutes)."""
    command = [sys.executable, "-m", "courtly.cli.main", "serve", "--port", str(port), *flags]
    log_path = folder / f"{name}.log"
    # Every table comes from this one address, far more a minute than a person creates.
    env = {**os.environ, "COURTLY_TABLES_PER_MINUTE": "0", **(environment or {})}
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env
        )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited: {log_path.read_text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not start within {START_SECONDS} s")
