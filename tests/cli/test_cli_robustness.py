"""The real ``courtly`` program, run as a person would run it: every mistake ends in one
readable line and exit code 2 (the command line) or 1 (a file or record), never a traceback;
Ctrl-C saves a game that ``--resume`` finishes; undo and ``?`` at the prompt; replays that
refuse a record cut short, forged, or missing a fingerprint."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
import typer
from cli_support import COURTLY

import courtly
from courtly.agents import make_agent
from courtly.cli.main import app
from courtly.core.match import play_match
from courtly.core.registry import game_names
from courtly.core.table import Table


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The environment of a person's shell, with the user's data folder in tmp_path."""
    return {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "COLUMNS": "80",
        "PYTHONUNBUFFERED": "1",
    }


def run(
    args: Sequence[str], env: dict[str, str], stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [COURTLY, *args], input=stdin, capture_output=True, text=True, env=env, timeout=timeout
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done


def refused(args: Sequence[str], env: dict[str, str], code: int, *words: str) -> str:
    """Run a command that must be refused: exit ``code``, one line on stderr holding ``words``."""
    done = run(args, env)
    assert done.returncode == code, (args, done.returncode, done.stdout, done.stderr)
    message = done.stderr.strip()
    assert message.startswith("error: ") and "\n" not in message, (args, done.stderr)
    for word in words:
        assert word in message, (args, message)
    return message


# --- records -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished_record() -> dict[str, object]:
    game = courtly.load("courtisans")
    agents = [make_agent("random", game), make_agent("random", game)]
    record = play_match(game, agents, 5, keep_record=True).record
    assert record is not None and record.result is not None
    return record.to_json()


def write(path: Path, data: object) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_true_record_replays_and_shows_a_seat_its_start(
    finished_record: dict[str, object], tmp_path: Path, env: dict[str, str]
) -> None:
    path = write(tmp_path / "game.json", finished_record)
    done = run(["replay", path], env)
    assert done.returncode == 0, done.stderr
    assert "Verified" in done.stdout and "Scores" in done.stdout and " total " in done.stdout
    seat = run(["replay", path, "--as", "2"], env)
    assert seat.returncode == 0, seat.stderr
    assert "What seat 2 (random moves) saw at the start" in seat.stdout
    assert "everything in it is public now" in seat.stdout
    refused(["replay", path, "--as", "3"], env, 1, "seats 1 to 2", "seat 3")
    refused(["replay", path, "--as", "0"], env, 2, "--as", "at least 1")


@pytest.mark.parametrize(
    ("tamper", "words"),
    [
        # Cut short with the result kept: today's replay passed this.
        (
            lambda r: r.update(actions=r["actions"][:-5], fingerprints=r["fingerprints"][:-5]),
            ("cut short", "holds a result", "step"),
        ),
        (lambda r: r.update(actions=r["actions"][:-5]), ("cut short", "fingerprints")),
        (lambda r: r["fingerprints"].__setitem__(7, None), ("step 7", "no fingerprint")),
        (lambda r: r.update(fingerprints=r["fingerprints"][:-1]), ("no fingerprint",)),
        (lambda r: r["fingerprints"].__setitem__(9, "0" * 20), ("diverges", "step 9")),
        (
            lambda r: r["result"].update(winners=[1 - r["result"]["winners"][0]]),
            ("result", "seat", "step"),
        ),
        (lambda r: r["result"]["scores"].reverse(), ("result",)),
        (lambda r: r.update(seed="x"), ("'seed'", "whole number")),
    ],
)
def test_a_record_that_does_not_replay_is_refused_with_its_step(
    finished_record: dict[str, object],
    tmp_path: Path,
    env: dict[str, str],
    tamper: object,
    words: tuple[str, ...],
) -> None:
    record = json.loads(json.dumps(finished_record))
    if record["result"]["scores"][0] == record["result"]["scores"][1]:
        record["result"]["scores"][0] += 1  # reversing must change them
    tamper(record)  # type: ignore[operator]
    refused(["replay", write(tmp_path / "bad.json", record)], env, 1, *words)


def test_files_that_are_not_records_are_refused(tmp_path: Path, env: dict[str, str]) -> None:
    binary = tmp_path / "game.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    refused(["replay", str(binary)], env, 1, "not UTF-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "courtly-record", "actions": [', encoding="utf-8")
    refused(["replay", str(broken)], env, 1, "not valid JSON")
    refused(["replay", str(tmp_path / "missing.json")], env, 1, "cannot read")
    refused(["play", "--resume", str(broken)], env, 1, "not valid JSON")
    elsewhere = tmp_path / "elsewhere.json"
    write(
        elsewhere,
        {"format": "courtly-record", "version": 1, "game": "chess", "num_players": 2, "seed": 1},
    )
    refused(["replay", str(elsewhere)], env, 1, "not installed", "chess")


# --- the command line --------------------------------------------------------------------


def test_command_line_mistakes_are_one_line_with_exit_code_2(
    tmp_path: Path, env: dict[str, str]
) -> None:
    refused(["play", "courtisans", "-p", "0"], env, 2, "2 to 5 players, not 0")
    refused(["play", "courtisans", "--players", "6"], env, 2, "not 6")
    refused(["play", "kingdoms", "-p", "3"], env, 2, "not 3")
    refused(["play", "courtisans", "-p", "two"], env, 2, "--players", "whole number")
    refused(["play", "courtisans", "--seed", "x"], env, 2, "--seed", "whole number")
    refused(["bench", "--seconds", "soon"], env, 2, "--seconds", "number")
    refused(["play", "courtisans", "-o", "nonsense=1"], env, 2, "nonsense", "options")
    refused(["play", "nowhere"], env, 2, "no game called 'nowhere'")
    refused(["play", "courtisans", "--bogus"], env, 2, "--bogus")
    refused(["play"], env, 2, "name a game", "--resume")
    refused(
        ["play", "courtisans", "--seat", "human", "--seat", "greedy:sample=3"],
        env,
        2,
        "seat 2",
        "no parameter 'sample'",
        "samples (a whole number",
    )
    refused(
        ["play", "courtisans", "--seat", "human", "--seat", "hard:rollout=fast"],
        env,
        2,
        "rollout=fast",
        "random or greedy",
    )
    refused(
        ["play", "courtisans", "--seat", "ismcts:iterations=many"],
        env,
        2,
        "iterations=many",
        "whole number",
    )
    refused(["play", "courtisans", "--seat", "wizard"], env, 2, "no agent called 'wizard'")


def test_paths_that_cannot_be_written_are_refused_before_anything_runs(
    tmp_path: Path, env: dict[str, str]
) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("not a folder", encoding="utf-8")
    for save, words in [
        (tmp_path, ("is a folder",)),
        (a_file / "game.json", ("is a file, not a folder",)),
        (tmp_path / "nowhere" / "game.json", ("does not exist",)),
    ]:
        done = run(["play", "courtisans", "--save", str(save)], env, stdin="1\n")
        assert done.returncode == 1, done.stderr
        assert "your choice>" not in done.stdout  # refused before the game started
        message = done.stderr.strip()
        assert message.startswith("error: cannot write") and "\n" not in message
        assert all(word in message for word in words), message
    refused(
        ["simulate", "courtisans", "-p", "2", "-n", "1", "--save-dir", str(a_file)],
        env,
        1,
        "is a file, not a folder",
    )


def test_each_short_flag_means_one_thing_in_every_command() -> None:
    meanings: dict[str, set[str]] = {}
    group = typer.main.get_command(app)
    for command in group.commands.values():  # type: ignore[attr-defined]
        for param in (p for p in command.params if p.param_type_name == "option"):
            # A short flag with no long name (``-n``, the old spelling of ``--games``) means
            # its parameter.
            longs = [o for o in param.opts if o.startswith("--")] or [str(param.name)]
            for short in (o for o in param.opts if not o.startswith("--")):
                meanings.setdefault(short, set()).update(longs)
    assert {s: m for s, m in meanings.items() if len(m) != 1} == {}
    assert meanings["-s"] == {"--seed"} and meanings["-p"] == {"--players"}


def test_bench_skips_the_games_without_that_player_count(env: dict[str, str]) -> None:
    done = run(["bench", "-p", "3", "--seconds", "0.1", "--json"], env)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    supported = {
        name
        for name in game_names()
        if courtly.load(name).min_players <= 3 <= courtly.load(name).max_players
    }
    assert set(figures) == supported and all(f["players"] == 3 for f in figures.values())
    for name in set(game_names()) - supported:
        assert f"skipped {name}" in done.stderr


# --- play: Ctrl-C, resume, undo, ? -----------------------------------------------------------


def read_until(
    process: subprocess.Popen[bytes], text: str, seen: bytearray, timeout: float = 60
) -> None:
    """Read the process's output into ``seen`` until ``text`` appears in it."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    start = len(seen)
    while text.encode() not in seen[start:]:
        left = deadline - time.monotonic()
        assert left > 0, f"no {text!r} within {timeout}s: {seen[-2000:].decode(errors='replace')}"
        ready, _, _ = select.select([process.stdout], [], [], left)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            assert chunk, f"output ended before {text!r}: {seen[-2000:].decode(errors='replace')}"
            seen.extend(chunk)


def interrupt_play(args: Sequence[str], env: dict[str, str]) -> str:
    """Start ``courtly play``, make one choice, press Ctrl-C at the next prompt; the output."""
    process = subprocess.Popen(
        [COURTLY, "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        # A shell without job control starts background programs with Ctrl-C ignored; a person
        # at a terminal has it on.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdin is not None
    seen = bytearray()
    try:
        read_until(process, "your choice>", seen)
        process.stdin.write(b"1\n")
        process.stdin.flush()
        read_until(process, "your choice>", seen)
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    output = (bytes(seen) + rest).decode()
    assert process.returncode == 130, output[-2000:]
    assert "Traceback" not in output
    return output


def test_ctrl_c_saves_the_game_and_resume_finishes_it(tmp_path: Path, env: dict[str, str]) -> None:
    save = tmp_path / "game.json"
    output = interrupt_play(
        ["courtisans", "--seat", "human", "--seat", "random", "-s", "4", "--save", str(save)], env
    )
    assert "Game stopped (interrupted)" in output
    assert f"courtly play --resume {save}" in output
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["actions"] and saved["result"] is None
    assert saved["seats"] == ["human", "random"]
    assert len(saved["fingerprints"]) == len(saved["actions"]) + 1
    done = run(["play", "--resume", str(save), "--seat", "random"], env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert "Game over" in done.stdout and "Scores" in done.stdout and "Winner" in done.stdout
    finished = json.loads(save.read_text(encoding="utf-8"))
    assert finished["result"] is not None
    # A finished game has nothing to go on with: said, and the file left as it is (it was once
    # shown again and written again).
    before = save.read_bytes()
    refused(["play", "--resume", str(save)], env, 1, "finished game", f"courtly replay {save}")
    assert save.read_bytes() == before
    assert finished["actions"][: len(saved["actions"])] == saved["actions"]
    assert run(["replay", str(save)], env).returncode == 0


def test_ctrl_c_without_save_keeps_the_game_in_the_data_folder(
    tmp_path: Path, env: dict[str, str]
) -> None:
    output = interrupt_play(["tudor", "--seat", "human", "--seat", "random", "-s", "2"], env)
    saved = list((tmp_path / "data" / "courtly").rglob("*.json"))
    assert len(saved) == 1 and str(saved[0]) in output.replace("\n", "")
    resumed = run(["play", "--resume", str(saved[0])], env, stdin="q\n")
    assert resumed.returncode == 1 and "Game stopped (quit)" in resumed.stdout


def undo_scenario(undoable: bool) -> tuple[str, int]:
    """A game and seed where a person's first decision in seat 1, with the random bot's moves
    after it, can (or cannot) be taken back under the kernel's undo rule."""
    for name in game_names():
        game = courtly.load(name)
        for seed in range(1, 30):
            table = Table(game, 2, seed=seed, seats=["human", "random"])
            if table.state.current_player != 0:
                continue
            bot = make_agent("random", game)
            table.act(0, table.seq, table.state.legal_action_ids()[0])
            while table.state.current_player == 1:
                table.act(1, table.seq, table.choose(1, bot))
            if all(step.undoable for step in table.steps) == undoable:
                return name, seed
    raise AssertionError(f"no game has a first decision with undoable={undoable}")


def test_undo_at_the_prompt(tmp_path: Path, env: dict[str, str]) -> None:
    game, seed = undo_scenario(undoable=True)
    save = tmp_path / "undone.json"
    args = ["play", game, "--seat", "human", "--seat", "random", "-s", str(seed)]
    done = run([*args, "--save", str(save)], env, stdin="u\n1\nu\nq\n")
    assert "you have not decided anything yet" in done.stdout
    assert "Taken back." in done.stdout
    assert json.loads(save.read_text(encoding="utf-8"))["actions"] == []

    game, seed = undo_scenario(undoable=False)
    args = ["play", game, "--seat", "human", "--seat", "random", "-s", str(seed)]
    done = run([*args, "--save", str(save)], env, stdin="1\nu\nq\n")
    assert "Cannot take it back" in done.stdout and "so it stands" in done.stdout
    assert json.loads(save.read_text(encoding="utf-8"))["actions"]


@pytest.mark.parametrize("game", game_names())
def test_question_mark_explains_the_choice(game: str, env: dict[str, str]) -> None:
    done = run(["play", game, "--seat", "human", "--seat", "random", "-s", "1"], env, "?\nq\n")
    assert "what this choice means" in done.stdout
    assert "Type the number of a choice" in done.stdout
    assert done.returncode == 1 and "Game stopped (quit)" in done.stdout


def test_ctrl_c_while_the_program_is_still_importing_ends_in_one_line(
    env: dict[str, str],
) -> None:
    """Issue 21: Ctrl-C in the first second, while the commands are being imported. Python
    writes a line to stderr as each import finishes (PYTHONPROFILEIMPORTTIME): the signal is
    sent once the first module the commands need is in (json), a second or so before all of
    them are."""
    process = subprocess.Popen(
        [COURTLY, "simulate", "courtisans", "-p", "4", "-n", "10000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**env, "PYTHONPROFILEIMPORTTIME": "1"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stderr is not None
    err, sent = b"", False
    imported_by_then: list[bytes] = []
    try:
        while chunk := os.read(process.stderr.fileno(), 65536):
            err += chunk
            names = [line.rsplit(b"|", 1)[-1].strip() for line in err.splitlines()]
            if not sent and b"json" in names:
                process.send_signal(signal.SIGINT)
                sent, imported_by_then = True, names
        out = process.communicate(timeout=60)[0]
    finally:
        if process.poll() is None:
            process.kill()
    lines = err.decode().splitlines()
    assert sent and b"courtly.cli.main" not in imported_by_then, "sent after the imports"
    assert process.returncode == 130, err.decode()[-2000:]
    assert [line for line in lines if not line.startswith("import time:")] == ["interrupted"]
    assert not out


def test_a_game_of_bots_stopped_and_resumed_is_the_game_played_straight_through(
    tmp_path: Path, env: dict[str, str]
) -> None:
    # The person in seat 2 stops the game at their first turn, after the bot in seat 1 moved;
    # both seats are bots when it goes on. Every bot decision is seeded by the record alone.
    game = ["courtisans", "-s", "12"]
    straight, stopped = tmp_path / "straight.json", tmp_path / "stopped.json"
    played = run(
        ["play", *game, "--seat", "random", "--seat", "random", "--save", str(straight)], env
    )
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr
    quit_at_once = run(
        ["play", *game, "--seat", "random", "--seat", "human", "--save", str(stopped)], env, "q\n"
    )
    assert "Game stopped (quit)" in quit_at_once.stdout
    assert json.loads(stopped.read_text(encoding="utf-8"))["actions"]  # the bot had moved
    resumed = run(["play", "--resume", str(stopped), "--seat", "random", "--seat", "random"], env)
    assert resumed.returncode == 0, resumed.stdout[-2000:] + resumed.stderr
    assert stopped.read_text(encoding="utf-8") == straight.read_text(encoding="utf-8")
