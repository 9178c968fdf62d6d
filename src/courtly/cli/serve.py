"""``courtly serve``: the table server (docs/server.md)."""

from __future__ import annotations

import contextlib
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from courtly.cli.common import console, fail
from courtly.core.errors import CourtlyError, UnusableFileError, os_reason
from courtly.core.i18n import text


def serve(
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8000,
    database: Annotated[str | None, typer.Option()] = None,
    data: Annotated[Path | None, typer.Option()] = None,
    bot_workers: Annotated[int, typer.Option(min=1)] = 2,
) -> None:
    # The server's packages (uvicorn, FastAPI, SQLAlchemy) load only when serving: every other
    # command starts without them (courtly.cli says why the command must start at once).
    import uvicorn

    from courtly.server.app import create_app
    from courtly.server.config import Limits, ServerConfig, default_data_dir, sqlite_url

    if database is not None and data is not None:
        fail(CourtlyError.keyed("error.serve.both"))
    try:
        url = database or sqlite_url(data if data is not None else default_data_dir())
    except OSError as exc:
        fail(UnusableFileError.keyed("error.serve.data", reason=os_reason(exc)))
    _prepare_database(url)
    # The address is taken here, before the server is built and before "open ..." is said: a
    # port in use is then one line in the reader's language, where uvicorn would log its own
    # English error after that line and exit.
    try:
        listening = _listen(host, port)
    except OSError as exc:
        fail(CourtlyError.keyed("error.serve.port", host=host, port=port, reason=os_reason(exc)))
    limits = Limits()
    app = create_app(ServerConfig(url, limits=limits, bot_workers=bot_workers))
    # The database thread gives up the GIL at each SQLite or driver call and must win it back
    # from a busy event loop: at CPython's default 5 ms switch interval each commit then waits
    # up to 5 ms per call (a convoy); at 1 ms its p90 under a busy loop fell about threefold.
    sys.setswitchinterval(0.001)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(text("cli.serve.open", url=f"[bold]http://{shown}:{port}/[/]"))
    console.print(text("cli.serve.database", url=_safe_url(url)))
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=host,
            port=port,
            ws_max_size=limits.max_frame_bytes,
            # Compressing every per-viewer message (a few kilobytes) cost the server about 0.2 ms
            # of CPU per action, nearly what the kernel takes to play it (0.3 ms in Courtisans),
            # and each client as much again; bandwidth is not what runs short.
            ws_per_message_deflate=False,
            # An idle HTTP connection stays open as long as behind nginx (75 s), not uvicorn's
            # 5 s: a client sending its next request just as the server drops the connection
            # gets "server disconnected" (seen at 200 busy tables).
            timeout_keep_alive=75,
            log_level="warning",
            access_log=False,
        )
    )
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[listening])
    if not server.started:
        # The application's own start-up failed (uvicorn has logged why): as uvicorn exits.
        raise typer.Exit(3)


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` as uvicorn binds one (address reuse on, so a
    restarted server takes the port its predecessor's closed connections still name)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
    except OSError:
        listening.close()
        raise
    return listening


def _prepare_database(url: str) -> None:
    """Create or migrate the schema before serving, so a wrong URL or an unreachable
    database is one readable line, not a failed start-up deep in the server."""
    # Loaded only when serving, as in ``serve``.
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from courtly.server.store import Store

    try:
        store = Store(url)
        store.migrate()
        store.dispose()
    except (ArgumentError, SQLAlchemyError, ImportError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        fail(CourtlyError.keyed("error.serve.database", url=_safe_url(url), reason=first))


def _safe_url(url: str) -> str:
    """The database URL without its password, for printing."""
    # Loaded only when serving, as in ``serve``.
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # an unparsable URL fails at start with its own message
        return url


def register(app: typer.Typer) -> None:
    app.command()(serve)
