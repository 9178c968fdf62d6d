"""Courtisans' words in the reader's language: its catalogue domain (locales/) and the few
words made of several terms (a card's name, a family's status). docs/games/courtisans.ko.md
is the Korean glossary the catalogue follows."""

from __future__ import annotations

from courtly.core.i18n import COURTLY, Domain
from courtly.games.courtisans.data import (
    CARD_FAMILY,
    CARD_ROLE,
    ESTEEMED,
    FALLEN,
    FAMILIES,
    NEUTRAL,
    ROLE_NAMES,
)

TEXTS = Domain("courtisans", "courtly.games.courtisans", COURTLY)

# A family status (data.py's ESTEEMED, NEUTRAL, FALLEN) as its catalogue id.
STATUS_IDS = {ESTEEMED: "esteemed", NEUTRAL: "neutral", FALLEN: "fallen"}


def card_words(card: int, lang: str | None = None) -> str:
    """What a face-up card shows: "Toad noble", "두꺼비 귀족" (its id is no word of the table's:
    no board writes it, and cards of one family and role play alike)."""
    return TEXTS.text(
        "term.card",
        lang,
        family=TEXTS.term("family", FAMILIES[CARD_FAMILY[card]], lang),
        role=TEXTS.term("role", ROLE_NAMES[CARD_ROLE[card]], lang),
        card=card,
    )


def seen_card_words(card: int | None, lang: str | None = None) -> str:
    """A card in play as a reader sees it: its name, or "face-down spy" (None) for a spy the
    reader does not know."""
    return TEXTS.text("term.face_down_spy", lang) if card is None else card_words(card, lang)


def status_words(family: int, status: int, lang: str | None = None) -> str:
    """A family and its status at the Queen's table: "Toad esteemed"."""
    return TEXTS.text(
        "term.family_status",
        lang,
        family=TEXTS.term("family", FAMILIES[family], lang),
        status=TEXTS.term("status", STATUS_IDS[status], lang),
    )


def ordinal_words(nth: int, lang: str | None = None) -> str:
    """Which of several face-down spies in one place a kill takes, as the words before its
    name: "second " ("the second face-down spy"), "두 번째 "; nothing for 0 (a lone spy, or a
    card the sentence names by its face). The space is the one between two words in both
    languages, kept here so that a lone spy's sentence has no double space."""
    return "" if nth == 0 else TEXTS.text(f"term.ordinal.{nth}", lang) + " "
