"""The opt-in compiled build: ``COURTLY_COMPILE=1`` compiles the engine with mypyc.

Without it (and always for an editable install) the package is pure Python. The kernel, the
games and the agents are compiled, one extension per module so the C compiler runs on all
cores; the fronts (cli, server, web, interop) and the analysis tools stay interpreted, as do the
packages' ``__init__.py`` files (``courtly/games/__init__.py`` also swaps its module's class,
which a compiled module cannot).
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

SRC = Path(__file__).parent / "src"
COMPILED_PACKAGES = ("courtly/core", "courtly/games", "courtly/agents")


def compiled_sources() -> list[str]:
    sources = []
    for package in COMPILED_PACKAGES:
        for path in sorted((SRC / package).rglob("*.py")):
            # A package's __init__ stays interpreted: compiled, it is not in sys.modules until
            # it has run, so importing its own submodules would import it again, endlessly.
            if path.name != "__init__.py":
                sources.append(f"src/{path.relative_to(SRC).as_posix()}")
    return sources


def extensions() -> list[object]:
    if os.environ.get("COURTLY_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify(compiled_sources(), opt_level="3", separate=True))


setup(
    ext_modules=extensions(),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
