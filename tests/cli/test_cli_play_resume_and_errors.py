"""``courtly play`` going on and stopping (sweep H2 of the terminal): a resumed game shows the
person what happened since their last decision, as the running game did and from their seat
only; an error ends in one line in the reader's language, the game saved."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from courtly.cli import prompt
from courtly.cli.choices import Choice
from courtly.cli.main import app
from courtly.core.errors import CourtlyError

runner = CliRunner()
# Seed 8: seat 1 (a person) plays its three cards (1, 1, 1), then the bot plays its turn.
COURTISANS = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "greedy"]


def last_news(output: str) -> list[str]:
    """The events shown under the last "to decide" heading (indented lines)."""
    lines = output.splitlines()
    heading = max(i for i, line in enumerate(lines) if "to decide" in line)
    news: list[str] = []
    for line in lines[heading + 1 :]:
        if not line.startswith("  "):
            break
        news.append(line.strip())
    return news


def test_a_resumed_game_shows_the_seats_recent_events_as_the_running_game_did(
    tmp_path: Path,
) -> None:
    save = tmp_path / "game.json"
    played = runner.invoke(
        app, [*COURTISANS, "--seed", "8", "--save", str(save)], input="1\n1\n1\nq\n"
    )
    assert played.exit_code == 1, played.output
    shown = last_news(played.output)
    # Its own last move and what it drew, then the bot's whole turn.
    assert shown[0] == "seat 1 plays Stag noble in seat 2's domain"
    assert "seat 2 draws 3 cards" in shown
    resumed = runner.invoke(app, ["play", "--resume", str(save)], input="q\n")
    assert resumed.exit_code == 1, resumed.output
    assert last_news(resumed.output) == shown
    # Seat 1's own cards, never seat 2's.
    assert any(line.startswith("The cards seat 1 drew:") for line in shown)
    assert "The cards seat 2 drew" not in resumed.output


def _failing(error: Exception) -> object:
    def ask(listed: Sequence[Choice]) -> prompt.Answer:
        raise error

    return ask


def test_a_keyed_error_is_its_own_line_with_no_heading_above_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    monkeypatch.setattr("courtly.cli.play.ask", _failing(CourtlyError.keyed("error.cli.no_game")))
    result = runner.invoke(app, [*COURTISANS, "--seed", "8", "--save", str(save)])
    assert result.exit_code == 2, result.output
    assert "unexpected" not in result.output
    errors = result.stderr.splitlines()
    assert len(errors) == 1 and errors[0].startswith("error: "), errors
    assert f"The game so far is saved in {save}" in result.stdout.replace("\n", "")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "error: the game stopped on an unexpected error (ZeroDivisionError: division by"
            " zero). It is saved: go on with courtly play --resume ",
        ),
        (
            "ko",
            "오류: 예기치 않은 오류로 게임이 멈췄습니다 (ZeroDivisionError: division by zero)."
            " 게임은 저장했습니다. 이어 하려면: courtly play --resume ",
        ),
    ],
)
def test_an_unexpected_error_after_a_move_is_one_line_in_the_readers_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str, said: str
) -> None:
    real_ask = prompt.ask
    asked: list[int] = []

    def ask(listed: Sequence[Choice]) -> prompt.Answer:
        asked.append(1)
        if len(asked) == 2:
            1 / 0  # noqa: B018 (the fault)
        return real_ask(listed)

    monkeypatch.setattr("courtly.cli.play.ask", ask)
    save = tmp_path / "game.json"
    args = ["--lang", lang, *COURTISANS, "--seed", "8", "--save", str(save)]
    result = runner.invoke(app, args, input="1\n")
    assert result.exit_code == 1, result.output
    assert result.stderr.replace("\n", "") == said + str(save), result.stderr
    assert "Traceback" not in result.output
    assert "unexpected error." not in result.stdout  # no heading above it
