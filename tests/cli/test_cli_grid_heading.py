"""A choice grid on a narrow screen (sweep B of the terminal, Courtisans at 5 players, 60
columns): its heading is a line above the grid when the labels' column cannot hold it (it
used to take a line a word), and no label, a card's name, is broken inside a word."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

import courtly
from courtly.cli.choices import _grid_table, choices, layout
from courtly.core.actions import ChoiceGrid
from courtly.core.i18n import using
from courtly.core.render import action_text, listed_actions
from courtly.core.table import Table

CORNER = {"en": "play a card: which, where", "ko": "카드 놓기: 어느 카드를, 어디에"}


def _grid_lines(
    lang: str, width: int, players: int = 5, seed: int = 22
) -> tuple[list[str], list[str]]:
    """The first turn's choices drawn ``width`` wide, and the names of the cards in hand."""
    game = courtly.load("courtisans")
    table = Table(game, players, seed=seed)
    seat = table.state.current_player
    assert seat is not None
    with using(lang):
        snapshot = table.snapshot(seat)
        view = snapshot.observation
        legal = listed_actions(game, snapshot.legal_actions, lang, view=view)
        grid = game.choice_grid(view, legal, lang)
        assert grid is not None
        drawn = layout(choices(legal), lambda a: action_text(game, a, lang, view=view), grid, width)
        console = Console(width=width, file=io.StringIO(), color_system=None)
        with console.capture() as captured:
            console.print(drawn)
    lines = [line.rstrip() for line in captured.get().splitlines()]
    return lines, [label for label, _ in grid.rows]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_at_60_columns_the_heading_is_one_line_above_and_every_card_name_is_whole(
    lang: str,
) -> None:
    lines, names = _grid_lines(lang, 60)
    assert lines[0].strip() == CORNER[lang]  # one line, above the grid
    assert all(cell_len(line) <= 60 for line in lines), "\n".join(lines)
    for name in names:  # each card's name on one line, at the start of its row
        assert any(line.strip().startswith(name + " ") for line in lines), "\n".join(lines)
    # The heading, two lines of column headings at most, and a row per card.
    assert len(lines) <= 1 + 2 + len(names), "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_grid_line_holds_a_piece_of_a_word(lang: str) -> None:
    """Whatever wraps, wraps between words: each word of a line is a word of the heading,
    of a column heading, of a card's name, or a choice's number."""
    for width in (80, 60, 50, 40):
        lines, names = _grid_lines(lang, width)
        words = set(CORNER[lang].split())
        words |= {w for name in names for w in name.split()}
        for line in lines:
            for word in line.split():
                if re.fullmatch(r"\d+", word):
                    continue
                assert word in words or _is_heading_word(word, lang), (width, word, lines)


def _is_heading_word(word: str, lang: str) -> bool:
    headings = {
        "en": {"above", "below", "seat", "you", "1", "2", "3", "4", "5"},
        "ko": {"위", "아래", "나", "1번", "2번", "3번", "4번", "5번", "자리"},
    }
    return word in headings[lang]


def test_at_80_columns_the_heading_stays_in_the_grid_when_it_fits() -> None:
    """Where the whole grid fits with its heading on the labels' column, it stays there: 4
    lines for 21 choices (docs/cli.md)."""
    lines, names = _grid_lines("en", 80)
    assert lines[0].strip().startswith(CORNER["en"] + " ")
    assert len(lines) == 1 + len(names)


def test_columns_of_dashes_are_as_wide_as_a_number() -> None:
    """A column with no choice in it (Tudor's "Move to" a column no Courtier may reach)
    keeps a number's width, so the headings stand over their cells."""
    grid = ChoiceGrid("Move to", ("1", "2", "3", "4"), (("1", (None, 10, None, 11)),))
    console = Console(width=60, file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(_grid_table(grid, {10: 1, 11: 2}, 60))
    heading, row = (line.rstrip() for line in captured.get().splitlines())
    assert heading == " Move to  1   2   3   4"
    assert row == " 1        -    1  -    2"
