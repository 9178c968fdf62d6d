"""The game's options: rule readings players may choose (RULINGS.md says why)."""

from __future__ import annotations

from courtly.core.options import Option

OPTIONS = (
    Option(
        "bids",
        "any",
        "which bids are offered: 'any' = every higher amount up to the total Gold in the "
        "game, as the rulebook says (a bid you cannot pay is a bluff with a penalty, P2.9); "
        "'affordable' = only amounts you could pay, and always the smallest raise "
        "(RULINGS FK-08)",
        choices=("any", "affordable"),
    ),
    Option(
        "king_cards",
        "hold",
        "a King card kept by the Advisor or taken from the middle: 'hold' = it stays in the "
        "hand as a card (only a King card won at auction is applied); 'apply' = it is shown "
        "and applied when gained, then discarded, as Biblios plays its Church cards "
        "(RULINGS FK-06)",
        choices=("hold", "apply"),
        legacy="hold",  # games saved before the option held them
    ),
)
