"""The browser client's ES modules import one another without a cycle: a module never
depends on one that depends on it (the entry, main.js, is imported by nobody)."""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).parents[2] / "src" / "courtly" / "web" / "static" / "js"
# Static imports and re-exports: `import ... from "./x.js"`, `import "./x.js"`,
# `export ... from "./x.js"`, and dynamic `import("./x.js")`.
IMPORT = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']"""
    r"""|(?:^|[;\s])import\s*["']([^"']+)["']"""
    r"""|\bimport\(\s*["']([^"']+)["']\s*\)""",
    re.M,
)
MAX_LINES = 300


def imports(path: Path) -> set[Path]:
    text = re.sub(r"/\*.*?\*/", "", path.read_text("utf-8"), flags=re.S)
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
    found = set()
    for match in IMPORT.finditer(text):
        spec = next(g for g in match.groups() if g)
        if spec.startswith("."):
            found.add((path.parent / spec).resolve())
    return found


def graph(root: Path) -> dict[Path, set[Path]]:
    return {path.resolve(): imports(path) for path in sorted(root.rglob("*.js"))}


def cycles(edges: dict[Path, set[Path]]) -> list[list[str]]:
    """Every cycle found by a depth-first walk, each as the modules around it."""
    found: list[list[str]] = []
    state: dict[Path, int] = {}  # 1: on the current path, 2: done
    path: list[Path] = []

    def walk(node: Path) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                loop = [*path[path.index(nxt) :], nxt]
                found.append([p.name for p in loop])
            elif nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            walk(node)
    return found


def test_every_import_names_a_module_that_exists() -> None:
    edges = graph(JS)
    missing = sorted(str(t) for targets in edges.values() for t in targets if t not in edges)
    assert missing == []


def test_the_client_has_no_import_cycle() -> None:
    assert cycles(graph(JS)) == []


def test_the_check_finds_a_cycle(tmp_path: Path) -> None:
    (tmp_path / "main.js").write_text(
        'import { showLobby } from "./lobby.js";\nexport function go() {}\n'
    )
    (tmp_path / "lobby.js").write_text(
        '// import { x } from "./nothing.js";\nimport { go } from "./main.js";\n'
    )
    (tmp_path / "dom.js").write_text("export const h = 1;\n")
    assert cycles(graph(tmp_path)) == [["lobby.js", "main.js", "lobby.js"]]


def test_no_client_module_is_over_about_300_lines() -> None:
    lines = {p.name: len(p.read_text("utf-8").splitlines()) for p in JS.rglob("*.js")}
    assert {name: n for name, n in lines.items() if n > MAX_LINES} == {}
