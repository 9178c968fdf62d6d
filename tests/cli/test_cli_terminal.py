"""The terminal loses nothing and shows nothing it should not (issue 36, item 5): keys typed
while a bot thinks are dropped, the hot-seat privacy screen clears the scrollback, and a save
always lands somewhere, written whole. Run through a real pseudo-terminal where the terminal
matters."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from cli_support import ANSI, TerminalSession

import courtly
from courtly.core.records import GameRecord
from courtly.core.table import Table

PROMPT = "your choice>"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A person's shell, with the user's data folder and the temporary folder in tmp_path."""
    (tmp_path / "tmp").mkdir()
    return {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "TMPDIR": str(tmp_path / "tmp"),
        "PYTHONUNBUFFERED": "1",
    }


def decisions_by_seat(path: Path) -> list[int]:
    record = GameRecord.load(path)
    table = Table.from_record(courtly.load(record.game), record)
    return [step.seat for step in table.steps]


def test_keys_typed_while_a_bot_thinks_are_not_taken_as_a_decision(
    tmp_path: Path, env: dict[str, str]
) -> None:
    save = tmp_path / "game.json"
    args = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "ismcts:seconds=1"]
    session = TerminalSession([*args, "--seed", "11", "--save", str(save)], env)
    try:
        # Seat 1's turn is three decisions; after the third, the bot thinks for seconds.
        for _ in range(3):
            session.read_until(PROMPT)
            session.type("1\n")
        time.sleep(0.5)
        session.type("5\n")  # a key pressed while the bot thinks, meant for nothing yet
        session.read_until(PROMPT)
        session.type("q\n")
        assert session.finish() == 1, session.text[-2000:]
    finally:
        session.kill()
    seats = decisions_by_seat(save)
    assert seats.count(0) == 3, seats  # the 5 did not become a fourth decision
    assert seats[-1] == 1


def test_the_privacy_screen_clears_the_scrollback(env: dict[str, str]) -> None:
    args = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "human", "-s", "3"]
    session = TerminalSession(args, env)
    try:
        session.read_until("press Enter when you are alone")
        session.type("\n")
        for _ in range(3):  # seat 1's turn: three cards
            session.read_until(PROMPT)
            session.type("1\n")
        session.read_until("press Enter when you are alone")
        session.type("\n")
        session.read_until(PROMPT)
        session.type("q\n")
        session.finish()
    finally:
        session.kill()
    # Before the next seat is asked to sit down, the screen and the lines scrolled off it
    # (seat 1's hand) are erased.
    shown = session.output.decode()
    second_privacy_screen = shown.rindex("press Enter when you are alone")
    before = shown[:second_privacy_screen]
    hand = before.rindex("Your hand")
    assert before.find("\x1b[2J", hand) > hand, repr(before[-300:])
    assert before.find("\x1b[3J", hand) > hand, repr(before[-300:])


def test_the_privacy_screen_waits_for_an_enter_pressed_after_it(env: dict[str, str]) -> None:
    """An Enter the last player pressed ahead (with their last choice) does not let the next
    seat's hand show before that person sits down."""
    args = ["play", "courtisans", "-p", "2", "--seat", "human", "--seat", "human", "-s", "3"]
    session = TerminalSession(args, env)
    try:
        session.read_until("press Enter when you are alone")
        session.type("\n")
        for keys in ("1\n", "1\n", "1\n\n"):  # the last choice, and an Enter too many
            session.read_until(PROMPT)
            session.type(keys)
        session.read_until("press Enter when you are alone")
        waiting = ANSI.sub("", session.drain(1.5))
        assert "to decide" not in waiting, waiting  # the next hand is not shown yet
        session.type("q\n")  # still at the privacy screen: this is its Enter
        after = session.read_until(PROMPT)
        session.type("q\n")
        session.finish()
    finally:
        session.kill()
    # The next seat's table came only after the q that answered the privacy screen.
    assert "(person) to decide" in ANSI.sub("", after), after


def _quit_after_one_decision(
    args: list[str], env: dict[str, str], before_quitting: object = None
) -> tuple[int, str]:
    session = TerminalSession(["play", *args], env, columns=200)
    try:
        session.read_until(PROMPT)
        session.type("1\n")
        session.read_until(PROMPT)
        if callable(before_quitting):
            before_quitting()
        session.type("q\n")
        code = session.finish()
    finally:
        session.kill()
    return code, session.text


def test_a_data_folder_that_cannot_be_written_sends_the_game_to_the_temporary_folder(
    tmp_path: Path, env: dict[str, str]
) -> None:
    env["XDG_DATA_HOME"] = "/proc/nope"
    code, shown = _quit_after_one_decision(
        ["courtisans", "--seat", "human", "--seat", "random", "-s", "4"], env
    )
    assert code == 1, shown[-2000:]
    saved = list((tmp_path / "tmp" / "courtly-saved-games").glob("*.json"))
    assert len(saved) == 1, shown[-2000:]
    assert "cannot make the folder /proc/nope" in shown and "saving the game elsewhere" in shown
    assert f"courtly play --resume {saved[0]}" in shown
    assert decisions_by_seat(saved[0]).count(0) == 1


def test_a_save_folder_removed_during_the_game_sends_it_to_the_data_folder(
    tmp_path: Path, env: dict[str, str]
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    save = folder / "game.json"
    args = ["courtisans", "--seat", "human", "--seat", "random", "-s", "4", "--save", str(save)]
    code, shown = _quit_after_one_decision(args, env, lambda: shutil.rmtree(folder))
    assert code == 1, shown[-2000:]
    assert not folder.exists()
    saved = list((tmp_path / "data" / "courtly" / "saved-games").glob("*.json"))
    assert len(saved) == 1, shown[-2000:]
    assert f"cannot write the record to {save}" in shown and "saving the game elsewhere" in shown
    assert f"courtly play --resume {saved[0]}" in shown
    assert decisions_by_seat(saved[0]).count(0) == 1


def test_a_finished_game_whose_save_folder_went_is_kept_elsewhere(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """The end of the game saves through the same places: here both --save and the data
    folder are gone, so the record lands in the temporary folder."""
    folder = tmp_path / "games"
    folder.mkdir()
    env["XDG_DATA_HOME"] = "/proc/nope"
    args = ["courtisans", "--seat", "human", "--seat", "random", "-s", "4"]
    session = TerminalSession(["play", *args, "--save", str(folder / "g.json")], env, 200)
    try:
        session.read_until(PROMPT)
        shutil.rmtree(folder)
        answer = "1"
        while True:  # always the first choice (the lowest amount), to the end
            session.type(answer + "\n")
            part = ANSI.sub("", session.read_until(PROMPT, "goes back>", "Record saved"))
            if "Record saved" in part:
                break
            amounts = re.search(r"how much \((\d+)", part)
            answer = amounts.group(1) if part.endswith("goes back>") and amounts else "1"
        assert session.finish() == 0, session.text[-2000:]
    finally:
        session.kill()
    saved = list((tmp_path / "tmp" / "courtly-saved-games").glob("*.json"))
    assert len(saved) == 1, session.text[-2000:]
    assert json.loads(saved[0].read_text(encoding="utf-8"))["result"] is not None
    assert f"Record saved to {saved[0]}" in session.text.replace("\n", "")


def test_a_record_is_replaced_whole_never_rewritten_in_place(tmp_path: Path) -> None:
    """Written through a temporary file renamed over the old one: a reader that opened the old
    record still reads it whole, and no temporary file is left behind."""
    game = courtly.load("courtisans")
    table = Table(game, 2, seed=1, seats=["a", "b"])
    path = tmp_path / "game.json"
    table.record.save(path)
    before = path.read_text(encoding="utf-8")
    with path.open(encoding="utf-8") as reader:
        table.act(table.state.current_player or 0, table.seq, table.state.legal_action_ids()[0])
        table.record.save(path)
        assert reader.read() == before  # the old file, whole: not truncated and rewritten
    assert path.read_text(encoding="utf-8") != before
    assert json.loads(path.read_text(encoding="utf-8"))["actions"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
