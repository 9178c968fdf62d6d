"""The ``courtly`` program itself: every mistake on the command line ends in one readable line.

Click reports a bad option value in a framed box over several lines; run as a program,
:class:`CourtlyApp` reports it as ``error: ...`` on one line, with the usage exit code 2.
Tests that call the app in-process (``CliRunner``) see click's own reporting.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import typer

from courtly.cli.common import err_console


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


class CourtlyApp(typer.Typer):
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
            where = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
            message = one_line(text)
            err_console.print(
                f"[bold red]error:[/] {message}{where}", highlight=False, soft_wrap=True
            )
            code = getattr(exc, "exit_code", 2)
        except typer.Abort:
            code = 1
        except OSError as exc:
            # A file or folder the command could not use, met where no command checked first.
            where = f": {exc.filename}" if exc.filename else ""
            err_console.print(
                f"[bold red]error:[/] {exc.strerror or exc}{where}", highlight=False, soft_wrap=True
            )
            code = 1
        sys.exit(code if isinstance(code, int) else 0)
