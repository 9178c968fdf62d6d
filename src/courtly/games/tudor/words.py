"""Tudor's words in the reader's language: its catalogue domain (locales/) and the formatters
that read the game's ids (factions, fingers, chambers, action letters) as words. The Korean
words are the Korean rules v15's; docs/games/tudor.ko.md lists them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from courtly.core.i18n import COURTLY, Domain, seat_text

TEXTS: Final = Domain("tudor", "courtly.games.tudor", COURTLY)


def letter_words(letter: Any, lang: str | None = None) -> str:
    """An action letter with its name: "A: Privilege Movement", "A: 반지 이동"."""
    return TEXTS.text("term.letter", lang, letter=letter, name=TEXTS.term("action", letter, lang))


def gains_words(gains: Sequence[int], lang: str) -> str:
    """The Prestige each seat just gained: "seat 1 +4, seat 3 +6"."""
    return ", ".join(
        TEXTS.text("term.seat_gain", lang, seat=seat_text(p, lang), gain=g)
        for p, g in enumerate(gains)
        if g
    )


def scores_words(scores: Sequence[int], lang: str) -> str:
    return ", ".join(
        TEXTS.text("term.seat_score", lang, seat=seat_text(p, lang), score=v)
        for p, v in enumerate(scores)
    )


def seats_words(seats: Sequence[int], lang: str) -> str:
    """Seats joined as a list ("seat 1 and seat 3")."""
    return TEXTS.text("term.and", lang).join(seat_text(p, lang) for p in seats)


def player_number(seat: Any, lang: str) -> str:
    """Another player named by number from 1 (Exploiting Connections' choice of a player)."""
    return str(int(seat) + 1)


# How an event's or an action's fields read: faction ids as colour words, fingers, chambers,
# action letters, scenario sides, which card of an Exchange 2 Cards for 1 ("first",
# "second"), what a Scenario Card action does ("1.right": the card's number and side).
FIELD_WORDS: Final = {
    "ring": TEXTS.terms("faction"),
    "card": TEXTS.terms("faction"),
    "token": TEXTS.terms("faction"),
    "first_token": TEXTS.terms("faction"),
    "finger": TEXTS.terms("finger"),
    "chamber": TEXTS.terms("chamber"),
    "letter": letter_words,
    "side": TEXTS.terms("side"),
    "exchange": TEXTS.terms("exchange"),
    "does": TEXTS.terms("scenario_does"),
}
