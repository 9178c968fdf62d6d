"""The installed ``courtly`` program, for tests that run it as a person does."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import sys
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path


def courtly_command() -> str:
    beside = Path(sys.executable).parent / "courtly"
    found = str(beside) if beside.exists() else shutil.which("courtly")
    assert found, "the courtly command is not installed"
    return found


COURTLY = courtly_command()
# Colours, cursor moves and clears: what a terminal acts on and does not show.
ANSI = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07)")


class TerminalSession:
    """``courtly`` run in a pseudo-terminal of ``columns`` x ``rows``, as in a person's
    terminal: its output is what the terminal receives (escape sequences included), and what
    is typed goes through the terminal's line discipline."""

    def __init__(
        self,
        args: Sequence[str],
        env: Mapping[str, str],
        columns: int = 80,
        rows: int = 24,
    ) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: the program, with the pty as its terminal
            try:
                os.execve(COURTLY, [COURTLY, *args], {**env, "TERM": "xterm-256color"})
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.output = bytearray()
        self.returncode: int | None = None

    def read_until(self, *texts: str, timeout: float = 60) -> str:
        """Read until one of ``texts`` appears in what came after the last call; that part,
        decoded."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        wanted = [t.encode() for t in texts]
        while not any(w in self.output[start:] for w in wanted):
            left = deadline - time.monotonic()
            tail = self.output[-2000:].decode(errors="replace")
            assert left > 0, f"none of {texts!r} within {timeout}s: {tail}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the program ended and the terminal closed
                    chunk = b""
                assert chunk, f"output ended before {texts!r}: {tail}"
                self.output.extend(chunk)
        end = min(self.output.index(w, start) + len(w) for w in wanted if w in self.output[start:])
        return self.output[start:end].decode(errors="replace")

    def drain(self, seconds: float) -> str:
        """Whatever the program shows in the next ``seconds``, decoded."""
        start = len(self.output)
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.output.extend(chunk)
        return self.output[start:].decode(errors="replace")

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def finish(self, timeout: float = 60) -> int:
        """Read to the end of the program; its exit code."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                self.output.extend(chunk)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def kill(self) -> None:
        if self.returncode is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            os.close(self.fd)
            self.returncode = -signal.SIGKILL

    @property
    def text(self) -> str:
        """Everything shown so far, without the escape sequences."""
        return ANSI.sub("", self.output.decode(errors="replace")).replace("\r\n", "\n")
