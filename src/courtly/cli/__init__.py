"""The ``courtly`` command (``courtly.cli.main`` holds the commands).

:func:`run` is the program's entry point. It imports the commands itself, after Python has
started it: importing them (typer, rich, the games, the agents) takes about a second, and
Ctrl-C in that second would otherwise end in a traceback from the import machinery. So this
package and ``courtly`` itself import nothing heavy, and Ctrl-C anywhere in a command that does
not handle it ends as every interrupted command does: one line, exit code 130.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130  # the shell's code for a program stopped by Ctrl-C (128 + SIGINT)


def run() -> None:
    try:
        from courtly.cli.main import app  # late on purpose: see the module's docstring

        app()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED)
