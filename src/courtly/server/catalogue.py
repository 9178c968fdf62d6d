"""The game catalogue a client offers when creating a table: games, options, bot levels and
their ratings."""

from __future__ import annotations

from typing import Any

from courtly.agents.levels import LEVELS
from courtly.agents.registry import agent_kinds
from courtly.analysis.ratings import bot_ratings_by_players
from courtly.core.i18n import ENGLISH
from courtly.core.options import Option
from courtly.core.registry import game_names, load_game


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return str(value)


def option_json(option: Option) -> dict[str, Any]:
    return {
        "name": option.name,
        "default": _jsonable(option.default),
        "description": option.description,
        "choices": None if option.choices is None else _jsonable(option.choices),
        "allowed": option.allowed_text(ENGLISH),  # the API's words, as its description
        "seats": option.seats,  # the value names seats ("", "all", "1,3"): a box per seat
    }


def catalogue() -> list[dict[str, Any]]:
    agents = agent_kinds(ENGLISH)  # the API's words; the browser reads its language's in /api/i18n
    out = []
    for name in game_names():
        game = load_game(name)
        out.append(
            {
                "name": name,
                "title": game.title,
                "summary": game.summary,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": [option_json(o) for o in game.options],
                "levels": list(LEVELS),
                "agents": agents,
                # Each rated level's fixed rating at each player count, on the people's scale
                # (docs/ratings.md); JSON's keys are the counts as text.
                "bot_ratings": {
                    str(n): levels for n, levels in bot_ratings_by_players(name).items()
                },
            }
        )
    return out
