"""Every event For the King (and me) emits: its kind, its data and how its sentence is made
from the data in the reader's language (the sentences: ``event.<kind>`` in the catalogue).

Data holds seats as 0-based indices, cards as their codes (``"gold2-05"``), offices by id;
the text is formed here from kind and data, never in the rules (docs/games/for_the_king.md
lists the kinds with their audiences).
"""

from __future__ import annotations

from typing import Any, Final

from courtly.core.events import EventKinds
from courtly.core.i18n import seat_text
from courtly.games.for_the_king.data import CODE_TO_CARD
from courtly.games.for_the_king.words import TEXTS, card_words


def _card(code: Any, lang: str) -> str:
    return card_words(CODE_TO_CARD[code], lang)


def _seats(seats: Any, lang: str) -> str:
    if not seats:
        return TEXTS.text("term.nobody", lang)
    return ", ".join(seat_text(p, lang) for p in seats)


def _holder(seat: Any, lang: str) -> str:
    return TEXTS.text("term.nobody", lang) if seat is None else seat_text(seat, lang)


def _area(area: Any, lang: str) -> str:
    return TEXTS.term("area", "own" if area == "own" else "favor", lang)


def _change(change: Any, lang: str) -> str:
    return TEXTS.term("change", "raise" if change > 0 else "lower", lang)


def points_words(points: Any, lang: str, seat_words: Any = seat_text) -> str:
    """Each seat's points: "seat 1 5, seat 2 3"."""
    return ", ".join(
        TEXTS.text("term.seat_points", lang, seat=seat_words(p, lang), points=v)
        for p, v in enumerate(points)
    )


def _secondary(seat: Any, lang: str) -> str:
    return "" if seat is None else TEXTS.text("term.secondary", lang, seat=seat_text(seat, lang))


EVENTS: Final = EventKinds(
    (
        "draw",
        "place-middle",
        "place-face-down",
        "take",
        "king-gained",
        "gain-esteem",
        "reveal",
        "bid",
        "pass",
        "unwanted",
        "win",
        "penalty",
        "penalty-empty-hand",
        "penalty-card",
        "pay",
        "discard",
        "discard-card",
        "king",
        "duty",
        "end",
    ),
    {
        "card": _card,
        "area": _area,
        "change": _change,
        "office": TEXTS.terms("office"),
        "winners": _seats,
        "points": points_words,
        "primary_seat": _holder,
        "secondary_seat": _secondary,
    },
    domain=TEXTS,
)
