"""Which build is running: pure Python, or the kernel, games and agents compiled with mypyc
(the opt-in build of docs/performance.md). Timings differ between the two, results
never do."""

from __future__ import annotations

from courtly.core import rng


def build_name() -> str:
    """``"compiled"`` when the kernel runs compiled, else ``"pure"`` (the generator's module
    knows: compiled, it is a shared library rather than a .py file)."""
    return "compiled" if rng.NATIVE else "pure"
