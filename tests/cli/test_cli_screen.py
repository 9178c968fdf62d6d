"""What a turn looks like on a real terminal's screen (issue 38, terminal): the table and the
choices on one 80 x 24 screen for Courtisans at 5 players, For the King's bids typed as an
amount, no card name cut short and no score header broken inside a word at 80 columns, in
English and Korean."""

from __future__ import annotations

import os
import random
import re
import subprocess
from pathlib import Path

import pytest
from cli_support import ANSI, COURTLY, TerminalSession
from rich.cells import cell_len
from rich.console import Console

import courtly
from courtly.agents import make_agent
from courtly.cli.scoreboard import scoreboard
from courtly.core.i18n import using
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.registry import game_names
from courtly.core.table import Table


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}


# A choice's number as the terminal draws it (bold cyan).
CHOICE_NUMBER = re.compile(r"\x1b\[1;36m\s*(\d+)\s*\x1b\[0m")


def on_screen(turn: str, rows: int) -> list[str]:
    """What of a turn's output (up to its prompt) the screen shows: its last ``rows`` lines."""
    return ANSI.sub("", turn).replace("\r\n", "\n").split("\n")[-rows:]


@pytest.mark.parametrize(
    ("lang", "header", "hand", "prompt"),
    [
        ("en", "Courtisans, 5 players", "Your hand:", "your choice>"),
        ("ko", "쿠르티잔, 5인", "내 손패:", "내 선택>"),
    ],
)
def test_courtisans_at_5_players_shows_the_table_with_its_choices_on_80_by_24(
    env: dict[str, str], lang: str, header: str, hand: str, prompt: str
) -> None:
    args = ["--lang", lang, "play", "courtisans", "-p", "5", "--seat", "human", "--seed", "11"]
    session = TerminalSession(args, env, columns=80, rows=24)
    try:
        for turn in range(6):  # two turns of three cards (and a kill), the table filling
            screen = on_screen(session.read_until(prompt), 24)
            assert any(line.startswith(header) for line in screen), (turn, "\n".join(screen))
            assert any(line.startswith(hand) for line in screen), (turn, "\n".join(screen))
            assert all(cell_len(line) <= 80 for line in screen), "\n".join(screen)
            # Every choice's number is on the screen below the table (3 cards by 7 places:
            # 21 at the first).
            below = screen[next(i for i, line in enumerate(screen) if line.startswith(hand)) :]
            numbers = {int(n) for line in below for n in re.findall(r"(?<=\s)(\d+)(?=\s|$)", line)}
            last = max(numbers)
            assert last == 21 or turn > 0, "\n".join(screen)
            assert set(range(1, last + 1)) <= numbers, (turn, "\n".join(screen))
            session.type("1\n")
        session.read_until(prompt)
        session.type("q\n")
        session.finish()
    finally:
        session.kill()


@pytest.mark.parametrize(
    ("lang", "header", "hand", "prompt", "over"),
    [
        ("en", "Courtisans, 5 players", "Your hand:", "your choice>", "Game over"),
        ("ko", "쿠르티잔, 5인", "내 손패:", "내 선택>", "게임 끝"),
    ],
)
def test_courtisans_at_5_players_keeps_the_table_with_its_choices_to_the_end_on_80_by_24(
    env: dict[str, str], lang: str, header: str, hand: str, prompt: str, over: str
) -> None:
    """The whole game, the table filling up to its last turn (a kill may list up to 25
    targets): every screen shows the header, the hand and every choice's number."""
    args = ["--lang", lang, "play", "courtisans", "-p", "5", "--seat", "human", "--seed", "3"]
    session = TerminalSession(args, env, columns=80, rows=24)
    rng = random.Random(3)
    try:
        for turn in range(200):
            output = session.read_until(prompt, over)
            if not output.endswith(prompt):  # the game ended
                break
            screen = on_screen(output, 24)
            shown = "\n".join(screen)
            assert any(line.startswith(header) for line in screen), (turn, shown)
            assert any(line.startswith(hand) for line in screen), (turn, shown)
            assert all(cell_len(line) <= 80 for line in screen), shown
            # The choices' numbers, as the terminal draws them (bold cyan), on the screen.
            raw = output.replace("\r\n", "\n").split("\n")[-24:]
            numbers = {int(n) for line in raw for n in CHOICE_NUMBER.findall(line)}
            last = max(numbers)
            assert set(range(1, last + 1)) <= numbers, (turn, shown)
            session.type(f"{rng.randint(1, last)}\n")
        else:
            raise AssertionError("the game did not end")
        session.finish()
    finally:
        session.kill()
    assert turn > 15, "the game ended before its table filled"


def test_for_the_king_asks_for_a_bid_as_an_amount(tmp_path: Path, env: dict[str, str]) -> None:
    save = tmp_path / "game.json"
    args = ["play", "for-the-king", "-p", "3", "--seat", "human", "--seed", "11"]
    session = TerminalSession([*args, "--save", str(save)], env, columns=100, rows=40)
    try:
        for _ in range(60):  # the draft, choosing the first choice, until an auction
            turn = session.read_until("your choice>")
            if "Auction for" in turn:
                break
            session.type("1\n")
        else:
            raise AssertionError("no auction came")
        screen = on_screen(turn, 40)
        choice_lines = [line for line in screen if re.match(r"^\s+\d+\s{2}", line)]
        assert len(choice_lines) == 2, "\n".join(screen)  # pass, and one line for every bid
        assert "pass" in choice_lines[0]
        low, high = map(int, re.findall(r"bid (\d+)", choice_lines[1]))
        assert high - low > 10 and "type 2 and the amount" in choice_lines[1]
        # The auction stays on the screen with its choices.
        assert any("Auction for" in line for line in screen), "\n".join(screen)
        session.type("2\n")
        session.read_until(f"how much ({low}–{high})?")
        session.type(f"{high + 1}\n")
        session.read_until("is not an amount here")
        session.type(f"{low + 1}\n")
        session.read_until("your choice>")
        session.type("q\n")
        session.finish()
    finally:
        session.kill()
    record = GameRecord.load(save)
    table = Table.from_record(courtly.load("for-the-king"), record)
    last_mine = max(i for i, step in enumerate(table.steps) if step.seat == 0)
    assert record.actions[last_mine] == {"kind": "bid", "amount": low + 1}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_for_the_king_never_cuts_a_card_name_at_80_columns(env: dict[str, str], lang: str) -> None:
    seats = [arg for _ in range(5) for arg in ("--seat", "greedy")]
    done = subprocess.run(
        [COURTLY, "--lang", lang, "play", "for-the-king", "-p", "5", *seats, "-s", "3"],
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "80"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "…" not in done.stdout, [line for line in done.stdout.splitlines() if "…" in line]
    assert max(cell_len(line) for line in done.stdout.splitlines()) <= 80


def drawn(renderable: object) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("name", game_names())
def test_score_headers_stay_whole_words_at_80_columns(name: str, lang: str) -> None:
    game = courtly.load(name)
    for players in sorted({game.min_players, game.max_players}):
        agents = [make_agent("random", game) for _ in range(players)]
        state = play_match(game, agents, 7).state
        with using(lang):
            shown = drawn(scoreboard(state, ["greedy"] * players))
            labels = [
                game.text(f"score.{c}", lang, c) for c in state.score_breakdown()["categories"]
            ]
        words = set(re.findall(r"\S+", shown))
        for label in labels:
            for word in label.split():
                assert word in words, (name, players, lang, word, shown)
        assert max(cell_len(line) for line in shown.splitlines()) <= 80, shown


@pytest.mark.parametrize("name", game_names())
def test_english_screens_name_phases_and_choices_in_words(name: str, env: dict[str, str]) -> None:
    """`Now: place_ring`, `seat 1 decides: pop_card`: no id in what a person reads."""
    done = subprocess.run(
        [COURTLY, "play", name, "--seat", "human", "--seat", "random", "-s", "1"],
        input="?\n1\n?\n1\n?\nq\n",
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "100"},
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    shown = done.stdout.split("Game stopped")[0]
    assert "what this choice means" in shown
    assert not re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", shown), shown


# Each game at its most players: the first words of its view, in each language.
FIT_GAMES = [
    ("tudor", 4, "Tudor", "튜더"),
    ("for-the-king", 5, "For the King", "왕을 위하여"),
    ("kingdoms", 2, "Kingdoms", "킹덤즈"),
]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize(("name", "players", "header_en", "header_ko"), FIT_GAMES)
def test_every_game_at_its_most_players_fits_80_by_24_to_the_end(
    env: dict[str, str],
    name: str,
    players: int,
    header_en: str,
    header_ko: str,
    lang: str,
) -> None:
    """A whole game through the real terminal at 80 x 24: every turn's screen shows the
    view's first line and every choice's number (the view compact, long lists as grids)."""
    header = header_en if lang == "en" else header_ko
    prompt, over = ("your choice>", "Game over") if lang == "en" else ("내 선택>", "게임 끝")
    args = ["--lang", lang, "play", name, "-p", str(players), "--seat", "human", "--seed", "5"]
    session = TerminalSession(args, env, columns=80, rows=24)
    try:
        for turn in range(3000):
            output = session.read_until(prompt, over)
            if not output.endswith(prompt):  # the game ended
                break
            screen = on_screen(output, 24)
            shown = "\n".join(screen)
            assert any(line.startswith(header) for line in screen), (turn, shown)
            assert all(cell_len(line) <= 80 for line in screen), shown
            raw = output.replace("\r\n", "\n").split("\n")[-24:]
            numbers = {int(n) for line in raw for n in CHOICE_NUMBER.findall(line)}
            assert numbers and set(range(1, max(numbers) + 1)) <= numbers, (turn, shown)
            session.type("1\n")  # never an amount to type: a pass, the first card...
        else:
            raise AssertionError("the game did not end")
        session.finish()
    finally:
        session.kill()
