"""Courtisans on a narrow terminal and in the assassin's grid (sweep B of the terminal).

- The final table of 5 players at 60 columns cannot stand its seven columns side by side
  with every card whole: it is one block per family, and no label (``d1:Asn``, ``b14:Grd``)
  is cut in two as rich's folding did.
- The assassin's grid numbers its columns as the table numbers the cards: identical cards,
  one choice, share a column headed by both numbers (``2/4``), or each keep theirs."""

from __future__ import annotations

import io
import re
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from courtly.agents import make_agent
from courtly.cli.main import app
from courtly.core.i18n import using
from courtly.core.match import play_match
from courtly.core.render import listed_actions
from courtly.games.courtisans import GAME

# A card's label on the full table: its handle, a colon and its mark (``d10:Grd``, ``b2:?spy/2``).
LABEL = re.compile(r"^[abd]\d+:\S+$")


def _drawn(observation: dict[str, Any], width: int, lang: str) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with using(lang), console.capture() as captured:
        console.print(GAME.render(observation))
    return captured.get().splitlines()


def _cards_in_play(observation: dict[str, Any]) -> int:
    table = observation["queen_table"]
    return len(table["above"]) + len(table["below"]) + sum(map(len, observation["domains"]))


@pytest.fixture(scope="module")
def final_observation() -> dict[str, Any]:
    """The end of a 5-player game of greedy bots: the tester's game was of 5 at 60 columns."""
    agents = [make_agent("greedy", GAME) for _ in range(5)]
    state = play_match(GAME, agents, seed=22).state
    assert state.is_terminal
    return state.public_observation()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_final_table_at_60_columns_cuts_no_card_label(
    final_observation: dict[str, Any], lang: str
) -> None:
    lines = _drawn(final_observation, 60, lang)
    words = [word for line in lines for word in line.split()]
    labels = [word for word in words if LABEL.match(word)]
    assert len(labels) == _cards_in_play(final_observation), "\n".join(lines)
    # No handle stands alone, its mark on the next line.
    assert not [word for word in words if re.fullmatch(r"[abd]\d+:", word)], "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_final_table_at_80_columns_is_still_one_table(
    final_observation: dict[str, Any], lang: str
) -> None:
    """Where it fits, the table is as it was: the places side by side under one heading."""
    lines = _drawn(final_observation, 80, lang)
    heading = {"en": ("above", "below", "seat 5"), "ko": ("위", "아래", "자리")}[lang]
    assert any(all(word in line for word in heading) for line in lines), "\n".join(lines)
    words = [word for line in lines for word in line.split()]
    assert len([w for w in words if LABEL.match(w)]) == _cards_in_play(final_observation)


def _kill_grid(
    state: Any, lang: str = "en"
) -> tuple[tuple[str, ...], list[tuple[str, list[int | None]]], list[Any]]:
    seat = state.current_player
    view = state.observation(seat)
    legal = [
        GAME.action_space(state.num_players, state.options).decode(i)
        for i in state.legal_action_ids()
    ]
    listed = listed_actions(GAME, legal, lang, view=view)
    grid = GAME.choice_grid(view, listed, lang)
    assert grid is not None
    numbers = {action.id: n for n, action in enumerate(listed, start=1)}
    rows = [
        (label, [numbers.get(c) if c is not None else None for c in cells])
        for label, cells in grid.rows
    ]
    return grid.columns, rows, listed


def test_identical_cards_in_a_domain_share_a_column_headed_by_both_numbers(
    cz: SimpleNamespace,
) -> None:
    """d1 and d3 are both Butterfly courtiers: one choice (one sentence), one column "1/3";
    d2 and d5 their own; d4 a guard and d6 the assassin deciding are no targets."""
    domain = cz.cards("Butterfly courtier*2, Toad noble, Carp guard, Stag noble, Hare assassin")
    first, second, toad, guard, stag, assassin = domain
    state = cz.position(
        2,
        domains=[[first, toad, second, guard, stag, assassin], []],
        pending_kill={"place": "domain", "seat": 0},
        areas_used=["own"],
        hands=[cz.cards("Carp courtier*2"), cz.cards("Carp noble*3")],
    )
    columns, rows, listed = _kill_grid(state)
    assert columns == ("1/3", "2", "5")
    assert rows == [("you", [1, 2, 3])]
    assert len(listed) == 4  # three targets and "eliminate nothing"


def test_identical_cards_of_one_row_keep_their_own_columns_where_the_other_row_differs(
    cz: SimpleNamespace,
) -> None:
    """Above: a1 and a3 are Hare courtiers (one choice); below has a card at 1 but none at
    3, so the columns 1 and 3 cannot be one: each is shown, a3 with a1's number."""
    hares = cz.cards("Hare courtier*3")
    above = [hares[0], cz.card("Stag", "noble"), hares[1], cz.card("Carp", "assassin")]
    below = [hares[2], cz.card("Toad", "noble")]
    state = cz.position(
        2,
        above=above,
        below=below,
        pending_kill={"place": "above"},
        areas_used=["queen"],
        hands=[cz.cards("Carp courtier*2"), cz.cards("Carp noble*3")],
    )
    columns, rows, _listed = _kill_grid(state)
    assert columns == ("1", "2", "3")
    assert rows == [("above", [1, 2, 1]), ("below", [3, 4, None])]


def test_the_testers_kill_grid_shows_every_card_number_of_the_board() -> None:
    """The reproduction of the report (seed 21): d2 and d4 are two Butterfly courtiers of
    seat 1's domain; the grid had columns 1 2 3 5 6, no 4."""
    inputs = ["11", "1", "6", "1", "1", "2", "1", "3", "1", "1", "2", "2", "1", "q"]
    args = ["play", "courtisans", "--players", "2", "--seat", "human", "--seat", "greedy"]
    result = CliRunner().invoke(app, [*args, "--seed", "21"], input="\n".join(inputs) + "\n")
    grids = [line.split() for line in result.output.splitlines() if "eliminate: card #" in line]
    assert grids, result.output
    assert grids[-1][3:] == ["1", "2/4", "3", "5", "6"], result.output
