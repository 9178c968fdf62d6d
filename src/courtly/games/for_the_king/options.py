"""The game's options: rule readings players may choose (RULINGS.md says why)."""

from __future__ import annotations

from courtly.core.i18n import ENGLISH
from courtly.core.options import Option
from courtly.games.for_the_king.words import TEXTS

OPTIONS = (
    Option(
        "bids",
        "any",
        TEXTS.text("option.bids.help", ENGLISH),
        choices=("any", "affordable"),
    ),
    Option(
        "king_cards",
        "hold",
        TEXTS.text("option.king_cards.help", ENGLISH),
        choices=("hold", "apply"),
        legacy="hold",  # games saved before the option held them
    ),
)
