"""Server settings: where the data lives and the limits that protect a running server."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

APP_NAME = "courtly"
DATABASE_FILE = "courtly.sqlite3"


def default_data_dir() -> Path:
    """The user's data folder for courtly (for example ~/.local/share/courtly on Linux)."""
    return Path(user_data_dir(APP_NAME, appauthor=False))


def sqlite_url(data_dir: Path) -> str:
    """The default database: one SQLite file in ``data_dir`` (created if missing)."""
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


@dataclass(frozen=True)
class ServerConfig:
    database_url: str
    limits: Limits = Limits()
    bot_workers: int = 2
