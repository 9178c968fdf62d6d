"""The bots' ratings, on the people's scale: each level of each game has a fixed rating at each
player count the game allows, calibrated from games among the bots at that count
(``benchmarks/calibrate_bot_ratings.py``, docs/ratings.md, "The bots' ratings") and shipped in
``data/bots.json``. A level's edge in a five-seat game is not its edge in a duel, so a table
is rated with the numbers of its own player count.

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

# 2: a pool per player count (1 had one two-seat calibration used at every count).
FORMAT = "courtly-bot-ratings/2"
DATA_PATH = Path(__file__).with_name("data") / "bots.json"
# The levels the lobby offers, each calibrated (weakest search first; greedy is no search).
LEVELS = ("random", "greedy", "easy", "medium", "hard")


@cache
def shipped() -> dict[str, Any]:
    """The shipped calibration, as written by ``benchmarks/calibrate_bot_ratings.py``."""
    data: dict[str, Any] = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{DATA_PATH} is not a {FORMAT} file")
    return data


def _pool(game: str, players: int) -> dict[str, float]:
    entry = shipped()["games"].get(game, {}).get("players", {}).get(str(players))
    return {} if entry is None else dict(entry["ratings"])


def bot_ratings(game: str, players: int) -> dict[str, int]:
    """Each rated level of ``game`` at ``players`` seats and its displayed rating, weakest
    first (empty for a game or player count with no calibration)."""
    levels = _pool(game, players)
    return {level: round(value) for level, value in sorted(levels.items(), key=lambda e: e[1])}


def bot_ratings_by_players(game: str) -> dict[int, dict[str, int]]:
    """``bot_ratings`` at every calibrated player count of ``game`` (the lobby's and the
    leaderboard's numbers, which follow the table's or the page's count)."""
    counts = shipped()["games"].get(game, {}).get("players", {})
    return {int(n): bot_ratings(game, int(n)) for n in sorted(counts, key=int)}


def bot_rating(game: str, spec: str, players: int) -> Rating | None:
    """The fixed rating a bot seat plays a rated ``players``-seat game with: its level's at
    that count, or None when ``spec`` is not a named level calibrated there (such a seat makes
    a table unrated)."""
    levels = _pool(game, players)
    if spec not in levels:
        return None
    return rating_for_display(float(levels[spec]))


def rated_level_label(game: str, spec: str, players: int, lang: str | None = None) -> str:
    """A level as the lobby offers it for a ``players``-seat table: its name (``level_name``),
    with its rating in ``game`` at that count beside it when it has one ("hard · about 1,650",
    "어려움 · 약 1,650점"; the browser's lobby says the same with the same catalogue key)."""
    name = level_name(spec, lang)
    rating = bot_ratings(game, players).get(spec)
    if rating is None:
        return name
    return COURTLY.text("agent.level_rated", lang, level=name, rating=f"{rating:,}")
