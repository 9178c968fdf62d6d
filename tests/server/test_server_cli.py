"""``courtly serve`` itself: a fresh install serves from the user's data folder, and a bad
database is one readable line."""

from __future__ import annotations

import socket
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


def _serve(*flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "courtly.cli.main", *flags],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_port_in_use_is_one_line_before_anything_is_promised(tmp_path: Path) -> None:
    """The port is taken before "open http://..." is said: a port in use was that promise,
    then uvicorn's own English error and exit 3."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        for lang, words in (
            ("en", "cannot serve on"),
            ("ko", "에서 서버를 열 수 없습니다: 이미 쓰이고 있는 주소입니다"),
        ):
            done = _serve("--lang", lang, "serve", "--port", port, "--data", str(tmp_path))
            assert done.returncode == 2, done
            assert f"127.0.0.1:{port}" in done.stderr and words in done.stderr, done.stderr
            assert "open http" not in done.stdout and "ERROR" not in done.stderr, done
            assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_data_folder_that_is_a_file_says_so(tmp_path: Path) -> None:
    a_file = tmp_path / "courtly.txt"
    a_file.write_text("not a folder")
    done = _serve("serve", "--data", str(a_file))
    assert done.returncode == 1  # the command was right, the path is not (docs/cli.md)
    assert "cannot use the data folder: Not a directory" in done.stderr, done.stderr
    assert "Errno" not in done.stderr and "File exists" not in done.stderr
