"""The terminal's loose ends (a sweep of the commands): a help paragraph broken where its
docstring's line ends, ``simulate`` and ``selftest`` counting games as ``-n`` where the other
commands take ``-g``/``--games``, figures left-aligned in ``simulate``'s table, and the bot
levels described by their search specs in ``courtly games``."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from highcards import HighCards
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command
from typer.testing import CliRunner

from courtly.agents import agent_kinds
from courtly.cli.main import app
from courtly.core.i18n import text

runner = CliRunner()
LANGUAGES = ("en", "ko")


def _commands() -> dict[str, TyperCommand]:
    group = get_command(app)
    assert isinstance(group, TyperGroup)
    return {name: c for name, c in group.commands.items() if isinstance(c, TyperCommand)}


@pytest.mark.parametrize("name", sorted(_commands()))
def test_each_help_paragraph_wraps_at_the_screen_not_at_the_source(
    name: str, columns: Callable[[int], None]
) -> None:
    """``courtly report --help`` broke its second paragraph after "the varied option's effect",
    where the docstring's line ended: on a wide screen each paragraph is one line."""
    columns(300)
    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.strip(" │").split()) for line in result.stdout.splitlines()]
    helped = text(f"cli.help.{name}", "en")  # a command's help is the catalogue's
    for paragraph in helped.split("\n\n"):
        assert " ".join(paragraph.split()) in lines, (paragraph, result.stdout)


# --- the number of games: -g/--games everywhere, -n its old spelling ----------------------------


def _simulated(registered_toy: HighCards, *count: str) -> dict[str, object]:
    """``simulate --json``'s object, less its speed (the one figure a rerun changes)."""
    args = ["simulate", registered_toy.name, "-p", "2", *count, "--seed", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    del data["decisions_per_second"]
    return data


def test_simulate_takes_the_games_as_the_other_commands_do(registered_toy: HighCards) -> None:
    short = _simulated(registered_toy, "-g", "7")
    assert short["games"] == 7
    assert _simulated(registered_toy, "--games", "7") == short
    assert _simulated(registered_toy, "-n", "7") == short  # the old spelling, still read


def test_selftest_takes_the_games_as_the_other_commands_do(registered_toy: HighCards) -> None:
    for count in (["-g", "3"], ["--games", "3"], ["-n", "3"]):
        result = runner.invoke(app, ["selftest", registered_toy.name, "-p", "2", *count])
        assert result.exit_code == 0, result.output
        assert ": 3 games, " in result.stdout, (count, result.stdout)


@pytest.mark.parametrize("command", ["simulate", "selftest"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_games_given_twice_are_refused(
    command: str, lang: str, registered_toy: HighCards
) -> None:
    """``-g 5 -n 7``: one of them would be ignored without a word."""
    args = ["--lang", lang, command, registered_toy.name, "-p", "2", "-g", "5", "-n", "7"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert text("cli.usage.games_twice", lang) in " ".join(result.stderr.split())


@pytest.mark.parametrize("command", ["simulate", "selftest"])
def test_the_help_shows_games_as_g_and_hides_the_old_n(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    games = next(line for line in result.stdout.splitlines() if "--games" in line)
    assert " -g " in games and " -n " not in games, games


# --- simulate's table: figures right-aligned, text left ----------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_simulate_aligns_its_figures_right_and_its_agents_left(
    lang: str, columns: Callable[[int], None]
) -> None:
    columns(100)
    args = ["--lang", lang, "simulate", "tudor", "-p", "3", "-g", "3"]
    result = runner.invoke(app, [*args, "--agents", "greedy,random,random"])
    assert result.exit_code == 0, result.output
    rows = [
        line.split(line[0])[1:-1]
        for line in result.stdout.splitlines()
        if line[:1] in ("│", "┃")  # the heading's and each seat's
    ]
    assert len(rows) == 1 + 3, result.stdout
    for row in rows:
        seat, agent, win_rate, interval, score = row
        for figure in (seat, win_rate, interval, score):  # flush right: one space of padding
            assert figure.endswith(" ") and not figure.endswith("  "), (figure, result.stdout)
        assert agent.startswith(" ") and not agent.startswith("  "), (agent, result.stdout)


# --- courtly games: each level in plain words ---------------------------------------------------

PLAYED = ("random", "greedy", "easy", "medium", "hard")  # the browser's seat list


@pytest.mark.parametrize("lang", LANGUAGES)
def test_games_says_what_each_bot_is_like_in_plain_words(
    lang: str, columns: Callable[[int], None]
) -> None:
    columns(200)
    result = runner.invoke(app, ["--lang", lang, "games"])
    assert result.exit_code == 0, result.output
    for kind in PLAYED:
        # The browser's words for the level (one catalogue for both), not its search spec.
        assert text(f"agent.about.{kind}", lang) in result.stdout, (kind, result.stdout)
        assert agent_kinds(lang)[kind] not in result.stdout, (kind, result.stdout)
    assert "ismcts:iterations=" not in result.stdout
    # The research kind is described by what it takes.
    assert agent_kinds(lang)["ismcts"] in result.stdout
