"""Makes the toy game module (agents_toy_duel.py) importable by the tests beside it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
