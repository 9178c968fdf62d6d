"""`courtly --lang ko` and LANG/LC_ALL: the terminal in Korean (issue #23)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from cli_support import COURTLY
from typer.testing import CliRunner

from courtly.cli.common import console
from courtly.cli.main import app
from courtly.core.i18n import current_language

runner = CliRunner()
KINGDOMS_HUMAN = ["play", "kingdoms", "--seat", "human", "--seat", "greedy", "--seed", "3"]


def _korean_play(args: list[str], env: dict[str, str] | None = None) -> str:
    # A person who types "1" at every question, then the input ends: the game stops and is saved.
    result = runner.invoke(app, args, input="?\n" + "1\n" * 12, env=env)
    assert result.exit_code == 1, result.output
    return result.output


def test_lang_ko_plays_kingdoms_in_korean() -> None:
    out = _korean_play(["--lang", "ko", *KINGDOMS_HUMAN])
    assert "킹덤즈, 2인, 시드 3." in out
    # Who holds a seat in the reader's words: a person, the bot's level (not the spec typed).
    assert "1번 자리 (사람)의 결정" in out and "(human)" not in out
    assert "내 선택>" in out
    assert "이 선택의 뜻" in out  # the ? help, titled in Korean, with the game's Korean help
    assert "목표: 누군가 영광 카드 10장을" in out
    assert "결투에 " in out and "뒷면으로 내기" in out  # the numbered choices
    assert "게임을 멈췄습니다 (입력이 끝남)." in out
    assert "{" not in out
    # What the game itself writes (choices, log, board labels, help) holds no English word; the
    # only Latin script left is the command letters and file paths the texts name.
    body = out.split("게임을 멈췄습니다")[0]
    words = set(re.findall(r"[A-Za-z]{2,}", body))
    assert words <= {"Enter", "Jk"}, words
    assert current_language() == "en"  # the choice held for that command only


@pytest.mark.parametrize(
    "env", [{"LANG": "ko_KR.UTF-8"}, {"LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"}]
)
def test_the_environment_chooses_korean(env: dict[str, str]) -> None:
    assert "킹덤즈, 2인, 시드 3." in _korean_play(KINGDOMS_HUMAN, env)


def test_lang_en_overrides_the_environment() -> None:
    out = _korean_play(["--lang", "en", *KINGDOMS_HUMAN], {"LANG": "ko_KR.UTF-8"})
    assert "Kingdoms, 2 players, seed 3." in out and "킹덤즈" not in out


def test_an_unknown_language_is_one_readable_line() -> None:
    result = runner.invoke(app, ["--lang", "fr", "games"])
    assert result.exit_code == 2
    assert "unknown language 'fr'; languages: en, ko" in result.output


def test_the_korean_score_table_lines_up(tmp_path: object) -> None:
    result = runner.invoke(
        app, ["--lang", "ko", "play", "kingdoms", "--seat", "greedy", "--seat", "greedy", "-s", "5"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "점수" in out and "합계" in out and "스페이드" in out
    assert re.search(r"승자: \d번 자리 \(탐욕\)", out)
    # The table's rows are as wide as its border on screen (rich measures cells, not chars).
    from rich.cells import cell_len

    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("└") and i > top)
    widths = {cell_len(line) for line in lines[top : bottom + 1]}
    assert len(widths) == 1, lines[top : bottom + 1]


def test_the_games_list_in_korean_keeps_english_for_english_readers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(console, "_width", 250)  # each option on one line
    korean = runner.invoke(app, ["--lang", "ko", "games"])
    assert korean.exit_code == 0, korean.output
    assert "courtly 게임" in korean.output and "인원" in korean.output and "기본값" in korean.output
    assert "하는 일" in korean.output and "what it does" not in korean.output
    # A free-form option's allowed values are described in the reader's words too.
    assert "turn_limit (기본값 200; 1 이상의 정수)" in korean.output
    english = runner.invoke(app, ["--lang", "en", "games"])
    assert "courtly games" in english.output and "what it does" in english.output
    assert "(default " in english.output
    assert "turn_limit (default 200; an integer >= 1)" in english.output
    # Values as the command line takes them (-o battle=false), a count of players as one
    # number where it is one, an empty default as what it means (not set).
    assert "battle (default true; true, false)" in english.output
    assert "True" not in english.output and "(default ;" not in english.output
    assert "scoring (default not set;" in english.output
    assert "2-2" not in english.output


# A mistake of each kind a person meets, as the program itself reports it: the same one line
# in Korean under --lang ko, and the English line unchanged without it.
MISTAKES = [
    (
        ["simulate", "kingdoms", "--players", "abc"],
        2,
        "'--players' / '-p'의 값이 잘못되었습니다: 정수여야 합니다 (도움말: courtly simulate",
        "Invalid value for '--players' / '-p': it must be a whole number",
    ),
    (
        ["simulate", "kingdoms", "--players", "5"],
        2,
        "킹덤즈는 2인 게임입니다. 5명으로는 할 수 없습니다.",
        "Kingdoms is for exactly 2 players, not 5",
    ),
    (
        ["simulate", "kingdoms", "-p", "2", "--workers", "0"],
        2,
        "--workers는 1 이상이어야 합니다: 0",
        "--workers must be at least 1, not 0",
    ),
    (
        ["simulate", "chess", "-p", "2"],
        2,
        "그런 이름의 게임은 없습니다: 'chess'.",
        "no game called 'chess'",
    ),
    (
        ["simulate", "kingdoms", "-p", "2", "-o", "battle=maybe"],
        2,
        "옵션 'battle'에는 'maybe' 값을 쓸 수 없습니다.",
        "option 'battle' does not allow 'maybe'",
    ),
    (
        ["simulate", "kingdoms", "-p", "2", "--agents", "greedy:depth=3"],
        2,
        "에이전트 'greedy'에는 'depth' 매개변수가 없습니다",
        "agent 'greedy' has no parameter 'depth'",
    ),
    (
        ["simulate", "kingdoms", "-p", "2", "-o", "turn_limit=abc"],
        2,
        "'abc' 값을 쓸 수 없습니다 (정수가 아닙니다). 쓸 수 있는 값: 1 이상의 정수",
        "does not allow 'abc' (not a whole number); allowed: an integer >= 1",
    ),
    (
        ["simulate", "tudor", "-p", "2", "-o", "scoring=9"],
        2,
        "(득점 카드 번호 2개를 주세요, 예: 1,4). 쓸 수 있는 값: 서로 다른 번호 1-6 두 개, 예: 1,4",
        "(give two Scoring Card numbers, e.g. 1,4); allowed: two different numbers 1-6, e.g. 1,4",
    ),
    (
        ["simulate", "tudor", "-p", "2", "--agents", "ismcts:iterations=abc"],
        2,
        "('ismcts:iterations=abc')의 값이 잘못되었습니다. 필요한 값: 1 이상의 정수",
        "(in 'ismcts:iterations=abc') must be a whole number, at least 1",
    ),
    (
        ["replay", "{tmp}/not-json.json"],
        1,
        "기록이 올바른 JSON이 아닙니다 (1번째 줄, 1번째 칸:",
        "record is not valid JSON",
    ),
    (
        ["replay", "{tmp}/missing.json"],
        1,
        "missing.json 파일을 읽을 수 없습니다: 파일이나 폴더가 없습니다",
        "missing.json: No such file or directory",
    ),
    (
        ["simulate", "kingdoms", "-p", "2", "--backend", "x"],
        2,
        "그런 백엔드는 없습니다: 'x'. 고를 수 있는 것: local 또는 ray",
        "no backend called 'x'; choose local or ray",
    ),
    (
        ["serve", "--database", "sqlite://", "--data", "{tmp}"],
        2,
        "--database와 --data 가운데 하나만 주세요",
        "give --database or --data, not both",
    ),
    (
        ["ladder", "kingdoms", "-a", "random"],
        2,
        "래더에는 약한 것부터 에이전트가 2개 이상 있어야 하는데, 1개입니다 (random)",
        "a ladder needs at least two agents, weakest first, got 1 (random)",
    ),
    (
        ["tournament", "kingdoms", "-a", "random"],
        2,
        "2인 게임에는 에이전트 2개가 필요한데, 1개입니다 (random)",
        "list one agent per seat: 2 players need 2 agents, got 1 (random)",
    ),
    (
        ["report", "kingdoms", "--out", "{tmp}/r", "--vary", "turn_limit"],
        2,
        "--vary turn_limit: 이 옵션은 값이 자유롭습니다 (1 이상의 정수). 비교할 값을",
        "--vary turn_limit: this option takes free values (an integer >= 1); list the ones",
    ),
    (
        ["play", "kingdoms", "--seat", "greedy", "--seat", "greedy", "--save", "{tmp}"],
        1,
        "에 쓸 수 없습니다: 파일이 아니라 폴더입니다",
        "it is a folder, not a file",
    ),
]


@pytest.mark.parametrize(("args", "code", "korean", "english"), MISTAKES)
def test_a_mistake_is_one_korean_line(
    args: list[str], code: int, korean: str, english: str, tmp_path: Path
) -> None:
    (tmp_path / "not-json.json").write_text("hello\n", encoding="utf-8")
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    env = {**os.environ, "COLUMNS": "200", "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    said = subprocess.run(
        [COURTLY, "--lang", "ko", *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert said.returncode == code, said.stderr
    line = said.stderr.strip()
    assert "\n" not in line and line.startswith("오류: "), line
    assert korean in line, line
    english_said = subprocess.run(
        [COURTLY, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert english_said.stderr.startswith("error: ") and english in english_said.stderr


# The commands that play many games, each with what it says in Korean; Latin script is left
# only for the names typed on the command line (game, agents) and Elo, CPU, ms, ISMCTS.
MANY_GAMES = [
    (["simulate", "kingdoms", "-p", "2", "-n", "2"], ["킹덤즈: 2판, 오류 0건", "평균 점수"]),
    (["selftest", "kingdoms", "-n", "1"], ["킹덤즈, 2인: 1판, 결정 ", "통과"]),
    (
        ["tournament", "kingdoms", "-a", "random,greedy", "-g", "3"],
        ["킹덤즈, 2인, 3판 (시드 0)", "CPU ms", "참고: 3판은 2인의 배수가 아니어서"],
    ),
    (
        ["ladder", "kingdoms", "-a", "random,greedy", "-g", "2"],
        ["단계마다 2판", "greedy 대 random"],
    ),
    (["bench", "kingdoms", "--seconds", "0.1"], ["courtly 벤치마크 (코어 1개,", "초당 횟수"]),
]
NAMES = {"kingdoms", "random", "greedy", "courtly", "Elo", "CPU", "ms", "ISMCTS"}


@pytest.mark.parametrize(("args", "korean"), MANY_GAMES)
def test_the_many_game_commands_report_in_korean(
    args: list[str], korean: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the tables' own consoles
    monkeypatch.setattr(console, "_width", 200)
    result = runner.invoke(app, ["--lang", "ko", *args])
    assert result.exit_code == 0, result.output
    for said in korean:
        assert said in result.output, result.output
    assert set(re.findall(r"[A-Za-z]{2,}", result.output)) <= NAMES, result.output


def test_an_unknown_language_is_refused_in_the_environments_language() -> None:
    env = {**os.environ, "COLUMNS": "200", "LANG": "ko_KR.UTF-8"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    said = subprocess.run(
        [COURTLY, "--lang", "xx", "games"], capture_output=True, text=True, env=env, timeout=120
    )
    assert said.returncode == 2
    assert said.stderr.startswith("오류: ")
    assert "모르는 언어입니다: 'xx'. 언어: en, ko" in said.stderr
