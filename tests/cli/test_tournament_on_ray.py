"""``courtly tournament --backend ray`` as a user runs it, on a Ray it starts here: the local
backend's results, and nothing of Ray's in between the progress bar and the table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ray")

COURTLY = str(Path(sys.executable).parent / "courtly")
ARGS = ["tournament", "courtisans", "-a", "greedy,random", "-g", "4", "--json"]


def test_a_ray_started_here_gives_the_local_results_and_says_nothing_of_itself() -> None:
    # Ray's own token file (~/.ray/auth_token) may be made, as any Ray started here makes it.
    on_ray = subprocess.run(
        [COURTLY, *ARGS, "--backend", "ray"], capture_output=True, text=True, timeout=180
    )
    assert on_ray.returncode == 0, on_ray.stderr
    here = subprocess.run([COURTLY, *ARGS], capture_output=True, text=True, timeout=60)
    assert on_ray.stdout == here.stdout
    # Ray warned that it turned token authentication on (a line through the progress bar).
    assert "Token authentication" not in on_ray.stderr, on_ray.stderr
    assert on_ray.stderr.strip() == "", on_ray.stderr
