"""Courtisans' court never breaks a card's label, not even after its colon (sweep H2 of the
terminal): a tight table broke ``d1:?spy/1`` into ``d1:`` over ``?spy/1``, two words that read
as two cards; the court is one block per family before that."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from courtisans_views import cards_shown
from rich.console import Console

from courtly.core.i18n import using
from courtly.core.rng import Rng
from courtly.games.courtisans import GAME

HANDLE_ALONE = re.compile(r"^[abd]\d+:$")


def labels(observation: dict[str, Any], lang: str) -> Iterator[str]:
    """Each card in play as the full view writes it (``a3:Nob``, ``d2:?spy/4``) in ``lang``."""
    return (handle + mark for handle, mark in cards_shown(observation, lang))


def broken(observation: dict[str, Any], lang: str, width: int) -> list[str]:
    """The labels the full view at ``width`` does not write whole on one line."""
    with using(lang):
        console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
        console.print(GAME.render(observation))
    words = console.export_text().split()
    missing = [label for label in labels(observation, lang) if label not in words]
    return missing + [word for word in words if HANDLE_ALONE.match(word)]


@pytest.mark.parametrize("players", [4, 5])
def test_no_label_is_broken_after_its_colon_at_60_or_80_columns(players: int) -> None:
    """Seed 0 at 4 players put ``d1:?spy/1`` on two lines at 60 columns, in English."""
    state = GAME.new_game(players, seed=0)
    rng = Rng(0)
    step = 0
    while not state.is_terminal:
        if step % 3 == 0:
            for viewer in (0, None):
                observation = state.observation(viewer)
                for lang in ("en", "ko"):
                    for width in (60, 80):
                        assert broken(observation, lang, width) == [], (step, viewer, lang, width)
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
        step += 1
