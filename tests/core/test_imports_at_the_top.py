"""Imports sit at the top of their module, where ``lint-imports`` and a reader see them. One
made inside a function must say why it waits (an optional or slow package, the command's
start-up): a comment on its line or just above it, or a ``try`` that catches its
ImportError. A function-local import that only dodges an import cycle has no such reason."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "courtly"


def _guarded(tree: ast.AST) -> set[int]:
    """The lines of imports inside a ``try`` that catches ImportError."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try):
            continue
        caught = [ast.unparse(h.type) for h in node.handlers if h.type is not None]
        if any("ImportError" in c or "ModuleNotFoundError" in c for c in caught):
            for statement in node.body:
                if isinstance(statement, ast.Import | ast.ImportFrom):
                    lines.add(statement.lineno)
    return lines


def _explained(lines: list[str], lineno: int) -> bool:
    """Whether the import at ``lineno`` (1-based) has a comment on its line or above the block
    of imports it belongs to."""
    if "#" in lines[lineno - 1]:
        return True
    index = lineno - 2
    while index >= 0:
        above = lines[index].strip()
        if above.startswith("#"):
            return True
        if above and not above.startswith(("import ", "from ")):
            return False
        index -= 1
    return False


def test_every_function_local_import_says_why_it_waits() -> None:
    unexplained = []
    for path in sorted(SRC.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        guarded = _guarded(tree)
        lines = source.splitlines()
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if not isinstance(node, ast.Import | ast.ImportFrom):
                    continue
                if node.lineno in guarded or _explained(lines, node.lineno):
                    continue
                unexplained.append(f"{path.relative_to(SRC.parent)}:{node.lineno}")
    assert not unexplained, "function-local imports with no reason given: " + ", ".join(unexplained)
