"""``GET /api/i18n/{lang}``: the server's message catalogues as JSON, for the browser: the
``courtly`` domain and each game's (titles, option labels and help, phases, scoring
categories, tie-breaks, endings, vocabulary, what a free-form option allows as
``option.NAME.allowed``), each with English filling what ``lang`` lacks."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from courtly.agents import agent_kinds
from courtly.core.i18n import COURTLY, ENGLISH, Domain, normalize
from courtly.core.registry import game_names, load_game
from courtly.server.refusals import RequestError

router = APIRouter()


def merged(domain: Domain, lang: str) -> dict[str, str]:
    """Every key of ``domain`` in ``lang``, English where ``lang`` has none."""
    return {**domain.messages(ENGLISH), **domain.messages(lang)}


@router.get("/api/i18n/{lang}")
async def catalogues(lang: str) -> dict[str, Any]:
    """The catalogues in ``lang`` (``en`` or ``ko``): ``{"lang", "courtly": {key: text},
    "games": {game: {key: text}}, "agents": {kind: what it does}}``; a game without a
    catalogue has an empty one."""
    chosen = normalize(lang)
    if chosen is None:
        raise RequestError(404, "server.request.no_language", lang=lang)
    games: dict[str, dict[str, str]] = {}
    for name in game_names():
        game = load_game(name)
        words = merged(game.domain, chosen) if game.domain is not None else {}
        # What a free-form option allows (the lobby's hint in its field) may be a phrase of
        # the kernel's catalogue with data, which the client cannot fill: formed here.
        words.update(
            {
                f"option.{o.name}.allowed": o.allowed_text(chosen)
                for o in game.options
                if o.choices is None
            }
        )
        games[name] = words
    agents = agent_kinds(chosen)
    return {"lang": chosen, "courtly": merged(COURTLY, chosen), "games": games, "agents": agents}
