"""The boards typed by the schemas: tools/schema_types.py turns docs/schemas into
TypeScript declarations (js/types/observations.d.ts, committed, so it must be what the
schemas give), and ``tsc --checkJs`` (tools/typecheck, TypeScript from the npm registry,
installed by .ci/run) checks the boards against them: a board reading ``obs.you`` where
the observation has ``behind_screen`` does not type-check."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
TYPECHECK = ROOT / "tools" / "typecheck"
TSC = TYPECHECK / "node_modules" / ".bin" / "tsc"
TYPES = ROOT / "src" / "courtly" / "web" / "static" / "js" / "types" / "observations.d.ts"


def tsc() -> Path:
    if not TSC.exists():
        reason = "tsc is not installed: npm ci --prefix tools/typecheck (.ci/run does)"
        # CI installs it: there a missing one is a failure, never a quiet skip.
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return TSC


def test_the_declarations_are_what_the_schemas_give() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "schema_types.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_boards_type_check_against_the_schemas() -> None:
    done = subprocess.run(
        [str(tsc()), "-p", str(TYPECHECK)], capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_board_reading_a_key_the_schema_has_not_fails(tmp_path: Path) -> None:
    board = tmp_path / "board.js"
    module = TYPES.with_suffix("").with_suffix("")  # observations.d.ts as a module name
    board.write_text(
        f'/** @param {{import("{module}").TudorObservation}} obs */\n'
        "export function draw(obs) {\n  return [obs.behind_screen.cards.blue, obs.you];\n}\n"
    )
    config = json.loads((TYPECHECK / "tsconfig.json").read_text())
    config["include"] = [str(board), str(TYPES)]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    done = subprocess.run(
        [str(tsc()), "-p", str(tmp_path)], capture_output=True, text=True, timeout=240
    )
    assert done.returncode != 0
    errors = [line for line in done.stdout.splitlines() if "error TS" in line]
    assert len(errors) == 1 and "Property 'you' does not exist" in errors[0], done.stdout


def test_the_type_check_covers_every_client_module() -> None:
    """Not only the boards: the page, the table's parts, the lobby... (tsc's own list)."""
    done = subprocess.run(
        [str(tsc()), "-p", str(TYPECHECK), "--listFilesOnly"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    listed = {Path(line).resolve() for line in done.stdout.splitlines() if line.strip()}
    modules = set((TYPES.parent.parent).rglob("*.js"))
    assert sorted(str(m) for m in modules - listed) == []
