"""The server stays in parts (docs/server.md, "Code map"): every module says its one job in
its docstring and none grows past about 300 lines (the Store's reads and writes, the longest,
are split into their rows). The parts' order is checked by ``lint-imports`` (.importlinter)."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "courtly" / "server"
MAX_LINES = 300


def test_every_server_module_is_small_and_says_its_job() -> None:
    modules = [p for p in sorted(SERVER.rglob("*.py")) if "migrations" not in p.parts]
    assert len(modules) > 20
    for path in modules:
        source = path.read_text(encoding="utf-8")
        name = path.relative_to(SERVER)
        assert len(source.splitlines()) <= MAX_LINES, f"{name} has grown into several jobs"
        assert ast.get_docstring(ast.parse(source)), f"{name} does not say its job"


def test_the_code_map_names_every_server_module() -> None:
    code_map = (SERVER.parents[2] / "docs" / "server.md").read_text(encoding="utf-8")
    for path in sorted(SERVER.glob("*.py")):
        if path.name != "__init__.py":
            assert f"`{path.name}`" in code_map, f"docs/server.md's code map misses {path.name}"
