"""The compiled build (docs/performance.md) computes exactly what the pure one does.

This process runs one build; the probe (tests/support/build_probe.py) runs in another process
with the other build: the pure sources first on the path when this process is compiled, or
the interpreter named by ``COURTLY_COMPILED_PYTHON`` (one with the compiled build installed)
when it is pure. With neither, the test is skipped, unless ``COURTLY_REQUIRE_COMPILED=1`` (set
by CI) makes a missing compiled build a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import build_probe
import pytest

from courtly.core.build import build_name

ROOT = Path(__file__).resolve().parents[2]
PROBE = ROOT / "tests" / "support" / "build_probe.py"


def _other_build() -> tuple[str, dict[str, str]]:
    """The interpreter and environment that run the other build."""
    env = dict(os.environ)
    if build_name() == "compiled":
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(PROBE.parent)])
        return sys.executable, env
    python = os.environ.get("COURTLY_COMPILED_PYTHON")
    if not python:
        message = "no compiled build: set COURTLY_COMPILED_PYTHON to its interpreter"
        if os.environ.get("COURTLY_REQUIRE_COMPILED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    env["PYTHONPATH"] = str(PROBE.parent)
    return python, env


def test_pure_and_compiled_builds_play_identically() -> None:
    python, env = _other_build()
    done = subprocess.run(
        [python, str(PROBE)], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    theirs = json.loads(done.stdout)
    ours = build_probe.probe()
    assert {ours["build"], theirs["build"]} == {"pure", "compiled"}
    assert ours["results"].keys() == theirs["results"].keys()
    for key, expected in ours["results"].items():
        assert theirs["results"][key] == expected, key
