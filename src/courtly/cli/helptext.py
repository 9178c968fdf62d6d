"""Every command's ``--help`` in the reader's language.

The words are the courtly catalogue's, not the code's: a command's description is
``cli.help.COMMAND`` (``cli.help.courtly`` for the program's own), each option's or argument's
help ``cli.help.COMMAND.PARAM`` (``PARAM`` as the command's function names it: ``as_seat``),
else ``cli.help.common.PARAM`` for one that several commands share in the same words
(``--backend``, ``--help``). The frame typer draws around them ("Usage:", the panels' titles,
``[default: ...]``, ``[required]``) is ``cli.help.frame.*``.

The metavars (``[OPTIONS]``, ``GAME``, ``N``) stay as they are: they name what is typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.highlighter import Highlighter
from rich.text import Text

from courtly.core.i18n import COURTLY, LANGUAGES, language_from_env, normalize, text

PROGRAM = "courtly"  # the group's own name, as its help is keyed
#: Where the program's arguments, as typed, are kept in click's context (``ctx.meta``, shared by
#: every command's context): a help drawn before ``--lang`` was read still finds it there.
COMMAND_LINE = "courtly.command_line"

# The frame's words: typer's module constants (read when a help is drawn) and their keys.
FRAME = {
    "ARGUMENTS_PANEL_TITLE": "cli.help.frame.arguments",
    "OPTIONS_PANEL_TITLE": "cli.help.frame.options",
    "COMMANDS_PANEL_TITLE": "cli.help.frame.commands",
    "REQUIRED_LONG_STRING": "cli.help.frame.required",
}


def asked_language(tokens: Iterable[str]) -> str | None:
    """What the command line's first ``--lang`` names (``--lang ko``, ``--lang=ko``), as typed;
    None if it names none before ``--``."""
    tokens = list(tokens)
    for index, token in enumerate(tokens):
        if token == "--":
            break
        if token == "--lang" and index + 1 < len(tokens):
            return tokens[index + 1]
        if token.startswith("--lang="):
            return token.partition("=")[2]
    return None


def help_language(ctx: Any) -> str:
    """The language a help is drawn in: the program's ``--lang``, else the one the command line
    names (``courtly --help --lang ko``: click draws an eager option's answer in the order
    typed, so that help is drawn before ``--lang`` is read), else the environment's. An unknown
    ``--lang`` is refused when the command runs; a help drawn before that reads in the
    environment's language, as that refusal does."""
    return (
        normalize(ctx.find_root().params.get("lang"))
        or normalize(asked_language(ctx.meta.get(COMMAND_LINE, ())))
        or language_from_env()
    )


def help_key(command: str, param: str) -> str | None:
    """The key of ``command``'s parameter ``param``'s help, None if the catalogue has none."""
    for key in (f"cli.help.{command}.{param}", f"cli.help.common.{param}"):
        if COURTLY.has(key):
            return key
    return None


def _said(key: str, lang: str) -> str:
    # ``--lang``'s help names the languages, which the code knows and the catalogue does not.
    return text(key, lang, languages=", ".join(LANGUAGES))


def translate(command: Any, ctx: Any, lang: str) -> None:
    """Put ``command``'s description and its parameters' help in ``lang``. One the catalogue
    lacks (a plug-in's) keeps its own words; the catalogue tests fail for any of courtly's."""
    name = command.name or PROGRAM
    if COURTLY.has(f"cli.help.{name}"):
        command.help = _said(f"cli.help.{name}", lang)
    for param in command.get_params(ctx):
        key = help_key(name, param.name or "")
        if key is not None:
            param.help = _said(key, lang)


@contextmanager
def framed(lang: str) -> Iterator[None]:
    """Inside the block, typer draws a help's frame in ``lang``; its own words come back after
    (the commands of one process may be in different languages: the tests')."""
    # Imported here, where a help is drawn (typer imports it then anyway): it costs ~0.2 s,
    # which no other command should pay.
    from typer import rich_utils

    drawn: dict[str, Any] = {name: text(key, lang) for name, key in FRAME.items()}
    drawn["DEFAULT_STRING"] = text("cli.help.frame.default", lang, value="{}")
    drawn["highlighter"] = Folding(rich_utils.highlighter)
    # A typer that names them otherwise keeps its own (English) frame, and nothing breaks.
    saved = {name: getattr(rich_utils, name) for name in drawn if hasattr(rich_utils, name)}
    for name in saved:
        setattr(rich_utils, name, drawn[name])
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(rich_utils, name, value)


class Folding(Highlighter):
    """Typer's highlighter (every help text passes through it), its texts folding a line too
    long for its cell rather than ending it in "…". Rich strips the space after a line's last
    word only when the line is longer in characters than the cell is wide (``Text.rstrip_end``);
    a line of Hangul, two cells a character, that fills its cell exactly keeps that space, is
    one cell too long, and lost its last syllable behind "…" (``번호로 고르 …``). Folded, the
    space alone is cut. An English line, a cell a character, reads the same either way."""

    def __init__(self, inner: Highlighter) -> None:
        self.inner = inner

    def highlight(self, text: Text) -> None:
        self.inner.highlight(text)
        text.overflow = "fold"


def write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    """The usage line (click's ``format_usage``) with its first word in the help's language."""
    pieces = " ".join(command.collect_usage_pieces(ctx))
    prefix = text("cli.help.frame.usage", help_language(ctx)) + " "
    formatter.write_usage(ctx.command_path, pieces, prefix=prefix)
