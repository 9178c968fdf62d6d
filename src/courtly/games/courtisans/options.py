"""The Courtisans options: rule readings a group may choose (RULINGS.md)."""

from __future__ import annotations

from courtly.core.i18n import ENGLISH
from courtly.core.options import Option
from courtly.games.courtisans.words import TEXTS

SPY_MEMORY = Option(
    "spy_memory",
    "remember",
    TEXTS.text("option.spy_memory.help", ENGLISH),
    choices=("remember", "forget"),
)

OPTIONS = (SPY_MEMORY,)
