"""The Courtisans options: rule readings a group may choose (RULINGS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

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


@dataclass(frozen=True, slots=True)
class Parameters:
    """The options read once into what the rules ask (every game's ``Parameters``)."""

    remember_spies: bool  # spy_memory=remember: a spy's player knows it (RULINGS R1)

    @staticmethod
    def from_options(options: Mapping[str, Any], num_players: int) -> Parameters:
        """``options`` holds every option (``resolve_options``): no default is repeated here."""
        return Parameters(remember_spies=options[SPY_MEMORY.name] == "remember")
