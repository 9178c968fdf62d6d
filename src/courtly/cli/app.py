"""The ``courtly`` program itself: every mistake on the command line ends in one readable line.

Click reports a bad option value in a framed box over several lines; run as a program,
:class:`CourtlyApp` reports it as ``error: ...`` on one line, with the usage exit code 2.
Tests that call the app in-process (``CliRunner``) see click's own reporting.

Its commands (:class:`CourtlyGroup`) end on Ctrl-C with one line and exit code 130, however far
they got, and their ``--help`` names values as people do (``N``, ``SEED``, ``FILE``), not as
Python types (``<int>``, ``<list[str]>``), in the reader's language (``courtly.cli.helptext``).
"""

from __future__ import annotations

import inspect
import re
import sys
from typing import Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from courtly.cli import INTERRUPTED
from courtly.cli.common import err_console
from courtly.cli.helptext import (
    COMMAND_LINE,
    asked_language,
    framed,
    help_language,
    translate,
    write_usage,
)
from courtly.core.errors import os_reason
from courtly.core.i18n import ENGLISH, language_from_env, normalize
from courtly.core.i18n import text as words


def _click_base(name: str) -> type[Exception]:
    # Typer re-exports only BadParameter; its ancestors are the click classes this typer uses
    # (its own copy of click in recent versions, click itself in older ones).
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)


ClickException = _click_base("ClickException")


# Typer checks values with pydantic, whose wording is about Python types; people read these.
PLAIN_WORDS = (
    (r"Input should be a valid integer.*", "it must be a whole number"),
    (r"Input should be a valid number.*", "it must be a number"),
    (r"Input should be a valid boolean.*", "it must be true or false"),
    (r"Input should be greater than or equal to (\S+)", r"it must be at least \1"),
    (r"Input should be less than or equal to (\S+)", r"it must be at most \1"),
    (r"Input should be greater than (\S+)", r"it must be more than \1"),
)


def one_line(text: str) -> str:
    text = " ".join(text.split())
    for pattern, plain in PLAIN_WORDS:
        text = re.sub(pattern, plain, text)
    return text


# Click's messages (after PLAIN_WORDS) as catalogue keys, for a reader of another language:
# the named groups fill the key's text. A message none of them matches is framed whole.
USAGE_MESSAGES = (
    (r"Invalid value for (?P<param>.+?): (?P<detail>.*)", "cli.usage.invalid"),
    (r"Missing option (?P<name>.+?)\.?", "cli.usage.missing_option"),
    (r"Missing argument (?P<name>.+?)\.?", "cli.usage.missing_argument"),
    (
        r"No such option: (?P<name>\S+) "
        r"(?:\(Possible options: |Did you mean )(?P<similar>[^)?]*)\)?\??",
        "cli.usage.no_option_similar",
    ),
    (r"No such option: (?P<name>\S+)", "cli.usage.no_option"),
    (r"No such command (?P<name>.+?)\.?", "cli.usage.no_command"),
    (r"Got unexpected extra argument(?:s|\(s\))? \((?P<extra>.*)\)", "cli.usage.extra"),
    (r"Option (?P<name>.+?) requires an argument\.?", "cli.usage.needs_value"),
)
# The detail of an invalid value: a type conversion's or a range's English.
VALUE_MESSAGES = (
    (r"it must be a whole number", "cli.value.integer"),
    (r"it must be a number", "cli.value.number"),
    (r"it must be true or false", "cli.value.boolean"),
    (r"it must be at least (?P<n>\S+)", "cli.value.at_least"),
    (r"it must be at most (?P<n>\S+)", "cli.value.at_most"),
    (r"it must be more than (?P<n>\S+)", "cli.value.more_than"),
    (r"(?P<value>.+) is not a valid integer\.?", "cli.value.not_integer"),
    (r"(?P<value>.+) is not a valid float\.?", "cli.value.not_number"),
    (r"(?P<value>.+) is not a valid boolean\.?", "cli.value.not_boolean"),
    (r"(?P<value>.+) is not in the range (?P<range>.+?)\.?", "cli.value.range"),
    (r"(?P<value>.+) is not one of (?P<choices>.+?)\.?", "cli.value.choice"),
    (r"Path (?P<path>.+) does not exist\.?", "cli.value.no_path"),
)


def _translated(message: str, table: tuple[tuple[str, str], ...], lang: str) -> str | None:
    for pattern, key in table:
        match = re.fullmatch(pattern, message)
        if match:
            fields = {k: v or "" for k, v in match.groupdict().items()}
            if "detail" in fields:
                fields["detail"] = (
                    _translated(fields["detail"], VALUE_MESSAGES, lang) or (fields["detail"])
                )
            return words(key, lang, **fields)
    return None


def usage_message(message: str, command: str | None, lang: str) -> str:
    """A usage mistake's one line (``message`` made plain by :func:`one_line`) in ``lang``:
    English as it is, another language through the catalogue."""
    where = f" (see: {command} --help)" if command is not None else ""
    if lang == ENGLISH:
        return f"{message}{where}"
    said = _translated(message, USAGE_MESSAGES, lang) or words(
        "cli.usage.other", lang, detail=message
    )
    return said + (words("cli.usage.see", lang, command=command) if command is not None else "")


def _language(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """The language the command line asked for. A usage mistake is reported after click has
    left the command (and the language its ``--lang`` chose), so it is read again here; one we
    do not ship (the mistake being reported) reads as the environment's."""
    given = kwargs.get("args", args[0] if args else None)
    tokens = sys.argv[1:] if given is None else given
    return normalize(asked_language(tokens)) or language_from_env()


def interrupted(lang: str | None = None) -> NoReturn:
    """End a command stopped by Ctrl-C as ``courtly.cli.run`` does: one line, exit code 130."""
    err_console.print(words("cli.interrupted", lang), highlight=False)
    raise typer.Exit(code=INTERRUPTED)


def readable_metavars(command: Any, ctx: Any) -> None:
    """Name each value in ``command``'s help as a person would (a metavar given by the command,
    else its name in capitals: ``--port PORT``); a flag takes none. Typer would show Python's
    types instead (``<int>``, ``<bool>``, ``<list[str]>``)."""
    for param in command.get_params(ctx):
        if getattr(param, "is_flag", False) or getattr(param, "count", False):
            param.metavar = ""
        elif param.metavar is None and param.name:
            param.metavar = param.name.upper()
        if param.param_type_name == "argument" and hasattr(param, "display_type_rich"):
            # An argument's type would stand beside its name (``GAME <str>``): the name says it.
            setattr(param, "display_type_rich", _no_type)  # noqa: B010 (a method, replaced)


def _no_type(ctx: Any) -> None:
    return None


def joined_paragraphs(help_text: str | None) -> str | None:
    """A command's help with each paragraph's lines joined: typer keeps the line breaks of a
    docstring after its first paragraph, so the terminal would break those lines where the
    source does (mid-sentence), not where the screen ends. A paragraph marked ``\\b`` keeps
    its lines, and what follows ``\\f`` is left out, as click does."""
    if not help_text:
        return help_text
    kept = inspect.cleandoc(help_text).partition("\f")[0]
    return "\n\n".join(
        paragraph if paragraph.startswith("\b") else " ".join(paragraph.split("\n")).strip()
        for paragraph in kept.split("\n\n")
    )


class CourtlyGroup(TyperGroup):
    """The commands, each ended on Ctrl-C by one line: typer would end them silently with code
    130, or after an empty line, wherever no command caught the interrupt itself."""

    def make_context(self, info_name: Any, args: Any, parent: Any = None, **extra: Any) -> Any:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:
            # No command has chosen the language yet: the one the command line asks for.
            interrupted(_language((args,), {}))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # Kept before click reads them: an eager ``--help`` typed before ``--lang`` is drawn
        # before ``--lang`` is read (``help_language``).
        ctx.meta.setdefault(COMMAND_LINE, tuple(args))
        return list(super().parse_args(ctx, args))

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            interrupted()  # in the command's language, still chosen here

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            readable_metavars(command, ctx)
            # Resolved before the group's callback has chosen the language, but after its
            # ``--lang`` was read: the help drawn later reads in it.
            translate(command, ctx, help_language(ctx))
            command.help = joined_paragraphs(command.help)
        return command

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        write_usage(self, ctx, formatter)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        readable_metavars(self, ctx)
        lang = help_language(ctx)
        translate(self, ctx, lang)
        with framed(lang):
            super().format_help(ctx, formatter)


class CourtlyCommand(TyperCommand):
    """A command whose help's frame ("Usage:", the panels' titles) is in the reader's language;
    :meth:`CourtlyGroup.get_command` has put its own words in it."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        write_usage(self, ctx, formatter)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with framed(help_language(ctx)):
            super().format_help(ctx, formatter)


class CourtlyApp(typer.Typer):
    def __init__(self, **settings: Any) -> None:
        super().__init__(cls=CourtlyGroup, **settings)

    def command(self, name: str | None = None, **settings: Any) -> Any:
        """Typer's ``command``, making a :class:`CourtlyCommand` unless told otherwise."""
        settings.setdefault("cls", CourtlyCommand)
        return super().command(name, **settings)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            code = super().__call__(*args, **kwargs)
        except ClickException as exc:
            ctx = getattr(exc, "ctx", None)  # usage errors know their command
            text = str(getattr(exc, "format_message", exc.__str__)())
            if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
                # ``courtly`` alone: the help is the answer.
                typer.echo(text)
                sys.exit(0)
            command = ctx.command_path if ctx is not None else None
            lang = _language(args, kwargs)
            message = usage_message(one_line(text), command, lang)
            err_console.print(
                f"[bold red]{words('cli.error', lang)}[/] {message}",
                highlight=False,
                soft_wrap=True,
            )
            code = getattr(exc, "exit_code", 2)
        except typer.Abort:
            code = 1
        except OSError as exc:
            # A file or folder the command could not use, met where no command checked first.
            where = f": {exc.filename}" if exc.filename else ""
            lang = _language(args, kwargs)
            err_console.print(
                f"[bold red]{words('cli.error', lang)}[/] {os_reason(exc).text(lang)}{where}",
                highlight=False,
                soft_wrap=True,
            )
            code = 1
        sys.exit(code if isinstance(code, int) else 0)
