"""The Courtisans options: rule readings a group may choose (RULINGS.md)."""

from __future__ import annotations

from courtly.core.options import Option

SPY_MEMORY = Option(
    "spy_memory",
    "remember",
    "whether the player who played a face-down spy knows which card it is (remember) "
    "or is treated as not knowing it, like everyone else (forget); see RULINGS R1",
    choices=("remember", "forget"),
)

OPTIONS = (SPY_MEMORY,)
