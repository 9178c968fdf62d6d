"""The words of ``review`` and of a resumed game's refusal (sweep B of the terminal): the
review's summary reads as a sentence with any number of forced turns, 0 included; an
unfinished game's refusal points to what a terminal can do (no "ask for a hint"); and a
Korean refusal of a resumed game's seat has no English word in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.engine import Review
from courtly.cli.common import console
from courtly.cli.main import app
from courtly.cli.review import _print
from courtly.core.i18n import using
from courtly.core.match import play_match
from courtly.core.records import GameRecord

runner = CliRunner()


def _record(tmp_path: Path, finished: bool = True) -> Path:
    game = courtly.load("courtisans")
    agents = [make_agent("greedy", game) for _ in range(2)]
    record = play_match(game, agents, seed=7, keep_record=True).record
    assert record is not None
    path = tmp_path / "courtisans.json"
    (record if finished else record.first(10)).save(path)
    return path


def _summary(tmp_path: Path, lang: str, forced: int) -> str:
    record = GameRecord.load(_record(tmp_path))
    game = courtly.load("courtisans")
    review = Review("courtisans", 0, ReviewSettings(iterations=5), decisions=[], forced=forced)
    with using(lang), console.capture() as captured:
        _print(game, record, review, [])
    return captured.get()


@pytest.mark.parametrize(
    ("lang", "forced", "said"),
    [
        ("en", 0, "0 decisions judged.\n"),
        ("en", 1, "0 decisions judged (1 more had only one possible move: nothing to judge)."),
        ("en", 3, "0 decisions judged (3 more had only one possible move: nothing to judge)."),
        ("ko", 0, "결정 0개를 판정했습니다.\n"),
        ("ko", 2, "결정 0개를 판정했습니다 (가능한 수가 하나뿐이던 2개는 판정할 것이 없어"),
    ],
)
def test_the_summary_says_what_was_judged_and_what_was_forced(
    tmp_path: Path, lang: str, forced: int, said: str
) -> None:
    summary = _summary(tmp_path, lang, forced)
    assert said in summary
    assert "were not." not in summary and "0 with only one possible move" not in summary


@pytest.mark.parametrize(("lang", "finish"), [("en", "to finish it"), ("ko", "끝까지 두려면")])
def test_an_unfinished_game_is_refused_with_what_the_terminal_can_do(
    tmp_path: Path, lang: str, finish: str
) -> None:
    path = _record(tmp_path, finished=False)
    for seat in ("1", "spectator"):
        result = runner.invoke(app, ["--lang", lang, "review", str(path), "--as", seat])
        assert result.exit_code == 1
        assert finish in result.output
        assert f"courtly play --resume {path}" in result.output.replace("\n", "")
        # Hints are the browser's, at a table made with them: never "ask for a hint" here.
        assert "ask for a hint" not in result.output and "힌트를 요청하세요" not in result.output


def test_a_seat_given_as_a_superscript_is_refused_in_one_line(tmp_path: Path) -> None:
    path = _record(tmp_path)
    result = runner.invoke(app, ["review", str(path), "--as", "²"])
    assert result.exit_code == 2, result.output
    assert "not '²'" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "seat 1 of {path} is 'bogus', not a player"),
        ("ko", "{path} 게임에서 1번 자리의 'bogus': 플레이어가 아닙니다"),
    ],
)
def test_a_resumed_games_bad_seat_is_refused_in_the_readers_language(
    tmp_path: Path, lang: str, said: str
) -> None:
    path = _record(tmp_path, finished=False)
    args = ["--lang", lang, "play", "--resume", str(path), "--seat", "bogus"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    output = result.output.replace("\n", "")
    assert said.format(path=path) in output
    if lang == "ko":
        assert " of " not in output
