"""The game's options: rule readings players may choose (RULINGS.md says why)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    ),
)

# Options added after records were first saved, with the value those records played by. A
# state keeps such an option in ``options`` (and so in its JSON and fingerprint) only when
# it differs from that value, so every record saved before the option existed still replays
# to the same fingerprints.
_LATER_OPTIONS = {"king_cards": "hold"}


def stored_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a state keeps: all resolved ones, less later options at their default."""
    return {k: v for k, v in options.items() if k not in _LATER_OPTIONS or v != _LATER_OPTIONS[k]}
