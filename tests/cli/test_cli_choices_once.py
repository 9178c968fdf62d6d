"""Two identical cards in a hand are two legal actions with one sentence: the terminal numbers
them once (the kernel renderer's rule, ``courtly.core.render.listed_actions``), in its grid
and in the numbers it takes."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from courtly.cli.main import app

runner = CliRunner()
# Seed 8 deals seat 1 two Hare guards and a Stag noble: 12 plays, 8 sentences.
TWO_HARE_GUARDS = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "random"]
REFUSED = {"en": "is not a choice here", "ko": "여기서 고를 수 없는 입력입니다"}


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
