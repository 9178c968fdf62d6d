"""The terminal says alike what is alike: every table's headings in lower case (the game's own
names and a few proper names keep their capitals), the agents from the weakest level to the
strongest, and each option's default said once as a player types it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.ladder import LadderResult, LadderStep
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.engine import Review
from courtly.cli.common import console
from courtly.cli.ladder import elo_table, steps_table
from courtly.cli.main import app, default_words
from courtly.cli.review import _print as print_review
from courtly.cli.scoreboard import game_words
from courtly.core.i18n import using
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.registry import game_names
from courtly.core.state import State

runner = CliRunner()

# Headings that are names, written as they are in every language.
NAMES = {"Elo", "CPU ms", "ISMCTS iterations", "ms", "최대 CPU ms", "ISMCTS 반복"}


def headings(out: str) -> list[str]:
    """The heading of every column of every table in ``out`` (drawn wide enough that no
    heading wraps): the cells of the rows between a table's top and its heading's rule."""
    found: list[str] = []
    inside = False
    for line in out.splitlines():
        if line.startswith("┏"):
            inside = True
        elif line.startswith("┡"):
            inside = False
        elif inside:
            found += [cell.strip() for cell in line.split("┃") if cell.strip()]
    return found


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def drawn(lang: str, draw: Callable[[], None]) -> str:
    with using(lang), console.capture() as captured:
        draw()
    return captured.get()


def finished_record(tmp_path: Path) -> tuple[Path, State]:
    game = courtly.load("courtisans")
    agents = [make_agent("greedy", game) for _ in range(2)]
    played = play_match(game, agents, seed=7, keep_record=True)
    assert played.record is not None
    path = tmp_path / "courtisans.json"
    played.record.save(path)
    return path, played.state


LADDER = LadderResult(
    game="kingdoms",
    players=2,
    agents=("random", "greedy"),
    seed=1,
    steps=(LadderStep("greedy", "random", 4, 0.75, (0.3, 0.95), 0.5),),
    elo={"random": 0.0, "greedy": 200.0},
)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_table_heads_its_columns_alike(
    lang: str, tmp_path: Path, columns: Callable[[int], None]
) -> None:
    columns(250)  # no heading wraps
    record, state = finished_record(tmp_path)
    game = courtly.load("courtisans")
    review = Review("courtisans", 0, ReviewSettings(iterations=5), decisions=[], forced=0)
    tables = {
        "games": run("--lang", lang, "games"),
        "simulate": run("--lang", lang, "simulate", "kingdoms", "-p", "2", "-g", "2"),
        "tournament": run(
            "--lang", lang, "tournament", "kingdoms", "-a", "greedy,random", "-g", "2"
        ),
        "ladder": drawn(lang, lambda: console.print(steps_table(LADDER), elo_table(LADDER))),
        "bench": run("--lang", lang, "bench", "kingdoms", "--seconds", "0.1"),
        "review": drawn(lang, lambda: print_review(game, GameRecord.load(record), review, [])),
        "replay": run("--lang", lang, "replay", str(record)),
    }
    # The score table's categories are the game's own names (Domain, White mission).
    with using(lang):
        categories = {game_words(game, "score", c) for c in state.score_breakdown()["categories"]}
    for command, out in tables.items():
        said = headings(out)
        assert said, (command, out)
        for heading in set(said) - NAMES - categories:
            if lang == "en":
                assert not heading[0].isupper(), (command, heading)
            else:  # every word of a Korean heading is Korean (a figure, a name aside)
                assert not re.search(r"[A-Za-z]", heading), (command, heading)
    seat, total = {"en": ("seat", "total"), "ko": ("자리", "합계")}[lang]
    assert headings(tables["simulate"])[0] == seat
    assert headings(tables["replay"])[0] == seat and headings(tables["replay"])[-1] == total
    assert headings(tables["review"])[0] == {"en": "move", "ko": "수"}[lang]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_agents_are_listed_from_the_weakest_level_to_the_strongest(
    lang: str, columns: Callable[[int], None]
) -> None:
    columns(250)
    out = run("--lang", lang, "games")
    agents_table = out[out.rindex("┡") :]
    listed = [
        cells[0]
        for line in agents_table.splitlines()
        if line.startswith("│") and (cells := [c.strip() for c in line.split("│")[1:-1]])[0]
    ]
    assert listed == ["random", "greedy", "easy", "medium", "hard", "ismcts"], listed


@pytest.mark.parametrize(("lang", "default"), [("en", "default"), ("ko", "기본값")])
def test_each_option_says_its_default_once_as_a_player_types_it(
    lang: str, default: str, columns: Callable[[int], None]
) -> None:
    columns(400)  # each option on one line
    out = run("--lang", lang, "games")
    for name in game_names():
        for option in courtly.load(name).options:
            line = next(line for line in out.splitlines() if f" {option.name} (" in line)
            assert line.count(default) == 1, line
            assert f"{default} empty" not in line and "빈 값" not in line, line
    novice = {
        "en": "novice (default false; false, true/all, or seat numbers such as 1,3)",
        "ko": "novice (기본값 false; false, true/all, 또는 1,3 같은 자리 번호)",
    }
    scoring = {"en": "scoring (default not set; two", "ko": "scoring (기본값 지정 안 함; 서로"}
    assert novice[lang] in out and scoring[lang] in out


def test_a_default_typed_back_is_the_default() -> None:
    for name in game_names():
        for option in courtly.load(name).options:
            shown = default_words(option)
            if option.default == "" and shown == "not set":
                continue  # given by giving nothing: the option is left out
            assert option.coerce(shown) == option.default, (name, option.name, shown)
