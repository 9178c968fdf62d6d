"""benchmarks/review_budget.py: the shipped curve read at two budgets over the same positions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_same_positions_are_searched_at_each_budget(tmp_path: Path) -> None:
    kept = tmp_path / "samples.json"
    command = [sys.executable, str(ROOT / "benchmarks" / "review_budget.py"), "kingdoms"]
    flags = ["--games", "2", "--positions", "2", "--iterations", "20,60", "--json", str(kept)]
    done = subprocess.run(
        command + flags, capture_output=True, text=True, check=True, cwd=ROOT, timeout=300
    )
    assert "#### 20 iterations" in done.stdout and "#### 60 iterations" in done.stdout
    assert "| certified |" in done.stdout
    samples = json.loads(kept.read_text())
    low, high = samples["20"], samples["60"]
    assert len(low) == len(high) == 4
    # The same decisions of the same games, their outcomes the same; only the values differ.
    assert [(s["game_index"], s["outcome"]) for s in low] == [
        (s["game_index"], s["outcome"]) for s in high
    ]
    assert [s["value"] for s in low] != [s["value"] for s in high]


def test_one_budget_is_refused_in_one_line() -> None:
    command = [sys.executable, str(ROOT / "benchmarks" / "review_budget.py"), "kingdoms"]
    done = subprocess.run(
        [*command, "--iterations", "200"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 2
    assert "two budgets or more" in done.stderr
