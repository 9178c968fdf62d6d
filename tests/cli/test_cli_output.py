"""What the commands print, as a tester walking them found it wanting: tables that lose words
and figures behind "…", counts that read "1 games", Ctrl-C ending in silence, a progress bar
before a refusal, digits not grouped, game identifiers where titles belong, times without
units, Python types in the help."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from cli_support import COURTLY
from rich.cells import cell_len
from typer.testing import CliRunner

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.report.labels import number
from courtly.analysis.report.store import FILE_NAME as REPORT_GAMES
from courtly.analysis.report.store import FORMAT as REPORT_FORMAT
from courtly.analysis.results_file import FORMAT as RESULTS_FORMAT
from courtly.analysis.runner import usable_cpus
from courtly.cli import main as cli_main
from courtly.cli.main import app
from courtly.core.match import play_match

runner = CliRunner()
INTERRUPTED = 130
ELLIPSIS = "…"


def whole(figure: str, output: str) -> bool:
    """Whether ``figure`` stands in ``output`` whole: on one line, no digit glued to it."""
    return re.search(rf"(?<![\d.,]){re.escape(figure)}(?![\d,])", output) is not None


def fits(output: str, width: int) -> None:
    assert ELLIPSIS not in output, output
    assert max(cell_len(line) for line in output.splitlines()) <= width, output


# --- 1. tables never cut -----------------------------------------------------------------------


WIDTHS_AND_LANGUAGES = [(w, lang) for w in (80, 60) for lang in ("en", "ko")]
# A 95% interval as report.html writes one (docs/cli.md, "Reports").
INTERVAL = {"en": "{low} to {high}", "ko": "{low}~{high}"}


@pytest.mark.parametrize(("width", "lang"), WIDTHS_AND_LANGUAGES)
def test_games_wraps_words_and_cuts_none(width: int, lang: str, columns: Any) -> None:
    columns(width)
    result = runner.invoke(app, ["--lang", lang, "games"])
    assert result.exit_code == 0, result.output
    fits(result.output, width)
    for name in ("head-of-the-snake", "scandal_glory", "for-the-king", "greedy_prob"):
        assert name in result.output  # option names and values whole


@pytest.mark.parametrize(("width", "lang"), WIDTHS_AND_LANGUAGES)
def test_bench_keeps_every_figure_whole(
    width: int, lang: str, columns: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Figures as wide as a fast machine's, measured in no time.
    def measured(game: Any, players: int | None, seconds: float) -> dict[str, Any]:
        return {
            "players": players or game.min_players,
            "decisions_per_second": 12345678.0,
            "games_per_second": 23456.0,
            "clones_per_second": 3456789.0,
            "resamples_per_second": 456789.0,
        }

    monkeypatch.setattr(cli_main, "bench_game", measured)
    monkeypatch.setattr(cli_main, "ismcts_iterations_per_second", lambda *_: 98765.0)
    columns(width)
    result = runner.invoke(app, ["--lang", lang, "bench", "--players", "2"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    fits(out, width)
    for figure in ("12,345,678", "23,456", "3,456,789", "456,789", "98,765"):
        assert len(re.findall(rf"(?<![\d,]){figure}(?![\d,])", out)) == 4, (figure, out)
    for name in ("Courtisans", "Kingdoms", "Tudor") if lang == "en" else ("킹덤즈", "튜더"):
        assert name in out


@pytest.mark.parametrize(("width", "lang"), WIDTHS_AND_LANGUAGES)
def test_tournament_keeps_every_figure_whole(width: int, lang: str, columns: Any) -> None:
    args = ["tournament", "courtisans", "-p", "3", "--agents", "greedy,random,random"]
    args += ["--games", "6"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    columns(width)
    result = runner.invoke(app, ["--lang", lang, *args])
    assert result.exit_code == 0, result.output
    out = result.stdout
    fits(out, width)
    for name, elo in data["elo"].items():
        assert whole(f"{data['win_rate'][name]:.1%}", out), out
        assert whole(number(data["mean_score"][name], 2), out), out
        assert whole(number(elo, 0, signed=True), out), out
        # The interval as the report writes one, on one line: never "0-16%", where the
        # hyphen reads as a minus.
        low, high = (f"{100 * bound:.0f}%" for bound in data["ci95"][name])
        assert whole(INTERVAL[lang].format(low=low, high=high), out), out
    assert not re.search(r"\d-\d", out), out


@pytest.mark.parametrize(("width", "lang"), WIDTHS_AND_LANGUAGES)
def test_simulate_keeps_every_figure_whole(width: int, lang: str, columns: Any) -> None:
    args = ["simulate", "for-the-king", "-p", "5", "-n", "3", "--agents", "greedy"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    columns(width)
    result = runner.invoke(app, ["--lang", lang, *args])
    assert result.exit_code == 0, result.output
    fits(result.stdout, width)
    # The interval as the report writes one, on one line: never "0.040-0.231", where the
    # hyphen reads as a minus.
    for low, high in data["ci95_by_seat"]:
        interval = INTERVAL[lang].format(low=f"{low:.3f}", high=f"{high:.3f}")
        assert whole(interval, result.stdout), result.stdout
    assert not re.search(r"\d-\d", result.stdout), result.stdout


@pytest.fixture(scope="module")
def tudor_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = courtly.load("tudor")
    agents = [make_agent("greedy", game) for _ in range(2)]
    record = play_match(game, agents, seed=7, keep_record=True).record
    assert record is not None
    path = tmp_path_factory.mktemp("review") / "tudor.json"
    record.save(path)
    return path


@pytest.mark.parametrize(("width", "lang"), WIDTHS_AND_LANGUAGES)
def test_review_wraps_the_moves_and_cuts_none(
    width: int, lang: str, columns: Any, tudor_record: Path
) -> None:
    columns(width)
    args = ["--lang", lang, "review", str(tudor_record), "--as", "2", "--iterations", "5"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    fits(result.stdout, width)


# --- 2. counts ---------------------------------------------------------------------------------


def test_one_game_is_one_game(columns: Any) -> None:
    columns(200)
    simulated = runner.invoke(app, ["simulate", "tudor", "-p", "2", "-n", "1"])
    assert "Tudor: 1 game, 0 errors" in simulated.stdout, simulated.output
    tested = runner.invoke(app, ["selftest", "tudor", "-n", "1", "-p", "2"])
    assert "Tudor, 2 players: 1 game, " in tested.stdout, tested.output
    played = runner.invoke(
        app, ["tournament", "courtisans", "-p", "2", "--agents", "greedy,random", "--games", "1"]
    )
    assert "with 1 game, not a multiple of 2," in played.stdout, played.output
    assert "1 games" not in simulated.output + tested.output + played.output


def test_the_cpus_are_counted_in_words(columns: Any) -> None:
    columns(200)
    result = runner.invoke(app, ["simulate", "tudor", "-p", "2", "--workers", "99"])
    cpus = usable_cpus()
    assert f"the {cpus} {'CPU' if cpus == 1 else 'CPUs'} this machine" in result.output
    assert "CPU(s)" not in result.output


@pytest.mark.parametrize(
    ("lang", "exactly", "range_"),
    [
        ("en", "Kingdoms is for exactly 2 players", "Tudor is for 2 to 4 players"),
        ("ko", "킹덤즈는 2인 게임입니다", "튜더는 2~4인 게임입니다"),
    ],
)
def test_bench_says_which_counts_a_skipped_game_is_for(
    lang: str, exactly: str, range_: str, monkeypatch: pytest.MonkeyPatch, columns: Any
) -> None:
    monkeypatch.setattr(cli_main, "bench_game", lambda *_: {"players": 5})
    monkeypatch.setattr(cli_main, "ismcts_iterations_per_second", lambda *_: 1.0)
    columns(200)
    result = runner.invoke(app, ["--lang", lang, "bench", "--players", "5", "--json"])
    assert exactly in result.stderr and range_ in result.stderr, result.stderr
    assert "2-2" not in result.stderr


# --- 3. Ctrl-C ---------------------------------------------------------------------------------


def _interrupt(*_: Any) -> Any:
    raise KeyboardInterrupt


@pytest.mark.parametrize(("lang", "line"), [("en", "interrupted"), ("ko", "중단됨")])
def test_ctrl_c_in_any_command_is_one_line_and_130(
    lang: str, line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_main, "load_game", _interrupt)
    for args in (["games"], ["bench", "tudor"]):
        result = runner.invoke(app, ["--lang", lang, *args])
        assert result.exit_code == INTERRUPTED, result.output
        assert result.stderr == f"{line}\n" and result.stdout == "", (args, result.output)


def test_ctrl_c_during_bench_ends_in_the_one_line() -> None:
    env = {**os.environ, "COLUMNS": "80", "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    process = subprocess.Popen(
        [COURTLY, "bench", "tudor", "--seconds", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        # A shell without job control starts programs with Ctrl-C ignored; a terminal has it on.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        time.sleep(1.5)  # loading or measuring: either way the same one line
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == INTERRUPTED
    assert err.decode().splitlines() == ["interrupted"] and out == b"", (out, err)


# --- 4. refusals before any progress bar -------------------------------------------------------


def _only_the_error(args: list[str], code: int = 2) -> str:
    """The one line a refusal prints; ``code`` 2 for the command line, 1 for a file."""
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_a_bad_agent_is_refused_before_the_progress_bar(columns: Any) -> None:
    columns(200)
    simulate = ["simulate", "courtisans", "-p", "2", "-n", "2", "--agents"]
    assert "no agent called 'foo'" in _only_the_error([*simulate, "foo"])
    assert "no parameter 'foo'" in _only_the_error([*simulate, "ismcts:foo=2"])


def test_a_player_count_is_refused_before_the_progress_bar(columns: Any) -> None:
    columns(200)
    assert "exactly 2 players" in _only_the_error(["selftest", "kingdoms", "-p", "3"])


def test_a_results_file_of_another_tournament_is_refused_before_the_progress_bar(
    tmp_path: Path, columns: Any
) -> None:
    columns(200)
    results = tmp_path / "other.jsonl"
    results.write_text(json.dumps({"format": RESULTS_FORMAT, "tournament": {"x": 1}}) + "\n")
    args = ["tournament", "courtisans", "--agents", "greedy,random", "-g", "2", "-r", str(results)]
    assert "another tournament" in _only_the_error(args, code=1)


def test_a_report_folder_of_another_run_is_refused_before_the_progress_bar(
    tmp_path: Path, columns: Any
) -> None:
    columns(200)
    (tmp_path / REPORT_GAMES).write_text(
        json.dumps({"format": REPORT_FORMAT, "report": {"x": 1}}) + "\n"
    )
    args = ["report", "courtisans", "-g", "2", "--out", str(tmp_path)]
    assert "another report" in _only_the_error(args, code=1)


# --- 5. review's two budgets -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "not both"), ("ko", "--seconds와 --iterations 중 하나만")]
)
def test_review_refuses_seconds_with_iterations(lang: str, said: str, tudor_record: Path) -> None:
    args = ["--lang", lang, "review", str(tudor_record), "--as", "1", "--seconds", "1"]
    result = runner.invoke(app, [*args, "--iterations", "5"])
    assert result.exit_code == 2 and said in result.output, result.output


# --- 7, 8, 9. numbers, titles, units -----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "simulated", "tested", "label"),
    [
        ("en", r"\d{1,3}(,\d{3})+ decisions/s", r"\d,\d{3} decisions", "Tudor, 2 players"),
        ("ko", r"초당 결정 \d{1,3}(,\d{3})+회", r"결정 \d,\d{3}회", "튜더, 2인"),
    ],
)
def test_counts_group_their_digits_and_games_go_by_title(
    lang: str, simulated: str, tested: str, label: str, columns: Any
) -> None:
    columns(200)
    result = runner.invoke(app, ["--lang", lang, "simulate", "tudor", "-p", "2", "-n", "3"])
    assert re.search(simulated, result.stdout), result.stdout
    assert label in result.stdout and "tudor" not in result.stdout  # the bar's label
    result = runner.invoke(app, ["--lang", lang, "selftest", "tudor", "-p", "2", "-n", "6"])
    assert re.search(tested, result.stdout), result.stdout
    assert "tudor" not in result.stdout


@pytest.mark.parametrize(
    ("lang", "title", "label"),
    [
        ("en", "Courtisans, 3 players, 3 games (seed 0)", "Courtisans tournament"),
        ("ko", "쿠르티잔, 3인, 3판 (시드 0)", "쿠르티잔 토너먼트"),
    ],
)
def test_the_tournament_names_the_game_and_gives_its_times_units(
    lang: str, title: str, label: str, columns: Any
) -> None:
    columns(200)
    args = ["tournament", "courtisans", "-p", "3", "--agents", "greedy,random,random", "-g", "3"]
    result = runner.invoke(app, ["--lang", lang, *args])
    out = result.stdout
    assert title in out and label in result.stderr, result.output
    heading = next(line for line in out.splitlines() if "Elo" in line)
    assert "ms" in heading and "CPU ms" in heading, heading
    assert ("seats: how many seats" if lang == "en" else "자리: 한 판에서") in out
    assert not re.search(r"(?<![\d.])0\.0+(?![\d.])", out), out  # no time rounded to nothing


# --- 10. help ----------------------------------------------------------------------------------


COMMANDS = ["games", "play", "simulate", "selftest", "replay", "review", "bench"]
COMMANDS += ["tournament", "ladder", "serve", "report"]


@pytest.mark.parametrize("command", [[], *([name] for name in COMMANDS)])
def test_help_names_values_as_people_do(command: list[str], columns: Any) -> None:
    columns(120)
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0, result.output
    assert not re.findall(r"<(?:int|str|bool|float|list|path|Path)\b[^>]*>", result.output), (
        result.output
    )


def test_the_command_list_reads_each_command_in_one_piece(columns: Any) -> None:
    columns(80)
    result = runner.invoke(app, ["--help"])
    assert "balance report" in result.output and "the varied option" not in result.output
    assert all(name in result.output for name in COMMANDS)
