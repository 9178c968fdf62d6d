"""Ctrl-C: the real ``courtly`` command, sent SIGINT while its workers play, stops within a
second with exit code 130, no traceback, and keeps the games that finished (resumable)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import courtly
from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.analysis.runner import DEFAULT_SEED, usable_cpus
from courtly.analysis.tournament import tournament_tasks
from courtly.cli import INTERRUPTED

# The installed command, as a user runs it.
COURTLY = [str(Path(sys.executable).parent / "courtly")]
# Generous for a busy CI machine; the promise is "within a second" of the signal.
STOP_SECONDS = 5.0

pytestmark = pytest.mark.skipif(usable_cpus() < 2, reason="the workers need two CPUs")


def _lines(path: Path) -> int:
    return len(path.read_bytes().splitlines()) if path.exists() else 0


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: Linux, like CI)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            # The fields after the command name (which may hold spaces): state, parent, ...
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _interrupt(args: list[str], started: Path | None = None, at_least: int = 3) -> str:
    """Run courtly, wait until it has work under way, send SIGINT; returns its output."""
    process = subprocess.Popen(
        [*COURTLY, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell without job control starts background programs (a CI script run with `&`)
        # with Ctrl-C ignored, and a child inherits that; a person at a terminal has it on.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    try:
        if started is None:
            # Work is under way once the worker processes are there (both of them).
            while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
        else:
            while _lines(started) < at_least and time.monotonic() < deadline:
                time.sleep(0.1)
        assert process.poll() is None, "the run ended before it could be interrupted"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == INTERRUPTED, (process.returncode, out, err)
    assert took < STOP_SECONDS, took
    assert "Traceback" not in out + err
    assert "interrupted" in err
    return err


def test_simulate_stops_at_once() -> None:
    _interrupt(["simulate", "courtisans", "-p", "4", "-n", "10000000", "--workers", "2", "--json"])


def test_selftest_stops_at_once() -> None:
    _interrupt(["selftest", "courtisans", "-p", "2", "-n", "5000", "--workers", "2"])


def test_tournament_stops_and_its_results_file_resumes(tmp_path: Path) -> None:
    results = tmp_path / "t.jsonl"
    agents = ["easy", "random"]
    _interrupt(
        [
            "tournament",
            "courtisans",
            "-a",
            ",".join(agents),
            "-g",
            "100000",
            "-w",
            "2",
            "-r",
            str(results),
        ],
        started=results,
    )
    game = courtly.load("courtisans")
    # The command's default seed, as it was given none.
    tasks = tournament_tasks(game, 2, agents, 100000, DEFAULT_SEED, None)
    key = tournament_key(game.name, 2, agents, DEFAULT_SEED, tasks[0].options)
    kept = ResultsFile(results, key).load(tasks)
    assert len(kept) >= 2  # every finished game kept, and the file loads for a resume
    assert all(tasks[i].seed == o.seed for i, o in kept.items())


def test_ladder_stops_at_once(tmp_path: Path) -> None:
    _interrupt(
        [
            "ladder",
            "courtisans",
            "-a",
            "random,easy",
            "-g",
            "100000",
            "-w",
            "2",
            "-r",
            str(tmp_path),
        ],
    )


def test_report_stops_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "report"
    _interrupt(
        ["report", "courtisans", "-p", "3", "-g", "2000000", "--workers", "2", "--out", str(out)],
        started=out / "games.jsonl",
        at_least=50,
    )
    header = (out / "games.jsonl").read_text(encoding="utf-8").split("\n", 1)[0]
    assert '"courtly-report-games/1"' in header
    lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()[1:]
    indices = [json.loads(line)["index"] for line in lines if line.endswith("}")]
    assert len(indices) >= 49
    # The same command on fewer games finishes from what was kept, playing nothing new.
    done = subprocess.run(
        [*COURTLY, "report", "courtisans", "-p", "3", "-g", "40", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    missing = 40 - len({i for i in indices if i < 40})
    assert f"({missing} played now" in done.stdout, done.stdout
