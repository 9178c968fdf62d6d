"""The game's options: rule readings players may choose (RULINGS.md says why)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from courtly.core.i18n import ENGLISH
from courtly.core.options import Option
from courtly.games.for_the_king.data import offices_in_play
from courtly.games.for_the_king.words import TEXTS

OPTIONS: Final = (
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


@dataclass(frozen=True, slots=True)
class Parameters:
    """The options and the player count read once into what the rules ask (every game's
    ``Parameters``)."""

    affordable: bool  # bids=affordable: a seat bids no more than its Gold (P2.3)
    king_apply: bool  # king_cards=apply: a King card changes a Duty when gained (RULINGS FK-06)
    offices: tuple[int, ...]  # the Offices in play at this player count (S2)

    @staticmethod
    def from_options(options: Mapping[str, Any], num_players: int) -> Parameters:
        """``options`` holds every option (``resolve_options``): no default is repeated here."""
        return Parameters(
            affordable=options["bids"] == "affordable",
            king_apply=options["king_cards"] == "apply",
            offices=offices_in_play(num_players),
        )
