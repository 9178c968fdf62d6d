"""The Kingdoms catalogue (``locales/<lang>/LC_MESSAGES/kingdoms.po``) and the formatters that
read the game's ids (cards, suits, slots, abilities) as words of a language."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from courtly.core.i18n import COURTLY, Domain, seat_text
from courtly.core.pieces import card, joined
from courtly.games.kingdoms.data import (
    CARD_BY_NAME,
    IS_JOKER,
    RANK,
    RANK_NAMES,
    SUIT,
    SUIT_CHARS,
    SUIT_KEYS,
)

TEXTS: Final = Domain("kingdoms", "courtly.games.kingdoms", fallback=COURTLY)
NAMED_RANKS: Final = frozenset({1, 11, 12, 13})  # Ace, Jack, Queen, King: words, not numbers
#: The suits' symbols, as the board draws a card ("9♦") and the English log names one.
SUIT_SYMBOLS: Final = dict(zip(SUIT_CHARS, "♠♥♣♦", strict=True))


@lru_cache(maxsize=1024)
def card_words(code: str, lang: str, form: str = "short") -> str:
    """A card (by its JSON name, "10H") in ``lang``: ``short`` as the log and the pending
    line write it ("10♥", "Jk2", as the board draws it; "하트 10"), ``long`` as a choice reads
    ("10 of Hearts"). The fields a form may use: ``code``, ``rank`` and ``suit`` (words),
    ``rank_mark`` and ``suit_mark`` (the board's "10" and "♥"); a Joker's ``code`` and ``n``."""
    card = CARD_BY_NAME[code]
    if IS_JOKER[card]:
        return TEXTS.text(f"term.joker.{form}", lang, code=code, n=card - 51)
    rank = RANK[card]
    suit = SUIT[card]
    return TEXTS.text(
        f"term.card.{form}",
        lang,
        code=code,
        rank=TEXTS.term("rank", rank, lang) if rank in NAMED_RANKS else str(rank),
        suit=TEXTS.term("suit", SUIT_KEYS[suit], lang),
        rank_mark=RANK_NAMES.get(rank, str(rank)),
        suit_mark=SUIT_SYMBOLS[SUIT_CHARS[suit]],
    )


# A sentence's card is its words and the card they name (courtly.core.pieces): the browser
# draws it as a glyph from that, the terminal writes the words.
def card_short(code: Any, lang: str) -> str:
    return card(str(code), card_words(code, lang))


def card_long(code: Any, lang: str) -> str:
    return card(str(code), card_words(code, lang, "long"))


def cards_words(codes: Any, lang: str) -> str:
    if not codes:
        return TEXTS.text("term.no_cards", lang)
    return joined(TEXTS.text("term.separator", lang), (card_short(c, lang) for c in codes))


def counts_words(counts: Any, lang: str) -> str:
    """One number per seat: "seat 1 3, seat 2 1"."""
    return TEXTS.text("term.separator", lang).join(
        TEXTS.text("term.count", lang, seat=seat_text(p, lang), n=n) for p, n in enumerate(counts)
    )


def slot_words(slot: Any, lang: str) -> str:
    """A Royal Court slot by id ("jack") or by its action form ("Jack")."""
    return TEXTS.term("slot", str(slot).lower(), lang)


def terms(vocabulary: str) -> Callable[[Any, str], str]:
    return TEXTS.terms(vocabulary)
