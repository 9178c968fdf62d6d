"""``--help`` in the reader's language: ``courtly --lang ko play --help`` (or ``LANG=ko_KR``)
printed English. Every command's description and every option's help are the catalogue's
(``cli.help.*``), and so is the frame typer draws around them."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable

import pytest
import typer
from rich.text import Text
from typer.main import get_command
from typer.testing import CliRunner

from courtly.cli.helptext import PROGRAM, help_key
from courtly.cli.main import app
from courtly.core.i18n import COURTLY, LANGUAGES, text

runner = CliRunner()
BOX = re.compile(r"[│╭╮╰╯─]")
# The frame's English words, none of which a Korean help may show.
ENGLISH_FRAME = ("Usage:", "Options", "Arguments", "Commands", "[default:", "[required]")


def _commands() -> dict[str, typer.core.TyperCommand | typer.core.TyperGroup]:
    """The program (under its own name) and each of its commands."""
    group = get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return {PROGRAM: group, **group.commands}  # type: ignore[dict-item]


def _helped_params(command: typer.core.TyperCommand | typer.core.TyperGroup) -> list[str]:
    """The names of the parameters ``--help`` shows (``--help`` itself among them)."""
    params = command.get_params(typer.Context(command))
    return [p.name or "" for p in params if not getattr(p, "hidden", False)]


def _args(name: str) -> list[str]:
    return [] if name == PROGRAM else [name]


def _flat(output: str) -> str:
    """A help's words in order, its box and its line breaks gone."""
    return " ".join(BOX.sub(" ", output).split())


def _shown(key: str, lang: str) -> str:
    """A help text as the terminal shows it (its rich markup read: ``\\[`` is ``[``)."""
    said = text(key, lang, languages=", ".join(LANGUAGES))
    return " ".join(Text.from_markup(said).plain.split())


def _keys(name: str) -> list[str]:
    """The keys of a command's help: its description's, then each parameter's."""
    params = _helped_params(_commands()[name])
    return [f"cli.help.{name}"] + [help_key(name, p) or "" for p in params]


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_help_is_in_the_catalogue_in_every_language(name: str) -> None:
    """A command or an option added without its help in the catalogue, in English and in
    Korean, fails here (its help would be left in English, or missing)."""
    for param in _helped_params(_commands()[name]):
        key = help_key(name, param)
        assert key is not None, f"{name}: no cli.help.{name}.{param} nor cli.help.common.{param}"
    for key in _keys(name):
        for lang in LANGUAGES:
            assert key in COURTLY.messages(lang), (lang, key)


@pytest.mark.parametrize("name", sorted(_commands()))
@pytest.mark.parametrize("width", [80, 120])
def test_the_korean_help_is_korean(name: str, width: int, columns: Callable[[int], None]) -> None:
    columns(width)
    result = runner.invoke(app, ["--lang", "ko", *_args(name), "--help"])
    assert result.exit_code == 0, result.output
    shown = _flat(result.stdout)
    assert shown.startswith("사용법: courtly"), shown
    for word in ENGLISH_FRAME:
        assert word not in shown, (word, result.stdout)
    words = shown.split()
    for key in _keys(name):
        said = _shown(key, "ko")
        if width >= 120:
            assert said in shown, (key, result.stdout)
        else:
            # Each Korean word whole (a line breaks between words); a word wider than its
            # column is folded, as serve's URL is at 80 columns.
            korean = [word for word in said.split() if not word.isascii()]
            assert all(word in words for word in korean), (key, said, result.stdout)
    assert "…" not in result.stdout, result.stdout


@pytest.mark.parametrize("name", sorted(_commands()))
def test_the_english_help_reads_the_catalogue(name: str, columns: Callable[[int], None]) -> None:
    columns(120)
    result = runner.invoke(app, ["--lang", "en", *_args(name), "--help"])
    assert result.exit_code == 0, result.output
    shown = _flat(result.stdout)
    assert shown.startswith("Usage: courtly"), shown
    for key in _keys(name):
        assert _shown(key, "en") in shown, (key, result.stdout)


def test_every_option_help_is_a_capitalised_sentence() -> None:
    """Some started in lower case with no final period (``--backend``, ``--address``, the
    tournament's, ladder's and report's), most were capitalised sentences."""
    for name in _commands():
        for key in _keys(name):
            for lang in LANGUAGES:
                assert _shown(key, lang).endswith("."), (lang, key)
            assert _shown(key, "en")[0].isupper(), key


def test_the_environment_chooses_the_help_language(
    monkeypatch: pytest.MonkeyPatch, columns: Callable[[int], None]
) -> None:
    columns(100)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    for args in (["--help"], ["play", "--help"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert _shown("cli.help.play", "ko") in _flat(result.stdout), result.stdout
    # --lang, given before --help, wins over the environment.
    result = runner.invoke(app, ["--lang", "en", "--help"])
    assert _shown("cli.help.play", "en") in _flat(result.stdout), result.stdout


def test_a_help_asked_before_the_language_is_drawn_in_it(
    monkeypatch: pytest.MonkeyPatch, columns: Callable[[int], None]
) -> None:
    """click answers an eager ``--help`` typed before ``--lang`` before it reads ``--lang``:
    the help still reads in the language the command line names, not the environment's."""
    columns(100)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for args in (["--help", "--lang", "ko"], ["--help", "--lang=ko"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert _shown("cli.help.play", "ko") in _flat(result.stdout), result.stdout
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    result = runner.invoke(app, ["--help", "--lang", "en"])
    assert _shown("cli.help.play", "en") in _flat(result.stdout), result.stdout


def test_a_korean_help_gives_typer_its_own_words_back(columns: Callable[[int], None]) -> None:
    """The frame's words are typer's module constants, set while a help is drawn: afterwards
    they are typer's again (another command of the process may draw its help with them)."""
    from typer import rich_utils

    names = ("OPTIONS_PANEL_TITLE", "ARGUMENTS_PANEL_TITLE", "DEFAULT_STRING", "highlighter")
    before = {name: getattr(rich_utils, name) for name in names}
    columns(100)
    result = runner.invoke(app, ["--lang", "ko", "simulate", "--help"])
    assert "[기본값: 100]" in result.stdout, result.stdout
    assert {name: getattr(rich_utils, name) for name in names} == before


@pytest.mark.parametrize("width", range(60, 121, 3))
def test_a_korean_line_that_fills_its_cell_keeps_its_last_word(
    width: int, columns: Callable[[int], None]
) -> None:
    """Rich left the space after a line of Hangul that filled its cell exactly, then cut the
    line's last syllable behind "…" to make room for it (``번호로 고르 …``, ``El…`` at 80
    columns): every word of the commands' list and options stays whole at every width."""
    columns(width)
    for args in (["--help"], ["review", "--help"], ["report", "--help"]):
        result = runner.invoke(app, ["--lang", "ko", *args])
        assert result.exit_code == 0, result.output
        assert "…" not in result.stdout, (width, result.stdout)


def test_only_a_help_imports_typers_rich_helpers() -> None:
    """``typer.rich_utils`` (whose constants the frame's words replace) costs ~0.2 s to import:
    a command that draws no help never imports it."""
    program = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from courtly.cli.main import app\n"
        "assert CliRunner().invoke(app, ['--lang', 'ko', 'games']).exit_code == 0\n"
        "print('typer.rich_utils' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False", done.stdout
