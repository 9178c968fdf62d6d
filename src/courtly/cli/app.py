"""The ``courtly`` program itself: every mistake on the command line ends in one readable line.

Click reports a bad option value in a framed box over several lines; run as a program,
:class:`CourtlyApp` reports it as ``error: ...`` on one line, with the usage exit code 2.
Tests that call the app in-process (``CliRunner``) see click's own reporting.
"""

from __future__ import annotations

import sys
from typing import Any

import click
import typer

from courtly.cli.common import err_console


def one_line(text: str) -> str:
    return " ".join(text.split())


class CourtlyApp(typer.Typer):
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            code = super().__call__(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            # ``courtly`` alone, or a group without its command: the help is the answer.
            click.echo(exc.ctx.get_help() if exc.ctx else exc.format_message())
            code = 0
        except click.ClickException as exc:
            ctx = getattr(exc, "ctx", None)  # usage errors know their command; others do not
            where = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
            message = one_line(exc.format_message())
            err_console.print(f"[bold red]error:[/] {message}{where}", highlight=False)
            code = exc.exit_code
        except click.exceptions.Abort:
            code = 1
        sys.exit(code if isinstance(code, int) else 0)
