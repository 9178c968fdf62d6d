"""``python -m courtly.interop.layouts GAME``, which docs/interop.md gives: a table for a game,
one line and exit code 2 (as courtly's commands) for a name that is no game."""

from __future__ import annotations

import subprocess
import sys

import pytest

from courtly.interop.layouts import main


def test_an_unknown_game_is_one_line_and_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chess"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "error: no game called 'chess'; games: courtisans, for-the-king, kingdoms, tudor"
    ]


def test_a_game_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kingdoms"]) == 0
    assert capsys.readouterr().out.startswith("| field | 2p | meaning |")


def test_the_module_run_as_a_command_prints_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "courtly.interop.layouts", "chess"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "no game called 'chess'" in done.stderr
