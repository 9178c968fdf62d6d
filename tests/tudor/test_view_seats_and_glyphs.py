"""Tudor's terminal view names seats as its header and log do, breaks its header between parts
only, and keeps its grid aligned in Korean terminals (sweep H2 of the terminal)."""

from __future__ import annotations

import io
import unicodedata
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from test_tudor_views import positions

from courtly.core.i18n import seat_text, using
from courtly.core.state import State
from courtly.games.tudor import GAME
from courtly.games.tudor.words import TEXTS

GAMES = [(4, {}), (3, {"variant": "opportunity"}), (4, {"edition": "v15", "scenario": 5})]


def drawn(state: State, lang: str, width: int, viewer: int | None = 0) -> list[str]:
    with using(lang):
        console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
        console.print(GAME.render(state.observation(viewer)))
        return console.export_text().splitlines()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_players_table_names_each_seat_as_the_header_and_the_log_do(lang: str) -> None:
    state = next(positions(4, {}))
    for width in (80, 60):
        lines = drawn(state, lang, width)
        heading = TEXTS.text("view.seat", lang)
        first = next(i for i, line in enumerate(lines) if line.startswith(heading + " "))
        rows = lines[first + 1 : first + 5]
        for seat, row in enumerate(rows):
            assert row.startswith(seat_text(seat, lang)), (width, row)
        assert not any(row.startswith(f"P{seat + 1}") for seat, row in enumerate(rows))


@pytest.mark.parametrize(("players", "options"), GAMES)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_header_breaks_between_its_parts_never_inside_one(
    players: int, options: dict[str, Any], lang: str
) -> None:
    """At 60 columns the Korean header broke "회의실 액션하기" (the phase) over two lines."""
    for state in positions(players, options, every=9):
        obs = state.observation(0)
        who = obs["to_act"]
        if who is None:
            continue
        with using(lang):
            decides = TEXTS.text(
                "view.decides",
                lang,
                seat=seat_text(who, lang),
                phase=TEXTS.text(f"phase.{obs['phase']}", lang),
            )
        for width in (60, 80):
            lines = drawn(state, lang, width)
            assert all(cell_len(line) <= width for line in lines)
            if cell_len(decides) <= width:
                assert any(decides in line for line in lines[:3]), (width, lines[:3])


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_the_korean_grid_has_no_sign_of_ambiguous_width(
    players: int, options: dict[str, Any]
) -> None:
    """A CJK terminal draws East Asian "ambiguous" signs (◆, ·) two columns wide where rich
    counts one: the Throne Room's columns stood apart. Korean draws only signs of one width."""
    markers = set()
    for state in positions(players, options, every=5):
        text = "\n".join(drawn(state, "ko", 80))
        ambiguous = {ch for ch in text if unicodedata.east_asian_width(ch) == "A"}
        assert not ambiguous, ambiguous
        markers |= set(text) & {"♦", "✦", "✱"}
    assert {"♦", "✦"} <= markers
    with using("ko"):
        legend = GAME.explain(next(positions(players, options)).observation(0))
    assert "♦ 영향력 토큰, ✦ 음모 토큰, ✱ 기회 토큰" in legend
