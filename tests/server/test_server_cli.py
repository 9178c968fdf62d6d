"""``courtly serve`` itself: a fresh install serves from the user's data folder, and a bad
database is one readable line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from server_support import ServerProcess


def test_serve_with_no_flags_keeps_its_data_in_the_user_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "data-home"
    server = ServerProcess(None, tmp_path / "server.log", env={"XDG_DATA_HOME": str(home)})
    server.start()
    try:
        assert 'src="/static/js/main.js"' in server.http.get("/").text  # the browser client
        created = server.create("kingdoms", ["open", "bot:easy"])
        assert created["table"]["status"] == "waiting"
    finally:
        server.stop()
    assert (home / "courtly" / "courtly.sqlite3").is_file()
    assert "open http://127.0.0.1:" in server.log_path.read_text()


def test_an_unreachable_database_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "courtly.cli.main",
            "serve",
            "--database",
            "postgresql+psycopg://nobody:secret@127.0.0.1:1/none",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "cannot use the database" in done.stderr and "Traceback" not in done.stderr
    assert "secret" not in done.stderr  # the password is not printed
