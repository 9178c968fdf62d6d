"""The one JSON spelling for hashing and byte-for-byte comparisons.

Fingerprints, the action space's lookup keys and the server's stored columns all compare JSON
as text: they must spell it the same way, so it is spelled here once."""

from __future__ import annotations

import json
from typing import Any


def canonical_json(obj: Any) -> str:
    """``obj`` as JSON with sorted keys, no spaces and only ASCII characters."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
