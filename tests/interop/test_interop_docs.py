"""docs/interop.md says what the interop tests do: an expected failure it mentions must be one
that a test still marks (its "Honesty through the adapters" once named a fixed one)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_names_expected_failures_only_while_tests_mark_them() -> None:
    page = (ROOT / "docs" / "interop.md").read_text(encoding="utf-8")
    marked = [
        path.name
        for path in sorted((ROOT / "tests" / "interop").glob("test_*.py"))
        if path.name != Path(__file__).name
        and re.search(r"^\s*@pytest\.mark\.xfail", path.read_text(encoding="utf-8"), re.M)
    ]
    mentioned = re.findall(r"expected\s+failure", page)
    assert not mentioned or marked, "docs/interop.md names an expected failure no test marks"
