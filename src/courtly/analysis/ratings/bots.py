"""The bots' ratings, on the people's scale: each level of each game has a fixed rating,
calibrated from games among the bots (``benchmarks/calibrate_bot_ratings.py``, docs/bots.md,
"Ratings") and shipped in ``data/bots.json``.

Only a named level is rated ("hard", not "hard:iterations=5"): a level with other parameters
plays at another strength, which no calibration measured.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from courtly.agents.levels import level_name
from courtly.analysis.ratings.model import Rating, rating_for_display
from courtly.core.i18n import COURTLY

FORMAT = "courtly-bot-ratings/1"
DATA_PATH = Path(__file__).with_name("data") / "bots.json"


@cache
def shipped() -> dict[str, Any]:
    """The shipped calibration, as written by ``benchmarks/calibrate_bot_ratings.py``."""
    data: dict[str, Any] = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{DATA_PATH} is not a {FORMAT} file")
    return data


def bot_ratings(game: str) -> dict[str, int]:
    """Each rated level of ``game`` and its displayed rating, weakest first (empty for a game
    with no calibration)."""
    entry = shipped()["games"].get(game)
    if entry is None:
        return {}
    levels: dict[str, float] = entry["ratings"]
    return {level: round(value) for level, value in sorted(levels.items(), key=lambda e: e[1])}


def bot_rating(game: str, spec: str) -> Rating | None:
    """The fixed rating a bot seat plays a rated game with: its level's, or None when ``spec``
    is not a named level with a calibration in ``game`` (such a seat makes a table unrated)."""
    entry = shipped()["games"].get(game)
    if entry is None or spec not in entry["ratings"]:
        return None
    return rating_for_display(float(entry["ratings"][spec]))


def rated_level_label(game: str, spec: str, lang: str | None = None) -> str:
    """A level as the lobby offers it: its name (``level_name``), with its rating in ``game``
    beside it when it has one ("hard · about 1,650", "어려움 · 약 1,650점"; the browser's
    lobby says the same with the same catalogue key)."""
    name = level_name(spec, lang)
    rating = bot_ratings(game).get(spec)
    if rating is None:
        return name
    return COURTLY.text("agent.level_rated", lang, level=name, rating=f"{rating:,}")
