"""Server settings: where the data lives and the limits that protect a running server."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, replace
from pathlib import Path

from platformdirs import user_data_dir

from courtly.core.errors import CourtlyError

APP_NAME = "courtly"
DATABASE_FILE = "courtly.sqlite3"


def default_data_dir() -> Path:
    """The user's data folder for courtly (for example ~/.local/share/courtly on Linux)."""
    return Path(user_data_dir(APP_NAME, appauthor=False))


def sqlite_url(data_dir: Path) -> str:
    """The default database: one SQLite file in ``data_dir`` (created if missing)."""
    if data_dir.exists() and not data_dir.is_dir():
        # mkdir would say "File exists", as if the folder were there and would do.
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(data_dir))
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(data_dir / DATABASE_FILE).resolve()}"


@dataclass(frozen=True)
class Limits:
    """What one client may send. A message over ``max_message_bytes`` is refused with an error;
    the websocket itself closes only past ``max_frame_bytes`` (so a huge frame is never read
    whole). Each connection has a token bucket of ``burst`` messages refilled at ``per_second``;
    a client that keeps flooding after ``flood_close`` refusals is disconnected."""

    max_message_bytes: int = 16 * 1024
    max_frame_bytes: int = 2 * 1024 * 1024
    # Far above what a person (or a scripted test client playing as fast as the server answers)
    # sends, far below a flood.
    per_second: float = 100.0
    burst: int = 200
    flood_close: int = 300
    max_name_chars: int = 32
    max_tables_listed: int = 200
    # An HTTP request body (the largest a client sends, a new table, is well under 1 KiB).
    max_body_bytes: int = 16 * 1024
    # Tables one client address may create a minute (0: no limit): a person makes a few.
    tables_per_minute: int = 30
    # A table nobody started within this time is ended (waiting tables are held in memory).
    waiting_table_hours: float = 24.0
    # A post-game review's (and a hint's) search per turn: iterations when above 0, else
    # seconds when above 0, else the iterations each game's win chances were calibrated at
    # (the same review on any machine; docs/server.md, "Reviews").
    review_seconds: float = 0.0
    review_iterations: int = 0
    # Table chat: a message's length in characters, and how fast one writer may post (a
    # burst of ``chat_burst`` messages, then one every ``1 / chat_per_second`` seconds).
    chat_chars: int = 200
    chat_burst: int = 3
    chat_per_second: float = 0.5
    # Every how many minutes the garbage collector walks every object once; between those, the
    # survivors of each full collection are frozen (``courtly.server.gc_policy``). 0: Python's
    # own collector, untouched.
    gc_full_minutes: float = 10.0
    # 1: keep the event loop's lag and the collector's pauses for ``GET /api/health/loop``
    # (``courtly.server.loop_watch``; a benchmark's measure, off in production).
    loop_watch: int = 0


#: The limits an environment variable ``COURTLY_<NAME>`` may set (``COURTLY_TABLES_PER_MINUTE=0``):
#: the policy choices an operator tunes (docs/server.md, "Limits").
FROM_ENVIRONMENT = (
    "max_body_bytes",
    "tables_per_minute",
    "waiting_table_hours",
    "review_seconds",
    "review_iterations",
    "gc_full_minutes",
    "loop_watch",
)


def limits_from_environment(limits: Limits, environ: dict[str, str] | None = None) -> Limits:
    """``limits`` with the ``COURTLY_<NAME>`` environment variables of ``FROM_ENVIRONMENT``
    applied (``COURTLY_WAITING_TABLE_HOURS=2``). A value that is not a number of at least 0
    is refused with one line naming the variable (a CourtlyError)."""
    environ = dict(os.environ) if environ is None else environ
    changes: dict[str, int | float] = {}
    for field in FROM_ENVIRONMENT:
        name = "COURTLY_" + field.upper()
        if name not in environ:
            continue
        kind = int if isinstance(getattr(limits, field), int) else float
        try:
            value = kind(environ[name])
        except ValueError:
            value = -1
        if not value >= 0:  # also NaN
            raise CourtlyError.keyed("error.serve.environment", name=name, value=environ[name])
        changes[field] = value
    return replace(limits, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ServerConfig:
    database_url: str
    limits: Limits = Limits()
    bot_workers: int = 2
