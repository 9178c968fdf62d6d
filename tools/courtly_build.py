"""courtly's build backend: setuptools', plus mypyc for the opt-in compiled build.

``COURTLY_COMPILE=1 pip install .`` builds and installs a wheel whose kernel, games and agents
are compiled (setup.py names them); only that build needs mypy (and rich, which the games'
views import, for its types), so only then are they asked for. An editable install always stays
pure Python: compiled files beside the sources would shadow every later edit of them.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (every hook not redefined here is setuptools')

COMPILE = "COURTLY_COMPILE"
COMPILE_REQUIRES = ["mypy>=1.10,<3", "rich>=13.7,<16"]


def _compiling() -> bool:
    return os.environ.get(COMPILE) == "1"


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    requires = _setuptools.get_requires_for_build_wheel(config_settings)
    return requires + COMPILE_REQUIRES if _compiling() else requires


def build_editable(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    if _compiling():
        print(f"{COMPILE}=1 ignored: an editable install stays pure Python", file=sys.stderr)
        del os.environ[COMPILE]
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
