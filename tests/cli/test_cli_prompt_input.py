"""What may be typed at ``your choice>`` (sweep B of the terminal): a digit that is not a
number (``²``, ``①``: ``str.isdigit`` takes them, ``int`` does not) is refused as any other
non-choice, at the prompt and at ``how much``; a refusal is one short line, the commands
being ``?``'s; and a fault of courtly's own during a game saves the game, then is said in one
line (no traceback) that names the command going on with it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

import courtly
from courtly.cli import prompt
from courtly.cli.choices import Amounts, Choice
from courtly.cli.main import app
from courtly.core.actions import Action
from courtly.core.records import GameRecord
from courtly.core.table import Table

runner = CliRunner()
# Seed 8 deals seat 1 two Hare guards and a Stag noble: 8 numbered choices.
COURTISANS = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "greedy"]
NOT_NUMBERS = ["²", "³", "①", "٣٣٣٣", "1" * 5000]


def _typed(monkeypatch: pytest.MonkeyPatch, answers: Sequence[str]) -> None:
    """The prompt reads ``answers`` in turn, then the input ends."""
    left: Iterator[str] = iter(answers)

    def read(_prompt: str) -> str:
        answer = next(left, None)
        if answer is None:
            raise prompt.QuitGame("input ended")
        return answer

    monkeypatch.setattr(prompt, "_read", read)


def _bids() -> tuple[Action, Amounts]:
    space = courtly.load("for-the-king").action_space(2, {})
    bids = {n: space.from_json({"kind": "bid", "amount": n}) for n in range(2, 20)}
    return space.from_json({"kind": "pass"}), Amounts("bid", "amount", bids)


@pytest.mark.parametrize("typed", NOT_NUMBERS)
def test_a_digit_that_is_no_number_is_refused_at_the_prompt(
    monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    passing, bids = _bids()
    # Refused; then refused as the amount of choice 2, whose "how much" Enter leaves; then 1.
    _typed(monkeypatch, [typed, f"2 {typed}", "", "1"])
    listed: list[Choice] = [passing, bids]
    assert prompt.ask(listed).action == passing


@pytest.mark.parametrize("typed", NOT_NUMBERS)
def test_a_digit_that_is_no_number_is_refused_as_an_amount(
    monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    _passing, bids = _bids()
    _typed(monkeypatch, [typed, "7"])  # at "how much": refused, then 7
    action = prompt._amount(bids, "")
    assert action is not None and action.arg("amount") == 7


def test_an_arabic_indic_or_full_width_number_still_chooses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Decimal digits of any script are numbers (``int`` reads them): only ``²`` and its
    kind are refused."""
    passing, bids = _bids()
    _typed(monkeypatch, ["１", "٢ ١٢"])
    assert prompt.ask([passing, bids]).action == passing
    answer = prompt.ask([passing, bids])
    assert answer.action is not None and answer.action.arg("amount") == 12


def test_a_superscript_at_the_terminal_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    """The tester's reproduction: ``²`` crashed the game (a traceback) and lost it."""
    save = tmp_path / "game.json"
    result = runner.invoke(
        app, [*COURTISANS, "--seed", "8", "--save", str(save)], input="1\n²\n1\nq\n"
    )
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "'²' is not a choice here" in result.output
    assert len(GameRecord.load(save).actions) == 2  # the cards before and after the ²


@pytest.mark.parametrize(
    ("lang", "refused", "commands"),
    [
        ("en", "'99' is not a choice here: type 1–8, or ? for help.", "Other commands:"),
        ("ko", "고를 수 없는 입력입니다: '99'. 번호는 1~8, 도움말은 ?", "다른 명령:"),
    ],
)
def test_a_refusal_is_one_short_line_and_question_mark_lists_the_commands(
    lang: str, refused: str, commands: str
) -> None:
    """A typo used to reprint the 3-line list of commands (4 lines in Korean at 60 columns):
    the commands are now said when the game starts and under ``?`` only."""
    result = runner.invoke(
        app, ["--lang", lang, *COURTISANS, "--seed", "8"], input="99\nabc\n?\nq\n"
    )
    lines = result.output.splitlines()
    # What is typed is not echoed: each refusal follows its prompt on the prompt's line.
    refusals = [line for line in lines if "'99'" in line]
    assert len(refusals) == 1 and refusals[0].endswith(refused), refusals
    assert result.output.count(commands) == 2  # at the start, and under ?
    assert result.output.index(commands, result.output.index(refused)) > result.output.index(
        "'abc'"
    )


def test_an_unexpected_error_saves_the_game_before_it_is_shown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A fault of courtly's own in the prompt loop still ends the program, but the moves made
    so far are saved first, and the saved game goes on; the fault is one line, no traceback."""
    real_ask = prompt.ask
    asked: list[int] = []

    def failing(listed: Sequence[Choice]) -> prompt.Answer:
        asked.append(1)
        if len(asked) == 3:
            raise RuntimeError("a fault of courtly's own")
        return real_ask(listed)

    monkeypatch.setattr("courtly.cli.play.ask", failing)
    save = tmp_path / "game.json"
    result = runner.invoke(app, [*COURTISANS, "--seed", "8", "--save", str(save)], input="1\n1\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    said = (
        "error: the game stopped on an unexpected error (RuntimeError: a fault of courtly's own)."
        f" It is saved: go on with courtly play --resume {save}"
    )
    assert said in result.stderr.replace("\n", ""), result.stderr
    assert "Traceback" not in result.output
    record = GameRecord.load(save)
    assert record.result is None and len(record.actions) >= 2
    Table.from_record(courtly.load("courtisans"), record)  # it replays, so it resumes


def test_an_unexpected_error_before_any_move_without_save_keeps_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def failing(listed: Sequence[Choice]) -> prompt.Answer:
        raise RuntimeError("a fault of courtly's own")

    monkeypatch.setattr("courtly.cli.play.ask", failing)
    args = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "human", "--seed", "8"]
    result = runner.invoke(app, args, input="\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "saved in" not in result.output and "It is saved" not in result.output
    assert "before anything was played: nothing to save." in result.stderr
