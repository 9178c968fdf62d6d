"""For the King's words in the reader's language: its catalogue domain (locales/) and a card's
name made of terms ("Diplomacy 2 (A)", "외교 2 (A)"). docs/games/for_the_king.ko.md is the
Korean glossary the catalogue follows."""

from __future__ import annotations

from typing import Final

from courtly.core.i18n import COURTLY, Domain
from courtly.games.for_the_king.data import (
    CARD_KIND,
    GOLD_KIND_BASE,
    GOLD_VALUES,
    KIND_NAMES,
    KING_EFFECTS,
    KING_KIND_BASE,
    LETTERS,
    OFFICES,
    gov_value,
)

TEXTS: Final = Domain("for_the_king", "courtly.games.for_the_king", COURTLY)

# A kind's English name (the "card" argument of take and discard actions) to the kind.
KIND_BY_NAME: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}


def kind_words(kind: int, lang: str | None = None) -> str:
    """The name of a kind of card: "Diplomacy 2 (A)", "King card (+1 to two offices)",
    "Gold 3"."""
    if kind < KING_KIND_BASE:
        office, letter = divmod(kind, len(LETTERS))
        return TEXTS.text(
            f"term.card.government.{OFFICES[office]}",
            lang,
            value=gov_value(kind),
            letter=LETTERS[letter],
        )
    if kind < GOLD_KIND_BASE:
        return TEXTS.text(f"term.card.king.{KING_EFFECTS[kind - KING_KIND_BASE][0]}", lang)
    return TEXTS.text("term.card.gold", lang, value=GOLD_VALUES[kind - GOLD_KIND_BASE])


def card_words(card: int, lang: str | None = None) -> str:
    """The name of card ``card`` (its kind's name)."""
    return kind_words(CARD_KIND[card], lang)
