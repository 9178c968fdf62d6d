"""What Courtisans' terminal view writes for each card in play, as the view tests read it back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from courtly.games.courtisans.words import TEXTS


def cards_shown(observation: dict[str, Any], lang: str) -> Iterator[tuple[str, str]]:
    """Each card in play as the full view writes it: its handle (``a3:``) and its mark
    (``Nob``, ``Spy*(Toad)``, ``?spy/2``) in ``lang``."""
    rows = observation["queen_table"]
    places = [("a", rows["above"], True), ("b", rows["below"], True)]
    places += [("d", domain, False) for domain in observation["domains"]]
    for letter, cards, at_table in places:
        for position, card in enumerate(cards, start=1):
            if "family" not in card:
                mark = TEXTS.text("view.hidden_spy", lang, number=card["played_by"] + 1)
            else:
                mark = TEXTS.text(f"view.mark.{card['role']}", lang)
                if card.get("face_down"):
                    mark += "*"
                    if at_table:
                        mark += "(" + TEXTS.text(f"term.family.{card['family']}", lang) + ")"
            yield f"{letter}{position}:", mark
