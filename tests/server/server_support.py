"""Test helpers: a real PostgreSQL, a real server process, and scripted websocket clients."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from courtly.core.table import Table
from courtly.server.config import Limits

# A scripted seat acts no faster than the server's rate limit refills (a person is far slower):
# on an idle machine, answering in a few milliseconds, a seat with a long run of decisions
# (Kingdoms) would otherwise empty its bucket and be refused with rate_limited.
ACT_INTERVAL = 1.0 / Limits().per_second

# Set in CI (.ci/run): a PostgreSQL that cannot be started fails the tests instead of
# skipping them.
REQUIRE_POSTGRES = os.environ.get("COURTLY_REQUIRE_POSTGRES") == "1"
TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Postgres:
    """A throwaway PostgreSQL server from Debian's packages, on a free port, data and socket in
    a temporary folder. initdb and pg_ctl refuse root, so as root they run as ``postgres``."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise RuntimeError(
                "no PostgreSQL server found (/usr/lib/postgresql/*/bin): apt-get install postgresql"
            )
        self.bin = Path(found[-1]).parent
        self.root = Path(tempfile.mkdtemp(prefix="courtly-pg-"))
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chmod(self.root, 0o755)
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.data = self.root / "data"
        self.url = f"postgresql+psycopg://courtly@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self.prefix, *args], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "courtly",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        self.resume()

    def _pg_ctl(self, *args: str) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), *args)

    def resume(self) -> None:
        """Start the server (again, on the same port and data)."""
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c full_page_writes=off"
        )
        self._pg_ctl("-o", options, "-l", str(self.root / "log"), "-w", "-t", "60", "start")

    def pause(self) -> None:
        """Stop the server as an administrator would (``-m fast``: every connection cut)."""
        self._pg_ctl("-m", "fast", "-w", "-t", "60", "stop")

    def restart(self) -> None:
        """As ``pg_ctl restart -m fast``: every connection cut, the server back at once. (Not
        ``restart`` itself: it cannot name the log file, so the server would write to pg_ctl's
        output, which the caller then waits on for ever.)"""
        self.pause()
        self.resume()

    def stop(self) -> None:
        subprocess.run(
            [
                *self.prefix,
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-m",
                "immediate",
                "stop",
            ],
            capture_output=True,
            timeout=60,
            check=False,
        )
        shutil.rmtree(self.root, ignore_errors=True)


class ServerProcess:
    """``courtly serve`` in its own process group, so a kill -9 takes its bot workers too."""

    def __init__(
        self, database_url: str | None, log_path: Path, env: dict[str, str] | None = None
    ) -> None:
        # None: no --database, the server picks its default (SQLite in the user's data folder).
        self.database_url: str = database_url or ""
        self.env = env
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(base_url=self.base, timeout=TIMEOUT)

    def start(self) -> None:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "courtly.cli.main",
                "serve",
                "--port",
                str(self.port),
                *(["--database", self.database_url] if self.database_url else []),
                "--bot-workers",
                "2",
            ],
            # The tests create far more tables a minute from 127.0.0.1 than a person would:
            # no limit, unless a test sets one (the limit's own test does).
            env={**os.environ, "COURTLY_TABLES_PER_MINUTE": "0", **(self.env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if self.http.get("/api/health").status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError("the server did not answer within 90 s")

    def kill9(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=20)
        self.http.close()

    def alive(self) -> bool:
        return self.http.get("/api/health").json()["ok"] is True

    # --- HTTP -----------------------------------------------------------------------------

    def create(self, game: str, seats: list[str], seed: int = 1, **extra: Any) -> dict[str, Any]:
        body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, **extra}
        response = self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def owner_post(self, created: dict[str, Any], path: str, **body: Any) -> httpx.Response:
        table_id = created["table"]["id"]
        headers = {"Authorization": f"Bearer {created['owner']['token']}"}
        return self.http.post(f"/api/tables/{table_id}/{path}", json=body or None, headers=headers)

    def take(self, created: dict[str, Any], seat: int, name: str) -> httpx.Response:
        """Take (or rename) a seat. Taking an open seat swaps its invite token for a new one:
        ``created`` is updated with it, as a browser keeps the token it was given."""
        entry = next(s for s in created["seats"] if s["seat"] == seat)
        response = self.http.post(
            f"/api/tables/{created['table']['id']}/take",
            json={"name": name},
            headers={"Authorization": f"Bearer {entry['token']}"},
        )
        if response.status_code == 200 and "token" in response.json():
            entry["invite"] = entry["token"]
            entry.update(token=response.json()["token"], link=response.json()["link"])
        return response

    def token(self, created: dict[str, Any], seat: int) -> str:
        token: str = next(s["token"] for s in created["seats"] if s["seat"] == seat)
        return token

    def start_table(self, created: dict[str, Any]) -> None:
        """Every open seat taken (as "Player N"), then started by the owner."""
        for seat in created["seats"]:
            if seat["kind"] == "open":
                taken = self.take(created, seat["seat"], f"Player {seat['seat']}")
                assert taken.status_code == 200, taken.text
        response = self.owner_post(created, "start")
        assert response.status_code == 200, response.text

    def seated(self, game: str, seats: list[str], seed: int) -> tuple[dict[str, Any], list[Client]]:
        """A started table with a connected client (snapshot read) for every person's seat."""
        created = self.create(game, seats, seed=seed)
        self.start_table(created)
        clients = [self.client(created["table"]["id"], s["token"]) for s in created["seats"]]
        for client in clients:
            client.wait_type("snapshot")
        return created, clients

    def info(self, table_id: str) -> dict[str, Any]:
        response = self.http.get(f"/api/tables/{table_id}")
        assert response.status_code == 200, response.text
        info: dict[str, Any] = response.json()
        return info

    def record(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.get(f"/api/tables/{table_id}/record", headers=headers)
        assert response.status_code == 200, response.text
        record: dict[str, Any] = response.json()
        return record

    def client(self, table_id: str, token: str | None = None, lang: str | None = None) -> Client:
        return Client(self, table_id, token, lang)


class Client:
    """A scripted websocket client that keeps what it was told, as a browser would."""

    def __init__(
        self, server: ServerProcess, table_id: str, token: str | None, lang: str | None = None
    ) -> None:
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws"
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, open_timeout=TIMEOUT, max_size=None)
        )
        self.messages: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.seq = -1
        self.viewer: int | None = None
        self.observation: dict[str, Any] = {}
        self.legal: list[dict[str, Any]] = []
        self.table: dict[str, Any] = {}
        self.acted_at = 0.0
        # A hello without a language reads the default (English), as the tests always did.
        self.send({"type": "hello", "token": token, **({"lang": lang} if lang else {})})

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(message)
        kind = message["type"]
        if kind in ("snapshot", "update"):
            self.seq = message["seq"]
            self.viewer = message["viewer"]
            self.observation = message["observation"]
            self.legal = message["legal_actions"]
            if message["reset"]:
                self.events = list(message["events"])
            else:
                self.events.extend(message["events"])
        if "table" in message:
            self.table = message["table"]
        return message

    def wait_for(
        self, check: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the awaited message did not come")
            message = self.recv(left)
            if check(message):
                return message

    def until(self, check: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> None:
        """Read until the table as this client knows it passes ``check`` (maybe already)."""
        if not check(self.table):
            self.wait_for(lambda m: "table" in m and check(m["table"]), timeout)

    def wait_type(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.wait_for(lambda m: m["type"] == kind, timeout)

    def wait_seq(self, seq: int, timeout: float = TIMEOUT) -> None:
        """Read until this client has seen the table at ``seq``."""
        while self.seq < seq:
            self.wait_for(lambda m: m["type"] in ("snapshot", "update"), timeout)

    def act(self, action_id: int) -> None:
        time.sleep(max(0.0, self.acted_at + ACT_INTERVAL - time.monotonic()))
        self.acted_at = time.monotonic()
        self.send({"type": "act", "seq": self.seq, "action": action_id})

    def play_until(
        self,
        done: Callable[[], bool],
        choose: Callable[[list[dict[str, Any]]], int] = lambda legal: int(legal[0]["id"]),
    ) -> None:
        """Act once in each position where this seat is to act (``choose`` picks from the legal
        actions: the first by default) and read on, until ``done()``."""
        acted = -1
        while not done():
            if self.legal and acted != self.seq:
                acted = self.seq
                self.act(choose(self.legal))
            self.recv()

    def close(self) -> None:
        self._stack.close()


def play_to_an_undoable_move(clients: list[Client], mirror: Table, passing: bool = False) -> Client:
    """Play first legal actions (each on ``mirror`` too) until one can be taken back, and,
    ``passing``, gave the decision to another seat; return that seat's client."""
    while True:
        mover = next(c for c in clients if c.legal)
        seat = mover.viewer
        assert seat is not None
        mirror.act(seat, mirror.seq, mover.legal[0]["id"])
        mover.act(mover.legal[0]["id"])
        for client in clients:
            client.wait_seq(mirror.seq)
        if mirror.can_undo(seat) and not (passing and mirror.state.current_player == seat):
            return mover
