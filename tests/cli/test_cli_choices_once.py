"""Two identical cards in a hand are two legal actions with one sentence: the terminal numbers
them once (the kernel renderer's rule, ``courtly.core.render.listed_actions``), in its grid
and in the numbers it takes. Two Courtisans spies face down to the killer in one place are two
cards, not one: their sentences differ, and the grid numbers both."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import courtly
from courtly.cli.main import app
from courtly.core.records import GameRecord
from courtly.core.table import Table

runner = CliRunner()
# Seed 8 deals seat 1 two Hare guards and a Stag noble: 12 plays, 8 sentences.
TWO_HARE_GUARDS = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "random"]
REFUSED = {"en": "is not a choice here", "ko": "고를 수 없는 입력입니다"}


@pytest.mark.parametrize(("lang", "hare_guard"), [("en", "Hare guard"), ("ko", "산토끼 경비병")])
def test_two_identical_cards_are_one_row_of_numbered_choices(lang: str, hare_guard: str) -> None:
    # 9 would be the first play of a second Hare guard row: only 8 choices are numbered.
    result = runner.invoke(app, ["--lang", lang, *TWO_HARE_GUARDS, "--seed", "8"], input="9\nq\n")
    assert result.exit_code == 1, result.output
    rows = [line.split() for line in result.output.splitlines()]
    grid = [row for row in rows if " ".join(row).startswith(hare_guard)]
    assert len(grid) == 1, result.output
    assert grid[0][-4:] == ["1", "2", "3", "4"]
    assert REFUSED[lang] in result.output


def _above(card: int) -> dict[str, object]:
    return {"kind": "play", "card": card, "place": "above"}


def _domain(card: int, seat: int) -> dict[str, object]:
    return {"kind": "play", "card": card, "place": "domain", "seat": seat}


# Seed 0, two players: seat 2 plays two spies above the Queen's table (a4 and a8, face down
# to seat 1), then seat 1 places an assassin there and decides its kill.
TWO_SPIES_ABOVE: list[dict[str, object]] = [
    *[_above(2), _domain(38, 0), _domain(79, 1), _above(9), _domain(27, 0), _domain(84, 1)],
    *[_above(10), _domain(19, 0), _domain(35, 1), _above(5), _domain(31, 0), _domain(83, 1)],
    *[_above(63), _domain(88, 0), _domain(64, 1), _above(39), _domain(40, 0), _domain(48, 1)],
    *[_above(17), _domain(53, 0), _domain(57, 1), _above(20), _domain(54, 0), _domain(62, 1)],
    *[_above(3), _domain(30, 0), _domain(46, 1), _above(73), _domain(77, 0), _domain(22, 1)],
    {"kind": "spare"},
    _above(37),
]


def _two_spies_record(path: Path) -> Path:
    table = Table(courtly.load("courtisans"), 2, seed=0)
    for action in TWO_SPIES_ABOVE:
        seat = table.state.current_player
        assert seat is not None
        table.play(seat, action)
    table.record.save(path)
    return path


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_two_face_down_spies_in_one_row_are_both_numbered_in_the_kill_grid(
    tmp_path: Path, lang: str
) -> None:
    """Two spies face down to the killer read apart ("the first/second face-down spy"), so
    the kill grid numbers both, and the later one (a8) can be chosen: a player may choose
    which spy to kill (C5.3)."""
    record = _two_spies_record(tmp_path / "two-spies.json")
    args = ["--lang", lang, "play", "--resume", str(record), "--seat", "human", "--seat", "human"]
    # Enter passes the privacy screen; 5 is a8's number (a1 and a9, two Butterfly nobles, are
    # one choice in one column "1/9"; then a4, a5, a7, a8, a10: 1 to 6).
    result = runner.invoke(app, args, input="\n5\nq\n")
    rows = [line.split() for line in result.output.splitlines()]
    corner = next(row for row in rows if row[-6:] == ["1/9", "4", "5", "7", "8", "10"])
    numbers = rows[rows.index(corner) + 1]
    assert numbers[-6:] == ["1", "2", "3", "4", "5", "6"], result.output
    # The game stopped at the next prompt is saved where it was resumed from: 5 killed a8.
    killed = GameRecord.load(record).actions[len(TWO_SPIES_ABOVE)]
    assert killed == {"kind": "eliminate", "row": "above", "position": 8}, result.output
