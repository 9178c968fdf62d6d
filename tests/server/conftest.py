"""One real server per database backend (SQLite and PostgreSQL), shared by the session.

The PostgreSQL server is Debian's, started here; where none can be started the PostgreSQL
runs are skipped with the reason, unless COURTLY_REQUIRE_POSTGRES=1 (CI), where they fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import REQUIRE_POSTGRES, Postgres, ServerProcess

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    try:
        server = Postgres()
        server.start()
    except (RuntimeError, OSError, KeyError) as exc:
        if REQUIRE_POSTGRES:
            pytest.fail(f"PostgreSQL could not be started: {exc}")
        pytest.skip(f"PostgreSQL could not be started here ({exc}); CI runs these tests")
    yield server
    server.stop()


def _server(url: str, folder: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(url, folder / "server.log")
    process.start()
    yield process
    process.stop()
    # What the server said, for a failure's report (pytest shows it with -rA or on error).
    print(f"--- {folder / 'server.log'} ---\n{process.log_path.read_text()[-4000:]}")


@pytest.fixture(scope="session")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("serve-sqlite")
    yield from _server(f"sqlite:///{folder / 'courtly.sqlite3'}", folder)


@pytest.fixture(scope="session")
def postgresql_server(
    postgres: Postgres, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    yield from _server(postgres.url, tmp_path_factory.mktemp("serve-postgres"))


@pytest.fixture(params=BACKENDS)
def server(request: pytest.FixtureRequest) -> ServerProcess:
    """The test runs once against each backend's server."""
    process: ServerProcess = request.getfixturevalue(f"{request.param}_server")
    return process
