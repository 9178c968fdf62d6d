"""Every event Courtisans emits: its kind, its data (seats as 0-based indices, cards as ids
0..89, rows and places as the action words) and how its sentence is made from the data, in the
reader's language (the sentences: ``event.<kind>`` in the catalogue). docs/games/courtisans.md
lists them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from courtly.core.events import EventKinds
from courtly.core.i18n import seat_text
from courtly.games.courtisans.words import TEXTS, card_words, status_words


def _card(card: Any, lang: str) -> str:
    return card_words(int(card), lang)


def _cards(cards: Sequence[Any], lang: str) -> str:
    return ", ".join(card_words(int(c), lang) for c in cards)


def _row(row: Any, lang: str) -> str:
    """Where a card lies: a row of the Queen's table or "domain" (the domain where the assassin
    was just placed)."""
    return TEXTS.term("row", row, lang)


def _statuses(statuses: Sequence[Any], lang: str) -> str:
    return "; ".join(status_words(f, s, lang) for f, s in enumerate(statuses))


def _seats(seats: Sequence[Any], lang: str) -> str:
    return ", ".join(seat_text(s, lang) for s in seats)


def _scores(scores: Sequence[Any], lang: str) -> str:
    return ", ".join(
        TEXTS.text("term.seat_score", lang, seat=seat_text(p, lang), score=f"{s:g}")
        for p, s in enumerate(scores)
    )


EVENTS = EventKinds(
    (
        "play-table",
        "play-domain",
        "play-spy-table",
        "play-spy-domain",
        "spy-identity",
        "eliminate",
        "eliminate-spy",
        "eliminate-domain",
        "eliminate-spy-domain",
        "spare",
        "draw",
        "draw-secret",
        "turn",
        "reveal",
        "status",
        "game-over",
    ),
    {
        "card": _card,
        "cards": _cards,
        "row": _row,
        "status": _statuses,
        "winners": _seats,
        "scores": _scores,
    },
    domain=TEXTS,
)
