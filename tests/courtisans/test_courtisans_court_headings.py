"""The court's column headings on a narrow terminal (`courtly play courtisans` at 60 columns,
sweep of the terminal's loose ends): a heading ("below", "seat 2", "아래", "2번 자리") wraps
between its words or the court turns to blocks; it is never broken inside a word ("be" over
"lo" over "w")."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from courtly.agents import make_agent
from courtly.core.i18n import text, using
from courtly.core.match import play_match
from courtly.core.table import Table
from courtly.games.courtisans import GAME

HAND = {"en": "Your hand", "ko": "내 손패"}


def _court_lines(observation: dict[str, Any], width: int, lang: str) -> list[str]:
    """The view's lines down to the hand, if it shows one (the header and the court)."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with using(lang), console.capture() as captured:
        console.print(GAME.render(observation))
    lines = captured.get().splitlines()
    end = next((i for i, line in enumerate(lines) if line.startswith(HAND[lang])), len(lines))
    return lines[:end]


def _heading_words(players: int, lang: str) -> set[str]:
    with using(lang):
        headings = [GAME.text("view.above"), GAME.text("view.below")]
        headings += [GAME.text("view.you_column")]
        headings += [text("term.seat", lang, n=n) for n in range(1, players + 1)]
    return {word for heading in headings for word in heading.split()}


def _opening(players: int = 5, seed: int = 22) -> dict[str, Any]:
    table = Table(GAME, players, seed=seed)
    seat = table.state.current_player
    assert seat is not None
    return table.snapshot(seat).observation


def _ending(players: int = 5, seed: int = 22) -> dict[str, Any]:
    agents = [make_agent("greedy", GAME) for _ in range(players)]
    return play_match(GAME, agents, seed=seed).state.public_observation()


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("when", ["opening", "ending"])
def test_no_court_heading_is_broken_inside_a_word(lang: str, when: str) -> None:
    observation = _opening() if when == "opening" else _ending()
    heading_words = _heading_words(5, lang)
    for width in (60, 56, 50, 44, 40):
        lines = _court_lines(observation, width, lang)
        pieces = [
            word
            for line in lines
            for word in line.split()
            if word not in heading_words
            and not word.isdigit()  # a score, or a count
            and cell_len(word) > 1  # "a" of the text; a broken heading leaves wider pieces
            and any(word in whole for whole in heading_words)
        ]
        assert not pieces, (width, pieces, "\n".join(lines))
