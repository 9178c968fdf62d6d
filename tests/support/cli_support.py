"""The installed ``courtly`` program, for tests that run it as a person does."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path


def courtly_command() -> str:
    beside = Path(sys.executable).parent / "courtly"
    found = str(beside) if beside.exists() else shutil.which("courtly")
    assert found, "the courtly command is not installed"
    return found


COURTLY = courtly_command()
