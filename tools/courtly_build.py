"""courtly's build backend: setuptools', plus mypyc for the opt-in compiled build.

``COURTLY_COMPILE=1 pip install .`` builds and installs a wheel whose kernel, games and agents
are compiled (setup.py names them); only that build needs mypy (and the libraries the compiled
modules import, for their types: rich, babel, numpy, which the kernel's tensors name, and
orjson, which spells a state's fingerprint), so only then are they asked for. Every step but
the wheel itself runs setup.py without compiling (it has no mypy yet when asked what it
needs). An editable install always stays pure Python: compiled files beside the sources would
shadow every later edit of them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (every hook not redefined here is setuptools')

COMPILE = "COURTLY_COMPILE"
COMPILE_REQUIRES = [
    "mypy>=1.10,<3",
    "rich>=13.7,<16",
    "babel>=2.14,<3",
    "numpy>=1.26,<3",
    "orjson>=3.9,<4",
]


@contextmanager
def _not_compiling() -> Iterator[bool]:
    """Run setup.py pure; yields whether a compiled build was asked for."""
    asked = os.environ.pop(COMPILE, None)
    try:
        yield asked == "1"
    finally:
        if asked is not None:
            os.environ[COMPILE] = asked


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    with _not_compiling() as compiling:
        requires = _setuptools.get_requires_for_build_wheel(config_settings)
    return requires + COMPILE_REQUIRES if compiling else requires


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Any = None) -> str:
    with _not_compiling():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_sdist(sdist_directory: str, config_settings: Any = None) -> str:
    with _not_compiling():
        return _setuptools.build_sdist(sdist_directory, config_settings)


def build_editable(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    with _not_compiling() as compiling:
        if compiling:
            print(f"{COMPILE}=1 ignored: an editable install stays pure Python", file=sys.stderr)
        return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
